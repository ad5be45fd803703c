#!/usr/bin/env python3
"""Build the static site in place (the repository root IS the site root). Deterministic.

    python3 scripts/build.py            copy the runtime, write sw.js, refresh pyscript.toml [files]
    python3 scripts/build.py --check    exit 1 when a generated file is out of date (writes nothing)

1. Runtime: copies the files the page needs from node_modules (installed by `npm ci` from
   package-lock.json) into vendor/ (git-ignored):
     vendor/pyodide/   pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json
     vendor/pyscript/  @pyscript/core/dist without source maps
   The stdlib zip is trimmed (STDLIB_DROP below; BGT_NO_TRIM=1 keeps it whole) and precompiled to
   bytecode by the pinned Pyodide under Node (scripts/compile_stdlib.mjs; BGT_NO_PYC=1 skips it):
   the browser then no longer compiles ~200 stdlib modules at every start (measured: Python ready
   in about 1.3-1.7 s instead of 3-4.7 s). The lock file is emptied (the game uses no packages).
2. pyscript.toml: everything above the `[files]` table is kept as written; the table is rewritten
   from the files under game/ (every file but __pycache__/, *.pyc and dot-files) plus FILES_EXTRA.
   assets/games.js: the ids of the games the picker offers, from the games' declarations (in the
   order of game/core/registry.py PACKAGES).
3. vendor/pyodide/snapshot.bin: Pyodide's memory after the interpreter has started and every
   game's modules are imported (scripts/make_snapshot.mjs, run by the pinned Pyodide under Node;
   gzip), stamped with SNAPSHOT KEY = sha256 of the runtime files, the game package and the script.
   The page restores it instead of starting CPython (assets/interpreter.js; issue #16) when the key
   matches the one in vendor/preload.json. BGT_NO_SNAPSHOT=1 skips it (the page then starts fresh).
4. vendor/preload.json: the runtime files and Python files boot.js preloads when a game starts,
   and the snapshot's path and key.
5. sw.js (git-ignored): scripts/sw.template.js with the sorted precache list (path and size) and
   VERSION = the first 12 hex digits of sha256 over the template and every precached path + bytes,
   so any change to a served file gives a new cache name and replaces the old cache.
"""

import gzip
import hashlib
import importlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the games' declarations (game/<name>/__init__.py)
NODE = ROOT / "node_modules"
VENDOR = "vendor"

PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]

# The memory snapshot (see the docstring) and the runtime files it was made with.
SNAPSHOT = f"{VENDOR}/pyodide/snapshot.bin"
SNAPSHOT_MAGIC = b"BGTSNAP1"
SNAPSHOT_RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]

# Files Python reads besides the game package (listed in pyscript.toml [files]).
FILES_EXTRA = ["assets/strings.json"]

# The page shell: loaded before or without Python; all precached.
SHELL = ["index.html", "manifest.webmanifest", "pyscript.toml"]
ASSET_SUFFIXES = {".css", ".js", ".json", ".svg", ".png"}

# @pyscript/core chunks that every start loads besides core.js and its bundle (plugins are imported
# on start even when unused). Lazy chunks (codemirror, xterm, zip) are copied but only cached by the
# worker when fetched.
PYSCRIPT_ALWAYS = [
    "deprecations-manager-",
    "donkey-",
    "error-",
    "py-editor-",
    "py-game-",
    "py-terminal-",
    "toml-",
]


def pyscript_boot_chunks(dist):
    """Names of the @pyscript/core files every start loads: core.js, the bundle it imports, and
    the chunks of PYSCRIPT_ALWAYS that bundle imports (read from the files: names carry hashes)."""
    dist = Path(dist)
    if not (dist / "core.js").exists():
        return []
    names = {"core.js"} | set(
        re.findall(r'"\./([\w.-]+\.js)"', (dist / "core.js").read_text("utf-8"))
    )
    for bundle in [n for n in names if n.startswith("core-")]:
        referenced = re.findall(r'"\./([\w.-]+\.js)"', (dist / bundle).read_text("utf-8"))
        names |= {n for n in referenced if any(n.startswith(k) for k in PYSCRIPT_ALWAYS)}
    return sorted(n for n in names if (dist / n).exists())


# Stdlib parts no game or the boot path imports (measured: see README "Performance").
# Top-level names: a package directory or a module file (without .py).
STDLIB_DROP = {
    # packages
    "_pyrepl",
    "curses",
    "dbm",
    "ensurepip",
    "email",
    "idlelib",
    "lib2to3",
    "multiprocessing",
    "pydoc_data",
    "sqlite3",
    "tkinter",
    "turtledemo",
    "unittest",
    "venv",
    "wsgiref",
    "xml",
    "xmlrpc",
    "zoneinfo",
    "ctypes",
    "http",
    "profiling",
    # modules used only by tools, servers, mail or debuggers
    "pdb",
    "bdb",
    "doctest",
    "pydoc",
    "difflib",
    "pickletools",
    "imaplib",
    "mailbox",
    "smtplib",
    "ftplib",
    "poplib",
    "nntplib",
    "telnetlib",
    "optparse",
    "getpass",
    "cProfile",
    "profile",
    "pstats",
    "trace",
    "tabnanny",
    "pyclbr",
    "compileall",
    "py_compile",
    "zipapp",
    "turtle",
    "webbrowser",
    "socketserver",
    "mailcap",
    "xdrlib",
    "cgi",
    "cgitb",
    "smtpd",
    "imghdr",
    "sndhdr",
    "sunau",
    "aifc",
    "wave",
    "chunk",
    "nturl2path",
    "plistlib",
    "netrc",
    "shelve",
    "pty",
    "tty",
    "imp",
    "_osx_support",
    "_aix_support",
    "_android_support",
    "_ios_support",
    "_apple_support",
    "__phello__",
    "__hello__",
    "this",
    "antigravity",
}
# Codecs kept (the rest of encodings/ is dropped): what CPython needs to start, UTF-*, Latin-1,
# the Windows code pages a text file might use, and the escape codecs used by repr/json/pickle.
CODECS_KEEP = {
    "__init__",
    "aliases",
    "ascii",
    "charmap",
    "cp1250",
    "cp1252",
    "cp437",
    "idna",
    "latin_1",
    "punycode",
    "raw_unicode_escape",
    "undefined",
    "unicode_escape",
    "utf_16",
    "utf_16_be",
    "utf_16_le",
    "utf_32",
    "utf_32_be",
    "utf_32_le",
    "utf_7",
    "utf_8",
    "utf_8_sig",
    "iso8859_1",
    "iso8859_2",
    "mbcs",
}


def trim_enabled():
    return os.environ.get("BGT_NO_TRIM", "") in ("", "0")


def pyc_enabled():
    return os.environ.get("BGT_NO_PYC", "") in ("", "0")


# ---- helpers ----------------------------------------------------------------------------------
def write_if_changed(path, data):
    """Write bytes/str when different; return True when written."""
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return True


def posix(path, root):
    return Path(path).relative_to(root).as_posix()


# ---- 1. runtime -------------------------------------------------------------------------------
def trim_stdlib(data):
    """A copy of python_stdlib.zip without STDLIB_DROP and unused codecs (deterministic)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            parts = info.filename.split("/")
            top = parts[0][:-3] if parts[0].endswith(".py") else parts[0]
            if top in STDLIB_DROP:
                continue
            is_codec = top == "encodings" and len(parts) == 2 and parts[1].endswith(".py")
            if is_codec and parts[1][:-3] not in CODECS_KEEP:
                continue
            dst.writestr(info, src.read(info), compress_type=info.compress_type)
    return out.getvalue()


def made_by_node(name, script, args, what, node=NODE):
    """node_modules/.cache/bgt/NAME, made when missing by `node scripts/SCRIPT ARGS... OUT`
    (the pinned Pyodide under Node); `what` names the step in messages. Returns its bytes."""
    cached = Path(node) / ".cache" / "bgt" / name
    if not cached.exists():
        node_bin = shutil.which("node")
        if not node_bin:
            raise SystemExit(f"build: Node.js is needed to {what}")
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(".tmp")
        run = subprocess.run(
            [node_bin, str(ROOT / "scripts" / script), *args, str(tmp)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if run.returncode != 0:
            raise SystemExit(f"build: could not {what}:\n{run.stderr[-3000:]}")
        tmp.replace(cached)
    return cached.read_bytes()


def compile_stdlib(data, node=NODE):
    """The stdlib zip as bytecode (scripts/compile_stdlib.mjs). Cached by the input, the Pyodide
    version and the script."""
    script = ROOT / "scripts" / "compile_stdlib.mjs"
    version = json.loads((Path(node) / "pyodide" / "package.json").read_text())["version"]
    key = hashlib.sha256(data + version.encode() + script.read_bytes()).hexdigest()[:16]
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "in.zip"
        source.write_bytes(data)
        return made_by_node(
            f"python_stdlib-{key}.zip",
            script.name,
            [str(source)],
            "precompile the stdlib (or set BGT_NO_PYC=1)",
            node,
        )


def snapshot_enabled():
    return os.environ.get("BGT_NO_SNAPSHOT", "") in ("", "0")


def empty_lock(data):
    """pyodide-lock.json with no packages: the game is pure Python, and PyScript/Pyodide only
    read the lock to resolve `packages`, which the config does not use."""
    lock = json.loads(data)
    return (json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True) + "\n").encode()


def copy_runtime(root=ROOT, node=NODE, trim=None):
    trim = trim_enabled() if trim is None else trim
    pyodide_src = Path(node) / "pyodide"
    pyscript_src = Path(node) / "@pyscript" / "core" / "dist"
    if not pyodide_src.is_dir() or not pyscript_src.is_dir():
        raise SystemExit(f"build: {node} has no pyodide or @pyscript/core: run `npm ci` first")
    wanted = {}
    for name in PYODIDE_FILES:
        data = (pyodide_src / name).read_bytes()
        if trim and name == "python_stdlib.zip":
            data = trim_stdlib(data)
        if name == "python_stdlib.zip" and pyc_enabled():
            data = compile_stdlib(data, node)
        if trim and name == "pyodide-lock.json":
            data = empty_lock(data)
        wanted[f"{VENDOR}/pyodide/{name}"] = data
    for path in sorted(pyscript_src.iterdir()):
        if path.is_file() and not path.name.endswith(".map"):
            wanted[f"{VENDOR}/pyscript/{path.name}"] = path.read_bytes()
    changed = 0
    for rel, data in wanted.items():
        changed += write_if_changed(Path(root) / rel, data)
    # remove files left by an older runtime version (their names carry content hashes)
    keep = {f"{VENDOR}/preload.json", SNAPSHOT}
    for path in sorted((Path(root) / VENDOR).rglob("*")):
        if path.is_file() and posix(path, root) not in wanted and posix(path, root) not in keep:
            path.unlink()
            changed += 1
    return changed


# ---- 1b. the memory snapshot -------------------------------------------------------------------
def snapshot_key(root=ROOT):
    """sha256 (hex) of everything the snapshot's memory depends on: the runtime files the page
    loads, every file of the game package (what is imported, and where) and the script."""
    root = Path(root)
    digest = hashlib.sha256((ROOT / "scripts" / "make_snapshot.mjs").read_bytes())
    for rel in [f"{VENDOR}/pyodide/{n}" for n in SNAPSHOT_RUNTIME] + game_files(root):
        digest.update(rel.encode() + b"\0" + hashlib.sha256((root / rel).read_bytes()).digest())
    return digest.hexdigest()


def snapshot_file_key(root=ROOT):
    """The key a snapshot file says it was made for (None: no file, or not a snapshot)."""
    path = Path(root) / SNAPSHOT
    try:
        with gzip.open(path) as stream:
            head = stream.read(len(SNAPSHOT_MAGIC) + 64)
    except (OSError, EOFError):
        return None
    if not head.startswith(SNAPSHOT_MAGIC):
        return None
    return head[len(SNAPSHOT_MAGIC) :].decode("ascii", "replace")


def make_snapshot(root=ROOT, node=NODE):
    """Write SNAPSHOT for the current runtime and game files (nothing when it is current).
    Cached in node_modules/.cache/ by key. Returns True when the file changed."""
    root = Path(root)
    path = root / SNAPSHOT
    if not snapshot_enabled():
        if path.exists():
            path.unlink()
            return True
        return False
    key = snapshot_key(root)
    if snapshot_file_key(root) == key:
        return False
    data = made_by_node(
        f"snapshot-{key[:16]}.bin",
        "make_snapshot.mjs",
        [key],
        "make the snapshot (or set BGT_NO_SNAPSHOT=1)",
        node,
    )
    return write_if_changed(path, data)


# ---- 2. pyscript.toml -------------------------------------------------------------------------
def game_files(root=ROOT):
    """Every file of the game package the browser needs, sorted."""
    out = []
    for path in sorted((Path(root) / "game").rglob("*")):
        rel = posix(path, root)
        parts = rel.split("/")
        if not path.is_file() or "__pycache__" in parts or any(p.startswith(".") for p in parts):
            continue
        if path.suffix in (".pyc", ".pyo", ".tmp") or path.name.endswith("~"):
            continue
        out.append(rel)
    return out


def python_files(root=ROOT):
    return sorted(game_files(root) + [f for f in FILES_EXTRA if (Path(root) / f).exists()])


TOML_HEADER = """\
# PyScript configuration for index.html (read by vendor/pyscript/core.js).
# The interpreter is the LOCAL Pyodide copy made by scripts/build.py (assets/interpreter.js starts it,
# from the build's memory snapshot when it can): the page never uses a CDN.
interpreter = "./assets/interpreter.js"

"""
FILES_COMMENT = (
    "# Generated by `python3 scripts/build.py` from the files under game/; do not edit this table\n"
    "# (tests/test_site_static.py fails when it is out of date). Keep [files] the last table.\n"
)


def render_pyscript_toml(root=ROOT):
    path = Path(root) / "pyscript.toml"
    text = path.read_text("utf-8") if path.exists() else TOML_HEADER
    head = re.split(
        r"(?m)^(?:# Generated by `python3 scripts/build.py`.*\n(?:#.*\n)*)?\[files\]\s*$", text
    )[0]
    head = head.rstrip("\n") + "\n\n"
    lines = [f'"./{f}" = "./{f}"' for f in python_files(root)]
    return head + FILES_COMMENT + "[files]\n" + "\n".join(lines) + "\n"


# ---- 3. sw.js ---------------------------------------------------------------------------------
def precache_list(root=ROOT):
    root = Path(root)
    paths = [p for p in SHELL if (root / p).exists()]
    paths += [
        posix(p, root)
        for p in sorted((root / "assets").rglob("*"))
        if p.is_file() and p.suffix in ASSET_SUFFIXES
    ]
    paths += python_files(root)
    paths += [
        f"{VENDOR}/pyodide/{n}" for n in PYODIDE_FILES if (root / VENDOR / "pyodide" / n).exists()
    ]
    pyscript_dir = root / VENDOR / "pyscript"
    if pyscript_dir.is_dir():
        paths += [f"{VENDOR}/pyscript/{n}" for n in pyscript_boot_chunks(pyscript_dir)]
    if (root / VENDOR / "preload.json").exists():
        paths.append(f"{VENDOR}/preload.json")
    if (root / SNAPSHOT).exists():
        paths.append(SNAPSHOT)
    return sorted(set(paths))


def render_sw(root=ROOT):
    root = Path(root)
    template = (ROOT / "scripts" / "sw.template.js").read_text("utf-8")
    digest = hashlib.sha256(template.encode())
    entries = []
    for rel in precache_list(root):
        data = (root / rel).read_bytes()
        digest.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
        entries.append([rel, len(data)])
    version = digest.hexdigest()[:12]
    listing = ",\n".join(f"  [{json.dumps('./' + rel)}, {size}]" for rel, size in entries)
    return (
        template.replace("__VERSION__", version)
        .replace("__SNAPSHOT__", f"./{SNAPSHOT}")
        .replace("/*__PRECACHE__*/", "\n" + listing + "\n")
    ), version


def sw_version(root=ROOT):
    return render_sw(root)[1]


def render_preload(root=ROOT):
    """vendor/preload.json: what boot.js preloads when a game starts, so the runtime arrives in
    parallel instead of one import after another (the hashed chunk names are known only here),
    and the Python files (low priority) so they are there when the interpreter wants them."""
    root = Path(root)
    preload = {
        "modules": [
            f"{VENDOR}/pyscript/{n}" for n in pyscript_boot_chunks(root / VENDOR / "pyscript")
        ]
        + ["assets/interpreter.js", "assets/snapshot.js"]
        + [f"{VENDOR}/pyodide/pyodide.mjs", f"{VENDOR}/pyodide/pyodide.asm.mjs"],
        "fetches": [
            f"{VENDOR}/pyodide/pyodide.asm.wasm",
            f"{VENDOR}/pyodide/python_stdlib.zip",
            f"{VENDOR}/pyodide/pyodide-lock.json",
            "pyscript.toml",
        ],
        "files": python_files(root),
    }
    if (root / SNAPSHOT).exists():
        preload["snapshot"] = {"path": SNAPSHOT, "key": snapshot_key(root)}
    return json.dumps(preload, indent=1) + "\n"


def write_sw(root=ROOT):
    return write_if_changed(Path(root) / "sw.js", render_sw(root)[0])


GAMES_JS = "assets/games.js"


def render_games_js():
    """assets/games.js: the games the picker offers, as the registry declares them."""
    from game.core.registry import PACKAGES  # (not ids(): tests register games of their own)

    declared = [importlib.import_module(package).DECLARATION.id for package in PACKAGES]
    ids = json.dumps(declared, ensure_ascii=False)
    return (
        "// The games the picker offers, in order. Written by `python3 scripts/build.py` from the\n"
        "// games' declarations (game/<name>/__init__.py, in the order of game/core/registry.py\n"
        "// PACKAGES): do not edit (tests/test_site_static.py checks that it is current, and that\n"
        '// every id has its card in index.html and its "game.<id>.*" texts in assets/strings.json).\n'
        f"export const GAME_IDS = Object.freeze({ids});\n"
    )


def toml_is_current(root=ROOT):
    toml = Path(root) / "pyscript.toml"
    return toml.exists() and toml.read_text("utf-8") == render_pyscript_toml(root)


def generate(root=ROOT):
    """Write assets/games.js, pyscript.toml and sw.js when they differ (sw.js last: it lists the
    others with their hashes)."""
    root = Path(root)
    changed = write_if_changed(root / GAMES_JS, render_games_js())
    changed += write_if_changed(root / "pyscript.toml", render_pyscript_toml(root))
    if (root / VENDOR).is_dir():
        changed += write_if_changed(root / VENDOR / "preload.json", render_preload(root))
    changed += write_sw(root)
    return changed


def check(root=ROOT):
    root = Path(root)
    stale = [] if toml_is_current(root) else ["pyscript.toml"]
    games_js = root / GAMES_JS
    if not games_js.exists() or games_js.read_text("utf-8") != render_games_js():
        stale.append(GAMES_JS)
    preload = root / VENDOR / "preload.json"
    if (root / VENDOR).is_dir() and (
        not preload.exists() or preload.read_text("utf-8") != render_preload(root)
    ):
        stale.append("vendor/preload.json")
    sw = root / "sw.js"
    if not sw.exists() or sw.read_text("utf-8") != render_sw(root)[0]:
        stale.append("sw.js")
    if (
        snapshot_enabled()
        and (root / VENDOR).is_dir()
        and snapshot_file_key(root) != snapshot_key(root)
    ):
        stale.append(SNAPSHOT)
    return stale


def main(argv):
    if "--check" in argv:
        stale = check()
        if stale:
            print("out of date: " + ", ".join(stale) + " (run: python3 scripts/build.py)")
            return 1
        print("up to date")
        return 0
    copied = copy_runtime()
    write_if_changed(ROOT / "pyscript.toml", render_pyscript_toml())  # the snapshot reads [files]
    copied += make_snapshot()
    generate()
    n = len(precache_list())
    size = sum((ROOT / p).stat().st_size for p in precache_list())
    print(
        f"build: vendor/ ({copied} files changed), pyscript.toml, sw.js "
        f"(version {sw_version()}, {n} files, {size / 1e6:.1f} MB precached)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
