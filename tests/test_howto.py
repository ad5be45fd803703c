"""How to play ("Illustrated rules"): every game's sections, their example boards built
as real positions through the engine, what each caption claims checked against that position, the
"Why?" of every step and the explanation of every rule option."""

import re
from pathlib import Path

import pytest

from game import games
from game.carcassonne import howto as car_howto
from game.carcassonne import queries as car_queries
from game.thurn_und_taxis import data as tnt_data
from game.thurn_und_taxis import howto as tnt_howto
from game.thurn_und_taxis import queries as tnt_queries
from game.toscana import howto as tos_howto
from game.toscana import queries as tos_queries
from game.toscana.data import CENTRE
from game.view import howto
from game.view.i18n import LANGUAGES, Translator, load_table

ROOT = Path(__file__).resolve().parent.parent
TABLE = load_table(str(ROOT / "assets" / "strings.json"))
GAMES = ("toscana", "carcassonne", "thurn-und-taxis")
OPTION_TOPICS = {
    "toscana": tos_howto.OPTION_TOPICS,
    "carcassonne": car_howto.OPTION_TOPICS,
    "thurn-und-taxis": tnt_howto.OPTION_TOPICS,
}
SCENARIO_OPTIONS = {"deck", "piles"}  # fixed orders for scenarios, not rules a person picks
# rules only games begun before a reading changed keep (Game.legacy_defaults): never offered
OLDER_GAMES_OPTIONS = {"courier_start"}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_section_is_written_in_every_language_and_every_example_is_drawn(game_id):
    sections = games.controller(game_id).howto()
    assert len(sections) >= 6 and len(set(howto.topics(sections))) == len(sections)
    keys = [s.title for s in sections] + [t for s in sections for t in s.texts]
    keys += [e.caption for s in sections for e in s.examples]
    for lang in LANGUAGES:
        assert [k for k in keys if k not in TABLE[lang]] == [], lang
        tr = Translator(TABLE, lang)
        for section in sections:
            for example in section.examples:
                picture = example.draw(tr)
                assert picture.startswith(("<svg", "<div")) and len(picture) > 300
                caption = tr(example.caption, **(example.params or {}))
                assert "{" not in caption, (lang, example.caption)
        markup = howto.markup(tr, game_id, sections, sections[2].topic)
        assert markup.count('class="gt-howto-section') == len(sections)
        assert f'data-focus="{sections[2].topic}"' in markup
        assert markup.count("gt-howto-focus") == 1
    boards = sum("<svg" in e.draw(Translator(TABLE, "en")) for s in sections for e in s.examples)
    assert boards >= 4  # example boards drawn by the game's own code


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_option_links_to_its_explanation(game_id):
    """Required: "Each rule option of the new-game form links to its explanation"."""
    board = games.controller(game_id)
    topics = howto.topics(board.howto())
    options = set(games.get(game_id).options) - SCENARIO_OPTIONS - OLDER_GAMES_OPTIONS
    assert set(OPTION_TOPICS[game_id]) == options
    assert set(OPTION_TOPICS[game_id].values()) <= set(topics)
    form = board.options_markup(Translator(TABLE, "en"), {})
    linked = re.findall(r'data-act="howto:([a-z-]+)"', form)
    assert len(linked) == len(options) and set(linked) <= set(topics)


# ---- Toscana -------------------------------------------------------------------------------------
def test_toscana_examples_show_what_their_captions_say():
    states = tos_howto.positions()
    # docs/rules/toscana.md, First tile: the first tile covers the marked centre square
    (_, tile, x, y, rot), *_ = tos_queries.round_placements(states[1], 1)
    cells = {(cx, cy) for cx, cy, _ in tos_queries.placement_cells(tile, rot, x, y, "roof")}
    assert CENTRE in cells
    # seed 001 line 21 (the default contact "own-new": a cell of your colour touches a placed
    # tile): the green spot is legal, the red one is refused for touching only with the other
    # colour
    state, good, bad = tos_howto.touching_spots()
    assert (good["x"], good["y"], good["rot"]) in tos_queries.legal_placements(state)
    assert tos_queries.placement_problem(state, bad["x"], bad["y"], bad["rot"]) == "touch_tile"
    # docs/rules/toscana.md, Scoring: points are the tiles taking part in the largest area
    placements = tos_queries.round_placements(states[-1], 1)
    areas = tos_queries.largest_areas(placements, 1)
    assert tos_howto.scores() == [len(areas["paving"]["tiles"]), len(areas["roof"]["tiles"])]


@pytest.mark.parametrize("must_pass, placed, expected", [(True, 3, "pass"), (False, 0, "turn")])
def test_toscana_why_names_the_step(must_pass, placed, expected):
    state = tos_howto.positions()[placed]
    assert tos_howto.topic(state, must_pass) == expected
    assert tos_howto.topic(tos_howto.positions()[3], False) == "touching"


# ---- Carcassonne ---------------------------------------------------------------------------------
def test_carcassonne_examples_score_what_their_captions_say():
    def scored(name):
        return [(e.player, e.points, e.kind, e.reason) for e in car_howto.events(name)]

    # docs/rules/carcassonne.md, Scoring during the game: a finished road 1 per tile (3 tiles); the road's follower scores it,
    # whoever laid the closing tile
    assert scored("road") == [(0, 3, "road", "completed")]
    # the same section: a finished city 2 per tile and 2 per shield: 3 tiles, 1 shield
    assert scored("city") == [(0, 8, "city", "completed")]
    # the same section: a monastery with 8 neighbours scores 9
    assert scored("monastery") == [(0, 9, "monastery", "completed")]
    # docs/rules/carcassonne.md, Farms: a field pays 3 per finished city next to it, at the end
    assert scored("farm") == [(1, 3, "field", "final")]
    # docs/rules/carcassonne.md, Courier trigger and Message scoring: a follower in his column calls him; the receiver alone scores, as at
    # the end, every city/road/monastery with a follower on the 3x3 around his new tile -
    # red's own city and blue's road (blue's thief)
    state = car_howto.positions("courier")[-1]
    assert car_queries.courier_position(state) == (0, -1)
    assert sorted(scored("courier")) == [(0, 2, "road", "courier"), (0, 3, "city", "courier")]
    # the followers picture shows all four kinds
    meeples = car_queries.meeples_on_board(car_howto.positions("followers")[-1])
    kinds = {car_queries.feature_kinds(tile)[fid] for tile, fid in _tiles_of(meeples)}
    assert kinds == {"city", "road", "monastery", "field"}


def _tiles_of(meeples):
    state = car_howto.positions("followers")[-1]
    square_of = {(x, y): tile for x, y, tile, _ in car_queries.placed_tiles(state)}
    return [(square_of[(x, y)], fid) for _, x, y, fid in meeples]


def test_carcassonne_why_names_the_step():
    assert car_howto.topic("place") == "turn" and car_howto.topic("follower") == "followers"
    board = games.controller("carcassonne")
    state = car_howto.positions("road")[1]
    assert board.howto_topic(state) == "turn"


# ---- Thurn und Taxis -----------------------------------------------------------------------------
def test_thurn_und_taxis_examples_show_what_their_captions_say():
    states = tnt_howto.positions()
    red = tnt_howto.RED
    # docs/rules/thurn-und-taxis.md, Officials: the Postal Carrier plays a second card in the same turn
    assert tnt_queries.route(states[tnt_howto.AFTER_CARRIER - 2], red) == ["Mannheim"]
    assert tnt_queries.route(states[tnt_howto.AFTER_CARRIER], red) == [
        "Mannheim",
        "Carlsruhe",
        "Freiburg",
    ]
    # docs/rules/thurn-und-taxis.md, Playing a card: Basel joins Freiburg by a road, so it may go at that end
    assert ("Basel", "Freiburg") in tnt_data.ROADS or ("Freiburg", "Basel") in tnt_data.ROADS
    # docs/rules/thurn-und-taxis.md, Houses: the two ways of placing houses, as the engine offers them
    whole, spread = tnt_howto.closing_choices()
    assert sorted(whole["houses"]) == sorted(tnt_data.PROVINCES["Baden"])
    assert {tnt_howto.draw.PROVINCE_OF[c] for c in spread["houses"]} == {"Baden", "Schweiz"}
    # docs/rules/thurn-und-taxis.md, Bonus tiles and Carriages: all of Baden earns Baden's top tile (3); the first closing earns the 3-carriage
    after = states[-1]
    assert tnt_queries.tiles(after, red) == [("Baden", 3)]
    assert tnt_queries.carriage(after, red) == 3 and len(tnt_queries.route(states[-2], red)) == 4


def test_thurn_und_taxis_why_names_the_step():
    states = tnt_howto.positions()
    assert tnt_howto.topic(tnt_queries.step(states[0])) == "officials"  # the forced Postmaster
    assert tnt_howto.topic(tnt_queries.step(states[tnt_howto.RED_TURN_3])) == "officials"
    assert tnt_howto.topic(tnt_queries.step(states[8])) == "turn"  # red's second turn
    assert tnt_howto.topic(tnt_queries.step(states[tnt_howto.TO_CLOSE])) == "closing"
    assert tnt_howto.topic(tnt_queries.step(states[tnt_howto.AFTER_CARRIER - 1])) == "route"
