"""Plural forms by the CLDR rules ("Natural language"): English and German one/other;
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


def test_two_counts_pick_their_forms_one_after_the_other():
    """ "12 bodů + 2 skryté bonusy": the object of the first count holds, as each form, an object
    of the second count, so both nouns follow their own number."""
    hidden = {"count": "k", "one": "+ {k} skrytý bonus", "few": "+ {k} skryté bonusy"}
    hidden["many"] = "+ {k} skrytého bonusu"
    hidden["other"] = "+ {k} skrytých bonusů"
    text = {
        cat: {k: (v if k == "count" else f"{{n}} {word} {v}") for k, v in hidden.items()}
        for cat, word in (("one", "bod"), ("few", "body"), ("many", "bodu"), ("other", "bodů"))
    }
    cs = Translator({"cs": {"pts": {"count": "n", **text}}}, "cs")
    assert cs("pts", n=12, k=2) == "12 bodů + 2 skryté bonusy"
    assert cs("pts", n=1, k=5) == "1 bod + 5 skrytých bonusů"
    assert cs("pts", n=3, k=1) == "3 body + 1 skrytý bonus"


# ---- the translation table itself (required: "a test runs every string with counts 0, 1, 2, 3,
# 4, 5, 11, 21, 22, 25 through the plural rules and compares with CLDR's rules"; "no key is
# missing in any language") -------------------------------------------------------------------
import json  # noqa: E402
import re  # noqa: E402
import string  # noqa: E402
import subprocess  # noqa: E402
from pathlib import Path  # noqa: E402

from game.view.i18n import LANGUAGES, about, load_table, localized_name  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TABLE = load_table(str(ROOT / "assets" / "strings.json"))
CATEGORIES = {"en": {"one", "other"}, "de": {"one", "other"}}
CATEGORIES.update(cs={"one", "few", "many", "other"}, sk={"one", "few", "many", "other"})


def forms(text):
    """The strings of a text: itself, or each form of a plural object (of its nested objects)."""
    if isinstance(text, dict):
        return [form for k, v in text.items() if k != "count" for form in forms(v)]
    return [text]


def objects(text):
    """The plural objects of a text: none, or it and every object nested in its forms."""
    if not isinstance(text, dict):
        return []
    return [text] + [o for k, v in text.items() if k != "count" for o in objects(v)]


def counts(text):
    """The parameters whose counts choose a text's form."""
    return {o.get("count", "n") for o in objects(text)}


def pick(lang, text, n):
    """The form CLDR's rules pick when every count of the text is `n`."""
    while isinstance(text, dict):
        text = text[cldr(lang, n)]
    return text


def placeholders(text):
    return {
        name for form in forms(text) for _, name, _, _ in string.Formatter().parse(form) if name
    }


def test_every_language_has_every_key_and_nothing_else():
    assert tuple(TABLE) == LANGUAGES
    keys = set(TABLE["en"])
    for lang in LANGUAGES:
        assert set(TABLE[lang]) == keys, (lang, sorted(set(TABLE[lang]) ^ keys))
        for key, text in TABLE[lang].items():
            assert all(isinstance(f, str) and f.strip() for f in forms(text)), (lang, key)


def test_placeholders_agree_between_languages_and_plural_forms():
    for key, text in TABLE["en"].items():
        wanted = placeholders(text)
        for lang in LANGUAGES:
            other = TABLE[lang][key]
            assert placeholders(other) == wanted, (lang, key)
            for form in forms(other):  # every form of a plural object says the same things
                assert placeholders(form) == wanted, (lang, key, form)


def test_plural_objects_have_exactly_their_languages_categories():
    """CLDR: English and German one/other; Czech and Slovak one/few/many/other."""
    for lang in LANGUAGES:
        for key, text in TABLE[lang].items():
            for plural in objects(text):
                assert set(plural) - {"count"} == CATEGORIES[lang], (lang, key)
                assert plural.get("count", "n") in placeholders(plural), (lang, key)
            if isinstance(TABLE["en"][key], dict):  # a count in English is a count everywhere
                assert isinstance(text, dict), (lang, key)


def test_every_string_with_every_count_picks_cldrs_form():
    for lang in LANGUAGES:
        tr = Translator(TABLE, lang)
        for key, text in TABLE[lang].items():
            names = placeholders(text)
            chosen_by = counts(text) if isinstance(text, dict) else {"n"}
            if not chosen_by & names:
                continue
            for n in COUNTS:
                params = {name: n if name in chosen_by else "X" for name in names}
                shown = tr(key, **params)
                assert shown == pick(lang, text, n).format(**params), (lang, key, n)
                assert "{" not in shown and str(n) in shown, (lang, key, n, shown)


# A count right before one of these nouns (or after it, "karet: 3") needs a plural object; so
# does one before an adjective standing for a noun ("+ 2 skryté", "+ 2 hidden").
NOUNS = {
    "en": r"tiles?|cards?|points?|pts|houses?|followers?|rounds?|bonus|carriages?|cities|city|players?|moves?|hidden",
    "cs": r"destič|dílk|dílek|kartič|kart|bod|b\.|stanic|figur|kol|tah|hráč|měst|bonus|kočár|skryt",
    "sk": r"doštič|kartič|kart|kariet|bod|stanic|staníc|spoločník|kol|kôl|ťah|hráč|miest|bonus|kočiar|skryt",
    "de": r"plättchen|karte|punkt|pkt|haus|häuser|gefolgs|runde|bonus|kutsche|städte|stadt|zug|züge|verdeckt",
}
COUNT = r"\{(n|k|count|length|tiles|total|value|points)\}"


def leaves(text, chosen=frozenset()):
    """(the counts that chose it, the string) for every string of a text."""
    if not isinstance(text, dict):
        yield chosen, text
        return
    for k, v in text.items():
        if k != "count":
            yield from leaves(v, chosen | {text.get("count", "n")})


def unchosen_counts(lang, text):
    """The counts that meet a noun (an adjective may stand between: "2 skryté bonusy") in a
    string of `text` that no plural object of that count chose."""
    after = re.compile(COUNT + rf"\s+(?:[^\W\d]+\s+)?(?:{NOUNS[lang]})", re.IGNORECASE)
    before = re.compile(rf"\b(?:{NOUNS[lang]})\w*:\s*" + COUNT, re.IGNORECASE)
    return [
        match.group(1)
        for chosen, form in leaves(text)
        for match in (*after.finditer(form), *before.finditer(form))
        if match.group(1) not in chosen
    ]


def test_counts_meeting_nouns_use_plural_objects():
    """English "(1 tiles)", Czech "3 bodů" or "karet: 1" cannot happen: wherever a count meets
    a noun, a plural object of that very count chose the words. Two counts side by side ("12
    bodů + 2 skryté bonusy") so go through two plural objects, the second nested in each form
    of the first."""
    for lang in LANGUAGES:
        for key, text in TABLE[lang].items():
            assert not unchosen_counts(lang, text), (lang, key, text)


def test_a_second_count_without_its_plural_object_is_caught():
    one_object = {"count": "n", "one": "{n} bod + {k} skryté", "few": "{n} body + {k} skryté"}
    assert unchosen_counts("cs", one_object) == ["k", "k"]
    assert unchosen_counts("en", "{n} points + {k} hidden bonus tiles") == ["n", "k"]
    assert unchosen_counts("de", "Karten: {n}") == ["n"]


def test_the_person_at_the_device_is_spoken_to():
    """Required: "the second person for the player at the device" ("Vy položil(a)" never)."""
    tr = Translator(TABLE, "cs")
    assert about(tr, "toscana.log.place", 0, 0, player="Vy", tile="T08") == "Položil(a) jste T08"
    assert about(tr, "toscana.log.place", 1, 0, player="Počítač", tile="T08") == (
        "Počítač položil(a) T08"
    )
    assert about(tr, "gt.turn", None, None, player="Anna") == "Na tahu: Anna"
    for lang in LANGUAGES:  # every "<key>.you" is a second form of a sentence about a seat
        for key in TABLE[lang]:
            if key.endswith(".you") and key != "gt.you":
                base = key[: -len(".you")]
                assert base in TABLE[lang] and "player" in placeholders(TABLE[lang][base]), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_default_names_follow_the_language(lang):
    tr = Translator(TABLE, lang)
    for name in ("You", "Vy", "Du"):
        assert localized_name(tr, name) == tr("gt.you")
    assert localized_name(tr, "Computer 2") == tr("gt.computer") + " 2"
    assert localized_name(tr, "Hráč 3") == tr("gt.seat", n=3)
    assert localized_name(tr, "Anna") == "Anna"


def test_the_table_file_is_plain_json():
    text = (ROOT / "assets" / "strings.json").read_text("utf-8")
    assert json.loads(text) == TABLE


def test_the_log_speaks_to_the_person_at_the_device_and_of_the_others_by_name():
    """Required: "Vy položil(a) T08" was the old Czech log; now the person at the device is
    spoken to, the computer named, and with two people at one device both are named."""
    from game import games
    from game.view.markup import isolate
    from game.view.table import Table

    cs = Translator(TABLE, "cs")
    table = Table("toscana", cs)
    table.start(
        [
            {"name": "You", "kind": "human", "level": None},
            {"name": "Computer", "kind": "ai", "level": "easy"},
        ],
        seed=3,
    )
    for _ in range(2):
        table.play(table.game.legal_moves(table.state)[0])
    board = games.controller("toscana")
    mine, theirs = (entry.told.text for entry in table.log_entries(board, 0))
    assert mine.startswith("Položil(a) jste destičku na ")  # required: and where, not T08
    # (names are shown as bidi isolates)
    assert theirs.startswith(f"{isolate('Počítač')} položil(a) destičku na ")
    assert table.names() == [isolate("Vy"), isolate("Počítač")]  # default names: the language's
    friends = Table("toscana", cs)
    friends.start(
        [
            {"name": "Ann", "kind": "human", "level": None},
            {"name": "Ben", "kind": "human", "level": None},
        ],
        seed=3,
    )
    friends.play(friends.game.legal_moves(friends.state)[0])
    assert friends.log_entries(board, 0)[0].told.text.startswith(
        f"{isolate('Ann')} položil(a) destičku na "
    )


def test_the_picker_script_picks_plural_forms_as_python_does():
    """The picker translates in JavaScript before Python runs (assets/i18n.js `translate`, which
    boot.js's `t` calls): the same forms, nested objects of a second count included."""

    def plural(count, forms):
        return {"count": count, **dict(zip(("one", "few", "many", "other"), forms))}

    rows = ("abcd", "efgh", "ijkl", "mnop")
    two = plural("n", [plural("k", [f"{{n}}/{{k}} {c}" for c in row]) for row in rows])
    table = {
        "cs": {"pts": plural("n", ["{n} bod", "{n} body", "{n} bodu", "{n} bodů"]), "two": two}
    }
    calls = [("pts", {"n": n}) for n in COUNTS] + [
        ("two", {"n": n, "k": k}) for n in (1, 3, 5) for k in (1, 2, 7)
    ]
    module = (ROOT / "assets" / "i18n.js").as_uri()
    script = (
        f"import {{ translate }} from {json.dumps(module)};\n"
        f"const table = {json.dumps(table)};\n"
        f"console.log(JSON.stringify({json.dumps(calls)}.map(([key, vars]) => "
        "translate(table, 'cs', key, vars))));"
    )
    run = ["node", "--input-type=module", "-e", script]
    shown = json.loads(subprocess.run(run, capture_output=True, text=True, check=True).stdout)
    tr = Translator(table, "cs")
    assert shown == [tr(key, **params) for key, params in calls]
    assert shown[-1] == "5/7 p" and shown[len(COUNTS) :][:3] == ["1/1 a", "1/2 b", "1/7 d"]


def test_the_panel_and_the_round_summary_speak_to_the_person_at_the_device():
    """The seat of the person at this device (`you`, a parameter of every board method that
    writes a sentence about a seat) is spoken to; any other seat is named."""
    from game import games
    from game.core import Rng
    from game.toscana import queries

    en = Translator(TABLE, "en")
    names = ["Ann", "Ben"]
    board = games.controller("carcassonne")
    state = games.get("carcassonne").new(players=2, seed=3)  # Ann (seat 0) places the tile
    assert "You are placing it." in board.panel_markup(state, 1, names, en, False, you=0)
    assert "Ann is placing it." in board.panel_markup(state, 1, names, en, False, you=1)

    board, game = games.controller("toscana"), games.get("toscana")
    for seed in range(1, 40):  # a round with a winner
        state, rng = game.new(seed=seed), Rng(seed)
        while board.summary_after(state) is None:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        winner = queries.round_results(state)[0]["winner"]
        if winner is not None:
            break
    assert winner is not None
    _, mine, _ = board.summary(state, 1, names, en, you=winner)
    _, theirs, _ = board.summary(state, 1, names, en, you=1 - winner)
    assert "You win this round." in mine and f"{names[winner]} wins this round." in theirs
