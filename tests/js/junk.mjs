// Random values for property tests: a seeded generator (the same seed, the same values: a failure
// can be replayed), stored values of every wrong kind, and summaries good and spoiled.
// Not a test file itself: the *.test.mjs files and report.mjs import it.

// A small seeded generator (mulberry32): numbers in [0, 1).
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n) => Math.floor(next() * n);
  return { next, below, pick: (list) => list[below(list.length)] };
}

// Numbers a damaged store may hold: far out of range, not numbers at all, fractions, edges.
export const BAD_NUMBERS = [
  9e15, -9e15, 1e300, -1e300, NaN, Infinity, -Infinity, -1, -0.5, 0.5, 1.5, 2 ** 53, -(2 ** 53),
  Number.MAX_VALUE, Number.MIN_VALUE, 8.64e15 + 1, 946684799999, 7258118400001,
];

const TEXTS = [
  "", " ", "x", "\u0000", "\u202eevil", "a".repeat(41), "a".repeat(100000), "😀".repeat(41),
  "\ud800", "toscana ", "TOSCANA", "<b>", "9e15", "null", "true", "[]", "{}",
];

// Any value at all, nested up to `depth`, including long arrays and long texts.
export function junk(rng, depth = 2) {
  switch (rng.below(depth > 0 ? 9 : 6)) {
    case 0: return rng.pick(BAD_NUMBERS);
    case 1: return rng.pick(TEXTS);
    case 2: return rng.pick([null, undefined, true, false, 0, 1, 2, 3]);
    case 3: return Math.round((rng.next() - 0.5) * 10 ** rng.below(20));
    case 4: return String.fromCodePoint(...Array.from({ length: rng.below(60) }, () => rng.below(0x2ffff)).filter((c) => c < 0xd800 || c > 0xdfff));
    case 5: return rng.next() * 10 ** (rng.below(40) - 10);
    case 6: return rng.below(8) // a short list of anything, or a long one of small numbers
      ? Array.from({ length: rng.pick([0, 1, 2, 5, 9]) }, () => junk(rng, depth - 1))
      : Array.from({ length: rng.pick([50, 20001]) }, () => rng.below(3));
    case 7: return Object.fromEntries(Array.from({ length: rng.below(5) }, () => [rng.pick(["id", "game", "played", "x", "__proto__", "0"]), junk(rng, depth - 1)]));
    default: return [junk(rng, depth - 1)];
  }
}

const NAMES = ["Ann", "Ben", "Computer 2", "Player 3", "Zdeněk", "😀".repeat(40), "a".repeat(40), "\u202eDan"];

// A summary as the library writes it (game/view/library.py summarise)
export function goodSummary(rng, gameIds) {
  const seats = 1 + rng.below(5);
  const names = Array.from({ length: seats }, () => rng.pick(NAMES));
  const over = rng.below(2) === 1;
  return {
    id: `m${String(rng.below(1e9)).padStart(6, "0")}`.slice(0, 6 + rng.below(20)),
    game: rng.pick(gameIds),
    names,
    kinds: names.map(() => rng.pick(["human", "ai"])),
    to_move: over ? null : rng.below(seats),
    moves: rng.pick([0, 1, 17, 400, 20000]),
    over,
    winners: over ? [rng.below(seats)] : [],
    played: rng.pick([Date.UTC(2000, 0, 1), 1_700_000_000_000, Date.UTC(2199, 11, 31), Date.UTC(2200, 0, 1)]),
    mode: rng.pick(["ai", "device", "link"]),
    ...(rng.below(4) ? {} : { scenario: rng.pick(SCENARIOS) }),
  };
}

const SCENARIOS = ["Tutorial", "Zdeněk’s deal", "a", "😀".repeat(60), "\u202eevil", "x".repeat(60)];

export const FIELDS = ["id", "game", "names", "kinds", "to_move", "moves", "over", "winners", "played", "mode"];
const OPTIONAL = ["scenario"]; // a summary may leave these out

// The same summary with one field (or one item of a list) made wrong, or left out.
export function spoil(rng, summary) {
  const out = structuredClone(summary);
  const field = rng.pick([...FIELDS, ...OPTIONAL]);
  const how = rng.below(4);
  if (how === 0) delete out[field];
  else if (how === 1 && Array.isArray(out[field]) && out[field].length) out[field][rng.below(out[field].length)] = junk(rng, 1);
  else out[field] = junk(rng);
  return out;
}

// A storage (localStorage's interface) over a Map; `refuse` makes every read throw.
export function memoryStorage(entries = {}, refuse = false) {
  const data = new Map(Object.entries(entries));
  const check = () => { if (refuse) throw new DOMException("denied", "SecurityError"); };
  return {
    get length() { check(); return data.size; },
    key(k) { check(); return [...data.keys()][k] ?? null; },
    getItem(key) { check(); return data.has(key) ? data.get(key) : null; },
    setItem(key, value) { check(); data.set(key, String(value)); },
    removeItem(key) { check(); data.delete(key); },
  };
}
