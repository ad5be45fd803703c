"""Toscana engine tests. Rules cited from docs/rules/toscana.md "Toscana" (binding) and the
research note docs/rules/toscana.md (sections and ambiguities A1-A9)."""

import json
from itertools import combinations

import pytest

from game import games
from game.core import BadData, IllegalMove, Rng
from game.core.cli import play_random
from game.core.match import Match
from game.toscana.data import (
    CANONICAL_ROT,
    DISTINCT_ROTS,
    LAYOUT_IDS,
    MINORITY,
    layout_cells,
    picture,
)
from game.toscana.engine import GAME, Pass, Place
from game.toscana.queries import (
    board_cells,
    contact_rule,
    known_bottom,
    largest_areas,
    legal_placements,
    pile_sizes,
    placement_cells,
    round_placements,
    round_results,
    round_scores,
    seat_colours,
    top_tiles,
    vetoes_left,
)

ALL = list(LAYOUT_IDS)


def new(pile0, pile1, seed=0, **options):
    return GAME.new(seed=seed, options={"piles": [pile0, pile1], **options})


def play(state, *moves):
    for move in moves:
        state = GAME.apply(state, move)
    return state


def place(x, y, rot, veto=False):
    return Place(x, y, rot, veto).to_json()


PASS = {"pass": True}


# ---- a plain reference implementation of the placement rule, cell by cell -------------------
def seat_colours_in(round_no):
    """Colour names of seat 0 and 1: seat 0 paves in round 1 (docs/rules/toscana.md, Colours and start player)."""
    return ["paving", "roof"] if round_no == 1 else ["roof", "paving"]


def naive_spots(placements, round_no, seat, tile, contact="own-new"):
    """Every legal (x, y, rot) for `tile` of `seat`, in the engine's order (rot, y, x); an
    own-colour cell of the new tile touches an own-colour cell ("own-both") or any placed cell
    ("own-new")."""
    board = {}
    for s, t, px, py, r in placements:
        for x, y, colour in placement_cells(t, r, px, py, seat_colours_in(round_no)[s]):
            board[(x, y)] = colour
    colour = seat_colours_in(round_no)[seat]
    spots = []
    for rot in DISTINCT_ROTS[tile]:
        for y in range(17):
            for x in range(17):
                cells = placement_cells(tile, rot, x, y, colour)
                if any(
                    not (0 <= cx < 17 and 0 <= cy < 17) or (cx, cy) in board for cx, cy, _ in cells
                ):
                    continue
                if not board:
                    ok = any((cx, cy) == (8, 8) for cx, cy, _ in cells)
                else:
                    ok = any(
                        board.get((cx + dx, cy + dy)) == colour
                        if contact == "own-both"
                        else (cx + dx, cy + dy) in board
                        for cx, cy, c in cells
                        if c == colour
                        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    )
                if ok:
                    spots.append((x, y, rot))
    return spots


def naive_can_place(placements, round_no, seat, pile, contact="own-new"):
    return bool(pile) and bool(naive_spots(placements, round_no, seat, pile[0], contact))


# ---- the registry -------------------------------------------------------------------------------
def test_registry_finds_toscana():
    assert games.get("toscana") is GAME


def test_random_games_finish():
    # docs/architecture.md, Engine contract: `python -m game random N --game ID` plays games to the end
    for seed in range(20):
        state, moves = play_random(GAME, 2, seed)
        assert GAME.is_over(state) and len(state.finished) == 2 and moves > 20


# ---- tiles -------------------------------------------------------------------------------------
def test_the_16_layouts_are_every_minority_pair_up_to_a_half_turn():
    # docs/rules/toscana.md, Tile layouts: all 28 choices of 2 minority cells, a half turn (cell a -> 7-a)
    # identifying pairs, give exactly 16 different one-sided tiles
    classes = {}
    for pair in combinations(range(8), 2):
        turned = tuple(sorted(7 - a for a in pair))
        classes.setdefault(min(pair, turned), []).append(pair)
    assert sorted(classes) == sorted(MINORITY.values()) and len(MINORITY) == 16
    for tile in ALL:
        cells = layout_cells(tile, 0)
        assert len(cells) == 8 and sum(m for _, _, m in cells) == 2


def test_look_alike_rotations():
    # docs/rules/toscana.md: "T07, T12, T15, T16 look alike after a half turn (rot 0/1 listed)"
    assert [t for t in ALL if DISTINCT_ROTS[t] == (0, 1)] == ["T07", "T12", "T15", "T16"]
    assert all(
        DISTINCT_ROTS[t] == (0, 1, 2, 3) for t in ALL if t not in ("T07", "T12", "T15", "T16")
    )
    assert CANONICAL_ROT["T07"] == (0, 1, 0, 1) and CANONICAL_ROT["T01"] == (0, 1, 2, 3)


def test_rotation_is_clockwise_and_never_a_flip():
    # docs/architecture.md, Move JSON: rot = clockwise quarter turns of the layout as drawn in the note; no flips
    assert picture("T01", 0) == ["xx##", "####"]
    assert picture("T01", 1) == ["#x", "#x", "##", "##"]  # the top row turns into the right column
    assert picture("T01", 2) == ["####", "##xx"]
    assert picture("T01", 3) == ["##", "##", "x#", "x#"]
    # T13 is T01's mirror image: no turn of T01 shows it
    assert all(picture("T01", r) != picture("T13", 0) for r in range(4))


def test_placement_cells_swap_colours_between_the_sets():
    # docs/rules/toscana.md, Components: both sets use the same layouts with colours swapped
    roof = placement_cells("T04", 0, 3, 5, "roof")
    paving = placement_cells("T04", 0, 3, 5, "paving")
    assert roof[0] == (3, 5, "paving") and roof[1] == (4, 5, "roof")
    assert [c for _, _, c in roof].count("roof") == 6
    assert [(x, y) for x, y, _ in roof] == [(x, y) for x, y, _ in paving]
    assert [c for _, _, c in paving].count("paving") == 6


# ---- placing -------------------------------------------------------------------------------
def test_first_tile_must_cover_the_centre():
    # docs/rules/toscana.md, Contact: the first tile of a round covers the centre cell (8, 8)
    state = new(["T01", "T02"], ["T03"])
    spots = legal_placements(state)
    assert len(spots) == 32  # 8 lying and 8 standing footprints over the centre, 2 turns each
    for x, y, rot in spots:
        assert any((cx, cy) == (8, 8) for cx, cy, _ in placement_cells("T01", rot, x, y, "paving"))
    with pytest.raises(IllegalMove, match="first tile must cover the centre"):
        GAME.apply(state, place(0, 0, 0))
    # a half-turn look-alike has half as many distinct placements
    assert len(legal_placements(new(["T07"], ["T03"]))) == 16


def test_tiles_stay_inside_the_board_and_never_overlap():
    # docs/rules/toscana.md, Contact: "never overlapping", "never overhanging the board edge"
    state = play(new(["T01", "T02"], ["T03"]), place(5, 8, 0))
    with pytest.raises(IllegalMove, match="leave the board"):
        GAME.apply(state, place(16, 3, 0))
    with pytest.raises(IllegalMove, match="leave the board"):
        GAME.apply(state, place(3, 14, 1))
    with pytest.raises(IllegalMove, match="leave the board"):
        GAME.apply(state, place(-1, 3, 0))
    with pytest.raises(IllegalMove, match="covers another tile"):
        GAME.apply(state, place(7, 9, 0))


def test_a_new_tile_needs_own_colour_on_both_sides_of_an_edge():
    # docs/rules/toscana.md, Contact option contact "own-both" (most other editions) / rules/toscana.md A1 reading
    # "A": an own-colour cell of the new tile shares an edge with an own-colour cell already on
    # the board
    # Seat 0 (paving) lays T01 at (6,8): roof (6,8),(7,8); paving (8,8),(9,8),(6..9,9).
    state = play(new(["T01", "T02"], ["T04", "T05"], contact="own-both"), place(6, 8, 0))
    # Seat 1 (roof), T04 standing (rot 1): roof cells everywhere except its top row (x, y).
    # Above the roof cells of T01, the roof cells of T04 touch them: legal.
    ok = play(state, place(6, 4, 1))
    assert round_placements(ok)[-1] == (1, "T04", 6, 4, 1)
    # Above T01's paving cells: roof touches only paving -> illegal
    with pytest.raises(IllegalMove, match="no roof cell of the new tile touches a roof cell"):
        GAME.apply(state, place(8, 4, 1))
    # T04 lying (rot 0: paving column on the left) at (2,8): its roof cell (5,8) touches
    # T01's roof cell (6,8): legal
    play(state, place(2, 8, 0))
    # T04 half-turned (rot 2: paving column on the right) at (2,8): only its paving cell (5,8)
    # touches the roof cell (6,8); its roof cells touch no roof -> illegal
    with pytest.raises(IllegalMove, match="no roof cell"):
        GAME.apply(state, place(2, 8, 2))


def test_corner_contact_is_not_enough_to_place():
    # Czech rules (seed 001): touching means sharing a side, not a corner (docs/rules/toscana.md, Contact)
    # Seat 0 (paving) lays T13 at (5,8): paving (5,8),(6,8),(5..8,9); roof (7,8),(8,8).
    state = play(new(["T13", "T02"], ["T01", "T05"]), place(5, 8, 0))
    # Seat 1 (roof) lays T01 of the roof set (paving cells top-left). At (9,6) its roof cell
    # (9,7) meets the roof cell (8,8) only at a corner: illegal.
    with pytest.raises(IllegalMove, match="no roof cell"):
        GAME.apply(state, place(9, 6, 0))
    assert (9, 6, 0) not in legal_placements(state)
    # one row lower its roof cell (9,8) shares an edge with (8,8): legal
    assert (9, 7, 0) in legal_placements(state)


def test_the_touched_cell_may_belong_to_the_opponents_tile():
    # docs/rules/toscana.md, Contact: "The touched own-colour cell may belong to either player's tile"
    # Seat 0 (paving) T01 at (6,8) has roof cells (6,8),(7,8); seat 1 (roof) touches them.
    state = play(new(["T01", "T02"], ["T04", "T05"], contact="own-both"), place(6, 8, 0))
    state = play(state, place(6, 4, 1))
    assert round_placements(state)[-1][:2] == (1, "T04")


# ---- option contact -------------------------------------------------------------------------
def test_option_contact_own_new_follows_the_printed_czech_rule():
    # seed 001 line 21 (the Czech rules): the new tile must touch "alespoň 1 políčkem vlastní
    # barvy alespoň jedné destičky už položené" - with at least one cell of its own colour, at
    # least one tile already placed; docs/rules/toscana.md, Contact: option contact "own-new" plays that text, and
    # as the seed is the specification it is the default
    piles = [["T01", "T02"], ["T04", "T05"]]
    both = play(GAME.new(options={"piles": piles, "contact": "own-both"}), place(6, 8, 0))
    printed = play(GAME.new(options={"piles": piles}), place(6, 8, 0))
    # Seat 1 (roof), T04 standing at (8,4): its roof cells (8,7),(9,7) touch T01's paving cells
    # (8,8),(9,8) only: an own-colour cell next to a placed tile, not next to roof
    assert (8, 4, 1) not in legal_placements(both)
    with pytest.raises(IllegalMove, match="no roof cell of the new tile touches a roof cell"):
        GAME.apply(both, place(8, 4, 1))
    assert (8, 4, 1) in legal_placements(printed)
    assert round_placements(play(printed, place(8, 4, 1)))[-1] == (1, "T04", 8, 4, 1)
    # whatever "own-both" allows, "own-new" allows too
    assert set(legal_placements(both)) < set(legal_placements(printed))


def test_own_new_still_needs_an_own_colour_cell_at_the_contact():
    # seed 001 line 21: the touching cell of the new tile is "of its own colour"
    piles = [["T01", "T02"], ["T04", "T05"]]
    state = play(GAME.new(options={"piles": piles, "contact": "own-new"}), place(6, 8, 0))
    # T04 half-turned at (2,8): only its paving cell (5,8) touches T01; its roof cells touch
    # nothing placed
    with pytest.raises(IllegalMove, match="no roof cell of the new tile touches a tile"):
        GAME.apply(state, place(2, 8, 2))
    assert (2, 8, 2) not in legal_placements(state)
    # the first tile of a round still covers the centre (rules/toscana.md A2)
    with pytest.raises(IllegalMove, match="first tile must cover the centre"):
        GAME.apply(GAME.new(options={"piles": piles, "contact": "own-new"}), place(0, 0, 0))


def test_option_contact_is_validated_and_defaults_to_own_new():
    # docs/rules/toscana.md, Contact: contact "own-new" (default: the printed Czech text, seed 001 line 21) |
    # "own-both"
    with pytest.raises(BadData, match="option 'contact' must be one of"):
        GAME.new(options={"contact": "own-old"})
    assert contact_rule(GAME.new()) == "own-new"
    assert contact_rule(GAME.new(options={"contact": "own-both"})) == "own-both"


def test_games_begun_before_own_new_became_the_default_keep_own_both():
    # docs/rules/toscana.md, Contact: saves and links that name no contact keep meaning "own-both" if they were made
    # before the change; their readers add the engine's legacy_defaults (game.core.savefile)
    assert GAME.legacy_defaults == {"contact": "own-both"}
    piles = [["T01", "T02"], ["T04", "T05"]]
    old = play(GAME.new(options={"piles": piles, **GAME.legacy_defaults}), place(6, 8, 0))
    assert contact_rule(old) == "own-both"
    # seed 001 line 21's placement (T04's roof cells next to T01's paving only) stays refused
    with pytest.raises(IllegalMove, match="no roof cell of the new tile touches a roof cell"):
        GAME.apply(old, place(8, 4, 1))


def test_contact_is_saved_with_the_state_and_placements_are_checked_by_it():
    # CONTRIBUTING: from_json validates (the placements are replayed under the stored rule)
    piles = [["T01", "T02"], ["T04", "T05"]]
    state = play(
        GAME.new(options={"piles": piles, "contact": "own-new"}), place(6, 8, 0), place(8, 4, 1)
    )
    obj = json.loads(json.dumps(GAME.to_json(state)))
    assert obj["contact"] == "own-new" and GAME.from_json(obj) == state
    with pytest.raises(BadData, match="tile 2: no roof cell of the new tile touches a roof"):
        GAME.from_json({**obj, "contact": "own-both"})
    with pytest.raises(BadData, match='"contact" must be one of'):
        GAME.from_json({**obj, "contact": "own"})


def test_a_link_keeps_the_contact_rule():
    # docs/architecture.md, Engine contract: saves and links hold the setup with its options (links made before the option
    # existed open with the default: tests/test_links.py)
    for contact in ("own-both", "own-new"):
        match = Match("toscana", seed=3, options={"contact": contact})
        match.play(GAME.legal_moves(match.state)[0])
        match.play(GAME.legal_moves(match.state)[-1])
        again = Match.from_link(match.to_link())
        assert again.setup["options"]["contact"] == contact and again.state == match.state


@pytest.mark.parametrize("contact", ["own-both", "own-new"])
def test_legal_placements_match_a_cell_by_cell_reference(contact):
    # docs/rules/toscana.md, Contact placement rules (both values of option contact), checked against the plain
    # reference above in random games; also: in every running position someone can place (the
    # round ends as soon as neither can)
    seen_blocked = 0
    for seed in range(4):
        state = GAME.new(seed=seed, options={"contact": contact})
        rng = Rng(seed)
        while not GAME.is_over(state):
            seat = state.turn
            placements = round_placements(state)
            expected = (
                naive_spots(placements, state.round_no, seat, top_tiles(state)[seat], contact)
                if state.piles[seat]
                else []
            )
            assert legal_placements(state) == expected
            assert any(
                naive_can_place(
                    placements,
                    state.round_no,
                    s,
                    [LAYOUT_IDS[k] for k in state.piles[s]],
                    contact,
                )
                for s in (0, 1)
            )
            if not expected and state.piles[seat]:
                seen_blocked += 1
            moves = GAME.legal_moves(state)
            state = GAME.apply(state, rng.choice(moves))
    if contact == "own-both":  # under "own-new" a tile almost always fits somewhere
        assert seen_blocked > 0  # the check above also covered blocked players


# ---- look-alike rotations ---------------------------------------------------------------------
def test_look_alike_rotations_are_listed_once_and_rot_2_is_accepted():
    # docs/rules/toscana.md: "legal_moves lists each distinct result once ... and apply accepts any
    # equivalent form"
    state = new(["T07", "T01"], ["T02"])
    rots = {m.rot for m in GAME.legal_moves(state)}
    assert rots == {0, 1}
    by_rot_0 = GAME.apply(state, place(5, 8, 0))
    by_rot_2 = GAME.apply(state, place(5, 8, 2))
    assert GAME.to_json(by_rot_0) == GAME.to_json(by_rot_2)
    assert GAME.apply(state, place(8, 5, 3)) == GAME.apply(state, place(8, 5, 1))
    # a tile without the symmetry lists all four turns
    assert {m.rot for m in GAME.legal_moves(new(["T01"], ["T02"]))} == {0, 1, 2, 3}


# ---- veto ---------------------------------------------------------------------------------------
def test_veto_sends_the_opponents_top_tile_to_the_bottom():
    # docs/rules/toscana.md: "after your tile lands (or you pass), the opponent's visible top tile ...
    # goes to the bottom of their pile"
    state = new(["T01", "T02", "T03"], ["T04", "T05", "T06"])
    state = play(state, place(6, 8, 0, veto=True))
    assert state.turn == 1 and top_tiles(state) == ["T02", "T05"]
    assert [LAYOUT_IDS[k] for k in state.piles[1]] == ["T05", "T06", "T04"]
    assert vetoes_left(state) == [False, True]
    assert state.last["veto"] is True and state.last["vetoed"] == "T04"


def test_veto_only_once_per_round():
    # docs/rules/toscana.md, Veto: "Veto (once per player per round)"
    state = new(["T01", "T02", "T03"], ["T04", "T05", "T06"])
    state = play(state, place(6, 8, 0, veto=True), place(6, 4, 1))
    assert state.turn == 0
    assert not any(m.veto for m in GAME.legal_moves(state))
    spot = legal_placements(state)[0]
    with pytest.raises(IllegalMove, match="no veto left"):
        GAME.apply(state, place(*spot, veto=True))


def test_legal_moves_list_each_move_with_and_without_veto():
    # docs/rules/toscana.md, Veto: "legal_moves lists each placement/pass without and, while a veto is left, with it"
    state = new(["T01", "T02"], ["T04", "T05"])
    moves = GAME.legal_moves(state)
    plain = [m for m in moves if not m.veto]
    assert moves == plain + [m._replace(veto=True) for m in plain]
    assert place(6, 8, 0, veto=True) == {"x": 6, "y": 8, "rot": 0, "veto": True}
    assert Place(6, 8, 0).to_json() == {"x": 6, "y": 8, "rot": 0}  # no "veto" when false


def test_no_veto_against_a_one_tile_pile():
    # docs/rules/toscana.md, Piles: "Only while that pile holds ≥ 2 tiles"
    state = play(new(["T01", "T02"], ["T04", "T05"]), place(6, 8, 0))
    assert pile_sizes(state) == [1, 2] and state.turn == 1
    assert not any(m.veto for m in GAME.legal_moves(state))
    with pytest.raises(IllegalMove, match="at least 2 tiles"):
        GAME.apply(state, place(6, 4, 1, veto=True))


def test_vetoes_come_back_in_round_2():
    # docs/rules/toscana.md, Veto: once per round, so each player has one again in round 2
    state = play(new(["T01", "T02"], ["T04", "T05"]), place(6, 8, 0, veto=True))
    assert vetoes_left(state) == [False, True]
    while state.round_no == 1:
        state = GAME.apply(state, GAME.legal_moves(state)[0])  # plain moves come first
    assert vetoes_left(state) == [True, True]


def test_a_pass_may_carry_a_veto():
    # docs/rules/toscana.md, Veto: "a placement or a pass may carry "veto": true"
    state = play(new(["T01"], ["T04", "T05", "T06"]), place(6, 8, 0), place(6, 4, 1))
    assert state.turn == 0 and pile_sizes(state) == [0, 2]
    assert GAME.legal_moves(state) == [Pass(), Pass(veto=True)]
    after = GAME.apply(state, {"pass": True, "veto": True})
    assert top_tiles(after) == [None, "T06"]
    assert after.last["passed"] and after.last["vetoed"] == "T05"


# ---- a vetoed tile is known to lie at the bottom -------------------------------------------------
# docs/rules/toscana.md, Veto: "Piles are face up: only the top tile shows, but a vetoed tile is known to lie at the
# bottom; views keep that."
def vetoed_state():
    """Seat 0 vetoes seat 1's T04: seat 1's pile is then T09 on top, T08 T07 T06, T04 at the
    bottom (seat 0 placed T01, so its pile shows T02 over T03)."""
    state = new(["T01", "T02", "T03"], ["T04", "T09", "T08", "T07", "T06"])
    return play(state, place(6, 8, 0, veto=True))


def test_a_vetoed_tile_stays_known_at_the_bottom_of_the_view():
    state = vetoed_state()
    assert known_bottom(state) == [[], ["T04"]]
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        # the top, the unknown middle sorted, the known bottom tile last
        assert GAME.to_json(view)["piles"][1] == ["T09", "T06", "T07", "T08", "T04"]
        assert known_bottom(view) == [[], ["T04"]]
        assert GAME.from_json(json.loads(json.dumps(GAME.to_json(view)))) == view


def test_determinize_never_moves_a_known_bottom_tile():
    view = GAME.view(vetoed_state(), 0)
    middles = set()
    for seed in range(12):
        sample = GAME.determinize(view, Rng(seed))
        pile = [LAYOUT_IDS[k] for k in sample.piles[1]]
        assert pile[0] == "T09" and pile[-1] == "T04" and sorted(pile[1:4]) == ["T06", "T07", "T08"]
        assert GAME.to_json(GAME.view(sample, 0)) == GAME.to_json(view)
        middles.add(tuple(pile[1:4]))
    assert len(middles) > 1  # the unknown middle is sampled


def test_a_known_bottom_tile_that_reaches_the_top_is_simply_the_top():
    state = play(new(["T01", "T02", "T03"], ["T04", "T05"]), place(6, 8, 0, veto=True))
    assert known_bottom(state) == [[], ["T04"]] and top_tiles(state) == ["T02", "T05"]
    state = play(state, place(*legal_placements(state)[0]))
    assert top_tiles(state) == ["T02", "T04"] and known_bottom(state) == [[], []]


def test_known_bottom_tiles_are_forgotten_in_round_2():
    # docs/rules/toscana.md, Piles: round 2 deals fresh piles
    state = vetoed_state()
    while state.round_no == 1:
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert known_bottom(state) == [[], []]


@pytest.mark.parametrize(
    "known, reason",
    [
        ([0, 2], "seat 1 cannot have 2 known tiles"),
        ([1, 1], "seat 0 cannot have 1 known tiles"),  # seat 1 still holds its veto
        ([0, -1], "seat 1 cannot have -1"),
        ([0], "two whole numbers"),
        ([0, True], "two whole numbers"),
        (None, "two whole numbers"),
    ],
)
def test_known_bottom_is_checked_on_load(known, reason):
    obj = json.loads(json.dumps(GAME.to_json(vetoed_state())))
    assert obj["known_bottom"] == [0, 1]
    with pytest.raises(BadData, match=reason):
        GAME.from_json({**obj, "known_bottom": known})


def test_mixed_entropy_shuffles_only_the_unknown_middle_of_each_pile():
    # docs/links.md / brief: mix_entropy deals again what nobody has seen - never a top tile,
    # never a known bottom tile
    state = GAME.new(seed=5)
    veto = next(m for m in GAME.legal_moves(state) if m.veto)
    state = play(state, veto.to_json())
    bottom = known_bottom(state)
    assert bottom[1] and not bottom[0]
    middles = set()
    for bits in range(1, 9):
        mixed = GAME.mix_entropy(state, bits * 0x1234567)
        assert top_tiles(mixed) == top_tiles(state) and known_bottom(mixed) == bottom
        assert mixed.piles[1][-1] == state.piles[1][-1]  # the vetoed tile, known to all
        assert [sorted(p) for p in mixed.piles] == [sorted(p) for p in state.piles]
        middles.add(tuple(mixed.piles[0][1:]) + tuple(mixed.piles[1][1:-1]))
    assert len(middles) == 8  # a fresh order every time


def test_mixed_entropy_keeps_fixed_piles():
    # brief: nothing is dealt again when the piles come from option `piles` (a scenario)
    state = vetoed_state()
    assert GAME.mix_entropy(state, 99).piles == state.piles


# ---- passing and the end of a round --------------------------------------------------------------
def test_empty_pile_passes_with_exactly_one_move():
    # docs/rules/toscana.md, Piles: "an empty pile passes too"; docs/architecture.md, Playing: one legal move {"pass": true}
    state = play(new(["T01"], ["T04", "T05"]), place(6, 8, 0), place(6, 4, 1))
    assert state.turn == 0 and pile_sizes(state) == [0, 1]
    assert [m.to_json() for m in GAME.legal_moves(state)] == [PASS]
    with pytest.raises(IllegalMove, match="pile is empty"):
        GAME.apply(state, place(2, 8, 0))


def test_pass_only_when_nothing_fits():
    # docs/architecture.md, Move JSON: {"pass": true} only when nothing fits
    state = new(["T01"], ["T04"])
    with pytest.raises(IllegalMove, match="cannot pass: your tile T01 fits"):
        GAME.apply(state, PASS)


def blocked_position():
    """The first position of some fixed random games where the player to move holds a tile
    that fits nowhere (the round goes on, so the opponent can still place). Under the stricter
    contact "own-both", where such positions come early."""
    for seed in range(200):
        state = GAME.new(seed=seed, options={"contact": "own-both"})
        rng = Rng(seed)
        while not GAME.is_over(state):
            seat = state.turn
            if state.piles[seat] and not legal_placements(state):
                return state
            moves = [m for m in GAME.legal_moves(state) if not m.veto]
            state = GAME.apply(state, rng.choice(moves))
    raise AssertionError("no blocked position found")


def test_a_blocked_player_passes_and_the_tile_stays_on_top():
    # docs/rules/toscana.md, Blocked tile: "A blocked player passes and the tile stays on top" (rules/toscana.md A6)
    state = blocked_position()
    seat = state.turn
    top = top_tiles(state)[seat]
    assert [m for m in GAME.legal_moves(state) if not m.veto] == [Pass()]
    after = GAME.apply(state, PASS)
    assert top_tiles(after)[seat] == top and pile_sizes(after)[seat] == pile_sizes(state)[seat]
    # the round goes on: the opponent can still place
    assert after.turn == 1 - seat and after.round_no == state.round_no
    assert after.last["passed"] and after.last["tile"] == top


def test_round_ends_as_soon_as_neither_can_place_without_passes():
    # docs/rules/toscana.md, Round end: "the round ends as soon as neither player can place"; nobody has to pass first
    state = play(new(["T01"], ["T04"]), place(6, 8, 0))
    assert state.round_no == 1 and state.turn == 1
    state = play(state, place(6, 4, 1))  # both piles are now empty
    assert state.round_no == 2
    assert state.last["round_end"] == {"round": 1, "scores": list(state.finished[0][1])}


def test_no_two_passes_in_a_row_in_random_games():
    # docs/rules/toscana.md, Round end: the round ends right after the move that leaves nobody able to place
    for seed in range(10):
        state = GAME.new(seed=seed)
        rng = Rng(seed * 7)
        previous_passed = False
        while not GAME.is_over(state):
            moves = GAME.legal_moves(state)
            move = rng.choice(moves)
            before_round = state.round_no
            state = GAME.apply(state, move)
            passed = isinstance(move, Pass)
            assert not (passed and previous_passed)
            previous_passed = passed and state.round_no == before_round


def test_round_2_swaps_colours_and_the_paving_player_starts():
    # docs/rules/toscana.md, Colours and start player: "Round 2 starts at once with colours swapped. Seat 0 paves in round 1; the
    # paving player starts each round"; option piles "is used in the same order in round 2"
    state = new(["T01", "T02"], ["T04"])
    assert seat_colours(state) == ["paving", "roof"] and state.turn == 0
    state = play(state, place(6, 8, 0), place(6, 4, 1))
    assert state.round_no == 1 and state.turn == 0  # seat 1's pile is empty, seat 0 goes on
    state = play(state, place(*legal_placements(state)[0]))
    assert state.round_no == 2
    assert seat_colours(state) == ["roof", "paving"] and state.turn == 1
    assert top_tiles(state) == ["T01", "T04"] and pile_sizes(state) == [2, 1]
    assert round_placements(state) == [] and len(round_placements(state, 1)) == 3
    # seat 1 now lays a paving tile (its 2 minority cells are roof) over the centre
    state = play(state, place(7, 8, 1))
    assert state.last["colour"] == "paving"
    assert [c for _, _, c in state.last["placed"]["cells"]].count("paving") == 6


def test_round_2_piles_are_fresh_shuffles_from_the_state_rng():
    # brief / rules/toscana.md A9: round-2 piles are new shuffles of all 16 layouts, drawn from
    # the state RNG when round 2 starts
    round1 = GAME.new(seed=3)
    state = round1
    rng = Rng(5)
    while state.round_no == 1:
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, rng.choice(moves))
    assert sorted(state.piles[0]) == sorted(state.piles[1]) == list(range(16))
    assert state.piles != round1.piles


# ---- scoring ----------------------------------------------------------------------------------
# Hand-built round-1 boards: seat 0 paves (its tiles: 6 paving + 2 roof), seat 1 builds roofs.
# A and B form one paving area of 2 tiles: A's (7,5) meets B's (8,5).
A = (0, "T01", 4, 4, 0)  # roof (4,4),(5,4); paving (6,4),(7,4),(4..7,5)
B = (0, "T01", 8, 4, 0)  # roof (8,4),(9,4); paving (10,4),(11,4),(8..11,5)


def test_area_of_two_tiles_scores_two():
    # docs/rules/toscana.md, Scoring: 1 point per tile taking part in the largest area
    assert round_scores([A, B], 1)[0] == 2
    assert largest_areas([A, B], 1)["paving"]["tiles"] == [0, 1]


def test_a_tile_touching_the_area_only_at_a_corner_does_not_count():
    # Czech rules: touching = sharing a side, not a corner; docs/rules/toscana.md, Scoring
    corner = (0, "T13", 12, 6, 0)  # paving (12,6) meets B's (11,5) only at a corner
    assert round_scores([A, B, corner], 1)[0] == 2
    assert largest_areas([A, B, corner], 1)["paving"]["tiles"] == [0, 1]


def test_a_tile_touching_only_through_the_other_colour_does_not_count():
    # docs/rules/toscana.md, Scoring (Czech example, tile B): touching without being part does not count
    # paving (4,3),(5,3) over A's roof cells; roof (6,3),(7,3) over A's paving cells
    above = (0, "T01", 4, 2, 2)
    assert round_scores([A, B, above], 1)[0] == 2


def test_a_tile_touching_with_two_separate_cells_counts_once():
    # Czech rules: "each tile counts only once, even if it touches in two places"
    below = (0, "T08", 5, 6, 0)  # paving (5,6) under A, (8,6) under B, roof (6,6),(7,6) between
    assert round_scores([A, B, below], 1)[0] == 3


def test_opponent_set_tiles_count():
    # rules/toscana.md A4: every tile with a cell in the area counts, whichever set
    roof_tile = (1, "T04", 12, 4, 0)  # its 2 paving cells (12,4),(12,5) meet B's (11,4),(11,5)
    assert round_scores([A, B, roof_tile], 1) == [3, 1]
    assert largest_areas([A, B, roof_tile], 1)["paving"]["tiles"] == [0, 1, 2]


def test_largest_means_most_tiles_not_most_cells():
    # rules/toscana.md A5: score = most tiles in one area, not most cells
    f1 = (1, "T13", 0, 10, 0)  # paving (2,10),(3,10)
    f2 = (1, "T01", 4, 10, 0)  # paving (4,10),(5,10)
    g = (0, "T01", 2, 8, 2)  # paving (2..5,8),(2,9),(3,9); roof (4,9),(5,9)
    placements = [A, B, f1, f2, g]  # A+B: 12 cells, 2 tiles; f1+f2+g: 10 cells, 3 tiles
    area = largest_areas(placements, 1)["paving"]
    assert area["tiles"] == [2, 3, 4] and len(area["cells"]) == 10
    assert round_scores(placements, 1)[0] == 3


def test_equal_areas_pick_the_one_that_starts_first():
    # brief: ties between equal-size areas are broken by the first cell, row by row
    f1 = (1, "T13", 0, 10, 0)
    f2 = (1, "T01", 4, 10, 0)
    for placements in ([A, B, f1, f2], [f1, f2, A, B]):
        area = largest_areas(placements, 1)["paving"]
        assert area["cells"][0] == (6, 4)
        assert sorted(placements[k] for k in area["tiles"]) == sorted([A, B])


def test_round_2_scores_use_swapped_colours():
    # docs/rules/toscana.md, Colours and start player: colours swapped in round 2; seat 0's A and B are roof tiles there: their roof
    # cells (7,5) and (8,5) join (2 tiles), their paving pairs stay apart (1 tile each)
    assert round_scores([A, B], 2) == [2, 1]


def test_scores_breakdown_and_projection_add_up():
    # docs/rules/toscana.md, Round end: "a match's scores is the sum of the finished rounds"; projected adds the
    # running round as if it ended now
    state = play(new(["T01", "T02"], ["T04"]), place(6, 8, 0), place(6, 4, 1))
    assert GAME.scores(state) == [0, 0]
    assert GAME.projected_scores(state) == round_scores(round_placements(state), 1)
    assert GAME.score_breakdown(state) == [{}, {}]
    state, _ = play_random(GAME, 2, 11)
    breakdown = GAME.score_breakdown(state)
    assert [b["round 1"] + b["round 2"] for b in breakdown] == GAME.scores(state)
    assert GAME.projected_scores(state) == GAME.scores(state)
    assert [r["scores"] for r in round_results(state)] == [list(s) for _, s in state.finished]


def finished(scores1, scores2):
    state, _ = play_random(GAME, 2, 1)
    state = GAME.clone(state)
    state.finished = (((), scores1), ((), scores2))
    return state


@pytest.mark.parametrize(
    "round1, round2, winners",
    [
        ((9, 3), (8, 4), [0]),  # 2 : 0 in rounds
        ((9, 3), (3, 10), [1]),  # 1 : 1 in rounds, totals 12 : 13
        ((9, 3), (4, 5), [0]),  # 1 : 1, totals 13 : 8
        ((5, 5), (4, 6), [1]),  # a tied round is won by nobody: 0 : 1 in rounds
        ((7, 3), (3, 7), [0, 1]),  # 1 : 1 and 10 : 10: both
        ((6, 6), (2, 2), [0, 1]),
    ],
)
def test_winner_by_rounds_then_total_then_both(round1, round2, winners):
    # docs/rules/toscana.md, Ties: "winners: more rounds won, then the higher total, else both" (A8: ties)
    assert GAME.winners(finished(round1, round2)) == winners


def test_no_winners_while_playing():
    # docs/rules/toscana.md, Match winner All games: winners is [] until the game is over
    state = GAME.new(seed=2)
    assert GAME.winners(state) == [] and GAME.current_player(state) == 0


# ---- hidden information ----------------------------------------------------------------------
def test_view_hides_the_pile_order_and_the_rng():
    # rules/toscana.md A9: both tops and sizes visible, the order below each top hidden;
    # docs/architecture.md, Engine contract: the view removes the RNG
    state = new(["T05", "T16", "T01", "T09"], ["T02", "T11", "T03"], seed=4)
    view = GAME.view(state, 0)
    out = GAME.to_json(view)
    assert out["rng"] is None and out["hidden"] is True and out["fixed_piles"] is None
    assert out["piles"] == [["T05", "T01", "T09", "T16"], ["T02", "T03", "T11"]]
    assert top_tiles(view) == top_tiles(state) and pile_sizes(view) == pile_sizes(state)
    assert GAME.legal_moves(view) == GAME.legal_moves(state)
    with pytest.raises(IllegalMove, match="view"):
        GAME.apply(view, GAME.legal_moves(view)[0])


def test_determinize_keeps_the_view():
    # docs/architecture.md, Engine contract: determinize gives "a full state consistent with that view"
    state = GAME.new(seed=8)
    state = play(state, GAME.legal_moves(state)[3])
    view = GAME.view(state, 1)
    before = GAME.to_json(view)
    sample = GAME.determinize(view, Rng(99))
    assert GAME.to_json(view) == before  # the view itself is unchanged
    assert GAME.to_json(GAME.view(sample, 1)) == before
    assert sample.rng is not None and not sample.hidden
    assert top_tiles(sample) == top_tiles(state)
    assert GAME.legal_moves(sample) == GAME.legal_moves(state)
    assert GAME.determinize(view, Rng(1)).piles != GAME.determinize(view, Rng(2)).piles
    # a sample plays on to the end
    while not GAME.is_over(sample):
        sample = GAME.apply(sample, GAME.legal_moves(sample)[0])


# ---- moves, options, serialisation ------------------------------------------------------------
@pytest.mark.parametrize(
    "bad, reason",
    [
        (None, "Toscana move is"),
        ([1, 2, 0], "Toscana move is"),
        ({"x": 1, "y": 2}, 'needs "rot"'),
        ({"x": 1, "y": "2", "rot": 0}, '"y" must be a whole number'),
        ({"x": True, "y": 2, "rot": 0}, '"x" must be a whole number'),
        ({"x": 1, "y": 2, "rot": 4}, '"rot" must be 0, 1, 2 or 3'),
        ({"x": 1, "y": 2, "rot": 0, "meeple": None}, "unknown field 'meeple'"),
        ({"x": 1, "y": 2, "rot": 0, "veto": 1}, '"veto" must be true or false'),
        ({"pass": False}, '"pass" must be true'),
        ({"pass": True, "x": 3}, "a pass has no field 'x'"),
    ],
)
def test_parse_move_rejects_malformed_moves(bad, reason):
    # docs/architecture.md, Move JSON move JSON; CONTRIBUTING: IllegalMove with a sentence a player can read
    with pytest.raises(IllegalMove, match=reason):
        GAME.parse_move(bad)


def test_parse_move_round_trips():
    for move in (Place(3, 4, 1), Place(0, 16, 3, True), Pass(), Pass(True)):
        assert GAME.parse_move(json.loads(json.dumps(move.to_json()))) == move
    assert GAME.parse_move({"x": 1, "y": 2, "rot": 0, "veto": False}) == Place(1, 2, 0)


@pytest.mark.parametrize(
    "piles, reason",
    [
        ("T01", "two lists"),
        ([["T01"]], "two lists"),
        ([["T01", "T17"], ["T02"]], "'T17' is not a tile id"),
        ([["T01", "T01"], ["T02"]], "T01 appears twice"),
        ([[], ["T02"]], "pile of seat 0 is empty"),
        ([["T01"], "T02"], "seat 1 must be a list"),
    ],
)
def test_option_piles_is_validated(piles, reason):
    # docs/architecture.md, Move JSON: option piles [[ids…], [ids…]], T01–T16, top first
    with pytest.raises(BadData, match=reason):
        GAME.new(options={"piles": piles})


def test_option_piles_give_seat_0_the_first_list():
    state = new(["T09", "T02"], ["T16"])
    assert top_tiles(state) == ["T09", "T16"] and pile_sizes(state) == [2, 1]
    assert GAME.new(options={"piles": None}).piles[0] != []  # null = shuffled piles


def test_state_json_round_trips_through_a_whole_game():
    # docs/architecture.md, Engine contract: to_json / from_json lossless
    state = GAME.new(seed=6)
    rng = Rng(6)
    while True:
        again = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
        assert again == state and GAME.to_json(again) == GAME.to_json(state)
        if GAME.is_over(state):
            break
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, rng.choice(moves))


def damaged(state, change):
    obj = json.loads(json.dumps(GAME.to_json(state)))
    change(obj)
    return obj


@pytest.mark.parametrize(
    "change, reason",
    [
        (lambda o: o["placements"][1].update(y=7), "tile 2: the tile covers another tile"),
        (lambda o: o["placements"].append(dict(o["placements"][0])), "placed T01 twice"),
        (lambda o: o["placements"][1].update(x=0, y=0), "tile 2: no roof cell"),
        (lambda o: o["placements"][0].update(x=0, y=0), "first tile must cover the centre"),
        (lambda o: o["piles"][0].append(o["placements"][0]["tile"]), "both on the board"),
        (lambda o: o.update(turn=None), '"turn"'),
        (lambda o: o.update(turn=2), '"turn"'),
        (lambda o: o["last"]["placed"].update(x=3), "last-move record"),
        (lambda o: o["last"].update(veto=True), "last-move record"),
        (lambda o: o.update(hidden=True), "carries no RNG"),
        (lambda o: o["veto_left"].append(True), "veto_left"),
    ],
)
def test_from_json_rejects_inconsistent_states(change, reason):
    # CONTRIBUTING: from_json validates and raises only BadData
    state = play(new(["T01", "T02", "T03"], ["T04", "T05"]), place(6, 8, 0), place(6, 4, 1))
    with pytest.raises(BadData, match=reason):
        GAME.from_json(damaged(state, change))


def test_from_json_checks_the_finished_round_scores():
    state = play(new(["T01"], ["T04"]), place(6, 8, 0), place(6, 4, 1))
    obj = damaged(state, lambda o: o["finished"][0].update(scores=[9, 9]))
    with pytest.raises(BadData, match="round 1 scored"):
        GAME.from_json(obj)


# ---- the log and the board's queries ----------------------------------------------------------
def test_describe_move_gives_translation_keys():
    # contract: describe_move returns (message key, parameters)
    state = new(["T07", "T02"], ["T04", "T05"])
    assert GAME.describe_move(state, Place(5, 8, 2)) == (
        "toscana.log.place",
        {"player": 0, "tile": "T07", "x": 5, "y": 8, "rot": 0},
    )
    key, params = GAME.describe_move(state, Place(5, 8, 0, True))
    assert key == "toscana.log.place_veto" and params["vetoed"] == "T04" and params["opponent"] == 1
    state = play(new(["T01"], ["T04", "T05"]), place(6, 8, 0), place(6, 4, 1))
    assert GAME.describe_move(state, Pass()) == ("toscana.log.pass", {"player": 0, "tile": None})


def test_last_move_record_for_the_board():
    # brief: a small public record of what the last move did, part of to_json
    state = new(["T01", "T02"], ["T04", "T05"])
    assert state.last is None
    state = play(state, place(6, 8, 0))
    assert state.last == {
        "player": 0,
        "colour": "paving",
        "tile": "T01",
        "placed": {
            "x": 6,
            "y": 8,
            "rot": 0,
            "cells": [
                [6, 8, "roof"],
                [7, 8, "roof"],
                [8, 8, "paving"],
                [9, 8, "paving"],
                [6, 9, "paving"],
                [7, 9, "paving"],
                [8, 9, "paving"],
                [9, 9, "paving"],
            ],
        },
        "passed": False,
        "veto": False,
        "vetoed": None,
        "round_end": None,
    }
    assert GAME.to_json(state)["last"] == state.last


def test_board_queries():
    state = play(new(["T01", "T02"], ["T04", "T05"]), place(6, 8, 0), place(6, 4, 1))
    grid = board_cells(round_placements(state), state.round_no)
    assert grid[8][6] == ("roof", 0) and grid[8][8] == ("paving", 0)
    assert grid[4][6] == ("paving", 1) and grid[5][6] == ("roof", 1) and grid[0][0] is None
    assert seat_colours(state) == ["paving", "roof"]
    assert seat_colours(state, 2) == ["roof", "paving"]
    assert pile_sizes(state) == [1, 1] and top_tiles(state) == ["T02", "T05"]
    assert vetoes_left(state) == [True, True]
    assert legal_placements(state) == naive_spots(round_placements(state), 1, 0, "T02")


def test_round_results_name_the_round_winner():
    state, _ = play_random(GAME, 2, 5)
    results = round_results(state)
    assert [r["round"] for r in results] == [1, 2]
    assert results[0]["colours"] == ["paving", "roof"]
    assert results[1]["colours"] == ["roof", "paving"]
    for r in results:
        a, b = r["scores"]
        assert r["winner"] == (None if a == b else (0 if a > b else 1))
        board = round_placements(state, r["round"])
        assert round_scores(board, r["round"]) == r["scores"]
