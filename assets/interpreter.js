// The interpreter module PyScript loads (pyscript.toml: interpreter = "./assets/interpreter.js"):
// the vendored Pyodide, started from the build's memory snapshot when boot.js has one on its way
// (window.bgt.beforeStart(), see boot.js and snapshot.js), else started the usual way.
//
// A restore skips what every start would repeat: starting CPython and importing the modules
// of every game. Whatever goes wrong with the snapshot (not there, damaged, made for other
// files, refused by Pyodide) ends in the usual start within the same page load, with no word to
// the player; <html data-python-start="snapshot" | "fresh"> says which one ran (tests, benchmark).
//
// The WebAssembly: index.html started fetching and compiling it at the page's first bytes
// (window.bgtWasm, a Promise of the compiled module); Pyodide gets that module instead of
// fetching and compiling the file again. If that went wrong, Pyodide fetches it itself.
import { loadPyodide as startPyodide, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const WASM = new URL("pyodide.asm.wasm", indexURL).href;

// What a restored image must not keep from the build machine's run.
const AFTER_RESTORE = `
import random, sys
random.seed()  # the build's seed would give every visitor the same sequence
while sys.path.count("") > 1:  # Pyodide adds the working directory on every start
    sys.path.remove("")
`;

let early = null;

// boot.js starts Python as soon as it has read what to start, while PyScript is still loading
// (measured: PyScript asks for the interpreter 0.2 s after it is imported); PyScript's call of
// loadPyodide then gets this same Python, with PyScript's own output functions.
export function startEarly() {
  early ??= begin({ indexURL });
  return early;
}

export async function loadPyodide(options = {}) {
  if (!early) { // (no early start: no preload list) one Python still, whoever asks next
    early = begin({ ...options, indexURL });
    return early;
  }
  const pyodide = await early;
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

async function begin(settings) {
  performance.mark("python-start");
  const pyodide = await start(settings);
  await globalThis.bgt?.started?.(pyodide); // boot.js writes the Python files in
  return pyodide;
}

async function start(settings) {
  // a Promise, handed to Pyodide as it is: it loads its JavaScript meanwhile and waits for the
  // image only where it needs it
  const image = globalThis.bgt?.beforeStart?.();
  if (image) {
    try {
      const pyodide = await withEarlyWasm(() => startPyodide({ ...settings, _loadSnapshot: image }));
      pyodide.runPython(AFTER_RESTORE);
      performance.mark("python-restored");
      document.documentElement.dataset.pythonStart = "snapshot";
      return pyodide;
    } catch (error) {
      return startFresh(settings, error);
    }
  }
  return startFresh(settings);
}

function startFresh(settings, problem) {
  document.documentElement.dataset.pythonStart = "fresh";
  if (problem) {
    globalThis.bgt.snapshotProblem = String(problem?.message || problem);
    console.info("Python starts without its snapshot:", problem);
  }
  return withEarlyWasm(() => startPyodide(settings));
}

// Pyodide fetches the WebAssembly (at the start of loadPyodide) and hands that response to
// WebAssembly.instantiateStreaming: during `run`, both are answered with the module index.html
// compiled (a start after a refused snapshot instantiates the same module again).
async function withEarlyWasm(run) {
  const early = globalThis.bgtWasm;
  if (!early) return run();
  const { fetch, WebAssembly: wasm } = globalThis;
  const instantiateStreaming = wasm.instantiateStreaming;
  globalThis.fetch = function (input, init) {
    if (String(input?.url || input) !== WASM) return fetch.call(this, input, init);
    globalThis.fetch = fetch;
    return early.then(() => new Response(null), () => fetch.call(this, input, init));
  };
  wasm.instantiateStreaming = async function (source, imports) {
    wasm.instantiateStreaming = instantiateStreaming;
    performance.mark("wasm-wanted"); // Pyodide's JavaScript is loaded and asks for it
    const module = await early.catch(() => null);
    if (!module) return instantiateStreaming.call(wasm, source, imports);
    const instance = await wasm.instantiate(module, imports);
    performance.mark("wasm-instantiated");
    return { module, instance };
  };
  try {
    return await run();
  } finally {
    if (globalThis.fetch !== fetch) globalThis.fetch = fetch;
    wasm.instantiateStreaming = instantiateStreaming;
  }
}
