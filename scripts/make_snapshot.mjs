// Make the memory snapshot the page boots from (run by scripts/build.py):
//   node scripts/make_snapshot.mjs KEY OUT
//
// Starts the vendored Pyodide (vendor/pyodide/, the files the page loads) in snapshot mode, writes
// the Python files where PyScript writes them (the [files] table of pyscript.toml, relative to
// /home/pyodide), and prepares in memory what every start would otherwise repeat:
//   - imports every game's engine, board controller and AI knowledge, found through the registry
//     (`games.ids()`, `games.get`, `games.controller`, `games.knowledge`: module names may change,
//     the registry API does not), every other module of game/ the page loads but the browser shell
//     (game/ui/; the others never touch the page: tests/test_code_quality.py), and the stdlib
//     modules the boot path adds (BOOT_STDLIB);
//   - compiles what is imported after the restore because it touches the page (PyScript's Python
//     package, the browser shell game/ui/): an import of one of those files with exactly these
//     bytes then takes the compiled code from memory instead of compiling the source again.
// Nothing that holds a JavaScript object may be in the image (the page's objects do not exist here):
// no `js`, no `pyscript`, no game.ui module is imported.
//
// OUT is gzip (level 9) of: "BGTSNAP1" + KEY (64 hex digits) + the memory size (4 bytes, little-
// endian) + Pyodide's snapshot without its trailing zero bytes. The page checks KEY against the one
// the build wrote into vendor/preload.json (assets/snapshot.js).
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

// stdlib modules the boot path imports that Pyodide's own start has not (PyScript's display;
// measured: sys.modules at board-ready in the browser)
const BOOT_STDLIB = ["html", "html.entities"];
const HOME = "/home/pyodide";

const [key, output] = process.argv.slice(2);
if (!/^[0-9a-f]{64}$/.test(key || "") || !output) {
  console.error("usage: node scripts/make_snapshot.mjs KEY(64 hex) OUT");
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const indexURL = join(root, "vendor", "pyodide") + "/";
const { loadPyodide } = await import(join(indexURL, "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL,
  _makeSnapshot: true,
  stdout: (s) => console.log(s),
  stderr: (s) => console.error(s),
});

const files = []; // [absolute path in the page's file system, source]
const toml = readFileSync(join(root, "pyscript.toml"), "utf8");
// [files]: "./what the page fetches" = "./where Python finds it"
for (const [, source, path] of toml.matchAll(/^"\.\/([^"]+)" = "\.\/([^"]+)"/gm)) {
  const dir = path.split("/").slice(0, -1).join("/");
  if (dir) pyodide.FS.mkdirTree(dir);
  const data = readFileSync(join(root, source));
  pyodide.FS.writeFile(path, data);
  if (path.endsWith(".py")) files.push([`${HOME}/${path}`, data.toString("utf8")]);
}
files.push(...pyscriptPackage());

pyodide.globals.set("files", pyodide.toPy(files));
pyodide.runPython(`
def _prepare(files):
    import gc, importlib, sys, types
    from importlib import _bootstrap_external

    for name in ${JSON.stringify(BOOT_STDLIB)}:
        importlib.import_module(name)

    from game import games

    for game_id in games.ids():
        games.get(game_id)
        games.controller(game_id)
        games.knowledge(game_id)
    for path, _ in files:
        rel = path[len("${HOME}/") : -len(".py")]
        if rel.startswith("game/") and not rel.startswith("game/ui/"):
            importlib.import_module(rel.removesuffix("/__init__").replace("/", "."))

    imported = {getattr(m, "__file__", None) for m in list(sys.modules.values())}
    compiled = {}  # path -> (source bytes, code)
    for path, source in files:
        if path not in imported:
            data = source.encode("utf-8")
            compiled[path] = (data, compile(data, path, "exec", dont_inherit=True))

    cache = types.ModuleType("_bgt_compiled", "Code compiled at build time (make_snapshot.mjs).")
    cache.compiled = compiled
    cache.source_to_code = _bootstrap_external.SourceLoader.source_to_code

    def source_to_code(self, data, path, *args, **kwargs):
        entry = compiled.get(path)
        if entry is not None and entry[0] == data:  # exactly these bytes
            return entry[1]
        return cache.source_to_code(self, data, path, *args, **kwargs)

    _bootstrap_external.SourceLoader.source_to_code = source_to_code
    sys.modules[cache.__name__] = cache
    # the page writes the files again after the restore: forget the finders that listed this
    # run's directories (importlib.invalidate_caches() would import importlib.metadata: trimmed)
    sys.path_importer_cache.clear()
    gc.collect()


_prepare(files)
del _prepare, files
`);

const image = pyodide.makeMemorySnapshot();
let end = image.length;
while (end > 0 && image[end - 1] === 0) end--;
const header = new Uint8Array(8 + 64 + 4);
header.set(new TextEncoder().encode("BGTSNAP1" + key));
new DataView(header.buffer).setUint32(72, image.length, true);
const body = new Uint8Array(header.length + end);
body.set(header);
body.set(image.subarray(0, end), header.length);
writeFileSync(output, gzipSync(body, { level: 9 }));
const [modules, codes] = pyodide.runPython(
  "import sys; [len(sys.modules), len(sys.modules['_bgt_compiled'].compiled)]",
).toJs();
console.log(`snapshot: ${modules} modules imported, ${codes} files compiled, memory ${image.length} bytes`);

// PyScript's Python package, as core.js writes it on every start ([path, source] pairs): the
// bundle holds it as an object literal {pyscript: {"__init__.py": "...", ...}}
function pyscriptPackage() {
  const dist = join(root, "vendor", "pyscript");
  const marker = '{pyscript:{"__init__.py":';
  for (const name of readdirSync(dist).filter((n) => n.endsWith(".js"))) {
    const text = readFileSync(join(dist, name), "utf8");
    const start = text.indexOf(marker);
    if (start < 0) continue;
    let depth = 0;
    let quote = null;
    let i = start;
    for (; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === "\\") i++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === "`") quote = c;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) break;
    }
    const tree = new Function(`return (${text.slice(start, i + 1)});`)();
    const out = [];
    const walk = (dir, node) => {
      for (const [entry, value] of Object.entries(node)) {
        if (typeof value === "string") out.push([`${dir}/${entry}`, value]);
        else walk(`${dir}/${entry}`, value);
      }
    };
    walk(HOME, tree);
    return out;
  }
  console.warn("make_snapshot: PyScript's Python package not found in vendor/pyscript (not precompiled)");
  return [];
}
