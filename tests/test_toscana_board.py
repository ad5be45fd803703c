"""The Toscana board's interaction and drawing, in CPython ("Board (browser)")."""

import re

from game.toscana import draw
from game.toscana.controller import Controller as ToscanaBoard
from game.toscana.engine import GAME, Pass, Place
from game.toscana.queries import legal_placements
from game.view.i18n import Translator, load_table

TR = Translator(load_table("assets/strings.json"), "en")
PILES = {"piles": [["T13", "T01", "T07"], ["T05", "T02", "T16"]]}


def fresh():
    return GAME.new(seed=1, options=PILES), ToscanaBoard()


def test_a_tap_chooses_a_tap_on_the_chosen_tile_turns_it_and_place_plays_it():
    # Required: "hovering or tapping a cell previews the tile there ... so a slip of the finger
    # costs nothing": "rotation: buttons, R, right click, a tap on the previewed
    # tile" - the Place button (or Enter) plays
    state, board = fresh()
    assert board.tap_at(state, 6, 8) is None and board.locked and board.rot == 0
    assert board.tap_at(state, 7, 9) is None and board.rot == 1  # on the chosen tile: turned
    assert board.locked and board.act(state, "rotate-left") is None and board.rot == 0
    assert board.act(state, "place") == Place(6, 8, 0)


def test_a_tap_elsewhere_moves_the_choice_instead_of_playing():
    state, board = fresh()
    board.tap_at(state, 6, 8)
    assert board.tap_at(state, 0, 0) is None
    assert board.anchor == (0, 0) and board.locked  # chosen there, but not legal: not placed
    assert board.confirm(state) is None and board.problem(state) == "toscana.why.centre"
    assert board.turn(state, 1) and board.rot == 1  # a right click turns it too


def test_the_board_tells_the_table_what_to_keep_in_view():
    # Required: "a new tile off-screen is brought into view"; the keyboard's cursor too; a
    # cell is the board's tap target (24 px on screen at least)
    state, board = fresh()
    assert board.focus_box(state) is None and board.cursor_box(state) is None
    board.key(state, "ArrowLeft")
    assert board.cursor_box(state) == "70 80 40 20"  # at (7, 8): 4 x 2 cells of 10 units
    state = GAME.apply(state, Place(6, 8, 0))
    assert board.focus_box(state) == "60 80 40 20"
    assert board.target_units == draw.CELL and board.cursor_keys


def test_preview_sticks_inside_the_board():
    # docs/rules/toscana.md, Contact: tiles never overhang the board edge, so the preview never does
    state, board = fresh()
    board.point_at(state, 16, 16)
    assert board.anchor == (13, 15)
    board.rotate(state)
    assert board.anchor == (13, 13)


def test_rotation_skips_look_alike_turns():
    # docs/rules/toscana.md: "T07, T12, T15, T16 look alike after a half turn (rot 0/1 listed)"
    state = GAME.new(seed=1, options={"piles": [["T07"], ["T01"]]})
    board = ToscanaBoard()
    seen = []
    for _ in range(4):
        seen.append(board.rot)
        board.rotate(state)
    assert seen == [0, 1, 0, 1]


def test_keyboard_moves_turns_and_places():
    # Required: "keyboard play (arrows move the preview, R rotates, Enter places, V arms the veto)"
    state, board = fresh()
    board.key(state, "ArrowLeft")  # starts at the centre, one step left
    assert board.anchor == (7, 8)
    board.key(state, "v")
    assert board.veto
    assert board.key(state, "Enter") == Place(7, 8, 0, veto=True)


def test_problem_names_why_a_spot_is_refused():
    state, board = fresh()
    board.point_at(state, 0, 0)
    assert board.problem(state) == "toscana.why.centre"
    state = GAME.apply(state, Place(6, 8, 0))
    board.point_at(state, 7, 8)
    assert board.problem(state) == "toscana.why.overlap"
    board.point_at(state, 0, 0)  # seed 001 line 21 (default "own-new"): it touches no tile
    assert board.problem(state) == "toscana.why.touch_tile"


def test_hints_mark_every_legal_corner_of_the_current_turn():
    state, board = fresh()
    board.point_at(state, 8, 8)
    dots = re.findall(
        r"<circle", board.overlay_markup(state, 0, interactive=True).split("tos-preview")[0]
    )
    assert len(dots) == sum(1 for *_, rot in legal_placements(state) if rot == 0)
    board.hints = False
    assert "tos-hints" not in board.overlay_markup(state, 0, interactive=True)


def test_no_preview_when_it_is_not_your_turn():
    state, board = fresh()
    board.point_at(state, 8, 8)
    assert board.overlay_markup(state, 0, interactive=False) == ""


def test_pass_only_when_nothing_fits():
    # docs/rules/toscana.md, Blocked tile: a blocked player gets exactly one legal move, {"pass": true}
    state, board = fresh()
    assert board.pass_move(state) is None
    # (under the stricter contact "own-both", where blocked tiles come early)
    blocked = next(s for s in _positions(contact="own-both") if GAME.legal_moves(s)[0] == Pass())
    assert board.pass_move(blocked) == Pass()


def _positions(**options):
    from game.core import Rng

    for seed in range(1, 60):
        state, rng = GAME.new(seed=seed, options=options), Rng(seed)
        while state.turn is not None:
            yield state
            moves = GAME.legal_moves(state)
            state = GAME.apply(state, rng.choice(moves))


def test_round_end_markup_numbers_each_counted_tile_once():
    # docs/rules/toscana.md, Scoring: "1 point per tile that takes part in that area"
    state = next(s for s in _positions() if s.round_no == 2)
    markup = ToscanaBoard().round_end_markup(state, 1)
    counts = state.finished[0][1]
    numbers = re.findall(r'<g class="tos-count tos-count-(\w+)">.*?<text[^>]*>(\d+)</text>', markup)
    per_colour = {}
    for colour, n in numbers:
        per_colour.setdefault(colour, []).append(int(n))
    assert sorted(len(v) for v in per_colour.values()) == sorted(counts)
    assert all(v == list(range(1, len(v) + 1)) for v in per_colour.values())


def test_markup_escapes_and_names_cells():
    markup = draw.hit_layer()
    assert markup.count("data-cell=") == 17 * 17
    assert "<script" not in draw.tile_picture("T01", 0, "roof", label='<script>"x"')


# ---- option contact (docs/rules/toscana.md, Contact): hints, refusals and the new-game form follow it ---------------
def after_first_tile(contact):
    """Seat 0 laid T01 at (6,8); seat 1 (roof) holds T04 (its top row is paving)."""
    piles = [["T01", "T02"], ["T04", "T05"]]
    state = GAME.new(options={"piles": piles, "contact": contact})
    return GAME.apply(state, Place(6, 8, 0))


def test_hints_and_refusals_follow_the_contact_rule():
    # seed 001 line 21 ("own-new"): a roof cell next to any placed tile is enough; T04 standing
    # at (8,4) touches only T01's paving cells with its roof cells
    for contact, legal, why in (
        ("own-both", False, "toscana.why.touch"),
        ("own-new", True, None),
    ):
        state, board = after_first_tile(contact), ToscanaBoard()
        board.rotate(state)
        board.point_at(state, 8, 4)
        assert board.rot == 1 and board.is_legal(state) is legal
        assert board.problem(state) == why
        hints = board.overlay_markup(state, 1, interactive=True).split("tos-preview")[0]
        assert ('cx="85.0" cy="45.0"' in hints) is legal  # the dot on (8,4)
        spots = [s for s in legal_placements(state) if s[2] == 1]
        assert len(re.findall(r"<circle", hints)) == len(spots)
    # under "own-new" a spot with only minority cells at the contact is refused with its reason
    state, board = after_first_tile("own-new"), ToscanaBoard()
    board.rotate(state, 2)
    board.point_at(state, 2, 8)
    assert board.rot == 2 and board.problem(state) == "toscana.why.touch_tile"
    assert TR(board.problem(state)).startswith(
        "Not here: a square of your colour must touch a tile"
    )


def test_the_new_game_form_offers_the_contact_rule():
    # docs/rules/toscana.md: the default is "own-new", the printed Czech text (seed 001 line 21)
    board = ToscanaBoard()
    form = board.options_markup(TR, {})
    assert 'name="contact"' in form
    assert re.findall(r'<option value="([\w-]+)"( selected)?', form) == [
        ("own-both", ""),
        ("own-new", " selected"),
    ]
    assert "Czech rules text" in form  # which edition plays which
    chosen = board.options_markup(
        Translator(load_table("assets/strings.json"), "cs"), {"contact": "own-new"}
    )
    assert '<option value="own-new" selected' in chosen and "český text pravidel" in chosen
    assert board.read_options({"contact": "own-new"}) == {"contact": "own-new"}
    assert board.read_options({"contact": "sideways"}) == {"contact": "own-new"}
    assert board.read_options({}) == {"contact": "own-new"}
    GAME.new(options=board.read_options({"contact": "own-new"}))  # the engine takes it
