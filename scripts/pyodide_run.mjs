// Runs Python code inside Pyodide under Node, with this repository mounted, and prints what the
// code prints. Used by the tests to prove the engines behave identically in CPython and in
// Pyodide (the browser's interpreter: CPython 3.14 on 32-bit WebAssembly).
//
//   node scripts/pyodide_run.mjs 'import game; print(game.games.ids())'
import { loadPyodide } from "pyodide";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const code = process.argv[2];
if (!code) {
  console.error("usage: node scripts/pyodide_run.mjs PYTHON_CODE");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
pyodide.FS.mkdir("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
pyodide.runPython("import sys; sys.path.insert(0, '/repo'); sys.dont_write_bytecode = True");
try {
  pyodide.runPython(code);
} catch (err) {
  console.error(String(err));
  process.exit(1);
}
