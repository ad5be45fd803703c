"""Carcassonne: the computer opponent's "no visible blunder" rules, each on positions
built with the engine's `deck` option and scripted moves.

No-blunder list (from watching AI games):
1. It never puts its last follower on a small road (2 tiles or fewer) early in the game (24 or
   more tiles left) when that banks nothing this turn: the follower would sit there for a
   point or two while the big cities and the Courier's messages go to the opponent.
2. It never plays a move whose one-ply result (projected scores plus followers in hand) is
   more than `blunder_margin` points worse than its best move: completing the opponent's big
   city for them, handing the opponent a Courier message, or passing up its own big
   completion.
"""

import pytest

from game import games
from game.carcassonne import queries
from game.carcassonne.ai import KNOWLEDGE
from game.core import Rng
from game.core.ai import choose_move, level_params

GAME = games.get("carcassonne")


def small(level, iterations=60):
    params = level_params(GAME, level)
    params["iterations"] = iterations
    return params


def last_meeple_position(courier):
    """Seat 0 has put 6 monks on unfinished monasteries and holds its last follower; the tile
    to place is a straight road (U) with 40 tiles still to come."""
    deck = ["B", "E"] * 6 + ["U"] + ["E", "K", "J", "D", "V", "U", "W", "L"] * 5
    state = GAME.new(seed=1, options={"deck": deck, "courier": courier})
    while not (state.turn == 0 and state.supply[0] == 1):
        legal = GAME.legal_moves(state)
        if state.turn == 0:
            move = next(m for m in legal if m.meeple == "monastery")
        else:
            move = next(m for m in legal if m.meeple is None)
        state = GAME.apply(state, move)
    return state


def wastes_last_meeple(state, move):
    if move.meeple is None or move.meeple[0] != "r":
        return False
    after = GAME.apply(state, move)
    if GAME.scores(after)[0] > GAME.scores(state)[0]:
        return False  # it banked points at once (a completed road, a Courier message)
    for feature in queries.tile_features(after, move.x, move.y):
        if 0 in feature["meeples"]:
            return len(feature["tiles"]) <= 2
    return False


@pytest.mark.parametrize("courier", ["off", "tiles_free"])
def test_never_wastes_its_last_follower_on_a_small_road_early(courier):
    state = last_meeple_position(courier)
    assert queries.current_tile(state) == "U" and len(state.deck) >= 24
    legal = GAME.legal_moves(state)
    assert any(wastes_last_meeple(state, m) for m in legal), "the scenario must offer the blunder"
    for level in ("easy", "medium", "hard"):
        for seed in range(3):
            move = choose_move(GAME, state, 0, small(level), seed)
            assert not wastes_last_meeple(state, move), (level, seed, move)


def one_ply(state, move, seat):
    after = GAME.apply(state, move)
    points = KNOWLEDGE.evaluate(GAME, after) if not GAME.is_over(after) else GAME.scores(after)
    return points[seat] - max(p for s, p in enumerate(points) if s != seat)


def test_never_plays_a_move_far_worse_than_its_best():
    rng = Rng(3)
    checked = 0
    for seed in range(8):
        state = GAME.new(seed=seed)
        while not GAME.is_over(state) and checked < 10:
            legal = GAME.legal_moves(state)
            if len(legal) > 1 and rng.below(5) == 0:
                seat = state.turn
                values = {m: one_ply(state, m, seat) for m in legal}
                best = max(values.values())
                if min(values.values()) < best - KNOWLEDGE.blunder_margin:
                    move = choose_move(GAME, state, seat, small("easy", 30), seed)
                    assert values[move] >= best - KNOWLEDGE.blunder_margin
                    checked += 1
            state = GAME.apply(state, GAME.playout_move(state, rng))
    assert checked >= 5


@pytest.mark.parametrize("players", [3, 4])
def test_plays_with_more_players(players):
    state = GAME.new(players=players, seed=2)
    for _ in range(players * 2):
        move = choose_move(GAME, state, None, small("hard", 20), 1)
        assert move in GAME.legal_moves(state)
        state = GAME.apply(state, move)
