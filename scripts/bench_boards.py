"""How long the boards take to redraw after a move, in CPython and in Pyodide (under Node, the
browser's interpreter): board layer, overlay and side panel markup per position of whole random
games, median and worst in ms. Not a test; prints JSON lines.

    python3 scripts/bench_boards.py [--games 3]
"""

import argparse
import json
import sys
from pathlib import Path

from in_pyodide import printed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MEASURE = """
import json, time
from game import games
from game.core import Rng
from game.view.i18n import Translator, load_table

def measure(game_id, players, n_games, strings):
    game, tr = games.get(game_id), Translator(load_table(strings), "en")
    times = []
    for seed in range(1, n_games + 1):
        state, board, rng = game.new(players=players, seed=seed), games.controller(game_id), Rng(seed)
        names = ["Player %d" % k for k in range(players)]
        while game.current_player(state) is not None:
            state = game.apply(state, game.playout_move(state, rng))
            seat = game.current_player(state)
            start = time.perf_counter()
            board.board_markup(state, seat)
            board.overlay_markup(state, seat, True)
            board.panel_markup(state, seat, names, tr, True)
            times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {"game": game_id, "players": players, "positions": len(times),
            "median_ms": round(times[len(times) // 2], 2), "p95_ms": round(times[int(len(times) * .95)], 2),
            "worst_ms": round(times[-1], 2)}
"""

PLAN = (("toscana", 2), ("carcassonne", 2), ("carcassonne", 5), ("thurn-und-taxis", 3))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    namespace = {}
    exec(MEASURE, namespace)
    for game_id, players in PLAN:
        row = namespace["measure"](
            game_id, players, args.games, str(ROOT / "assets" / "strings.json")
        )
        print(json.dumps({"python": "cpython", **row}))
    code = MEASURE + "".join(
        f"print('RESULT ' + json.dumps(measure({g!r}, {p}, {args.games}, '/repo/assets/strings.json')))\n"
        for g, p in PLAN
    )
    try:
        rows = printed(code, "RESULT", timeout=1800)
    except RuntimeError as failed:
        raise SystemExit(str(failed)) from None
    for row in rows:
        print(json.dumps({"python": "pyodide", **row}))


if __name__ == "__main__":
    main()
