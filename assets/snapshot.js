// The build's memory snapshot of Python (scripts/make_snapshot.mjs): fetched, unpacked
// and checked here (boot.js starts it), restored by assets/interpreter.js.
//
// The file is gzip of: "BGTSNAP1", the key (64 hex digits: a hash of the runtime files and the game
// code it was made with), the memory size (4 bytes, little-endian), then Pyodide's snapshot without
// its trailing zero bytes. The offline copy keeps it unpacked (sw.template.js), and a server may
// have unpacked it too (Content-Encoding: gzip): both forms are read. A key other than the one the
// build wrote into vendor/preload.json (a half-finished deploy, an old copy in some cache) is
// refused, and so is anything damaged (gzip checks a CRC-32 of the whole content): the page then
// starts Python the usual way.

const MAGIC = "BGTSNAP1";
const HEADER = MAGIC.length + 64 + 4;

// -> Promise<Uint8Array>: the memory image for loadPyodide({_loadSnapshot}); rejects with the reason
export async function fetchSnapshot(response, key) {
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  let buffer = await response.arrayBuffer();
  if (new Uint8Array(buffer, 0, 2).join() === "31,139") buffer = await gunzip(buffer);
  if (buffer.byteLength < HEADER) throw new Error("snapshot: truncated");
  const text = new TextDecoder().decode(new Uint8Array(buffer, 0, HEADER - 4));
  if (text.slice(0, MAGIC.length) !== MAGIC) throw new Error("snapshot: not a snapshot file");
  if (text.slice(MAGIC.length) !== key) throw new Error("snapshot: made for other runtime files");
  const size = new DataView(buffer, HEADER - 4, 4).getUint32(0, true);
  if (buffer.byteLength > HEADER + size) throw new Error("snapshot: longer than it says");
  // the memory after the image's end is zero: grow the buffer in place where the browser can
  const whole = buffer.transfer ? buffer.transfer(HEADER + size) : grown(buffer, HEADER + size);
  return new Uint8Array(whole, HEADER, size);
}

// Unpacking 27 MB takes the thread that does it a while (0.3 s on a desktop, seconds on a phone):
// a worker does it, so that the page meanwhile loads PyScript and Pyodide.
const UNPACK = `onmessage = async (event) => {
  try {
    const stream = new Blob([event.data]).stream().pipeThrough(new DecompressionStream("gzip"));
    const data = await new Response(stream).arrayBuffer();
    postMessage(data, [data]);
  } catch (error) {
    postMessage(String(error && error.message || error));
  }
};`;

function gunzip(buffer) {
  if (typeof DecompressionStream !== "function") throw new Error("snapshot: no DecompressionStream");
  const url = URL.createObjectURL(new Blob([UNPACK], { type: "text/javascript" }));
  const worker = new Worker(url);
  const done = () => {
    worker.terminate();
    URL.revokeObjectURL(url);
  };
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      done();
      if (typeof data === "string") reject(new Error(`snapshot: damaged (${data})`));
      else resolve(data);
    };
    worker.onerror = (event) => {
      done();
      reject(new Error(`snapshot: cannot unpack (${event.message || "no worker"})`));
    };
    worker.postMessage(buffer, [buffer]);
  });
}

function grown(buffer, length) {
  const out = new Uint8Array(length);
  out.set(new Uint8Array(buffer));
  return out.buffer;
}
