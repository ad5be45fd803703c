// Unpacks Python's memory snapshot off the page's thread, while it arrives (assets/snapshot.js,
// index.html). The page posts the file's bytes chunk by chunk (ArrayBuffers, transferred), then
// null; the answer is one ArrayBuffer: the bytes unpacked when they are gzip, else as they came
// (a server or the offline copy unpacked them already), or a string saying what went wrong.
let push = null;
let end = null;
const arriving = new ReadableStream({
  start(controller) {
    push = (chunk) => controller.enqueue(new Uint8Array(chunk));
    end = () => controller.close();
  },
});
onmessage = ({ data }) => (data === null ? end() : push(data));

(async () => {
  try {
    const reader = arriving.getReader();
    const first = await reader.read();
    // fetch hands over chunks of kilobytes: the first holds gzip's two magic bytes, if any
    const gzip = !first.done && first.value[0] === 31 && first.value[1] === 139;
    const whole = new ReadableStream({
      start(controller) { if (!first.done) controller.enqueue(first.value); },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    });
    const bytes = gzip ? whole.pipeThrough(new DecompressionStream("gzip")) : whole;
    const data = await new Response(bytes).arrayBuffer();
    postMessage(data, [data]);
  } catch (error) {
    postMessage(String(error && error.message || error));
  }
})();
