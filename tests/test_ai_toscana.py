"""Toscana: the computer opponent's "no visible blunder" rules, each on positions
built with the engine's `piles` option and a fixed list of placements.

No-blunder list (from watching AI games):
1. It never spends its veto on a tile that cannot touch its own largest area (such a tile can
   neither cut nor block that area, so the veto is thrown away).
2. It never plays a placement whose immediate result (both largest areas as if the round ended
   now) is more than `blunder_margin` tiles worse than its best placement - e.g. joining two
   of the opponent's areas into one, or cutting its own largest area in two.
"""

import pytest

from game import games
from game.core import Rng
from game.core.ai import choose_move, level_params
from game.toscana.ai import KNOWLEDGE
from game.toscana.engine import Place
from game.toscana.queries import legal_placements, top_tile_touches_area

GAME = games.get("toscana")
PILES = [
    [
        "T03",
        "T11",
        "T15",
        "T12",
        "T07",
        "T02",
        "T06",
        "T14",
        "T09",
        "T04",
        "T05",
        "T08",
        "T13",
        "T10",
        "T01",
        "T16",
    ],
    [
        "T03",
        "T04",
        "T10",
        "T08",
        "T15",
        "T06",
        "T11",
        "T16",
        "T14",
        "T02",
        "T09",
        "T13",
        "T05",
        "T07",
        "T01",
        "T12",
    ],
]
# 20 placements (x, y, rot) of round 1, vetoes unused: seat 0 to move, both vetoes left
PLACEMENTS = [
    [8, 8, 1],
    [8, 4, 3],
    [6, 1, 3],
    [7, 12, 2],
    [6, 5, 1],
    [5, 11, 3],
    [11, 11, 0],
    [1, 13, 2],
    [9, 14, 0],
    [4, 15, 0],
    [13, 13, 1],
    [10, 1, 1],
    [13, 9, 2],
    [3, 9, 0],
    [15, 13, 3],
    [10, 6, 0],
    [12, 0, 3],
    [1, 6, 1],
    [12, 4, 2],
    [14, 0, 3],
]


def position():
    state = GAME.new(seed=0, options={"piles": PILES})
    for x, y, rot in PLACEMENTS:
        state = GAME.apply(state, {"x": x, "y": y, "rot": rot})
    return state


def small(level, iterations=60):
    params = level_params(GAME, level)
    params["iterations"] = iterations
    return params


def test_never_vetoes_a_tile_that_cannot_touch_its_largest_area():
    state = position()
    seat = state.turn
    legal = GAME.legal_moves(state)
    vetoes = [m for m in legal if m.veto]
    assert vetoes, "the scenario must offer a veto"
    for move in vetoes:  # whatever seat 0 places, seat 1's top tile stays away from its area
        after = GAME.apply(state, move._replace(veto=False))
        assert not top_tile_touches_area(after, seat)
    for level in ("easy", "medium", "hard"):
        for seed in range(3):
            assert not choose_move(GAME, state, seat, small(level), seed).veto


def one_ply(state, move, seat):
    after = GAME.apply(state, move)
    points = GAME.projected_scores(after)
    return points[seat] - points[1 - seat]


def test_never_plays_a_placement_far_worse_than_its_best():
    rng = Rng(5)
    checked = 0
    for seed in range(6):
        state = GAME.new(seed=seed)
        while not GAME.is_over(state) and checked < 12:
            legal = GAME.legal_moves(state)
            if len(legal) > 1 and rng.below(4) == 0:
                seat = state.turn
                values = {m: one_ply(state, m, seat) for m in legal}
                best = max(values.values())
                if min(values.values()) < best - KNOWLEDGE.blunder_margin:
                    move = choose_move(GAME, state, seat, small("easy", 30), seed)
                    assert values[move] >= best - KNOWLEDGE.blunder_margin - KNOWLEDGE.veto_worth
                    checked += 1
            state = GAME.apply(state, rng.choice(legal))
    assert checked >= 6


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_veto_is_still_used_where_it_matters(level):
    # The veto rules above must not switch the veto off: over a few AI games it gets used.
    used = 0
    for seed in range(2):
        state = GAME.new(seed=seed)
        while not GAME.is_over(state) and state.round_no == 1:
            move = choose_move(GAME, state, None, small(level, 40), seed)
            used += move.veto
            state = GAME.apply(state, move)
    assert used >= 1


def own_new_only_position():
    """The first position of some fixed random games under option contact "own-new" where the
    mover's tile fits only where its own colour touches no own-colour cell: under "own-both"
    that player would have to pass."""
    for seed in range(40):
        state = GAME.new(seed=seed, options={"contact": "own-new"})
        rng = Rng(seed)
        while not GAME.is_over(state):
            strict = GAME.clone(state)
            strict.contact = "own-both"  # the same position under the other touching rule
            if legal_placements(state) and not legal_placements(strict):
                return state
            state = GAME.apply(
                state, rng.choice([m for m in GAME.legal_moves(state) if not m.veto])
            )
    raise AssertionError("no such position found")


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_computer_plays_by_the_contact_rule(level):
    # docs/rules/toscana.md, Contact option contact "own-new" (seed 001 line 21): the computer places where only the
    # printed Czech rule allows it, instead of passing
    state = own_new_only_position()
    move = choose_move(GAME, state, state.turn, small(level, 30), 1)
    assert isinstance(move, Place) and move in GAME.legal_moves(state)
