"""The project's docs hold together (docs/README.md, "Citing these docs"):

- every relative link in docs/ (and in README.md and CONTRIBUTING.md) leads to a file or folder of
  the repository, and a link with a #fragment into a Markdown file to one of its headings, by the
  anchor a Markdown renderer such as GitHub's gives that heading;
- every citation "docs/<file>.md, <Section title>" in game/, tests/, scripts/ and assets/ names an
  existing file and goes on with the title of one of its headings (a comment may wrap it, the title
  may stand in quotes);
- the architecture and rules files list every section title at their top.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CITING = ("game", "tests", "scripts", "assets")  # the folders whose citations must resolve
TEXT_SUFFIXES = {".py", ".js", ".mjs", ".css", ".html", ".json", ".toml", ".sh", ".md", ".txt"}

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)[^`].*?\1", re.S)
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)
LINK = re.compile(r"\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
# a line break and what leads a comment's next line (#, //, *), as one space
WRAP = re.compile(r"[ \t]*\n[ \t]*(?:#+|//+|\*(?!/))?[ \t]*")
CITATION = re.compile(r"(?<![\w/.-])docs/([\w/.-]+?\.md),[ \t]+[\"'“‘]?")


def doc_files():
    return sorted(DOCS.rglob("*.md"))


def without_code(text):
    """Markdown text with fenced blocks and code spans blanked out (links there are no links)."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def headings(text):
    """The titles of a Markdown text's headings, in order (none from inside a code block)."""
    titles = []
    for match in HEADING.finditer(FENCE.sub("", text)):
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", match.group(2))  # a link's text
        titles.append(title.replace("`", "").strip())
    return titles


def slug(title):
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


def anchors(text):
    """Every heading's anchor; a repeated one gets -1, -2... as on GitHub."""
    seen, out = {}, set()
    for title in headings(text):
        base = slug(title)
        count = seen.get(base, 0)
        seen[base] = count + 1
        out.add(base if count == 0 else f"{base}-{count}")
    return out


def broken_links(text, where):
    """The relative links of Markdown `text` (a file in folder `where`) that lead nowhere."""
    problems = []
    for target in LINK.findall(without_code(text)):
        if SCHEME.match(target):
            continue  # another site, mailto:
        path_part, _, fragment = target.partition("#")
        path = (where / path_part).resolve() if path_part else None
        if path is not None and (ROOT not in path.parents or not path.exists()):
            problems.append(f"{target}: no such file in the repository")
            continue
        if fragment and (path is None or path.suffix == ".md"):
            linked = text if path is None else path.read_text("utf-8")
            if fragment not in anchors(linked):
                problems.append(f"{target}: no heading with that anchor")
    return problems


def broken_citations(text):
    """The citations "docs/<file>.md, <Section>" in `text` that name no file or no heading."""
    text = WRAP.sub(" ", text)
    problems = []
    for match in CITATION.finditer(text):
        cited = DOCS / match.group(1)
        if not cited.is_file():
            problems.append(f"docs/{match.group(1)}: no such file")
            continue
        after = text[match.end() :]
        found = [
            title
            for title in headings(cited.read_text("utf-8"))
            if after.startswith(title) and not after[len(title) : len(title) + 1].isalnum()
        ]
        if not found:
            problems.append(f"docs/{match.group(1)}, {after[:40]!r}: no such section")
    return problems


def citing_files():
    for folder in CITING:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in TEXT_SUFFIXES and "__pycache__" not in path.parts:
                yield path


# ---- the checks on the docs as they are -----------------------------------------------------------
@pytest.mark.parametrize(
    "path",
    [*doc_files(), ROOT / "README.md", ROOT / "CONTRIBUTING.md"],
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_every_relative_link_leads_to_a_file_and_heading(path):
    assert broken_links(path.read_text("utf-8"), path.parent) == []


def test_every_citation_of_the_docs_names_a_file_and_section():
    problems = []
    for path in citing_files():
        for problem in broken_citations(path.read_text("utf-8")):
            problems.append(f"{path.relative_to(ROOT)}: {problem}")
    assert problems == []


@pytest.mark.parametrize(
    "name",
    [
        "architecture.md",
        "rules/toscana.md",
        "rules/carcassonne.md",
        "rules/thurn-und-taxis.md",
    ],
)
def test_each_file_lists_its_section_titles_at_the_top(name):
    text = (DOCS / name).read_text("utf-8")
    top, _, rest = text.partition("\n## ")
    listed = set(re.findall(r"\]\(#([^)]+)\)", top))
    sections = {slug(title) for title in headings("## " + rest)}
    assert sections, f"{name} has no sections"
    assert sorted(sections - listed) == [], f"{name}: sections missing from the list at the top"


def test_the_rules_cite_their_seed_by_file_and_line():
    # docs/README.md, "Sources of the rules": each game's rules quote their seed with its line
    for name, seed in (
        ("thurn-und-taxis.md", "000"),
        ("toscana.md", "001"),
        ("carcassonne.md", "002"),
    ):
        text = (DOCS / "rules" / name).read_text("utf-8")
        assert re.search(rf"[Ss]eed {seed}, lines? \d+", text), name


# ---- the checker itself: each of these must count as broken --------------------------------------
def test_anchors_are_made_as_github_makes_them():
    assert slug("The computer's turn") == "the-computers-turn"
    assert slug("The bgt handshake") == "the-bgt-handshake"
    assert slug("Message scoring before 2024") == "message-scoring-before-2024"
    assert slug("Württemberg / Hohenzollern") == "württemberg--hohenzollern"
    assert anchors("# Notes\n## Notes\n```\n# not a heading\n```\n") == {"notes", "notes-1"}


def test_the_link_check_finds_what_leads_nowhere():
    text = (
        "[a](architecture.md#layers) [b](rules/) [c](https://example.org/x.md)\n"
        "[d](no-such-file.md) [e](architecture.md#no-such-part) [f](#nowhere) [g](../../..)\n"
        "`[h](inside-code.md)`\n"
    )
    assert broken_links(text, DOCS) == [
        "no-such-file.md: no such file in the repository",
        "architecture.md#no-such-part: no heading with that anchor",
        "#nowhere: no heading with that anchor",
        "../../..: no such file in the repository",
    ]


def test_the_citation_check_finds_what_names_nothing():
    docs = "docs" + "/"  # split, so that the citation scan does not read these as citations
    good = (
        f"# {docs}rules/toscana.md, Contact decides it\n"
        f"// see {docs}architecture.md,\n// The path of one click: the table\n"
        f'({docs}architecture.md, "Layers")'
    )
    assert broken_citations(good) == []
    assert broken_citations(f"{docs}rules/toscana.md, Contacts") == [
        f"{docs}rules/toscana.md, 'Contacts': no such section"
    ]
    assert broken_citations(f"{docs}architecture.md, No such part") == [
        f"{docs}architecture.md, 'No such part': no such section"
    ]
    assert broken_citations(f"{docs}nowhere.md, Layers") == [f"{docs}nowhere.md: no such file"]
