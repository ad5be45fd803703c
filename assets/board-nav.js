// Map navigation of the game board: drag (mouse) and one finger (touch) pan, the wheel, a
// trackpad pinch and two fingers zoom around the pointer, + / − keys and buttons, "whole board"
// and "last move". Plain browser JavaScript, started by boot.js.
//
// The board is the <svg id="gt-board"> Python draws inside <div id="gt-scroll">. This module
// moves it with ONE CSS transform per frame; Python never hears of a gesture. Python talks to
// it only through attributes it sets on the svg when it draws (game/ui/app.py):
//   viewBox          the box that holds everything there is to see (board units)
//   data-target      the smallest tap target on the board, in board units: below 24 CSS px a
//                    tap zooms in instead of choosing (the "overview")
//   data-text        the smallest board text a player must read: the board opens zoomed so
//                    that it is 12 px; text smaller than 12 px on screen is not shown
//   data-last        "x y w h" of the last move: a new move off-screen is brought into view
//   data-cursor      "x y w h n" of the keyboard's cursor (n changes with every key)
//   data-arrows      "cursor" when the arrow keys move the board's own cursor (Shift+arrows
//                    pan then); otherwise the arrows pan
//   data-view        changes when another match or a review's position is shown: the view
//                    starts again (a review draws no data-target: nothing is tapped there, so
//                    each position opens whole where its text stays readable)
//   data-mark        changes when a tapped log entry marks its move (#gt-layer-mark): the mark
//                    is brought into view
// Groups with data-fine="U" (board units) get the class gt-coarse while U is under 24 px on
// screen, so a board can offer a bigger pick of targets that are too close to tap.
// Groups with data-overview="choose": a tap that zooms in on one of their [data-cell] targets
// also taps it (the board's tap only chooses and waits for a confirm, so a near miss costs
// nothing), and the view shows what it chose.

const TARGET_PX = 24;
const TEXT_PX = 12;
const SLOP = { mouse: 4, pen: 6, touch: 9 }; // movement that turns a press into a drag
const WHEEL_ZOOM = 0.0022; // per wheel pixel (a mouse notch is about 100)
const PINCH_ZOOM = 0.012; // per wheel pixel of a trackpad pinch (ctrlKey)
const STEP = 1.5; // one press of + or −
const SETTLE_MS = 160; // after the last wheel event the gesture is over
const ANIMATE_MS = 220;

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

const nav = {
  svg: null, // the board being shown
  view: null, // its viewport (#gt-scroll)
  key: "", // game + data-view of the camera below
  cam: null, // {k: CSS px per board unit, x, y: board point at the viewport's top-left}
  box: { x: 0, y: 0, w: 100, h: 100 }, // the svg's viewBox
  size: { w: 0, h: 0 }, // the viewport in CSS px
  lastSeen: "", // data-last already brought into view
  cursorSeen: "",
  markSeen: "",
  laid: 0, // CSS px per board unit the svg is laid out at (0: to be laid out again)
  pointers: new Map(), // pointerId -> {x, y, type}
  gesture: null, // {kind: "drag" | "pinch", ...}
  suppressClick: 0, // time until which a click is the end of a drag, not a tap
  passing: false, // a tap handed on to the board's target (data-overview="choose")
  frame: 0, // requested animation frame
  animation: null,
  settleTimer: 0,
  fontSizes: new Map(), // class -> font size in board units (texts are many, classes few)
  resizes: null, // the ResizeObserver of the viewport (made by startNavigation)
};

// ---- geometry (pure: no DOM, tested in Node by tests/js/board-nav.test.mjs) ---------------------
// A frame is what the view is made of: {w, h} the viewport in CSS px, box the board's viewBox,
// target and text the smallest tap target and text in board units (0: none said). A camera is
// {k: CSS px per board unit, x, y: the board point at the viewport's top-left}.

export function parseBox(text) {
  const v = String(text || "").trim().split(/[\s,]+/).map(Number);
  return v.length >= 4 && v.slice(0, 4).every(Number.isFinite) ? { x: v[0], y: v[1], w: v[2], h: v[3] } : null;
}

// the scales: the whole board (fit), targets and text big enough (read), and the range allowed
export function limits(f) {
  const fit = Math.min(f.w / f.box.w, f.h / f.box.h);
  const read = Math.max(f.target ? TARGET_PX / f.target : 0, f.text ? TEXT_PX / f.text : 0);
  return { fit, read, min: read ? Math.min(fit, read) : fit, max: 3 * Math.max(fit, read) };
}

// v between low and high (NaN, which no comparison can place: `otherwise`)
const within = (v, low, high, otherwise) => (Number.isNaN(v) ? otherwise : Math.min(high, Math.max(low, v)));

export function clampZoom(f, k) {
  const l = limits(f);
  return within(k, l.min, l.max, l.fit);
}

// the viewport's centre stays over the board's box: the board can never be lost off-screen
export function clampCam(f, cam) {
  const k = clampZoom(f, cam.k);
  const { x, y, w, h } = f.box;
  const cx = within(cam.x + f.w / 2 / k, x, x + w, x + w / 2);
  const cy = within(cam.y + f.h / 2 / k, y, y + h, y + h / 2);
  return { k, x: cx - f.w / 2 / k, y: cy - f.h / 2 / k };
}

// the camera moved by (dx, dy) CSS px of the viewport, at the same scale
export function panBy(f, cam, dx, dy) {
  return clampCam(f, { k: cam.k, x: cam.x + dx / cam.k, y: cam.y + dy / cam.k });
}

// zoom to k keeping the board point under (px, py) (viewport CSS px) where it is
export function zoomAt(f, cam, k, px, py) {
  const ux = cam.x + px / cam.k;
  const uy = cam.y + py / cam.k;
  k = clampZoom(f, k);
  return clampCam(f, { k, x: ux - px / k, y: uy - py / k });
}

export function centreOn(f, k, box) {
  k = clampZoom(f, k);
  return clampCam(f, { k, x: box.x + box.w / 2 - f.w / 2 / k, y: box.y + box.h / 2 - f.h / 2 / k });
}

export function fitView(f) {
  return centreOn(f, limits(f).fit, f.box);
}

// the camera at scale k that shows as much board as it can around `box`: along each axis where
// the view is larger than the board the board is centred, elsewhere the view is centred on the
// box but kept on the board (no empty table beside a board that could fill the view)
export function placeOn(f, k, box) {
  k = clampZoom(f, k);
  const axis = (start, size, view, at, length) => (size <= view
    ? start + size / 2 - view / 2
    : within(at + length / 2 - view / 2, start, start + size - view, start));
  const { x, y, w, h } = f.box;
  return clampCam(f, { k, x: axis(x, w, f.w / k, box.x, box.w), y: axis(y, h, f.h / k, box.y, box.h) });
}

// the view the board opens with: all of it where targets and text are big enough, else zoomed
// in until they are, around the last move (a box, or null)
export function homeView(f, last) {
  const l = limits(f);
  return placeOn(f, Math.max(l.fit, l.read), last || f.box);
}

// the smallest move of the camera that shows `box` (with a margin), zooming out if it must,
// but not so far that its targets could not be tapped any more
export function showBox(f, cam, box) {
  const { w, h } = f;
  const margin = Math.min(w, h) * 0.08;
  let k = cam.k;
  const need = Math.min((w - 2 * margin) / box.w, (h - 2 * margin) / box.h);
  if (need < k) k = clampZoom(f, Math.max(need, Math.min(k, limits(f).read)));
  let { x, y } = k === cam.k ? cam : centreOn(f, k, box);
  const m = margin / k;
  const vw = w / k, vh = h / k;
  if (box.x - m < x) x = box.x - m;
  else if (box.x + box.w + m > x + vw) x = Math.min(box.x - m, box.x + box.w + m - vw);
  if (box.y - m < y) y = box.y - m;
  else if (box.y + box.h + m > y + vh) y = Math.min(box.y - m, box.y + box.h + m - vh);
  return clampCam(f, { k, x, y });
}

// the CSS transform that shows the board, laid out at `laid` CSS px per board unit, through the
// camera: at rest the board is laid out at the camera's scale (scale 1: painted sharp by every
// engine); during a gesture the layer laid out before is scaled (no paint per frame)
export function transformOf(box, cam, laid = cam.k) {
  const tx = (box.x - cam.x) * cam.k;
  const ty = (box.y - cam.y) * cam.k;
  return `translate(${tx.toFixed(2)}px, ${ty.toFixed(2)}px) scale(${(cam.k / laid).toFixed(5)})`;
}

// the frame of the board on screen now
function frame() {
  const { dataset } = nav.svg;
  return { ...nav.size, box: nav.box, target: Number(dataset.target) || 0, text: Number(dataset.text) || 0 };
}

// ---- drawing: one transform per frame ------------------------------------------------------------
function apply() {
  nav.frame = 0;
  if (!nav.svg || !nav.cam) return;
  if (!nav.laid) {
    nav.laid = nav.cam.k;
    nav.svg.style.width = `${nav.box.w * nav.laid}px`;
    nav.svg.style.height = `${nav.box.h * nav.laid}px`;
  }
  nav.svg.style.transform = transformOf(nav.box, nav.cam, nav.laid);
}

// at rest: the board laid out at the size it shows. A layer keeps the scale it was painted at
// (WebKit never paints it again for a new scale): a layer scaled up is blurred, one laid out
// at its size is sharp from the first paint on.
function rest() {
  nav.laid = 0;
  apply();
}

function restOrApply() {
  if (nav.view.classList.contains("gt-moving")) apply();
  else rest();
}

function setCam(cam) {
  nav.cam = cam;
  if (!nav.frame) nav.frame = requestAnimationFrame(apply);
}

function animateTo(target) {
  nav.animation = null;
  if (!nav.cam || reducedMotion()) { setCam(target); settle(); return; }
  const from = nav.cam;
  const start = performance.now();
  const run = { };
  nav.animation = run;
  const step = (now) => {
    if (nav.animation !== run) return;
    const t = Math.min(1, (now - start) / ANIMATE_MS);
    const e = 1 - (1 - t) ** 3;
    const k = from.k * (target.k / from.k) ** e;
    // the centre moves in a straight line while the scale changes evenly
    const cx = from.x + nav.size.w / 2 / from.k + (target.x + nav.size.w / 2 / target.k - from.x - nav.size.w / 2 / from.k) * e;
    const cy = from.y + nav.size.h / 2 / from.k + (target.y + nav.size.h / 2 / target.k - from.y - nav.size.h / 2 / from.k) * e;
    nav.cam = { k, x: cx - nav.size.w / 2 / k, y: cy - nav.size.h / 2 / k };
    apply();
    if (t < 1) requestAnimationFrame(step);
    else { nav.animation = null; nav.cam = target; apply(); settle(); }
  };
  moving(true);
  requestAnimationFrame(step);
}

// The board is its own compositor layer (site.css): a gesture moves and scales it and paints
// nothing; at rest it is laid out again at its scale (rest), painted sharp once.
function moving(on) {
  if (nav.view) nav.view.classList.toggle("gt-moving", on);
}

function settle() {
  clearTimeout(nav.settleTimer);
  moving(false);
  if (nav.frame) { cancelAnimationFrame(nav.frame); nav.frame = 0; }
  rest();
  refresh();
}

function settleSoon() {
  moving(true);
  clearTimeout(nav.settleTimer);
  nav.settleTimer = setTimeout(settle, SETTLE_MS);
}

// at rest: what can be tapped and read at this scale
function refresh() {
  if (!nav.svg || !nav.cam) return;
  const k = nav.cam.k;
  const target = Number(nav.svg.dataset.target) || 0;
  nav.view.classList.toggle("gt-overview", target > 0 && target * k < TARGET_PX - 0.01);
  nav.view.dataset.zoom = k.toFixed(3); // for people and tests reading the page
  for (const group of nav.svg.querySelectorAll("[data-fine]")) {
    group.classList.toggle("gt-coarse", Number(group.dataset.fine) * k < TARGET_PX - 0.01);
  }
  for (const text of nav.svg.querySelectorAll("text")) {
    const key = text.getAttribute("class") || "";
    let size = nav.fontSizes.get(key);
    if (size === undefined) {
      text.classList.remove("gt-tiny");
      size = parseFloat(getComputedStyle(text).fontSize) || 0;
      nav.fontSizes.set(key, size);
    }
    text.classList.toggle("gt-tiny", size * k < TEXT_PX - 0.01);
  }
}

// ---- following what Python draws -------------------------------------------------------------------
function measure() {
  const rect = nav.view.getBoundingClientRect();
  nav.size = { w: nav.view.clientWidth || rect.width, h: nav.view.clientHeight || rect.height };
  // the map buttons stand beside the board: as many columns as its height needs (set in the
  // next frame: a change of the board's width inside a ResizeObserver callback is a loop)
  const buttons = document.querySelector(".gt-nav");
  if (buttons && nav.size.h > 0) {
    const rows = Math.max(1, Math.floor((nav.size.h + 4) / 48));
    const columns = `repeat(${Math.ceil(buttons.children.length / rows)}, 44px)`;
    if (buttons.style.gridTemplateColumns !== columns) {
      requestAnimationFrame(() => { buttons.style.gridTemplateColumns = columns; });
    }
  }
  return nav.size.w > 0 && nav.size.h > 0;
}

function sync() {
  const svg = document.getElementById("gt-board");
  const view = svg && svg.closest(".gt-view");
  if (!svg || !view) { nav.svg = nav.view = null; return; }
  const fresh = svg !== nav.svg;
  if (fresh) {
    nav.svg = svg;
    nav.view = view;
    nav.fontSizes.clear();
    nav.resizes.disconnect();
    nav.resizes.observe(view);
  }
  const box = parseBox(svg.getAttribute("viewBox"));
  if (!box || !measure()) return;
  if (fresh || box.x !== nav.box.x || box.y !== nav.box.y || box.w !== nav.box.w || box.h !== nav.box.h) nav.laid = 0;
  nav.box = box;
  const game = svg.closest("[data-game]")?.dataset.game || "";
  const key = `${game}|${svg.dataset.view || ""}`;
  if (key !== nav.key || !nav.cam) {
    nav.key = key;
    nav.cam = homeView(frame(), parseBox(svg.dataset.last));
    nav.lastSeen = svg.dataset.last || "";
    nav.cursorSeen = svg.dataset.cursor || "";
    nav.markSeen = svg.dataset.mark || "";
  } else {
    nav.cam = clampCam(frame(), nav.cam);
  }
  refresh(); // what was just drawn: its targets and texts at this scale
  const last = svg.dataset.last || "";
  if (last !== nav.lastSeen) {
    nav.lastSeen = last;
    const lastBox = parseBox(last);
    if (lastBox) { animateTo(showBox(frame(), nav.cam, lastBox)); return; }
  }
  const cursor = svg.dataset.cursor || "";
  if (cursor !== nav.cursorSeen) {
    nav.cursorSeen = cursor;
    const cursorBox = parseBox(cursor);
    if (cursorBox) { animateTo(showBox(frame(), nav.cam, cursorBox)); return; }
  }
  const mark = svg.dataset.mark || "";
  if (mark !== nav.markSeen) {
    nav.markSeen = mark;
    const markBox = drawnBox(document.getElementById("gt-layer-mark"));
    if (markBox) { animateTo(showBox(frame(), nav.cam, markBox)); return; }
  }
  restOrApply(); // what was drawn, at rest: laid out at its scale
}

// the box (board units) of what a layer of the board holds now; null when it is empty
function drawnBox(layer) {
  if (!layer || !layer.firstElementChild) return null;
  const b = layer.getBBox();
  return b.width > 0 || b.height > 0 ? { x: b.x, y: b.y, w: b.width, h: b.height } : null;
}

function onResize() {
  if (!nav.view || !nav.cam) return;
  const { w, h } = nav.size;
  const cx = nav.cam.x + w / 2 / nav.cam.k;
  const cy = nav.cam.y + h / 2 / nav.cam.k;
  if (!measure()) return;
  nav.cam = clampCam(frame(), { k: nav.cam.k, x: cx - nav.size.w / 2 / nav.cam.k, y: cy - nav.size.h / 2 / nav.cam.k });
  restOrApply();
  refresh();
}

let syncQueued = false;
function queueSync() {
  if (syncQueued) return;
  syncQueued = true;
  queueMicrotask(() => { syncQueued = false; sync(); });
}

// ---- input ---------------------------------------------------------------------------------------------
function local(event) {
  const rect = nav.view.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

function onPointerDown(event) {
  if (!inView(event) || (event.pointerType === "mouse" && event.button !== 0 && event.button !== 1)) return;
  nav.animation = null;
  nav.pointers.set(event.pointerId, { ...local(event), type: event.pointerType });
  if (nav.pointers.size === 2) startPinch();
  else if (nav.pointers.size === 1) nav.gesture = { kind: "press", start: local(event), cam: nav.cam, id: event.pointerId };
}

function startPinch() {
  const [a, b] = [...nav.pointers.values()];
  nav.gesture = {
    kind: "pinch",
    cam: nav.cam,
    dist: Math.hypot(a.x - b.x, a.y - b.y) || 1,
    mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
  };
  moving(true);
}

function onPointerMove(event) {
  const pointer = nav.pointers.get(event.pointerId);
  if (!pointer || !nav.gesture) return;
  Object.assign(pointer, local(event));
  const g = nav.gesture;
  if (g.kind === "press") {
    const moved = Math.hypot(pointer.x - g.start.x, pointer.y - g.start.y);
    if (moved < (SLOP[pointer.type] || 6)) return;
    g.kind = "drag";
    moving(true);
    if (event.pointerType === "mouse") nav.view.setPointerCapture(event.pointerId);
  }
  event.stopPropagation(); // a drag is not a hover: the board keeps its preview
  if (g.kind === "drag") {
    setCam(panBy(frame(), g.cam, g.start.x - pointer.x, g.start.y - pointer.y));
  } else if (g.kind === "pinch" && nav.pointers.size >= 2) {
    const [a, b] = [...nav.pointers.values()];
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const k = clampZoom(frame(), g.cam.k * (Math.hypot(a.x - b.x, a.y - b.y) / g.dist));
    // the board point that was under the fingers' midpoint stays under it
    const ux = g.cam.x + g.mid.x / g.cam.k;
    const uy = g.cam.y + g.mid.y / g.cam.k;
    setCam(clampCam(frame(), { k, x: ux - mid.x / k, y: uy - mid.y / k }));
  }
}

function onPointerUp(event) {
  if (!nav.pointers.delete(event.pointerId)) return;
  const g = nav.gesture;
  if (g && g.kind !== "press") {
    nav.suppressClick = performance.now() + 500; // the click that ends a drag places nothing
    if (nav.pointers.size === 1) {
      // one finger of a pinch is still down: it goes on as a drag from here
      const [id, p] = [...nav.pointers.entries()][0];
      nav.gesture = { kind: "drag", start: { x: p.x, y: p.y }, cam: nav.cam, id };
      return;
    }
  }
  if (nav.pointers.size === 0) {
    nav.gesture = null;
    // a drag or pinch ends; so does a glide a press stopped half way
    if ((g && g.kind !== "press") || (!nav.animation && nav.view.classList.contains("gt-moving"))) settle();
  }
}

function onClick(event) {
  if (nav.passing || !inView(event)) return;
  if (performance.now() < nav.suppressClick) {
    nav.suppressClick = 0;
    event.stopPropagation();
    event.preventDefault();
    return;
  }
  if (nav.view.classList.contains("gt-overview") && event.button === 0) {
    // the targets are too small to tap: a tap zooms in on that place first
    event.stopPropagation();
    event.preventDefault();
    const { x, y } = local(event);
    const f = frame();
    let target = zoomAt(f, nav.cam, Math.max(limits(f).read, nav.cam.k * 2), x, y);
    const cell = choosable(nav.cam.x + x / nav.cam.k, nav.cam.y + y / nav.cam.k);
    if (cell) {
      const before = nav.svg.dataset.cursor || "";
      nav.passing = true;
      try {
        cell.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, clientX: event.clientX, clientY: event.clientY }));
      } finally {
        nav.passing = false;
      }
      // the board chose and moved its cursor (data-cursor): the zoom shows what it chose
      const after = nav.svg.dataset.cursor || "";
      const chosen = after !== before && parseBox(after);
      if (chosen) {
        nav.cursorSeen = after;
        target = showBox(f, target, chosen);
      }
    }
    animateTo(target);
  }
}

// the [data-cell] target of a data-overview="choose" group at a board point (board units)
function choosable(ux, uy) {
  for (const cell of nav.svg.querySelectorAll('[data-overview="choose"] [data-cell]')) {
    const b = cell.getBBox();
    if (ux >= b.x && ux < b.x + b.width && uy >= b.y && uy < b.y + b.height) return cell;
  }
  return null;
}

function onWheel(event) {
  if (!inView(event)) return;
  event.preventDefault();
  nav.animation = null;
  const unit = event.deltaMode === 1 ? 33 : event.deltaMode === 2 ? nav.size.h : 1;
  const dx = event.deltaX * unit;
  const dy = event.deltaY * unit;
  const cam = nav.cam;
  if (!event.ctrlKey && Math.abs(dx) > Math.abs(dy)) {
    setCam(panBy(frame(), cam, dx, dy)); // sideways: pan
  } else {
    const { x, y } = local(event);
    const rate = event.ctrlKey ? PINCH_ZOOM : WHEEL_ZOOM;
    setCam(zoomAt(frame(), cam, cam.k * Math.exp(-dy * rate), x, y));
  }
  settleSoon();
}

function inView(event) {
  return nav.view && nav.cam && nav.view.contains(event.target);
}

function navButton(name) {
  if (!nav.cam) return;
  const { w, h } = nav.size;
  if (name === "in" || name === "out") {
    animateTo(zoomAt(frame(), nav.cam, nav.cam.k * (name === "in" ? STEP : 1 / STEP), w / 2, h / 2));
  } else if (name === "fit") {
    animateTo(fitView(frame()));
  } else if (name === "last") {
    const box = parseBox(nav.svg.dataset.last);
    if (box) animateTo(centreOn(frame(), Math.max(nav.cam.k, limits(frame()).read), box));
    else animateTo(homeView(frame(), null));
  }
}

function onKey(event) {
  if (!nav.cam || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  if (document.documentElement.dataset.view !== "table" || !nav.view.offsetParent) return;
  const field = event.target.closest?.("input, select, textarea, [contenteditable]");
  const dialog = document.getElementById("gt-dialog");
  if (field || (dialog && !dialog.hidden && !dialog.classList.contains("gt-aside"))) return;
  const key = event.key;
  if (key === "+" || key === "=") navButton("in");
  else if (key === "-" || key === "_" || key === "−") navButton("out");
  else if (key.startsWith("Arrow") && (event.shiftKey || nav.svg.dataset.arrows !== "cursor")) {
    const step = Math.min(nav.size.w, nav.size.h) * 0.25;
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
    if (!d) return;
    event.preventDefault();
    animateTo(panBy(frame(), nav.cam, d[0] * step, d[1] * step));
  } else return;
  event.preventDefault();
}

export function startNavigation(host) {
  nav.resizes = new ResizeObserver(onResize);
  new MutationObserver(queueSync).observe(host, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["viewBox", "data-last", "data-cursor", "data-view", "data-mark"],
  });
  host.addEventListener("pointerdown", onPointerDown);
  // capture: a drag in progress is seen before the board's own listeners (hover previews)
  host.addEventListener("pointermove", onPointerMove, true);
  host.addEventListener("pointerup", onPointerUp, true);
  host.addEventListener("pointercancel", onPointerUp, true);
  host.addEventListener("click", onClick, true);
  // the wheel on a real box: the host is display: contents, and Chromium's compositor, which
  // decides whether a wheel event needs the page, sees no listener on a box-less element
  (host.parentElement || document).addEventListener("wheel", onWheel, { passive: false });
  host.addEventListener("click", (event) => {
    const button = event.target.closest?.("[data-nav]");
    if (button) navButton(button.dataset.nav);
  });
  document.addEventListener("keydown", onKey);
  queueSync();
  return { state: nav, refresh, navButton };
}
