"""Keyed chance in the three games (link play: docs/links.md, "Fair chance in link play"; the
contract's Game.keyed, to_deal and deal). In a keyed state nothing face down has an order (its
pools are sorted), the state holds a generator only between a turn's deal and the turn passing
to another seat, and each chance outcome is drawn when it happens from the pieces still hidden.
Seeded play (no link) is untouched: its tests are the games' own and the golden links.

`conformance.run_keyed` checks the contract in random games; the tests below check where each
game's chance now happens, each citing the rule of the game it keeps."""

import json

import pytest

from game import games
from game.carcassonne import queries as carcassonne
from game.core import BadData, IllegalMove, Rng, conformance
from game.core.ai.search import choose_move
from game.thurn_und_taxis import queries as tnt
from game.thurn_und_taxis.data import CITIES
from game.toscana import queries as toscana

CARCASSONNE = games.get("carcassonne")
TOSCANA = games.get("toscana")
TNT = games.get("thurn-und-taxis")
KEYS = range(1, 41)  # deals compared over these keys


def js(game, state):
    return json.loads(json.dumps(game.to_json(state)))


def random_moves(game, state, count, seed):
    """`state` after `count` random moves (dealing waiting turns with keys from the same
    generator), stopping early at the end of the game."""
    rng = Rng(seed)
    for _ in range(count):
        if game.to_deal(state) is not None:
            state = game.deal(state, rng.next_u64())
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.apply(state, moves[rng.below(len(moves))])
    return state


def to_the_next_wait(game, state, seed=1):
    """A dealt `state` played on (random moves) until a turn waits for its deal."""
    rng = Rng(seed)
    while game.to_deal(state) is None and not game.is_over(state):
        moves = game.legal_moves(state)
        state = game.apply(state, moves[rng.below(len(moves))])
    return state


# ---- the contract, in random games ------------------------------------------------------------
CARCASSONNE_DECK = ["U", "E", "V", "letter1", "B", "K", "U", "L", "A", "D", "E", "U", "W", "X"]
TOSCANA_PILES = [["T07", "T01", "T12", "T03", "T09"], ["T15", "T16", "T02", "T05"]]
# one card per city (a scenario's deck runs out, is reshuffled and may leave slots empty)
TNT_DECK = ["Stuttgart", "Ulm", "Sigmaringen", "Freiburg", "Basel", "Zürich", "Mannheim"]
TNT_DECK += ["Carlsruhe", "Innsbruck", "Würzburg", "Nürnberg", "Regensburg", "Ingolstadt"]
TNT_DECK += ["Augsburg", "München", "Passau", "Kempten", "Salzburg", "Linz", "Pilsen"]
TNT_DECK += ["Budweis", "Lodz"]


@pytest.mark.parametrize(
    ("game_id", "players", "seeds", "options"),
    [
        ("carcassonne", 2, [1], None),
        ("carcassonne", 3, [3], {"courier": "letter_tiles"}),
        ("carcassonne", 5, [4], {"courier_reach": "adjacent", "courier_scoring": "pre2024"}),
        ("toscana", 2, [1, 2], None),
        ("toscana", 2, [4], {"contact": "own-both"}),
        # uniform random Thurn und Taxis runs to 2,000 checked moves: one game (the seats
        # change nothing of where chance happens; the toy game and Carcassonne run 3 to 5)
        ("thurn-und-taxis", 2, [8], None),
    ],
)
def test_keyed_games_conform(game_id, players, seeds, options):
    # docs/links.md, "Fair chance in link play": every turn waits for its deal, and what it
    # draws follows its key
    game = games.get(game_id)
    digest = conformance.run_keyed(game, seeds, players=players, options=options)
    assert len(digest) == 64


@pytest.mark.parametrize(
    ("game_id", "seeds", "options"),
    [
        ("carcassonne", [1, 2], {"courier": "letter_tiles", "deck": CARCASSONNE_DECK}),
        ("toscana", [1, 2], {"piles": TOSCANA_PILES}),
        ("thurn-und-taxis", [3], {"deck": TNT_DECK}),
    ],
)
def test_keyed_scenarios_leave_nothing_to_the_keys(game_id, seeds, options):
    # docs/links.md, "Scenarios": a fixed deck or fixed piles keep their order; the turns still
    # wait for their deals, and no key changes what comes (in Thurn und Taxis until the pile
    # runs out: docs/rules/thurn-und-taxis.md, "Empty pile", shuffles the discards, by the key)
    game = games.get(game_id)
    conformance.run_keyed(game, seeds, players=2, options=options, chance=False)


# ---- what every game keeps -------------------------------------------------------------------
def waiting_and_dealt(game, players):
    """A keyed game a few moves in: (a turn waiting for its deal, the same turn dealt)."""
    state = game.keyed(random_moves(game, game.new(players=players, seed=9), 7, seed=9))
    waiting = to_the_next_wait(game, game.deal(state, 5))
    return waiting, game.deal(waiting, 6)


GAMES = [(CARCASSONNE, 3), (TOSCANA, 2), (TNT, 3)]


@pytest.mark.parametrize(("game", "players"), GAMES, ids=lambda g: getattr(g, "id", ""))
def test_views_and_determinizations_of_keyed_states_are_keyed(game, players):
    # the contract's Game.keyed: views and determinizations of a keyed state are keyed too; a
    # waiting turn stays waiting (the search deals it), a dealt one gets a generator of its own
    waiting, dealt = waiting_and_dealt(game, players)
    seat = game.to_deal(waiting)
    for state, waits in ((waiting, True), (dealt, False)):
        for viewer in range(players):
            view = game.view(state, viewer)
            assert js(game, view)["keyed"] is True and js(game, view)["rng"] is None
            sample = game.determinize(view, Rng(viewer))
            assert js(game, sample)["keyed"] is True
            assert (js(game, sample)["rng"] is None) == waits
            assert game.to_deal(sample) == (seat if waits else None)
            assert game.view(sample, viewer) == view


@pytest.mark.parametrize(("game", "players"), GAMES, ids=lambda g: getattr(g, "id", ""))
def test_damaged_keyed_states_are_bad_data(game, players):
    # CONTRIBUTING, serial.py: reading validates; a waiting turn holds no generator, only a
    # keyed game waits, and a keyed pool is listed in order
    waiting, dealt = waiting_and_dealt(game, players)
    good = js(game, waiting)
    assert game.from_json(good) == waiting
    damaged = [
        {**good, "rng": js(game, dealt)["rng"]},
        {**good, "keyed": False},
        {**good, "waiting": "yes"},
        {k: v for k, v in good.items() if k != "waiting"},
        {**js(game, dealt), "keyed": False, "rng": None},
    ]
    pool = {"carcassonne": "deck", "toscana": "piles", "thurn-und-taxis": "pile"}[game.id]
    unordered = json.loads(json.dumps(good))
    if game.id == "toscana":
        seat = game.to_deal(waiting)
        unordered["piles"][seat] = unordered["piles"][seat][:1] + unordered["piles"][seat][1:][::-1]
    else:
        unordered[pool] = unordered[pool][::-1]
    assert unordered != good
    damaged.append(unordered)
    for obj in damaged:
        with pytest.raises(BadData):
            game.from_json(obj)


@pytest.mark.parametrize(("game", "players"), GAMES, ids=lambda g: getattr(g, "id", ""))
def test_the_computer_plays_a_keyed_turn(game, players):
    # docs/links.md, "A deal": a computer's turn is dealt like any other; the search deals the
    # later waiting turns of its samples itself
    waiting, dealt = waiting_and_dealt(game, players)
    assert game.legal_moves(waiting) == []
    for level in ("greedy", "easy"):
        assert choose_move(game, dealt, level=level, seed=4) in game.legal_moves(dealt)


# ---- Carcassonne -----------------------------------------------------------------------------
def carcassonne_scenario(deck, *moves, pooled=False, **options):
    """A scenario with the draw order `deck` after `moves`, keyed; `pooled`: its stack is an
    ordinary shuffled one (not fixed), so keyed makes it a pool."""
    state = CARCASSONNE.new(players=2, seed=1, options={"deck": deck, "courier": "off", **options})
    for move in moves:
        state = CARCASSONNE.apply(state, move)
    if pooled:
        state = CARCASSONNE.from_json({**js(CARCASSONNE, state), "fixed_deck": False})
    return CARCASSONNE.keyed(state)


def place(x, y, rot=0, meeple=None):
    return {"x": x, "y": y, "rot": rot, "meeple": meeple}


def test_carcassonne_tile_in_hand_goes_back_and_is_drawn_at_the_deal():
    # docs/rules/carcassonne.md, "Tile placement": each turn the player draws a tile and
    # places it; keyed, the seat to move has drawn nothing yet: its tile goes back, the deal
    # draws it
    state = CARCASSONNE.new(players=2, seed=3)
    tile, left = carcassonne.current_tile(state), carcassonne.tiles_left(state)
    keyed = CARCASSONNE.keyed(state)
    assert carcassonne.current_tile(keyed) is None and CARCASSONNE.to_deal(keyed) == 0
    assert carcassonne.tiles_left(keyed) == left + 1
    assert (
        carcassonne.remaining_tiles(keyed)[tile]
        == carcassonne.remaining_tiles(state).get(tile, 0) + 1
    )
    deck = js(CARCASSONNE, keyed)["deck"]
    assert js(CARCASSONNE, keyed)["rng"] is None and CARCASSONNE.legal_moves(keyed) == []
    assert carcassonne.legal_positions(keyed) == {}
    drawn = {carcassonne.current_tile(CARCASSONNE.deal(keyed, key)) for key in KEYS}
    assert len(drawn) > 3 and drawn <= set(deck)
    assert CARCASSONNE.deal(keyed, 7) == CARCASSONNE.deal(keyed, 7)


def test_carcassonne_next_tile_is_drawn_at_the_next_deal_not_at_the_end_of_the_turn():
    # docs/rules/carcassonne.md, "Tile placement"; docs/links.md: chance of the next turn
    # is drawn at its deal, so nobody holding the link knows the next tile
    state = CARCASSONNE.deal(CARCASSONNE.keyed(CARCASSONNE.new(players=2, seed=3)), 11)
    after = CARCASSONNE.apply(state, CARCASSONNE.legal_moves(state)[0])
    assert CARCASSONNE.to_deal(after) == 1 and carcassonne.current_tile(after) is None
    assert carcassonne.tiles_left(after) == carcassonne.tiles_left(state)
    assert js(CARCASSONNE, after)["rng"] is None
    assert js(CARCASSONNE, after)["deck"] == sorted(
        js(CARCASSONNE, after)["deck"], key=carcassonne.all_tiles().index
    )
    assert len({carcassonne.current_tile(CARCASSONNE.deal(after, key)) for key in KEYS}) > 3


def test_carcassonne_unplaceable_tiles_leave_the_game_at_the_deal():
    # docs/rules/carcassonne.md, "Unplaceable tile": a tile that fits nowhere is removed and the
    # same player draws again. With E closing the start city no square shows a city: C fits
    # nowhere. U went back into the pool with C and C; the deal draws until U comes.
    state = carcassonne_scenario(["E", "U", "C", "C"], place(0, -1, 2), pooled=True)
    assert CARCASSONNE.to_deal(state) == 1 and carcassonne.discarded_tiles(state) == []
    removed = set()
    for key in KEYS:
        dealt = CARCASSONNE.deal(state, key)
        assert carcassonne.current_tile(dealt) == "U" and CARCASSONNE.current_player(dealt) == 1
        discarded = carcassonne.discarded_tiles(dealt)
        assert set(discarded) <= {"C"} and carcassonne.tiles_left(dealt) == 2 - len(discarded)
        removed.add(len(discarded))
    assert removed == {0, 1, 2}  # how many C came first is the key's


def test_carcassonne_no_tile_left_that_fits_ends_the_game_without_a_deal():
    # docs/rules/carcassonne.md, "Unplaceable tile": "a stack emptied this way ends the game";
    # when no tile left fits, whatever the draw, they all go and no turn waits
    state = carcassonne_scenario(["E", "U", "C", "C"], place(0, -1, 2), pooled=True)
    state = CARCASSONNE.apply(CARCASSONNE.deal(state, 4), place(1, 0, 1))  # U
    assert CARCASSONNE.is_over(state) and CARCASSONNE.to_deal(state) is None
    assert carcassonne.discarded_tiles(state) == ["C", "C"] and carcassonne.tiles_left(state) == 0
    assert carcassonne.final_events(state) is not None


def test_carcassonne_fixed_deck_keyed_draws_in_its_order_with_the_same_removals():
    # docs/links.md, "Scenarios": a fixed deck keeps its order; docs/rules/carcassonne.md,
    # "Unplaceable tile" as in seeded play
    state = carcassonne_scenario(["E", "C", "U"])
    assert CARCASSONNE.to_deal(state) == 0 and js(CARCASSONNE, state)["deck"] == ["E", "C", "U"]
    state = CARCASSONNE.apply(CARCASSONNE.deal(state, 1), place(0, -1, 2))
    assert CARCASSONNE.to_deal(state) == 1
    for key in (1, 2):
        dealt = CARCASSONNE.deal(state, key)
        assert carcassonne.discarded_tiles(dealt) == ["C"]
        assert carcassonne.current_tile(dealt) == "U"


def test_carcassonne_courier_jumps_to_a_letter_tile_in_keyed_play():
    # seed 002 lines 24-25: when a letter tile is placed, move the Courier onto it at once,
    # wherever he stands; seed 002 lines 20-22: he starts on the start tile
    state = carcassonne_scenario(["letter1", "U"], courier="letter_tiles")
    assert carcassonne.courier_position(state) == (0, 0)
    state = CARCASSONNE.apply(CARCASSONNE.deal(state, 2), place(1, 0, 1))
    assert carcassonne.courier_position(state) == (1, 0) and CARCASSONNE.to_deal(state) == 1


# ---- Toscana ---------------------------------------------------------------------------------
def toscana_keyed(seed=2, moves=0, **options):
    state = random_moves(TOSCANA, TOSCANA.new(seed=seed, options=options), moves, seed)
    return TOSCANA.keyed(state)


def test_toscana_tops_stay_face_up_and_the_middle_becomes_a_pool():
    # docs/rules/toscana.md, "Piles" and "Hidden information": both tops show, the rest of each
    # pile is hidden (keyed: sorted, no order at all) and a vetoed tile is known at the bottom
    seeded = random_moves(TOSCANA, TOSCANA.new(seed=4), 3, 4)
    keyed = TOSCANA.keyed(seeded)
    assert toscana.top_tiles(keyed) == toscana.top_tiles(seeded)
    assert toscana.known_bottom(keyed) == toscana.known_bottom(seeded)
    assert js(TOSCANA, keyed)["piles"] == js(TOSCANA, TOSCANA.view(seeded, 0))["piles"]
    assert TOSCANA.to_deal(keyed) == TOSCANA.current_player(seeded)


def test_toscana_own_next_tile_shows_at_the_end_of_the_placement():
    # docs/rules/toscana.md, "Veto": the opponent decides a veto on the tile they see on top,
    # so the mover's next tile is turned up with the mover's key, at once
    state = TOSCANA.deal(toscana_keyed(), 3)
    seat = TOSCANA.current_player(state)
    tops = set()
    for key in KEYS:
        dealt = TOSCANA.deal(toscana_keyed(), key)
        after = TOSCANA.apply(dealt, TOSCANA.legal_moves(dealt)[0])
        assert TOSCANA.to_deal(after) == 1 - seat and toscana.top_tiles(after)[seat] is not None
        assert toscana.top_tiles(after)[1 - seat] == toscana.top_tiles(dealt)[1 - seat]
        tops.add(toscana.top_tiles(after)[seat])
    assert len(tops) > 3


def test_toscana_new_top_after_a_veto_comes_at_the_opponents_deal():
    # docs/rules/toscana.md, "Veto": the vetoed tile goes to the bottom and the opponent uses
    # the next one; keyed, that next one is drawn at the deal of the opponent's turn, and the
    # vetoed tile stays known at the bottom ("Hidden information")
    state = TOSCANA.deal(toscana_keyed(), 3)
    seat = TOSCANA.current_player(state)
    vetoed = toscana.top_tiles(state)[1 - seat]
    veto = next(m for m in TOSCANA.legal_moves(state) if m.veto)
    after = TOSCANA.apply(state, veto)
    assert TOSCANA.to_deal(after) == 1 - seat
    assert toscana.top_tiles(after)[1 - seat] is None  # face down until the deal
    assert toscana.known_bottom(after)[1 - seat] == [vetoed]
    sizes = toscana.pile_sizes(state)
    assert toscana.pile_sizes(after)[seat] == sizes[seat] - 1
    assert toscana.pile_sizes(after)[1 - seat] == sizes[1 - seat]
    for viewer in (0, 1):
        view = TOSCANA.view(after, viewer)
        assert toscana.top_tiles(view)[1 - seat] is None
        assert toscana.known_bottom(view)[1 - seat] == [vetoed]
    tops = set()
    for key in KEYS:
        dealt = TOSCANA.deal(after, key)
        top = toscana.top_tiles(dealt)[1 - seat]
        assert top not in (None, vetoed) and toscana.known_bottom(dealt)[1 - seat] == [vetoed]
        tops.add(top)
    assert len(tops) > 3


def round_one_end(state, rng):
    """A keyed game played on (random moves, dealing with `rng`) to the move that ends round 1:
    (the state before it, that move)."""
    while True:
        if TOSCANA.to_deal(state) is not None:
            state = TOSCANA.deal(state, rng.next_u64())
        moves = TOSCANA.legal_moves(state)
        move = moves[rng.below(len(moves))]
        after = TOSCANA.apply(state, move)
        if after.round_no == 2:
            return state, move
        state = after


def test_toscana_round_two_first_tiles_come_at_the_deal_of_its_first_turn():
    # docs/rules/toscana.md, "Round end": round 2 starts at once with new piles; "Colours and
    # start player": the paving player (seat 1 in round 2) starts. Keyed, its first tiles are
    # drawn at the deal of that turn; when seat 1 itself ended round 1, with its generator
    seen = set()
    for seed in range(1, 9):
        before, move = round_one_end(toscana_keyed(seed), Rng(seed))
        mover = TOSCANA.current_player(before)
        after = TOSCANA.apply(before, move)
        assert TOSCANA.current_player(after) == 1 and toscana.pile_sizes(after) == [16, 16]
        if mover == 0:
            assert TOSCANA.to_deal(after) == 1 and toscana.top_tiles(after) == [None, None]
            assert js(TOSCANA, after)["piles"] == [sorted(p) for p in js(TOSCANA, after)["piles"]]
            dealt = TOSCANA.deal(after, seed)
            assert None not in toscana.top_tiles(dealt)
        else:
            assert TOSCANA.to_deal(after) is None and None not in toscana.top_tiles(after)
        seen.add(mover)
    assert seen == {0, 1}


# 23 moves of a seeded game (seed 1226, contact "own-both"): seat 1 to move, holding a veto
BLOCKED_ROUND = [
    (6, 8, 0), (9, 4, 1), (7, 2, 0), (8, 0, 2), (5, 10, 2), (5, 4, 0), (11, 4, 1), (1, 3, 0),
    (3, 8, 1), (0, 5, 0), (10, 8, 0), (3, 1, 0), (4, 6, 0), (14, 5, 3), (1, 9, 1), (13, 1, 3),
    (9, 10, 3), (8, 14, 2), (14, 9, 3), (12, 11, 1), (2, 13, 2), (14, 13, 3), (3, 15, 0),
]  # fmt: skip


def test_toscana_a_dealt_tile_that_fits_nowhere_when_the_other_is_blocked_only_passes():
    # docs/rules/toscana.md, "Round end": the round ends when neither player can place (seed
    # 001 line 27). Keyed, a tile after a veto is turned up only at its owner's deal: when it
    # fits nowhere and the other player is blocked too, the round is over, and the one move
    # left is the pass that ends it (no veto: the round must not go on)
    state = TOSCANA.new(seed=1226, options={"contact": "own-both"})
    for x, y, rot in BLOCKED_ROUND:
        state = TOSCANA.apply(state, {"x": x, "y": y, "rot": rot})
    state = TOSCANA.deal(TOSCANA.keyed(state), 0)
    after = TOSCANA.apply(state, {"x": 15, "y": 0, "rot": 1, "veto": True})
    assert TOSCANA.to_deal(after) == 0 and toscana.legal_placements(after) == []
    assert toscana.legal_placements(TOSCANA.deal(after, 1)) != []  # T09 fits
    blocked = TOSCANA.deal(after, 0)  # T07 fits nowhere; seat 1's T12 fits nowhere either
    assert toscana.top_tiles(blocked) == ["T07", "T12"]
    assert [m.to_json() for m in TOSCANA.legal_moves(blocked)] == [{"pass": True}]
    with pytest.raises(IllegalMove, match="only ends the round"):
        TOSCANA.apply(blocked, {"pass": True, "veto": True})
    ended = TOSCANA.apply(blocked, {"pass": True})
    assert ended.round_no == 2 and toscana.last_move(ended)["round_end"]["round"] == 1


# ---- Thurn und Taxis -------------------------------------------------------------------------
def test_thurn_und_taxis_opening_display_is_dealt_at_seat_0s_first_deal():
    # seed 000 line 37: the city cards are shuffled and 6 laid out as the display; a game keyed
    # from its start deals them at seat 0's first deal, from the whole pool
    state = TNT.new(players=3, seed=5)
    keyed = TNT.keyed(state)
    assert tnt.display(keyed) == [None] * 6 and tnt.pile_size(keyed) == 66
    assert TNT.to_deal(keyed) == 0 and TNT.legal_moves(keyed) == []
    assert js(TNT, keyed)["pile"] == sorted(js(TNT, keyed)["pile"], key=CITIES.index)[::-1]
    displays = set()
    for key in KEYS:
        dealt = TNT.deal(keyed, key)
        assert None not in tnt.display(dealt) and tnt.pile_size(dealt) == 60
        displays.add(tuple(tnt.display(dealt)))
    assert len(displays) == len(KEYS)
    # keyed later, the display is on the table already: it stays, hands stay
    later = random_moves(TNT, state, 3, 5)
    again = TNT.keyed(later)
    assert tnt.display(again) == tnt.display(later)
    assert [tnt.hand(again, p) for p in range(3)] == [tnt.hand(later, p) for p in range(3)]


def test_thurn_und_taxis_blind_draws_and_refills_come_from_the_turns_deal():
    # seed 000 line 55: a player takes a display card or the top card of the pile, and the
    # display is refilled to six at once; keyed, both cards come from the pool with the key
    waiting = to_the_next_wait(TNT, TNT.deal(TNT.keyed(TNT.new(players=3, seed=5)), 1))
    seat = TNT.to_deal(waiting)
    blind, refills = set(), set()
    for key in KEYS:
        dealt = TNT.deal(waiting, key)
        after = TNT.apply(dealt, {"draw": "deck"})
        blind.add(tuple(tnt.hand(after, seat)))
        after = TNT.apply(dealt, {"draw": 0})
        refills.add(tnt.display(after)[0])
    assert len(blind) > 3 and len(refills) > 3


def test_thurn_und_taxis_discards_become_the_pool_when_the_pile_runs_out():
    # seed 000 line 55: "Když balík dojde, tak se přemíchá odhazovací balík" (when the pile
    # runs out, the discards are shuffled); keyed, they become the pool the key draws from
    waiting = to_the_next_wait(TNT, TNT.deal(TNT.keyed(TNT.new(players=3, seed=5)), 1))
    obj = js(TNT, waiting)
    obj["discard_pile"], obj["pile"] = obj["pile"], []
    emptied = TNT.from_json(obj)
    drawn = set()
    for key in KEYS:
        after = TNT.apply(TNT.deal(emptied, key), {"draw": "deck"})
        assert (
            tnt.discard_pile_size(after) == 0
            and tnt.pile_size(after) == len(obj["discard_pile"]) - 1
        )
        pile = js(TNT, after)["pile"]
        assert pile == sorted(pile, key=CITIES.index)[::-1]
        drawn.add(tuple(tnt.hand(after, TNT.current_player(after))))
    assert len(drawn) > 3
