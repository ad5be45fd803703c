"""The generic AI on the toy game and on every registered game:
hidden-information independence, determinism, slices, levels, the arena's arithmetic.

Per-game "no visible blunder" rules live in tests/test_ai_<game>.py.
"""

import pytest
import toygame

from game import games
from game.core import Rng
from game.core.ai import LEVELS, PLAYER_LEVELS, Search, bench, choose_move, level_params
from game.core.ai.arena import arena, wilson_interval

games.register(toygame.GAME)
TOY = toygame.GAME


def decision_points(game, seed, count, players=2):
    """`count` positions with a real choice, from a random game (fresh games as needed)."""
    out = []
    rng = Rng(seed)
    state = game.new(players=players, seed=seed)
    while len(out) < count:
        if game.is_over(state):
            seed += 1
            state = game.new(players=players, seed=seed)
            continue
        if len(game.legal_moves(state)) > 1 and rng.below(3) == 0:
            out.append(state)
        state = game.apply(state, game.playout_move(state, rng))
    return out


SMALL = {
    "kind": "mcts",
    "iterations": 30,
    "max_seconds": None,
    "rank_root": True,
    "widening": (2.0, 0.5),
    "exploration": 0.7,
    "temperature": 0.0,
    "result_weight": 0.8,
}


# ---- hidden information -------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", games.ids())
def test_choice_does_not_depend_on_what_the_seat_cannot_see(game_id):
    # Required: "it must never read hidden state": a second full state with the same view for
    # the AI's seat (hidden parts resampled) must give the same move for the same seed.
    game = games.get(game_id)
    for state in decision_points(game, seed=5, count=3):
        seat = game.current_player(state)
        other = game.determinize(game.view(state, seat), Rng(99))
        for level in (SMALL, "greedy", "random"):
            assert choose_move(game, state, seat, level, seed=3) == choose_move(
                game, other, seat, level, seed=3
            )


# ---- determinism and levels ---------------------------------------------------------------------
@pytest.mark.parametrize("game_id", games.ids())
def test_same_seed_same_move_and_explanation(game_id):
    game = games.get(game_id)
    state = decision_points(game, seed=8, count=1)[0]
    runs = []
    for _ in range(2):
        search = Search(game, state, game.current_player(state), SMALL, seed=11)
        while not search.done:
            search.run(0.01)
        runs.append((search.best_move(), search.explain()))
    assert runs[0] == runs[1]
    assert runs[0][0] in game.legal_moves(state)


@pytest.mark.parametrize("game_id", games.ids())
def test_every_level_exists_and_plays_a_legal_move(game_id):
    game = games.get(game_id)
    assert set(PLAYER_LEVELS) <= set(LEVELS) and {"random", "greedy"} <= set(LEVELS)
    state = decision_points(game, seed=2, count=1)[0]
    for level in LEVELS:
        params = level_params(game, level)
        if params["kind"] == "mcts":  # keep the test fast: the level's shape, a small budget
            params["iterations"] = 10
        assert choose_move(game, state, None, params, seed=1) in game.legal_moves(state)


def test_levels_grow_in_budget():
    for game_id in games.ids():
        game = games.get(game_id)
        budgets = [level_params(game, level)["iterations"] for level in PLAYER_LEVELS]
        assert budgets == sorted(budgets) and budgets[0] < budgets[-1]


def test_single_legal_move_returns_at_once():
    state = TOY.new(players=2, seed=1)
    state.hands[0] = [4, 4]  # only one distinct move
    search = Search(TOY, state, 0, "hard", seed=1)
    assert search.done and search.progress == 1.0
    assert search.best_move() == toygame.Play(4)


def test_wrong_seat_is_refused():
    state = TOY.new(players=2, seed=1)
    with pytest.raises(ValueError):
        Search(TOY, state, 1, "hard")


# ---- slices -------------------------------------------------------------------------------------
class TickingClock:
    """A clock that moves 1 ms each time it is read: a deterministic stand-in for time."""

    def __init__(self):
        self.now = 0.0
        self.reads = 0

    def __call__(self):
        self.reads += 1
        self.now += 0.001
        return self.now


@pytest.mark.parametrize("game_id", games.ids())
def test_a_slice_stops_when_its_time_is_used(game_id):
    # Required: the browser thinks in slices on its main thread ("time slices of <= 20 ms that
    # yield to the browser"). With a clock that moves 1 ms per reading, a 15 ms slice must end
    # after about 15 steps: the search looks at the clock between every two steps. (How long one
    # step takes is measured by game.core.ai.bench and the browser tests, not timed here.)
    game = games.get(game_id)
    for state in decision_points(game, seed=4, count=2):
        clock = TickingClock()
        search = Search(game, state, game.current_player(state), "hard", seed=1, clock=clock)
        slices = 0
        while not search.done and slices < 20:
            before = clock.reads
            search.run(0.015)
            assert clock.reads - before <= 18
            assert 0.0 <= search.progress <= 1.0
            slices += 1
        assert slices > 1  # hard thinks for hundreds of steps: one slice cannot hold them all
        assert search.best_move() in game.legal_moves(state)


# ---- arena --------------------------------------------------------------------------------------
def test_wilson_interval_matches_known_values():
    low, high = wilson_interval(90, 100)
    assert round(low, 4) == 0.8256 and round(high, 4) == 0.9448
    low, high = wilson_interval(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(10, 10)
    assert high == 1.0 and round(low, 4) == 0.7225
    low, high = wilson_interval(7.5, 10)  # draws count half: fractional successes
    assert 0.4 < low < 0.75 < high < 1.0


def test_arena_counts_seats_and_draws():
    result = arena("bust", "greedy", "random", 6, seed=3)
    assert result["games"] == 6
    assert 0 <= result["win_rate_a"] <= 1
    low, high = result["wilson95"]
    assert low <= result["win_rate_a"] <= high
    assert result["time_a"]["decisions"] > 0 and result["time_b"]["decisions"] > 0


def test_bench_reports_speed():
    out = bench("bust", seconds=0.2, level="medium")
    assert out["decisions"] > 0 and out["playouts_per_s"] > 0


def test_arena_command_prints_the_interval_and_times(capsys):
    from game.core.cli import main

    assert (
        main(
            ["arena", "--game", "bust", "--a", "greedy", "--b", "random", "-n", "4", "--seed", "2"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "95% Wilson" in out and "mean score difference" in out and "CPU time per decision" in out
