"""Toscana played without sight, in CPython: what the board says after each input (`spoken`),
the tile in hand in words (`piece_words`), the board described on request (`board_words`), and
the panel's words for keys and for taps (game/toscana/draw_words.py, controller.py, panel.py).

Positions are fixed piles played through the engine; every word checked against the engine's
own answer (queries.placement_problem, legal placements, scoring)."""

import re

import pytest

from game.toscana import draw, queries, story
from game.toscana.controller import Controller
from game.toscana.data import SIZE, footprint, picture
from game.toscana.engine import GAME, Place
from game.view.i18n import LANGUAGES, Translator, load_table

TABLE = load_table("assets/strings.json")
TR = Translator(TABLE, "en")
NAMES = ["Ann", "Ben"]
DIRECTIONS = (("Up", 0, -1), ("Down", 0, 1), ("Left", -1, 0), ("Right", 1, 0))
# phrase of each refusal (queries.placement_problem's codes) in English
WHY = {
    "overlap": "it would cover a tile",
    "centre": "the first tile must cover the centre square I9",
    "touch": "no square of your colour touches your colour",
    "touch_tile": "no square of your colour touches a tile",
}


def town(contact="own-both", moves=4):
    """A round-1 position after `moves` placements (each the engine's middle legal one)."""
    piles = [["T04", "T13", "T08", "T06", "T16"], ["T01", "T09", "T03", "T14", "T07"]]
    state = GAME.new(options={"piles": piles, "contact": contact})
    for _ in range(moves):
        legal = [m for m in GAME.legal_moves(state) if not m.veto]
        state = GAME.apply(state, legal[len(legal) // 2])
    return state


def said(board, state, key):
    move = board.key(state, key)
    return move, board.spoken(state, GAME.current_player(state), TR, 0)


def colour_at(state, x, y):
    cell = queries.board_cells(queries.round_placements(state), state.round_no)[y][x]
    return cell[0] if cell else "empty"


def test_every_cursor_move_names_the_square_what_lies_there_and_whether_the_tile_fits():
    # docs/rules/toscana.md, Turn (on the grid, never on a tile, never over the edge) and
    # Contact (own-both: own colour next to own colour): each step says the square as the log
    # names it, its colour or "empty", the squares the tile would cover, and the engine's verdict
    state = town()
    board = Controller()
    legal = set(queries.legal_placements(state))
    seen = set()
    keys = ["ArrowUp"] * SIZE + ["ArrowLeft"] * SIZE  # to the top-left corner first
    for row in range(SIZE):
        keys += ["ArrowRight" if row % 2 == 0 else "ArrowLeft"] * SIZE + ["ArrowDown"]
    for key in keys:
        move, words = said(board, state, key)
        assert move is None and words
        x, y = board.anchor
        seen.add((x, y))
        width, height = footprint(board.rot)
        name, end = draw.cell_name(x, y), draw.cell_name(x + width - 1, y + height - 1)
        assert re.search(rf"(^|\. ){name}: ", words), words
        what = colour_at(state, x, y)
        assert f"{name}: {what}" in words, (words, what)
        fault = queries.placement_problem(state, x, y, board.rot)
        if (x, y, board.rot) in legal:
            assert fault is None and f"Tile on {name} to {end} fits;" in words
        else:
            assert f"Tile on {name} to {end} does not fit: {WHY[fault]}." in words
    # every spot a lying tile can take was walked (and said)
    assert seen == {(x, y) for x in range(SIZE - 3) for y in range(SIZE - 1)}


def test_a_step_against_the_edge_says_so_and_the_centre_square_is_named():
    # docs/rules/toscana.md, First tile: the marked centre square (8, 8) is I9
    state, board = GAME.new(seed=1), Controller()
    _, words = said(board, state, "ArrowLeft")
    _, words = said(board, state, "ArrowRight")
    assert words.startswith("I9: empty, the marked centre square. Tile on I9 to L10 fits;")
    for _ in range(8):
        said(board, state, "ArrowUp")
    _, words = said(board, state, "ArrowUp")
    assert board.anchor == (8, 0) and words.startswith("Edge of the board. I1: empty.")


def test_a_fitting_spot_says_what_the_largest_area_would_become():
    # docs/rules/toscana.md, Scoring: the tiles of both sets with a square in the largest area
    state = town()
    board = Controller()
    x, y, rot = queries.legal_placements(state)[0]
    while board.rot != rot:
        board.rotate(state)
    board.point_at(state, x, y)
    board.key(state, "ArrowLeft")
    board.key(state, "ArrowRight")
    words = board.spoken(state, GAME.current_player(state), TR, 0)
    after = GAME.apply(state, Place(x, y, rot))
    seat = GAME.current_player(state)
    area = queries.round_scores(queries.round_placements(after), 1)[seat]
    assert f"your largest area would have {area} tile" in words


def test_a_refused_enter_says_why():
    # docs/rules/toscana.md, First tile (must cover the centre), Turn (no overlap), Contact
    # (own-both: own colour to own colour; own-new: own colour to any tile)
    state, board = GAME.new(seed=1), Controller()
    move, words = said(board, state, "Enter")
    assert move is None and words == "Not placed: choose a square first with the arrow keys."
    for _ in range(4):
        said(board, state, "ArrowLeft")
    move, words = said(board, state, "Enter")
    assert move is None and words == f"Not placed: {WHY['centre']}."
    for contact in ("own-both", "own-new"):
        state = town(contact)
        faults = {}
        for x in range(SIZE - 3):
            for y in range(SIZE - 1):
                faults.setdefault(queries.placement_problem(state, x, y, 0), (x, y))
        for fault in ("overlap", "touch" if contact == "own-both" else "touch_tile"):
            board = Controller()
            board.point_at(state, *faults[fault])
            move, words = said(board, state, "Enter")
            assert move is None and words == f"Not placed: {WHY[fault]}."


def test_enter_on_a_fitting_spot_plays_and_leaves_the_words_to_the_log():
    state, board = GAME.new(seed=1), Controller()
    said(board, state, "ArrowLeft")
    move, words = said(board, state, "Enter")
    assert move == Place(7, 8, 0) and words is None  # the shell announces the move
    assert board.spoken(state, 0, TR, 0) is None  # said once


def cells_words(tile, rot, colour):
    """The tile's squares from data.picture (independent of draw_words): lying, its rows left
    to right; standing, its columns top to bottom; "x only" when all four are alike."""
    own, other = colour, "paving" if colour == "roof" else "roof"
    rows = picture(tile, rot, own="o", other="m")
    width, _ = footprint(rot)
    lines = rows if width == 4 else ["".join(r[c] for r in rows) for c in range(2)]
    out = []
    for line in lines:
        words = [own if c == "o" else other for c in line]
        out.append(f"{words[0]} only" if len(set(words)) == 1 else ", ".join(words))
    return out


def test_turning_says_how_the_tile_lies_square_by_square():
    # docs/rules/toscana.md, Tile layouts (6 squares of the owner's colour, 2 of the other) and
    # Rotations (quarter turns; look-alike turns skipped)
    piles = [["T06", "T07"], ["T01", "T02"]]
    state, board = GAME.new(options={"piles": piles}), Controller()
    said(board, state, "ArrowLeft")
    for key in ("r", "r", "r", "r", "R"):
        _, words = said(board, state, key)
        first, second = cells_words("T06", board.rot, "paving")
        if board.rot % 2 == 0:
            shape = f"Lying, 4 squares wide. Top row: {first}. Bottom row: {second}."
        else:
            shape = (
                f"Standing, 4 squares high. Left column from the top: {first}. "
                f"Right column: {second}."
            )
        assert words.startswith(f"Turned. {shape} "), words
        assert "fits" in words  # and the spot it heads, as after a step
        assert board.piece_words(state, 0, TR) == f"Your tile (paving). {shape}"
    _, words = said(board, state, "t")
    assert words == board.piece_words(state, 0, TR)


def test_turning_back_at_the_edge_returns_to_the_spot_chosen():
    # docs/rules/toscana.md, Turn: never over the board's edge, so a turned tile moves inside;
    # turned back it is where it was chosen, not one square off
    state = town()
    legal = queries.legal_placements(state)
    x, y = next((x, y) for x, y, r in legal if r == 0 and y >= SIZE - 3)
    board = Controller()
    board.tap_at(state, x, y)
    board.rotate(state, 1)
    assert board.anchor != (x, y)  # standing, it had to move up
    board.rotate(state, -1)
    assert board.anchor == (x, y) and board.is_legal(state)
    assert board.act(state, "place") == Place(x, y, 0)


def test_the_veto_says_whether_it_is_armed_and_why_not():
    # docs/rules/toscana.md, Veto: once per round, only while the opponent's pile holds >= 2
    piles = [["T06", "T07", "T08"], ["T01", "T02", "T03"]]
    state, board = GAME.new(options={"piles": piles}), Controller()
    _, on = said(board, state, "v")
    assert board.veto and on.startswith("Veto on: with your move, your opponent's next tile")
    _, off = said(board, state, "V")
    assert not board.veto and off == "Veto off."
    state = GAME.apply(state, Place(8, 8, 0, veto=True))  # seat 0's veto is used
    state = GAME.apply(state, GAME.legal_moves(state)[0])
    board = Controller()
    _, used = said(board, state, "v")
    assert not board.veto and used == "No veto: you have used it in this round."
    short = GAME.new(options={"piles": [["T06", "T07"], ["T01"]]})
    _, words = said(Controller(), short, "v")
    assert words == "No veto: your opponent's pile holds fewer than 2 tiles."


def test_the_board_described_gives_each_largest_area_the_free_squares_and_spots_nearby():
    # docs/rules/toscana.md, Scoring: a round's points are the tiles of the largest area
    state = town(moves=6)
    board = Controller()
    seat = GAME.current_player(state)
    board.point_at(state, 8, 3)
    text = re.sub(r"<[^>]+>", "\n", board.board_words(state, seat, NAMES, TR, 0))
    lines = [line for line in text.split("\n") if line]
    scores = queries.round_scores(queries.round_placements(state), 1)
    assert lines[0].startswith("6 tiles on the board, from ")
    assert lines[1] == "Largest areas (round 1)"
    assert lines[2].startswith(f"Ann (paving): {scores[0]} tile")
    assert lines[3].startswith(f"Ben (roofs): {scores[1]} tile")
    assert lines[4] == "Around I4"
    assert lines[5] == f"I4: {colour_at(state, 8, 3)}."
    for line, (word, dx, dy) in zip(lines[6:10], DIRECTIONS):
        x, y, free = 8 + dx, 3 + dy, 0
        while 0 <= x < SIZE and 0 <= y < SIZE and colour_at(state, x, y) == "empty":
            x, y, free = x + dx, y + dy, free + 1
        then = colour_at(state, x, y) if 0 <= x < SIZE and 0 <= y < SIZE else "the edge"
        squares = "square" if free == 1 else "squares"
        said = f"{free} free {squares}, then {then}" if free else f"{then} right next to it"
        assert line == f"{word}: {said}"
    assert lines[10] == "Where your tile fits nearby, turned as it is"
    spots = [(x, y) for x, y, rot in queries.legal_placements(state) if rot == board.rot]
    nearest = min(abs(x - 8) + abs(y - 3) for x, y in spots)
    first = re.match(r"([A-Q])(\d+) to ", lines[11])
    x, y = "ABCDEFGHIJKLMNOPQ".index(first.group(1)), int(first.group(2)) - 1
    assert (x, y) in spots and abs(x - 8) + abs(y - 3) == nearest


def test_the_board_described_before_the_first_tile_points_at_the_centre():
    # docs/rules/toscana.md, First tile
    state = GAME.new(seed=1)
    text = Controller().board_words(state, 0, NAMES, TR, 0)
    assert "The board is empty: the first tile must cover the marked centre square I9." in text
    assert "Ann (paving): no area yet" in text and "<h3>Around I9</h3>" in text


def test_the_tile_picture_is_named_square_by_square():
    state, board = GAME.new(seed=1), Controller()
    panel = board.panel_markup(state, 0, NAMES, TR, True)
    name = board.piece_words(state, 0, TR)
    assert name.startswith("Your tile (paving). Lying, 4 squares wide. Top row: ")
    assert f'aria-label="{name}"' in panel and "as it is turned" not in panel


def hint(board, state):
    panel = board.panel_markup(state, 0, NAMES, TR, True)
    (match,) = re.findall(r'<p class="gt-hint"([^>]*)>([^<]*)</p>', panel)
    return match


def test_the_hint_speaks_of_keys_after_a_key_and_of_taps_after_a_tap_and_is_no_live_region():
    state, board = GAME.new(seed=1), Controller()
    attributes, text = hint(board, state)
    assert "aria-live" not in attributes and text.startswith("Tap a square")
    board.key(state, "ArrowLeft")
    _, text = hint(board, state)
    assert "Tap" not in text and text == "Enter places your tile here; R turns it."
    for _ in range(3):
        board.key(state, "ArrowLeft")  # no longer over the centre square
    _, text = hint(board, state)
    assert text == "The first tile of a round must cover the marked centre square."
    board.key(state, "r")
    board.key(state, "ArrowRight")
    assert "Tap" not in hint(board, state)[1]
    board.tap_at(state, 7, 8)
    assert hint(board, state)[1] == "Tap the tile to turn it; “Place tile” puts it here."


def test_the_chips_show_the_rounds_points_as_they_stand():
    # docs/rules/toscana.md, Scoring: projected_scores adds the current round as if it ended now
    state = town(moves=6)
    panel = Controller().panel_markup(state, 0, NAMES, TR, True)
    now = GAME.projected_scores(state)
    chips = re.findall(r'<b title="([^"]*)" aria-hidden="true">(\d+)</b>', panel)
    assert [int(n) for _, n in chips] == now and GAME.scores(state) == [0, 0] and max(now) > 0
    assert chips[0][0] == f"{now[0]} points in this round so far"


def test_the_logs_range_keeps_together_and_a_marked_move_names_its_corners():
    assert story.spot_name(6, 8, 0) == "G9\u2060–\u2060J10"  # word joiners around the dash
    mark = draw.mark_layer("T01", 1, 6, 8, "roof")
    assert re.findall(r'<text [^>]*class="tos-mark-name"[^>]*>(\w+)</text>', mark) == [
        "G9",
        "H12",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_says_it_all(lang):
    tr = Translator(TABLE, lang)
    state = town()
    board = Controller()
    words = []
    for key in ("ArrowLeft", "r", "v", "t", "Enter", "ArrowUp"):
        board.key(state, key)
        words.append(board.spoken(state, GAME.current_player(state), tr, 0) or "")
    words.append(board.board_words(state, GAME.current_player(state), NAMES, tr, 0))
    words.append(board.panel_markup(state, GAME.current_player(state), NAMES, tr, True))
    text = " ".join(words)
    assert "toscana." not in text and "{" not in text
    keys = next(s for s in board.howto() if s.topic == "keys")
    assert all(tr(k) != k for k in (keys.title, *keys.texts))
