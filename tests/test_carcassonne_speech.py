"""Carcassonne without sight, in CPython: what the board controller says after each input
(`spoken`), the tile in hand (`piece_words`) and the landscape around the cursor (`board_words`),
in the words a screen reader speaks (game/carcassonne/speech.py, cursor.py, controller.py).

Every claim about the game cites docs/rules/carcassonne.md by section. The deck after the
start tile (D: city north, road west-east) is the browser test's: E, U, V, A.
"""

import random
import re

import pytest

from game.carcassonne import queries, speech
from game.carcassonne.controller import Controller
from game.carcassonne.engine import GAME, Place
from game.view.i18n import LANGUAGES, Translator, load_table

TABLE = load_table("assets/strings.json")
TR = Translator(TABLE, "en")
NAMES = ["Ann", "Ben"]
DECK = ["E", "U", "V", "A"]
TAP_WORDS = r"\b(tap|click|point)|klepn|klikn|ťukn|kliknut|ukážte|ukažte|tipp|klick|zeige"


def fresh(deck=DECK, **options):
    board = Controller()
    state = GAME.new(players=2, seed=3, options={"deck": deck, **options})
    board.panel_markup(state, 0, NAMES, TR, True)  # the table draws the panel first
    return state, board


def hint_of(panel):
    """The words of the panel's hint (its parts for a tiny screen and a larger one included)."""
    return re.sub(r"<[^>]+>", " ", re.search(r'<p class="gt-hint">(.*?)</p>', panel).group(1))


def said(board, state, tr=TR):
    return board.spoken(state, 0, tr, 0)


def press(board, state, *keys, tr=TR):
    """The keys in turn; what was said after the last one."""
    words = None
    for key in keys:
        assert board.key(state, key) is None
        words = said(board, state, tr)
    return words


def fitting_turns(state, square):
    """The distinct turns in which the tile in hand fits on `square` (the engine's word)."""
    return sorted({m.rot for m in GAME.legal_moves(state) if (m.x, m.y) == square})


# ---- the tile in hand ---------------------------------------------------------------------------------
def test_the_tile_in_hand_is_its_sides_and_features():
    # docs/rules/carcassonne.md, Set-up: the start tile is D, "city to the north, road running
    # west-east"; Tile placement: turned in quarter turns, never flipped
    assert speech.piece_words(TR, "D", 0) == "Tile D: city north, road east and west, field south"
    assert speech.piece_words(TR, "D", 1) == "Tile D: city east, road north and south, field west"
    assert (
        speech.tile_words(TR, "M", 0) == "city north and east with a shield, field south and west"
    )
    assert speech.tile_words(TR, "H", 0) == "city north, city south, field east and west"
    assert speech.tile_words(TR, "W", 0) == "road east, road south, road west, field north"
    assert speech.tile_words(TR, "A", 0) == "road south, monastery, field north, east and west"
    # docs/rules/carcassonne.md, Letter tiles: the Courier's letter tiles say so
    assert speech.piece_words(TR, "letter1", 0).endswith("a letter tile")


def test_the_panel_pictures_are_named_by_their_sides_never_by_a_letter_alone():
    state, board = fresh()
    panel = board.panel_markup(state, 0, NAMES, TR, True)
    words = board.piece_words(state, 0, TR)
    assert words == "Tile E: city north, field east, south and west"
    assert f'aria-label="{words}"' in panel and 'aria-label="Tile E"' not in panel
    board.key(state, "r")
    assert board.piece_words(state, 0, TR) == "Tile E: city east, field north, south and west"
    assert 'aria-label="Tile E: city east' in board.panel_markup(state, 0, NAMES, TR, True)
    # the log's picture of a move is named the same way
    move = Place(0, -1, 2, None)
    told = board.tell(state, move.to_json(), GAME.apply(state, move), 0, NAMES, TR)
    assert 'aria-label="Tile E: city south, field north, east and west"' in told.picture


# ---- the cursor ---------------------------------------------------------------------------------------
def test_each_square_is_named_as_the_log_names_it_with_what_lies_there_and_whether_it_fits():
    # docs/rules/carcassonne.md, Tile placement: a full edge shared, every touching edge
    # matching; E (one city side) fits above the start tile's city only city down (1 turn)
    state, board = fresh()
    words = press(board, state, "ArrowUp")  # the first press starts from the tile laid last
    assert words == (
        "1 square up from the start tile: empty; next to it: city south. "
        "Your tile fits here in 1 turn: city south, field north, east and west."
    )
    assert fitting_turns(state, (0, -1)) == [2]
    # below the start tile's field E fits in the 3 turns that keep its city off the field
    words = press(board, state, "ArrowDown", "ArrowDown")
    assert words.startswith("1 square down from the start tile: empty; next to it: field north.")
    assert f"fits here in {len(fitting_turns(state, (0, 1)))} turns" in words
    assert len(fitting_turns(state, (0, 1))) == 3


def test_a_laid_tile_says_its_features_followers_and_the_courier():
    # docs/rules/carcassonne.md, Courier trigger: Ben's thief in the Courier's row calls him to
    # its tile; The Courier: he starts on the start tile
    state, board = fresh()
    state = GAME.apply(state, Place(0, -1, 2, "c1"))
    state = GAME.apply(state, Place(1, 0, 1, "r1"))
    assert queries.courier_position(state) == (1, 0)
    board.panel_markup(state, 0, NAMES, TR, True)
    words = press(board, state, "ArrowUp")  # from Ben's tile, one square up: a free square
    words = press(board, state, "ArrowDown")  # back onto Ben's tile
    assert words == (
        "1 square right from the start tile: tile U, road east and west, field north and "
        "south. Ben: road (thief). The Courier stands here. Your tile does not fit here: "
        "a tile lies here already."
    )


@pytest.mark.parametrize(
    "deck, square, reason",
    [
        (["E"], (1, 0), "it has no road side"),  # D's road faces it: E has none
        (["E"], (1, 1), "no tile lies next to it"),  # a corner only: no full edge shared
        (["E"], (0, 0), "a tile lies here already"),
        (["C"], (0, 1), "it has no field side"),  # C is all city; D's field faces it
        (["H"], (1, 0), "it has no road side"),
    ],
)
def test_where_the_tile_does_not_fit_one_short_phrase_says_why(deck, square, reason):
    # docs/rules/carcassonne.md, Tile placement: sharing at least one full edge, every
    # touching edge matching (road to road, city to city, field to field)
    state, board = fresh(deck)
    assert square not in {(m.x, m.y) for m in GAME.legal_moves(state)}
    board._go(square)  # where the arrows would take the cursor
    words = said(board, state)
    assert words.endswith(f"Your tile does not fit here: {reason}.")
    # Enter there is refused with the same reason and lays nothing
    assert board.key(state, "Enter") is None and not board.locked
    assert said(board, state) == f"Your tile does not fit here: {reason}."


def test_a_tile_that_has_every_kind_but_fits_no_turn_says_no_turn_matches():
    # docs/rules/carcassonne.md, Tile placement: every touching edge must match at once. On
    # random positions: free squares whose neighbours ask only for kinds the tile has, but in
    # no single turn of it together
    rng = random.Random(3)
    found = 0
    for seed in range(40):
        state = GAME.new(players=2, seed=seed)
        for _ in range(rng.randrange(3, 12)):
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
        board = Controller()
        board._sync(state)
        for square in board.free:
            wanted = speech.asked(square, board.square_of)
            why = speech.why_not(board.tile, wanted)
            if why == "carcassonne.why.mismatch" and not fitting_turns(state, square):
                board._go(square)
                assert said(board, state).endswith(
                    "does not fit here: no turn of it matches all the tiles next to it."
                )
                found += 1
    assert found


def test_every_square_in_reach_says_fits_exactly_where_the_engine_lets_the_tile_go():
    # docs/rules/carcassonne.md, Tile placement and Look-alike rotations: the squares and the
    # number of distinct turns the speech gives are the engine's legal moves, on random games
    rng = random.Random(11)
    for seed in range(6):
        state = GAME.new(players=3, seed=seed)
        for _ in range(rng.randrange(2, 20)):
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
        board = Controller()
        board.panel_markup(state, 0, ["A", "B", "C"], TR, True)
        x0, y0, x1, y1 = board.box
        for x in range(x0, x1 + 1):
            for y in range(y0, y1 + 1):
                board._go((x, y))
                words = said(board, state)
                assert words.startswith(speech.sentence(speech.where(TR, x, y)))
                turns = fitting_turns(state, (x, y))
                fits = re.search(r"fits here in (\d+) turns?", words)
                assert (fits is not None) == bool(turns), words
                assert not fits or int(fits.group(1)) == len(turns)
                assert ("does not fit here" in words) == (not turns)


def test_the_arrows_stop_at_the_edge_and_say_so():
    state, board = fresh()
    press(board, state, "ArrowUp")
    assert press(board, state, "ArrowUp").startswith("The edge: nothing further that way.")
    assert board.cursor == (0, -1)


def test_f_jumps_to_the_squares_where_the_tile_fits():
    # docs/rules/carcassonne.md, Tile placement: E fits above and below the start tile only
    state, board = fresh()
    assert {(m.x, m.y) for m in GAME.legal_moves(state)} == {(0, -1), (0, 1)}
    assert "1 square up from the start tile" in press(board, state, "f")
    assert "1 square down from the start tile" in press(board, state, "f")
    assert "1 square up from the start tile" in press(board, state, "f")
    assert "1 square down from the start tile" in press(board, state, "F")


# ---- turning, choosing, refusing ----------------------------------------------------------------------
def test_each_turn_of_the_tile_is_said_with_its_new_sides():
    # docs/rules/carcassonne.md, Tile placement (quarter turns) and Look-alike rotations: on a
    # square R goes through the turns that fit there; elsewhere through the distinct turns
    state, board = fresh()
    seen = [press(board, state, "r") for _ in range(4)]
    assert seen == [
        "Turned: city east, field north, south and west.",
        "Turned: city south, field north, east and west.",
        "Turned: city west, field north, east and south.",
        "Turned: city north, field east, south and west.",
    ]
    assert press(board, state, "R") == "Turned: city west, field north, east and south."
    press(board, state, "f", "f")  # below the start tile: 3 turns fit
    words = [press(board, state, "r") for _ in range(3)]
    assert all(re.match(r"Turn [123] of the 3 that fit here: city ", w) for w in words)
    assert len(set(words)) == 3
    press(board, state, "f")  # above: one turn only
    assert press(board, state, "r") == (
        "The only turn that fits here: city south, field north, east and west."
    )


def test_enter_chooses_then_lays_and_the_follower_step_lists_the_places():
    # docs/rules/carcassonne.md, Followers: after placing, one follower on a feature of that
    # tile nobody holds: E above the start tile offers its city and its field
    state, board = fresh()
    assert press(board, state, "Enter") == (
        "No square yet: the arrows walk the landscape, F jumps to a square where your tile fits."
    )
    press(board, state, "ArrowUp")
    assert press(board, state, "Enter") == "Square chosen: 1 square up from the start tile."
    assert press(board, state, "Enter") == (
        "2 places for your follower: 1: city (knight), 2: field (farmer)."
    )
    assert press(board, state, "Enter") == (
        "No place chosen yet: the arrows or a number choose one; N goes on without a follower."
    )


def test_a_chosen_place_says_what_it_is_and_what_it_brings():
    # docs/rules/carcassonne.md, Scoring during the game and Small cities: E closes the start
    # tile's city, 2 tiles: 4 points for the knight at once; Message scoring: Ben's thief in
    # the Courier's row gets the message, the road of 2 tiles as at the end: 2 points
    state, board = fresh()
    press(board, state, "ArrowUp", "Enter", "Enter")
    assert press(board, state, "1") == (
        "Place 1 of 2: City (knight): scores when its walls are closed, 2 points per tile and "
        "per shield. This turn: +4 for you."
    )
    assert press(board, state, "ArrowRight").startswith("Place 2 of 2: Field (farmer")
    assert board.key(state, "Enter") == Place(0, -1, 2, "f1")
    state = GAME.apply(state, Place(0, -1, 2, None))
    board.panel_markup(state, 1, NAMES, TR, True)
    board.tap(state, "1,0")
    while board.rot != 1:
        board.rotate(state)
    said(board, state)
    press(board, state, "Enter")
    words = press(board, state, str([f for f, _ in board.follower_options(state)].index("r1") + 1))
    assert words.endswith("The Courier comes to this follower: his message brings you +2.")


def test_escape_steps_back_and_says_where_the_tile_stays():
    state, board = fresh()
    press(board, state, "ArrowUp", "Enter", "Enter")
    assert press(board, state, "Escape") == (
        "Back to the tile, not laid yet: 1 square up from the start tile."
    )
    assert press(board, state, "Escape") == "The square is no longer chosen."


def test_what_was_said_is_said_once_and_pointing_says_nothing():
    state, board = fresh()
    board.key(state, "ArrowUp")
    assert said(board, state) and said(board, state) is None
    board.point(state, "0,1")
    assert said(board, state) is None
    board.tap(state, "0,1")  # a tap says the square it chose, as a key would
    assert said(board, state).startswith("1 square down from the start tile")
    played = GAME.apply(state, Place(0, -1, 2, None))
    board.key(state, "ArrowUp")
    assert said(board, played) is None  # a new position: the old words are gone


# ---- the landscape around the cursor ------------------------------------------------------------------
def test_the_landscape_around_the_cursor_lists_open_features_followers_and_points():
    # docs/rules/carcassonne.md, Final scoring: an unfinished road 1 per tile; Completed
    # features: Ann's city of E above D is closed and scored (no longer open); Farms: a field
    # scores 3 per completed city it borders, for its farmers
    state, board = fresh()
    for move in (Place(0, -1, 2, "c1"), Place(1, 0, 1, "r1"), Place(2, 0, 0, "f2")):
        state = GAME.apply(state, move)
    board.panel_markup(state, 1, NAMES, TR, True)
    board.key(state, "ArrowLeft")  # from Ann's V at (2, 0) to Ben's U at (1, 0)
    markup = board.board_words(state, 1, NAMES, TR, 1)
    assert markup.startswith("<h3>Around: 1 square right from the start tile</h3>")
    items = re.findall(r'<li data-kind="(\w+)">([^<]*)</li>', markup)
    road = [text for kind, text in items if kind == "road"]
    assert road == ["Road here, east and west (3 tiles): followers: Ben 1; 3 points so far"]
    assert "city" not in [kind for kind, _ in items]  # closed and scored: nothing open
    fields = [text for kind, text in items if kind == "field"]
    assert fields == ["Field here, east and west (3 tiles): followers: Ann 1; 3 points so far"]
    assert markup.endswith("<p>He stands 1 square right from the start tile.</p>")


# ---- hints, and every language -----------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_after_a_key_the_hint_speaks_of_keys_and_no_hint_is_a_live_region(lang):
    # the shell owns the one live status line: the panel's hints are plain text
    tr = Translator(TABLE, lang)
    state, board = fresh()
    for keys in ([], ["ArrowUp"], ["Enter"], ["Enter"]):
        for key in keys:
            board.key(state, key)
        panel = board.panel_markup(state, 0, NAMES, tr, True)
        assert "aria-live" not in panel and 'role="status"' not in panel
        hint = hint_of(panel)
        if keys:  # after a key: keyboard words, never "tap"
            assert not re.search(TAP_WORDS, hint, re.IGNORECASE), (lang, hint)
    board.tap(state, "0,-1")  # a tap: touch words again
    panel = board.panel_markup(state, 0, NAMES, tr, True)
    hint = hint_of(panel)
    assert re.search(TAP_WORDS, hint, re.IGNORECASE), (lang, hint)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_says_every_step_whole(lang):
    tr = Translator(TABLE, lang)
    state, board = fresh()
    board.panel_markup(state, 0, NAMES, tr, True)
    keys = ["Enter", "ArrowUp", "ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft", "f", "r"]
    keys += ["R", "Enter", "Enter", "Enter", "1", "ArrowRight", "Escape", "Escape", "Escape"]
    for key in keys:
        board.key(state, key)
        words = board.spoken(state, 0, tr, 0)
        assert words and "{" not in words and "carcassonne." not in words, (key, words)
    around = board.board_words(state, 0, NAMES, tr, 0)
    assert "{" not in around and "carcassonne." not in around
    assert "{" not in board.piece_words(state, 0, tr)


def test_how_to_play_has_a_keyboard_section_naming_every_key():
    # the keys the controller answers (Controller.key) and the table's (? and B)
    section = next(s for s in Controller().howto() if s.topic == "keys")
    for lang in LANGUAGES:
        text = " ".join(TABLE[lang][key] for key in section.texts)
        for key in ("Tab", "F", "R", "Enter", "Escape", "N", "1–9", "B", "?", "+", "−"):
            assert re.search(rf"(?<!\w){re.escape(key)}(?!\w)", text), (lang, key)
