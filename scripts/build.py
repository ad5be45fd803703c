#!/usr/bin/env python3
"""Build the static site in place (the repository root IS the site root). Deterministic.

    python3 scripts/build.py            copy the runtime, write sw.js, refresh pyscript.toml [files]
    python3 scripts/build.py --check    exit 1 when a generated file is out of date (writes nothing)

1. Runtime: copies the files the page needs from node_modules (installed by `npm ci` from
   package-lock.json) into vendor/ (git-ignored):
     vendor/pyodide/   pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json
     vendor/pyscript/  @pyscript/core/dist without source maps
   The stdlib zip keeps only the modules the page imports (scripts/stdlib.json, measured in the
   page by scripts/audit_stdlib.py; BGT_NO_TRIM=1 keeps it whole), as sources without docstrings
   and comments (scripts/compile_stdlib.mjs --strip, run by the pinned Pyodide under Node): 0.38 MB
   instead of 2.5 MB (bytecode would be 1.3 MB; the page compiles them at a start without the
   snapshot). The lock file is emptied (the game uses no packages).
2. The Python files the page loads (page_files: the core, and each game's package, which the page
   loads when that game is first opened; not the command line): vendor/py/ holds their copies
   without docstrings and comments, every line kept (strip_python). pyscript.toml: everything
   above the `[files]` table is kept as written; the table is rewritten to map every copy to the
   path Python finds it at.
   assets/games.js: the ids of the games the picker offers, from the games' declarations (in the
   order of game/core/registry.py PACKAGES).
3. vendor/pyodide/snapshot.bin: Pyodide's memory after the interpreter has started and every
   module of game/ but the shell is imported (scripts/make_snapshot.mjs, run by the pinned Pyodide
   under Node; gzip), stamped with SNAPSHOT KEY = sha256 of the runtime files, the Python files as
   the page loads them and the script. The page restores it instead of starting CPython
   (assets/interpreter.js) when the key matches the one in vendor/preload.json.
   BGT_NO_SNAPSHOT=1 skips it (the page then starts fresh).
4. vendor/bundles/: the same Python copies in one JSON file per part (the core, each game), and
   vendor/preload.json: what boot.js needs to start a game (render_preload): the modules and
   runtime files it preloads, PyScript's configuration, the bundles, the snapshot's path and key.
5. sw.js (git-ignored): scripts/sw.template.js with the sorted precache list (path and size) and
   VERSION = the first 12 hex digits of sha256 over the template and every precached path + bytes,
   so any change to a served file gives a new cache name and replaces the old cache.
"""

import ast
import gzip
import hashlib
import importlib
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tokenize
import tomllib
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
# The page's copies of its Python files, without docstrings and comments (strip_python), at the
# same paths below this folder: about 40 % less to download. The page loads them in bundles
# (BUNDLES); pyscript.toml [files] maps each copy to the path the game's modules have, for a page
# without vendor/preload.json and for the snapshot's build.
PAGE_COPIES = f"{VENDOR}/py"
# The shell's entry point: PyScript runs it as its script (fetched once, as the script's source)
MAIN = "game/ui/main.py"
# The same copies in one download per part, {path: source} (bundle_parts: the core, then one per
# game): boot.js writes them into Python's file system, so that a start fetches two files instead
# of about fifty (measured: 0.1 s of a revisit through the offline copy's worker; on a phone each
# fetch costs a round trip)
BUNDLES = f"{VENDOR}/bundles"

# The page shell: loaded before or without Python; all precached.
SHELL = ["index.html", "manifest.webmanifest", "pyscript.toml"]
ASSET_SUFFIXES = {".css", ".js", ".json", ".svg", ".png"}

# @pyscript/core chunks that every start loads besides core.js and its bundle. The other plugins are
# switched off in pyscript.toml (`plugins`), and the page passes its configuration as JSON (no TOML
# parser chunk); the error plugin's chunk loads even when switched off. Lazy chunks (codemirror,
# xterm, zip, the switched-off plugins) are copied but only cached by the worker when fetched.
PYSCRIPT_ALWAYS = ["error-"]


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


# The stdlib modules the page imports, measured in the page by scripts/audit_stdlib.py (which
# writes this file; tests/test_stdlib.py checks game/'s imports against it). Only these are
# shipped: the rest of Pyodide's stdlib (about 2.5 MB of download) is never imported.
STDLIB_LIST = ROOT / "scripts" / "stdlib.json"


def trim_enabled():
    return os.environ.get("BGT_NO_TRIM", "") in ("", "0")


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


def pyodide_version(node=NODE):
    return json.loads((Path(node) / "pyodide" / "package.json").read_text())["version"]


def site_copy(dest, snapshot=True, stdlib=None):
    """A copy of the built site at `dest` (pages, assets and game code copied; the runtime files
    linked): with or without the snapshot, with other stdlib bytes if given; its generated files
    written for it. For the benchmark and the import audit."""
    dest = Path(dest)
    for name in SHELL:
        shutil.copy2(ROOT / name, dest / name)
    for name in ("assets", "game", "scripts"):
        shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
    (dest / VENDOR / "pyodide").mkdir(parents=True)
    os.symlink(ROOT / VENDOR / "pyscript", dest / VENDOR / "pyscript")
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip" and stdlib is not None:
            (dest / VENDOR / "pyodide" / name).write_bytes(stdlib)
        else:
            os.symlink(ROOT / VENDOR / "pyodide" / name, dest / VENDOR / "pyodide" / name)
    if snapshot and (ROOT / SNAPSHOT).exists():
        os.symlink(ROOT / SNAPSHOT, dest / SNAPSHOT)
    generate(dest)


# ---- 1. runtime -------------------------------------------------------------------------------
def stdlib_keep(listing=STDLIB_LIST):
    """The stdlib modules to ship: the audit's list."""
    return sorted(json.loads(Path(listing).read_text("utf-8"))["modules"])


def trim_stdlib(data, keep=None):
    """A copy of python_stdlib.zip with only the `keep` modules (default: stdlib_keep()) and
    their packages' __init__ files; deterministic."""
    keep = stdlib_keep() if keep is None else keep
    src = zipfile.ZipFile(io.BytesIO(data))
    names = set(src.namelist())
    wanted = set()
    for module in keep:
        parts = module.split(".")
        wanted |= {"/".join(parts[:k]) + "/__init__.py" for k in range(1, len(parts))}
        path = "/".join(parts)
        wanted.add(path + ".py" if path + ".py" in names else path + "/__init__.py")
    missing = sorted(wanted - names)
    if missing:
        raise SystemExit(
            f"build: the stdlib has no {missing} (scripts/stdlib.json is for another Pyodide?)"
        )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            if info.filename in wanted:
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


def compile_stdlib(data, node=NODE, strip=False):
    """The stdlib zip as bytecode, or (`strip`) as sources without docstrings and comments
    (scripts/compile_stdlib.mjs). Cached by the input, the form, the Pyodide version and the
    script."""
    script = ROOT / "scripts" / "compile_stdlib.mjs"
    form = b"strip" if strip else b"pyc"
    key = hashlib.sha256(data + form + pyodide_version(node).encode() + script.read_bytes())
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "in.zip"
        source.write_bytes(data)
        return made_by_node(
            f"python_stdlib-{form.decode()}-{key.hexdigest()[:16]}.zip",
            script.name,
            ["--strip", str(source)] if strip else [str(source)],
            "prepare the stdlib (or set BGT_NO_TRIM=1)",
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
            data = compile_stdlib(trim_stdlib(data), node, strip=True)
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
        rel = posix(path, root)
        if rel.startswith(PAGE_COPIES + "/"):
            continue  # write_page_copies keeps that folder
        if path.is_file() and rel not in wanted and rel not in keep:
            path.unlink()
            changed += 1
    return changed


# ---- 1b. the memory snapshot -------------------------------------------------------------------
def snapshot_key(root=ROOT):
    """sha256 (hex) of everything the snapshot's memory depends on: the runtime files the page
    loads, the game's files as the page loads them (what is imported, and where) and the script."""
    root = Path(root)
    digest = hashlib.sha256((ROOT / "scripts" / "make_snapshot.mjs").read_bytes())
    runtime = [
        (f"{VENDOR}/pyodide/{n}", (root / VENDOR / "pyodide" / n).read_bytes())
        for n in SNAPSHOT_RUNTIME
    ]
    game = [(rel, page_bytes(root, rel)) for rel in python_files(root) if rel not in FILES_EXTRA]
    for rel, data in runtime + game:
        digest.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()


def drawing_key(root=ROOT):
    """16 hex digits of sha256 over what the table's markup depends on: the Python files and
    the texts (assets/strings.json) as the page loads them."""
    digest = hashlib.sha256()
    for rel in python_files(root):
        digest.update(rel.encode() + b"\0" + hashlib.sha256(page_bytes(root, rel)).digest())
    return digest.hexdigest()[:16]


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
    write_page_copies(root)  # the script reads the page's files
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


# ---- 2. the Python files the page loads, pyscript.toml ------------------------------------------
def game_files(root=ROOT):
    """Every file of the game package, sorted."""
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


def module_name(rel):
    """ "game/core/ai/__init__.py" -> "game.core.ai"."""
    parts = rel[: -len(".py")].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(path, name):
    """Every module name a Python file may import (anywhere in it: functions too), relative
    imports resolved; `from a import b` gives a and a.b (b may be a module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def game_packages(root=ROOT):
    """{game id: package folder} of the games the registry declares, read from the sources
    (PACKAGES in game/core/registry.py, each package's Declaration(id=...)), nothing imported."""
    root = Path(root)
    registry = root / "game" / "core" / "registry.py"
    if not registry.exists():
        return {}
    packages = next(
        ast.literal_eval(node.value)
        for node in ast.parse(registry.read_bytes()).body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "PACKAGES"
    )
    out = {}
    for package in packages:
        folder = package.replace(".", "/")
        init = ast.parse((root / folder / "__init__.py").read_bytes())
        ids = [
            keyword.value.value
            for node in ast.walk(init)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Declaration"
            for keyword in node.keywords
            if keyword.arg == "id"
        ]
        out[ids[0]] = folder
    return out


def page_files(root=ROOT):
    """What the page loads of game/: (core, {game id: files}). A game's files are its package's
    but its __init__ (the registry reads every game's declaration at start): the page loads them
    when that game is first opened. The core is every other file the shell's entry
    (game/ui/main.py) and the game packages import; files nothing in the page imports (the
    command line: game/__main__.py, game/core/cli.py) are left out. Sorted."""
    root = Path(root)
    files = game_files(root)
    packages = game_packages(root)
    modules = {module_name(f): f for f in files if f.endswith(".py")}

    def game_of(rel):
        return next((g for g, folder in packages.items() if rel.startswith(folder + "/")), None)

    todo = [module_name(MAIN)] + [name for name, rel in modules.items() if game_of(rel)]
    reached = set()
    while todo:
        name = todo.pop()
        if name in reached or name not in modules:
            continue
        reached.add(name)
        todo += [name.rsplit(".", k)[0] for k in range(1, name.count(".") + 1)]  # its packages
        todo += sorted(imported_names(root / modules[name], name))
    needed = {modules[name] for name in reached}
    core, games = [], {g: [] for g in packages}
    for rel in files:
        game = game_of(rel)
        if game and rel != f"{packages[game]}/__init__.py":
            games[game].append(rel)
        elif rel in needed or not rel.endswith(".py"):
            core.append(rel)
    core += [f for f in FILES_EXTRA if (root / f).exists()]
    return sorted(core), games


def page_stdlib_imports(root=ROOT):
    """{module: [files]} of every stdlib module the page's Python files import (anywhere in them;
    `from a import b` counts a.b only where CPython says it is a module)."""

    def is_module(name):
        try:
            return importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            return False

    found = {}
    for rel in python_files(root):
        if rel.endswith(".py"):
            for name in sorted(imported_names(Path(root) / rel, module_name(rel))):
                top = name.split(".")[0]
                if (
                    top in sys.stdlib_module_names
                    and top not in ("js", "pyodide")
                    and is_module(name)
                ):
                    found.setdefault(name, []).append(rel)
    return found


def python_files(root=ROOT):
    """Every file the page may load into Python's file system (pyscript.toml [files])."""
    core, games = page_files(root)
    return sorted(core + [f for files in games.values() for f in files])


def strip_python(source):
    """Python source without its docstrings and comments, every line kept where it was (a
    traceback in the page names the lines of the repository). A docstring that is a whole body
    becomes `pass`."""
    tree = ast.parse(source)
    lines = source.split("\n")
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        first = body[0] if body else None
        if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)):
            continue
        before = lines[first.lineno - 1][: first.col_offset]
        after = lines[first.end_lineno - 1][first.end_col_offset :]
        if isinstance(first.value.value, str) and not before.strip() and not after.strip():
            for k in range(first.lineno - 1, first.end_lineno):
                lines[k] = ""
            if len(body) == 1:
                lines[first.lineno - 1] = before + "pass"
    stripped = "\n".join(lines)
    tokens = tokenize.generate_tokens(io.StringIO(stripped).readline)
    comments = [token.start for token in tokens if token.type == tokenize.COMMENT]
    lines = stripped.split("\n")
    for row, col in comments:
        lines[row - 1] = lines[row - 1][:col].rstrip()
    return "\n".join(lines)


def served(rel):
    """Where the page fetches a file of python_files(): its copy, for Python sources."""
    return f"{PAGE_COPIES}/{rel}" if rel.endswith(".py") else rel


def page_bytes(root, rel):
    """The bytes the page loads for a file of python_files()."""
    data = (Path(root) / rel).read_bytes()
    return strip_python(data.decode("utf-8")).encode("utf-8") if rel.endswith(".py") else data


def bundle_parts(root=ROOT):
    """{part: (where the page fetches it, its Python files)}: "core" (every core file but MAIN and
    the non-Python ones, which PyScript fetches), then each game's package."""
    core, games = page_files(root)
    parts = {"core": [f for f in core if f.endswith(".py") and f != MAIN], **games}
    return {part: (f"{BUNDLES}/{part}.json", files) for part, files in parts.items()}


def render_bundle(root, files):
    sources = {rel: page_bytes(root, rel).decode("utf-8") for rel in files}
    return json.dumps(sources, ensure_ascii=False, separators=(",", ":")) + "\n"


def write_bundles(root=ROOT):
    """Write BUNDLES (only what changed) and remove bundles of parts that are gone."""
    root = Path(root)
    parts = bundle_parts(root)
    changed = sum(
        write_if_changed(root / url, render_bundle(root, files)) for url, files in parts.values()
    )
    wanted = {url for url, _ in parts.values()}
    for path in sorted((root / BUNDLES).glob("*.json")):
        if posix(path, root) not in wanted:
            path.unlink()
            changed += 1
    return changed


def write_page_copies(root=ROOT):
    """Write PAGE_COPIES (only what changed) and remove copies of files that are gone."""
    root = Path(root)
    wanted = {served(rel): rel for rel in python_files(root) if rel.endswith(".py")}
    changed = 0
    for copy, rel in wanted.items():
        changed += write_if_changed(root / copy, page_bytes(root, rel))
    folder = root / PAGE_COPIES
    if folder.is_dir():
        for path in sorted(folder.rglob("*"), reverse=True):
            if path.is_file() and posix(path, root) not in wanted:
                path.unlink()
                changed += 1
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return changed


TOML_HEADER = """\
# PyScript configuration for index.html (read by vendor/pyscript/core.js).
# The interpreter is the LOCAL Pyodide copy made by scripts/build.py (assets/interpreter.js starts it,
# from the build's memory snapshot when it can): the page never uses a CDN.
interpreter = "./assets/interpreter.js"

"""

FILES_COMMENT = (
    "# Generated by `python3 scripts/build.py` from the files under game/ the page loads; do not edit\n"
    "# this table (tests/test_site_static.py fails when it is out of date). Keep [files] the last table.\n"
)


def render_pyscript_toml(root=ROOT):
    path = Path(root) / "pyscript.toml"
    text = path.read_text("utf-8") if path.exists() else TOML_HEADER
    head = re.split(
        r"(?m)^(?:# Generated by `python3 scripts/build.py`.*\n(?:#.*\n)*)?\[files\]\s*$", text
    )[0]
    head = head.rstrip("\n") + "\n\n"
    lines = [f'"./{served(f)}" = "./{f}"' for f in python_files(root)]
    return head + FILES_COMMENT + "[files]\n" + "\n".join(lines) + "\n"


def page_config(root=ROOT):
    """PyScript's configuration as the page passes it (JSON, in vendor/preload.json): the settings
    of pyscript.toml with [files] holding only the files that are not Python (boot.js writes the
    Python files from their bundles)."""
    settings = tomllib.loads(render_pyscript_toml(root))
    core, _ = page_files(root)
    return {**settings, "files": {f"./{f}": f"./{f}" for f in core if not f.endswith(".py")}}


# ---- 3. sw.js ---------------------------------------------------------------------------------
def precache_list(root=ROOT):
    root = Path(root)
    paths = [p for p in SHELL if (root / p).exists()]
    paths += [
        posix(p, root)
        for p in sorted((root / "assets").rglob("*"))
        if p.is_file() and p.suffix in ASSET_SUFFIXES
    ]
    # the Python files as the page loads them: in bundles, the script apart (pyscript.toml's list
    # of single copies is for a page without vendor/preload.json, which the worker always has)
    paths += [served(f) for f in python_files(root) if f == MAIN or not f.endswith(".py")]
    if (root / VENDOR).is_dir():
        paths += [url for url, _ in bundle_parts(root).values()]
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
    """vendor/preload.json: what boot.js needs to start a game, written here because the hashed
    chunk names and the split of the Python files are known only here:
      modules   JavaScript modules it preloads (the runtime arrives in parallel, not one import
                after another)
      fetches   runtime files it preloads
      config    PyScript's configuration (JSON) with the files that are not Python
      main      the script PyScript runs (MAIN as the page fetches it)
      core      the bundle of the core Python files (BUNDLES: {path: source}), written into
                Python's file system by boot.js before main.py runs
      games     per game id, {"package": its folder, "bundle": its Python files}: boot.js
                writes the chosen game's with the core; another game's when it is first opened
                (game/ui/files.py fetches it if Python needs one of its modules first)
      snapshot  the memory snapshot's path and key, when the build made one
      build     drawing_key(): a copy of the table Python kept for the next start is shown by
                boot.js only when it was drawn under the same key (assets/paint.js)"""
    root = Path(root)
    parts = bundle_parts(root)
    packages = game_packages(root)
    games = {game: {"package": packages[game], "bundle": parts[game][0]} for game in packages}
    preload = {
        "modules": [
            f"{VENDOR}/pyscript/{n}" for n in pyscript_boot_chunks(root / VENDOR / "pyscript")
        ]
        + ["assets/interpreter.js", "assets/snapshot.js"]
        + [f"{VENDOR}/pyodide/pyodide.mjs", f"{VENDOR}/pyodide/pyodide.asm.mjs"],
        "fetches": [
            f"{VENDOR}/pyodide/python_stdlib.zip",
            f"{VENDOR}/pyodide/pyodide-lock.json",
        ],
        "config": page_config(root),
        "main": served(MAIN),
        "core": parts["core"][0],
        "games": games,
        "build": drawing_key(root),
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
    changed += write_page_copies(root)
    if (root / VENDOR).is_dir():
        changed += write_bundles(root)
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
    copies = [served(f) for f in python_files(root) if f.endswith(".py")]
    if any(
        not (root / c).exists()
        or (root / c).read_bytes() != page_bytes(root, c[len(PAGE_COPIES) + 1 :])
        for c in copies
    ):
        stale.append(PAGE_COPIES)
    if (root / VENDOR).is_dir() and any(
        not (root / url).exists() or (root / url).read_text("utf-8") != render_bundle(root, files)
        for url, files in bundle_parts(root).values()
    ):
        stale.append(BUNDLES)
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
    copied += write_page_copies()
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
