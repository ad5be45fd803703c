// The build's memory snapshot of Python (scripts/make_snapshot.mjs): fetched by index.html from the
// page's first bytes (window.bgtStartSnapshot) and unpacked off the page's thread while it arrives
// (assets/snapshot-worker.js), checked here (boot.js), restored by assets/interpreter.js.
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

// bytes: Promise<ArrayBuffer> of the file as assets/snapshot-worker.js unpacked it (index.html) ->
// Promise<Uint8Array>: the memory image for loadPyodide({_loadSnapshot}); rejects with the reason
export async function readSnapshot(bytes, key) {
  const buffer = await bytes;
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

function grown(buffer, length) {
  const out = new Uint8Array(length);
  out.set(new Uint8Array(buffer));
  return out.buffer;
}
