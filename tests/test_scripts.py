"""Every script in scripts/ runs here in a smoke mode (seconds each), so that none can break
unseen: the ones that need no browser in this file, the browser ones in
tests/browser/test_browser_scripts.py. A new script must get a smoke run in one of the two (the
first test checks that each file of scripts/ is named in one of them).

The shell scripts are what CI itself runs (.ci/run -> test.sh -> setup.sh; play.sh is setup.sh and
then `serve.py --dev`): here they are checked for syntax, and serve.py --dev is started."""

import json
import re
import socket
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "scripts"
BROWSER_SMOKE = ROOT / "tests" / "browser" / "test_browser_scripts.py"


def run(*command, timeout=120):
    """Run a script from the repository root; its output, after asserting it succeeded."""
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{command} failed ({done.returncode}):\n{done.stderr[-4000:]}"
    return done.stdout


def python(script, *args, timeout=120):
    return run(sys.executable, str(SCRIPTS / script), *args, timeout=timeout)


def json_lines(text):
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


# files of scripts/ that are inputs of another script rather than scripts of their own
INPUTS = {
    "sw.template.js": "build.py renders it into sw.js (tests/browser/test_browser_offline.py)",
    "bench_bare.html": "bench.py's reference page (tests/browser/test_browser_scripts.py)",
    "stdlib.json": "audit_stdlib.py writes it, build.py reads it (tests/test_stdlib.py)",
    "in_pyodide.py": "the way Python reaches pyodide_run.mjs (tests/test_pyodide_parity.py)",
}


def test_every_script_has_a_smoke_run():
    here = Path(__file__).read_text("utf-8") + BROWSER_SMOKE.read_text("utf-8")
    named = set(re.findall(r'"([\w.-]+\.(?:py|mjs|sh|js|html|json))"', here))
    missing = sorted(p.name for p in SCRIPTS.iterdir() if p.is_file() and p.name not in named)
    assert missing == [], f"scripts without a smoke run in tests: {missing}"


def test_build_check_says_the_site_is_current():
    assert "up to date" in python("build.py", "--check")


def test_carcassonne_art_matches_the_drawing():
    assert "matches the drawing" in python("make_carcassonne_art.py", "--check")


def test_engine_bench_plays_a_game_of_each_in_cpython_and_pyodide():
    rows = json_lines(python("bench_engines.py", "--games", "1", "--rounds", "1", timeout=300))
    best = rows[-1]["best_of_rounds"]
    assert {r["game"] for r in best} == {"carcassonne", "thurn-und-taxis", "toscana"}
    assert all(r["cpython_games_per_s"] > 0 and r["pyodide_games_per_s"] > 0 for r in best)


def test_board_bench_draws_every_game_in_cpython_and_pyodide():
    rows = json_lines(python("bench_boards.py", "--games", "1", timeout=300))
    assert {(r["python"], r["game"]) for r in rows} == {
        (python, game)
        for python in ("cpython", "pyodide")
        for game in ("toscana", "carcassonne", "thurn-und-taxis")
    }
    assert all(r["positions"] > 0 and r["median_ms"] > 0 for r in rows)


def test_pyodide_run_prints_what_python_prints():
    out = run("node", str(SCRIPTS / "pyodide_run.mjs"), "import sys; print(sys.platform, 6 * 7)")
    assert out.split() == ["emscripten", "42"]


def test_compile_stdlib_makes_bytecode_or_sources_without_docstrings(tmp_path):
    source = tmp_path / "in.zip"
    with zipfile.ZipFile(source, "w") as z:
        z.writestr("answer.py", '"""The answer."""\n\n# six times seven\nVALUE = 6 * 7  # kept\n')
        z.writestr("data.txt", "kept")
    script = str(SCRIPTS / "compile_stdlib.mjs")
    run("node", script, str(source), str(tmp_path / "pyc.zip"))
    with zipfile.ZipFile(tmp_path / "pyc.zip") as z:
        assert sorted(z.namelist()) == ["answer.pyc", "data.txt"]
        assert z.read("data.txt") == b"kept"
        assert int.from_bytes(z.read("answer.pyc")[4:8], "little") == 0b01  # unchecked hash
    run("node", script, "--strip", str(source), str(tmp_path / "py.zip"))
    with zipfile.ZipFile(tmp_path / "py.zip") as z:
        assert sorted(z.namelist()) == ["answer.py", "data.txt"]
        assert z.read("answer.py") == b"VALUE = 6 * 7\n"


def test_make_snapshot_writes_a_keyed_image(tmp_path):
    sys.path.insert(0, str(SCRIPTS))
    import build

    key = "ab" * 32
    out = run("node", str(SCRIPTS / "make_snapshot.mjs"), key, str(tmp_path / "s.bin"), timeout=300)
    assert "modules imported" in out
    (tmp_path / "vendor" / "pyodide").mkdir(parents=True)
    (tmp_path / "s.bin").rename(tmp_path / build.SNAPSHOT)
    assert build.snapshot_file_key(tmp_path) == key


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_dev_serves_the_site_and_the_development_worker():
    server = subprocess.Popen(
        [sys.executable, str(SCRIPTS / "serve.py"), "--port", str(free_port()), "--dev"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        url = re.search(r"http://\S+/", server.stdout.readline()).group(0)
        with urllib.request.urlopen(url + "index.html", timeout=30) as response:
            assert b"assets/boot.js" in response.read()
        with urllib.request.urlopen(url + "sw.js", timeout=30) as response:
            assert b"Development worker" in response.read()
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_shell_scripts_parse():
    for name in ("setup.sh", "test.sh", "play.sh"):
        run("bash", "-n", str(SCRIPTS / name))


def test_link_bench_opens_each_games_longest_link():
    lines = python("bench_links.py").splitlines()
    for game in ("carcassonne", "thurn-und-taxis", "toscana"):
        mine = [line for line in lines if line.startswith(game)]
        assert len(mine) == 2 and all("opens in" in line for line in mine), lines
