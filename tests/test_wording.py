"""The words of assets/strings.json agree with the printed rules, one word for one thing in each
language and game, in every text of that game (not only in the ones a review named).

The printed rules quoted here: the Czech edition of Thurn und Taxis (Albi, "Poštovní kurýr"; seed
000), the Czech rules of Toscana (Piatnik; seed 001), the Slovak rules of the Courier for
Carcassonne (seed 002), and the German editions (Hans im Glück) for German. A term is checked
as a stem, so that every inflected form counts ("cest" finds cesta, cestu, cestě...)."""

import re

import pytest

from game.view.i18n import Translator, load_table

TABLE = load_table("assets/strings.json")
GAMES = {
    "thurn-und-taxis": ("tnt.", "thurn-und-taxis.", "game.thurn-und-taxis."),
    "toscana": ("toscana.", "game.toscana."),
    "carcassonne": ("carcassonne.", "game.carcassonne."),
}
# Texts every game shows (the board's navigation): they must fit a game without a board too
EVERY_GAME = ("gt.zoom_fit", "nav.map")


def forms(text):
    if isinstance(text, dict):
        return [form for k, v in text.items() if k != "count" for form in forms(v)]
    return [text]


def texts(lang, game):
    """(key, string) of every text of `game` in `lang`, each form of a plural text."""
    return [
        (key, form)
        for key, text in TABLE[lang].items()
        if key.startswith(GAMES[game])
        for form in forms(text)
    ]


def found(lang, game, pattern):
    """The texts of `game` in `lang` where `pattern` (a regular expression) occurs."""
    regex = re.compile(pattern, re.IGNORECASE)
    return [(key, form) for key, form in texts(lang, game) if regex.search(form)]


def words(text):
    """The strings of a text without their placeholders ("{feature}" is no word)."""
    return [re.sub(r"\{\w+\}", "", form) for form in forms(text)]


def wherever(game, lang, english, term):
    """The texts of `game` whose English says `english` but whose `lang` lacks `term`."""
    regex, wanted = re.compile(english), re.compile(term, re.IGNORECASE)
    return [
        key
        for key, text in TABLE["en"].items()
        if key.startswith(GAMES[game])
        and any(regex.search(f) for f in words(text))
        and not all(wanted.search(f) for f in words(TABLE[lang][key]))
    ]


# ---- Thurn und Taxis: the Czech edition's words ----------------------------------------------


def test_czech_thurn_und_taxis_says_zeme_for_a_province():
    # seed 000 line 15: "za pokrytí všech měst v jedné zemi" (line 11: "říšské země")
    assert not found("cs", "thurn-und-taxis", r"provinci")
    assert not wherever("thurn-und-taxis", "cs", r"\bprovinces?\b", r"\bzem[ěií]")


def test_czech_thurn_und_taxis_says_cesta_for_a_route():
    # seed 000 line 63: "Hráč před sebou tvoří jednu řadu karet měst - cestu"; line 49:
    # "body za vyloženou cestu – uzavřít ji"; line 70: "založí ... cestu novou"
    assert not found("cs", "thurn-und-taxis", r"\btras")
    assert not wherever("thurn-und-taxis", "cs", r"\b[Rr]outes?\b", r"\bcest")


def test_czech_thurn_und_taxis_names_the_game_end_tile_a_bonus():
    # seed 000 line 84: "v případě rovnosti vyhrává hráč, který má bonus za konec hry"
    assert not found("cs", "thurn-und-taxis", r"žeton")
    assert not wherever("thurn-und-taxis", "cs", r"game-end tile", r"bonus\w* za konec hry")


def test_czech_thurn_und_taxis_names_the_officials_and_the_display_as_printed():
    # seed 000 line 57 "poštmistr", line 59 "správce", line 72 "vozka"; line 51 "úředník";
    # line 37 "6 z nich se vyloží na herní plán jako nabídka měst"
    cs = TABLE["cs"]
    assert (cs["tnt.official.postmaster"], cs["tnt.official.administrator"]) == (
        "Poštmistr",
        "Správce",
    )
    assert cs["tnt.official.carrier"] == "Vozka" and cs["tnt.officials"] == "Úředníci"
    assert cs["tnt.display"] == "Nabídka"
    # "vozka" is the Czech word; the Slovak coachman is a "kočiš"
    assert TABLE["sk"]["tnt.official.carrier"] == "Kočiš"
    assert not found("sk", "thurn-und-taxis", r"\bvozk")


def test_czech_next_turn_is_v_pristim_tahu():
    # seed 000 line 13: "Pokud k ní ale v příštím tahu nebude mít co přiložit"
    wrong = re.compile(r"příští tah(?!\w)")
    assert not [k for k, t in TABLE["cs"].items() if any(wrong.search(f) for f in forms(t))]


def test_german_thurn_und_taxis_names_as_the_german_edition():
    # The German rules (Hans im Glück 2006): Postmeister, Amtmann, Postillion, Wagner; the
    # all-provinces tile is printed "Außerhalb Baiern", quoted as the tile's name
    de = TABLE["de"]
    assert [de[f"tnt.official.{o}"] for o in ("postmaster", "administrator", "carrier")] == [
        "Postmeister",
        "Amtmann",
        "Postillion",
    ]
    assert de["tnt.official.cartwright"] == "Wagner"
    assert "„Außerhalb Baiern“" in de["tnt.howto.bonuses.1"]
    assert "heißt das Plättchen „Außerhalb Baiern“" in de["tnt.option.baiern"]
    assert not found("de", "thurn-und-taxis", r"Mitspieler")


# ---- Toscana: the Czech rules' words ---------------------------------------------------------


def test_czech_toscana_says_desticka_never_dilek():
    # seed 001 line 9: "16 destiček „střech“, 16 destiček „dláždění“"; line 21: "umístí svou
    # vrchní destičku na herní plán"
    assert not found("cs", "toscana", r"\bdíl[ek]")
    assert not wherever("toscana", "cs", r"\btiles?\b", r"destič")
    # Slovak keeps its own one word, doštička
    assert not wherever("toscana", "sk", r"\btiles?\b", r"doštič")


def test_czech_toscana_says_herni_plan_never_deska():
    # seed 001 line 7: "Herní plán má barvu toskánské krajiny"; line 21: "nesmějí přesahovat
    # přes okraj herního plánu"
    assert not found("cs", "toscana", r"\bdes[ek]|\bdesc")
    assert not wherever("toscana", "cs", r"\bboard\b", r"herní\w* plán")


def test_czech_and_slovak_toscana_skip_a_turn_instead_of_standing():
    # seed 001 line 21: "Pokud hráč nemůže přiložit svoji destičku podle pravidel, hraje jeho
    # soupeř": the player misses the turn ("Stát" read as "to stand")
    assert not found("cs", "toscana", r"\bst(?:át|ojí)")
    assert not found("sk", "toscana", r"\bst(?:áť|ojí)")
    assert (TABLE["cs"]["toscana.pass"], TABLE["sk"]["toscana.pass"]) == (
        "Vynechat tah",
        "Vynechať ťah",
    )


# ---- Carcassonne: no board, the Slovak rules' words ----------------------------------------


@pytest.mark.parametrize(
    "lang, board", [("cs", r"\bdes[ek]|\bdesc"), ("sk", r"\bdos[ck]|\bdosiek"), ("de", r"brett")]
)
def test_carcassonne_has_no_board(lang, board):
    # Carcassonne has no board: the tiles lie on the table as a landscape (seed 002 line 41:
    # "umiestnená na hraciu plochu", the play area); so do the navigation's texts of every game
    assert not found(lang, "carcassonne", board)
    assert not [k for k in EVERY_GAME if re.search(board, TABLE[lang][k], re.IGNORECASE)]
    plocha = {"cs": r"hrací\w* ploš|hrací\w* ploch", "sk": r"hrac\w* ploch", "de": r"Spielfläche"}
    assert not wherever("carcassonne", lang, r"\bboard\b", plocha[lang])


@pytest.mark.parametrize("lang", ["cs", "sk"])
def test_carcassonne_tiles_are_karticky(lang):
    # seed 002 line 3: "Čítate pravidlá k takto ilustrovaným kartičkám"; line 20: "Kartičky
    # krajiny zamiešajte medzi ostatné kartičky"
    assert not found(lang, "carcassonne", r"\bdíl[ek]|dielik|doštič|destič")
    # (but the button "Lay tile here" is "Položit sem", short enough for a phone)
    assert set(wherever("carcassonne", lang, r"\btiles?\b", r"kartič")) <= {"carcassonne.lay"}


def test_generic_tile_label_says_karticka():
    # the fallback label for a game without its own: Czech and Slovak "kartička", as above
    assert (
        "kartička" in TABLE["cs"]["gt.hints_label"] and "kartička" in TABLE["sk"]["gt.hints_label"]
    )


def test_slovak_carcassonne_uses_the_printed_words():
    # seed 002 line 33: "Farmár umiestnený na lúke"; lines 28 and 32: "uzavretých území", "za
    # neukončené územie"; line 17: "Kartička so symbolom dopisu"; line 32: "ďakovnú správu"
    assert not found("sk", "carcassonne", r"sedliak|sedliac")
    assert TABLE["sk"]["carcassonne.role.field"] == "farmár"
    assert not found("sk", "carcassonne", r"časť krajiny|\b(?:každú|len|voľná) časť\b")
    assert not wherever("carcassonne", "sk", r"\bfeatures?\b", r"územ")
    assert not found("sk", "carcassonne", r"kartič\w* s dopisom")
    assert "ďakovn" in TABLE["sk"]["carcassonne.howto.courier.2"]


@pytest.mark.parametrize("lang, name", [("cs", r"Pos(?:el|l\w*)"), ("sk", r"Pos(?:ol|l\w*)")])
def test_the_courier_is_a_lower_case_figure_inside_a_sentence(lang, name):
    # seed 002 line 20: "Figúrku posla položte na stranu"; line 24: "ihneď presuňte figúrku posla"
    # (the name stays capital only where a sentence or a title starts)
    capital = re.compile(rf"(?<![.!?]\s)(?<!^)\b{name}\b")
    wrong = [
        (key, form)
        for key, form in texts(lang, "carcassonne")
        if key != "game.carcassonne.name" and capital.search(form)
    ]
    assert not wrong


def test_german_carcassonne_names_as_the_german_edition():
    # The German rules (Hans im Glück): Gefolgsmann; Wegelagerer, Ritter, Mönch, Bauer
    de = TABLE["de"]
    roles = [de[f"carcassonne.role.{k}"] for k in ("road", "city", "monastery", "field")]
    assert roles == ["Wegelagerer", "Ritter", "Mönch", "Bauer"]
    assert not wherever("carcassonne", "de", r"\bfollowers?\b", r"Gefolgs")


# ---- counts side by side --------------------------------------------------------------------


def test_points_and_hidden_bonuses_each_follow_their_own_number():
    # "+ 1 skrytý bonus / 2 skryté bonusy / 5 skrytých bonusů" beside "1 bod / 12 bodů"
    cs, sk = Translator(TABLE, "cs"), Translator(TABLE, "sk")
    assert cs("tnt.player.points_hidden", n=12, k=2) == "12 bodů + 2 skryté bonusy"
    assert cs("tnt.player.points_hidden", n=1, k=5) == "1 bod + 5 skrytých bonusů"
    assert cs("tnt.player.points_hidden", n=4, k=1) == "4 body + 1 skrytý bonus"
    assert sk("tnt.player.points_hidden", n=0, k=5) == "0 bodov + 5 skrytých bonusov"
    en, de = Translator(TABLE, "en"), Translator(TABLE, "de")
    assert en("tnt.player.points_hidden", n=1, k=2) == "1 point + 2 hidden bonus tiles"
    assert de("tnt.player.points_hidden", n=7, k=1) == "7 Punkte + 1 verdecktes Bonusplättchen"
