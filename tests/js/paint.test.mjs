// The reader of the kept copy of the table (assets/paint.js): it names the copy only when it is
// the table Python is about to draw (the match asked for, else the game's latest in progress,
// with as many moves, in the same language), never throws for anything stored, and refuses
// markup that could run or reach outside the page.
import assert from "node:assert/strict";
import test from "node:test";

import { PAINT_KEY, PAINT_VERSION, storedPaint, unsafeAttribute, unsafeElement } from "../../assets/paint.js";
import { INDEX_KEY, SLOT_PREFIX } from "../../assets/yourgames.js";
import { junk, memoryStorage, random } from "./junk.mjs";

const GAMES = ["thurn-und-taxis", "toscana", "carcassonne"];
const BUILD = "0123456789abcdef";

function summary(id, { game = "toscana", moves = 7, over = false, played = 1_700_000_000_000 } = {}) {
  return {
    id, game, names: ["Ann", "Computer"], kinds: ["human", "ai"], to_move: over ? null : 0, moves,
    over, winners: over ? [0] : [], played, mode: "ai",
  };
}

function copy(fields = {}) {
  return { v: PAINT_VERSION, build: BUILD, game: "toscana", match: "match-one", moves: 7, lang: "en", html: "<div>board</div>", ...fields };
}

// two toscana matches kept (match-one the latest), and the copy of match-one
function stored({ paint = copy(), slots = [summary("match-one"), summary("match-two", { played: 1_600_000_000_000 })] } = {}) {
  const entries = Object.fromEntries(slots.map((s) => [SLOT_PREFIX + s.id, JSON.stringify({ v: 2, link: "2AAAA", ui: {}, summary: s, local: [0], keys: {}, rev: 3 })]));
  entries[INDEX_KEY] = JSON.stringify({ v: 1, games: slots });
  entries[PAINT_KEY] = typeof paint === "string" ? paint : JSON.stringify(paint);
  return memoryStorage(entries);
}

const ask = (storage, fields = {}) => storedPaint(storage, { game: "toscana", match: null, lang: "en", gameIds: GAMES, ...fields });

test("the copy of the match Python opens is named, with its build", () => {
  assert.deepEqual(ask(stored()), { build: BUILD, html: "<div>board</div>" });
  assert.deepEqual(ask(stored(), { match: "match-one" }), { build: BUILD, html: "<div>board</div>" });
});

test("a copy that is not the table Python is about to draw is not named", () => {
  const cases = {
    "another match asked for": [stored(), { match: "match-two" }],
    "another game opened": [stored(), { game: "carcassonne" }],
    "another language": [stored(), { lang: "cs" }],
    "fewer moves (stale)": [stored({ paint: copy({ moves: 6 }) }), {}],
    "more moves": [stored({ paint: copy({ moves: 8 }) }), {}],
    "the latest is another match": [stored({ paint: copy({ match: "match-two" }) }), {}],
    "the match is over (Python opens the latest in progress)": [stored({ slots: [summary("match-one", { over: true })] }), {}],
    "another format": [stored({ paint: copy({ v: 2 }) }), {}],
    "no build": [stored({ paint: copy({ build: null }) }), {}],
    "no markup": [stored({ paint: copy({ html: "" }) }), {}],
    "moves as text": [stored({ paint: copy({ moves: "7" }) }), {}],
    "edited text": [stored({ paint: JSON.stringify(copy()).slice(0, -3) }), {}],
    "no copy": [stored({ paint: "null" }), {}],
  };
  for (const [what, [storage, fields]] of Object.entries(cases)) assert.equal(ask(storage, fields), null, what);
});

test("a copy whose match's slot is gone or damaged is not named", () => {
  for (const slot of [null, "", "{", "[]", '{"v": 2}', JSON.stringify({ v: 1, link: "2AAAA", summary: summary("other") }),
    JSON.stringify({ v: 1, summary: summary("match-one") }), JSON.stringify({ v: 1, link: "2AAAA", summary: { ...summary("match-one"), moves: -1 } })]) {
    const storage = stored();
    if (slot === null) storage.removeItem(SLOT_PREFIX + "match-one");
    else storage.setItem(SLOT_PREFIX + "match-one", slot);
    assert.equal(ask(storage, { match: "match-one" }), null, String(slot));
  }
});

test("whatever is stored as the copy, the reader never throws and names nothing odd", () => {
  const rng = random(24);
  for (let k = 0; k < 3000; k++) {
    const value = rng.below(2) ? junk(rng) : { ...copy(), [rng.pick(Object.keys(copy()))]: junk(rng) };
    const found = ask(stored({ paint: JSON.stringify(value) ?? "" }));
    if (found !== null) {
      assert.equal(typeof found.html, "string");
      assert.equal(typeof found.build, "string");
    }
  }
});

test("markup that could run or reach outside the page is refused; the page's own is not", () => {
  for (const name of ["script", "SCRIPT", "iframe", "object", "embed", "style", "link", "meta", "base", "animate", "set", "template"]) {
    assert.ok(unsafeElement(name), name);
  }
  for (const name of ["svg", "g", "path", "use", "image", "div", "button", "p", "ul", "li", "span", "defs", "text"]) {
    assert.ok(!unsafeElement(name), name);
  }
  const bad = [["onclick", "x()"], ["ONERROR", "x"], ["href", "javascript:alert(1)"], ["href", "https://example.com/"],
    ["src", "x.png"], ["xlink:href", "http://x/#a"], ["action", "/post"], ["style", "background: url(https://x/)"],
    ["style", "background:url( 'x')"], ["fill", "url(http://x/#a)"], ["data-x", "javascript:1"], ["href", " data:text/html,<b>"]];
  for (const [name, value] of bad) assert.ok(unsafeAttribute(name, value), `${name}=${value}`);
  const good = [["href", "#car-t-3"], ["href", "data:image/svg+xml;base64,PHN2Zz4="], ["fill", "url(#v)"],
    ["style", "transform: translate(3px, 4px)"], ["class", "gt-board"], ["data-cell", "8,8"], ["aria-label", "Ann: 3 points"],
    ["viewBox", "0 0 100 100"], ["data-act", "undo"]];
  for (const [name, value] of good) assert.ok(!unsafeAttribute(name, value), `${name}=${value}`);
});
