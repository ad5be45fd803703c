// Prepare a Python stdlib zip for the page with the pinned Pyodide itself (run by scripts/build.py):
//   node scripts/compile_stdlib.mjs IN.zip OUT.zip           bytecode (.pyc)
//   node scripts/compile_stdlib.mjs --strip IN.zip OUT.zip   sources without docstrings and comments
//
// Pyodide ships its stdlib as .py sources with their docstrings and comments. Two smaller or faster
// forms, both made by the same CPython 3.14 that runs in the page:
//   bytecode  zipimport loads the .pyc files (unchecked-hash) directly: no compiling at start, but
//             about twice the download of the sources (line tables and docstrings);
//   --strip   each module parsed and written back by `ast` without its docstrings and comments:
//             half the download of the sources; compiled at start like any source. Docstrings of
//             the stdlib are then None (nothing the page runs reads them; the audit, the tests and
//             tracebacks, whose lines come from these same files, work as before).
// Non-.py entries are kept. Entries keep their names' order and dates, so the output is the same
// bytes for the same input.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const args = process.argv.slice(2);
const strip = args[0] === "--strip";
const [input, output] = strip ? args.slice(1) : args;
if (!input || !output) {
  console.error("usage: node scripts/compile_stdlib.mjs [--strip] IN.zip OUT.zip");
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(input));
pyodide.globals.set("strip", strip);
pyodide.runPython(`
import ast
import importlib._bootstrap_external as bootstrap
import importlib.util
import zipfile

DEFINITIONS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(source):
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, DEFINITIONS) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return (ast.unparse(tree) + "\\n").encode("utf-8")


with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info in src.infolist():
        data = src.read(info)
        if info.filename.endswith(".py") and strip:
            entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, without_docstrings(data), compresslevel=9)
        elif info.filename.endswith(".py"):
            code = compile(data, info.filename, "exec", dont_inherit=True, optimize=0)
            pyc = bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            entry = zipfile.ZipInfo(info.filename[:-3] + ".pyc", date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, bytes(pyc), compresslevel=9)
        else:
            out.writestr(info, data)
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
