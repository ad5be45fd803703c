// What the page's JavaScript says, as JSON for tests/test_js_units.py to compare with Python:
//   node tests/js/report.mjs GAME_ID...
// plural categories of counts, the handshake's fields, the limits of a stored summary, and the
// verdict of assets/yourgames.js isSummary on stored texts (good summaries, spoiled ones, junk), and
// the key and format version of the kept copy of the table (assets/paint.js).
// Not a test file itself (node --test runs *.test.mjs).
import { HANDSHAKE } from "../../assets/handshake.js";
import { PAINT_KEY, PAINT_VERSION } from "../../assets/paint.js";
import { LANGS, pluralCategory } from "../../assets/i18n.js";
import { LIMITS, isSummary } from "../../assets/yourgames.js";
import { goodSummary, junk, random, spoil } from "./junk.mjs";

const games = process.argv.slice(2);
const counts = [...Array(1001).keys(), 0.5, 1.5, 2.5, 3.25, 4.75, 0.1, 10.1, 1000.5, 21.5];
const rng = random(2024);
const texts = [];
while (texts.length < 4000) {
  const good = goodSummary(rng, games);
  const value = [good, spoil(rng, good), spoil(rng, spoil(rng, good)), junk(rng)][rng.below(4)];
  const text = JSON.stringify(value);
  if (text !== undefined && text.length < 20000) texts.push(text);
}
const report = {
  plural: Object.fromEntries(LANGS.map((lang) => [lang, counts.map((n) => [n, pluralCategory(lang, n)])])),
  handshake: HANDSHAKE,
  limits: { ...LIMITS, id: LIMITS.id.source },
  summaries: texts.map((text) => [text, isSummary(JSON.parse(text), games)]),
  paint: { key: PAINT_KEY, version: PAINT_VERSION },
};
process.stdout.write(JSON.stringify(report));
