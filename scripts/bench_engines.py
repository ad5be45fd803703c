"""Random-play speed of every engine in CPython and in Pyodide (the browser's interpreter, run
under Node from the pinned npm package), measured back to back in one run so the ratio holds on
a noisy shared machine. Prints JSON lines; not a test.

    python3 scripts/bench_engines.py [--games N] [--rounds R]
"""

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from in_pyodide import printed  # noqa: E402

from game import games  # noqa: E402
from game.core.cli import random_games  # noqa: E402

PLAN = {"carcassonne": 2, "thurn-und-taxis": 3, "toscana": 2}


def pyodide_run(n):
    code = (
        "import json\nfrom game import games\nfrom game.core.cli import random_games\n"
        f"for game_id, players in {PLAN!r}.items():\n"
        f"    print('RESULT ' + json.dumps(random_games(games.get(game_id), {n}, 1, players)))\n"
    )
    try:
        return {r["game"]: r for r in printed(code, "RESULT", timeout=1800)}
    except RuntimeError as failed:
        raise SystemExit(str(failed)) from None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    best = {}
    for round_no in range(args.rounds):
        here = {g: random_games(games.get(g), args.games, 1, p) for g, p in PLAN.items()}
        there = pyodide_run(args.games)
        for game_id in PLAN:
            c, p = here[game_id], there[game_id]
            row = {
                "game": game_id,
                "players": PLAN[game_id],
                "games": args.games,
                "round": round_no,
                "cpython_games_per_s": c["games_per_s"],
                "cpython_moves_per_s": c["moves_per_s"],
                "pyodide_games_per_s": p["games_per_s"],
                "pyodide_moves_per_s": p["moves_per_s"],
                "pyodide_time_ratio": round(c["games_per_s"] / p["games_per_s"], 2),
            }
            print(json.dumps(row))
            if (
                game_id not in best
                or row["cpython_games_per_s"] > best[game_id]["cpython_games_per_s"]
            ):
                best[game_id] = row
    print(json.dumps({"best_of_rounds": list(best.values())}))


if __name__ == "__main__":
    main()
