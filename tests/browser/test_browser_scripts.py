"""The scripts of scripts/ that drive a browser, each in its smoke mode (tests/test_scripts.py
runs the others and checks that every script is run by one of the two files). Each must end
well and print what it is for; the numbers themselves are never asserted."""

import re
import struct
import subprocess
import sys

from browserkit import ROOT

SCRIPTS = ROOT / "scripts"


def python(script, *args, timeout=300):
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / script), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, f"{script} failed ({done.returncode}):\n{done.stderr[-4000:]}"
    return done.stdout


def test_boot_bench_smoke_run_prints_the_ratios(site):
    # the bare reference page ("bench_bare.html") must boot the game too: a failure ends the run
    out = python("bench.py", "--runs", "1", "--only", "bare,ours_direct")
    assert re.search(r"bare cold: loadPyodide\(\) done +\d+", out)
    assert re.search(r"ours direct cold: board-ready +\d+", out)
    assert re.search(r"direct link, cold, to a playable board: .* \d+\.\d\d", out)
    assert re.search(r"revisit: ours / bare warm loadPyodide\(\) .* \d+\.\d\d", out)
    assert "vendor/pyodide/pyodide.asm.wasm" in out  # bytes per file
    assert "load average" in out


def test_engine_bench_smoke_run_measures_chromium(site):
    out = python("bench_browsers.py", "--runs", "1", "--engines", "chromium")
    assert re.search(r"chromium first visit: board-ready +\d+", out)
    assert re.search(r"chromium revisit: board-ready +\d+", out)


def test_navigation_bench_smoke_run_moves_the_board(site):
    out = python("bench_navigation.py", "--rounds", "1")
    gestures = re.findall(r'"gesture": "(\w+)', out)
    assert gestures == ["pan", "zoom", "pinch"]


def test_the_stdlib_audit_finds_every_module_the_page_imports_in_the_shipped_list(site):
    # the import audit: the page run with Pyodide's whole stdlib imports nothing that
    # "audit_stdlib.py" did not record (the build ships only those)
    out = python("audit_stdlib.py", "--check")
    assert "lists every stdlib module the page imports" in out


def test_make_icons_draws_the_committed_svg_and_three_pngs(tmp_path):
    python("make_icons.py", "--out", str(tmp_path))
    assert (tmp_path / "icon.svg").read_text() == (ROOT / "assets" / "icon.svg").read_text()
    for name, size in [
        ("icon-192.png", 192),
        ("icon-512.png", 512),
        ("icon-maskable-512.png", 512),
    ]:
        head = (tmp_path / name).read_bytes()[:24]
        assert head[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", head[16:24]) == (size, size), name
