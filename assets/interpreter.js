// The interpreter module PyScript loads (pyscript.toml: interpreter = "./assets/interpreter.js"):
// the vendored Pyodide, started from the build's memory snapshot when boot.js has one on its way
// (window.bgt.beforeStart(), see boot.js and snapshot.js; issue #16), else started the usual way.
//
// A restore skips what every start would repeat: starting CPython and importing the modules
// of every game. Whatever goes wrong with the snapshot (not there, damaged, made for other
// files, refused by Pyodide) ends in the usual start within the same page load, with no word to
// the player; <html data-python-start="snapshot" | "fresh"> says which one ran (tests, benchmark).
import { loadPyodide as startPyodide, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;

// What a restored image must not keep from the build machine's run.
const AFTER_RESTORE = `
import random, sys
random.seed()  # the build's seed would give every visitor the same sequence
while sys.path.count("") > 1:  # Pyodide adds the working directory on every start
    sys.path.remove("")
`;

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL };
  performance.mark("python-start");
  try {
    const image = await globalThis.bgt?.beforeStart?.();
    if (image) {
      const pyodide = await startPyodide({ ...settings, _loadSnapshot: image });
      pyodide.runPython(AFTER_RESTORE);
      performance.mark("python-restored");
      document.documentElement.dataset.pythonStart = "snapshot";
      return pyodide;
    }
  } catch (error) {
    return startFresh(settings, error);
  }
  return startFresh(settings);
}

function startFresh(settings, problem) {
  document.documentElement.dataset.pythonStart = "fresh";
  if (problem) {
    globalThis.bgt.snapshotProblem = String(problem?.message || problem);
    console.info("Python starts without its snapshot:", problem);
  }
  return startPyodide(settings);
}
