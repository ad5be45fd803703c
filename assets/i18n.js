// The languages of the site, their plural rules and the choice of one: pure functions that
// boot.js uses (tests/js/i18n.test.mjs imports them in Node). Python has its own copy of the
// rules (game/view/i18n.py plural_category); tests/test_js_units.py checks that the two agree.

export const LANGS = Object.freeze(["en", "cs", "sk", "de"]);

// CLDR cardinal plural categories of the languages we have: English and German one/other;
// Czech and Slovak one/few/many/other (many: numbers with a fraction)
export function pluralCategory(lang, n) {
  const whole = Number.isInteger(n);
  if (lang === "cs" || lang === "sk") {
    if (!whole) return "many";
    return n === 1 ? "one" : n >= 2 && n <= 4 ? "few" : "other";
  }
  return whole && n === 1 ? "one" : "other";
}

// The text of `key` in `lang` (else English, else `fallback`, else the key itself): a plural
// object picks its form by the count it names (`count`, else "n"), a form may itself be a
// plural object of a second count; `{name}` placeholders are filled from `vars`.
export function translate(table, lang, key, vars = {}, fallback = null) {
  let text = table && table[lang]?.[key];
  if (text == null) { lang = "en"; text = (table && table.en?.[key]) ?? fallback ?? key; }
  while (typeof text === "object") text = text[pluralCategory(lang, vars[text.count || "n"])] ?? text.other ?? key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in vars ? String(vars[name]) : all));
}

// The language to show: the one the address asks for (?lang=), else the one chosen before (kept
// in localStorage, "bgt-lang": any stored value may be damaged), else the browser's first
// language we have, else English.
export function chooseLang(asked, stored, preferred) {
  for (const lang of [asked, stored]) if (LANGS.includes(lang)) return lang;
  for (const tag of Array.isArray(preferred) ? preferred : []) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}
