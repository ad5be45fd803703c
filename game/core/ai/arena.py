"""Two AI levels play each other: win rate with a Wilson interval, score margin, decision times.

Game k uses seed `seed + k`; level A sits in seat k % 2, so both levels play both seats equally.
"""

import math
import time

from .. import registry
from .search import Search


def wilson_interval(successes, n, z=1.96):
    """Wilson score interval (95 % by default) of a proportion; `successes` may be fractional
    (a draw counts half)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(game_id, levels, seed, options=None):
    """One game; `levels[seat]` plays that seat. Returns the final scores, winners and, per
    seat, the CPU seconds of each decision that had a choice. CPU time, not wall time: the
    machine may be shared, and a level's time cap should not bite because a neighbour is busy."""
    game = registry.get(game_id)
    state = game.new(players=len(levels), seed=seed, options=options)
    times: list[list[float]] = [[] for _ in levels]
    decision = 0
    while not game.is_over(state):
        seat = game.current_player(state)
        assert seat is not None
        start = time.process_time()
        search = Search(
            game, state, seat, levels[seat], seed * 7919 + decision, clock=time.process_time
        )
        while not search.done:
            search.run(0.05)
        move = search.best_move()
        if len(search.moves) > 1:
            times[seat].append(time.process_time() - start)
        state = game.clone(state)
        game.apply_in_place(state, move)
        decision += 1
    return {"scores": game.scores(state), "winners": game.winners(state), "times": times}


def _one(job):
    game_id, level_a, level_b, seed, k = job
    a_seat = k % 2
    levels = [level_b, level_b]
    levels[a_seat] = level_a
    result = play_game(game_id, levels, seed + k)
    b_seat = 1 - a_seat
    winners = result["winners"]
    if a_seat in winners:
        points = 1.0 if b_seat not in winners else 0.5
    else:
        points = 0.0 if winners else 0.5
    return {
        "points": points,
        "margin": result["scores"][a_seat] - result["scores"][b_seat],
        "times_a": result["times"][a_seat],
        "times_b": result["times"][b_seat],
    }


def arena(game_id, level_a, level_b, n, seed=1, jobs=1, progress=None):
    """Play n games A vs B (2 players); returns the summary dict the CLI prints."""
    registry.get(game_id)  # unknown ids fail here, not in a worker
    work = [(game_id, level_a, level_b, seed, k) for k in range(n)]
    start = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            results = []
            for r in pool.imap(_one, work):
                results.append(r)
                if progress:
                    progress(len(results), n)
    else:
        results = []
        for job in work:
            results.append(_one(job))
            if progress:
                progress(len(results), n)
    points = sum(r["points"] for r in results)
    low, high = wilson_interval(points, n)

    def timing(key):
        ts = [t for r in results for t in r[key]]
        if not ts:
            return {"decisions": 0, "mean_s": 0.0, "max_s": 0.0}
        return {
            "decisions": len(ts),
            "mean_s": round(sum(ts) / len(ts), 4),
            "max_s": round(max(ts), 4),
        }

    return {
        "game": game_id,
        "a": level_a,
        "b": level_b,
        "games": n,
        "seed": seed,
        "wins_a": sum(1 for r in results if r["points"] == 1.0),
        "draws": sum(1 for r in results if r["points"] == 0.5),
        "win_rate_a": round(points / n, 4),
        "wilson95": [round(low, 4), round(high, 4)],
        "mean_margin_a": round(sum(r["margin"] for r in results) / n, 2),
        "time_a": timing("times_a"),
        "time_b": timing("times_b"),
        "wall_s": round(time.perf_counter() - start, 1),
    }
