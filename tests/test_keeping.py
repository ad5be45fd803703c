"""What the table says about keeping games, pure Python: names shown as bidi
isolates, load errors in the player's language, the notices that stay, and the question when a
link or file holds a game that is already here."""

import json
import unicodedata
from pathlib import Path

import pytest
from hostile import DEEP, raw_link

from game.core.match import Match, decode_link, encode_link
from game.core.savefile import SaveError, load_text
from game.view.i18n import Translator
from game.view.keeping import arrival_question, error_body, error_text, keep_line
from game.view.markup import esc, html_isolates, isolate
from game.view.table import Table, read_match

STRINGS = json.loads((Path(__file__).parent.parent / "assets/strings.json").read_text("utf-8"))
RLO, PDF, FSI, PDI, LRI = "\u202e", "\u202c", "\u2068", "\u2069", "\u2066"


def bidi_balance(text):
    """Whether every isolate opened in `text` is closed, in order (UAX #9 X5a-X6a, simplified to
    what isolate() must guarantee): no isolate stays open and none closes one it did not open."""
    depth = 0
    for ch in text:
        if ch in "\u2066\u2067\u2068":
            depth += 1
        elif ch == PDI:
            if depth == 0:
                return False
            depth -= 1
    return depth == 0


@pytest.mark.parametrize(
    "name",
    ["Ann", f"{RLO}Ann", f"{PDI}{RLO}evil", f"{LRI}open", f"a{PDI}{PDI}b", "Zoë\u2029next", "أحمد"],
)
def test_a_name_is_one_closed_isolate_whatever_it_holds(name):
    # Required: "Names are shown bidi-isolated, so no name can reorder the text around it": the
    # isolate ends at its own PDI, which closes any override inside (UAX #9 X6a), and nothing in
    # the name can end it early
    shown = isolate(name)
    assert shown.startswith(FSI) and shown.endswith(PDI) and bidi_balance(shown)
    inner = shown[1:-1]
    assert not any(ch in inner for ch in (FSI, PDI, LRI, "\u2067", "\u2029", "\n"))
    assert inner.replace(" ", "") == "".join(
        ch for ch in name if ch not in "\u2066\u2067\u2068\u2069\u2029"
    )
    assert all(unicodedata.category(ch) != "Zp" for ch in shown)


def test_the_table_shows_every_name_isolated():
    table = Table("toscana", Translator(STRINGS, "en"))
    table.start([{"name": f"{RLO}Ann", "kind": "human"}, {"name": "Ben", "kind": "human"}], seed=3)
    assert table.name(0) == f"{FSI}{RLO}Ann{PDI}"
    assert table.names() == [f"{FSI}{RLO}Ann{PDI}", f"{FSI}Ben{PDI}"]
    assert table.text("gt.turn", {"player": 0}) == f"{FSI}{RLO}Ann{PDI} to move"


def save_with(**changes):
    save = Match("toscana", players=2, seed=1, match_id="abcdef12").to_save()
    return {**save, **changes}


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize(
    ("source", "key"),
    [
        (json.dumps(save_with(game="chess")), "load.unknown_game"),
        (
            json.dumps(save_with(seats=[{"name": "A"}, {"name": "B", "kind": "ai", "level": "x"}])),
            "load.level",
        ),
        (json.dumps(save_with(seats=[{"name": 5}, {"name": "B"}])), "load.seat_name"),
        (json.dumps(save_with(moves=[{"x": 99, "y": 0, "rot": 0}])), "load.move"),
        (DEEP, "load.not_json"),
        ('{"format": 9}', "load.format"),
        ("[1, 2]", "load.not_save"),
    ],
)
def test_every_load_error_is_a_sentence_of_the_translation_table(lang, source, key):
    # Required: "Unknown computer levels, bad seat fields, unknown game ids: a clear, translated
    # message at load"; "JSON nested 10,000 deep": a clear error, no crash
    tr = Translator(STRINGS, lang)
    with pytest.raises(SaveError) as caught:
        read_match(source)
    assert caught.value.key == key
    sentence = error_text(tr, caught.value)
    assert sentence == tr(key, **{k: v for k, v in caught.value.params.items() if k != "reason"})
    assert "{" not in sentence and key not in sentence and "game.chess" not in sentence
    body = error_body(tr, caught.value)
    assert tr("gt.nothing_lost") in body and esc(str(caught.value)) in body  # the detail, folded


@pytest.mark.parametrize(
    ("link", "key"),
    [
        (raw_link('{"g": [], "s": {}, "n": null}'), "load.unknown_game"),
        (raw_link(DEEP), "link.damaged"),
        ("2" + "A" * 40, "link.damaged"),
        ("9abc", "link.version"),
    ],
)
def test_a_bad_link_says_what_is_wrong_in_the_players_language(link, key):
    with pytest.raises(SaveError) as caught:
        read_match(link, link=True)
    assert caught.value.key == key
    assert error_text(Translator(STRINGS, "cs"), caught.value) == STRINGS["cs"][key].replace(
        "{game}", str(caught.value.params.get("game"))
    )


def test_a_link_without_an_id_still_reads():
    match = Match("toscana", players=2, seed=1)
    match.play(match.game.legal_moves(match.state)[0])
    again = read_match(encode_link(match.to_save()), link=True)
    assert again.id is None and again.state == match.state
    assert decode_link(match.to_link())["moves"] == load_text(json.dumps(match.to_save()))["moves"]


def test_the_notices_that_stay_on_screen():
    tr = Translator(STRINGS, "en")
    assert keep_line(tr, False, False) == ""
    full = keep_line(tr, True, False)
    assert 'data-act="save"' in full and "Save to file" in full and "full" in full
    damaged = keep_line(tr, False, True)
    assert 'data-act="damaged-download"' in damaged and 'data-act="damaged-dismiss"' in damaged
    assert keep_line(tr, True, True).count("<p") == 2


def test_the_question_names_both_positions_and_both_choices():
    tr = Translator(STRINGS, "cs")
    mine = Match("toscana", players=2, seed=1, seats=[{"name": f"{RLO}Ann"}, {"name": "Ben"}])
    for _ in range(3):
        mine.play(mine.game.legal_moves(mine.state)[0])
    theirs = Match.from_save({**mine.to_save(), "moves": mine.log[:1]})
    markup = arrival_question(tr, "older", "link", mine, theirs)
    assert "3 tahy" in markup and "1 tah" in markup  # Czech plurals
    assert f"{FSI}{RLO}Ann{PDI}" in markup
    assert 'data-act="keep-mine"' in markup and 'data-act="keep-copy"' in markup


def test_in_html_an_isolated_name_becomes_a_bdi_element_and_its_sentence_stays_one_piece():
    name = isolate(f"<b>{RLO}Ann")
    markup = (
        f'<li title="{esc(name)}"><svg><text>{esc(name)}</text></svg>'
        f"{esc(name + ' +4: city')}</li><p>{esc(name)}</p>"
    )
    assert html_isolates(markup) == (
        f'<li title="{esc(name)}"><svg><text>{esc(name)}</text></svg>'  # attribute, SVG: as is
        f"<span><bdi>&lt;b&gt;{RLO}Ann</bdi> +4: city</span></li>"  # one piece in a flex row
        f"<p><bdi>&lt;b&gt;{RLO}Ann</bdi></p>"
    )
