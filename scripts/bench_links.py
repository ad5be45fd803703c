"""How long the longest link a game accepts takes to open (docs/links.md, "Links", its size).

A link may hold, per seat, one hand-over per move plus two. The longest accepted link of a game
is therefore its longest game (the most players, a random game to the end) with every seat
handing over after every move: this script plays such a game with one key per seat (so that
every hand-over is another device's), prints its size and the time `Match.from_link` takes to
open it (the best of three), and the same for the game without hand-overs. A game whose engine
has no keyed mode yet prints only the latter.

    python3 scripts/bench_links.py            # every game (and the tests' toy game)
"""

import hashlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from game import games  # noqa: E402
from game.core.match import Match  # noqa: E402
from game.core.rng import Rng  # noqa: E402


def longest(game_id, hand_overs):
    """The link of a random game of `game_id` with the most players; with `hand_overs`, every
    seat hands over after every move (each seat its own device)."""
    game = games.get(game_id)
    players = game.max_players
    seats = [{"name": f"P{k}", "kind": "human"} for k in range(players)]
    match = Match(game_id, players=players, seed=1, seats=seats, match_id="longest-1")
    keys = {s: hashlib.sha256(f"bench {s}".encode()).digest() for s in range(players)}
    everyone = list(range(players))
    match.attach(everyone, keys)

    def share_all():
        for seat in everyone:
            match.hand_over([seat])  # a group of its own: another device's bits
        match.attach(everyone, keys)

    if hand_overs:
        share_all()
    rng = Rng(1)
    while not match.is_over():
        match.play(game.playout_move(match.state, rng))
        if hand_overs and not match.is_over():
            share_all()
    return match.to_link(), len(match.moves)


def opening_time(link):
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        Match.from_link(link)
        best = min(best, time.perf_counter() - start)
    return best


def main():
    try:
        import toygame  # the tests' toy game, when the tests are there

        games.register(toygame.GAME)
    except ImportError:
        pass
    for game_id in games.ids():
        for hand_overs in (False, True):
            try:
                link, moves = longest(game_id, hand_overs)
            except NotImplementedError:
                print(f"{game_id:16} hand-overs: the engine has no keyed mode yet")
                continue
            what = "every move" if hand_overs else "none"
            print(
                f"{game_id:16} hand-overs: {what:10} moves {moves:4}  "
                f"link {len(link):7,} chars  opens in {opening_time(link) * 1000:7.1f} ms"
            )


if __name__ == "__main__":
    main()
