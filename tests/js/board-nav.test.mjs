// The board's pan and zoom (assets/board-nav.js), its geometry: given the view's size and the
// board's, the whole board (fit), the view it opens with, clamping, zoom around a point, bringing
// a box into view. A camera {k, x, y}: k CSS px per board unit, (x, y) the board point at the
// view's top-left.
import assert from "node:assert/strict";
import test from "node:test";

import {
  centreOn, clampCam, clampZoom, fitView, homeView, limits, panBy, parseBox, showBox, transformOf, zoomAt,
} from "../../assets/board-nav.js";
import { random } from "./junk.mjs";

const VIEWS = [[360, 640], [640, 360], [1280, 800], [320, 320]];
// the games' boards as their controllers declare them (viewBox, data-target, data-text)
const BOARDS = {
  toscana: { box: { x: -6, y: -6, w: 182, h: 182 }, target: 10, text: 0 },
  carcassonne: { box: { x: -180, y: -180, w: 460, h: 460 }, target: 100, text: 0 },
  "thurn-und-taxis": { box: { x: 0, y: 0, w: 600, h: 420 }, target: 48, text: 11.5 },
  "a board with nothing small": { box: { x: 0, y: 0, w: 100, h: 50 }, target: 0, text: 0 },
};
const EPS = 1e-6;

function* frames() {
  for (const [w, h] of VIEWS) for (const [name, board] of Object.entries(BOARDS)) yield [`${name} in ${w}x${h}`, { w, h, ...board }];
}

// where a board point is on screen, and the board point at a screen point
const toScreen = (cam, x, y) => [(x - cam.x) * cam.k, (y - cam.y) * cam.k];
const toBoard = (cam, px, py) => [cam.x + px / cam.k, cam.y + py / cam.k];
const centre = (f, cam) => toBoard(cam, f.w / 2, f.h / 2);
const close = (a, b, what) => assert.ok(Math.abs(a - b) < EPS * Math.max(1, Math.abs(b)), `${what}: ${a} != ${b}`);

function assertCentreOverBoard(f, cam, what) {
  const [cx, cy] = centre(f, cam);
  assert.ok(cx >= f.box.x - EPS && cx <= f.box.x + f.box.w + EPS && cy >= f.box.y - EPS && cy <= f.box.y + f.box.h + EPS, what);
}

test("the whole board: inside the view, as large as fits, centred", () => {
  for (const [what, f] of frames()) {
    const cam = fitView(f);
    const [left, top] = toScreen(cam, f.box.x, f.box.y);
    const [right, bottom] = toScreen(cam, f.box.x + f.box.w, f.box.y + f.box.h);
    assert.ok(left >= -EPS && top >= -EPS && right <= f.w + EPS && bottom <= f.h + EPS, what);
    assert.ok(Math.abs(right - left - f.w) < EPS || Math.abs(bottom - top - f.h) < EPS, `${what}: fills one side`);
    close(left, f.w - right, `${what}: centred across`);
    close(top, f.h - bottom, `${what}: centred down`);
    close(cam.k, limits(f).fit, what);
  }
});

test("the view a board opens with: all of it when targets and text are big enough, else zoomed in until they are", () => {
  for (const [what, f] of frames()) {
    const l = limits(f);
    const cam = homeView(f, null);
    close(cam.k, Math.max(l.fit, l.read), what);
    if (f.target) assert.ok(f.target * cam.k >= 24 - EPS, `${what}: a target is ${f.target * cam.k} px`);
    if (f.text) assert.ok(f.text * cam.k >= 12 - EPS, `${what}: text is ${f.text * cam.k} px`);
    assertCentreOverBoard(f, cam, what);
    // around the last move, where there is one: along each axis the board is centred where the
    // view is larger than it, else the view stays on the board with the last move in it, at
    // the middle unless that would show table beside the board
    for (const [ax, ay] of [[0.7, 0.6], [0.02, 0.5], [0.5, 0.95], [0.95, 0.02]]) {
      const last = { x: f.box.x + f.box.w * ax, y: f.box.y + f.box.h * ay, w: f.box.w / 20, h: f.box.h / 20 };
      const near = homeView(f, last);
      close(near.k, cam.k, `${what}: the same scale`);
      const [left, top] = toScreen(near, f.box.x, f.box.y);
      const [right, bottom] = toScreen(near, f.box.x + f.box.w, f.box.y + f.box.h);
      const [px, py] = toScreen(near, last.x + last.w / 2, last.y + last.h / 2);
      for (const [lo, hi, p, size, axis] of [[left, right, px, f.w, "across"], [top, bottom, py, f.h, "down"]]) {
        if (hi - lo <= size + EPS) close(lo, size - hi, `${what}: the board centred ${axis}`);
        else {
          assert.ok(lo <= EPS && hi >= size - EPS, `${what}: no table beside the board ${axis}`);
          assert.ok(p >= -EPS && p <= size + EPS, `${what}: the last move in view ${axis}`);
          if (lo < -EPS && hi > size + EPS) close(p, size / 2, `${what}: the last move at the middle ${axis}`);
        }
      }
    }
  }
  // Toscana on a phone: cells of 24 px, not the whole board (182 units would be 4.4 cells wide)
  const phone = { w: 360, h: 640, ...BOARDS.toscana };
  assert.equal(homeView(phone, null).k, 2.4);
  assert.ok(limits(phone).fit < 2.4);
});

test("zoom stays between the whole board (or less, to read) and three times what it takes to read", () => {
  for (const [what, f] of frames()) {
    const l = limits(f);
    assert.ok(l.min <= l.fit + EPS && l.min <= Math.max(l.fit, l.read), what);
    close(l.max, 3 * Math.max(l.fit, l.read), what);
    for (const k of [0, -1, 1e-9, 1e9, Infinity, -Infinity, NaN, l.fit, l.max * 2]) {
      const z = clampZoom(f, k);
      assert.ok(z >= l.min - EPS && z <= l.max + EPS, `${what}: ${k} -> ${z}`);
    }
  }
});

test("a camera anywhere is brought back: its centre over the board, never lost off-screen", () => {
  const rng = random(11);
  for (const [what, f] of frames()) {
    for (let k = 0; k < 300; k++) {
      const wild = () => (rng.below(4) ? (rng.next() - 0.5) * 10 ** rng.below(8) : rng.pick([0, 1e12, -1e12, NaN, Infinity, -Infinity]));
      const cam = clampCam(f, { k: rng.below(3) ? rng.next() * 10 : wild(), x: wild(), y: wild() });
      assert.ok([cam.k, cam.x, cam.y].every(Number.isFinite), `${what}: ${JSON.stringify(cam)}`);
      assertCentreOverBoard(f, cam, what);
      assert.deepEqual(clampCam(f, cam), cam, `${what}: clamping twice changes nothing`);
    }
  }
});

test("zooming keeps the board point under the pointer where it is", () => {
  const rng = random(12);
  for (const [what, f] of frames()) {
    const start = fitView(f);
    for (let k = 0; k < 100; k++) {
      // a pointer over the board, zooming in (the centre moves towards the pointer: no clamping)
      const [left, top] = toScreen(start, f.box.x, f.box.y);
      const px = left + rng.next() * f.box.w * start.k;
      const py = top + rng.next() * f.box.h * start.k;
      const before = toBoard(start, px, py);
      const cam = zoomAt(f, start, start.k * (1 + rng.next() * 1.5), px, py);
      const after = toBoard(cam, px, py);
      close(after[0], before[0], `${what}: x`);
      close(after[1], before[1], `${what}: y`);
      // and out again: back to the whole board
      const back = zoomAt(f, cam, limits(f).min, px, py);
      assert.ok(back.k <= start.k + EPS, what);
    }
  }
});

test("panning moves the view by what the finger moved, until the board's edge", () => {
  for (const [what, f] of frames()) {
    const l = limits(f);
    const cam = centreOn(f, l.max, f.box); // zoomed in, at the middle
    const moved = panBy(f, cam, 30, -20);
    close((moved.x - cam.x) * cam.k, 30, `${what}: across`);
    close((moved.y - cam.y) * cam.k, -20, `${what}: down`);
    const far = panBy(f, cam, 1e9, 1e9);
    const [cx, cy] = centre(f, far);
    close(cx, f.box.x + f.box.w, `${what}: stops at the right edge`);
    close(cy, f.box.y + f.box.h, `${what}: stops at the bottom edge`);
  }
});

test("a box (the last move, the cursor) is brought into view with a margin, and a view that shows it stays", () => {
  const rng = random(13);
  for (const [what, f] of frames()) {
    const start = homeView(f, null);
    for (let k = 0; k < 100; k++) {
      const size = f.target || f.box.w / 20;
      const box = { x: f.box.x + rng.next() * (f.box.w - size), y: f.box.y + rng.next() * (f.box.h - size), w: size, h: size };
      const cam = showBox(f, start, box);
      const [left, top] = toScreen(cam, box.x, box.y);
      const [right, bottom] = toScreen(cam, box.x + box.w, box.y + box.h);
      assert.ok(left >= -EPS && top >= -EPS && right <= f.w + EPS && bottom <= f.h + EPS, `${what}: ${JSON.stringify(box)}`);
      assert.deepEqual(showBox(f, cam, box), cam, `${what}: shown already, the view stays`);
    }
  }
});

test("the viewBox attribute, and the transform that draws the board through a camera", () => {
  assert.deepEqual(parseBox("-6 -6 182 182"), { x: -6, y: -6, w: 182, h: 182 });
  assert.deepEqual(parseBox("0,0, 600 420"), { x: 0, y: 0, w: 600, h: 420 });
  for (const bad of ["", null, undefined, "0 0 100", "a b c d", "0 0 NaN 1", 42]) assert.equal(parseBox(bad), null, String(bad));
  // at rest the board is laid out at the camera's scale: the transform only moves it
  assert.equal(transformOf({ x: -6, y: -6 }, { k: 2, x: 10, y: -6 }), "translate(-32.00px, 0.00px) scale(1.00000)");
  // during a gesture the board laid out at another scale is scaled to the camera's
  assert.equal(transformOf({ x: -6, y: -6 }, { k: 2, x: 10, y: -6 }, 1), "translate(-32.00px, 0.00px) scale(2.00000)");
  assert.equal(transformOf({ x: 0, y: 0 }, { k: 3, x: 0, y: 0 }, 2), "translate(0.00px, 0.00px) scale(1.50000)");
});
