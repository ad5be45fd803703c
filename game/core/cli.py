"""Command line: replay a save, play random games, benchmark every game.

python -m game replay SAVE.json            final scores and breakdown as JSON
python -m game random N --game ID [--seed S] [--players P]
python -m game bench [--seconds T]         random-play speed of every game
python -m game arena --game ID --a LEVEL --b LEVEL -n N [--seed S] [--jobs J]
                                           two AI levels play N games (seats alternate)
"""

import argparse
import json
import sys
import time

from . import registry
from .ai import level_names
from .ai.arena import arena
from .contract import BadData
from .match import Match
from .rng import Rng
from .savefile import SaveError, load_text


def play_random(game, players, seed, options=None):
    """One game by `playout_move` players; returns (final state, number of moves)."""
    state = game.new(players=players, seed=seed, options=options)
    rng = Rng(seed ^ 0xC0FFEE)
    moves = 0
    while game.current_player(state) is not None:
        state = game.clone(state)  # apply_in_place on our own copy: the fast, same-rules path
        game.apply_in_place(state, game.playout_move(state, rng))
        moves += 1
    return state, moves


def random_games(game, n, seed, players):
    start = time.perf_counter()
    total_moves = 0
    for k in range(n):
        _, moves = play_random(game, players, seed + k)
        total_moves += moves
    seconds = time.perf_counter() - start
    return {
        "game": game.id,
        "players": players,
        "games": n,
        "moves": total_moves,
        "seconds": round(seconds, 3),
        "games_per_s": round(n / seconds, 1),
        "moves_per_s": round(total_moves / seconds),
        "moves_per_game": round(total_moves / n, 1),
    }


def cmd_replay(args):
    try:
        with open(args.save, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        print(f"cannot read {args.save}: {e.strerror}", file=sys.stderr)
        return 2
    try:
        match = Match.from_save(load_text(text))
        game, moves, final = match.game, match.moves, match.state
    except SaveError as e:
        print(f"{args.save}: {e}", file=sys.stderr)
        return 1
    print(
        json.dumps(
            {
                "game": game.id,
                "moves": len(moves),
                "over": game.is_over(final),
                "scores": game.scores(final),
                "winners": game.winners(final),
                "breakdown": game.score_breakdown(final),
            },
            indent=2,
            ensure_ascii=False,
        )
    )
    return 0


def cmd_random(args):
    game = registry.get(args.game)
    players = args.players or game.default_players
    print(json.dumps(random_games(game, args.n, args.seed, players)))
    return 0


def cmd_bench(args):
    for game_id in registry.ids():
        game = registry.get(game_id)
        # a short warm-up run sizes the measured run to about `seconds`
        probe = random_games(game, 1, args.seed, game.default_players)
        n = max(1, int(args.seconds / max(probe["seconds"], 1e-3)))
        print(json.dumps(random_games(game, n, args.seed, game.default_players)))
    return 0


def cmd_arena(args):
    def progress(done, total):
        if args.verbose:
            print(f"{done}/{total}", file=sys.stderr, flush=True)

    result = arena(
        args.game, args.a, args.b, args.n, seed=args.seed, jobs=args.jobs, progress=progress
    )
    low, high = result["wilson95"]
    print(
        f"{args.game}: {args.a} vs {args.b}, {args.n} games: A wins {result['win_rate_a']:.3f} "
        f"(95% Wilson {low:.3f}-{high:.3f}; {result['wins_a']} won, {result['draws']} drawn), "
        f"mean score difference {result['mean_margin_a']:+.2f}"
    )
    for side in ("a", "b"):
        t = result["time_" + side]
        print(
            f"  {side.upper()} {getattr(args, side)}: {t['decisions']} decisions, "
            f"CPU time per decision mean {t['mean_s'] * 1000:.1f} ms, "
            f"max {t['max_s'] * 1000:.1f} ms"
        )
    print(json.dumps(result))
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m game", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a save file; print final scores and breakdown")
    p.add_argument("save")
    p.set_defaults(run=cmd_replay)
    p = sub.add_parser("random", help="play N random games; print games/s and moves/s")
    p.add_argument("n", type=int)
    p.add_argument("--game", required=True, choices=registry.ids())
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=int, default=None)
    p.set_defaults(run=cmd_random)
    p = sub.add_parser("bench", help="random-play speed of every game")
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(run=cmd_bench)
    p = sub.add_parser("arena", help="two AI levels play N games; win rate with Wilson interval")
    p.add_argument("--game", required=True, choices=registry.ids())
    p.add_argument("--a", required=True, choices=level_names())
    p.add_argument("--b", required=True, choices=level_names())
    p.add_argument("-n", type=int, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--verbose", action="store_true", help="print progress to stderr")
    p.set_defaults(run=cmd_arena)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except BadData as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
