"""Looks up player-facing text in the one translation table (assets/strings.json), shared with the
JavaScript picker (assets/boot.js does the same lookups). Pure Python: tested in CPython.

    tr = Translator(table, "cs")
    tr("gt.turn", player="Ann")        # -> "Na tahu: Ann"
    tr("carcassonne.points", n=3)      # -> "3 body" (a plural text)

A text is a string with {placeholders}, or, where a count changes the words, an object of CLDR
plural categories: {"one": "{n} bod", "few": "{n} body", "many": "{n} bodu", "other": "{n} bodů"}.
The count is the parameter `n`, unless the object names another one under "count"
({"count": "tiles", "one": ..., "other": ...}). Every language lists the categories its rules use.
"""

import json
from typing import Any

FALLBACK = "en"
LANGUAGES = ("en", "cs", "sk", "de")


def plural_category(lang: str, n: Any) -> str:
    """The CLDR plural category of the count `n` (cardinal) in `lang`: English and German
    have one/other; Czech and Slovak one/few/many/other (many: fractions)."""
    try:
        number = float(n)
    except (TypeError, ValueError):
        return "other"
    whole = number == int(number) and not isinstance(n, float)
    if lang in ("cs", "sk"):
        if not whole:
            return "many"
        if number == 1:
            return "one"
        if 2 <= number <= 4:
            return "few"
        return "other"
    return "one" if whole and number == 1 else "other"


def load_table(path: str) -> dict[str, dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


class Translator:
    def __init__(self, table: dict[str, dict[str, Any]], lang: str) -> None:
        self.table = table
        self.lang = lang if lang in table else FALLBACK

    def __call__(self, key: str, **params: Any) -> str:
        """The text for `key` in the chosen language (English if missing there, the key itself
        if missing everywhere, so a gap shows up instead of breaking the page)."""
        text = self.table.get(self.lang, {}).get(key)
        lang = self.lang
        if text is None:
            text, lang = self.table.get(FALLBACK, {}).get(key, key), FALLBACK
        if isinstance(text, dict):
            count = params.get(text.get("count", "n"))
            text = text.get(plural_category(lang, count)) or text.get("other", key)
        if params:
            try:
                return text.format(**params)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def has(self, key: str) -> bool:
        return key in self.table.get(FALLBACK, {})
