"""Required: "the same conformance run, for a few seeds per game, also runs inside Pyodide ... and
must end byte-identical to CPython: the browser runs CPython 3.14, tests here 3.11."

One Node process boots the pinned `pyodide` npm package once and runs the conformance suite for
every game; the digests cover every move and every final state, so equal digests mean equal games.
Keyed play (link play: every turn dealt from a key) runs once per game too (KEYED).
"""

import shutil
from pathlib import Path

import pytest
import toygame
from declared import GAME_IDS as SITE_GAMES
from in_pyodide import printed

from game import games
from game.core import conformance

ROOT = Path(__file__).resolve().parent.parent
SEEDS = (1, 2, 3)
# Thurn und Taxis's random games run 1,000-3,000 moves each: one seed is as many steps as the
# others' three, and Pyodide under Node is the slowest part of the suite
GAME_SEEDS = {"thurn-und-taxis": (1,)}
SAMPLE = 4  # legal moves tried per step: enough to exercise apply, cheap enough for two runs
KEYED = {"players": 2, "seeds": [8]}  # one keyed game per game (a short one of each)


games.register(toygame.GAME)  # the toy game as well: the smallest engine that can differ
GAME_IDS = [*SITE_GAMES, toygame.GAME.id]  # not every game another test module registered


RUNNER = """
import json, sys
sys.path.insert(0, "/repo/tests")
import toygame
from game import games
from game.core import conformance
games.register(toygame.GAME, "toygame")
out = {}
for game_id in %(ids)s:
    game = games.get(game_id)
    seeds = %(game_seeds)s.get(game_id, %(seeds)s)
    out[game_id] = conformance.run(game, seeds=seeds, players=game.default_players, sample=%(sample)s)
    out["keyed " + game_id] = conformance.run_keyed(game, sample=%(sample)s, **%(keyed)s)
print("DIGESTS " + json.dumps(out))
"""


@pytest.fixture(scope="module")
def pyodide_digests():
    node = shutil.which("node")
    assert node, "Node.js 20+ is needed to run Pyodide under Node (scripts/test.sh checks this)"
    assert (ROOT / "node_modules" / "pyodide").is_dir(), "run `npm ci` first (scripts/test.sh does)"
    code = RUNNER % {
        "ids": GAME_IDS,
        "seeds": SEEDS,
        "game_seeds": GAME_SEEDS,
        "sample": SAMPLE,
        "keyed": KEYED,
    }
    return printed(code, "DIGESTS")[-1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pyodide_plays_the_same_games_as_cpython(game_id, pyodide_digests):
    game = games.get(game_id)
    seeds = GAME_SEEDS.get(game_id, SEEDS)
    here = conformance.run(game, seeds=seeds, players=game.default_players, sample=SAMPLE)
    assert pyodide_digests[game_id] == here
    keyed = conformance.run_keyed(game, sample=SAMPLE, **KEYED)
    assert pyodide_digests["keyed " + game_id] == keyed
