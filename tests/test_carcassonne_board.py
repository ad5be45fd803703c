"""The Carcassonne board's interaction, drawing and summaries, in CPython (the board brief:
"Make Carcassonne + The Courier playable in the browser", and docs/architecture.md, Browser shell and Look and feel).

The board is game/carcassonne/controller.py (with panel.py; the tile pictures are
draw_tiles.py's). Rules references are to sections of docs/rules/carcassonne.md.
"""

import random
import re

import make_carcassonne_art
import pytest

from game.carcassonne import draw, draw_tiles, queries
from game.carcassonne.controller import Controller
from game.carcassonne.data import TILE_TYPES
from game.carcassonne.engine import GAME, Place
from game.carcassonne.tables import DISTINCT_ROTS, TYPE_INDEX
from game.view.ending import breakdown_table
from game.view.i18n import Translator, load_table
from game.view.markup import esc, isolate
from game.view.table import Table

TR = Translator(load_table("assets/strings.json"), "en")
NAMES = ["Ann", "Ben"]
SCENARIO = ["E", "U", "V", "A"]  # the browser test's deck: city, Courier, farmer, monastery


def fresh(deck=SCENARIO, **options):
    return GAME.new(players=2, seed=3, options={"deck": deck, **options}), Controller()


def numbers(viewbox):
    return [float(v) for v in viewbox.split()]


# ---- step 1: where the tile goes -----------------------------------------------------------------
def test_pointing_previews_in_the_first_fitting_turn_and_keeps_a_turn_that_fits():
    # Brief: "pointing at a legal square previews the tile there in its first fitting rotation"
    state, board = fresh()
    assert board.point(state, "0,-1")  # above the start tile's city: E fits only city-down
    assert board.anchor == (0, -1) and board.rot == 2 and board.is_legal(state)
    board.point(state, "0,1")  # below the start tile's field: E fits with its city away
    assert board.rot in board.turns_at((0, 1)) and board.rot == 2  # the turn is kept: it fits
    assert not board.locked


def test_a_tap_chooses_a_tap_on_the_chosen_tile_turns_it_and_lay_lays_it():
    # Required: "rotation: buttons, R, right click, a tap on the previewed tile"; the board
    # brief: a slip of the finger costs nothing (the "Lay tile here" button or Enter lays)
    state, board = fresh()
    assert board.tap(state, "0,1") is None and board.locked and board.step == "place"
    assert board.tap(state, "1,0") is None and board.anchor == (1, 0)  # a slip: moves the choice
    assert board.tap(state, "0,1") is None and board.anchor == (0, 1)
    turns, rot = board.turns_at((0, 1)), board.rot
    assert len(turns) > 1
    assert board.tap(state, "0,1") is None and board.rot != rot and board.rot in turns
    assert board.step == "place" and board.locked  # turned, still waiting on its square
    assert board.act(state, "lay") is None and board.step == "follower"


def test_rotation_cycles_only_the_turns_that_fit_on_the_square():
    # Brief: "R / right click / Rotate buttons cycle only the rotations that fit there";
    # docs/rules/carcassonne.md, Tile placement: every touching edge must match
    state, board = fresh()
    board.tap(state, "0,-1")
    seen = set()
    for _ in range(5):
        board.rotate(state)
        seen.add(board.rot)
    assert seen == {2}  # E above the start tile: its city must face down
    board.tap(state, "0,1")  # below the start tile's field: E fits with its city E, S or W
    turns = board.turns_at((0, 1))
    assert len(turns) > 1
    seen = []
    for _ in range(len(turns)):
        seen.append(board.rot)
        assert board.is_legal(state)
        board.turn(state, 1)
    assert sorted(seen) == sorted(turns)


def test_away_from_a_square_rotation_skips_look_alike_turns():
    # docs/rules/carcassonne.md, Look-alike rotations: look-alike rotations (U: rot 0 = rot 2) are listed once
    state, board = fresh(["U", "E"])
    seen = []
    for _ in range(4):
        seen.append(board.rot)
        board.rotate(state)
    assert seen == [0, 1, 0, 1] and list(DISTINCT_ROTS[TYPE_INDEX["U"]]) == [0, 1]


def test_a_square_where_the_tile_fits_in_no_turn_says_so_and_cannot_be_laid():
    state, board = fresh(["C", "E"])  # a full city tile fits only above the start tile's city
    board.point(state, "0,1")
    assert not board.turns_at((0, 1)) and not board.is_legal(state)
    panel = board.panel_markup(state, 0, NAMES, TR, True)
    assert TR("carcassonne.why.nofit") in panel
    assert board.tap(state, "0,1") is None and not board.locked
    assert board.act(state, "lay") is None


# ---- step 2: the follower ------------------------------------------------------------------------
def test_follower_rings_are_exactly_the_legal_features():
    # docs/rules/carcassonne.md, Followers: a follower only on a feature nobody holds; the rings come from legal_moves.
    # Ben's road tile U east of the start tile: the road is free; later Ann's V joins it.
    state, board = fresh()
    state = GAME.apply(state, Place(0, -1, 2, None))
    state = GAME.apply(state, Place(1, 0, 1, "r1"))  # Ben's thief on the road
    board.tap(state, "2,0")
    board.act(state, "lay")
    assert board.step == "follower"
    offered = {fid for fid, _ in board.follower_options(state)}
    legal = {
        m.meeple
        for m in GAME.legal_moves(state)
        if (m.x, m.y, m.rot) == (2, 0, board.rot) and m.meeple
    }
    assert offered == legal and "r1" not in offered  # the road is Ben's already
    overlay = board.overlay_markup(state, 0, True)
    assert set(re.findall(r'data-cell="m:(\w+)"', overlay)) == offered


def test_one_tap_on_a_ring_or_a_place_button_places_the_follower():
    # One tap on a ring (pointed at, it says what it would bring) or on a place's button
    # places the follower; the keys choose a place first, then Enter places it, and an Enter
    # with no place chosen places nothing
    state, board = fresh()
    board.tap(state, "0,-1")
    board.act(state, "lay")
    move = board.tap(state, "m:c1")
    assert move == Place(0, -1, 2, "c1") and move in GAME.legal_moves(state)
    state, board = fresh()
    board.tap(state, "0,-1")
    board.key(state, "Enter")  # the chosen square: Enter lays the tile
    assert board.step == "follower"
    assert board.act(state, "meeple:f1") == Place(0, -1, 2, "f1")
    assert board.act(state, "meeple:r9") is None  # no such place on this tile
    assert board.key(state, "Enter") is None and board.step == "follower"
    board.key(state, "1")
    assert board.selected == "c1" and board.act(state, "confirm") == Place(0, -1, 2, "c1")
    assert board.key(state, "Enter") == Place(0, -1, 2, "c1")


def test_no_follower_ends_the_turn_and_without_followers_laying_is_the_move():
    state, board = fresh()
    board.tap(state, "0,-1")
    board.act(state, "lay")
    assert board.act(state, "no-follower") == Place(0, -1, 2, None)
    # no follower left: laying the tile is the whole turn (docs/rules/carcassonne.md, Followers: only with a supply)
    state = GAME.new(players=2, seed=3, options={"deck": ["E"] + ["U"] * 30})
    while queries.meeples_left(state)[state.turn]:
        state = GAME.apply(state, next(m for m in GAME.legal_moves(state) if m.meeple))
    assert GAME.current_player(state) is not None
    board = Controller()
    board._sync(state)
    x, y = next(iter(board.legal))
    board.tap(state, f"{x},{y}")
    assert board.act(state, "lay") == Place(x, y, board.rot, None)


def test_escape_steps_back_one_step_at_a_time():
    state, board = fresh()
    board.tap(state, "0,-1")
    board.act(state, "lay")
    board.tap(state, "m:c1")
    board.key(state, "Escape")
    assert board.step == "place" and board.locked and board.selected is None
    board.key(state, "Escape")
    assert not board.locked and board.anchor == (0, -1)
    board.key(state, "Escape")
    assert board.anchor is None


def test_keyboard_alone_plays_a_turn():
    # Mouse, touch and keyboard play alike: the arrows walk the landscape square by square
    # (laid tiles included), F jumps to the squares where the tile fits
    state, board = fresh()
    board.key(state, "ArrowUp")  # from the tile laid last (the start tile), one square up
    assert board.cursor == board.anchor == (0, -1) and board.is_legal(state)
    board.key(state, "ArrowUp")  # beyond the ring of squares around the tiles: it stays
    assert board.cursor == (0, -1)
    board.key(state, "ArrowDown")  # onto the start tile: no preview on a laid tile
    assert board.cursor == (0, 0) and board.anchor is None
    assert board.key(state, "Enter") is None and not board.locked
    board.key(state, "ArrowRight")  # east of the start tile's road: E has no road side
    assert board.anchor == (1, 0) and not board.turns_at((1, 0))
    assert board.key(state, "Enter") is None and not board.locked
    board.key(state, "f")  # the next square where E fits, in reading order: below the start
    assert board.anchor == (0, 1) and board.is_legal(state)
    board.key(state, "f")  # after the last one, the first again
    assert board.anchor == (0, -1)
    board.key(state, "F")
    assert board.anchor == (0, 1)
    board.key(state, "F")
    board.key(state, "Enter")
    assert board.locked and board.step == "place"
    board.key(state, "Enter")
    assert board.step == "follower"
    board.key(state, "1")
    assert board.selected == board.follower_options(state)[0][0]
    assert board.key(state, "n") == Place(0, -1, 2, None)


def test_every_click_sequence_ends_in_a_legal_move():
    # Brief: "confirm gives exactly a legal move"; random taps, keys and buttons on random games
    rng = random.Random(5)
    for seed in range(6):
        state = GAME.new(players=3, seed=seed)
        board = Controller()
        for _ in range(40):
            if GAME.current_player(state) is None:
                break
            board._sync(state)
            targets = [f"{x},{y}" for x, y in board.free]
            move = None
            for _ in range(60):
                pick = rng.random()
                if pick < 0.45:
                    move = board.tap(state, rng.choice(targets))
                elif pick < 0.6 and board.step == "follower":
                    fids = [f for f, _ in board.follower_options(state)]
                    move = board.tap(state, "m:" + rng.choice(fids)) if fids else None
                elif pick < 0.75:
                    move = board.act(
                        state,
                        rng.choice(
                            ["rotate", "rotate-left", "lay", "back", "confirm", "no-follower"]
                        ),
                    )
                else:
                    move = board.key(
                        state,
                        rng.choice(
                            ["r", "R", "Enter", "Escape", "ArrowUp", "ArrowLeft", "n", "1", "2"]
                        ),
                    )
                if move is not None:
                    break
            if move is None:
                move = rng.choice(GAME.legal_moves(state))
            else:
                assert move in GAME.legal_moves(state)
            state = GAME.apply(state, move)


def test_what_a_follower_would_bring_is_explained():
    # Brief: "Explain what a follower on each feature would mean"; docs/rules/carcassonne.md, Courier trigger: the Courier
    state, board = fresh()
    state = GAME.apply(state, Place(0, -1, 2, None))  # Ann's city, nobody on it
    board.tap(state, "1,0")
    while board.rot != 1:
        board.rotate(state)
    board.lay(state)
    board.choose(state, "r1")
    panel = board.panel_markup(state, 1, NAMES, TR, True)
    assert TR("carcassonne.explain.road") in panel
    assert esc(TR("carcassonne.gain_courier", n=2)) in panel  # he walks over: road of 2 tiles
    overlay = board.overlay_markup(state, 1, True)
    ring = re.search(r'<g class="car-spot car-spot-road[^"]*" data-cell="m:r1".*?</g></g>', overlay)
    assert "car-spot-courier" in ring.group(0)  # the ring shows the Courier would come
    board.point(state, "m:f1")
    panel = board.panel_markup(state, 1, NAMES, TR, True)
    assert esc(TR("carcassonne.explain.field")) in panel and "scores only at the end" in panel


# ---- drawing -------------------------------------------------------------------------------------
def test_viewbox_fits_the_tiles_and_a_ring_and_grows_every_way():
    # Brief: "the board grows in every direction ... with a sensible minimum size"
    state, board = fresh()
    x, y, w, h = numbers(board.viewbox(state))
    assert w >= 400 and h >= 400 and x < -100 and y < -100
    state = GAME.new(players=2, seed=1)
    for _ in range(30):
        state = GAME.apply(
            state, random.Random(len(queries.placed_tiles(state))).choice(GAME.legal_moves(state))
        )
    x, y, w, h = numbers(board.viewbox(state))
    for tx, ty, _, _ in queries.placed_tiles(state):
        assert x + 100 <= tx * 100 and tx * 100 + 200 <= x + w  # a free ring around every tile
        assert y + 100 <= ty * 100 and ty * 100 + 200 <= y + h
    assert 0.8 <= w / h <= 1.6
    assert numbers(draw.viewbox_of([(-7, 0), (-6, 0)]))[0] < -700  # west, negative squares


def test_board_names_its_targets_and_draws_every_piece():
    state, board = fresh()
    for move in (Place(0, -1, 2, "c1"), Place(1, 0, 1, "r1"), Place(2, 0, 0, "f2")):
        state = GAME.apply(state, move)
    markup = board.board_markup(state)
    free = set(re.findall(r'data-cell="(-?\d+,-?\d+)"', markup))
    placed = {(x, y) for x, y, _, _ in queries.placed_tiles(state)}
    assert free and all(tuple(map(int, f.split(","))) not in placed for f in free)
    assert {(x, y) for x, y in board.legal} <= {tuple(map(int, f.split(","))) for f in free}
    assert markup.count('href="#car-t-') == len(placed)
    # followers per seat shape, the farmer lying down (docs/rules/carcassonne.md, Followers), the Courier on his tile
    assert 'href="#car-m1"' in markup and 'href="#car-f0"' in markup
    assert 'class="car-courier" data-x="1" data-y="0"' in markup
    assert 'class="car-last"' in markup


def test_each_seat_differs_by_emblem_not_only_colour():
    # docs/architecture.md, Look and feel: "player colours that also differ by shape or pattern" (up to 5 players)
    defs = draw.defs()
    emblems = [
        re.search(rf'<symbol id="car-m{seat}".*?</symbol>', defs).group(0) for seat in range(5)
    ]
    shapes = {re.findall(r' d="([^"]+)"', e)[1] for e in emblems}
    assert len(shapes) == 5 and len({c for c, _, _ in draw.SEATS}) == 5


def test_every_tile_type_is_drawn_from_its_data():
    # Brief: every tile type drawn by code; fields that the data separates are separated on
    # the picture (each field's half-edges lie in one region, different fields in different ones)
    defs = draw.defs()
    for t in TILE_TYPES:
        assert f'id="car-t-{t.id}"' in defs
        art = draw_tiles.art(t.id)
        comp, fields, _ = make_carcassonne_art.raster(art)
        regions = [fields[f.id] for f in t.features if f.kind == "field"]
        assert -1 not in regions and len(set(regions)) == len(regions), t.id
        for f in t.features:
            if f.kind == "field":
                for half in f.half_edges:
                    cells = make_carcassonne_art.half_edge_cells(half, draw_tiles.GRID)
                    seen = {comp[k] for k in cells if comp[k] >= 0}
                    assert seen == {fields[f.id]}, (t.id, f.id, half)
            for rot in range(4):
                x, y = draw_tiles.spot(t.id, rot, f.id)
                assert 3 <= x <= 97 and 3 <= y <= 97, (t.id, f.id)
        assert len(art.roads) == sum(f.kind == "road" for f in t.features)
        assert len(art.cities) == sum(f.kind == "city" for f in t.features)
        assert (art.monastery is not None) == any(f.kind == "monastery" for f in t.features)
        pennants = sum(f.pennant for f in t.features)
        assert art.extras(0).count("#car-pennant") == pennants
        assert ("#car-letter" in art.extras(1)) == t.letter


def test_field_data_is_generated_from_the_drawing(monkeypatch):
    # draw_art.py holds the farmers' spots and field cells so the browser never rasterises
    # during play (brief: "Keep per-move Python work small"); it must match the drawing
    with open(make_carcassonne_art.OUTPUT, encoding="utf-8") as f:
        assert f.read() == make_carcassonne_art.source(), "run scripts/make_carcassonne_art.py"

    def no_raster(art):
        raise AssertionError(f"rasterised {art.type.id} during play")

    monkeypatch.setattr(draw_tiles, "_ART", {})
    monkeypatch.setattr(make_carcassonne_art, "raster", no_raster)
    state, board = GAME.new(players=3, seed=2, options={"courier": "letter_tiles"}), Controller()
    rng = random.Random(3)
    while GAME.current_player(state) is not None:
        board.board_markup(state)
        board.panel_markup(state, 0, ["A", "B", "C"], TR, True)
        legal = GAME.legal_moves(state)
        farmers = [m for m in legal if m.meeple and m.meeple.startswith("f")]
        state = GAME.apply(state, rng.choice(farmers or legal))
    board.board_markup(state)  # final scoring: every farm outlined
    assert "car-hl-field" in board.board_markup(state)


def test_letter_tiles_carry_the_envelope_and_the_inferred_note():
    # docs/rules/carcassonne.md, Letter tiles / docs/rules/carcassonne.md, Letter tiles: letter-tile layouts are inferred: "mark them so in the UI"
    state, board = fresh(["letter2", "E"], courier="letter_tiles")
    panel = board.panel_markup(state, 0, NAMES, TR, True)
    assert "partly inferred" in panel
    state = GAME.apply(state, GAME.legal_moves(state)[0])
    markup = board.board_markup(state)
    assert "#car-letter" in markup and "inferred" in markup  # the tile's tooltip


def test_text_from_players_is_escaped():
    # docs/architecture.md, Look and feel: "All text from users (player names, loaded files) is escaped"
    state, board = fresh()
    state = GAME.apply(state, Place(0, -1, 2, "c1"))
    names = ['<b>"x"</b>', "Ben"]
    panel = board.panel_markup(state, 1, names, TR, True)
    assert "<b>" not in panel and "&lt;b&gt;&quot;x&quot;&lt;/b&gt;" in panel
    told = board.tell(state, Place(1, 0, 1, None).to_json(), state, 1, names, TR)
    assert "<b>" not in told.text and "<b>" not in board.result_markup(state, names, TR)


def test_score_events_are_outlined_and_badged_until_the_next_turn():
    # Brief: "Completed features / score events shown after each turn (+N badges)"
    state, board = fresh()
    state = GAME.apply(state, Place(0, -1, 2, "c1"))  # closes a 2-tile city: Ann +4
    markup = board.board_markup(state)
    assert re.search(r'class="car-badge"[^>]*data-seat="0" data-points="4"', markup)
    assert markup.count("car-hl-city") == 2  # both halves of the city
    details = board.details_markup(state, 1, NAMES, TR)  # the last turn: in "More"
    assert "Ann +4: city completed (2 tiles)" in details
    state = GAME.apply(state, Place(1, 0, 1, "r1"))  # the Courier's message to Ben
    markup = board.board_markup(state)
    assert re.search(r'data-seat="1" data-points="2"', markup) and "car-hl-road" in markup
    assert 'data-seat="0" data-points="4"' not in markup


def test_a_tile_that_fits_nowhere_is_announced():
    # Brief / docs/rules/carcassonne.md, Tile placement: "A tile that fits nowhere is discarded by the engine: say so clearly"
    state, board = GAME.new(players=2, seed=4), Controller()
    while True:
        board._sync(state)
        before = state
        state = GAME.apply(state, GAME.legal_moves(state)[0])
        if queries.discarded_tiles(state):
            break
    details = board.details_markup(state, 0, NAMES, TR)
    assert "Tile C fitted nowhere and was removed from the game" in details
    assert "Removed (fitted nowhere): C" in details
    told = board.tell(before, GAME.legal_moves(before)[0].to_json(), state, 0, NAMES, TR)
    assert "C fitted nowhere: removed" in [note.text for note in told.notes]


# ---- the panel, summaries, options, log -----------------------------------------------------
def test_details_show_players_followers_stack_and_the_courier():
    # Required: the step's panel keeps to the tile and its controls (with the scores on one
    # line); the players' details, the stack and the Courier fold into "More"
    state, board = fresh()
    panel = board.panel_markup(state, 0, NAMES, TR, True)
    assert 'data-act="lay"' in panel and "car-player" not in panel
    assert panel.count('class="car-strip-name"') == 2
    details = board.details_markup(state, 0, NAMES, TR)
    assert details.count('class="car-player') == 2 and 'data-supply="7"' in details
    assert TR("carcassonne.stack", n=3) in details
    assert esc(TR("carcassonne.courier.explain_line")) in details
    assert esc(TR("carcassonne.courier.scoring_2024")) in details
    board.act(state, "left")
    details = board.details_markup(state, 0, NAMES, TR)
    assert details.count("<figure") == 24 and 'aria-expanded="true"' in details  # base types
    off, board = fresh(courier="off")
    assert "car-courier-box" not in board.details_markup(off, 0, NAMES, TR)


def test_final_summary_explains_every_category():
    # Brief: "at the game end show final scoring explained (per player per category)"; docs/rules/carcassonne.md, Final scoring
    state, board = fresh()
    for move in (
        Place(0, -1, 2, "c1"),
        Place(1, 0, 1, "r1"),
        Place(2, 0, 0, "f2"),
        Place(0, 1, 0, "monastery"),
    ):
        state = GAME.apply(state, move)
    # Required: one end dialog, its final table per category with what the end added
    assert board.summary_after(state) is None
    breakdown = GAME.score_breakdown(state)
    styles = [board.seat_style(seat) for seat in (0, 1)]
    body = breakdown_table(
        TR,
        GAME.id,
        NAMES,
        breakdown,
        GAME.scores(state),
        GAME.winners(state),
        styles,
        board.result_notes(state, TR),
    ) + board.result_markup(state, NAMES, TR)
    for part in ("roads", "cities", "monasteries", "farms", "courier"):
        row = re.search(rf'<tr data-part="{part}">(.*?)</tr>', body).group(1)
        assert re.findall(r"<td[^>]*>(\d+)", row) == [str(breakdown[s][part]) for s in (0, 1)]
        assert TR.has(f"carcassonne.part.{part}")  # the result dialog names the parts
    farms = re.search(r'<tr data-part="farms">(.*?)</tr>', body).group(1)
    assert "<small>+3</small>" in farms  # Ann's farm: what the end added, under her farms
    assert "Ann +3: field at the end (3 tiles)" in body
    markup = board.board_markup(state)
    assert "car-hl-field" in markup and "car-hl-monastery" in markup


def test_options_form_round_trip():
    # docs/rules/carcassonne.md, Letter tiles Carcassonne options; the form explains that letter tiles are inferred
    board = Controller()
    form = board.options_markup(TR, {"courier": "letter_tiles", "tiny_city": 2})
    assert 'value="letter_tiles" selected' in form and 'value="2" selected' in form
    assert "partly inferred" in form
    for name in ("courier", "courier_reach", "courier_scoring", "courier_farmers", "tiny_city"):
        assert f'name="{name}"' in form
    options = board.read_options(
        {
            "courier": "off",
            "courier_reach": "adjacent",
            "courier_scoring": "pre2024",
            "courier_farmers": True,
            "tiny_city": "2",
        }
    )
    assert options == {
        "courier": "off",
        "courier_reach": "adjacent",
        "courier_scoring": "pre2024",
        "courier_farmers": True,
        "tiny_city": 2,
    }
    GAME.new(players=5, seed=1, options=options)  # the engine accepts them
    assert board.read_options({"courier": "<x>"})["courier"] == "tiles_free"


def test_log_entries_tell_where_the_follower_the_scores_and_the_end():
    # Brief: score events "in the log": "a position players can find ... "2 right,
    # 1 up of the start tile", and what scored for whom
    table = Table("carcassonne", TR)
    table.start(
        [{"name": n, "kind": "human", "level": None} for n in NAMES],
        seed=3,
        options={"deck": SCENARIO},
        scenario="city, Courier, farmer, monastery",
    )
    board = Controller()
    for move in (
        Place(0, -1, 2, "c1"),
        Place(1, 0, 1, "r1"),
        Place(2, 0, 0, "f2"),
        Place(0, 1, 0, None),
    ):
        table.play(move)
    scenario, *entries = table.log_entries(board, 0)
    # a game whose tiles come in a fixed order says so first, for everyone (not a move)
    assert scenario.number == 0 and scenario.told.text.startswith("Scenario “")
    texts = [e.told.text for e in entries]
    notes = [[note.text for note in e.told.notes] for e in entries]
    ann, ben = isolate("Ann"), isolate("Ben")  # the table's names are bidi isolates
    assert texts[0] == f"{ann} placed a tile 1 square up from the start tile · knight on the city"
    assert notes[0] == [f"{ann} +4: city completed (2 tiles)"]
    assert texts[1] == f"{ben} placed a tile 1 square right from the start tile · thief on the road"
    assert notes[1] == [f"{ben} +2: the Courier's message (road)"]
    assert (
        texts[2] == f"{ann} placed a tile 2 squares right from the start tile · farmer on the field"
    )
    assert notes[3][0] == "the stack is empty: final scoring"
    assert f"{ann} +3: field at the end (3 tiles)" in notes[3]
    assert [e.seat for e in entries] == [0, 1, 0, 1]
    assert all("<svg" in e.told.picture and "<svg" in e.mark for e in entries)
    assert 'data-seat="0"' in entries[0].note_marks[0] or "#car-m0" in entries[0].note_marks[0]


@pytest.mark.parametrize("players", [2, 5])
def test_every_position_of_a_whole_game_draws(players):
    # Brief: the board redraws once per move (how fast: scripts/bench_boards.py, not a test)
    state, board = GAME.new(players=players, seed=9), Controller()
    rng = random.Random(players)
    names = [f"P{k}" for k in range(players)]
    while GAME.current_player(state) is not None:
        state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
        assert board.viewbox(state)
        assert "car-" in board.board_markup(state)
        board.overlay_markup(state, 0, True)
        assert "P0" in board.panel_markup(state, 0, names, TR, True)
    assert len(queries.placed_tiles(state)) >= 60


def test_the_pick_offers_every_place_as_a_button_that_places_the_follower():
    # One tap on the tile (its rings too small to tap) opens the pick; one tap on a place's
    # finger-sized button there places the follower: two taps, no confirmation
    state, board = fresh()
    board.tap(state, "0,-1")
    board.act(state, "lay")
    assert board.pick_markup(state, TR) == ""
    board.tap(state, "pick")
    pick = board.pick_markup(state, TR)
    acts = re.findall(r'<button[^>]*data-act="(meeple:\w+)"', pick)
    assert acts == [f"meeple:{fid}" for fid, _ in board.follower_options(state)]
    assert "+4 now" in re.sub(r"<[^>]+>", "", pick)  # the knight closes the city: on its button
    assert "no-follower" in pick and 'data-act="back"' in pick
    assert board.act(state, acts[0]) == Place(0, -1, 2, "c1")


@pytest.mark.parametrize(
    "lang, start",
    [("en", "start tile"), ("cs", "startovní"), ("sk", "štartovac"), ("de", "Startkarte")],
)
def test_the_courier_starts_on_the_start_tile_in_every_text(lang, start):
    # docs/rules/carcassonne.md, Courier start: in both variants the Courier starts on the
    # start tile; the option without tiles no longer sets itself apart by it, and How to play
    # says it of the letter tiles too
    texts = load_table("assets/strings.json")[lang]
    assert start not in texts["carcassonne.opt.courier.tiles_free"]
    courier = texts["carcassonne.howto.courier.1"]
    assert start in courier
    letters = {
        "en": "letter tiles",
        "cs": "s dopisem",
        "sk": "symbolom dopisu",
        "de": "Briefkarten",
    }
    assert letters[lang] in courier.split(start, 1)[1]  # said after the start, of the same start
