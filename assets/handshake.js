// The handshake between the page's JavaScript and Python: the object window.bgt, written here
// once. boot.js makes it with bridge() before Python starts; Python (game/ui) reads its fields,
// calls the functions boot.js put there, and sets the functions boot.js calls.
// tests/test_js_units.py checks that game/ui uses no other field, and tests/js/handshake.test.mjs
// that bridge() makes exactly these. Nothing here runs at import.
//
// `by`: who sets the field ("boot": boot.js, before Python starts; "python": game/ui, while it
// starts; "interpreter": assets/interpreter.js).

export const HANDSHAKE = Object.freeze([
  // read by Python
  ["game", "boot", `id of the game to show first ("toscana", "carcassonne", "thurn-und-taxis")`],
  ["match", "boot", `id of the match to show (?match=ID), or null: a link in the address (#m=...),
     else the game's latest match in progress, else the new-game form`],
  ["lang", "boot", `"en" | "cs" | "sk" | "de"`],
  ["storage", "boot", "true when localStorage works (saving possible; false in a cross-site embed)"],
  ["embed", "boot", "true inside an embed: never take over the host page (focus, history)"],
  ["boardHost", "boot", `id of the element Python draws into ("board-host")`],
  ["howto", "boot", `true when "How to play" was asked for (the picker's link, ?rules=1): Python
     opens the game's rules once the table is drawn and sets it back to false`],
  ["quick", "boot", "true once: open() starts a game against the computer at once, no form (the embed's poster); Python sets it back to false"],
  // called by Python
  ["stage", "boot", `stage(name): progress ("game": importing the game code)`],
  ["ready", "boot", `ready(gameId): the board is drawn and listening (also after every open()); hides
     the overlay, sets <html data-board="ready" data-board-game=ID>, performance.mark("board-ready"),
     and dispatches "bgt:ready" (detail: {game}) on window`],
  ["fail", "boot", "fail(message, detail): show the error panel instead of a game"],
  ["showing", "boot", "showing(gameId, matchId): the table shows this game and match now (title, address)"],
  ["back", "boot", "back(): leave the table (Cancel with no game in progress): the picker, or in an embed the start poster"],
  ["beforeStart", "boot", `beforeStart(): assets/interpreter.js, when PyScript starts Python: a Promise of
     Python's memory image (or null) that settles once Python may start`],
  ["started", "boot", `started(pyodide): assets/interpreter.js awaits it once Python runs: boot.js writes the
     core's and the chosen game's Python files into Python's file system (and another game's before opening it)`],
  ["build", "boot", `the key of the drawing (vendor/preload.json "build"), or null: Python keeps a copy of
     the table it draws under it for the next start (game/ui/paint.py, assets/paint.js)`],
  ["files", "boot", `{package folder: URL of its bundle, {path: source}}: the Python files of the games not
     loaded yet (game/ui/files.py fetches them itself if Python needs one first)`],
  // set by Python, called by boot.js
  ["open", "python", "open(gameId, matchId): show another game or match without reloading (then ready() again)"],
  ["forget", "python", "forget(matchId): the picker deleted this match: never write it back"],
  ["setLang", "python", "setLang(lang): redraw Python's texts in another language"],
  ["close", "python", "close(): the person went back to the picker"],
  // set by assets/interpreter.js, read by the browser tests
  ["snapshotProblem", "interpreter", "why Python started without its memory snapshot (absent: it did not)"],
].map(([name, by, about]) => Object.freeze({ name, by, about: about.replace(/\s+/g, " ") })));

export const FIELDS = Object.freeze(HANDSHAKE.map((field) => field.name));

// window.bgt with the values boot.js gives (each field it sets, and only those); the fields set
// later by others start as null
export function bridge(values) {
  const out = {};
  for (const { name, by } of HANDSHAKE) {
    if (by === "boot" && !(name in values)) throw new Error(`window.bgt needs its field ${name}`);
    if (by === "interpreter") continue; // set only when it has something to say
    out[name] = by === "boot" ? values[name] : null;
  }
  const unknown = Object.keys(values).filter((name) => !(name in out));
  if (unknown.length) throw new Error(`window.bgt has no field ${unknown.join(", ")} (assets/handshake.js)`);
  return out;
}
