"""Looks up player-facing text in the one translation table (assets/strings.json), shared with the
JavaScript picker. Pure Python: no browser imports, so it is tested in CPython.

    tr = Translator(table, "cs")
    tr("gt.turn", player="Ann")   # -> "Na tahu: Ann"
"""

import json

FALLBACK = "en"


def load_table(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


class Translator:
    def __init__(self, table, lang):
        self.table = table
        self.lang = lang if lang in table else FALLBACK

    def __call__(self, key, **params):
        """The text for `key` in the chosen language (English if missing there, the key itself
        if missing everywhere, so a gap shows up instead of breaking the page)."""
        text = self.table.get(self.lang, {}).get(key)
        if text is None:
            text = self.table.get(FALLBACK, {}).get(key, key)
        if params:
            try:
                return text.format(**params)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def has(self, key):
        return key in self.table.get(FALLBACK, {})
