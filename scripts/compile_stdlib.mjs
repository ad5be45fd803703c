// Compile a Python stdlib zip to bytecode with the pinned Pyodide itself (run by scripts/build.py):
//   node scripts/compile_stdlib.mjs IN.zip OUT.zip
//
// Pyodide ships its stdlib as .py sources, so every start in the browser compiles the ~200 modules
// CPython imports while starting. A zip of .pyc files (unchecked-hash, the exact bytecode of this
// CPython 3.14 build, compiled here by the same Pyodide) lets zipimport load them directly: the
// measured Python start drops from about 3 s to about 1.3 s (README "Performance"). Sources are
// left out (tracebacks into the stdlib show no source line); non-.py entries are kept. Entries keep
// their names' order and dates, so the output is the same bytes for the same input.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error("usage: node scripts/compile_stdlib.mjs IN.zip OUT.zip");
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(input));
pyodide.runPython(`
import importlib._bootstrap_external as bootstrap
import importlib.util
import zipfile

with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info in src.infolist():
        data = src.read(info)
        if info.filename.endswith(".py"):
            code = compile(data, info.filename, "exec", dont_inherit=True, optimize=0)
            pyc = bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            entry = zipfile.ZipInfo(info.filename[:-3] + ".pyc", date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, bytes(pyc), compresslevel=9)
        else:
            out.writestr(info, data)
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
