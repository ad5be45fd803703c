"""Thurn und Taxis against the engine contract (DESIGN §2; issue #6 acceptance: "Conformance
suite passes for 2, 3, 4 players and both option values").

Uniform random play (what the suite does) runs 1,000-3,000 moves per game with every contract
check at every step, so each configuration plays one game; the seeds are ones whose uniform
games are among the shorter ones, to keep the suite quick.
"""

import pytest

from game.core import conformance
from game.thurn_und_taxis.engine import GAME

SEEDS = {2: 46, 3: 15, 4: 36}


@pytest.mark.parametrize("include_baiern", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players, include_baiern):
    options = {"all_provinces_includes_baiern": include_baiern}
    digest = conformance.run(GAME, seeds=[SEEDS[players]], players=players, options=options)
    assert len(digest) == 64


def test_damaged_states_raise_bad_data():
    conformance.check_bad_states(GAME)


def test_scenario_deck_conforms():
    # DESIGN §5: "The option deck may be shorter than 66 cards (scenarios)": a small deck runs
    # out, reshuffles and may leave display slots empty.
    deck = [
        "Stuttgart",
        "Ulm",
        "Sigmaringen",
        "Freiburg",
        "Basel",
        "Zürich",
        "Mannheim",
        "Carlsruhe",
        "Innsbruck",
        "Würzburg",
        "Nürnberg",
        "Regensburg",
        "Ingolstadt",
        "Augsburg",
        "München",
        "Passau",
        "Kempten",
        "Salzburg",
        "Linz",
        "Pilsen",
        "Budweis",
        "Lodz",
    ]  # one card per city
    conformance.run(GAME, seeds=[3], players=2, options={"deck": deck})
