"""The static site without a browser: generated files current, pins exact, no other
hosts, one translation table, manifest and icons, the build and the server."""

import ast
import html.parser
import io
import json
import re
import struct
import sys
import tokenize
import tomllib
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build  # noqa: E402
import serve  # noqa: E402
from declared import GAME_IDS  # noqa: E402

from game.view.i18n import LANGUAGES  # noqa: E402

STRINGS = json.loads((ROOT / "assets" / "strings.json").read_text("utf-8"))
INDEX = (ROOT / "index.html").read_text("utf-8")


# ---- pyscript.toml ---------------------------------------------------------------------------
def test_pyscript_toml_lists_every_game_file():
    assert build.toml_is_current(), (
        "pyscript.toml [files] does not match the files under game/: run `python3 scripts/build.py` "
        "(play.sh and test.sh do) and commit pyscript.toml"
    )


def test_pyscript_toml_uses_the_local_interpreter_and_local_files():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text("utf-8"))
    # the local Pyodide, started by our small module (from the build's memory snapshot)
    assert config["interpreter"] == "./assets/interpreter.js"
    wrapper = (ROOT / "assets" / "interpreter.js").read_text("utf-8")
    assert 'from "../vendor/pyodide/pyodide.mjs"' in wrapper
    assert "packages" not in config  # pure Python: no package downloads
    files = config["files"]  # what the page fetches -> where Python finds it
    assert "./assets/strings.json" in files and "./game/ui/main.py" in files.values()
    for source, target in files.items():
        assert source.startswith("./") and ".." not in source and ".." not in target
        # Python sources come from the page's copies without docstrings and comments
        assert source == (
            f"./{build.PAGE_COPIES}/{target[2:]}" if target.endswith(".py") else target
        )
        assert (ROOT / target).is_file() and (ROOT / source).is_file(), source
        if target.endswith(".py"):
            original = (ROOT / target).read_text("utf-8")
            assert (ROOT / source).read_text("utf-8") == build.strip_python(original)
    assert not [s for s in files.values() if "__pycache__" in s or s.endswith(".pyc")]


def without_docstrings(tree):
    """The tree with every docstring dropped (a body of only a docstring: `pass`), and every
    node's position: what must not change when strip_python makes the page's copy."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = body[0] if body else None
            if isinstance(first, ast.Expr) and isinstance(getattr(first.value, "value", None), str):
                node.body = body[1:] or [ast.Pass(lineno=first.lineno, col_offset=first.col_offset)]
    return ast.dump(tree), [
        (type(n).__name__, n.lineno, n.col_offset) for n in ast.walk(tree) if hasattr(n, "lineno")
    ]


def test_the_pages_copies_of_the_python_files_keep_the_code_and_its_lines():
    for rel in build.python_files():
        if rel.endswith(".py"):
            original = (ROOT / rel).read_text("utf-8")
            copy = build.strip_python(original)
            assert copy.count("\n") == original.count("\n"), rel  # tracebacks name the same lines
            assert without_docstrings(ast.parse(copy)) == without_docstrings(ast.parse(original)), (
                rel
            )
            tokens = tokenize.generate_tokens(io.StringIO(copy).readline)
            assert not [t for t in tokens if t.type == tokenize.COMMENT], rel


# ---- runtime pins ----------------------------------------------------------------------------
def test_runtime_versions_are_pinned_exactly():
    package = json.loads((ROOT / "package.json").read_text("utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text("utf-8"))
    deps = package["dependencies"]
    assert set(deps) == {"pyodide", "@pyscript/core"}
    for name, version in deps.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), (
            f"{name} must be pinned exactly, not {version}"
        )
        assert lock["packages"][f"node_modules/{name}"]["version"] == version
    assert deps["pyodide"].startswith("314.0.") and deps["@pyscript/core"].startswith("0.7.")
    # the test harness (Firefox through Puppeteer), pinned the same way; Python's in requirements-dev
    for name, version in package["devDependencies"].items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"{name} must be pinned exactly"
        assert lock["packages"][f"node_modules/{name}"]["version"] == version
    assert "puppeteer-core" in package["devDependencies"]
    requirements = (ROOT / "requirements-dev.txt").read_text("utf-8")
    pins = [line for line in requirements.splitlines() if line and not line.startswith("#")]
    assert all(re.fullmatch(r"[\w.-]+==[\w.]+", line) for line in pins), pins
    assert any(line.startswith("selenium==") for line in pins)


# ---- no other hosts --------------------------------------------------------------------------
ALLOWED_URLS = re.compile(r"https?://(www\.w3\.org/|localhost|127\.0\.0\.1)")


def served_sources():
    paths = [
        ROOT / "index.html",
        ROOT / "pyscript.toml",
        ROOT / "manifest.webmanifest",
        ROOT / "scripts" / "sw.template.js",
    ]
    paths += sorted(p for p in (ROOT / "assets").rglob("*") if p.is_file() and p.suffix != ".png")
    paths += [ROOT / p for p in build.game_files()]
    return paths


def test_files_written_for_the_project_name_no_other_host():
    hits = []
    for path in served_sources():
        text = path.read_text("utf-8", errors="replace")
        for match in re.finditer(r"https?://[^\s\"'<>)`]+", text):
            if not ALLOWED_URLS.match(match.group(0)):
                hits.append(f"{path.relative_to(ROOT)}: {match.group(0)}")
    assert hits == [], "the page must not reach other hosts (offline play, no CDN):\n" + "\n".join(
        hits
    )


# ---- one translation table -------------------------------------------------------------------
class I18nCollector(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = {}  # key -> English text in the page
        self._stack = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "data-i18n" in attrs:
            self._stack.append([attrs["data-i18n"], ""])
        for pair in (attrs.get("data-i18n-attr") or "").split(";"):
            if pair:
                self.found.setdefault(pair.split(":")[1], None)

    def handle_data(self, data):
        for entry in self._stack:
            entry[1] += data

    def handle_endtag(self, tag):
        if self._stack:
            key, text = self._stack.pop()
            self.found[key] = " ".join(text.split())


def test_every_text_goes_through_the_one_table():
    """(Every language has every key, with the same placeholders and CLDR's plural forms:
    tests/test_i18n.py.)"""
    en = STRINGS["en"]
    assert list(STRINGS) == list(LANGUAGES)  # English first
    collector = I18nCollector()
    collector.feed(INDEX)
    assert len(collector.found) > 20
    for key, text in collector.found.items():
        assert key in en, f"index.html uses a key missing from strings.json: {key}"
        if text is not None:  # the page's English must be the table's English
            assert text == " ".join(en[key].split()), (
                f"{key}: page says {text!r}, table {en[key]!r}"
            )
    boot = (ROOT / "assets" / "boot.js").read_text("utf-8")
    for key in re.findall(r'\bt\("([a-z_.-]+)"', boot):
        assert key in en, f"boot.js uses a missing key {key}"
    # every literal key the Python side shows (UI texts, engines' log lines) is in the table
    for path in sorted((ROOT / "game").rglob("*.py")):
        code = path.read_text("utf-8")
        pattern = (
            r'"((?:gt|nav|table|story|toscana|carcassonne|tnt|log|rules|library|load|link)'
            r'\.[a-z0-9_.-]+)"'
        )
        for key in re.findall(pattern, code):
            assert key in en, f"{path.relative_to(ROOT)} uses a missing key {key}"


def test_the_picker_lists_the_declared_games_and_every_game_has_its_card_and_texts():
    from game.core.registry import declaration

    declared = GAME_IDS

    assert (ROOT / build.GAMES_JS).read_text("utf-8") == build.render_games_js(), (
        "assets/games.js is not what the declarations say: run `python3 scripts/build.py`"
    )
    text = (ROOT / build.GAMES_JS).read_text("utf-8")
    listed = json.loads(re.search(r"GAME_IDS = Object\.freeze\((\[[^\]]*\])\)", text).group(1))
    assert listed == declared  # one order: the registry's, as the games declare themselves
    cards = re.findall(r'<li class="game" data-game="([^"]+)"', INDEX)
    assert cards == declared, "index.html has a card for each game, in the picker's order"
    for game in declared:
        assert declaration(game).id == game
        assert f'data-game="{game}"' in INDEX and f'href="?game={game}"' in INDEX
        for part in ("name", "meta", "desc", "howto"):
            assert f"game.{game}.{part}" in STRINGS["en"]
    named = {key.split(".")[1] for key in STRINGS["en"] if key.startswith("game.")}
    assert named == set(declared), "texts of a game that is not declared"


# ---- manifest and icons ----------------------------------------------------------------------
def png_size(path):
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_web_app_manifest_and_icons():
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text("utf-8"))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./index.html"
    assert manifest["scope"] == "./" and manifest["name"] and manifest["short_name"]
    sizes = set()
    for icon in manifest["icons"]:
        path = ROOT / icon["src"]
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            w, h = png_size(path)
            assert icon["sizes"] == f"{w}x{h}"
            sizes.add((w, icon.get("purpose", "any")))
    assert (192, "any") in sizes and (512, "any") in sizes and (512, "maskable") in sizes
    # linked by boot.js once the first board is up or the picker has loaded (its icons are fetched
    # at once: not before the board)
    assert 'rel="manifest"' not in INDEX
    assert '"../manifest.webmanifest"' in (ROOT / "assets" / "boot.js").read_text("utf-8")
    for path in ("manifest.webmanifest", "assets/icon-192.png", "assets/icon-512.png"):
        assert path in build.precache_list()


# ---- build -----------------------------------------------------------------------------------
def make_site(root, marker="1"):
    (root / "assets").mkdir(parents=True)
    (root / "game" / "__pycache__").mkdir(parents=True)
    (root / "index.html").write_text(f"<!doctype html><p>{marker}</p>")
    (root / "assets" / "a.js").write_text("export const a = 1;")
    (root / "assets" / "strings.json").write_text("{}")
    (root / "game" / "__init__.py").write_text("")
    (root / "game" / "data.json").write_text("[]")
    (root / "game" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0")


def test_build_is_deterministic_and_versions_change_with_any_served_byte(tmp_path):
    make_site(tmp_path / "a")
    make_site(tmp_path / "b")
    sw_a, version_a = build.render_sw(tmp_path / "a")
    assert build.render_sw(tmp_path / "a") == (sw_a, version_a)
    assert build.render_sw(tmp_path / "b")[1] == version_a  # same bytes, same version anywhere
    assert build.precache_list(tmp_path / "a") == sorted(build.precache_list(tmp_path / "a"))
    assert "game/data.json" in build.precache_list(tmp_path / "a")
    assert not [p for p in build.precache_list(tmp_path / "a") if "__pycache__" in p]
    (tmp_path / "b" / "game" / "data.json").write_text("[1]")
    assert build.render_sw(tmp_path / "b")[1] != version_a
    toml = build.render_pyscript_toml(tmp_path / "a")
    assert '"./game/data.json" = "./game/data.json"' in toml and "pycache" not in toml
    assert 'interpreter = "./assets/interpreter.js"' in toml
    assert build.render_pyscript_toml(tmp_path / "a") == toml
    (tmp_path / "a" / "pyscript.toml").write_text(
        'interpreter = "x"\nname = "kept"\n\n[files]\n"./old" = "./old"\n'
    )
    regenerated = build.render_pyscript_toml(tmp_path / "a")
    assert 'name = "kept"' in regenerated and "./old" not in regenerated


def test_the_snapshot_key_covers_the_runtime_the_game_code_and_the_script(tmp_path):
    make_site(tmp_path)
    for name in build.SNAPSHOT_RUNTIME:
        path = tmp_path / "vendor" / "pyodide" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(name.encode())
    key = build.snapshot_key(tmp_path)
    assert build.snapshot_key(tmp_path) == key and len(key) == 64
    (tmp_path / "game" / "data.json").write_text("[2]")
    assert build.snapshot_key(tmp_path) != key  # any file of the game package
    key = build.snapshot_key(tmp_path)
    (tmp_path / "vendor" / "pyodide" / "python_stdlib.zip").write_bytes(b"other")
    assert build.snapshot_key(tmp_path) != key  # any runtime file
    key = build.snapshot_key(tmp_path)
    (tmp_path / "assets" / "strings.json").write_text('{"en": {}}')
    assert build.snapshot_key(tmp_path) == key  # texts are read after the restore


def test_the_built_snapshot_is_current_listed_and_precached():
    assert build.snapshot_file_key() == build.snapshot_key()
    preload = json.loads((ROOT / "vendor" / "preload.json").read_text("utf-8"))
    assert preload["snapshot"] == {"path": build.SNAPSHOT, "key": build.snapshot_key()}
    assert build.SNAPSHOT in build.precache_list()
    assert "assets/interpreter.js" in preload["modules"]
    # the page's first script fetches it from its first bytes, by this path (index.html)
    assert f'Fetch("{build.SNAPSHOT}"' in (ROOT / "index.html").read_text("utf-8")


def test_vendor_holds_the_trimmed_runtime():
    assert not build.check(), "run python3 scripts/build.py"
    stdlib = zipfile.ZipFile(ROOT / "vendor" / "pyodide" / "python_stdlib.zip")
    names = set(stdlib.namelist())
    assert "json/__init__.py" in names and "asyncio/__init__.py" in names
    if build.trim_enabled():  # the modules the page imports (tests/test_stdlib.py), as sources
        assert not [n for n in names if n.startswith(("email/", "unittest/", "tkinter/"))]
        assert not [n for n in names if n.endswith(".pyc")]
        source = stdlib.read("json/__init__.py").decode()
        assert '"""' not in source and "#" not in source.split("\n")[0]  # no docstrings, comments
        lock = json.loads((ROOT / "vendor" / "pyodide" / "pyodide-lock.json").read_text())
        assert lock["packages"] == {}
    original = (ROOT / "node_modules" / "pyodide" / "python_stdlib.zip").read_bytes()
    assert build.trim_stdlib(original) == build.trim_stdlib(original)


def test_the_page_starts_with_the_core_and_the_chosen_game_only():
    preload = json.loads((ROOT / "vendor" / "preload.json").read_text("utf-8"))

    def bundle(url):  # {path in Python's file system: source as the page loads it}
        sources = json.loads((ROOT / url).read_text("utf-8"))
        assert all(
            source == build.page_bytes(ROOT, path).decode() for path, source in sources.items()
        )
        return list(sources)

    # PyScript fetches only what is not Python; the Python files come in one bundle per part
    assert not [f for f in preload["config"]["files"].values() if f.endswith(".py")]
    core = [path[2:] for path in preload["config"]["files"].values()] + bundle(preload["core"])
    games = {game: bundle(part["bundle"]) for game, part in preload["games"].items()}
    assert set(games) == set(GAME_IDS)
    assert preload["main"] == build.served("game/ui/main.py")  # fetched once: PyScript's script
    assert "game/ui/main.py" not in core and "assets/strings.json" in core
    for game, files in games.items():
        folder = build.game_packages()[game]
        assert preload["games"][game]["package"] == folder
        assert files and all(f.startswith(folder + "/") for f in files)
        assert f"{folder}/__init__.py" in core  # every declaration is read at start
        assert not set(files) & set(core)
    everything = core + ["game/ui/main.py"] + [f for files in games.values() for f in files]
    assert sorted(everything) == build.python_files()
    # the offline copy holds the bundles, not the single copies (only the script, fetched apart)
    precached = build.precache_list()
    bundles = {preload["core"]} | {part["bundle"] for part in preload["games"].values()}
    assert bundles <= set(precached)
    assert [p for p in precached if p.startswith(build.PAGE_COPIES + "/")] == [preload["main"]]
    # PyScript's plugins the page does not use: not loaded, not preloaded
    assert "!py-editor" in preload["config"]["plugins"]
    assert not [m for m in preload["modules"] if "py-editor" in m or "codemirror" in m]
    assert preload["config"]["interpreter"] == "./assets/interpreter.js"


# ---- the server ------------------------------------------------------------------------------
def test_server_sends_the_types_browsers_insist_on(tmp_path):
    files = {
        "a.wasm": "application/wasm",
        "a.mjs": "text/javascript",
        "a.js": "text/javascript",
        "a.webmanifest": "application/manifest+json",
        "a.json": "application/json",
        "a.svg": "image/svg+xml",
        "a.html": "text/html",
        "a.css": "text/css",
    }
    for name in files:
        (tmp_path / name).write_bytes(b"x")
    server = serve.start(tmp_path)
    try:
        assert server.url.startswith("http://127.0.0.1:")
        for name, mime in files.items():
            with urllib.request.urlopen(server.url + name) as response:
                assert response.headers["Content-Type"].split(";")[0] == mime, name
                assert response.headers["Cache-Control"] == "no-cache"
                assert response.read() == b"x"  # the server counts a body before it sends it
        assert server.bytes_sent == len(files)
    finally:
        server.shutdown()
        server.server_close()


def test_dev_server_keeps_no_offline_copy_so_edits_show():
    server = serve.start(ROOT, dev=True)
    try:
        with urllib.request.urlopen(server.url + "sw.js") as response:
            worker = response.read().decode()
            assert response.headers["Content-Type"].startswith("text/javascript")
        assert 'addEventListener("fetch"' not in worker and "caches.delete" in worker
    finally:
        server.shutdown()
        server.server_close()


def test_readme_commands_are_the_ones_ci_and_scripts_use():
    readme = (ROOT / "README.md").read_text("utf-8")
    assert (
        "bash scripts/play.sh" in readme and "bash scripts/test.sh" in readme and "pytest" in readme
    )
    # the fast part and the JavaScript units alone, as tests/test_js_units.py runs them
    assert ".venv/bin/python -m pytest --ignore=tests/browser" in readme
    assert "node --test tests/js" in readme
    assert '"--test", "tests/js"' in (ROOT / "tests" / "test_js_units.py").read_text("utf-8")
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert "bash scripts/test.sh" in ci
    assert "pytest" in (ROOT / "scripts" / "test.sh").read_text("utf-8")
    assert "serve.py" in (ROOT / "scripts" / "play.sh").read_text("utf-8")
