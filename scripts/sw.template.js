/* Service worker of the board-game table: offline play after one visit.
 * GENERATED: scripts/build.py writes sw.js from scripts/sw.template.js (edit the template, not sw.js).
 *
 * install   downloads every PRECACHE file (with progress messages to the page) into the cache
 *           named PREFIX + VERSION; the first worker takes over at once, an update waits until
 *           the page says it is safe (no Python running) or every tab of the site is closed.
 * activate  deletes this site's older caches (a new deploy = a new VERSION), claims the pages.
 * fetch     cache first for same-origin GETs in scope; navigations with any query string are
 *           served index.html; a miss goes to the network and is kept in the same cache. The
 *           .wasm file bypasses the worker when the network is known to be up (see below).
 * Messages to the page: {source: "bgt-sw", version, type: "progress", done, total} |
 *           {type: "precached"} | {type: "error", message}. From the page: {type: "skip-waiting"},
 *           {type: "network?"} with a port (answered "up" | "down" on that port).
 */
const VERSION = "__VERSION__";
const PREFIX = "board-game-table-";
const CACHE = PREFIX + VERSION;
// [path relative to this file, bytes]; sorted
const PRECACHE = [/*__PRECACHE__*/];
const TOTAL = PRECACHE.reduce((n, entry) => n + entry[1], 0);
const SCOPE = new URL("./", self.location).href;
const INDEX = new URL("./index.html", self.location).href;
const PARALLEL = 4;

async function tell(message) {
  const pages = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const page of pages) page.postMessage({ source: "bgt-sw", version: VERSION, ...message });
}

async function precache() {
  const cache = await caches.open(CACHE);
  let done = 0;
  let told = 0;
  const progress = (bytes) => {
    done += bytes;
    const now = Date.now();
    if (now - told > 100 || done === TOTAL) {
      told = now;
      tell({ type: "progress", done, total: TOTAL });
    }
  };
  const todo = [];
  for (const [path, size] of PRECACHE) {
    const url = new URL(path, self.location).href;
    // an interrupted install of the same VERSION resumes (same name = same bytes)
    if (await cache.match(url, { ignoreVary: true })) progress(size);
    else todo.push([url, size]);
  }
  const one = async ([url, size]) => {
    // "no-cache": revalidate against the server, so a copy the page already downloaded (HTTP
    // cache) is reused after a 304 instead of being downloaded a second time. The response is
    // stored as it came (not copied or read here): less work while a person may be starting a game.
    const response = await fetch(new Request(url, { cache: "no-cache" }));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    await cache.put(url, url === SNAPSHOT ? await unpacked(response) : response);
    progress(size);
  };
  const workers = [];
  for (let i = 0; i < PARALLEL; i++) {
    workers.push((async () => { while (todo.length) await one(todo.shift()); })());
  }
  await Promise.all(workers);
}

// Python's memory snapshot travels as gzip; the offline copy keeps it unpacked (about
// 27 MB instead of 6), so that a start from this copy does not spend a quarter of a second of the
// page on unpacking it (assets/snapshot-worker.js reads either form). Not in WebKit: its
// Cache Storage hands a page big bodies slowly (measured: 27 MB in 3-5 s), slower than unpacking.
const SNAPSHOT = new URL("__SNAPSHOT__", self.location).href;
const WEBKIT = /AppleWebKit\//.test(navigator.userAgent) && !/Chrome\/|Chromium\//.test(navigator.userAgent);

async function unpacked(response) {
  if (WEBKIT) return response;
  const data = await response.arrayBuffer();
  const gzip = new Uint8Array(data, 0, 2).join() === "31,139";
  if (!gzip || typeof DecompressionStream !== "function") return new Response(data, { headers: response.headers });
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(await new Response(stream).arrayBuffer(), { headers: { "Content-Type": "application/octet-stream" } });
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    try {
      await precache();
    } catch (error) {
      await tell({ type: "error", message: String(error && error.message || error) });
      throw error;
    }
    await tell({ type: "precached" });
    if (!self.registration.active) await self.skipWaiting(); // first visit: control the page now
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  if (event.data && event.data.type === "network?" && event.ports[0]) {
    event.waitUntil(probeNetwork().then((answer) => event.ports[0].postMessage(answer)));
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// Chrome keeps compiled WebAssembly only for responses from its HTTP cache: a .wasm served from
// here is compiled again on every visit (measured: a revisit took 1.19 s instead of 0.65 s to the
// board). So when the network is known to answer, the .wasm request bypasses this worker;
// offline, on a network that only pretends to be up, or while that is not known, it comes from
// the offline copy. The page asks before it starts the runtime ({type: "network?"} with a
// MessagePort); the answer comes from one small no-store request, or a timeout.
const PROBE = new URL("./manifest.webmanifest", self.location).href;
const PROBE_TIMEOUT_MS = 1500;
let network = "unknown";

async function probeNetwork() {
  network = "unknown";
  const timeout = new Promise((resolve) => setTimeout(resolve, PROBE_TIMEOUT_MS, null));
  try {
    const response = await Promise.race([fetch(new Request(PROBE, { cache: "no-store" })), timeout]);
    const type = (response && response.headers.get("content-type")) || "";
    network = response && response.ok && type.includes("manifest") ? "up" : "down";
  } catch {
    network = "down";
  }
  return network;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return; // other origins: untouched
  const url = new URL(request.url);
  if (url.pathname.endsWith("/sw.js")) return;
  if (url.pathname.endsWith(".wasm") && network === "up" && self.navigator.onLine) return;
  event.respondWith(respond(event, request, url));
});

async function respond(event, request, url) {
  const cache = await caches.open(CACHE);
  const navigate = request.mode === "navigate";
  const key = navigate && url.origin + url.pathname === SCOPE ? INDEX : request;
  const hit = await cache.match(key, { ignoreSearch: navigate, ignoreVary: true });
  if (hit) return hit;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic" && !navigate) {
      event.waitUntil(cache.put(request, response.clone()));
    }
    return response;
  } catch (error) {
    if (navigate) {
      const page = await cache.match(INDEX, { ignoreVary: true });
      if (page) return page;
    }
    throw error;
  }
}
