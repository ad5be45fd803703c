"""Thurn und Taxis rules engine.

Each test cites the rule it checks: a section of docs/rules/thurn-und-taxis.md (named), or
docs/architecture.md for the contract.

Scenarios are built as JSON states (`build`) and read with `from_json`, so they go through the
same validation as saved games.
"""

import json
import os
from collections import Counter

import pytest

from game import games
from game.core import BadData, IllegalMove, Rng
from game.core.cli import play_random
from game.thurn_und_taxis import data, queries
from game.thurn_und_taxis.engine import GAME as G
from game.thurn_und_taxis.mechanics import FaceDown, fitting_ends

STEP_DRAW = {
    "official": None,
    "draws": 0,
    "draws_needed": 1,
    "plays": 0,
    "plays_needed": 1,
    "abandoned": False,
    "cards_to_cut": 0,
}
STEP_PLAY = {**STEP_DRAW, "draws": 1}
STEP_CLOSE = {**STEP_PLAY, "plays": 1}

ROUTE5 = ["Mannheim", "Carlsruhe", "Freiburg", "Basel", "Zürich"]
ROUTE7 = ROUTE5 + ["Kempten", "Augsburg"]
RULES_EXAMPLE = ["Sigmaringen", "Stuttgart", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg"]
# a full display: cards that reach the discard pile stay there (docs/rules/thurn-und-taxis.md, Display refill: only an empty slot
# is refilled from them)
SIX_OPEN = ["Budweis", "Linz", "Innsbruck", "Kempten", "Zürich", "Basel"]


def build(players=3, **fields):
    """A state from JSON fields laid over an empty table (no display, pile or hands), at the
    close step of seat `turn` unless `step` says otherwise; the game's card set is whatever
    cards the scenario holds."""
    obj = G.to_json(G.new(players=players, seed=1, options={"deck": []}))
    obj["step"] = dict(STEP_CLOSE)
    obj["over"] = False  # an empty table would be a finished game
    for key, value in fields.items():
        if key == "step":
            obj["step"] = {**obj["step"], **value}
        else:
            obj[key] = value
    cards = Counter(c for c in obj["display"] if c)
    for key in ("pile", "discard_pile"):
        cards.update(obj[key])
    for key in ("hands", "routes"):
        for cities in obj[key]:
            cards.update(cities)
    obj["cards"] = dict(cards)
    if "pile_batch" not in fields:
        obj["pile_batch"] = dict(Counter(obj["pile"]))
    return G.from_json(obj)


def js(state):
    return G.to_json(state)


def play(state, *moves):
    for move in moves:
        state = G.apply(state, move)
    return state


def legal_json(state):
    return [m.to_json() for m in G.legal_moves(state)]


def official_moves(state):
    return sorted(m["official"] for m in legal_json(state) if "official" in m)


# ---- map and components (docs/rules/thurn-und-taxis.md, Components, map JSON) -------------------------------------------
def test_map_has_22_cities_45_roads_and_is_connected():
    # docs/rules/thurn-und-taxis.md, Components: "1 board: 22 cities in 9 provinces, joined by 45 roads".
    assert len(data.CITIES) == len(set(data.CITIES)) == 22
    roads = {frozenset(r) for r in data.ROADS}
    assert len(data.ROADS) == len(roads) == 45
    assert all(len(r) == 2 and r <= set(data.CITIES) for r in roads)
    reached, todo = {"Lodz"}, ["Lodz"]
    while todo:
        city = todo.pop()
        for a, b in data.ROADS:
            for x, y in ((a, b), (b, a)):
                if x == city and y not in reached:
                    reached.add(y)
                    todo.append(y)
    assert reached == set(data.CITIES)


def test_province_membership_as_in_the_data_file():
    # docs/rules/thurn-und-taxis.md, Houses: "Province here means one of the 9 board provinces, which are the card colours";
    # "Württemberg and Hohenzollern count as separate provinces"; docs/rules/thurn-und-taxis.md, Map: Sigmaringen is in
    # Hohenzollern. The engine's tables are built from the data module.
    assert len(data.PROVINCES) == 9
    assert sorted(c for cities in data.PROVINCES.values() for c in cities) == sorted(data.CITIES)
    for province, cities in data.PROVINCES.items():
        for city in cities:
            assert data.PROVINCE_NAMES[data.CITY_PROVINCE[data.CITY_INDEX[city]]] == province
    assert data.PROVINCES["Hohenzollern"] == ("Sigmaringen",)
    assert data.PROVINCES["Württemberg"] == ("Stuttgart", "Ulm")
    assert data.PROVINCES["Polen"] == ("Lodz",) and len(data.PROVINCES["Baiern"]) == 8
    for a, b in data.ROADS:  # the neighbour masks hold exactly the roads
        assert data.NEIGHBOURS[data.CITY_INDEX[a]] >> data.CITY_INDEX[b] & 1
    assert sum(bin(m).count("1") for m in data.NEIGHBOURS) == 2 * 45


def test_provinces_and_roads_match_the_map_data_file():
    # Map JSON: "regions = the 9 provinces ... a city's card colour = its province".
    # a copy of docs/rules/thurn-und-taxis.md (the research data), kept with the tests
    path = os.path.join(os.path.dirname(__file__), "data", "thurn-und-taxis-map.json")
    with open(path, encoding="utf-8") as f:
        source = json.load(f)
    assert {k: list(v) for k, v in data.PROVINCES.items()} == source["regions"]
    assert list(data.CITIES) == source["cities"]
    assert {frozenset(r) for r in data.ROADS} == {frozenset(e) for e in source["edges"]}
    degree = Counter(c for road in data.ROADS for c in road)
    assert dict(degree) == source["degree"]
    bonuses = source["bonuses"]
    assert {str(k): list(v) for k, v in data.ROUTE_STACKS.items()} == {
        k: v for k, v in bonuses["route_length"].items() if k.isdigit()
    }
    for name, (cities, tiles) in data.REGION_GROUPS.items():
        assert list(cities) == bonuses["region_groups"][name]["cities"]
        assert list(tiles) == bonuses["region_groups"][name]["tiles"]
    assert list(data.ALL_PROVINCES_STACK) == bonuses["all_provinces"]["tiles"]
    assert (
        list(data.ALL_PROVINCES_GERMAN)
        == bonuses["all_provinces"]["required_provinces_german_rules"]
    )
    assert {
        int(k): v["vp"] for k, v in source["carriages"].items() if k.isdigit()
    } == data.CARRIAGE_POINTS


def test_components_66_cards_30_bonus_tiles_20_houses():
    # docs/rules/thurn-und-taxis.md, Components: 66 city cards (3 per city), 30 bonus tiles, 20 houses per colour.
    state = G.new(players=4, seed=3)
    cards = Counter(js(state)["pile"] + js(state)["display"])
    assert len(cards) == 22 and set(cards.values()) == {3}
    tiles = (
        sum(len(v) for v in data.ROUTE_STACKS.values())
        + sum(len(t) for _, t in data.REGION_GROUPS.values())
        + len(data.ALL_PROVINCES_STACK)
        + 1
    )
    assert tiles == 30
    assert all(queries.houses_left(state, p) == 20 for p in range(4))


# ---- set-up and the first turn (docs/rules/thurn-und-taxis.md, Set-up, Forced Postmaster) -----------------------------
def test_setup_display_of_six_pile_of_sixty_empty_hands():
    state = js(G.new(players=3, seed=5))
    assert len([c for c in state["display"] if c]) == 6 and len(state["pile"]) == 60
    assert state["hands"] == [[], [], []] and state["routes"] == [[], [], []]
    assert state["turn"] == 0  # docs/rules/thurn-und-taxis.md "All games: seat 0 moves first"


def test_forced_postmaster_on_the_first_turn():
    # docs/rules/thurn-und-taxis.md, Officials: "The forced Postmaster (empty hand at turn start) is applied by the engine
    # and counts as the turn's official"; docs/rules/thurn-und-taxis.md, Officials: "everyone opens with the Postmaster: draw 2,
    # play 1".
    state = G.new(players=3, seed=5)
    assert js(state)["step"]["official"] == "postmaster"
    assert official_moves(state) == []  # the turn's one official is used up
    state = play(state, {"draw": "deck"})
    assert queries.phase(state) == "draw" and official_moves(state) == []
    state = play(state, {"draw": 0})
    assert len(state.hands[0]) == 2 and queries.phase(state) == "play"
    state = play(state, G.legal_moves(state)[0])
    assert queries.phase(state) == "close" and official_moves(state) == []  # no carrier either
    state = play(state, {"pass": True})
    assert state.turn == 1 and js(state)["step"]["official"] == "postmaster"


def test_deck_option_fixes_display_then_pile_top_first():
    # docs/architecture.md, Move JSON: "Option deck: [city…] fixes the card order (the first 6 form the display,
    # the rest the pile, top first)"; docs/rules/thurn-und-taxis.md, Scenario decks: "may be shorter than 66 cards".
    deck = ["Ulm", "Ulm", "Lodz", "Basel", "Passau", "Linz", "Pilsen", "Budweis"]
    state = G.new(players=2, seed=1, options={"deck": deck})
    assert js(state)["display"] == deck[:6]
    state = play(state, {"draw": "deck"})
    assert js(state)["hands"][0] == ["Pilsen"]


def test_deck_option_is_checked():
    with pytest.raises(BadData, match="unknown city"):
        G.new(players=2, options={"deck": ["Ulm", "Munich"]})
    with pytest.raises(BadData, match="more than 3"):
        G.new(players=2, options={"deck": ["Ulm"] * 4})
    with pytest.raises(BadData, match="true or false"):
        G.new(players=2, options={"all_provinces_includes_baiern": 0})


# ---- drawing (docs/rules/thurn-und-taxis.md, Drawing, docs/rules/thurn-und-taxis.md, Turn) ------------------------------------------------------------
def test_display_slots_are_distinct_moves_and_refill_in_the_same_slot():
    # docs/rules/thurn-und-taxis.md, Display refill: "Display slots are distinct moves even when two show the same city. A taken
    # display card is replaced in the same slot."
    state = build(
        display=["Ulm", "Ulm", "Lodz", "Basel", "Passau", "Linz"],
        pile=["Pilsen", "Budweis"],
        hands=[["Augsburg"], [], []],
        step=STEP_DRAW,
    )
    moves = legal_json(state)
    assert {"draw": 0} in moves and {"draw": 1} in moves and {"draw": "deck"} in moves
    after = play(state, {"draw": 1})
    assert js(after)["display"] == ["Ulm", "Pilsen", "Lodz", "Basel", "Passau", "Linz"]
    assert sorted(js(after)["hands"][0]) == ["Augsburg", "Ulm"]
    deck = play(state, {"draw": "deck"})
    assert sorted(js(deck)["hands"][0]) == ["Augsburg", "Pilsen"]
    assert js(deck)["display"] == js(state)["display"]


def test_empty_pile_reshuffles_discards_and_both_empty_leaves_only_the_display():
    # docs/rules/thurn-und-taxis.md, Empty pile: "When a card must be drawn and the pile is empty, the discards are shuffled
    # (state RNG) into a new pile; if both are empty, only the display can be drawn from."
    state = build(
        display=["Ulm", "Lodz", "Basel", "Passau", "Linz", "Pilsen"],
        discard_pile=["Budweis", "Innsbruck", "Kempten"],
        hands=[["Augsburg"], [], []],
        step=STEP_DRAW,
    )
    after = play(state, {"draw": 0})
    refill = js(after)["display"][0]
    assert refill in ("Budweis", "Innsbruck", "Kempten")
    assert sorted(js(after)["pile"] + [refill]) == ["Budweis", "Innsbruck", "Kempten"]
    assert js(after)["discard_pile"] == [] and after.rng != state.rng
    empty = build(
        display=["Ulm", "Lodz", None, None, None, None],
        hands=[["Augsburg"], [], []],
        step=STEP_DRAW,
    )
    assert [m for m in legal_json(empty) if "draw" in m] == [{"draw": 0}, {"draw": 1}]
    with pytest.raises(IllegalMove, match="empty"):
        G.apply(empty, {"draw": "deck"})
    after = play(empty, {"draw": 1})
    assert js(after)["display"][1] is None


def test_an_empty_display_slot_is_refilled_as_soon_as_a_card_can_be_drawn_for_it():
    # docs/rules/thurn-und-taxis.md, Display refill: "A taken display card is replaced in the same slot; any empty slot is refilled
    # as soon as a card can be drawn for it (e.g. after the discards were reshuffled into a new
    # pile)"; "if both are empty, only the display can be drawn from".
    state = build(
        display=["Ulm", "Lodz", None, None, None, None],
        hands=[["Pilsen", "Budweis", "Linz", "Passau"], [], []],
        routes=[["Augsburg", "Kempten"], [], []],
        step=STEP_DRAW,
    )
    state = play(state, {"draw": 0})  # nothing left to replace Ulm with: the slot stays empty
    assert js(state)["display"] == [None, "Lodz", None, None, None, None]
    state = play(state, {"play": "Ulm", "end": "right"})
    closing = next(m for m in legal_json(state) if "close" in m)
    closed = play(state, closing)  # the route's 3 cards reach the discards...
    shown = js(closed)["display"]
    assert shown[1] == "Lodz" and shown[4:] == [None, None]  # ...and fill slots 0, 2 and 3
    assert sorted(shown[:1] + shown[2:4]) == ["Augsburg", "Kempten", "Ulm"]
    assert js(closed)["discard_pile"] == [] and js(closed)["pile"] == []
    assert queries.phase(closed) == "discard"  # 4 cards in hand: one goes
    cut = play(closed, {"discard": ["Passau"]})
    assert js(cut)["display"][4:] == ["Passau", None]  # the next empty slot at once
    assert js(cut)["discard_pile"] == []
    # giving a route up puts its cards on the discards too
    state = build(
        display=["Lodz", None, None, None, None, None],
        hands=[["Pilsen"], [], []],
        routes=[["Stuttgart", "Ulm"], [], []],
        step=STEP_PLAY,
    )
    after = play(state, {"abandon": True})
    assert sorted(js(after)["display"][1:3]) == ["Stuttgart", "Ulm"]
    assert js(after)["display"][3:] == [None, None, None] and js(after)["discard_pile"] == []
    assert {"draw": 1} in legal_json(
        play(after, {"play": "Pilsen", "end": "right"}, {"pass": True})
    )


# ---- playing cards (docs/rules/thurn-und-taxis.md, Playing a card; docs/rules/thurn-und-taxis.md, Playing a card) ------------------------------------------------------
def test_short_routes_list_the_right_end_only():
    # docs/rules/thurn-und-taxis.md, Game end: "Starting an empty route or extending a one-card route lists "end": "right"
    # only."
    state = build(hands=[["Ulm", "Stuttgart", "Lodz"], [], []], step=STEP_PLAY)
    assert [m for m in legal_json(state) if "play" in m] == [
        {"play": city, "end": "right"} for city in ("Stuttgart", "Ulm", "Lodz")
    ]
    one = build(
        hands=[["Ulm", "Lodz", "Augsburg"], [], []], routes=[["Stuttgart"], [], []], step=STEP_PLAY
    )
    assert [m for m in legal_json(one) if "play" in m] == [{"play": "Ulm", "end": "right"}]
    # "left" on a one-card route is the same line: accepted as the equivalent right play
    assert js(G.apply(one, {"play": "Ulm", "end": "left"})) == js(
        G.apply(one, {"play": "Ulm", "end": "right"})
    )


def test_plays_must_follow_a_road_and_never_repeat_a_city():
    # docs/rules/thurn-und-taxis.md, Playing a card: "The new city must be joined by a road on the board to the city on the end
    # where you place it" and "A city may appear only once in the same route."
    state = build(
        hands=[["Ulm", "Lodz", "Carlsruhe", "Würzburg"], [], []],
        routes=[["Stuttgart", "Ulm"], [], []],
        step=STEP_PLAY,
    )
    plays = [m for m in legal_json(state) if "play" in m]
    assert plays == [{"play": "Carlsruhe", "end": "left"}, {"play": "Würzburg", "end": "left"}]
    with pytest.raises(IllegalMove, match="already on your route"):
        G.apply(state, {"play": "Ulm", "end": "right"})
    with pytest.raises(IllegalMove, match="no road"):
        G.apply(state, {"play": "Lodz", "end": "right"})
    with pytest.raises(IllegalMove, match="right end"):
        G.apply(state, {"play": "Carlsruhe", "end": "right"})
    with pytest.raises(IllegalMove, match="hold no"):
        G.apply(state, {"play": "Basel", "end": "left"})
    after = G.apply(state, {"play": "Würzburg", "end": "left"})
    assert js(after)["routes"][0] == ["Würzburg", "Stuttgart", "Ulm"]


def test_one_rule_decides_where_a_card_fits():
    # docs/rules/thurn-und-taxis.md, Playing a card: "The new city must be joined by a road on the board to the city on the end where
    # you place it", "A city may appear only once in the same route"; docs/rules/thurn-und-taxis.md: "Starting an
    # empty route or extending a one-card route lists "end": "right" only". mechanics.
    # fitting_ends is that rule, for the engine, the queries (board, AI) and these tests.
    city = data.CITY_INDEX
    route = (city["Stuttgart"], city["Ulm"])
    assert fitting_ends((), city["Lodz"]) == ("right",)
    assert fitting_ends((city["Stuttgart"],), city["Ulm"]) == ("right",)
    assert fitting_ends((city["Stuttgart"],), city["Lodz"]) == ()
    assert fitting_ends(route, city["Carlsruhe"]) == ("left",)
    assert fitting_ends(route, city["Augsburg"]) == ("right",)
    assert fitting_ends(route, city["Sigmaringen"]) == ("left", "right")
    assert fitting_ends(route, city["Ulm"]) == () and fitting_ends(route, city["Lodz"]) == ()
    checked = 0
    for seed in range(3):  # the plays legal_moves lists are exactly what the rule says
        state, rng = G.new(players=3, seed=seed), Rng(seed)
        while not G.is_over(state):
            if queries.phase(state) == "play":
                seat = state.turn
                expected = [
                    {"play": name, "end": end}
                    for name in dict.fromkeys(queries.hand(state))  # each city once
                    for end in queries.ends(state, seat, name)
                ]
                assert [m for m in legal_json(state) if "play" in m] == expected
                checked += 1
            state = G.apply(state, G.playout_move(state, rng))
    assert checked > 300


def test_abandon_only_before_the_first_play_and_a_play_must_follow():
    # docs/rules/thurn-und-taxis.md, Giving up a route: "{"abandon": true}: only before the turn's first play, with a non-empty
    # route; a play must follow."
    state = build(
        hands=[["Lodz", "Pilsen"], [], []],
        routes=[["Stuttgart", "Ulm"], [], []],
        display=SIX_OPEN,
        step=STEP_PLAY,
    )
    assert {"abandon": True} in legal_json(state)
    assert queries.must_abandon(state)
    after = play(state, {"abandon": True})
    assert js(after)["routes"][0] == [] and js(after)["discard_pile"] == ["Stuttgart", "Ulm"]
    assert queries.phase(after) == "play" and {"pass": True} not in legal_json(after)
    assert {"abandon": True} not in legal_json(after)
    after = play(after, {"play": "Lodz", "end": "right"})
    assert {"abandon": True} not in legal_json(after)
    with pytest.raises(IllegalMove, match="before the turn's first play"):
        G.apply(after, {"abandon": True})
    fresh = build(hands=[["Lodz"], [], []], step=STEP_PLAY)
    with pytest.raises(IllegalMove, match="no route"):
        G.apply(fresh, {"abandon": True})


def test_postal_carrier_extends_both_ends():
    # docs/rules/thurn-und-taxis.md, Officials: "Postal Carrier before the plays end (then the player MAY play a second card:
    # after the first play a pass or a close is legal too)"; docs/rules/thurn-und-taxis.md, Officials: "Play a second card from
    # your hand. It must also be a legal play."
    state = build(
        hands=[["Carlsruhe", "Augsburg"], [], []],
        routes=[["Stuttgart", "Ulm"], [], []],
        step=STEP_PLAY,
    )
    after = play(state, {"play": "Carlsruhe", "end": "left"})
    assert "carrier" in official_moves(after)
    after = play(after, {"official": "carrier"})
    moves = legal_json(after)  # the second card is optional: closing or passing is legal too
    assert queries.phase(after) == "play" and moves[0] == {"play": "Augsburg", "end": "right"}
    assert moves[-1] == {"pass": True} and len(moves) > 2
    assert all("close" in m for m in moves[1:-1])
    after = play(after, {"play": "Augsburg", "end": "right"})
    assert js(after)["routes"][0] == ["Carlsruhe", "Stuttgart", "Ulm", "Augsburg"]
    assert queries.phase(after) == "close"
    # called before the first play it works the same
    early = play(
        state,
        {"official": "carrier"},
        {"play": "Augsburg", "end": "right"},
        {"play": "Carlsruhe", "end": "left"},
    )
    assert js(early)["routes"] == js(after)["routes"]


def test_postal_carrier_may_extend_a_route_just_started_but_not_give_it_up_again():
    # docs/rules/thurn-und-taxis.md, Officials (INFERRED): "The second card may extend a route that the first card has just
    # started after you gave up your old route. You may not give up the route again between
    # the two cards."
    state = build(
        hands=[["Lodz", "Pilsen"], [], []], routes=[["Stuttgart", "Ulm"], [], []], step=STEP_PLAY
    )
    after = play(
        state, {"abandon": True}, {"play": "Pilsen", "end": "right"}, {"official": "carrier"}
    )
    assert legal_json(after) == [{"play": "Lodz", "end": "right"}, {"pass": True}]
    after = play(after, {"play": "Lodz", "end": "right"})
    assert js(after)["routes"][0] == ["Pilsen", "Lodz"]


def test_postal_carrier_second_card_is_optional():
    # docs/rules/thurn-und-taxis.md, Officials: Postal Carrier "before the plays end (then the player MAY play a second card:
    # after the first play a pass or a close is legal too)". docs/links.md: links store a move as
    # its index in legal_moves, so the new choices come after the moves the position had.
    state = build(
        hands=[["Carlsruhe", "Augsburg", "Lodz"], [], []],
        routes=[["Stuttgart", "Ulm"], [], []],
        display=SIX_OPEN,
        step=STEP_PLAY,
    )
    called = play(state, {"official": "carrier"})
    assert {"pass": True} not in legal_json(called)  # the first card is not optional
    with pytest.raises(IllegalMove, match="play a card first"):
        G.apply(called, {"pass": True})
    first = play(called, {"play": "Carlsruhe", "end": "left"})
    moves = legal_json(first)
    closes = [m for m in moves if "close" in m]
    assert queries.phase(first) == "play" and closes
    assert moves == [{"play": "Augsburg", "end": "right"}, *closes, {"pass": True}]
    passed = play(first, {"pass": True})
    assert passed.turn == 1 and js(passed)["routes"][0] == ["Carlsruhe", "Stuttgart", "Ulm"]
    assert sorted(js(passed)["hands"][0]) == ["Augsburg", "Lodz"]
    closed = play(first, closes[0])
    assert js(closed)["routes"][0] == [] and js(closed)["carriage"][0] == 3
    assert js(closed)["hands"][0] == ["Augsburg", "Lodz"] and closed.turn == 1
    # a Cartwright is not among them: the Carrier is the turn's one official
    assert official_moves(first) == []


def test_postal_carrier_in_the_play_step_only_while_a_card_can_still_fit():
    # docs/rules/thurn-und-taxis.md, Officials: officials "are legal only while they still have an effect"; docs/rules/thurn-und-taxis.md, Turn: "during
    # the step that official belongs to" (the carrier: step 2, play).
    drawing = build(
        display=["Lodz", None, None, None, None, None], hands=[["Ulm"], [], []], step=STEP_DRAW
    )
    with pytest.raises(IllegalMove, match="draw first"):
        G.apply(drawing, {"official": "carrier"})
    state = build(
        hands=[["Carlsruhe", "Lodz"], [], []], routes=[["Stuttgart", "Ulm"], [], []], step=STEP_PLAY
    )
    after = play(state, {"play": "Carlsruhe", "end": "left"})
    assert "carrier" not in official_moves(after)
    with pytest.raises(IllegalMove, match="nothing to do"):
        G.apply(after, {"official": "carrier"})
    # called early, the second play is skipped when the first one leaves no card that fits
    both = build(
        hands=[["Carlsruhe", "Lodz", "Pilsen"], [], []],
        routes=[["Stuttgart", "Ulm"], [], []],
        step=STEP_PLAY,
    )
    early = play(both, {"official": "carrier"}, {"play": "Carlsruhe", "end": "left"})
    assert queries.phase(early) == "close"
    # and he is not offered when no two cards can follow each other
    single = build(
        hands=[["Carlsruhe"], [], []], routes=[["Stuttgart", "Ulm"], [], []], step=STEP_PLAY
    )
    with pytest.raises(IllegalMove, match="one after the other"):
        G.apply(single, {"official": "carrier"})
    assert "carrier" in official_moves(both)  # abandon, Pilsen, Lodz would do


# ---- officials (docs/rules/thurn-und-taxis.md, Officials, docs/rules/thurn-und-taxis.md, Officials) -----------------------------------------------------------
def test_administrator_only_before_the_first_draw_replaces_the_whole_display():
    # docs/rules/thurn-und-taxis.md, Officials: "Administrator before the first draw"; docs/rules/thurn-und-taxis.md, Officials: "Discard all 6 display cards
    # and deal 6 new ones from the pile, then draw normally."
    display = ["Ulm", "Lodz", "Basel", "Passau", "Linz", "Pilsen"]
    pile = ["Budweis", "Innsbruck", "Kempten", "Augsburg", "München", "Zürich", "Freiburg"]
    state = build(display=display, pile=pile, hands=[["Stuttgart"], [], []], step=STEP_DRAW)
    assert official_moves(state) == ["administrator", "postmaster"]
    after = play(state, {"official": "administrator"})
    assert js(after)["display"] == pile[:6]  # dealt from the top of the pile
    assert js(after)["discard_pile"] == display and js(after)["pile"] == ["Freiburg"]
    assert queries.phase(after) == "draw" and official_moves(after) == []
    drawn = play(state, {"draw": "deck"})
    assert "administrator" not in official_moves(drawn)
    with pytest.raises(IllegalMove, match="before your first draw"):
        G.apply(drawn, {"official": "administrator"})


def test_postmaster_before_the_draws_end_gives_a_second_draw():
    # docs/rules/thurn-und-taxis.md, Officials: "Postmaster before the draws end (then a second draw)".
    state = build(
        display=["Ulm", "Lodz", "Basel", "Passau", "Linz", "Pilsen"],
        pile=["Budweis", "Innsbruck"],
        hands=[["Stuttgart"], [], []],
        step=STEP_DRAW,
    )
    after = play(state, {"draw": "deck"})
    assert queries.phase(after) == "play" and "postmaster" in official_moves(after)
    after = play(after, {"official": "postmaster"})
    assert queries.phase(after) == "draw" and len(after.hands[0]) == 2
    after = play(after, {"draw": 0})
    assert len(after.hands[0]) == 3 and queries.phase(after) == "play"
    played = play(state, {"draw": 0}, {"play": "Ulm", "end": "right"})
    with pytest.raises(IllegalMove, match="before you play"):
        G.apply(played, {"official": "postmaster"})


def test_one_official_per_turn():
    # docs/rules/thurn-und-taxis.md, Officials: "You may use one official per turn."
    state = build(
        display=["Ulm", "Lodz", "Basel", "Passau", "Linz", "Pilsen"],
        pile=["Budweis", "Innsbruck"],
        hands=[["Stuttgart"], [], []],
        step=STEP_DRAW,
    )
    after = play(state, {"official": "postmaster"})
    assert official_moves(after) == []
    with pytest.raises(IllegalMove, match="one official per turn"):
        G.apply(after, {"official": "carrier"})


@pytest.mark.parametrize(
    "held, expected",
    [
        (6, 7),  # holding the 6-carriage: 5 + 2 reaches the 7
        (5, 6),  # holding the 5-carriage: the next one is the 6
        (0, 3),  # no carriage yet: only the 3 (never skip a value)
    ],
)
def test_cartwright_turns_a_5_route_into_the_7_carriage_only_when_the_6_is_held(held, expected):
    # docs/rules/thurn-und-taxis.md, Carriages: "a player holding the 6-carriage closes a 5-card route with the Cartwright and
    # takes the 7-carriage"; "The sequence is always 3 → 4 → 5 → 6 → 7. You can never skip".
    state = build(hands=[[], [], []], routes=[ROUTE5, [], []], carriage=[held, 0, 0])
    state = play(state, {"official": "cartwright"}, {"close": {"houses": ["Basel", "Zürich"]}})
    assert js(state)["carriage"][0] == expected
    assert state.final_round == (expected == 7)
    record = js(state)["log"][-1]
    assert record["carriage"] == expected and record["cartwright"] is True


def test_cartwright_does_not_count_for_route_length_tiles():
    # docs/rules/thurn-und-taxis.md, Bonus tiles: "The Cartwright does not change route length for these tiles".
    state = build(hands=[[], [], []], routes=[ROUTE5[:4], [], []], carriage=[4, 0, 0])
    state = play(state, {"official": "cartwright"}, {"close": {"houses": ["Basel"]}})
    assert js(state)["carriage"][0] == 5 and js(state)["tiles"][0] == []


def test_cartwright_only_when_closing_a_route_of_three():
    # docs/rules/thurn-und-taxis.md, Officials: "Cartwright before closing"; docs/rules/thurn-und-taxis.md, Officials: "step 3, when closing"; officials only
    # while they still have an effect.
    playing = build(
        hands=[["Ulm"], [], []], routes=[["Carlsruhe", "Stuttgart"], [], []], step=STEP_PLAY
    )
    assert "cartwright" not in official_moves(playing)
    with pytest.raises(IllegalMove, match="after your plays"):
        G.apply(playing, {"official": "cartwright"})
    closing = play(playing, {"play": "Ulm", "end": "right"})
    assert "cartwright" in official_moves(closing)
    called = play(closing, {"official": "cartwright"})
    assert {"pass": True} not in legal_json(called)  # he is called to close
    with pytest.raises(IllegalMove, match="close your route"):
        G.apply(called, {"pass": True})
    short = build(hands=[[], [], []], routes=[["Stuttgart", "Ulm"], [], []])
    assert "cartwright" not in official_moves(short)
    full = build(hands=[[], [], []], routes=[ROUTE5, [], []], carriage=[7, 0, 0])
    with pytest.raises(IllegalMove, match="7-carriage"):
        G.apply(full, {"official": "cartwright"})


# ---- closing: houses (docs/rules/thurn-und-taxis.md, Houses "Closing", docs/rules/thurn-und-taxis.md, Houses) -------------------------------------------
def test_house_options_of_the_rules_example():
    # docs/rules/thurn-und-taxis.md, Houses example: Sigmaringen–Stuttgart–Nürnberg–Regensburg–Ingolstadt–Augsburg:
    # option 1 gives Sigmaringen, Stuttgart and any one Baiern city; option 2 with Baiern
    # gives 4.
    state = build(hands=[[], [], []], routes=[RULES_EXAMPLE, [], []])
    closes = sorted(sorted(m["close"]["houses"]) for m in legal_json(state) if "close" in m)
    baiern = ["Augsburg", "Ingolstadt", "Nürnberg", "Regensburg"]
    expected = [sorted(["Sigmaringen", "Stuttgart", city]) for city in baiern]
    expected += [baiern, ["Sigmaringen"], ["Stuttgart"]]
    assert closes == sorted(expected)
    assert {"pass": True} in legal_json(state)
    with pytest.raises(IllegalMove, match="every route city of one province"):
        G.apply(state, {"close": {"houses": ["Augsburg", "Ingolstadt"]}})
    with pytest.raises(IllegalMove, match="two houses"):
        G.apply(state, {"close": {"houses": ["Stuttgart", "Stuttgart", "Augsburg"]}})


def test_own_houses_are_skipped_and_too_few_houses_place_as_many_as_you_have():
    # docs/rules/thurn-und-taxis.md, Houses: "with too few houses left, as many as you have, of your choice; houses is
    # empty only when neither option can place a house"; docs/rules/thurn-und-taxis.md, Houses: "Cities on the route that
    # already hold your house get nothing."
    nineteen = [c for c in data.CITIES if c not in RULES_EXAMPLE][:15] + [
        "Sigmaringen",
        "Stuttgart",
        "Nürnberg",
        "Regensburg",
    ]
    state = build(
        hands=[[], [], []], routes=[RULES_EXAMPLE, [], []], houses=[nineteen[:18], [], []]
    )  # 2 houses left
    closes = sorted(sorted(m["close"]["houses"]) for m in legal_json(state) if "close" in m)
    # open route cities (all in Baiern): Regensburg, Ingolstadt, Augsburg; 2 houses left:
    # "every city of Baiern" becomes any 2 of them, "one per province" is any 1 of them
    assert closes == [
        ["Augsburg"],
        ["Augsburg", "Ingolstadt"],
        ["Augsburg", "Regensburg"],
        ["Ingolstadt"],
        ["Ingolstadt", "Regensburg"],
        ["Regensburg"],
    ]
    everywhere = build(
        hands=[[], [], []], routes=[RULES_EXAMPLE, [], []], houses=[RULES_EXAMPLE, [], []]
    )
    assert [m for m in legal_json(everywhere) if "close" in m] == [{"close": {"houses": []}}]
    with pytest.raises(IllegalMove, match=r"at least|every route city"):
        G.apply(state, {"close": {"houses": []}})


def test_close_accepts_exactly_the_listed_house_choices():
    # docs/rules/thurn-und-taxis.md, Houses: "houses is one complete option"; apply and legal_moves must agree on every
    # subset of the route's cities, in positions met in random games (few houses left too).
    from itertools import combinations

    checked = short_of_houses = 0
    for seed in range(12):
        state = G.new(players=2, seed=seed)
        rng = Rng(seed)
        while not G.is_over(state):
            route = state.routes[state.turn]
            if queries.phase(state) == "close" and 3 <= len(route) <= 7:
                listed = {m.houses for m in G.legal_moves(state) if m.kind == "close"}
                cities = sorted(data.CITIES[c] for c in route)
                for size in range(len(cities) + 1):
                    for houses in combinations(cities, size):
                        try:
                            G.apply(state, {"close": {"houses": list(houses)}})
                            accepted = True
                        except IllegalMove:
                            accepted = False
                        assert accepted == (houses in listed), (seed, houses, listed)
                checked += 1
                short_of_houses += queries.houses_left(state, state.turn) < 4
            state = G.apply(state, G.playout_move(state, rng))
    assert checked >= 300 and short_of_houses >= 30


def test_placing_the_last_house_triggers_the_end():
    # docs/rules/thurn-und-taxis.md, Final score: "When a player takes a 7-carriage or places his last house, finish the current
    # round and then stop"; the trigger takes the game-end tile.
    others = [c for c in data.CITIES if c not in ROUTE5][:17]
    state = build(hands=[[], [], []], routes=[[], ROUTE5, []], houses=[[], others, []], turn=1)
    options = sorted(sorted(m["close"]["houses"]) for m in legal_json(state) if "close" in m)
    assert ["Carlsruhe", "Freiburg", "Mannheim"] in options  # 3 left: all of Baden
    state = play(state, {"close": {"houses": ["Carlsruhe", "Freiburg", "Mannheim"]}})
    assert queries.houses_left(state, 1) == 0 and state.final_round and state.end_tile == 1
    assert js(state)["log"][-1]["game_end"] == "last_house"


# ---- closing: bonuses and carriages (docs/rules/thurn-und-taxis.md, Bonus tiles, Carriages) ------------------------------
def test_carriage_order_a_5_route_with_no_carriage_gives_only_the_3():
    # docs/rules/thurn-und-taxis.md, Carriages: "a 3-card route earns the 3-carriage, and a later 5-card
    # route earns only the 4-carriage. A following 4-card route earns nothing".
    state = build(hands=[[], [], []], routes=[ROUTE5, [], []])
    state = play(state, {"close": {"houses": ["Basel", "Zürich"]}})
    assert js(state)["carriage"][0] == 3
    seq = build(hands=[[], [], []], routes=[ROUTE5[:3], [], []])
    seq = play(seq, {"close": {"houses": ["Carlsruhe", "Freiburg", "Mannheim"]}})
    assert js(seq)["carriage"][0] == 3
    seq = build(hands=[[], [], []], routes=[ROUTE5, [], []], carriage=[3, 0, 0])
    seq = play(seq, {"close": {"houses": ["Basel", "Zürich"]}})
    assert js(seq)["carriage"][0] == 4
    seq = build(hands=[[], [], []], routes=[ROUTE5[:4], [], []], carriage=[4, 0, 0])
    seq = play(seq, {"close": {"houses": ["Basel"]}})
    assert js(seq)["carriage"][0] == 4 and js(seq)["log"][-1]["carriage"] is None


@pytest.mark.parametrize(
    "length, stacks, tile, value",
    [
        (5, {}, "route_5", 2),
        (6, {}, "route_6", 3),
        (7, {}, "route_7", 4),
        (7, {"route_7": 0}, "route_6", 3),  # empty stack: the next shorter one
        (7, {"route_7": 0, "route_6": 0}, "route_5", 2),  # and on down
        (6, {"route_6": 1}, "route_6", 1),  # top first: the last tile is the 1
        (5, {"route_5": 0}, None, None),  # nothing below the 5 stack
    ],
)
def test_route_length_tiles_with_fall_back(length, stacks, tile, value):
    # docs/rules/thurn-und-taxis.md, Bonus tiles: "a route of 5, 6, or 7+ cards takes the top tile of the 5, 6, or 7 stack. If
    # that stack is empty, take a tile from the stack for the next shorter length instead."
    full = {
        k: len(v) for k, v in zip(("route_5", "route_6", "route_7"), data.ROUTE_STACKS.values())
    }
    all_stacks = {**js(G.new(players=3))["stacks"], **full, **stacks}
    route = ROUTE7[:length]
    state = build(
        hands=[[], [], []],
        routes=[route, [], []],
        stacks=all_stacks,
        houses=[["Mannheim", "Carlsruhe"], [], []],
    )
    state = play(state, {"close": {"houses": ["Basel", "Zürich"]}})
    tiles = [t for t in js(state)["tiles"][0] if t[0].startswith("route")]
    assert tiles == ([[tile, value]] if tile else [])


def test_eight_card_route_uses_the_7_stack():
    # docs/rules/thurn-und-taxis.md, Bonus tiles: "Routes of 8 or more cards use the 7 stack."
    route = ["Lodz", "Pilsen", "Budweis", "Linz", "Salzburg", "Innsbruck", "Kempten", "Zürich"]
    state = build(hands=[[], [], []], routes=[route, [], []])
    state = play(state, {"close": {"houses": ["Linz", "Salzburg"]}})
    assert ["route_7", 4] in js(state)["tiles"][0]


def test_region_bonus_only_with_every_city_of_the_group():
    # docs/rules/thurn-und-taxis.md, Bonus tiles: "you get the top tile of a group's stack once you have a house in every city
    # of that group. The houses may come from any number of earlier routes."
    two_of_three = build(
        hands=[[], [], []],
        routes=[["Carlsruhe", "Stuttgart", "Ulm"], [], []],
        houses=[["Mannheim"], [], []],
    )
    after = play(two_of_three, {"close": {"houses": ["Carlsruhe"]}})
    assert js(after)["tiles"][0] == []  # Mannheim and Carlsruhe, no Freiburg
    all_three = build(
        hands=[[], [], []],
        routes=[["Carlsruhe", "Freiburg", "Basel"], [], []],
        houses=[["Mannheim"], [], []],
    )
    after = play(all_three, {"close": {"houses": ["Carlsruhe", "Freiburg"]}})
    assert js(after)["tiles"][0] == [["Baden", 3]]
    # a second player completing the group takes the next tile; nobody takes a group twice
    again = build(
        hands=[[], [], []],
        routes=[["Carlsruhe", "Freiburg", "Basel"], [], []],
        houses=[["Mannheim"], [], []],
        tiles=[[["Baden", 3]], [], []],
        stacks={**js(G.new())["stacks"], "Baden": 2},
    )
    after = play(again, {"close": {"houses": ["Carlsruhe", "Freiburg"]}})
    assert js(after)["tiles"][0] == [["Baden", 3]]
    second = build(
        hands=[[], [], []],
        routes=[[], ["Carlsruhe", "Freiburg", "Basel"], []],
        houses=[[], ["Mannheim"], []],
        turn=1,
        stacks={**js(G.new())["stacks"], "Baden": 2},
    )
    after = play(second, {"close": {"houses": ["Carlsruhe", "Freiburg"]}})
    assert js(after)["tiles"][1] == [["Baden", 2]]


NON_BAIERN_HOUSES = [
    "Mannheim",
    "Stuttgart",
    "Sigmaringen",
    "Basel",
    "Innsbruck",
    "Salzburg",
    "Pilsen",
]  # every province outside Baiern but Polen


@pytest.mark.parametrize(
    "include_baiern, with_baiern_house, expected",
    [(False, False, True), (True, False, False), (True, True, True)],
)
def test_all_provinces_bonus_needs_the_8_provinces_outside_baiern(
    include_baiern, with_baiern_house, expected
):
    # docs/rules/thurn-und-taxis.md, All provinces: option all_provinces_includes_baiern "(default false: the "all provinces"
    # bonus needs the 8 provinces outside Baiern)"; docs/rules/thurn-und-taxis.md, Bonus tiles: "so Lodz is required".
    houses = NON_BAIERN_HOUSES + (["Nürnberg"] if with_baiern_house else [])
    state = build(
        hands=[[], [], []],
        routes=[["Lodz", "Pilsen", "Budweis"], [], []],
        houses=[houses, [], []],
        all_provinces_includes_baiern=include_baiern,
    )
    after = play(state, {"close": {"houses": ["Lodz"]}})
    assert (["all_provinces", 6] in js(after)["tiles"][0]) is expected


def test_all_provinces_bonus_missing_polen_gets_nothing():
    # docs/rules/thurn-und-taxis.md, Bonus tiles: "at least one house in each province other than Baiern ... so Lodz is required".
    state = build(
        hands=[[], [], []],
        routes=[["Nürnberg", "Pilsen", "Budweis"], [], []],
        houses=[NON_BAIERN_HOUSES, [], []],
    )
    after = play(state, {"close": {"houses": ["Budweis"]}})
    assert js(after)["tiles"][0] == []


def test_empty_region_stack_gives_nothing():
    # docs/rules/thurn-und-taxis.md, Bonus tiles: "If you qualify but that stack (other than a length stack) is empty, you get
    # nothing."
    state = build(
        hands=[[], [], []],
        routes=[["Carlsruhe", "Freiburg", "Basel"], [], []],
        houses=[["Mannheim"], [], []],
        stacks={**js(G.new())["stacks"], "Baden": 0},
    )
    after = play(state, {"close": {"houses": ["Carlsruhe", "Freiburg"]}})
    assert js(after)["tiles"][0] == []


# ---- hand limit after closing (docs/rules/thurn-und-taxis.md, Hand limit; docs/rules/thurn-und-taxis.md, Closing a route) --------------------------------------------
def test_hand_is_cut_to_three_after_closing_and_the_player_chooses():
    # docs/rules/thurn-und-taxis.md, Hand limit: "You must then cut your hand down to 3 cards, discarding the ones you choose.
    # This hand limit applies only right after you close a route".
    hand = ["Lodz", "Lodz", "Ulm", "Basel", "Passau"]
    state = build(
        hands=[hand, [], []],
        routes=[["Carlsruhe", "Stuttgart", "Würzburg"], [], []],
        display=SIX_OPEN,
    )
    passed = play(state, {"pass": True})
    assert len(passed.hands[0]) == 5  # no general hand limit
    closed = play(state, {"close": {"houses": ["Carlsruhe", "Stuttgart", "Würzburg"]}})
    assert queries.phase(closed) == "discard" and closed.turn == 0
    moves = legal_json(closed)
    assert all(len(m["discard"]) == 2 for m in moves)
    assert {"discard": ["Lodz", "Lodz"]} in moves and len(moves) == len(
        {json.dumps(m) for m in moves}
    ) == 7  # distinct pairs of a hand with two Lodz
    with pytest.raises(IllegalMove, match="exactly 2"):
        G.apply(closed, {"discard": ["Lodz"]})
    with pytest.raises(IllegalMove, match="hold no"):
        G.apply(closed, {"discard": ["Ulm", "Ulm"]})
    after = play(closed, {"discard": ["Lodz", "Ulm"]})
    assert sorted(js(after)["hands"][0]) == ["Basel", "Lodz", "Passau"]
    assert after.turn == 1
    assert sorted(js(after)["discard_pile"]) == sorted(
        ["Carlsruhe", "Stuttgart", "Würzburg", "Lodz", "Ulm"]
    )


# ---- game end and scoring (docs/rules/thurn-und-taxis.md, Final score; docs/rules/thurn-und-taxis.md, Game end) -------------------------------------------------
def end_trigger(players, seat):
    """A state where `seat` closes a 7-route while holding the 6-carriage."""
    routes = [[] for _ in range(players)]
    routes[seat] = ROUTE7
    hands = [["Lodz"] for _ in range(players)]
    hands[seat] = []
    carriage = [0] * players
    carriage[seat] = 6
    state = build(
        players=players,
        hands=hands,
        routes=routes,
        carriage=carriage,
        turn=seat,
        houses=[[] for _ in range(players)],
        known=[[] for _ in range(players)],
        tiles=[[] for _ in range(players)],
        display=["Ulm", "Ulm", "Ulm", "Basel", "Passau", "Linz"],
        pile=["Budweis", "Pilsen", "Pilsen", "Pilsen", "Budweis", "Budweis"],
    )
    return play(state, {"close": {"houses": ["Basel", "Zürich"]}})


@pytest.mark.parametrize(
    "players, seat, turns_left",
    [(3, 0, [1, 2]), (3, 1, [2]), (3, 2, []), (4, 1, [2, 3]), (2, 0, [1])],
)
def test_final_round_finishes_after_the_trigger(players, seat, turns_left):
    # docs/rules/thurn-und-taxis.md, Final score: "finish the current round and then stop. The player sitting to the right of
    # the start player has the last turn, so everyone gets the same number of turns."
    state = end_trigger(players, seat)
    assert state.final_round and state.end_tile == seat
    seen = []
    rng = Rng(1)
    while not G.is_over(state):
        if state.turn not in seen:
            seen.append(state.turn)
        state = G.apply(state, G.playout_move(state, rng))
    assert seen == turns_left


def test_final_score_best_carriage_plus_tiles_minus_unplaced_houses():
    # docs/rules/thurn-und-taxis.md, Final score: "value of your highest carriage only plus the total of your bonus tiles minus
    # 1 per house not placed"; docs/rules/thurn-und-taxis.md, Houses: "the penalty for houses not placed is applied when
    # the game is over"; the game-end tile is worth 1.
    houses = list(data.CITIES[:16])
    running = build(
        hands=[[], [], []],
        carriage=[6, 4, 0],
        houses=[houses, [], []],
        tiles=[[["route_7", 4], ["Baden", 3]], [["route_5", 2]], []],
    )
    assert G.scores(running) == [7 + 7, 3 + 2, 0]
    assert G.projected_scores(running) == [14 - 4, 5 - 20, -20]
    over = build(
        hands=[[], [], []],
        carriage=[6, 4, 0],
        houses=[houses, [], []],
        tiles=[[["route_7", 4], ["Baden", 3]], [["route_5", 2]], []],
        over=True,
        final_round=True,
        end_tile=1,
    )
    assert G.scores(over) == [7 + 7 - 4, 3 + 2 + 1 - 20, -20]
    assert G.score_breakdown(over)[0] == {
        "carriage": 7,
        "route_bonus": 4,
        "region_bonus": 3,
        "all_provinces_bonus": 0,
        "game_end": 0,
        "unplaced_houses": -4,
    }
    assert G.score_breakdown(over)[1]["game_end"] == 1
    assert G.current_player(over) is None and G.legal_moves(over) == []


def finished(scores_by_carriage, end_tile, players=3):
    carriage = [{0: 0, 2: 3, 3: 4, 5: 5, 7: 6, 10: 7}[pts] for pts in scores_by_carriage]
    everything = list(data.CITIES[:20])
    return build(
        players=players,
        hands=[[] for _ in range(players)],
        routes=[[] for _ in range(players)],
        known=[[] for _ in range(players)],
        tiles=[[] for _ in range(players)],
        houses=[everything] * players,
        carriage=carriage,
        over=True,
        final_round=True,
        end_tile=end_tile,
    )


def test_tie_break_by_game_end_tile_then_seat_order_from_its_holder():
    # docs/rules/thurn-und-taxis.md, Final score Tie-break: "the one holding the game-end tile wins. If none of them holds it, the
    # tied player sitting closest after the tile's holder in clockwise (turn) order wins."
    holder_tied = finished([7, 10, 10, 0], end_tile=1, players=4)
    assert G.scores(holder_tied) == [7, 11, 10, 0]  # the tile itself breaks no tie here
    tied = finished([10, 7, 7, 10], end_tile=2, players=4)
    assert G.scores(tied) == [10, 7, 8, 10]
    assert G.winners(tied) == [3]  # seats 0 and 3 tie; after holder 2 comes 3, then 0
    tied = finished([10, 7, 10, 0], end_tile=1, players=4)
    assert G.winners(tied) == [2]
    state = finished([5, 10, 7], end_tile=0)  # 6 v 10 v 7: plain winner
    assert G.winners(state) == [1]
    tie_with_holder = finished([10, 7, 10], end_tile=1)  # 10, 8, 10: holder not tied
    assert G.winners(tie_with_holder) == [2]


def test_tie_with_the_holder_goes_to_the_holder():
    # docs/rules/thurn-und-taxis.md, Final score: "Among the tied leaders, the one holding the game-end tile wins."
    state = build(
        hands=[[], [], []],
        carriage=[7, 6, 0],
        tiles=[[], [["route_5", 2]], []],
        houses=[list(data.CITIES[:20])] * 3,
        over=True,
        final_round=True,
        end_tile=1,
        known=[[], [], []],
    )
    assert G.scores(state) == [10, 10, 0] and G.winners(state) == [1]


# ---- hidden information (docs/rules/thurn-und-taxis.md, Hidden information) ---------------------------------------------
def test_view_hides_hands_pile_rng_and_others_tile_values():
    # docs/rules/thurn-und-taxis.md, Bonus tiles: "bonus tile values are hidden from opponents: scores of the full state counts
    # them, while a seat's screen is drawn from view(state, seat), where others' bonus tiles
    # are a count, face down"; docs/architecture.md, Engine contract: the view removes hands, deck order and the RNG.
    state = build(
        hands=[["Ulm", "Lodz"], ["Basel", "Passau", "Linz"], []],
        known=[[], ["Passau"], []],
        pile=["Pilsen", "Budweis"],
        tiles=[[["Baden", 3]], [["route_5", 2]], []],
        stacks={**js(G.new())["stacks"], "Baden": 2, "route_5": 1},
    )
    view = js(G.view(state, 0))
    assert view["rng"] is None and view["pile"] == 2
    assert view["hands"] == [["Ulm", "Lodz"], 3, 0]  # own cards, in map order
    assert view["known"][1] == ["Passau"]  # taken from the display in plain sight
    assert view["tiles"] == [[["Baden", 3]], 1, 0]
    assert G.scores(G.view(state, 0))[1] == 0 and G.scores(state)[1] == 2
    spectator = js(G.view(state, None))
    assert spectator["hands"] == [2, 3, 0] and spectator["tiles"] == [1, 1, 0]
    assert G.legal_moves(G.view(state, 1)) == []  # seat 0 is to move, not the viewer
    assert G.legal_moves(G.view(state, 0)) == G.legal_moves(state)


def test_face_down_hands_tiles_and_pile_say_what_they_are_and_round_trip():
    # docs/architecture.md, Engine contract: a view hides hands, tile values and the deck order and "can be drawn and
    # serialised"; a face-down hand, pile or set of tiles is a FaceDown count in the state and
    # its count in JSON, read back as FaceDown only where the view hides it.
    state = build(
        hands=[["Ulm", "Lodz"], ["Basel", "Passau", "Linz"], []],
        pile=["Pilsen", "Budweis"],
        tiles=[[["Baden", 3]], [["route_5", 2]], []],
        stacks={**js(G.new())["stacks"], "Baden": 2, "route_5": 1},
    )
    view = G.view(state, 0)
    assert view.hands[1] == FaceDown(3) and len(view.hands[1]) == 3
    assert view.pile == FaceDown(2) and view.tiles[1] == FaceDown(1)
    assert queries.hand_size(view, 1) == 3 and queries.tiles(view, 1) == FaceDown(1)
    assert queries.tiles(view, 0) == [("Baden", 3)] and queries.hand(view, 0) == ["Ulm", "Lodz"]
    obj = js(view)
    assert obj["hands"][1] == 3 and obj["pile"] == 2 and obj["tiles"][1] == 1
    again = G.from_json(json.loads(json.dumps(obj)))
    assert again == view and again.hands[1] == FaceDown(3)
    own_counted = {**obj, "hands": [2, 3, 0]}  # the viewer's own hand is never face down
    with pytest.raises(BadData, match="hand"):
        G.from_json(own_counted)
    full = js(state)
    full["hands"][1] = 3  # a full state shows every hand
    with pytest.raises(BadData):
        G.from_json(full)
    with pytest.raises(BadData, match="hidden"):
        queries.hand(view, 1)


def test_mix_entropy_shuffles_the_face_down_pile_and_nothing_else():
    # docs/links.md / Game.mix_entropy: "everything not yet revealed (draw piles ...) dealt again
    # from the mixed RNG"; what is public stays (display, hands as their owners see them,
    # discards), and so does a pile in the fixed order of the `deck` option (a scenario).
    state = play(G.new(players=3, seed=4), {"draw": 0}, {"draw": "deck"})
    before = js(state)
    orders = set()
    for bits in range(6):
        mixed = js(G.mix_entropy(state, bits * 0x9E3779B97F4A7C15 % (1 << 64)))
        assert {k: v for k, v in mixed.items() if k not in ("pile", "rng")} == {
            k: v for k, v in before.items() if k not in ("pile", "rng")
        }
        assert sorted(mixed["pile"]) == sorted(before["pile"])
        orders.add(tuple(mixed["pile"]))
    assert len(orders) == 6 and js(state) == before
    deck = ["Ulm", "Lodz", "Basel", "Passau", "Linz", "Pilsen", "Budweis", "Augsburg", "Kempten"]
    fixed = G.new(players=2, seed=1, options={"deck": deck})
    assert all(js(G.mix_entropy(fixed, bits))["pile"] == deck[6:] for bits in range(6))
    # once the discards were shuffled into a new pile, its order is chance's again
    drawn = play(
        build(
            display=SIX_OPEN,
            discard_pile=["Pilsen", "Lodz", "Ulm", "Augsburg"],
            hands=[["Carlsruhe"], [], []],
            step=STEP_DRAW,
        ),
        {"draw": "deck"},
    )
    assert js(drawn)["pile_fixed"] is False and len(js(drawn)["pile"]) == 3
    assert len({tuple(js(G.mix_entropy(drawn, bits))["pile"]) for bits in range(12)}) > 1


def test_cards_taken_from_the_display_stay_known_until_played():
    # Required: "be exact about which information is public": everyone saw a display card go
    # into the hand; a card drawn from the pile is not named.
    state = build(
        display=["Ulm", "Lodz", "Basel", "Passau", "Linz", "Pilsen"],
        pile=["Budweis", "Augsburg"],
        hands=[["Stuttgart"], [], []],
        routes=[["Carlsruhe"], [], []],
        step=STEP_DRAW,
    )
    state = play(state, {"official": "postmaster"}, {"draw": 0}, {"draw": "deck"})
    seen = js(G.view(state, 1))
    assert seen["hands"][0] == 3 and seen["known"][0] == ["Ulm"]
    state = play(state, {"play": "Stuttgart", "end": "right"}, {"pass": True})
    assert js(G.view(state, 1))["known"][0] == ["Ulm"]
    assert G.view(state, 1).hands[0] == FaceDown(2)
    # the determinizations of seat 1 always give seat 0 its Ulm
    assert all(CITY_ULM in G.determinize(G.view(state, 1), Rng(k)).hands[0] for k in range(10))
    played = play(
        build(
            hands=[["Ulm", "Ulm"], [], []],
            known=[["Ulm"], [], []],
            routes=[["Stuttgart"], [], []],
            step=STEP_PLAY,
        ),
        {"play": "Ulm", "end": "right"},
    )
    assert js(played)["known"][0] == []  # which Ulm was played nobody can tell


CITY_ULM = data.CITIES.index("Ulm")


def test_log_shows_others_bonus_kinds_but_not_values():
    state = build(
        hands=[[], [], []],
        routes=[["Carlsruhe", "Freiburg", "Basel"], [], []],
        houses=[["Mannheim"], [], []],
    )
    state = play(state, {"close": {"houses": ["Carlsruhe", "Freiburg"]}})
    own = js(G.view(state, 0))["log"][-1]
    other = js(G.view(state, 1))["log"][-1]
    assert own["bonuses"] == [{"tile": "Baden", "value": 3}]
    assert other["bonuses"] == [{"tile": "Baden", "value": None}]
    assert other["houses"] == ["Carlsruhe", "Freiburg"] and other["carriage"] == 3
    # a determinization restores the values (stacks are taken top first, in log order)
    again = G.determinize(G.view(state, 1), Rng(4))
    assert js(again)["tiles"][0] == [["Baden", 3]] and js(again)["log"] == js(state)["log"]


def test_determinize_keeps_known_cards_and_samples_the_pile_from_its_batch():
    # Required: "determinize(view, rng) samples them consistently with what that seat knows";
    # the pile after a reshuffle holds only cards that were in the discards then.
    state = build(
        hands=[["Ulm"], ["Lodz", "Lodz", "Basel"], ["Passau", "Linz"]],
        known=[["Ulm"], ["Lodz"], []],
        pile=["Pilsen", "Budweis", "Budweis"],
        pile_batch={"Pilsen": 1, "Budweis": 2},
    )
    view = G.view(state, 0)
    for seed in range(20):
        full = G.determinize(view, Rng(seed))
        assert js(G.view(full, 0)) == js(view)
        assert sorted(js(full)["pile"]) == ["Budweis", "Budweis", "Pilsen"]
        assert "Lodz" in js(full)["hands"][1]
        assert full.rng is not None


def test_undoable_only_for_steps_that_reveal_nothing():
    # Required: undoable is True for playing, officials that reveal nothing, abandoning,
    # passing; False for any draw, the Administrator, closing that takes a bonus tile.
    display = ["Ulm", "Lodz", "Basel", "Passau", "Linz", "Pilsen"]
    drawing = build(
        display=display,
        pile=["Budweis", "Innsbruck", "Kempten"],
        hands=[["Stuttgart", "Carlsruhe"], [], []],
        routes=[["Mannheim", "Würzburg"], [], []],
        step=STEP_DRAW,
    )
    for move in ({"draw": 0}, {"draw": "deck"}, {"official": "administrator"}):
        assert not G.undoable(drawing, G.apply(drawing, move))
    assert G.undoable(drawing, G.apply(drawing, {"official": "postmaster"}))
    playing = play(drawing, {"draw": "deck"})
    for move in ({"play": "Stuttgart", "end": "right"}, {"abandon": True}, {"official": "carrier"}):
        assert G.undoable(playing, G.apply(playing, move))
    closing = play(playing, {"play": "Stuttgart", "end": "right"})
    for move in ({"pass": True}, {"official": "cartwright"}):
        assert G.undoable(closing, G.apply(closing, move))
    plain = G.apply(closing, {"close": {"houses": ["Mannheim", "Stuttgart", "Würzburg"]}})
    assert G.undoable(closing, plain)  # houses and a carriage: nothing hidden shows
    bonus = build(
        hands=[[], [], []],
        routes=[["Carlsruhe", "Freiburg", "Basel"], [], []],
        houses=[["Mannheim"], [], []],
    )
    assert not G.undoable(bonus, G.apply(bonus, {"close": {"houses": ["Carlsruhe", "Freiburg"]}}))


def test_describe_move_never_names_a_card_drawn_blind():
    # Required: "never reveal hidden info in a public log line (a draw from the pile does not
    # name the card)".
    state = build(
        display=["Ulm", "Lodz", "Basel", "Passau", "Linz", "Pilsen"],
        pile=["Budweis"],
        hands=[["Stuttgart"], [], []],
        step=STEP_DRAW,
    )
    assert G.describe_move(state, {"draw": "deck"}) == ("tnt.log.draw_deck", {"player": 0})
    assert G.describe_move(state, {"draw": 0}) == (
        "tnt.log.draw_display",
        {"player": 0, "slot": 0, "city": "Ulm"},
    )
    key, params = G.describe_move(state, {"official": "administrator"})
    assert key == "tnt.log.official" and params["official"] == "administrator"


# ---- queries for the board and the AI ----------------------------------------------------------
def test_extensions_lists_hand_cards_per_end():
    # docs/rules/thurn-und-taxis.md, Sources (UI): "show which hand cards can legally be played at each end of the route".
    state = build(
        hands=[["Carlsruhe", "Würzburg", "Augsburg", "Lodz", "Ulm"], [], []],
        routes=[["Stuttgart", "Ulm"], [], []],
        step=STEP_PLAY,
    )
    assert queries.extensions(state) == {"left": ["Carlsruhe", "Würzburg"], "right": ["Augsburg"]}
    assert not queries.must_abandon(state)
    empty = build(hands=[["Lodz", "Ulm"], [], []], step=STEP_PLAY)
    assert queries.extensions(empty) == {"left": [], "right": ["Ulm", "Lodz"]}
    with pytest.raises(BadData, match="hidden"):
        queries.extensions(G.view(state, 1), 0)


def test_must_abandon_when_no_hand_card_fits():
    # docs/rules/thurn-und-taxis.md, Sources: "warn before a route would be forced to be given up".
    state = build(
        hands=[["Lodz", "Basel"], [], []], routes=[["Stuttgart", "Ulm"], [], []], step=STEP_PLAY
    )
    assert queries.must_abandon(state)
    assert [m for m in legal_json(state) if "play" in m or "abandon" in m] == [{"abandon": True}]
    assert not queries.must_abandon(build(hands=[["Lodz"], [], []], step=STEP_PLAY))


def test_closing_options_say_what_each_choice_earns():
    # Required: "which houses each closing option would place and what it would earn".
    state = build(
        hands=[[], [], []],
        routes=[["Carlsruhe", "Freiburg", "Basel"], [], []],
        houses=[["Mannheim"], [], []],
    )
    options = {tuple(o["houses"]): o for o in queries.closing_options(state)}
    assert set(options) == {
        ("Carlsruhe", "Freiburg"),
        ("Basel",),
        ("Basel", "Carlsruhe"),
        ("Basel", "Freiburg"),
    }
    baden = options[("Carlsruhe", "Freiburg")]
    assert baden["bonuses"] == [{"tile": "Baden", "value": 3}] and baden["carriage"] == 3
    assert baden["banked_gain"] == 3 + 2 and baden["projected_gain"] == 5 + 2
    assert options[("Basel",)]["banked_gain"] == 2 and not baden["game_end"]
    # what the legal moves offer is exactly what the query describes
    assert sorted(options) == sorted(
        tuple(m["close"]["houses"]) for m in legal_json(state) if "close" in m
    )
    assert (
        queries.closing_options(build(hands=[[], [], []], routes=[["Ulm", "Stuttgart"], [], []]))
        == []
    )
    seven = build(hands=[[], [], []], routes=[ROUTE5, [], []], carriage=[6, 0, 0])
    assert queries.closing_options(seven)[0]["carriage"] is None
    assert all(
        o["carriage"] == 7 and o["game_end"] == "carriage_7"
        for o in queries.closing_options(seven, cartwright=True)
    )


# ---- moves and states as JSON (docs/architecture.md, Engine contract, Move JSON) ---------------------------------------
@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        {},
        {"draw": 6},
        {"draw": True},
        {"draw": "pile"},
        {"official": "mayor"},
        {"play": "Munich", "end": "right"},
        {"play": "Ulm"},
        {"play": "Ulm", "end": "up"},
        {"abandon": False},
        {"pass": 1},
        {"close": ["Ulm"]},
        {"close": {"houses": "Ulm"}},
        {"discard": "Ulm"},
        {"discard": [1]},
        {"draw": 1, "play": "Ulm"},
    ],
)
def test_malformed_moves_are_rejected_with_a_reason(bad):
    with pytest.raises(IllegalMove) as info:
        G.parse_move(bad)
    assert str(info.value).strip()


def test_moves_with_lists_compare_equal_whatever_the_order():
    # House rules: "lists inside moves as sorted tuples so equal moves compare equal".
    a = G.parse_move({"close": {"houses": ["Ulm", "Basel"]}})
    b = G.parse_move({"close": {"houses": ["Basel", "Ulm"]}})
    assert a == b and a.to_json() == {"close": {"houses": ["Basel", "Ulm"]}}
    assert G.parse_move({"discard": ["Ulm", "Basel"]}) != a  # another kind of move
    assert G.parse_move({"abandon": True}) != G.parse_move({"pass": True})


def test_state_round_trips_and_damaged_states_raise_bad_data():
    state = G.new(players=4, seed=11)
    rng = Rng(3)
    for _ in range(150):
        state = G.apply(state, G.playout_move(state, rng))
    again = G.from_json(json.loads(json.dumps(js(state))))
    assert again == state and js(again) == js(state)
    damaged = js(state)
    damaged["hands"][0] = damaged["hands"][0] + ["Lodz"]
    with pytest.raises(BadData, match=r"add up|more than"):
        G.from_json(damaged)
    bad_route = js(state)
    bad_route["routes"][1] = ["Lodz", "Ulm"]
    with pytest.raises(BadData):
        G.from_json(bad_route)


# ---- random play --------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_playout_moves_are_always_legal_and_games_end(players):
    # Required: "Random play always ends, without bending the rules."
    lengths = []
    for seed in range(4):
        state = G.new(players=players, seed=seed)
        rng = Rng(seed)
        moves = 0
        while not G.is_over(state):
            move = G.playout_move(state, rng)
            assert move in G.legal_moves(state), (seed, moves, move)
            state = G.apply(state, move)
            moves += 1
        lengths.append(moves)
        assert state.final_round and state.end_tile is not None
        assert len(G.winners(state)) == 1
    assert max(lengths) < 1500


def test_uniform_random_play_ends():
    # Required: "make sure plain uniform random play ... ends reasonably".
    for seed in range(3):
        state = G.new(players=3, seed=seed)
        rng = Rng(seed)
        moves = 0
        while not G.is_over(state):
            legal = G.legal_moves(state)
            state = G.clone(state)
            G.apply_in_place(state, legal[rng.below(len(legal))])
            moves += 1
        assert moves < 20000


def test_match_undo_save_and_link_round_trip():
    # docs/architecture.md, Engine contract saves replay moves through apply; the core Match uses undoable for fair undo.
    from game.core.match import Match

    match = Match("thurn-und-taxis", players=3, seed=21)
    match.play({"draw": "deck"})
    assert not match.can_undo()  # a card drawn blind
    match.play({"draw": 0})
    match.play(match.game.legal_moves(match.state)[0])
    assert match.can_undo() and match.undo() == 1 and queries.phase(match.state) == "play"
    rng = Rng(5)
    while not match.is_over():
        match.play(G.playout_move(match.state, rng))
    again = Match.from_link(match.to_link())
    assert again.state == match.state and again.moves == match.moves
    assert len(match.to_link()) < 4000


def test_cli_random_games_run():
    state, moves = play_random(games.get("thurn-und-taxis"), 3, 7)
    assert G.is_over(state) and moves > 50
