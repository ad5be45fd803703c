"""Computer opponents for every game: one search on the Game contract, per-game knowledge in
`game/<name>/ai.py` (see knowledge.py for the interface).

For the browser (think in slices on the main thread):

    from game.core.ai import Search
    search = Search(game, state, seat, level="hard", seed=seed)
    while not search.done:
        search.run(max_seconds=0.015)   # then yield to the browser; search.progress is 0..1
    move = search.best_move()           # search.explain() lists the top candidates

In one call (CLI, tests): `choose_move(game, state, seat, level, seed)`.
"""

import time

from .. import registry
from .knowledge import Knowledge, knowledge_for
from .search import LEVELS, PLAYER_LEVELS, Search, choose_move, level_names, level_params

__all__ = [
    "LEVELS",
    "PLAYER_LEVELS",
    "Knowledge",
    "Search",
    "bench",
    "choose_move",
    "knowledge_for",
    "level_names",
    "level_params",
]


def bench(game_id, seconds=5.0, level="hard", seed=1):
    """Speed of `level` on positions of real games (the AI plays both seats), pure Python, so
    the same call measures CPython and Pyodide. Returns decisions/s and playouts/s; decisions
    with a single legal move are skipped (they cost nothing). Wall-clock time: run it on an
    idle machine.

        from game.core.ai import bench
        bench("carcassonne", 10)   # {"decisions_per_s": ..., "playouts_per_s": ..., ...}
    """
    game = registry.get(game_id)
    decisions = playouts = 0
    thinking = 0.0
    worst = 0.0
    k = 0
    state = game.new(players=2, seed=seed)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        if game.is_over(state):
            k += 1
            state = game.new(players=2, seed=seed + k)
            continue
        seat = game.current_player(state)
        search = Search(game, state, seat, level, seed + decisions)
        if not search.done:
            start = time.perf_counter()
            while not search.done:
                search.run(0.015)
            spent = time.perf_counter() - start
            thinking += spent
            worst = max(worst, spent)
            decisions += 1
            playouts += search.iterations
        state = game.apply(state, search.best_move())
    return {
        "game": game_id,
        "level": level,
        "decisions": decisions,
        "decisions_per_s": round(decisions / thinking, 2) if thinking else None,
        "playouts_per_s": round(playouts / thinking) if thinking else None,
        "max_decision_s": round(worst, 3),
    }
