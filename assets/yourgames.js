// "Your games" on the picker: every game kept on this device, in progress first, then the
// recently finished ones, each with Continue and Delete (Undo in a toast for a few seconds).
// Plain JavaScript reading the library's keys without Python; game/view/library.py writes them
// and describes them:
//   bgt.games         {"v": 1, "games": [summary...]}: the index, most recently played first
//   bgt.game.<id>     one match: {"v": 2, "link", "ui", "summary", "local", "keys", "rev"}
//                     (only "summary" is read here; Python checks the rest)
// A summary: {id, game, names, kinds, to_move, moves, over, winners, played, mode, scenario?}.
//
// Whatever is stored may be damaged (a bug, another version, a person editing it): every value
// is checked as game/view/library.py checks it (tests/test_js_units.py runs both over the same
// values), and a summary the list could not show is left out. A damaged index is read around
// (the slots keep their own summaries); Python backs damaged data up, with a notice, at its next
// start. Nothing here runs at import: tests/js/yourgames.test.mjs imports it in Node.

export const INDEX_KEY = "bgt.games";
export const SLOT_PREFIX = "bgt.game.";
const MODES = ["ai", "device", "link"];
const KINDS = ["human", "ai"];
const UNDO_MS = 8000;

// What a stored summary may hold (game/view/library.py has the same numbers).
export const LIMITS = Object.freeze({
  id: /^[A-Za-z0-9_-]{6,32}$/, // a match id (game/core/savefile.py MATCH_ID)
  seats: 8, // names per game (no game here seats more than 5)
  name: 40, // characters of a name (as a save's seat names)
  moves: 20000, // moves of one game (a save holds at most 20,000 entries)
  games: 10000, // summaries in the index: more than fit (a game takes 600+ of ~5M characters)
  played: [Date.UTC(2000, 0, 1), Date.UTC(2200, 0, 1)], // ms since 1970: a date a clock can give
  scenario: 60, // characters of a scenario's name, none of them a control character
});

// (in code points, as Python counts: at most two UTF-16 units each)
const isText = (v, most) => typeof v === "string" && v.length > 0 && v.length <= 2 * most && [...v].length <= most;
const isWhole = (v, low, high) => Number.isInteger(v) && v >= low && v <= high;
const isList = (v, most) => Array.isArray(v) && v.length <= most;

export function isSummary(s, gameIds) {
  if (!s || typeof s !== "object" || Array.isArray(s)) return false;
  const { names } = s;
  if (!isList(names, LIMITS.seats) || names.length === 0 || !names.every((n) => isText(n, LIMITS.name))) return false;
  const isSeat = (v) => isWhole(v, 0, names.length - 1);
  return typeof s.id === "string" && LIMITS.id.test(s.id) && gameIds.includes(s.game)
    && isList(s.kinds, LIMITS.seats) && s.kinds.length === names.length && s.kinds.every((k) => KINDS.includes(k))
    && (s.to_move === null || isSeat(s.to_move)) && isWhole(s.moves, 0, LIMITS.moves)
    && typeof s.over === "boolean" && isList(s.winners, names.length) && s.winners.every(isSeat)
    && isWhole(s.played, ...LIMITS.played) && MODES.includes(s.mode)
    && (!("scenario" in s) || isScenario(s.scenario));
}

// (game/core/savefile.py SCENARIO_NAME: 1 to 60 characters, no control characters)
const isScenario = (v) => isText(v, LIMITS.scenario) && !/[\u0000-\u001f\u007f]/.test(v);

function parse(text) {
  try { return typeof text === "string" ? JSON.parse(text) : null; } catch { return null; }
}

// The index's list of summaries, or null when it is missing or damaged.
function indexed(storage, gameIds) {
  const index = parse(storage.getItem(INDEX_KEY));
  const listed = index && typeof index === "object" ? index.games : null;
  return isList(listed, LIMITS.games) && listed.every((s) => isSummary(s, gameIds)) ? listed : null;
}

// The games kept here, most recently played first: from the index, else (a damaged index) from
// the slots themselves. Never throws for anything stored (storage itself may refuse: callers
// catch that).
export function readGames(storage, gameIds) {
  const slots = new Set();
  for (let k = 0; k < storage.length; k++) {
    const key = storage.key(k);
    if (typeof key === "string" && key.startsWith(SLOT_PREFIX)) slots.add(key.slice(SLOT_PREFIX.length));
  }
  const listed = indexed(storage, gameIds) ?? [...slots].map((id) => {
    const slot = parse(storage.getItem(SLOT_PREFIX + id));
    const summary = slot && typeof slot === "object" ? slot.summary : null;
    return summary && summary.id === id ? summary : null;
  });
  const seen = new Set();
  return listed
    .filter((s) => isSummary(s, gameIds) && slots.has(s.id) && !seen.has(s.id) && seen.add(s.id))
    .sort((a, b) => b.played - a.played);
}

// A name shown as a bidi isolate: no direction mark in it can reorder the text around it
// (isolate marks inside are dropped so that none can end the isolate early; game/view/markup.py).
export function nameNode(name) {
  const bdi = document.createElement("bdi");
  bdi.textContent = String(name).replace(/[\u2066-\u2069]/g, "").replace(/[\n\r\u2028\u2029\u0085]/g, " ");
  return bdi;
}

// The text of `key` with some placeholders filled by DOM nodes (names), the others by `vars`.
function fill(el, text, nodes) {
  for (const [k, part] of text.split(/\{(\w+)\}/).entries()) {
    if (k % 2 === 0) { if (part) el.append(part); }
    else el.append(part in nodes ? nodes[part] : `{${part}}`);
  }
  return el;
}

function nameList(lang, names) {
  const nodes = names.map(nameNode);
  const out = document.createElement("span");
  out.className = "saved-players";
  let parts;
  try {
    parts = new Intl.ListFormat(lang, { type: "conjunction" }).formatToParts(names.map((_, k) => `\u0000${k}`));
  } catch {
    parts = names.flatMap((_, k) => (k ? [{ type: "literal", value: ", " }] : []).concat({ type: "element", value: `\u0000${k}` }));
  }
  for (const part of parts) out.append(part.type === "element" ? nodes[Number(part.value.slice(1))] : part.value);
  return out;
}

function ago(ms, lang) {
  const seconds = (ms - Date.now()) / 1000;
  let rtf;
  try { rtf = new Intl.RelativeTimeFormat(lang, { numeric: "auto" }); } catch { return new Date(ms).toLocaleString(); }
  const units = [["year", 31536000], ["month", 2592000], ["week", 604800], ["day", 86400], ["hour", 3600], ["minute", 60]];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return rtf.format(0, "second");
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// mount({t, lang(), strings(), gameIds, storage(), open(game, match), forget(match)}) -> {render()}
export function mountYourGames({ t, lang, strings, gameIds, storage, open, forget }) {
  const $ = (id) => document.getElementById(id);
  const section = $("your-games");
  const toast = $("toast");
  let deleted = null; // {summary, slot, timer}: what Undo puts back
  // the other tabs of this site (game/ui/keeping.py CHANNEL): one game, one writer
  const tabs = typeof BroadcastChannel === "function" ? new BroadcastChannel("bgt.tabs") : null;
  let focusAfter = null;

  // A seat's name as the table shows it: the default names ("You", "Computer 2", "Player 3" in
  // any language) in the language shown, a typed name as it is (game/view/i18n.py localized_name)
  function shownName(name) {
    for (const texts of Object.values(strings() || {})) {
      if (name === texts["gt.you"]) return t("gt.you");
      const computer = typeof texts["gt.computer"] === "string"
        && name.match(new RegExp(`^${escape(texts["gt.computer"])}(?: (\\d+))?$`));
      if (computer) return t("gt.computer") + (computer[1] ? ` ${computer[1]}` : "");
      const seat = typeof texts["gt.seat"] === "string" && texts["gt.seat"].includes("{n}")
        && name.match(new RegExp(`^${escape(texts["gt.seat"]).replace(escape("{n}"), "(\\d+)")}$`));
      if (seat) return t("gt.seat", { n: Number(seat[1]) });
    }
    return name;
  }

  // whose turn, or the result; said to the person at this device (the only person at the table)
  function status(s, names) {
    const line = document.createElement("span");
    const people = s.kinds.flatMap((kind, seat) => (kind === "human" ? [seat] : []));
    const you = people.length === 1 ? people[0] : null;
    if (s.over) {
      const won = s.winners.filter((seat) => names[seat] != null);
      if (won.length === 1 && won[0] === you) line.append(t("library.won.you"));
      else if (won.length === 1) fill(line, t("library.won"), { player: nameNode(names[won[0]]) });
      else if (won.length === 0 || won.length === names.length) line.append(t("library.draw"));
      else fill(line, t("library.shared"), { players: nameList(lang(), won.map((seat) => names[seat])) });
    } else if (s.to_move !== null && s.to_move === you) {
      line.append(t("gt.turn.you"));
    } else if (s.to_move !== null && names[s.to_move] != null) {
      fill(line, t("gt.turn"), { player: nameNode(names[s.to_move]) });
    }
    return line;
  }

  function item(s) {
    const names = s.names.map(shownName);
    const li = document.createElement("li");
    li.className = "saved";
    li.dataset.match = s.id;
    li.dataset.game = s.game;
    const titleId = `saved-${s.id}`;
    const title = document.createElement("p");
    title.className = "saved-title";
    title.id = titleId;
    const game = document.createElement("strong");
    game.textContent = t(`game.${s.game}.name`);
    title.append(game, " · ", nameList(lang(), names));
    const line = document.createElement("p");
    line.className = "saved-state";
    const when = document.createElement("time");
    when.dateTime = new Date(s.played).toISOString();
    when.title = new Date(s.played).toLocaleString(lang());
    when.textContent = ago(s.played, lang());
    const bits = [status(s, names), t("library.moves", { n: s.moves }), t(`library.mode.${s.mode}`), when];
    if ("scenario" in s) bits.splice(3, 0, fill(document.createElement("span"), t("library.scenario"), { name: nameNode(s.scenario) }));
    bits.forEach((bit, k) => { if (k) line.append(" · "); line.append(bit); });
    const text = document.createElement("div");
    text.className = "saved-text";
    text.append(title, line);
    const go = document.createElement("a");
    go.className = "saved-continue";
    go.href = `?${new URLSearchParams({ game: s.game, match: s.id })}`;
    go.textContent = t("library.continue");
    go.setAttribute("aria-describedby", titleId);
    const drop = document.createElement("button");
    drop.type = "button";
    drop.className = "saved-delete";
    drop.textContent = t("library.delete");
    drop.setAttribute("aria-label", t("library.delete_label", { game: game.textContent, players: names.join(", ") }));
    const actions = document.createElement("div");
    actions.className = "saved-actions";
    actions.append(go, drop);
    li.append(text, actions);
    return li;
  }

  function render() {
    let games = [];
    try { games = readGames(storage(), gameIds); } catch { games = []; } // storage refused
    const playing = games.filter((s) => !s.over);
    const finished = games.filter((s) => s.over);
    section.hidden = games.length === 0;
    $("your-games-list").replaceChildren(...playing.map(item));
    const done = $("your-games-done");
    done.hidden = finished.length === 0;
    done.querySelector("summary").textContent = t("library.finished", { n: finished.length });
    done.querySelector("ul").replaceChildren(...finished.map(item));
    if (deleted) { // (again, in the language chosen meanwhile)
      $("toast-text").textContent = t("library.deleted");
      $("toast-undo").textContent = t("library.undo");
    }
    if (focusAfter) {
      const target = focusAfter();
      focusAfter = null;
      (target || $("your-games-title")).focus();
    }
  }

  function finishDeletion() {
    if (!deleted) return;
    clearTimeout(deleted.timer);
    deleted = null;
    toast.dataset.on = "false";
    $("toast-undo").hidden = true;
    $("toast-text").textContent = "";
  }

  function remove(li) {
    finishDeletion();
    const id = li.dataset.match;
    const summary = readGames(storage(), gameIds).find((s) => s.id === id);
    const slot = storage().getItem(SLOT_PREFIX + id);
    if (!summary || slot == null) { render(); return; }
    const next = li.nextElementSibling || li.previousElementSibling;
    const nextId = next && next.dataset.match;
    storage().removeItem(SLOT_PREFIX + id);
    writeIndex((games) => games.filter((s) => s.id !== id));
    forget(id);
    tabs?.postMessage({ kind: "deleted", match: id }); // a tab showing it stops writing it
    deleted = { summary, slot, timer: setTimeout(finishDeletion, UNDO_MS) };
    $("toast-undo").hidden = false;
    toast.dataset.on = "true";
    focusAfter = () => (nextId ? section.querySelector(`[data-match="${CSS.escape(nextId)}"] .saved-continue`) : null);
    render();
  }

  function undo() {
    if (!deleted) return;
    const { summary, slot } = deleted;
    try {
      storage().setItem(SLOT_PREFIX + summary.id, slot);
      writeIndex((games) => [summary, ...games.filter((s) => s.id !== summary.id)]);
    } catch { /* full: the game stays deleted rather than half there */ storage().removeItem(SLOT_PREFIX + summary.id); }
    finishDeletion();
    focusAfter = () => section.querySelector(`[data-match="${CSS.escape(summary.id)}"] .saved-continue`);
    render();
  }

  // the index rewritten from the games listed now (a damaged one is replaced, not patched)
  function writeIndex(change) {
    const games = change(readGames(storage(), gameIds));
    try { storage().setItem(INDEX_KEY, JSON.stringify({ v: 1, games })); } catch { /* Python rebuilds it */ }
  }

  section.addEventListener("click", (event) => {
    const go = event.target.closest(".saved-continue");
    if (go && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey && event.button === 0) {
      event.preventDefault();
      finishDeletion();
      const li = go.closest(".saved");
      open(li.dataset.game, li.dataset.match);
      return;
    }
    const drop = event.target.closest(".saved-delete");
    if (drop) remove(drop.closest(".saved"));
  });
  $("toast-undo").addEventListener("click", undo);
  addEventListener("storage", (event) => { if (!event.key || event.key.startsWith("bgt.game")) render(); });
  return { render, finishDeletion };
}
