"""Thurn und Taxis without sight, in CPython: the keyboard's walk over the map along its roads,
what a screen reader is told (`spoken`, `piece_words`, `board_words`), the step hints in keyboard
words, and the places a hint names coming into view (`cursor_box`).

Each rules claim cites docs/rules/thurn-und-taxis.md by section. The words are checked against
the engine (queries.ends, legal_moves), never against hard-coded sentences alone.
"""

import json
import math
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_thurn_und_taxis_board import DECK, NAMES, at_close, at_draw, at_play, build, shown

from game.thurn_und_taxis import data, draw, draw_words, howto, panel, queries
from game.thurn_und_taxis.controller import Controller
from game.thurn_und_taxis.engine import GAME, Draw, Pass, Play
from game.view.i18n import LANGUAGES, Translator

ROOT = Path(__file__).resolve().parent.parent
STRINGS = json.loads((ROOT / "assets" / "strings.json").read_text("utf-8"))
TR = Translator(STRINGS, "en")
ARROWS = list(draw_words.ARROWS)


def neighbours(city):
    """The cities a road joins to `city`, from the map's road list."""
    return {b for a, b in data.ROADS if a == city} | {a for a, b in data.ROADS if b == city}


def city_at(box):
    """The city at the middle of a cursor box ("x y w h")."""
    x, y, w, h = map(float, box.split())
    return min(data.CITIES, key=lambda c: math.dist(draw.XY[c], (x + w / 2, y + h / 2)))


# ---- the walk ----------------------------------------------------------------------------------
def test_every_arrow_goes_along_a_road_in_its_direction_each_to_a_city_of_its_own():
    # docs/rules/thurn-und-taxis.md, Map: 22 cities joined by 45 roads; the cursor moves only
    # along them, so the order of the walk is the order of the roads
    for city in data.CITIES:
        led = draw_words.arrows(city)
        assert set(led.values()) <= neighbours(city), city
        assert len(set(led.values())) == len(led), city  # no two arrows to one city
        for key, other in led.items():
            dx, dy = draw_words.ARROWS[key]
            (x0, y0), (x1, y1) = draw.XY[city], draw.XY[other]
            cos = ((x1 - x0) * dx + (y1 - y0) * dy) / math.dist((x0, y0), (x1, y1))
            assert math.degrees(math.acos(cos)) < draw_words.WIDEST, (city, key, other)
        # as many roads as arrows can take are under one (up to four)
        assert len(led) >= min(2, len(neighbours(city))), city


def test_every_city_can_be_reached_from_every_other_by_the_arrows_alone():
    # docs/rules/thurn-und-taxis.md, Map: the roads join all 22 cities
    for start in data.CITIES:
        seen, todo = {start}, [start]
        while todo:
            for other in draw_words.arrows(todo.pop()).values():
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        assert seen == set(data.CITIES), start


def test_page_down_and_up_go_through_every_road_of_a_city_clockwise():
    # docs/rules/thurn-und-taxis.md, Map: every road of a city can be walked, not only four
    state = at_play(["Augsburg"], ["Stuttgart"])
    board = Controller()
    board.key(state, "ArrowUp")  # the cursor starts at the route's end: Stuttgart
    assert board.cursor == "Stuttgart" and len(neighbours("Stuttgart")) > 4
    visited = []
    for _ in neighbours("Stuttgart"):
        board.key(state, "PageDown")
        visited.append(board.cursor)
        said = board.spoken(state, 0, TR, 0)
        n = len(neighbours("Stuttgart"))
        assert said.startswith(f"From Stuttgart, road {len(visited)} of {n}: {board.cursor}, ")
    assert visited == list(draw_words.roads("Stuttgart"))
    assert set(visited) == neighbours("Stuttgart")
    x0, y0 = draw.XY["Stuttgart"]
    bearings = [math.atan2(draw.XY[c][0] - x0, y0 - draw.XY[c][1]) % math.tau for c in visited]
    assert bearings == sorted(bearings)  # clockwise from north
    board.key(state, "PageUp")
    assert board.cursor == visited[-2]  # back one road of the same city


# ---- what a cursor move says ---------------------------------------------------------------------
def test_a_cursor_move_names_the_city_its_province_houses_roads_and_where_the_card_fits():
    # docs/rules/thurn-und-taxis.md, Playing a card: at an end of the route, joined by a road;
    # Houses: other players' houses stand on the map for everyone to see
    state = build(
        hands=[["München", "Pilsen"], []],
        routes=[["Ulm", "Augsburg"], []],
        houses=[["Passau"], ["Augsburg", "Passau"]],
        display=DECK[:6],
        pile=DECK[6:],
        step={"official": None, "draws": 1, "draws_needed": 1},
    )
    board = Controller()
    board.key(state, "ArrowUp")
    assert board.cursor == "Augsburg"  # the right end of the route of the player to move
    said = board.spoken(state, 0, TR, 0)
    assert said.startswith("Augsburg, Baiern. The right end of your route.")
    assert "Augsburg is already on your route." in said
    assert "Houses: blue square." in said
    roads = re.search(r"(\d+) roads: (.*)\.$", said)
    assert int(roads.group(1)) == len(neighbours("Augsburg"))
    assert {c.split(" (")[0] for c in roads.group(2).split(", ")} == neighbours("Augsburg")
    assert board.spoken(state, 0, TR, 0) is None  # said once
    board.key(state, "ArrowRight")  # Augsburg -> München
    assert board.cursor == draw_words.arrows("Augsburg")["ArrowRight"] == "München"
    said = board.spoken(state, 0, TR, 0)
    assert "München fits after Augsburg, the right end of your route." in said
    assert "Card 1 of your hand." in said and "Enter chooses your München card." in said
    assert queries.ends(state, 0, "München") == ("right",)
    board.key(state, "Home")  # the left end
    said = board.spoken(state, 0, TR, 0)
    assert board.cursor == "Ulm" and "The left end of your route." in said
    assert "Ulm is already on your route." in said


def test_a_card_that_fits_nowhere_is_said_so_and_a_blocked_arrow_says_where_roads_go():
    # docs/rules/thurn-und-taxis.md, Playing a card: no road to an end, no play there
    state = at_play(["Lodz"], ["Ulm", "Augsburg"])
    board = Controller()
    board.key(state, "1")  # Lodz chosen: the cursor goes to it
    said = board.spoken(state, 0, TR, 0)
    assert board.cursor == "Lodz" and queries.ends(state, 0, "Lodz") == ()
    assert said == (
        "Chosen card: Lodz (Polen). Lodz does not fit: no road joins it to an end of your route."
    )
    board.key(state, "ArrowUp")  # Lodz has one road, to the west
    assert board.cursor == "Lodz"
    assert board.spoken(state, 0, TR, 0) == "No road leads up from Lodz. 1 road: Pilsen (left)."


def test_with_no_route_the_cursor_starts_in_the_middle_and_any_card_may_start_one():
    # docs/rules/thurn-und-taxis.md, Playing a card: any card starts an empty route
    state = GAME.new(players=2, seed=1)
    board = Controller()
    board.key(state, "ArrowDown")
    assert board.cursor == draw_words.MIDDLE
    said = board.spoken(state, 0, TR, 0)
    assert said.startswith(f"{draw_words.MIDDLE}, ") and "can start your route" in said
    board.key(state, "End")
    assert board.spoken(state, 0, TR, 0) == "You have no route yet."


def test_an_open_card_is_said_with_the_key_that_takes_it():
    # docs/rules/thurn-und-taxis.md, Drawing: an open card or the top of the pile
    state = at_draw(["Lodz"], ["Ulm", "Augsburg"])
    board = Controller()
    board.key(state, "ArrowUp")  # Augsburg, the route's end
    board.key(state, "ArrowLeft")  # Ulm: open card 1 (DECK[0])
    said = board.spoken(state, 0, TR, 0)
    assert board.cursor == "Ulm" and DECK[0] == "Ulm"
    assert "Open card 1: press 1 to take it." in said
    assert board.key(state, "1") == Draw(0) and Draw(0) in GAME.legal_moves(state)


# ---- playing by keys ---------------------------------------------------------------------------
def test_a_number_chooses_a_card_and_enter_plays_it_where_it_fits():
    # docs/rules/thurn-und-taxis.md, Playing a card: one end fits -> Enter on the card plays it
    state = at_play(["Augsburg", "Kempten"], ["Ulm", "Stuttgart"])
    board = Controller()
    hand = queries.hand(state, 0)
    k = hand.index("Kempten")
    assert board.key(state, str(k + 1)) is None
    assert board.selected_city(state) == "Kempten" and board.cursor == "Kempten"
    said = board.spoken(state, 0, TR, 0)
    assert said.startswith("Chosen card: Kempten (Baiern). Kempten fits before Ulm")
    assert said.endswith("Enter plays Kempten before Ulm.")
    assert queries.ends(state, 0, "Kempten") == ("left",)
    move = board.key(state, "Enter")
    assert move == Play("Kempten", "left") and move in GAME.legal_moves(state)
    assert board.spoken(state, 0, TR, 0) is None  # the table tells the move as the log does


def test_a_card_fitting_both_ends_says_which_on_a_tap_or_enter_and_plays_at_the_end_chosen():
    # docs/rules/thurn-und-taxis.md, Playing a card: either end, joined by a road; Ingolstadt
    # has roads to both Ulm and Augsburg
    state = at_play(["Ingolstadt"], ["Ulm", "Augsburg"])
    assert queries.ends(state, 0, "Ingolstadt") == ("left", "right")
    board = Controller()
    assert board.tap(state, "city:Ingolstadt") is None  # chosen
    assert board.tap(state, "city:Ingolstadt") is None  # its own city again: which end?
    hint = "Ingolstadt fits both ends of your route: tap Ulm to put it before, or Augsburg"
    assert hint in shown(board, state, 0, NAMES, TR, True)
    assert board.spoken(state, 0, TR, 0).startswith(hint)
    board.key(state, "Enter")  # the same by keys: the hint says keys now
    said = board.spoken(state, 0, TR, 0)
    assert said.startswith("Ingolstadt fits both ends of your route: press Home for Ulm or End")
    assert panel.step_words(state, board.selection(state), TR)[1] == said
    board.key(state, "End")
    said = board.spoken(state, 0, TR, 0)
    assert board.cursor == "Augsburg" and "Enter plays Ingolstadt after Augsburg." in said
    assert board.key(state, "Enter") == Play("Ingolstadt", "right")


def test_enter_where_nothing_can_be_done_says_so_with_the_step_in_keyboard_words():
    state = at_play(["Augsburg"], ["Ulm", "Stuttgart"])
    board = Controller()
    board.key(state, "ArrowUp")  # Stuttgart, no card chosen, no card of it in the hand
    board.spoken(state, 0, TR, 0)
    assert board.key(state, "Enter") is None
    said = board.spoken(state, 0, TR, 0)
    assert said.startswith("Nothing to do at Stuttgart now. Choose a card of your hand by its")


def test_escape_lets_go_and_p_ends_the_turn_only_when_the_engine_allows():
    # docs/rules/thurn-und-taxis.md, Turn: a pass ends the turn after the play
    state = at_play(["Augsburg"], ["Ulm", "Stuttgart"])
    board = Controller()
    board.key(state, "1")
    board.spoken(state, 0, TR, 0)
    board.key(state, "Escape")
    assert board.selected_city(state) is None
    assert board.spoken(state, 0, TR, 0) == "Nothing chosen now."
    assert board.key(state, "p") is None  # the play is not done: no pass
    closing = at_close(["Ulm", "Augsburg"])
    assert board.key(closing, "P") == Pass() and Pass() in GAME.legal_moves(closing)


def test_in_the_keep_step_numbers_keep_cards_and_say_how_many():
    # docs/rules/thurn-und-taxis.md, Hand limit: after closing, keep 3 cards
    state = build(
        hands=[["Ulm", "Augsburg", "Kempten", "Lodz", "Pilsen"], []],
        display=DECK[:6],
        pile=DECK[6:],
        step={"official": None, "draws": 1, "plays": 1, "cards_to_cut": 2},
    )
    assert queries.step(state).phase == "discard"
    board = Controller()
    hand = queries.hand(state, 0)
    for n, key in enumerate("123", start=1):
        board.key(state, key)
        assert board.spoken(state, 0, TR, 0) == f"Keeping {hand[n - 1]}: {n} of 3."
    board.key(state, "2")
    assert board.spoken(state, 0, TR, 0) == f"Not keeping {hand[1]}: 2 of 3."


# ---- the card in hand and the board described ------------------------------------------------
def test_the_card_in_hand_is_described_and_a_hidden_hand_never_is():
    # docs/rules/thurn-und-taxis.md, Hidden information: a hand is its owner's alone
    state = at_play(["Augsburg", "Kempten"], ["Ulm", "Stuttgart"])
    board = Controller()
    assert board.piece_words(state, 0, TR) == "No card chosen. Your hand: Augsburg, Kempten."
    board.act(state, "card:1")
    assert board.piece_words(state, 0, TR) == (
        "Kempten, Baiern. Kempten fits before Ulm, the left end of your route."
    )
    for viewer in (1, None):  # not the player to move: nothing of that hand
        assert board.piece_words(state, viewer, TR) == ""
        words = board.board_words(state, viewer, NAMES[:2], TR, viewer)
        assert "Kempten" not in words.split("Every city")[0] and "fits" not in words


class Outline(HTMLParser):
    """Headings and list items of a piece of markup, as text."""

    def __init__(self):
        super().__init__()
        self.parts, self.open = [], []

    def handle_starttag(self, tag, attrs):
        self.open.append(tag)
        if tag in ("h3", "li"):
            self.parts.append([tag, ""])

    def handle_endtag(self, tag):
        self.open.pop()

    def handle_data(self, text):
        if self.parts:
            self.parts[-1][1] += text


def test_the_board_described_gives_roads_routes_houses_open_cards_and_every_city():
    # docs/rules/thurn-und-taxis.md, Map (roads), Houses, Drawing (the six open cards)
    state = build(
        hands=[["München"], []],
        routes=[["Ulm", "Augsburg"], ["Pilsen"]],
        houses=[["Passau"], ["Lodz", "Pilsen"]],
        display=DECK[:6],
        pile=DECK[6:],
        step={"official": None, "draws": 1, "draws_needed": 1},
    )
    board = Controller()
    board.key(state, "ArrowUp")  # the cursor on Augsburg
    outline = Outline()
    outline.feed(board.board_words(state, 0, NAMES[:2], TR, 0))
    heads = [text for tag, text in outline.parts if tag == "h3"]
    assert heads == ["Roads from Augsburg", "Players", "Open cards", "Every city and its roads"]
    items = [text for tag, text in outline.parts if tag == "li"]
    assert {i.split(" (")[0] for i in items[: len(neighbours("Augsburg"))]} == neighbours(
        "Augsburg"
    )
    assert "Route of 2 cards: Ulm – Augsburg" in items and "1 house: Passau" in items
    assert "Route of 1 card: Pilsen" in items and "2 houses: Pilsen, Lodz" in items
    for city in queries.display(state):
        assert any(i.startswith(f"{city} ({draw.PROVINCE_OF[city]}): {city}") for i in items)
    every = items[-len(data.CITIES) :]
    assert [i.split(" (")[0] for i in every] == draw_words.order_of_roads("Augsburg")
    assert {i.split(" (")[0] for i in every} == set(data.CITIES)
    for line in every:
        city, roads = line.split(": ")
        assert set(roads.split(", ")) == neighbours(city.split(" (")[0])


# ---- hints, the places they name, the Keyboard section ------------------------------------------
TAP_WORDS = {"en": r"\b[Tt]ap", "cs": r"[Kk]lepněte", "sk": r"[Ťť]uknite", "de": r"\b[Tt]ippe"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_hint_has_keyboard_words_that_never_say_tap(lang):
    table = STRINGS[lang]
    hints = [k for k in table if k.startswith("tnt.hint.")]
    tapping = [k for k in hints if re.search(TAP_WORDS[lang], str(table[k]))]
    assert len(tapping) >= 6  # (the words looked for are the hints' own)
    assert [k for k in tapping if k.endswith(".keys")] == []
    assert [k for k in tapping if f"{k}.keys" not in table] == []


def test_the_hint_follows_the_last_input_and_is_no_live_region():
    state = at_play(["Augsburg", "Kempten"], ["Ulm", "Stuttgart"])
    board = Controller()
    markup = shown(board, state, 0, NAMES, TR, True)
    assert "Tap a card of your hand" in markup
    assert "aria-live" not in markup and 'role="alert"' not in markup  # the table has the one
    board.key(state, "ArrowUp")
    assert "Choose a card of your hand by its number" in shown(board, state, 0, NAMES, TR, True)
    board.tap(state, "city:Ulm")
    assert "Tap a card of your hand" in shown(board, state, 0, NAMES, TR, True)


def test_the_places_a_hint_names_come_into_view():
    # the hint "Where does Kempten go? ... the marked route end" names Kempten and the end
    state = at_play(["Augsburg", "Kempten"], ["Ulm", "Stuttgart"])
    board = Controller()
    assert board.cursor_box(state) is None
    board.act(state, "card:1")  # Kempten, from the panel
    x, y, w, h = map(float, board.cursor_box(state).split())
    for city in ("Kempten", "Ulm"):  # the card's city and the end it fits (Kempten-Ulm road)
        cx, cy = draw.XY[city]
        assert x < cx - 40 and cx + 40 < x + w and y < cy - 20 and cy + 20 < y + h, city
    assert not x < draw.XY["Stuttgart"][0] - 40  # not the end it does not fit
    board.key(state, "ArrowRight")  # a key: the cursor's city
    assert city_at(board.cursor_box(state)) == board.cursor


def test_the_keyboard_section_lists_the_keys_the_board_answers():
    sections = {s.topic: s for s in howto.sections()}
    text = " ".join(TR(t) for t in sections["keys"].texts)
    for words in ("arrow keys", "Page Down", "Page Up", "Home", "End", "Enter", "Escape"):
        assert words in text, words
    for words in ("1 to 6", "D the top card", "1 to 9", "P ends your turn", "B describes", "?"):
        assert words in text, words
    board = Controller()
    state = at_play(["Augsburg"], ["Ulm"])
    for key in ("ArrowUp", "PageDown", "Home", "End", "Escape", "1"):
        board.key(state, key)  # every key the section names is one the board takes
    assert board.key(state, "Enter") in GAME.legal_moves(state)
