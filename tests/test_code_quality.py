"""The shape of the code ("One shape for every game"): layers that run one way, the same
files in every game folder, small files, and the linters clean. These run in the one test command,
so CI runs them too.

Layers (docs/architecture.md, Layers): engines (game.core and each game's engine modules) <- presentation
(game.view and each game's draw*/controller* modules) <- the browser shell (game.ui).
"""

import ast
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game.core.registry import PACKAGES

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
BROWSER_MODULES = ("js", "pyodide", "pyscript")
GAME_PACKAGES = [package.split(".")[1] for package in PACKAGES]
MAX_LINES = 600
# the presentation modules of a game folder (besides every draw*.py)
PRESENTATION = ("controller", "cursor", "panel", "howto", "story", "speech")


def module_name(path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path, text=None):
    """Every module `path` imports (absolute names; relative imports resolved), also inside
    functions and under `if TYPE_CHECKING:`: [(line, module)]. `text`: other source for it."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8") if text is None else text)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            found.append((node.lineno, target))
            # `from . import draw` imports the module game.x.draw (a name that is no module,
            # like `from game import games`, is only the package's attribute)
            for alias in node.names:
                module = f"{target}.{alias.name}"
                as_path = ROOT.joinpath(*module.split("."))
                if as_path.with_suffix(".py").exists() or (as_path / "__init__.py").exists():
                    found.append((node.lineno, module))
    return found


def layer(module):
    """'core', 'engine:<game>', 'presentation', 'presentation:<game>', 'shell', 'top' or None
    (not a module of ours)."""
    parts = module.split(".")
    if parts[0] != "game":
        return None
    if len(parts) == 1:
        return "core"  # game/__init__.py only names the registry: `from game import games`
    if parts[1] == "__main__":
        return "top"
    if parts[1] == "core":
        return "core"
    if parts[1] == "view":
        return "presentation"
    if parts[1] == "ui":
        return "shell"
    if parts[1] in GAME_PACKAGES:
        if len(parts) > 2 and (parts[2].startswith("draw") or parts[2] in PRESENTATION):
            return f"presentation:{parts[1]}"
        return f"engine:{parts[1]}"
    return "unknown"


def allowed(source, target):
    """May a module of layer `source` import one of layer `target`?"""
    if target is None or source == "top":
        return True
    if source == "shell":
        return target != "unknown"
    if source == "core":
        return target == "core"
    if source == "presentation":
        return target in ("core", "presentation")
    kind, _, game = source.partition(":")
    if kind == "engine":
        return target in ("core", f"engine:{game}")
    if kind == "presentation":
        return target in ("core", "presentation", f"engine:{game}", f"presentation:{game}")
    return False


def python_files():
    return sorted(GAME.rglob("*.py"))


def test_layers_run_one_way_and_games_never_import_each_other():
    wrong = []
    for path in python_files():
        source = layer(module_name(path))
        assert source != "unknown", f"{path}: a package the layer map does not know"
        for line, target in imports_of(path):
            where = f"{path.relative_to(ROOT)}:{line} imports {target}"
            if target.split(".")[0] in BROWSER_MODULES and source != "shell":
                wrong.append(f"{where} (only game/ui may touch the browser)")
            elif target.startswith("game.ui") and source != "shell":
                wrong.append(f"{where} (the shell is imported by nothing but its entry point)")
            elif not allowed(source, layer(target)):
                wrong.append(f"{where} ({source} may not import {layer(target)})")
    assert wrong == []


def test_the_layer_check_catches_imports_against_the_direction():
    # the checker itself: each of these must count as wrong
    assert not allowed("core", "presentation")
    assert not allowed("engine:toscana", "presentation:toscana")
    assert not allowed("engine:toscana", "engine:carcassonne")
    assert not allowed("presentation:toscana", "engine:carcassonne")
    assert not allowed("presentation", "engine:toscana")
    assert not allowed("presentation", "shell")
    assert layer("game.toscana.draw") == "presentation:toscana"
    assert layer("game.toscana.engine") == "engine:toscana"


def test_the_shell_is_imported_only_by_its_entry_point():
    for path in python_files():
        name = module_name(path)
        if name.startswith("game.ui"):
            continue
        assert not any(t.startswith("game.ui") for _, t in imports_of(path)), path


def import_graph():
    """{module: the modules of ours it imports}, every import counted (also those under
    `if TYPE_CHECKING:` and inside functions)."""
    graph = {module_name(path): set() for path in python_files()}
    for path in python_files():
        graph[module_name(path)] = {t for _, t in imports_of(path) if t in graph} - {
            module_name(path)
        }
    return graph


def circles(graph):
    """Every import circle: the groups of modules that import each other, directly or through
    others (strongly connected components of more than one module), each sorted."""
    order, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(module):
        order[module] = low[module] = len(order)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(graph[module]):
            if target not in order:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], order[target])
        if low[module] == order[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return sorted(found)


def test_no_import_circle_in_game():
    # a module that needs one importing it (even only for its types) is a sign that a value
    # should be passed instead: panels take a Selection, never their controller
    assert circles(import_graph()) == []


def test_the_circle_check_finds_circles_also_through_type_checking_imports():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    # a panel that imports its controller only to name its type still makes a circle
    panel = GAME / "toscana" / "panel.py"
    typed = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .controller import X\n"
    graph = import_graph()
    graph["game.toscana.panel"] |= {t for _, t in imports_of(panel, typed) if t in graph}
    assert ["game.toscana.controller", "game.toscana.panel"] in circles(graph)


def game_folder_table():
    """CONTRIBUTING.md's "A game folder" table: (files every game folder has, the patterns and
    the named extras a folder may add). A file is named in backticks; the first column names
    what every folder has ("draw_*.py" in it is a pattern), the second the extras it names."""
    text = (ROOT / "CONTRIBUTING.md").read_text("utf-8")
    section = text.split("## A game folder", 1)[1].split("\n## ", 1)[0]
    required, patterns, extras = set(), set(), set()
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not cells[0].startswith("`"):
            continue
        for name in re.findall(r"`([\w*]+\.py)`", cells[0]):
            (patterns if "*" in name else required).add(name)
        extras.update(re.findall(r"`(\w+\.py)`", cells[1]))
    return required, patterns, extras


def test_the_game_folder_table_reads_as_meant():
    required, patterns, _ = game_folder_table()
    assert {"__init__.py", "engine.py", "panel.py", "controller.py"} <= required
    assert patterns == {"draw_*.py"}


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_every_game_folder_matches_the_table_in_contributing(package):
    # CONTRIBUTING.md, "A game folder": the same files in every folder, each named for what it is
    required, patterns, extras = game_folder_table()
    names = {path.name for path in (GAME / package).glob("*.py")}
    missing = sorted(required - names)
    assert missing == [], f"game/{package} lacks {missing} (CONTRIBUTING.md lists them)"
    unlisted = sorted(
        name
        for name in names - required - extras
        if not any(Path(name).match(pattern) for pattern in patterns)
    )
    assert unlisted == [], f"CONTRIBUTING.md's game folder table does not name {unlisted}"


def test_no_file_in_game_is_longer_than_600_lines():
    long = {}
    for path in python_files():
        lines = path.read_text("utf-8").count("\n")
        if lines > MAX_LINES and not path.name.endswith("_data.py"):  # generated data tables
            long[str(path.relative_to(ROOT))] = lines
    assert long == {}


def tool(name):
    """The tool from the test environment (.venv/bin next to this Python), else from PATH."""
    found = Path(sys.executable).with_name(name)
    return str(found) if found.exists() else shutil.which(name)


def test_mypy_checks_all_of_game():
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["mypy"]
    assert settings["files"] == ["game"]
    # no module is set aside: every error anywhere in game/ is reported
    silenced = [o["module"] for o in settings.get("overrides", []) if o.get("ignore_errors")]
    assert silenced == []


@pytest.mark.parametrize(
    "command",
    [["ruff", "check", "."], ["ruff", "format", "--check", "."], ["mypy"]],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_linters_are_clean(command):
    program = tool(command[0])
    assert program, f"{command[0]} is not installed (requirements-dev.txt)"
    run = subprocess.run([program, *command[1:]], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


# A reference the repository cannot follow: the design folder beside it, its design document or
# rules notes by section, or an issue number ("#12", "issue #16", "(issue 13)"). Colours (#fff),
# URL fragments (#m=), element ids (#gt-...), "#" comments and Unicode annexes (UAX #9) are not
# matched: one or two digits must follow the "#" right after a space, a "(" or the word "issue"
# (a colour has three digits or more).
FOREIGN_REFERENCE = re.compile(
    r"\.\./shared|DESIGN ?§|DESIGN\.md|\b[Nn]ote §"
    r"|(?:^|[\s(])(?<!UAX )#\d{1,2}(?![\w-])|\b[Ii]ssues? #?\d+\b"
)
# this file names the citations it forbids
CITING_ALLOWED = {"tests/test_code_quality.py"}
CITING = ("game", "assets", "scripts", "tests", "docs")
CITING_SUFFIXES = {".py", ".js", ".mjs", ".css", ".html", ".md", ".json", ".toml"}


def foreign_references():
    found = []
    for top in CITING:
        for path in sorted((ROOT / top).rglob("*")):
            if not path.is_file() or path.suffix not in CITING_SUFFIXES:
                continue
            if path.relative_to(ROOT).as_posix() in CITING_ALLOWED:
                continue
            for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
                if FOREIGN_REFERENCE.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}")
    return found


def test_every_reference_points_inside_the_repository():
    # a clone has no design folder beside it and no issue tracker: say the sentence, or cite
    # docs/ by section
    assert foreign_references() == []


def test_the_foreign_reference_pattern_matches_citations_and_nothing_else():
    cited = [
        "see " + ".." + "/shared/DESIGN.md",  # written in two parts: this file cites nothing
        "DESIGN §5",
        "(DESIGN.md section 3)",
        "rules note §2.4",
        "Note §5b",
        "issue #16",
        "Issue #13: the story",
        "(issue 13)",
        "refilled (#13)",
        "as in #12",
    ]
    plain = [
        "color: #fff;",
        "background: #1a2b3c",
        "a link #m=abc",
        "page.click('#gt-dialog')",
        "# a comment",
        "x = 1  # why",
        "step 3 of 5",
        "docs/rules/toscana.md, Contact",
        "stroke: #866340",
        "fill: #123",
        "(UAX #9 X6a)",
    ]
    assert [t for t in cited if not FOREIGN_REFERENCE.search(t)] == []
    assert [t for t in plain if FOREIGN_REFERENCE.search(t)] == []
