"""Carcassonne + The Courier: rules scenarios, tile data, the contract, queries.

Every test names the rule it checks: a section of the Carcassonne rules document, or for the
contract the sections Engine contract and Move JSON of docs/architecture.md (docs/rules/ holds
the rules documents). Scenarios fix the draw order with
the `deck` option; the start tile D sits at (0, 0) with its city to the north, its road running
west-east and a field to the south. Base-game scenarios switch the Courier off so that only the
rule under test scores.
"""

import json
from pathlib import Path

import pytest

from game import games
from game.carcassonne import queries
from game.carcassonne.data import BASE_TILES, LETTER_TILES, TILE_TYPES
from game.carcassonne.tables import DISTINCT_ROTS, TYPE_IDS
from game.core import BadData, IllegalMove, Rng
from game.core.match import Match

GAME = games.get("carcassonne")
OFF = {"courier": "off"}
# a copy of docs/rules/carcassonne.md, Tiles (the research data), kept with the tests
TILES_JSON = Path(__file__).resolve().parent / "data" / "carcassonne-tiles.json"


def mv(x, y, rot=0, meeple=None):
    return {"x": x, "y": y, "rot": rot, "meeple": meeple}


def scenario(deck, *moves, players=2, **options):
    """The state after `moves`, with the draw order `deck` (after the start tile)."""
    state = GAME.new(players=players, seed=1, options={"deck": deck, **options})
    for move in moves:
        state = GAME.apply(state, move)
    return state


def events(state):
    return [tuple(e) for e in queries.score_events(state)]


# ---- tile data (docs/rules/carcassonne.md, Set-up, carcassonne-tiles.json "totals") -------------------------------------
def test_tile_set_totals():
    # 72 tiles of 24 types; edges: field 115, road 94, city 79; 10 pennants; 6 monasteries.
    assert len(BASE_TILES) == 24 and sum(t.count for t in BASE_TILES) == 72
    edges = {"F": 0, "R": 0, "C": 0}
    for t in BASE_TILES:
        for kind in t.edges:
            edges[kind] += t.count
    assert edges == {"F": 115, "R": 94, "C": 79}
    assert sum(t.count for t in BASE_TILES if any(f.pennant for f in t.features)) == 10
    assert sum(t.count for t in BASE_TILES if any(f.kind == "monastery" for f in t.features)) == 6


def test_every_edge_and_half_edge_belongs_to_one_feature():
    # tiles.json "verification": every road/city edge in one segment, every other half in one field
    for t in TILE_TYPES:
        for d, kind in zip("NESW", t.edges):
            owners = [f for f in t.features if d in f.edges]
            halves = [h for f in t.features for h in f.half_edges if h[0] == d]
            if kind == "F":
                assert not owners and len(halves) == 2, (t.id, d)
            else:
                kind_name = {"R": "road", "C": "city"}[kind]
                assert len(owners) == 1 and owners[0].kind == kind_name, (t.id, d)
                assert len(halves) == (2 if kind == "R" else 0), (t.id, d)
        city_ids = {f.id for f in t.features if f.kind == "city"}
        assert all(set(f.cities) <= city_ids for f in t.features), t.id


def test_letter_tiles_are_six_and_marked_inferred():
    # docs/rules/carcassonne.md, Letter tiles: 6 letter tiles, layouts inferred (the UI must say so: docs/rules/carcassonne.md, Letter tiles)
    assert len(LETTER_TILES) == 6 and all(t.letter and t.inferred for t in LETTER_TILES)
    assert queries.tile_info("letter4") == {"count": 1, "letter": True, "inferred": True}
    assert queries.tile_info("U") == {"count": 8, "letter": False, "inferred": False}


def test_tile_data_matches_the_research_json():
    # Required: "convert the tile JSON into a Python data module"
    data = json.loads(TILES_JSON.read_text(encoding="utf-8"))["tiles"]
    assert [t["id"] for t in data] == [t.id for t in BASE_TILES]
    for raw, tile in zip(data, BASE_TILES):
        assert tile.count == raw["count"]
        assert tile.edges == "".join(raw["edges"][d][0].upper() for d in "NESW")
        mine = {f.id: f for f in tile.features}
        for c in raw["cities"]:
            assert mine[c["id"]].edges == tuple(c["edges"])
            assert mine[c["id"]].pennant == c["pennant"]
        for r in raw["roads"]:
            assert mine[r["id"]].edges == tuple(r["edges"])
        for f in raw["fields"]:
            assert mine[f["id"]].half_edges == tuple(f["half_edges"])
            assert mine[f["id"]].cities == tuple(f["adjacent_cities"])
        assert ("monastery" in mine) == raw["monastery"]
        listed = len(raw["cities"]) + len(raw["roads"]) + len(raw["fields"]) + raw["monastery"]
        assert len(mine) == listed


def test_look_alike_rotations_follow_design():
    # docs/rules/carcassonne.md, Look-alike rotations: "Look-alike rotations: U, H, F, G (rot 0 = 2); B, C, X (all)"
    same = {tid: rots for tid, rots in zip(TYPE_IDS, DISTINCT_ROTS) if rots != (0, 1, 2, 3)}
    assert same == {
        "U": (0, 1),
        "H": (0, 1),
        "F": (0, 1),
        "G": (0, 1),
        "B": (0,),
        "C": (0,),
        "X": (0,),
        "letter1": (0, 1),
    }


# ---- set-up (docs/rules/carcassonne.md, Set-up) ----------------------------------------------------------------
def test_new_game_set_up():
    # Required: start tile D rot 0 at (0,0); 7 meeples each; shuffled deck from the seed.
    state = GAME.new(players=3, seed=4)
    assert queries.placed_tiles(state) == [(0, 0, "D", 0)]
    assert queries.meeples_left(state) == [7, 7, 7]
    remaining = queries.remaining_tiles(state)
    assert sum(remaining.values()) == 70  # 71 after the start tile, one of them drawn
    assert remaining["D"] + (queries.current_tile(state) == "D") == 3
    assert GAME.to_json(GAME.new(players=3, seed=4)) == GAME.to_json(state)
    assert GAME.to_json(GAME.new(players=3, seed=5))["deck"] != GAME.to_json(state)["deck"]
    assert GAME.current_player(state) == 0 and GAME.scores(state) == [0, 0, 0]


def test_letter_tiles_join_the_deck_only_in_their_variant():
    # docs/rules/carcassonne.md, Courier start: the 6 letter tiles are shuffled into the stack in the tiles variant
    with_letters = GAME.new(players=2, seed=1, options={"courier": "letter_tiles"})
    assert sum(queries.remaining_tiles(with_letters).values()) == 76
    assert sum(queries.remaining_tiles(GAME.new(players=2, seed=1)).values()) == 70
    with pytest.raises(BadData, match="letter_tiles"):
        GAME.new(players=2, options={"deck": ["letter1"]})


@pytest.mark.parametrize(
    "options, message",
    [
        ({"courier": "sometimes"}, "courier"),
        ({"courier_farmers": 1}, "true or false"),
        ({"tiny_city": 3}, "tiny_city"),
        ({"deck": ["Z"]}, "unknown tile 'Z'"),
        ({"deck": "UUV"}, "list"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(BadData, match=message):
        GAME.new(players=2, options=options)


# ---- placement (docs/rules/carcassonne.md, Tile placement; docs/architecture.md, Move JSON) -----
def test_placement_errors_read_as_sentences():
    # House rules: "no tile touches (5, 2)", "the east edge (city) does not match ..."
    state = scenario(["E"], **OFF)
    with pytest.raises(IllegalMove, match=r"no tile touches \(5, 2\)"):
        GAME.apply(state, mv(5, 2))
    with pytest.raises(IllegalMove, match=r"already a tile at \(0, 0\)"):
        GAME.apply(state, mv(0, 0))
    # E at (1,0) unturned shows a field to the west, where the start tile has its road
    with pytest.raises(
        IllegalMove,
        match=r"the west edge \(field\) does not match the road of "
        r"the tile at \(0, 0\)",
    ):
        GAME.apply(state, mv(1, 0))
    with pytest.raises(IllegalMove, match="has no feature 'r1'"):
        GAME.apply(state, mv(0, -1, 2, "r1"))


@pytest.mark.parametrize(
    "bad, message",
    [
        ({"x": 1, "y": 0, "rot": 0}, "a Carcassonne move is"),
        ({"x": 1, "y": 0, "rot": 4, "meeple": None}, "rot must be"),
        ({"x": "1", "y": 0, "rot": 0, "meeple": None}, "whole numbers"),
        ({"x": 1, "y": 0, "rot": 0, "meeple": 3}, "meeple must be"),
        ([1, 0, 0], "a Carcassonne move is"),
    ],
)
def test_malformed_moves_are_refused(bad, message):
    # docs/architecture.md, Move JSON: the move JSON is {"x", "y", "rot", "meeple"}
    with pytest.raises(IllegalMove, match=message):
        GAME.apply(scenario(["U"]), bad)


def test_every_touching_edge_must_match():
    # docs/rules/carcassonne.md, Tile placement: all edges that touch a neighbour must match it, one matching edge is not enough
    state = scenario(["U", "V", "E"], mv(1, 0, 1), mv(1, 1, 0), **OFF)
    # (0,1) touches the start tile's field (north) and the road of (1,1) (east); E has no road
    assert all((0, 1) not in squares for squares in queries.legal_positions(state).values())
    with pytest.raises(
        IllegalMove,
        match=r"the east edge \(city\) does not match the road of "
        r"the tile at \(1, 1\)",
    ):
        GAME.apply(state, mv(0, 1, 1))


def test_legal_moves_list_look_alike_rotations_once_and_apply_accepts_both():
    # docs/rules/carcassonne.md: "legal_moves lists each distinct result once", "apply accepts any equivalent form"
    state = scenario(["U", "E"], **OFF)
    moves = GAME.legal_moves(state)
    assert {m.rot for m in moves} == {1}  # the road must run west-east here
    assert queries.legal_positions(state)[3] == queries.legal_positions(state)[1] != []
    # U turned twice is U unturned; its western field f1 then lies east, where f2 was
    turned = GAME.apply(state, mv(1, 0, 3, "f1"))
    listed = GAME.apply(state, mv(1, 0, 1, "f2"))
    assert turned == listed and GAME.to_json(turned)["tiles"][-1] == [1, 0, "U", 1]


def test_meeple_choices_are_the_free_features_of_the_new_tile():
    # docs/rules/carcassonne.md, Followers: the whole feature must hold no meeple; options listed per placement
    state = scenario(["U", "U", "E"], mv(1, 0, 1, "r1"), **OFF)
    choices = {m.meeple for m in GAME.legal_moves(state) if (m.x, m.y, m.rot) == (-1, 0, 1)}
    assert choices == {None, "f1", "f2"}  # the road joins the one with a thief
    with pytest.raises(IllegalMove, match="that road is already occupied"):
        GAME.apply(state, mv(-1, 0, 1, "r1"))


def test_no_meeples_left():
    # docs/rules/carcassonne.md, Followers: a meeple comes from the player's supply; farmers stay to the end (docs/rules/carcassonne.md, Followers)
    state = GAME.new(players=2, seed=3, options=OFF)
    while queries.meeples_left(state)[0] or GAME.current_player(state) != 0:
        moves = GAME.legal_moves(state)
        farmers = [m for m in moves if m.meeple and m.meeple.startswith("f")]
        mine = GAME.current_player(state) == 0
        state = GAME.apply(state, farmers[0] if mine and farmers else moves[0])
    assert all(m.meeple is None for m in GAME.legal_moves(state))
    feature = queries.tile_shapes(queries.current_tile(state), 0)[0]["id"]
    with pytest.raises(IllegalMove, match="you have no meeples left"):
        GAME.apply(state, {**GAME.legal_moves(state)[0].to_json(), "meeple": feature})


def test_unplaceable_tile_is_removed_and_the_same_player_draws_again():
    # docs/rules/carcassonne.md, Unplaceable tile / docs/rules/carcassonne.md, Tile placement: "Unplaceable tile: removed, the same player draws again"
    # With E closing the start city, every free square shows a field or a road: C fits nowhere.
    state = scenario(["E", "C", "U"], mv(0, -1, 2), **OFF)
    assert queries.discarded_tiles(state) == ["C"]
    assert queries.current_tile(state) == "U" and GAME.current_player(state) == 1
    assert queries.remaining_tiles(state) == {}


def test_unplaceable_last_tile_ends_the_game():
    # docs/rules/carcassonne.md, Tile placement (engine note): discarding can empty the stack, and then the game is over
    state = scenario(["E", "C"], mv(0, -1, 2, "f1"), **OFF)
    assert GAME.is_over(state) and queries.discarded_tiles(state) == ["C"]
    assert GAME.scores(state) == [3, 0]  # the farmer beside the completed 2-tile city


# ---- scoring during play (docs/rules/carcassonne.md, Completed features) --------------------------------------------------------
def test_road_loop_is_complete_and_scores_one_per_tile():
    # docs/rules/carcassonne.md, Completed features: a road that closes on itself is complete; docs/rules/carcassonne.md, Scoring during the game: 1 point per tile
    state = scenario(["V", "V", "V", "V", "E"], mv(0, 1, 3, "r1"), mv(1, 1, 0), mv(0, 2, 2), **OFF)
    assert events(state) == []
    state = GAME.apply(state, mv(1, 2, 1))
    assert events(state) == [(0, 4, "road", [(0, 1), (1, 1), (0, 2), (1, 2)], "completed")]
    assert queries.meeples_left(state) == [7, 7]


def test_a_tile_counts_once_even_when_a_feature_passes_it_twice():
    # docs/rules/carcassonne.md, Scoring during the game: "a tile counted once per feature". The road leaves the junction east
    # and comes back into it from the south: 4 tiles, 4 points (not 5).
    state = scenario(
        ["W", "V", "V", "V", "E"], mv(1, 0, 0, "r1"), mv(2, 0, 0), mv(2, 1, 1), mv(1, 1, 2), **OFF
    )
    assert events(state) == [(0, 4, "road", [(1, 0), (2, 0), (1, 1), (2, 1)], "completed")]


def test_road_ending_at_junction_and_monastery_scores_when_both_ends_close():
    # docs/rules/carcassonne.md, Completed features: a road ends at a junction (L, W, X), a monastery (A) or a city gate (S, T)
    state = scenario(["W", "A", "E"], mv(1, 0, 0, "r3"), **OFF)
    assert events(state) == []
    state = GAME.apply(state, mv(-1, 0, 3))
    assert events(state) == [(0, 3, "road", [(-1, 0), (0, 0), (1, 0)], "completed")]


@pytest.mark.parametrize("third_knight, scorers", [(None, [0, 1]), ("c1", [0])])
def test_city_joining_two_occupied_cities(third_knight, scorers):
    # docs/rules/carcassonne.md, Followers: joining separately occupied features is legal; docs/rules/carcassonne.md, Scoring during the game: the most meeples take
    # all the points, tied players each take them all, and every meeple on it goes home
    state = scenario(
        ["D", "D", "R", "N", "N", "U"],
        mv(-1, 0, 0, "c1"),  # seat 0: a city north of (-1,0)
        mv(1, 0, 0, "c1"),  # seat 1: a city north of (1,0)
        mv(0, -1, 2, third_knight),  # seat 0: the start city grows west and east
        mv(-1, -1, 1),  # seat 1: joins seat 0's city to the start city
        **OFF,
    )
    assert events(state) == []
    state = GAME.apply(state, mv(1, -1, 2))  # seat 0 joins seat 1's city and closes it
    city = [(-1, -1), (0, -1), (1, -1), (-1, 0), (0, 0), (1, 0)]
    assert events(state) == [(p, 12, "city", city, "completed") for p in scorers]
    assert queries.meeples_left(state) == [7, 7] and queries.meeples_on_board(state) == []


@pytest.mark.parametrize("options, points", [({}, 4), ({"tiny_city": 2}, 2)])
def test_two_tile_city(options, points):
    # docs/rules/carcassonne.md, Tiles: "2-tile city 4 points ... option tiny_city: 2"; docs/rules/carcassonne.md, Tiles old rule 1/tile
    state = scenario(["E", "U"], mv(0, -1, 2, "c1"), **OFF, **options)
    assert events(state) == [(0, points, "city", [(0, -1), (0, 0)], "completed")]
    assert queries.meeples_left(state) == [7, 7]  # scored at once, knight back the same turn


def test_city_with_pennant_during_play_and_at_the_end():
    # docs/rules/carcassonne.md, Scoring during the game: city 2/tile + 2/pennant; docs/rules/carcassonne.md, Final scoring unfinished: 1/tile + 1/pennant
    unfinished = scenario(["F"], mv(0, -1, 1, "c1"), **OFF)
    assert queries.final_events(unfinished) == [(0, 3, "city", [(0, -1), (0, 0)], "final")]
    done = scenario(["F", "E", "U"], mv(0, -1, 1, "c1"), mv(0, -2, 2), **OFF)
    assert events(done) == [(0, 8, "city", [(0, -2), (0, -1), (0, 0)], "completed")]


def test_monastery_completed_by_its_eighth_neighbour():
    # docs/rules/carcassonne.md, Completed features: complete when all eight squares around it hold tiles; docs/rules/carcassonne.md, Scoring during the game: 9 points
    state = scenario(
        ["B", "U", "U", "B", "B", "U", "U", "U", "E"],
        mv(0, 1, 0, "monastery"),
        mv(-1, 0, 1),
        mv(1, 0, 1),
        mv(-1, 1),
        mv(1, 1),
        mv(0, 2, 1),
        mv(-1, 2, 1),
        **OFF,
    )
    assert events(state) == [] and queries.projected_scores(state) == [8, 0]
    state = GAME.apply(state, mv(1, 2, 1))
    block = [(x, y) for y in (0, 1, 2) for x in (-1, 0, 1)]
    assert events(state) == [(0, 9, "monastery", block, "completed")]
    assert queries.meeples_left(state) == [7, 7]


def test_one_tile_completes_several_features_each_scored_on_its_own():
    # docs/rules/carcassonne.md, Scoring during the game: a tile may complete several features, also other players', each scored apart
    state = scenario(
        ["A", "W", "V", "W", "E"],
        mv(-1, 0, 3, "r1"),  # seat 0: the start road now ends at a monastery (west)
        mv(0, 1, 0, "r1"),  # seat 1: a junction south of the start, thief going east
        mv(1, 1, 1),  # seat 0: a curve leads that road north
        **OFF,
    )
    state = GAME.apply(state, mv(1, 0, 0))  # seat 1: a junction ends both roads
    assert sorted(events(state)) == [
        (0, 3, "road", [(-1, 0), (0, 0), (1, 0)], "completed"),
        (1, 3, "road", [(1, 0), (0, 1), (1, 1)], "completed"),
    ]


# ---- final scoring (docs/rules/carcassonne.md, Final scoring) ---------------------------------------------------------------------
def test_final_scoring_of_unfinished_features():
    # docs/rules/carcassonne.md, Final scoring: road 1/tile, city 1/tile + 1/pennant, monastery 1 + neighbours
    state = scenario(
        ["U", "M", "B"],
        mv(1, 0, 1, "r1"),
        mv(0, -1, 2, "c1"),
        mv(0, 1, 0, "monastery"),
        players=3,
        **OFF,
    )
    assert GAME.is_over(state) and GAME.current_player(state) is None
    assert GAME.legal_moves(state) == []
    assert sorted(tuple(e) for e in queries.final_events(state)) == [
        (0, 2, "road", [(0, 0), (1, 0)], "final"),
        (1, 3, "city", [(0, -1), (0, 0)], "final"),
        (2, 3, "monastery", [(0, 0), (1, 0), (0, 1)], "final"),
    ]
    assert GAME.scores(state) == [2, 3, 3]
    assert GAME.score_breakdown(state)[2] == {
        "roads": 0,
        "cities": 0,
        "monasteries": 3,
        "farms": 0,
        "courier": 0,
    }


def test_farm_touching_the_same_city_through_two_fields():
    # docs/rules/carcassonne.md, Final scoring: per field, 3 per completed adjacent city to the majority farmer(s);
    # a city bordering several fields pays each of them, but each field only once
    # Seat 0 farms around E (north of the closed start city), seat 1 the strip between the start
    # city and its road: two fields touch the same city, each pays 3.
    two_fields = scenario(["E", "U"], mv(0, -1, 2, "f1"), mv(-1, 0, 1, "f1"), **OFF)
    assert [tuple(e) for e in queries.final_events(two_fields)] == [
        (0, 3, "field", [(0, -1)], "final"),
        (1, 3, "field", [(-1, 0), (0, 0)], "final"),
    ]
    # B at (-1,-1) joins both fields: one farm now touches the city through two of its segments;
    # the city still counts once, and the tied farmers both take it
    one_farm = scenario(["E", "U", "B"], mv(0, -1, 2, "f1"), mv(-1, 0, 1, "f1"), mv(-1, -1), **OFF)
    farm = [(-1, -1), (0, -1), (-1, 0), (0, 0)]
    assert [tuple(e) for e in queries.final_events(one_farm)] == [
        (0, 3, "field", farm, "final"),
        (1, 3, "field", farm, "final"),
    ]


def test_unfinished_city_gives_farms_nothing():
    # docs/rules/carcassonne.md, Final scoring: only completed cities feed farms
    state = scenario(["U"], mv(-1, 0, 1, "f1"), **OFF)
    assert queries.final_events(state) == [] and GAME.scores(state) == [0, 0]


def test_the_last_tile_turn_scores_then_final_scoring():
    # docs/rules/carcassonne.md, Final scoring: the turn that places the last tile is played out, then the game ends
    state = scenario(["U", "E"], mv(1, 0, 1, "r1"), **OFF)
    assert not GAME.is_over(state)
    state = GAME.apply(state, mv(0, -1, 2, "c1"))  # completes the 2-tile city on the last turn
    assert GAME.is_over(state) and GAME.winners(state) == [1]
    assert events(state) == [(1, 4, "city", [(0, -1), (0, 0)], "completed")]
    road = [(0, 0), (1, 0)]
    assert [tuple(e) for e in queries.final_events(state)] == [(0, 2, "road", road, "final")]
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(state, mv(2, 0, 1))


def test_empty_deck_game_is_over_at_once():
    # docs/architecture.md, Move JSON: "the game ends when it is used up"
    state = scenario([])
    assert GAME.is_over(state) and GAME.scores(state) == [0, 0] and GAME.winners(state) == [0, 1]


# ---- The Courier (docs/rules/carcassonne.md, The Courier, docs/rules/carcassonne.md, The Courier) ------------------------------------------------------------
def test_courier_set_up():
    # seed 002 lines 20-22 and its Example 0: "Položte kuriéra na ľubovoľnú časť štartovacej
    # kartičky" (put the Courier on the start tile), with letter tiles as without them
    assert queries.courier_position(scenario(["U"])) == (0, 0)
    assert queries.courier_position(scenario(["U"], courier="letter_tiles")) == (0, 0)
    assert queries.courier_position(scenario(["U"], courier="off")) is None


def test_letter_tile_games_begun_before_keep_the_courier_aside():
    # a letter-tile game saved or linked before the start tile reading names no courier_start:
    # its readers apply the engine's legacy default, the old start (aside until a letter tile)
    legacy = {"courier": "letter_tiles", **GAME.legacy_defaults}
    assert GAME.legacy_defaults == {"courier_start": "first_letter_tile"}
    assert queries.courier_position(scenario(["U"], **legacy)) is None
    # the option changes nothing without letter tiles (seed 002 line 41: the variant without
    # tiles puts him on the very first tile)
    assert queries.courier_position(scenario(["U"], courier_start="first_letter_tile")) == (0, 0)


def test_courier_on_the_start_tile_calls_a_follower_in_its_row_with_letter_tiles():
    # seed 002 lines 20-22 (the Courier starts on the start tile) and lines 29-32 (a follower
    # placed this turn on his tile's row or column receives a message): the first follower in
    # the start tile's row already calls him, before any letter tile
    state = scenario(["U", "E"], mv(1, 0, 1, "r1"), courier="letter_tiles")
    assert queries.courier_position(state) == (1, 0)
    assert events(state) == [(0, 2, "road", [(0, 0), (1, 0)], "courier")]
    aside = scenario(
        ["U", "E"], mv(1, 0, 1, "r1"), courier="letter_tiles", courier_start="first_letter_tile"
    )
    assert queries.courier_position(aside) is None and events(aside) == []


def test_message_scores_every_feature_with_a_follower_in_the_block_for_the_receiver():
    # docs/rules/carcassonne.md: "the receiver alone scores, as at game end, every city/road/monastery with at
    # least one follower of any player on the 3x3 tiles around the Courier's new tile; each
    # feature once; meeples stay"
    state = scenario(["U", "E", "U"], mv(1, 0, 1, "r1"))
    # seat 0's thief in the start tile's row calls the Courier: its road (2 tiles) scores
    assert queries.courier_position(state) == (1, 0)
    assert events(state) == [(0, 2, "road", [(0, 0), (1, 0)], "courier")]
    state = GAME.apply(state, mv(1, -1, 0, "c1"))  # seat 1's knight, in the Courier's column
    assert queries.courier_position(state) == (1, -1)
    # seat 1 scores its own city AND seat 0's road (majority ignored); nobody's meeple leaves
    assert sorted(events(state)) == [
        (1, 1, "city", [(1, -1)], "courier"),
        (1, 2, "road", [(0, 0), (1, 0)], "courier"),
    ]
    assert len(queries.meeples_on_board(state)) == 2
    assert GAME.score_breakdown(state)[1]["courier"] == 3 and GAME.scores(state) == [2, 3]


def test_message_before_2024_scores_only_the_receiving_followers_feature():
    # docs/rules/carcassonne.md, Message scoring before 2024: before 04/2024 a message scored the receiving follower's feature alone
    state = scenario(
        ["U", "E", "U"], mv(1, 0, 1, "r1"), mv(1, -1, 0, "c1"), courier_scoring="pre2024"
    )
    assert events(state) == [(1, 1, "city", [(1, -1)], "courier")]


def test_feature_crossing_the_block_with_its_meeples_outside_is_not_scored():
    # docs/rules/carcassonne.md, Message scoring: a feature crossing the 3x3 block scores only if one of its followers stands in
    # the block. Also docs/rules/carcassonne.md, Courier trigger / A7, A8: aside until a letter tile, which brings it at once.
    state = scenario(
        ["U", "U", "letter5", "E"],
        mv(-1, 0, 1, "r1"),
        mv(1, 0, 1),
        courier="letter_tiles",
        courier_start="first_letter_tile",
    )
    assert queries.courier_position(state) is None and events(state) == []  # still aside
    state = GAME.apply(state, mv(1, -1, 0, "c1"))  # the letter tile, a knight on it
    assert queries.courier_position(state) == (1, -1)
    # the road runs through (0,0) and (1,0), inside the block, but its thief stands at (-1,0)
    assert events(state) == [(0, 1, "city", [(1, -1)], "courier")]


def test_letter_tile_moves_the_courier_even_without_a_meeple():
    # docs/rules/carcassonne.md, Courier trigger step 1: the Courier jumps onto every letter tile when it is placed
    state = scenario(["letter1", "U"], mv(1, 0, 1), courier="letter_tiles")
    assert queries.courier_position(state) == (1, 0) and events(state) == []


def test_follower_whose_feature_was_just_completed_gets_no_message():
    # docs/rules/carcassonne.md, Followers: the follower must be "still on the board at turn end"
    state = scenario(["E", "U"], mv(0, -1, 2, "c1"))
    assert events(state) == [(0, 4, "city", [(0, -1), (0, 0)], "completed")]
    assert queries.courier_position(state) == (0, 0)


@pytest.mark.parametrize(
    "farmers, courier, expected",
    [
        (False, (1, 0), []),
        (True, (2, 0), [(1, 3, "road", [(0, 0), (1, 0), (2, 0)], "courier")]),
    ],
)
def test_farmer_and_the_courier(farmers, courier, expected):
    # docs/rules/carcassonne.md, Farms: a trigger is "not a farmer"; option courier_farmers lets a farmer call the
    # Courier, but "fields never score"
    state = scenario(["U", "U", "E"], mv(1, 0, 1, "r1"), courier_farmers=farmers)
    state = GAME.apply(state, mv(2, 0, 1, "f1"))  # seat 1: a farmer in the Courier's row
    assert queries.courier_position(state) == courier and events(state) == expected


@pytest.mark.parametrize(
    "reach, courier, expected",
    [
        ("line", (2, 0), [(1, 3, "road", [(0, 0), (1, 0), (2, 0)], "courier")]),
        ("adjacent", (0, 0), []),
    ],
)
def test_courier_reach(reach, courier, expected):
    # docs/rules/carcassonne.md, The Courier: "on the Courier's tile or in the same row or column (any distance, gaps
    # allowed; adjacent: distance 1)"
    state = scenario(["U", "U", "E"], mv(1, 0, 1), mv(2, 0, 1, "r1"), courier_reach=reach)
    assert queries.courier_position(state) == courier and events(state) == expected


def test_courier_ignores_followers_off_its_row_and_column():
    # docs/rules/carcassonne.md, The Courier A12: diagonal neighbours never qualify
    state = scenario(["U", "E", "U"], mv(1, 0, 1), mv(1, -1, 0, "c1"))
    assert queries.courier_position(state) == (0, 0) and events(state) == []


def test_last_turn_message_comes_before_final_scoring():
    # docs/rules/carcassonne.md, Message scoring: "On the last turn the message comes before final scoring"
    state = scenario(["U"], mv(1, 0, 1, "r1"))
    assert GAME.is_over(state)
    assert events(state) == [(0, 2, "road", [(0, 0), (1, 0)], "courier")]
    road = [(0, 0), (1, 0)]
    assert [tuple(e) for e in queries.final_events(state)] == [(0, 2, "road", road, "final")]
    assert GAME.scores(state) == [4, 0]
    without = scenario(["U"], mv(1, 0, 1, "r1"), **OFF)  # no Courier: final scoring only
    assert events(without) == [] and GAME.scores(without) == [2, 0]


# ---- contract, JSON, hidden information (docs/architecture.md, Engine contract) ----------------------------------------------
def test_damaged_states_raise_bad_data():
    # docs/architecture.md, Serialisation: from_json validates and raises a clear error on
    # bad data (the checks every game passes: tests/test_conformance.py; here Carcassonne's own)
    good = GAME.to_json(scenario(["U", "E"], mv(1, 0, 1, "r1")))
    GAME.from_json(good)
    for broken in (
        {**good, "tiles": good["tiles"] + [[5, 5, "U", 0]]},  # touches nothing
        {**good, "tiles": good["tiles"] + [[1, 1, "U", 0]]},  # road against a field
        {**good, "meeples": good["meeples"] + [[1, 1, 0, "r1"]]},  # taken segment
        {**good, "meeples": [[0, 0, 0, "c9"]]},
        {**good, "meeples": [[0, 1, 0, "r1"]] * 8},
        {**good, "courier": [9, 9]},
        {**good, "options": {**good["options"], "courier": "off"}},
        {**good, "score": [{**good["score"][0], "roads": -1}, good["score"][1]]},
        {**good, "current": None},
        {
            **good,
            "events": [
                {"player": 0, "points": 2, "kind": "road", "tiles": [[4, 4]], "reason": "final"}
            ],
        },
    ):
        with pytest.raises(BadData):
            GAME.from_json(broken)
    done = GAME.to_json(scenario(["E", "U"], mv(0, -1, 2)))
    with pytest.raises(BadData, match="completed feature"):
        GAME.from_json({**done, "meeples": [[0, 0, -1, "c1"]]})


def test_view_hides_the_deck_order_but_not_its_composition():
    # Required: "the deck order (and the RNG) is hidden; its composition is public. The current
    # drawn tile is public."
    state = GAME.new(players=2, seed=8)
    view = GAME.view(state, 1)
    data = GAME.to_json(view)
    assert data["rng"] is None and data["hidden"]
    assert data["deck"] == sorted(data["deck"], key=TYPE_IDS.index)
    assert queries.remaining_tiles(view) == queries.remaining_tiles(state)
    assert queries.current_tile(view) == queries.current_tile(state)
    full = GAME.determinize(view, Rng(3))
    assert queries.remaining_tiles(full) == queries.remaining_tiles(state)
    assert GAME.to_json(full)["deck"] != GAME.to_json(state)["deck"]
    with pytest.raises(IllegalMove, match="hidden"):
        GAME.apply(view, GAME.legal_moves(view)[0])


def test_entropy_deals_the_stack_again_but_keeps_a_scenario_deck():
    # docs/links.md: mix_entropy deals again what chance decided but nobody has seen (the
    # face-down stack; the drawn tile is public); a deck fixed by the set-up (a scenario) stays
    state = GAME.new(players=2, seed=8, options={"courier": "letter_tiles"})
    mixed = GAME.mix_entropy(state, 0x1234)
    before, after = GAME.to_json(state), GAME.to_json(mixed)
    assert after["deck"] != before["deck"] and sorted(after["deck"]) == sorted(before["deck"])
    assert after["current"] == before["current"] and GAME.view(mixed, 0) == GAME.view(state, 0)
    fixed = scenario(["U", "E", "V", "K", "L", "J", "W", "B", "A", "D"], mv(1, 0, 1, "r1"))
    again = GAME.from_json(json.loads(json.dumps(GAME.to_json(fixed))))
    for kept in (fixed, again):
        deck = GAME.to_json(GAME.mix_entropy(kept, 0x1234))["deck"]
        assert deck == ["V", "K", "L", "J", "W", "B", "A", "D"]


def test_json_round_trip_keeps_the_turn_log():
    # Required: the events of the last turn are "kept in to_json"
    state = scenario(["U", "E", "U"], mv(1, 0, 1, "r1"), mv(1, -1, 0, "c1"))
    again = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
    assert again == state and queries.score_events(again) == queries.score_events(state)
    assert GAME.legal_moves(again) == GAME.legal_moves(state)


def test_describe_move():
    # Required: ("carcassonne.log.place", {"player", "tile", "x", "y", "meeple"}); a look-alike
    # rotation is described as the move it equals (docs/rules/carcassonne.md)
    state = scenario(["U"])
    key, params = GAME.describe_move(state, GAME.parse_move(mv(1, 0, 3, "f1")))
    assert key == "carcassonne.log.place"
    assert params == {"player": 0, "tile": "U", "x": 1, "y": 0, "rot": 1, "meeple": "f2"}


def test_a_saved_game_is_a_scenario():
    # docs/architecture.md, Engine contract: a save is setup + moves, replayed through apply
    save = {
        "format": 1,
        "game": "carcassonne",
        "setup": {
            "players": 2,
            "seed": 0,
            "options": {"deck": ["E", "U"], "courier": "off"},
            "scenario": "Two tiles",  # a fixed deck is a scenario's (docs/links.md, Scenarios)
        },
        "moves": [mv(0, -1, 2, "c1"), mv(1, 0, 1, "r1")],
    }
    match = Match.from_save(save)
    assert match.is_over() and GAME.scores(match.state) == [4, 2]


def test_playout_move_is_uniform_over_legal_moves():
    # Required: playout_move may sample "a uniformly random legal move faster" (same distribution)
    state = scenario(["U", "E", "U"], mv(1, 0, 1, "r1"), **OFF)
    moves = GAME.legal_moves(state)
    rng = Rng(12)
    counts = {m: 0 for m in moves}
    draws = 300 * len(moves)
    for _ in range(draws):
        counts[GAME.playout_move(state, rng)] += 1
    assert all(200 < c < 400 for c in counts.values()), counts


# ---- queries for the board ------------------------------------------------------------
def test_tile_features_show_shapes_and_owners():
    state = scenario(["U", "E", "U"], mv(1, 0, 1, "r1"), **OFF)
    features = {f["id"]: f for f in queries.tile_features(state, 1, 0)}
    road = features["r1"]
    assert road["kind"] == "road" and road["edges"] == ["E", "W"]
    assert road["half_edges"] == ["E_n", "E_s", "W_s", "W_n"]
    assert road["meeples"] == [0] and road["followers"] == [1, 0]
    assert road["tiles"] == [(0, 0), (1, 0)] and not road["complete"]
    assert features["f1"]["half_edges"] == ["N_w", "N_e", "E_n", "W_n"]
    start = {f["id"]: f for f in queries.tile_features(state, 0, 0)}
    assert start["r1"]["meeples"] == [] and start["r1"]["followers"] == [1, 0]
    assert queries.tile_features(state, 7, 7) is None


def test_legal_positions_per_rotation():
    # Required: "legal positions for the current tile, per rotation"
    state = scenario(["E"], **OFF)
    assert queries.legal_positions(state) == {0: [], 1: [(0, 1)], 2: [(0, -1), (0, 1)], 3: [(0, 1)]}


def test_remaining_tiles_current_tile_and_meeples_left():
    state = scenario(["U", "E", "U"], mv(1, 0, 1, "r1"), **OFF)
    assert queries.current_tile(state) == "E" and queries.remaining_tiles(state) == {"U": 1}
    assert queries.meeples_left(state) == [6, 7]
    assert queries.meeples_on_board(state) == [(0, 1, 0, "r1")]
    assert queries.placed_tiles(state) == [(0, 0, "D", 0), (1, 0, "U", 1)]
