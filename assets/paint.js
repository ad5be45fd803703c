// The game in progress at first paint: Python keeps the table it last drew (game/ui/paint.py),
// and the next start shows that copy, inert and marked "starting…", until Python draws over it.
// Plain JavaScript; boot.js uses it. Nothing here runs at import: tests/js/paint.test.mjs
// imports it in Node.
//
// The copy, one only (the last drawn game), under PAINT_KEY:
//   {"v": 1, "build", "game", "match", "moves", "lang", "html"}
// build: the key of the drawing (vendor/preload.json "build": the Python files and texts it was
// drawn with); moves: the match's number of moves when it was drawn; html: #board-host's markup.
//
// It is shown only when it is the table Python is about to draw: the game and the match Python
// opens (the one asked for, else the game's latest in progress: game/ui/flow.py resume), that
// match's slot is whole and has as many moves, the language and the build are the same, and the
// markup holds nothing that could run or reach outside the page. Anything else, or anything
// unreadable: not shown (the usual progress overlay instead).

import { SLOT_PREFIX, isSummary, readGames } from "./yourgames.js";

export const PAINT_KEY = "bgt.paint";
export const PAINT_VERSION = 1;

function parse(text) {
  try { return typeof text === "string" ? JSON.parse(text) : null; } catch { return null; }
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

// The id of the match Python will open for `game`: `match` when asked for, else the game's
// latest in progress (game/view/library.py latest).
function matchToOpen(storage, game, match, gameIds) {
  if (match) return match;
  const latest = readGames(storage, gameIds).find((s) => s.game === game && !s.over);
  return latest ? latest.id : null;
}

// The stored copy that may be shown for this start ({build, html}), or null. `storage` is a
// Storage (getItem, key, length); never throws for anything stored.
export function storedPaint(storage, { game, match = null, lang, gameIds }) {
  const record = parse(storage.getItem(PAINT_KEY));
  if (!isObject(record) || record.v !== PAINT_VERSION || record.game !== game || record.lang !== lang) return null;
  if (typeof record.build !== "string" || typeof record.html !== "string" || record.html === "") return null;
  const id = matchToOpen(storage, game, match, gameIds);
  if (!id || record.match !== id) return null;
  const slot = parse(storage.getItem(SLOT_PREFIX + id));
  if (!isObject(slot) || ![1, 2].includes(slot.v) || typeof slot.link !== "string") return null;
  const { summary } = slot;
  if (!isSummary(summary, gameIds) || summary.id !== id || summary.game !== game) return null;
  if (record.moves !== summary.moves) return null; // a copy of another position: stale
  return { build: record.build, html: record.html };
}

// What the page's own markup never holds: elements that run, load or embed something, and
// attributes that do (handlers, URLs other than the page's own fragments and data: pictures).
const UNSAFE_ELEMENTS = new Set([
  "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "link", "meta",
  "base", "portal", "audio", "video", "source", "track", "animate", "set", "animatemotion",
  "animatetransform", "discard", "handler", "noscript", "template",
]);
const URL_ATTRIBUTES = new Set([
  "href", "xlink:href", "src", "srcset", "action", "formaction", "poster", "background", "data",
  "ping", "codebase", "cite", "longdesc",
]);

export function unsafeElement(name) {
  return UNSAFE_ELEMENTS.has(String(name).toLowerCase());
}

export function unsafeAttribute(name, value) {
  const n = String(name).toLowerCase();
  const v = String(value).trim();
  if (n.startsWith("on")) return true;
  if (URL_ATTRIBUTES.has(n)) return !(v.startsWith("#") || /^data:image\/(svg\+xml|png|jpeg|webp);/i.test(v));
  return /url\(\s*['"]?\s*(?!#)/i.test(v) || /javascript:/i.test(v);
}

// The copy's markup as a fragment for the page (parsed in a <template>: nothing in it loads or
// runs there), or null when it holds anything unsafe.
export function paintFragment(html, doc = document) {
  const template = doc.createElement("template");
  template.innerHTML = html;
  for (const el of template.content.querySelectorAll("*")) {
    if (unsafeElement(el.localName)) return null;
    for (const attribute of el.attributes) {
      if (unsafeAttribute(attribute.name, attribute.value)) return null;
    }
  }
  // dialogs open when it was drawn are not part of what a start shows (Python opens its own)
  for (const dialog of template.content.querySelectorAll(".gt-dialog")) {
    dialog.replaceChildren();
    dialog.hidden = true;
  }
  return template.content;
}
