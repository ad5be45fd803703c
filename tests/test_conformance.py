"""Every game against the engine contract (docs/architecture.md, Engine contract): random games
to the end with every contract check at every step (game.core.conformance), for each game's player
counts and rule options, and the variants that fix the piles or the deck (a scenario: nothing left
to chance, so mixed-in entropy must not change the game); damaged states raise BadData; a seed
plays the same game every time.

One table of runs per game, over every game the site declares: a game with no entry here plays
three seeds at each of its player counts. (The toy game of the tests: tests/test_core.py.)
"""

from typing import Any, NamedTuple

import pytest
from declared import GAME_IDS

from game import games
from game.core import conformance
from game.core.cli import play_random
from game.toscana.data import LAYOUT_IDS


class Run(NamedTuple):
    players: int
    seeds: tuple[int, ...]
    options: dict[str, Any] = {}  # noqa: RUF012 (never changed)
    chance: bool = True  # False: the options leave nothing to chance (fixed piles, a deck)
    label: str = ""  # the test's name for options that are long lists

    def name(self) -> str:
        options = self.label or ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.players}p-{options or 'default'}"


TOSCANA_TILES = list(LAYOUT_IDS)
# One card per city: a small deck runs out, is shuffled again and may leave display slots empty
# (docs/rules/thurn-und-taxis.md, Scenario decks: a scenario's deck may be shorter than 66 cards).
TNT_SHORT_DECK = [
    *("Stuttgart", "Ulm", "Sigmaringen", "Freiburg", "Basel", "Zürich", "Mannheim", "Carlsruhe"),
    *("Innsbruck", "Würzburg", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg", "München"),
    *("Passau", "Kempten", "Salzburg", "Linz", "Pilsen", "Budweis", "Lodz"),
]

RUNS = {
    # Uniform random play runs 1,000-3,000 moves per game here: one seed per configuration, one
    # whose random game is among the shorter ones; both values of the Baiern option (it changes
    # only a bonus: four players, the longest games, play one of them).
    "thurn-und-taxis": [
        *(
            Run(players, (seed,), {"all_provinces_includes_baiern": baiern})
            for players, seed in ((2, 46), (3, 15), (4, 36))
            for baiern in (False, True)
            if players < 4 or baiern
        ),
        Run(2, (3,), {"deck": TNT_SHORT_DECK}, label="short-deck"),  # reshuffles: still chance
    ],
    "toscana": [
        Run(2, tuple(range(1, 9))),
        Run(2, tuple(range(1, 5)), {"contact": "own-new"}),  # either touching rule
        # option `piles` fixes both piles (top first, may be shorter than 16) in both rounds
        # (docs/rules/toscana.md, Piles)
        *(
            Run(2, (1, 2, 3), {"piles": piles}, chance=False, label=f"piles-{label}")
            for label, piles in (
                ("16+16", [TOSCANA_TILES, TOSCANA_TILES[::-1]]),
                ("4+3", [["T07", "T01", "T12", "T03"], ["T15", "T16", "T02"]]),
                ("1+2", [["T05"], ["T11", "T10"]]),
            )
        ),
    ],
    "carcassonne": [
        *(Run(players, (1, 2, 3)) for players in (2, 3, 5)),
        *(
            Run(2, (4, 5), options)
            for options in (
                {"courier": "off"},
                {"courier": "tiles_free"},
                {"courier": "letter_tiles"},
                {
                    "courier_reach": "adjacent",
                    "courier_scoring": "pre2024",
                    "courier_farmers": True,
                    "tiny_city": 2,
                },
            )
        ),
    ],
}


def runs(game_id: str) -> list[Run]:
    if game_id in RUNS:
        return RUNS[game_id]
    game = games.get(game_id)
    return [Run(n, (1, 2, 3)) for n in range(game.min_players, game.max_players + 1)]


@pytest.mark.parametrize(
    "game_id, run",
    [pytest.param(g, run, id=f"{g}-{run.name()}") for g in GAME_IDS for run in runs(g)],
)
def test_random_games_keep_the_contract_at_every_step(game_id, run):
    game = games.get(game_id)
    digest = conformance.run(
        game, seeds=run.seeds, players=run.players, options=run.options, chance=run.chance
    )
    assert len(digest) == 64


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_damaged_states_raise_bad_data(game_id):
    # docs/architecture.md, Serialisation: from_json validates and raises a clear error
    conformance.check_bad_states(games.get(game_id))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_seed_plays_the_same_game_every_time(game_id):
    # (the conformance digests above cover every step; Pyodide's must equal CPython's:
    # tests/test_pyodide_parity.py)
    game = games.get(game_id)
    for seed in (1, 2, 3):
        final = [game.to_json(play_random(game, game.default_players, seed)[0]) for _ in range(2)]
        assert final[0] == final[1]


def test_the_table_names_only_games_that_exist():
    assert set(RUNS) <= set(GAME_IDS)  # a misspelt id would fall back to the default runs
