"""Thurn und Taxis: the computer opponent's "no visible blunder" rules, one test each
on a position built with the engine's `deck` option (first 6 cards = display, then the pile).

No-blunder list (written from watching AI games):
1. It never gives up its route while a card in its hand fits either end of it.
2. When no card in its hand fits its route but a display card does, it takes a fitting display
   card (or the Postmaster for two draws) - never a blind draw or the Administrator, which
   could leave it without a fitting card and cost the whole route.
3. When it closes a route it places the most houses (and takes the most bonus points) that
   closing can bring at once - never 1 house where 3 were possible.
4. It never ends its turn without closing a route of 3+ cards that no card in its hand and
   none on the display fits: the next turn would most likely have to give the route up.
"""

import pytest
from test_thurn_und_taxis import SIX_OPEN, STEP_PLAY, build

from game import games
from game.core.ai import choose_move, level_params
from game.thurn_und_taxis import engine, queries
from game.thurn_und_taxis.ai import KNOWLEDGE

GAME = games.get("thurn-und-taxis")
DECK = [
    "Ulm",
    "Stuttgart",
    "Lodz",
    "Basel",
    "Passau",
    "Kempten",
    "Pilsen",
    "Linz",
    "Freiburg",
    "Würzburg",
    "Zürich",
    "Innsbruck",
    "Mannheim",
    "Carlsruhe",
    "Budweis",
    "Salzburg",
    "München",
    "Augsburg",
]


def position(deck, moves, players=2):
    state = GAME.new(players=players, seed=1, options={"deck": deck})
    for move in moves:
        state = GAME.apply(state, move)
    return state


def small(level="hard", iterations=60):
    params = level_params(GAME, level)
    params["iterations"] = iterations
    return params


def fitting(state, seat, cities):
    """Those of `cities` (None: an empty display slot) that fit an end of `seat`'s route, by
    the engine's one fit rule (queries.ends)."""
    return [c for c in cities if c is not None and queries.ends(state, seat, c)]


OPENING = [
    {"draw": 0},
    {"draw": 1},
    {"play": "Ulm", "end": "right"},
    {"pass": True},
    {"draw": 2},
    {"draw": 3},
    {"play": "Lodz", "end": "right"},
    {"pass": True},
]


@pytest.mark.parametrize("seed", range(4))
def test_never_gives_up_a_route_while_a_hand_card_fits(seed):
    # Seat 0: route Ulm, hand Stuttgart (fits Ulm) + Zürich; giving up is legal here.
    state = position(DECK, OPENING + [{"draw": "deck"}])
    assert queries.phase(state) == "play" and engine.Abandon() in GAME.legal_moves(state)
    for level in ("easy", "medium", "hard"):
        move = choose_move(GAME, state, 0, small(level), seed)
        assert type(move) is not engine.Abandon


@pytest.mark.parametrize("seed", range(4))
def test_draws_a_fitting_display_card_when_the_hand_has_none(seed):
    # Seat 0: route Ulm, hand Lodz (no road to Ulm); Stuttgart and Kempten lie on the display.
    deck = [
        "Ulm",
        "Lodz",
        "Stuttgart",
        "Basel",
        "Passau",
        "Kempten",
        "Pilsen",
        "Linz",
        "Freiburg",
        "Würzburg",
        "Zürich",
        "Innsbruck",
        "Mannheim",
    ]
    opening = [
        {"draw": 0},
        {"draw": 1},
        {"play": "Ulm", "end": "right"},
        {"pass": True},
        {"draw": 3},
        {"draw": 4},
        {"play": "Basel", "end": "right"},
        {"pass": True},
    ]
    state = position(deck, opening)
    assert queries.route(state, 0) == ["Ulm"]
    assert queries.phase(state) == "draw" and not fitting(state, 0, queries.hand(state, 0))
    for level in ("easy", "medium", "hard"):
        move = choose_move(GAME, state, 0, small(level), seed)
        if move == engine.Official("postmaster"):
            continue
        assert type(move) is engine.Draw and move.source != "deck"
        assert fitting(state, 0, [queries.display(state)[move.source]])


# 38 moves of a game with seed 0: seat 1 ends with route Augsburg-Ulm-Kempten-Zürich, hand Ulm
# and Salzburg, and nothing on the display fits either end.
STRANDED = [
    {"draw": "deck"},
    {"draw": 1},
    {"play": "Carlsruhe", "end": "right"},
    {"pass": True},
    {"draw": "deck"},
    {"draw": 5},
    {"play": "Carlsruhe", "end": "right"},
    {"pass": True},
    {"draw": 2},
    {"play": "Stuttgart", "end": "right"},
    {"official": "carrier"},
    {"play": "Würzburg", "end": "right"},
    {"pass": True},
    {"official": "postmaster"},
    {"draw": "deck"},
    {"draw": "deck"},
    {"abandon": True},
    {"play": "Ulm", "end": "right"},
    {"pass": True},
    {"draw": "deck"},
    {"draw": 0},
    {"play": "Nürnberg", "end": "right"},
    {"pass": True},
    {"draw": 2},
    {"play": "Kempten", "end": "right"},
    {"pass": True},
    {"draw": 1},
    {"play": "Pilsen", "end": "right"},
    {"pass": True},
    {"draw": 3},
    {"play": "Zürich", "end": "right"},
    {"pass": True},
    {"draw": "deck"},
    {"abandon": True},
    {"play": "Augsburg", "end": "right"},
    {"pass": True},
    {"draw": 3},
    {"play": "Augsburg", "end": "left"},
]


@pytest.mark.parametrize("seed", range(3))
def test_closes_a_route_that_nothing_in_sight_fits(seed):
    state = GAME.new(players=2, seed=0)
    for move in STRANDED:
        state = GAME.apply(state, move)
    seat = GAME.current_player(state)
    assert queries.phase(state) == "close" and len(queries.route(state, seat)) >= 3
    assert engine.Pass() in GAME.legal_moves(state)
    assert not fitting(state, seat, queries.hand(state, seat))
    assert not fitting(state, seat, queries.display(state))
    for level in ("easy", "medium", "hard"):
        move = choose_move(GAME, state, seat, small(level), seed)
        # the Cartwright first is fine: after him the route must be closed
        assert type(move) is engine.Close or move == engine.Official("cartwright")


@pytest.mark.parametrize("seed", range(3))
def test_closing_places_the_most_houses(seed):
    state = GAME.new(players=2, seed=0)
    for move in STRANDED:
        state = GAME.apply(state, move)
    seat = GAME.current_player(state)
    most = max(len(m.houses) for m in GAME.legal_moves(state) if type(m) is engine.Close)
    assert most == 3 and any(
        len(m.houses) < most for m in GAME.legal_moves(state) if type(m) is engine.Close
    )
    for level in ("easy", "medium", "hard"):
        move = choose_move(GAME, state, seat, small(level), seed)
        if type(move) is engine.Official:  # the Cartwright: then the close itself
            state_after = GAME.apply(state, move)
            move = choose_move(GAME, state_after, seat, small(level), seed)
        assert type(move) is engine.Close and len(move.houses) == most


@pytest.mark.parametrize("players", [3, 4])
def test_plays_with_more_players(players):
    state = GAME.new(players=players, seed=3)
    for k in range(30):
        move = choose_move(GAME, state, None, small("hard", 20), k)
        assert move in GAME.legal_moves(state)
        state = GAME.apply(state, move)


def test_after_the_carriers_first_card_it_weighs_stopping_and_closes_the_best_way():
    # docs/rules/thurn-und-taxis.md, Officials: after the Postal Carrier's first card "a pass or a close is legal too": the
    # search keeps playing on, passing and the best closings (most houses) among its choices.
    state = build(
        players=2,
        hands=[["Regensburg", "Pilsen", "Lodz"], []],
        routes=[["Würzburg", "Nürnberg"], []],
        display=SIX_OPEN,
        pile=["Mannheim", "Carlsruhe", "Freiburg", "Salzburg", "München", "Augsburg"],
        step=STEP_PLAY,
    )
    state = GAME.apply(state, engine.Official("carrier"))
    state = GAME.apply(state, engine.Play("Regensburg", "right"))
    moves = GAME.legal_moves(state)
    assert queries.phase(state) == "play" and engine.Pass() in moves
    assert engine.Play("Pilsen", "right") in moves
    closes = [m for m in moves if type(m) is engine.Close]
    most = max(len(m.houses) for m in closes)
    assert any(len(m.houses) < most for m in closes)
    kept = KNOWLEDGE.prune(GAME, state, moves, root=True)
    assert engine.Pass() in kept and engine.Play("Pilsen", "right") in kept
    assert {len(m.houses) for m in kept if type(m) is engine.Close} == {most}
    for seed in range(3):
        for level in ("easy", "hard"):
            move = choose_move(GAME, state, 0, small(level), seed)
            assert move in moves
            assert type(move) is not engine.Close or len(move.houses) == most
