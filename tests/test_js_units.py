"""The page's JavaScript under unit test: Node's own test runner over tests/js/*.test.mjs (the
readers of stored data, the plural rules, the window.bgt handshake, the board's pan and zoom), run
from here so that the README's test command fails when a JavaScript test fails. And where the
same thing is written in JavaScript and in Python, that the two agree: plural rules, the check of
a stored summary, the handshake's fields."""

import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

from declared import GAME_IDS

from game.core.savefile import MATCH_ID, SCENARIO_NAME
from game.view import library
from game.view.i18n import LANGUAGES, plural_category

ROOT = Path(__file__).resolve().parent.parent


def node():
    found = shutil.which("node")
    assert found, "Node.js 20+ is needed for the JavaScript tests (README: Test)"
    version = subprocess.run([found, "--version"], capture_output=True, text=True).stdout
    assert int(version.lstrip("v").split(".")[0]) >= 20, f"Node.js 20+ is needed, not {version}"
    return found


@cache
def report():
    """What the JavaScript says (tests/js/report.mjs)."""
    run = subprocess.run(
        [node(), "tests/js/report.mjs", *GAME_IDS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def test_the_javascript_unit_tests_pass():
    run = subprocess.run(
        [node(), "--test", "tests/js"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    summary = dict(
        re.findall(r"^# (tests|pass|fail|skipped|todo|cancelled) (\d+)$", run.stdout, re.M)
    )
    assert run.returncode == 0 and summary.get("fail") == "0", run.stdout[-8000:] + run.stderr
    assert int(summary["tests"]) >= 20 and summary["skipped"] == summary["todo"] == "0", summary


# ---- one rule, written in both languages ---------------------------------------------------------
def test_the_plural_rules_of_javascript_and_python_agree_on_every_count():
    plural = report()["plural"]
    assert list(plural) == list(LANGUAGES)
    for lang, counts in plural.items():
        assert len(counts) > 1000
        for n, category in counts:
            # JSON cannot tell 3 from 3.0; Python's rule can: whole counts are ints there
            count = int(n) if float(n).is_integer() else n
            assert plural_category(lang, count) == category, (lang, n)


def test_a_stored_summary_is_checked_alike_by_the_picker_and_by_python():
    limits = report()["limits"]
    assert limits["id"] == f"^{MATCH_ID.pattern}$"
    assert (limits["seats"], limits["name"], limits["moves"], limits["games"]) == (
        library.MAX_SEATS,
        library.MAX_NAME,
        library.MAX_MOVES,
        library.MAX_GAMES,
    )
    assert tuple(limits["played"]) == library.PLAYED
    assert f"[^\\x00-\\x1f\\x7f]{{1,{limits['scenario']}}}" == SCENARIO_NAME.pattern
    verdicts = report()["summaries"]
    assert 500 < sum(ok for _, ok in verdicts) < len(verdicts) - 500  # both kinds, many of each
    for text, ok in verdicts:
        assert library.is_summary(json.loads(text)) == ok, text[:500]


# ---- the window.bgt handshake ----------------------------------------------------------------------
def bridge_uses(paths, pattern):
    found = {}
    for path in paths:
        for name in re.findall(pattern, path.read_text("utf-8")):
            found.setdefault(name, path.relative_to(ROOT).as_posix())
    return found


def test_python_and_the_page_use_only_the_handshakes_fields():
    fields = {f["name"]: f["by"] for f in report()["handshake"]}
    shell = sorted((ROOT / "game" / "ui").glob("*.py"))
    used = bridge_uses(shell, r"\bbridge\.([A-Za-z_]\w*)")
    used |= bridge_uses(shell, r"\bwindow\.bgt\.([A-Za-z_]\w*)")
    used |= bridge_uses(shell, r"getattr\((?:self\.)?bridge,\s*\"(\w+)\"")
    used |= bridge_uses(
        sorted((ROOT / "assets").glob("*.js")), r"\b(?:window|globalThis)\.bgt\??\.(\w+)"
    )
    used |= bridge_uses(sorted((ROOT / "tests" / "browser").glob("*.py")), r"\bwindow\.bgt\.(\w+)")
    assert {"game", "ready", "open", "forget"} <= set(used)  # (the patterns find the uses)
    unknown = {name: where for name, where in used.items() if name not in fields}
    assert unknown == {}, "fields missing from assets/handshake.js (or misspelt)"
    # boot.js calls what Python sets: each such field is set by game/ui
    set_by_python = bridge_uses(shell, r"\bbridge\.([A-Za-z_]\w*)\s*=(?!=)")
    missing = [name for name, by in fields.items() if by == "python" and name not in set_by_python]
    assert missing == [], "game/ui must set these for boot.js"


def test_the_shells_description_of_the_handshake_names_only_its_fields():
    fields = {f["name"] for f in report()["handshake"]}
    text = (ROOT / "game" / "ui" / "__init__.py").read_text("utf-8")
    block = text[text.index("Handshake with") : text.index('performance.mark("python-ready")')]
    named = set(re.findall(r"(?<![\w.])\.([A-Za-z]\w*)", block))
    assert len(named) > 10 and named <= fields, named - fields


# ---- the kept copy of the table ----------------------------------------------------------------------
def test_python_keeps_the_copy_of_the_table_where_the_page_reads_it():
    """game/ui/paint.py writes what assets/paint.js reads: the same key and format version (the
    shell imports the browser's modules, so its constants are read from its text)."""
    text = (ROOT / "game" / "ui" / "paint.py").read_text("utf-8")
    written = dict(re.findall(r"^(KEY|VERSION) = (\S+)", text, re.M))
    assert report()["paint"] == {
        "key": json.loads(written["KEY"]),
        "version": int(written["VERSION"]),
    }
