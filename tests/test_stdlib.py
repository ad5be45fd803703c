"""The standard library the page ships: scripts/build.py keeps only the modules
scripts/audit_stdlib.py saw the page import (scripts/stdlib.json). A module the page's Python code
imports and the audit never saw would be missing in the browser: this scan of every import
statement (functions too) of the files the page loads fails first. (The browser checks the same by
importing them: tests/browser/test_browser_site.py; the audit itself runs in
tests/browser/test_browser_scripts.py.)"""

import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build  # noqa: E402

AUDIT = json.loads(build.STDLIB_LIST.read_text("utf-8"))


def test_the_scan_sees_imports_of_every_kind():
    found = build.page_stdlib_imports()
    assert "game/core/links.py" in found["zlib"]  # import at the top
    assert "collections.abc" in found  # from a package's module
    assert "typing.Any" not in found  # a name, not a module


def test_every_stdlib_module_the_page_imports_was_seen_by_the_audit():
    unseen = {
        name: files
        for name, files in build.page_stdlib_imports().items()
        if name not in AUDIT["imported"]
    }
    assert unseen == {}, (
        f"the page's Python files import stdlib modules the audit never saw the page import: "
        f"{unseen}. The trimmed stdlib may lack them: run .venv/bin/python scripts/audit_stdlib.py"
    )


def test_the_shipped_stdlib_has_every_module_the_audit_saw_and_no_other():
    if not build.trim_enabled():
        return  # BGT_NO_TRIM=1: the whole stdlib is shipped
    with zipfile.ZipFile(ROOT / "vendor" / "pyodide" / "python_stdlib.zip") as stdlib:
        names = set(stdlib.namelist())
    shipped = {build.module_name(n) for n in names if n.endswith(".py")}
    assert shipped == set(build.stdlib_keep()) | {
        name.rsplit(".", k)[0]
        for name in build.stdlib_keep()
        for k in range(1, name.count(".") + 1)
    }
    assert not [n for n in names if n.endswith(".pyc")]  # sources: half the download of bytecode


def test_the_command_line_is_not_shipped_to_the_page():
    files = build.python_files()
    assert "game/core/cli.py" not in files and "game/__main__.py" not in files
    assert "game/ui/main.py" in files and "game/ui/files.py" in files
