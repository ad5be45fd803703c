"""Plural forms by the CLDR rules (issue #14 "Natural language"): English and German one/other;
Czech and Slovak one/few/many/other. The rules, as CLDR's plurals.xml gives them for cardinals:
  en, de:  one: i = 1 and v = 0                       other: everything else
  cs, sk:  one: i = 1 and v = 0;  few: i = 2..4 and v = 0;  many: v != 0;  other: everything else
(i: the integer digits, v: the number of visible fraction digits)."""

import pytest

from game.view.i18n import Translator, plural_category

COUNTS = (0, 1, 2, 3, 4, 5, 11, 21, 22, 25)


def cldr(lang, n):
    """The categories written out from the rules above, independently of the code under test."""
    i, v = int(n), 0 if isinstance(n, int) else 1
    if lang in ("en", "de"):
        return "one" if i == 1 and v == 0 else "other"
    if v != 0:
        return "many"
    return {1: "one", 2: "few", 3: "few", 4: "few"}.get(i, "other")


@pytest.mark.parametrize("lang", ["en", "de", "cs", "sk"])
def test_plural_categories_follow_cldr(lang):
    for n in (*COUNTS, 1.5, 2.0):
        assert plural_category(lang, n) == cldr(lang, n), (lang, n)


def test_a_plural_text_picks_its_form_by_the_count():
    table = {
        "en": {"pts": {"one": "{n} point", "other": "{n} points"}},
        "cs": {
            "pts": {"one": "{n} bod", "few": "{n} body", "many": "{n} bodu", "other": "{n} bodů"},
            "tiles": {"count": "k", "one": "{k} dílek", "few": "{k} dílky", "other": "{k} dílků"},
        },
    }
    cs, en = Translator(table, "cs"), Translator(table, "en")
    assert [cs("pts", n=n) for n in (1, 3, 5, 22)] == ["1 bod", "3 body", "5 bodů", "22 bodů"]
    assert [en("pts", n=n) for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert cs("tiles", k=4) == "4 dílky"
    assert Translator(table, "sk")("pts", n=1) == "1 point"  # missing language: English forms
