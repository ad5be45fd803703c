// The languages' plural rules and the choice of a language (assets/i18n.js). That the rules
// agree with Python's (game/view/i18n.py) on every count: tests/test_js_units.py.
import assert from "node:assert/strict";
import test from "node:test";

import { LANGS, chooseLang, pluralCategory } from "../../assets/i18n.js";
import { junk, random } from "./junk.mjs";

test("CLDR's plural categories: one/other in English and German, one/few/many/other in Czech and Slovak", () => {
  // CLDR cardinal rules: cs, sk  one: i = 1 and v = 0; few: i = 2..4 and v = 0; many: v != 0
  const expected = {
    en: { 0: "other", 1: "one", 2: "other", 5: "other", 1.5: "other" },
    de: { 0: "other", 1: "one", 2: "other", 21: "other", 0.5: "other" },
    cs: { 0: "other", 1: "one", 2: "few", 4: "few", 5: "other", 22: "other", 1.5: "many", 0.5: "many" },
    sk: { 0: "other", 1: "one", 3: "few", 5: "other", 101: "other", 2.5: "many" },
  };
  for (const [lang, counts] of Object.entries(expected)) {
    for (const [n, category] of Object.entries(counts)) assert.equal(pluralCategory(lang, Number(n)), category, `${lang} ${n}`);
  }
});

test("a stored language is used only when it is one of ours; anything else stored is ignored", () => {
  assert.equal(chooseLang("de", "cs", ["sk"]), "de"); // the address first
  assert.equal(chooseLang(null, "cs", ["sk"]), "cs"); // then the choice kept
  assert.equal(chooseLang("xx", "cs", ["sk"]), "cs");
  assert.equal(chooseLang(null, null, ["fr-FR", "sk-SK", "de"]), "sk"); // then the browser's
  assert.equal(chooseLang(null, "EN", ["fr"]), "en");
  const rng = random(7);
  for (let k = 0; k < 2000; k++) {
    const stored = rng.below(2) ? String(junk(rng)) : junk(rng);
    const preferred = rng.below(3) ? [junk(rng, 0), rng.pick(["cs-CZ", "x", "DE-at"])] : junk(rng);
    const lang = chooseLang(rng.below(2) ? null : junk(rng, 0), stored, preferred);
    assert.ok(LANGS.includes(lang), String(lang));
  }
});
