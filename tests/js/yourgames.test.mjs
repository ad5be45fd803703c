// The picker's reader of stored games (assets/yourgames.js): whatever localStorage holds, it
// never throws and never returns a summary the list cannot show. Stored values are checked as
// game/view/library.py checks them (tests/test_js_units.py compares the two on the same values).
import assert from "node:assert/strict";
import test from "node:test";

import { INDEX_KEY, LIMITS, SLOT_PREFIX, isSummary, readGames } from "../../assets/yourgames.js";
import { BAD_NUMBERS, FIELDS, goodSummary, junk, memoryStorage, random, spoil } from "./junk.mjs";

const GAMES = ["thurn-und-taxis", "toscana", "carcassonne"];
const RUNS = 3000;

// What the list does with a summary (assets/yourgames.js item() and status()), minus the DOM:
// throws where the list would.
function show(s) {
  assert.ok(GAMES.includes(s.game) && LIMITS.id.test(s.id));
  new Date(s.played).toISOString(); // RangeError: Invalid time value, for 9e15
  new Date(s.played).toLocaleString("cs");
  assert.ok(new Intl.NumberFormat("en").format(s.moves));
  new Intl.ListFormat("de", { type: "conjunction" }).format(s.names);
  assert.ok(s.names.length >= 1 && s.names.every((n) => typeof n === "string" && n.length > 0));
  assert.equal(s.kinds.length, s.names.length);
  for (const seat of [...s.winners, ...(s.to_move === null ? [] : [s.to_move])]) {
    assert.equal(typeof s.names[seat], "string");
  }
  assert.ok(["ai", "device", "link"].includes(s.mode) && typeof s.over === "boolean");
  assert.ok(Number.isSafeInteger(s.moves) && s.moves >= 0);
}

function slot(summary) {
  return JSON.stringify({ v: 1, link: "2AAAA", ui: {}, summary });
}

// a store holding these summaries: each in its slot, and an index listing them (or `index`)
function store(summaries, index = { v: 1, games: summaries }) {
  const entries = Object.fromEntries(summaries.map((s) => [SLOT_PREFIX + s.id, slot(s)]));
  if (index !== undefined) entries[INDEX_KEY] = typeof index === "string" ? index : JSON.stringify(index);
  return memoryStorage(entries);
}

function distinct(rng, count) {
  const out = new Map();
  while (out.size < count) {
    const s = goodSummary(rng, GAMES);
    out.set(s.id, s);
  }
  return [...out.values()];
}

test("a summary as the library writes it is shown", () => {
  const rng = random(1);
  for (let k = 0; k < RUNS; k++) {
    const s = goodSummary(rng, GAMES);
    assert.ok(isSummary(s, GAMES), JSON.stringify(s));
    show(s);
  }
});

test("a date the list cannot show (played 9e15, -9e15, 1e300) leaves the game out, never the site", () => {
  const rng = random(2);
  const [bad, good] = distinct(rng, 2);
  for (const played of [9e15, -9e15, 1e300]) assert.throws(() => show({ ...bad, played }), RangeError);
  for (const played of [9e15, -9e15, 1e300, 8.64e15 + 1, Date.UTC(1999, 11, 31), Date.UTC(2200, 0, 1) + 1]) {
    const spoiled = { ...bad, played };
    assert.equal(isSummary(spoiled, GAMES), false);
    // in the index: the index is read around, and the slots keep their own summaries
    assert.deepEqual(readGames(store([spoiled, good]), GAMES).map((s) => s.id), [good.id]);
    // in a slot's summary, with the index damaged
    assert.deepEqual(readGames(store([spoiled, good], "{damaged"), GAMES).map((s) => s.id), [good.id]);
  }
});

test("every field of a summary refuses bad values", () => {
  const rng = random(3);
  const base = { ...goodSummary(rng, GAMES), names: ["Ann", "Ben"], kinds: ["human", "ai"], to_move: 1, over: false, winners: [] };
  assert.ok(isSummary(base, GAMES));
  const bad = {
    id: ["short", "a".repeat(33), "has space", "ünï-code", "../../x", 123456, null],
    game: ["chess", "", "TOSCANA", null, ["toscana"]],
    names: [[], ["Ann"], ["Ann", ""], ["Ann", "a".repeat(41)], ["Ann", "😀".repeat(41)], ["Ann", 5], "Ann", Array(9).fill("A")],
    kinds: [["human"], ["human", "robot"], ["human", null], "human,ai", []],
    to_move: [2, -1, 0.5, "1", true, undefined, ...BAD_NUMBERS],
    moves: [-1, 20001, 0.5, "3", null, true, ...BAD_NUMBERS],
    over: [0, 1, "false", null],
    winners: [[2], [-1], [0.5], ["0"], [0, 1, 0], 0, null],
    played: ["1700000000000", null, true, [1700000000000], ...BAD_NUMBERS],
    mode: ["", "hotseat", null, ["ai"]],
  };
  for (const field of FIELDS) {
    for (const value of bad[field]) {
      assert.equal(isSummary({ ...base, [field]: value }, GAMES), false, `${field}: ${String(value).slice(0, 40)}`);
    }
    const without = { ...base };
    delete without[field];
    assert.equal(isSummary(without, GAMES), false, `without ${field}`);
  }
  for (const value of [null, undefined, 0, "x", [], [base], true]) assert.equal(isSummary(value, GAMES), false);
  // a scenario's name is optional, but when there it is 1 to 60 characters without control characters
  assert.ok(isSummary({ ...base, scenario: "Tutorial" }, GAMES));
  for (const value of ["", "a".repeat(61), "😀".repeat(61), "new\nline", "\u0000", "\u007f", null, 5, ["x"], {}]) {
    assert.equal(isSummary({ ...base, scenario: value }, GAMES), false, `scenario: ${String(value).slice(0, 40)}`);
  }
});

test("random bad values anywhere: the reader never throws and lists only what it can show", () => {
  const rng = random(4);
  for (let k = 0; k < RUNS; k++) {
    const summaries = distinct(rng, 1 + rng.below(4)).map((s) => (rng.below(2) ? spoil(rng, s) : s));
    const entries = {};
    for (const s of summaries) {
      const id = typeof s.id === "string" ? s.id : `junk${k}`;
      const text = rng.below(8) ? slot(rng.below(6) ? s : junk(rng)) : String(junk(rng));
      entries[SLOT_PREFIX + id] = text;
    }
    const index = [
      () => JSON.stringify({ v: 1, games: summaries }),
      () => JSON.stringify({ v: 1, games: junk(rng) }),
      () => JSON.stringify(junk(rng, 3)),
      () => String(junk(rng)),
      () => undefined,
    ][rng.below(5)]();
    if (index !== undefined) entries[INDEX_KEY] = index;
    const listed = readGames(memoryStorage(entries), GAMES);
    const ids = listed.map((s) => s.id);
    assert.equal(new Set(ids).size, ids.length, "each game once");
    for (const s of listed) {
      show(s);
      assert.ok(SLOT_PREFIX + s.id in entries, "only games that have their slot");
    }
    assert.deepEqual(listed.map((s) => s.played), listed.map((s) => s.played).sort((a, b) => b - a));
  }
});

test("a good index is read as it is, newest first; a damaged one is read around", () => {
  const rng = random(5);
  const summaries = distinct(rng, 6).map((s, k) => ({ ...s, played: 1_700_000_000_000 + k }));
  const newest = summaries.map((s) => s.id).reverse();
  assert.deepEqual(readGames(store(summaries), GAMES).map((s) => s.id), newest);
  for (const index of ["", "[]", "null", '{"v": 1, "games": [1, 2', '{"v": 1, "games": {}}', JSON.stringify({ v: 1, games: [...summaries, { ...summaries[0], played: NaN }] })]) {
    assert.deepEqual(readGames(store(summaries, index), GAMES).map((s) => s.id), newest, index);
  }
  // a slot whose summary names another game's id is not that game
  const [a, b] = summaries;
  const entries = { [SLOT_PREFIX + a.id]: slot(b), [SLOT_PREFIX + b.id]: slot(b) };
  assert.deepEqual(readGames(memoryStorage(entries), GAMES).map((s) => s.id), [b.id]);
  // an index longer than any store could back with slots is damaged
  const long = JSON.stringify({ v: 1, games: Array(LIMITS.games + 1).fill(a) });
  assert.deepEqual(readGames(store(summaries, long), GAMES).map((s) => s.id), newest);
});

test("storage that refuses to be read throws to the caller (the list then shows nothing)", () => {
  assert.throws(() => readGames(memoryStorage({}, true), GAMES), /denied/);
});
