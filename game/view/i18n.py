"""Looks up player-facing text in the one translation table (assets/strings.json), shared with the
JavaScript picker (assets/boot.js does the same lookups). Pure Python: tested in CPython.

    tr = Translator(table, "cs")
    tr("gt.turn", player="Ann")        # -> "Na tahu: Ann"
    tr("carcassonne.points", n=3)      # -> "3 body" (a plural text)

A text is a string with {placeholders}, or, where a count changes the words, an object of CLDR
plural categories: {"one": "{n} bod", "few": "{n} body", "many": "{n} bodu", "other": "{n} bodů"}.
The count is the parameter `n`, unless the object names another one under "count"
({"count": "tiles", "one": ..., "other": ...}). Every language lists the categories its rules use.
A text with two counts, each beside its own noun ("12 bodů + 2 skryté bonusy"), nests them: each
form of the first count's object is an object of the second count.

A text that tells how to do something by pointer ("Tap a square...") may have a keyboard form
"<key>.keys" ("Move with the arrow keys..."): `tr.keyboard()` is the translator that prefers it,
used while the person plays with the keys (game/ui/voice.py).

The person at this device is spoken to ("You placed T08", "Položil(a) jste T08"): a sentence
about a seat has a second form "<key>.you" that `about` picks for that person's seat. Sentences
are built so that a name never needs declining ("Na tahu: Počítač").
"""

import json
import re
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
        self._names: list[tuple[re.Pattern, str]] | None = None
        self.keys = False  # prefer the keyboard form "<key>.keys" of a text (`keyboard()`)
        self._keyboard: Translator | None = None

    def keyboard(self) -> "Translator":
        """This translator, preferring each text's keyboard form "<key>.keys" where the table
        has one (made once)."""
        if self._keyboard is None:
            self._keyboard = Translator(self.table, self.lang)
            self._keyboard.keys = True
        return self._keyboard

    def __call__(self, key: str, **params: Any) -> str:
        """The text for `key` in the chosen language (English if missing there, the key itself
        if missing everywhere, so a gap shows up instead of breaking the page)."""
        if self.keys and self.has(f"{key}.keys"):
            key = f"{key}.keys"
        text = self.table.get(self.lang, {}).get(key)
        lang = self.lang
        if text is None:
            text, lang = self.table.get(FALLBACK, {}).get(key, key), FALLBACK
        while isinstance(text, dict):  # a plural object (its forms may be ones of another count)
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

    def default_names(self) -> list[tuple[re.Pattern, str]]:
        """(pattern, key) of the default seat names of every language ("You", "Computer 2",
        "Player 3"); group 1 is the number, if any. Built once per translator."""
        if self._names is None:
            self._names = []
            for texts in self.table.values():
                you, computer, seat = (texts.get(k) for k in ("gt.you", "gt.computer", "gt.seat"))
                if isinstance(you, str):
                    self._names.append((re.compile(re.escape(you) + "()"), "gt.you"))
                if isinstance(computer, str):
                    pattern = re.escape(computer) + r"(?: (\d+))?"
                    self._names.append((re.compile(pattern), "gt.computer"))
                if isinstance(seat, str) and "{n}" in seat:
                    pattern = re.escape(seat).replace(re.escape("{n}"), r"(\d+)")
                    self._names.append((re.compile(pattern), "gt.seat"))
        return self._names


def about(tr: Translator, key: str, seat: Any, you: int | None, **params: Any) -> str:
    """The sentence `key` about `seat` (its name is in `params`): "<key>.you", said to the
    person at this device, when `seat` is theirs and the table has that form."""
    if seat is not None and seat == you and tr.has(f"{key}.you"):
        key = f"{key}.you"
    return tr(key, **params)


def localized_name(tr: Translator, name: str) -> str:
    """A seat's name in the language shown: the names the table gives by default ("You",
    "Computer 2", "Player 3" in any language) follow the language; a typed name stays."""
    for pattern, key in tr.default_names():
        match = pattern.fullmatch(name)
        if match:
            number = match.group(1)
            if key == "gt.you":
                return tr(key)
            if key == "gt.seat":
                return tr(key, n=int(number))
            return tr(key) + (f" {number}" if number else "")
    return name
