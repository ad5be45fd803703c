// Boot loader of the board-game table: the picker, translations, the progress overlay, the
// service worker, and the hand-over to Python. Plain browser JavaScript, no build step.
//
// Python boots only when a game is chosen (at once for ?game=ID; for embeds, ?embed=1, on a click
// unless &start=1): the Pyodide start is one long main-thread task, so it never starts under a
// person who is still reading the picker.
//
// The handshake with Python, window.bgt, is written once: assets/handshake.js (made here with
// bridge(); game/ui follows it).
// The board's pan and zoom is assets/board-nav.js (started here, it follows what Python draws).
// The game in progress is on screen before Python starts: the copy Python kept of the table it
// last drew (assets/paint.js), when it is the one Python is about to draw.

import { startNavigation } from "./board-nav.js";
import { GAME_IDS } from "./games.js";
import { bridge } from "./handshake.js";
import { LANGS, chooseLang, translate } from "./i18n.js";
import { installMemoryIDB } from "./idb-fallback.js";
import { paintFragment, storedPaint } from "./paint.js";
import { mountYourGames } from "./yourgames.js";
import { readSnapshot } from "./snapshot.js";

const root = document.documentElement;
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const embed = root.hasAttribute("data-embed");
const STAGES = ["download", "start", "game", "ready"];
const SLOW_MS = 25000;
const PREFETCH_DELAY_MS = 2500;
// Safari and every browser on iOS (their engine is WebKit; Chromium's user agent says AppleWebKit too)
const WEBKIT = /AppleWebKit\//.test(navigator.userAgent) && !/Chrome\/|Chromium\//.test(navigator.userAgent);

const state = {
  lang: "en",
  table: null,            // the whole assets/strings.json
  game: null,             // the game on the table (or being opened)
  match: null,            // the match on the table, when known
  bootStarted: false,
  ready: false,
  stage: null,
  pushed: false,          // our own history entry is on top (Back can use history.back())
  registration: null,     // Promise<ServiceWorkerRegistration | null>
  hadController: "serviceWorker" in navigator && !!navigator.serviceWorker.controller,
  updating: false,        // a new deploy's worker was asked to take over
  updated: false,         // ...and did: the next game start reloads the page into the new version
  snapshot: null,         // Promise of Python's memory image, when it is worth fetching
  offlineSaid: null,      // what the screen reader last heard of the offline copy (a key)
  config: null,           // PyScript's configuration for the game being started (preload.json)
  games: {},              // game id -> {package: its folder, bundle: its Python files} (preload.json)
  bundles: [],            // Promises of the Python files to write once Python runs ({path: source})
  opened: new Set(),      // the games whose Python files are in Python's file system
  python: null,           // the running Pyodide, once Python has started
  main: "game/ui/main.py", // the script PyScript runs (preload.json: the page's copy of it)
  paint: null,            // the kept copy of the table that may be shown while Python starts
};

// ---- storage ---------------------------------------------------------------------------------
// May the page use localStorage at all? Reading tells (a cross-site iframe with third-party storage
// blocked cannot even read); a write could fail merely because the storage is full, and then the
// games kept here must still be listed and continued (Python says when saving fails).
function storageWorks() {
  try {
    localStorage.getItem("bgt-lang");
    return true;
  } catch {
    return false;
  }
}
const storage = storageWorks();
const remember = (key, value) => { if (storage) try { localStorage.setItem(key, value); } catch { /* full */ } };
const recall = (key) => { try { return storage ? localStorage.getItem(key) : null; } catch { return null; } };

// ---- translations ----------------------------------------------------------------------------
// English from the page itself (the elements and <template id="i18n-en">), used until
// strings.json has arrived or if it cannot be loaded
const fallback = new Map();
for (const el of [...document.querySelectorAll("[data-i18n]"), ...$("i18n-en").content.querySelectorAll("[data-i18n]")]) {
  fallback.set(el.dataset.i18n, el.textContent);
}
for (const el of document.querySelectorAll("[data-i18n-attr]")) {
  for (const pair of el.dataset.i18nAttr.split(";")) {
    const [attr, key] = pair.split(":");
    if (!fallback.has(key)) fallback.set(key, el.getAttribute(attr));
  }
}

const t = (key, vars = {}) => translate(state.table, state.lang, key, vars, fallback.get(key));

function applyStrings() {
  root.lang = state.lang;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      el.setAttribute(attr, t(key));
    }
  }
  for (const button of document.querySelectorAll(".lang")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === state.lang));
  }
  // each card's links name their game ("Play Toscana"), their visible word first
  for (const card of document.querySelectorAll(".game")) {
    const game = t(`game.${card.dataset.game}.name`);
    const play = card.querySelector(".play");
    play.textContent = t("picker.play");
    play.setAttribute("aria-label", t("picker.play_game", { game }));
    card.querySelector(".howto").setAttribute("aria-label", t("picker.howto_game", { game }));
  }
  if (state.game) showTitle(state.game);
  if (root.dataset.view !== "table" && !embed) document.title = pickerTitle();
  if (state.stage && !state.ready) setStage(state.stage, state.stageVars);
  if (state.failKey) $("boot-error-text").textContent = t(state.failKey);
  if (!embed) $("storage-note").querySelector("span").textContent = t("storage.off_site");
  showOfflineStatus();
  if (yourGames) yourGames.render();
}

function setLang(lang) {
  if (!LANGS.includes(lang) || lang === state.lang) return;
  state.lang = lang;
  remember("bgt-lang", lang);
  window.bgt.lang = lang;
  applyStrings();
  if (typeof window.bgt.setLang === "function") window.bgt.setLang(lang);
}

const stringsLoaded = fetch(new URL("strings.json", import.meta.url))
  .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`strings.json: HTTP ${r.status}`))))
  .then((table) => { state.table = table; })
  .catch((error) => console.warn("translations unavailable, showing English:", error));

// ---- views -----------------------------------------------------------------------------------
function gameUrl(id, match = null) {
  const q = new URLSearchParams({ game: id });
  if (match) q.set("match", match);
  if (embed) q.set("embed", "1");
  return `${location.pathname}?${q}`;
}

function showTitle(id) {
  const name = t(`game.${id}.name`);
  $("table-title").textContent = name;
  if (!embed) document.title = `${name} · ${t("site.name")}`;
}

function showTable(id, match = null) {
  state.game = id;
  state.match = match;
  window.bgt.game = id;
  window.bgt.match = match;
  root.dataset.view = "table";
  root.dataset.game = id;
  showTitle(id);
}

const pickerTitle = () => `${t("site.name")}: Thurn und Taxis, Toscana, Carcassonne`;

function showPicker({ push }) {
  root.dataset.view = "picker";
  delete root.dataset.game;
  if (!embed) document.title = pickerTitle();
  window.scrollTo(0, 0); // back from a game: "Your games" (with the one just played) in view
  if (push) { history.pushState({}, "", location.pathname); state.pushed = false; }
  if (typeof window.bgt.close === "function") window.bgt.close();
  if (yourGames) yourGames.render(); // Python may have saved a move since
}

// leave the table: back to the picker (through history when we put the table there), or in an
// embed, which has no picker, to the start poster
function goBack() {
  if (embed) root.dataset.poster = "on";
  else if (state.pushed) history.back();
  else showPicker({ push: true });
}

// the poster's buttons: load Python, or (when it runs already) open the game again
function startFromPoster(quick) {
  root.dataset.poster = "off";
  window.bgt.quick = quick;
  if (state.ready && typeof window.bgt.open === "function") window.bgt.open(state.game);
  else boot();
}

function openGame(id, { push, match = null, howto = false }) {
  if (!GAME_IDS.includes(id)) { showPicker({ push: false }); return; }
  window.bgt.howto = howto;
  unpaint(true); // (Back, then another game, while Python still starts)
  showTable(id, match);
  if (push && !embed) { history.pushState({ game: id, match }, "", gameUrl(id, match)); state.pushed = true; }
  if (!embed) {
    window.scrollTo(0, 0);
    $("table-title").focus({ preventScroll: true }); // screen readers hear which game opened
  }
  if (state.ready && typeof window.bgt.open === "function") {
    root.dataset.board = "opening";
    openInPython(id, match);
  } else {
    boot();
  }
}

// ---- the progress overlay --------------------------------------------------------------------
let slowTimer = 0;

function setStage(stage, vars = {}) {
  if (state.failed) return;
  state.stage = stage;
  state.stageVars = vars;
  root.dataset.boot = stage;
  const game = t(`game.${state.game}.name`);
  const text = {
    download: vars.total ? t("boot.download_bytes", vars) : t("boot.download"),
    start: t("boot.start"),
    game: t("boot.game", { game }),
  }[stage];
  if (text) $("boot-stage").textContent = text;
  const index = STAGES.indexOf(stage);
  const part = stage === "download" && vars.total ? vars.fraction : 0;
  $("boot-progress").value = Math.min(3, index + part);
  clearTimeout(slowTimer);
  $("boot-slow").hidden = true;
  if (stage !== "ready") slowTimer = setTimeout(() => { $("boot-slow").hidden = false; }, SLOW_MS);
}

function fail(kind, error) {
  if (state.ready && kind !== "python") { console.error(error); return; }
  clearTimeout(slowTimer);
  state.failed = true;
  root.dataset.boot = "failed";
  root.dataset.board = "failed";
  const detail = error ? String(error.stack || error.message || error) : "";
  state.failKey = kind === "network" ? "error.network" : "error.generic";
  $("boot-error-text").textContent = t(state.failKey);
  $("boot-error-detail").textContent = detail;
  console.error("game start failed:", error);
}

// any uncaught error while Python starts means the start failed: say so instead of hanging
function onBootError(event) {
  const error = event.reason || event.error || event.message;
  fail(looksLikeNetwork(error) ? "network" : "generic", error);
}

function looksLikeNetwork(text) {
  return /fetch|network|load|404|MIME|import/i.test(String(text));
}

// ---- service worker (offline play) -------------------------------------------------------------
function showOfflineStatus(progress) {
  const el = $("offline-status");
  if (root.dataset.offline === "ready") el.textContent = t("offline.ready");
  else if (progress) el.textContent = t("offline.saving", { pct: Math.floor(progress * 100) });
  else el.textContent = "";
}

// a screen reader hears the offline copy start and end, not every percent between
function sayOffline(key) {
  if (state.offlineSaid === key) return;
  state.offlineSaid = key;
  $("offline-say").textContent = t(key);
}

function onWorkerMessage(event) {
  const data = event.data || {};
  if (data.source !== "bgt-sw") return;
  if (data.type === "progress") {
    const fraction = data.total ? data.done / data.total : 0;
    showOfflineStatus(fraction);
    sayOffline("offline.started");
    if (state.bootStarted && state.stage === "download") {
      // the worker's first download runs alongside the start: its bytes are the start's bytes
      const mb = (n) => (n / 1e6).toFixed(1);
      setStage("download", { done: mb(data.done), total: mb(data.total), fraction });
    }
  } else if (data.type === "precached") {
    root.dataset.offline = "ready";
    showOfflineStatus();
    sayOffline("offline.ready");
  } else if (data.type === "error") {
    console.warn("offline copy incomplete:", data.message);
  }
}

function registerWorker() {
  if (state.registration || !("serviceWorker" in navigator)) return state.registration;
  // the worker sits next to index.html so that its scope is the whole site
  state.registration = navigator.serviceWorker
    .register(new URL("../sw.js", import.meta.url), { scope: new URL("../", import.meta.url).pathname })
    .then((registration) => {
      const consider = () => {
        // a new deploy's worker waits while a game runs; before Python starts it may take over
        if (registration.waiting && state.hadController && !state.bootStarted && !state.updating) {
          state.updating = true;
          registration.waiting.postMessage({ type: "skip-waiting" });
        }
      };
      const watch = (worker) => worker?.addEventListener("statechange", () => {
        if (worker.state === "installed") consider();
      });
      registration.addEventListener("updatefound", () => watch(registration.installing));
      watch(registration.installing); // an update the navigation itself started
      consider();
      return registration;
    })
    .catch((error) => {
      console.info("offline play unavailable here:", error.message); // e.g. storage blocked in an embed
      return null;
    });
  return state.registration;
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.onmessage = onWorkerMessage;
  if (state.hadController) root.dataset.offline = "ready";
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (state.hadController) state.updated = true; // a new version took over (not the first install)
    state.hadController = true;
  });
}

// ---- boot ------------------------------------------------------------------------------------
async function boot() {
  if (state.bootStarted) return;
  if (state.updated || state.updating) {
    // a new version took over the cache: start the game from the new page, not from this old one
    if (state.updating && !state.updated) {
      await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }));
    }
    location.assign(gameUrl(state.game, state.match) + location.hash); // a link in the address too
    return;
  }
  state.bootStarted = true;
  root.dataset.board = "booting";
  performance.mark("boot-start");
  choosePaint();
  // the runtime's WebAssembly, fetched and compiled while everything else loads (index.html
  // started it already for a game link; a game chosen on the picker starts it here)
  window.bgtStartWasm?.();
  setStage("download");
  addEventListener("error", onBootError);
  addEventListener("unhandledrejection", onBootError);
  watchFetches();
  try {
    // no waiting for a service worker that is still downloading: Chromium's HTTP cache lets only
    // one of two requests for a file download it (measured: one copy, scripts/bench.py)
    watchResources();
    addEventListener("py:progress", onPyProgress);
    // fetch the whole runtime at once instead of one import after another (names from the build)
    await preloadRuntime();
    paint();
    // Python starts now, not once PyScript has loaded and asks for it (assets/interpreter.js)
    if (state.config) import("./interpreter.js").then((m) => m.startEarly()).catch(() => {}); // PyScript reports a failure
    // PyScript's package cache gets an in-memory IndexedDB (see idb-fallback.js); where storage
    // works the real one comes back as soon as PyScript has opened its cache
    const restoreIDB = installMemoryIDB();
    if (storage) {
      const back = (event) => {
        if (event.type === "bgt:ready" || /^Loaded Storage/.test(String(event.detail))) {
          restoreIDB();
          removeEventListener("py:progress", back);
          removeEventListener("bgt:ready", back);
        }
      };
      addEventListener("py:progress", back);
      addEventListener("bgt:ready", back);
    }
    const script = document.createElement("script");
    script.type = "py";
    script.src = new URL(`../${state.main}`, import.meta.url).href; // as the offline copy holds it
    // the core Python files and the chosen game's (preload.json); without that list, all of them
    script.setAttribute("config", state.config ? JSON.stringify(state.config) : new URL("../pyscript.toml", import.meta.url).href);
    document.body.append(script);
    if (state.config?.plugins) {
      // PyScript loads the plugins once per interpreter type: MicroPython's (unused) has its own list
      const mpy = Object.assign(document.createElement("mpy-config"), { hidden: true });
      mpy.textContent = JSON.stringify({ plugins: state.config.plugins });
      document.body.append(mpy);
    }
    performance.mark("pyscript-import");
    await import("../vendor/pyscript/core.js");
  } catch (error) {
    fail("network", error);
  }
}

async function preloadRuntime() {
  try {
    // index.html starts this fetch before boot.js runs when the URL names a game
    const response = await (window.bgtPreloadList || fetch(new URL("../vendor/preload.json", import.meta.url)));
    const { modules = [], fetches = [], config = null, main = null, core = null, games = {}, snapshot = null, build = null } = await response.json();
    window.bgt.build = build;
    planSnapshot(snapshot);
    state.games = games;
    if (main) state.main = main;
    if (config) {
      state.config = config;
      // the core's Python files and the chosen game's, fetched now and written into Python's file
      // system as soon as it runs (window.bgt.started); the other games' when opened
      state.bundles = [core, games[state.game]?.bundle].filter(Boolean).map(fetchBundle);
      window.bgt.files = Object.fromEntries(Object.entries(games)
        .filter(([id]) => id !== state.game)
        .map(([, { package: folder, bundle }]) => [folder, new URL(`../${bundle}`, import.meta.url).href]));
    }
    const base = new URL("../", import.meta.url);
    const add = (path, rel, priority) => {
      const link = document.createElement("link");
      link.rel = rel;
      link.href = new URL(path, base).href;
      if (rel === "preload") { link.as = "fetch"; link.crossOrigin = "anonymous"; }
      link.fetchPriority = priority;
      document.head.append(link);
    };
    for (const path of modules) add(path, "modulepreload", "high");
    // WebKit never hands a fetch() the response of a <link rel=preload as=fetch>: it downloads
    // the file a second time (measured: tests/browser/test_browser_engines.py), so there only
    // the modules are preloaded. From the offline copy (a revisit) the files are at hand, and
    // preloading them through the worker made the start slower (measured: board up at 1.4 s
    // instead of 2.3 s, medians of 4 on the loaded machine).
    if (WEBKIT || navigator.serviceWorker?.controller) return;
    for (const path of fetches) add(path, "preload", "high");
    // the files PyScript fetches are needed only once the interpreter runs: after everything else
    for (const path of Object.keys(state.config?.files || {})) add(path, "preload", "low");
  } catch (error) {
    console.info("no preload list:", error); // only slower
  }
}

// A bundle of Python files (vendor/bundles/: {path: source}): fetched, then written into Python's
// file system once it runs. A file already there is kept (a game opened twice).
async function fetchBundle(path) {
  const response = await fetch(new URL(`../${path}`, import.meta.url));
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  return response.json();
}

function writeBundle(python, sources) {
  for (const [path, source] of Object.entries(sources)) {
    if (python.FS.analyzePath(path).exists) continue;
    python.FS.mkdirTree(path.split("/").slice(0, -1).join("/"));
    python.FS.writeFile(path, source);
  }
}

// Python runs (assets/interpreter.js): the core's and the chosen game's files go in before main.py
async function onPythonStarted(python) {
  state.python = python;
  for (const bundle of state.bundles) writeBundle(python, await bundle);
  state.bundles = [];
  state.opened.add(state.game);
}

// Open a game in the running Python: first its package's files into Python's file system (the
// game started with only its own).
async function openInPython(id, match) {
  const bundle = state.games[id]?.bundle;
  if (bundle && state.python && !state.opened.has(id)) {
    try {
      writeBundle(state.python, await fetchBundle(bundle));
      state.opened.add(id);
    } catch (error) {
      console.warn("the game's files could not be fetched now:", error); // Python fetches them itself
    }
  }
  window.bgt.open(id, match);
}

// The web app manifest (installing the site), linked only once the first board is up or the picker
// has loaded: browsers fetch its icons at once (measured: 67 kB of PNG on a first visit, before
// the board, in Chromium's phone profile).
function linkManifest() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = Object.assign(document.createElement("link"), { rel: "manifest" });
  link.href = new URL("../manifest.webmanifest", import.meta.url).href;
  document.head.append(link);
}

// ---- the table as Python last drew it (assets/paint.js) -----------------------------------------
// Chosen from what is stored as soon as the start begins; shown once vendor/preload.json has
// said which build this is (the page waits for it anyway; the offline copy answers at once). Until
// then the table stays empty rather than flash the progress overlay (site.css, data-paint).
function choosePaint() {
  if (embed || !storage || location.hash.startsWith("#m=")) return; // an embed: no work under a reader
  try {
    state.paint = storedPaint(localStorage, { game: state.game, match: state.match, lang: state.lang, gameIds: GAME_IDS });
  } catch {
    state.paint = null; // storage refused to read
  }
  if (state.paint) root.dataset.paint = "waiting";
}

function paint() {
  const kept = state.paint;
  state.paint = null;
  if (!kept || root.dataset.paint !== "waiting") return;
  const fragment = kept.build === window.bgt.build ? paintFragment(kept.html) : null;
  if (!fragment) { delete root.dataset.paint; return; }
  const host = $("board-host");
  host.replaceChildren(fragment);
  host.inert = true; // a picture until Python is up: no focus, no clicks
  host.setAttribute("aria-busy", "true");
  root.dataset.paint = "shown";
  requestAnimationFrame(() => performance.mark("paint-shown")); // the frame that shows it
}

// the copy goes: Python drew over it (ready), or another game was chosen meanwhile (clear)
function unpaint(clear) {
  if (!root.dataset.paint) return;
  state.paint = null;
  delete root.dataset.paint;
  const host = $("board-host");
  host.inert = false;
  host.removeAttribute("aria-busy");
  if (clear) host.replaceChildren();
}

// ---- the memory snapshot ---------------------------------------------------------------------
// Restoring Python's memory image (assets/interpreter.js) skips starting CPython and importing the
// games' code, but the image is a bigger download (about 6 MB) than that work is worth on most
// networks (measured: README "Performance"). index.html fetches it when it is at hand
// (window.bgtStartSnapshot: from the offline copy, or from a near server); here it is checked
// against the build's key.
function planSnapshot(info) {
  if (!info) return; // a build without one
  window.bgtStartSnapshot?.(); // a game chosen on the picker (a game link started it already)
  if (!window.bgtSnapshot) return;
  state.snapshot = readSnapshot(window.bgtSnapshot, info.key);
  state.snapshot.then(() => performance.mark("snapshot-unpacked"), () => {}); // the interpreter hears why
}

// A runtime file the server does not have (404) makes Pyodide hang instead of failing: watch
// the fetches made while starting and fail with a plain message at the first bad answer.
let realFetch = null;
function watchFetches() {
  realFetch = window.fetch;
  window.fetch = async function (...args) {
    const response = await realFetch.apply(this, args);
    if (!response.ok && response.type !== "opaque") fail("network", new Error(`${response.url}: HTTP ${response.status}`));
    return response;
  };
}

function onPyProgress(event) {
  const what = String(event.detail || "");
  if (/^Loading interpreter/.test(what) && state.stage === "download" && state.sawRuntime) setStage("start");
  if (/^Loaded interpreter|^Loading files/.test(what)) setStage("game");
}

function watchResources() {
  if (!("PerformanceObserver" in window)) return;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (/pyodide\.asm\.wasm$/.test(entry.name)) {
        state.sawRuntime = true;
        if (state.stage === "download") setStage("start");
        observer.disconnect();
      }
    }
  });
  observer.observe({ type: "resource", buffered: true });
}

// ---- the bridge Python uses --------------------------------------------------------------------
window.bgt = bridge({
  game: null,
  lang: "en",
  storage,
  embed,
  boardHost: "board-host",
  howto: params.has("rules"), // ?rules=1: the address the picker's link has always had
  stage(name) { if (!state.ready) setStage(name); },
  ready(gameId) {
    state.ready = true;
    state.stage = "ready";
    clearTimeout(slowTimer);
    root.dataset.boot = "ready";
    root.dataset.board = "ready";
    root.dataset.boardGame = gameId;
    unpaint(false); // Python has drawn over the copy
    performance.mark("board-ready");
    if (realFetch) { window.fetch = realFetch; realFetch = null; }
    removeEventListener("error", onBootError);
    removeEventListener("unhandledrejection", onBootError);
    dispatchEvent(new CustomEvent("bgt:ready", { detail: { game: gameId } }));
    if (state.game && gameId !== state.game && typeof window.bgt.open === "function") {
      openInPython(state.game, state.match); // the person picked another game meanwhile
      return;
    }
    registerWorker(); // offline copy, now that the download is done (revalidations: no second copy)
    linkManifest();
  },
  fail(message, detail) { fail("python", detail || message); },
  back: goBack,
  quick: false,
  showing(gameId, matchId) {
    if (!GAME_IDS.includes(gameId)) return;
    const moved = gameId !== state.game || (matchId || null) !== state.match;
    state.game = window.bgt.game = root.dataset.game = gameId;
    state.match = window.bgt.match = matchId || null;
    showTitle(gameId);
    // the address names the match on the table, so that a reload continues it (not in embeds)
    if (moved && !embed && root.dataset.view === "table") {
      history.replaceState({ game: gameId, match: state.match }, "", gameUrl(gameId, state.match));
    }
  },
  match: null,
  beforeStart() { return state.snapshot; },
  started: onPythonStarted,
  files: {},
  build: null,
});

// ---- your games (assets/yourgames.js) ------------------------------------------------------------
const yourGames = embed || !storage ? null : mountYourGames({
  t,
  lang: () => state.lang,
  strings: () => state.table,
  gameIds: GAME_IDS,
  storage: () => localStorage,
  open: (game, match) => openGame(game, { push: true, match }),
  forget: (match) => { if (typeof window.bgt.forget === "function") window.bgt.forget(match); },
});

// ---- start -----------------------------------------------------------------------------------
function start() {
  state.lang = chooseLang(params.get("lang"), recall("bgt-lang"), navigator.languages || [navigator.language]);
  history.scrollRestoration = "manual"; // the views place the page themselves (showPicker, openGame)
  window.bgt.lang = state.lang;
  if (!storage) root.dataset.storage = "off";
  if (embed) {
    const full = new URLSearchParams(location.search);
    full.delete("embed");
    full.delete("start");
    $("open-full").href = `${location.pathname}?${full}`;
  }
  applyStrings();
  stringsLoaded.then(applyStrings);
  startNavigation($("board-host"));

  document.addEventListener("click", (event) => {
    const play = event.target.closest("a.play, a.howto");
    if (play && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey && event.button === 0) {
      event.preventDefault();
      openGame(play.closest(".game").dataset.game, { push: true, howto: play.matches(".howto") });
      return;
    }
    const lang = event.target.closest(".lang");
    if (lang) { setLang(lang.dataset.lang); return; }
    if (event.target.closest("#back")) { goBack(); return; }
    if (event.target.closest("#poster-start, #poster-quick")) {
      startFromPoster(!!event.target.closest("#poster-quick"));
      return;
    }
    if (event.target.closest("#storage-ok")) { root.dataset.storageNote = "seen"; return; }
    if (event.target.closest("#retry, .retry")) {
      const q = new URLSearchParams(location.search);
      if (state.game) q.set("game", state.game);
      q.set("start", "1");
      location.replace(`${location.pathname}?${q}`);
    }
  });
  // a language button clicked before this ran (index.html kept it): applied now
  const early = window.bgtEarlyLang || [];
  window.bgtEarlyLang = null;
  if (early.length) setLang(early[early.length - 1]);
  addEventListener("popstate", () => {
    const q = new URLSearchParams(location.search);
    const id = q.get("game");
    state.pushed = !!id;
    if (id) openGame(id, { push: false, match: q.get("match") });
    else showPicker({ push: false });
  });
  // a game link pasted into the address of this page changes only the hash: open it
  addEventListener("hashchange", () => {
    if (location.hash.startsWith("#m=")) openGame(state.game || GAME_IDS[0], { push: false });
  });

  const id = params.get("game");
  const linkOnly = !GAME_IDS.includes(id) && location.hash.startsWith("#m=");
  if (root.hasAttribute("data-unsupported")) {
    root.dataset.view = "picker";
    return;
  }
  if ((id && GAME_IDS.includes(id)) || linkOnly) {
    // a link without ?game= starts on the first game; Python moves to the link's own game
    showTable(linkOnly ? GAME_IDS[0] : id, params.get("match"));
    if (embed && !params.has("start")) root.dataset.poster = "on"; // click to play: the blog stays light
    else boot();
  } else {
    if (id) history.replaceState({}, "", location.pathname); // unknown game: show the picker
    root.dataset.view = "picker";
    // fetch the runtime in the background while the person reads (network only: the worker
    // downloads, no main-thread work); a later click then boots from the cache
    // Not at once: a person who clicks within the first seconds starts faster without the
    // worker's download competing for the CPU (measured, scripts/bench.py); a game start
    // registers it anyway once the board is up.
    const saveData = navigator.connection && navigator.connection.saveData;
    if (!saveData) {
      const idle = () => (window.requestIdleCallback ? requestIdleCallback(registerWorker, { timeout: 2000 }) : registerWorker());
      const later = () => setTimeout(() => { if (!state.bootStarted) idle(); }, PREFETCH_DELAY_MS);
      if (document.readyState === "complete") later();
      else addEventListener("load", later, { once: true });
    }
    if (document.readyState === "complete") linkManifest();
    else addEventListener("load", linkManifest, { once: true });
  }
}

start();
