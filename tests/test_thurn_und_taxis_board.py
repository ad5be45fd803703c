"""The Thurn und Taxis board's interaction and drawing, in CPython (the browser slice of the game:
docs/architecture.md, Browser shell and Look and feel; docs/rules/thurn-und-taxis.md).

Each test cites what it checks. The main guarantees: every step's clicks produce exactly the legal
moves (never one that `legal_moves` does not list, and every legal move can be made), a viewer
sees only what they may, and every text comes from the translation table.
"""

import base64
import itertools
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from game.core import Rng
from game.thurn_und_taxis import draw, draw_map, queries
from game.thurn_und_taxis.controller import Controller
from game.thurn_und_taxis.data import KIND_INDEX, STACK_VALUES
from game.thurn_und_taxis.engine import (
    GAME,
    Abandon,
    Close,
    Discard,
    Draw,
    Official,
    Pass,
    Play,
)
from game.thurn_und_taxis.panel import MANY_OPTIONS
from game.view.i18n import Translator
from game.view.markup import isolate

ROOT = Path(__file__).resolve().parent.parent
STRINGS = json.loads((ROOT / "assets" / "strings.json").read_text("utf-8"))
TR = Translator(STRINGS, "en")
TR_CS = Translator(STRINGS, "cs")
NAMES = ["Ann", "Ben", "Cleo", "Dan"]

BUTTON = re.compile(r"<button([^>]*)>")
ACT = re.compile(r'data-act="([^"]+)"')


def shown(board, state, viewer, names, tr, interactive):
    """All the table shows of the board beside the map: the step's panel and "More" (the
    screen's details moved there; hidden information must stay out of both)."""
    return board.panel_markup(state, viewer, names, tr, interactive) + board.details_markup(
        state, viewer, names, tr
    )


def enabled_acts(markup):
    """data-act of every button a person can press in this markup."""
    out = []
    for attrs in BUTTON.findall(markup):
        found = ACT.search(attrs)
        if found and " disabled" not in attrs:
            out.append(found.group(1))
    return out


def positions(seeds=(3, 8), players=(2, 3, 4), limit=None):
    """States along quick games (the engine's playout player), every step of every turn."""
    for seed, n in itertools.product(seeds, players):
        state, rng = GAME.new(players=n, seed=seed), Rng(seed * 31 + n)
        count = 0
        while not GAME.is_over(state):
            yield state
            count += 1
            if limit and count >= limit:
                break
            state = GAME.apply(state, GAME.playout_move(state, rng))
        else:
            yield state


def build(**fields):
    """A state from JSON fields laid over a fresh 2-player game with a short fixed deck."""
    obj = GAME.to_json(GAME.new(players=2, seed=1, options={"deck": DECK}))
    for key, value in fields.items():
        if key == "step":
            obj["step"] = {**obj["step"], **value}
        else:
            obj[key] = value
    cards = Counter(c for c in obj["display"] if c)
    cards.update(obj["pile"] + obj["discard_pile"])
    for cities in obj["hands"] + obj["routes"]:
        cards.update(cities)
    obj["cards"], obj["pile_batch"] = dict(cards), dict(Counter(obj["pile"]))
    return GAME.from_json(obj)


DECK = [
    "Ulm",
    "Lodz",
    "Basel",
    "Pilsen",
    "Freiburg",
    "Mannheim",
    "Augsburg",
    "Kempten",
    "Budweis",
    "München",
    "Würzburg",
    "Linz",
    "Innsbruck",
    "Passau",
    "Salzburg",
    "Zürich",
]


def play(state, *moves):
    for move in moves:
        state = GAME.apply(state, move)
    return state


def reachable(board, state):
    """Every move a person can make with the panel's enabled buttons in `state`, each checked
    to be legal as it is produced. Follows the two-step controls: a hand card then an end, a
    closing option then "Close the route", "Give up" then the confirmation, 3 cards kept then
    "Keep these 3"."""
    legal = set(GAME.legal_moves(state))
    seat = state.turn
    found = set()

    def press(act):
        move = board.act(state, act)
        assert move is None or move in legal, (act, move)
        if move is not None:
            found.add(move)
        return move

    board.cancel()
    board.keep = []
    acts = enabled_acts(shown(board, state, seat, NAMES, TR, True))
    for act in acts:
        if act.startswith(("draw:", "official:")) or act == "pass":
            assert press(act) is not None, act  # an enabled button always plays
    for act in [a for a in acts if a.startswith("card:")]:
        if queries.phase(state) != "play":
            continue
        press(act)
        for end in [
            a
            for a in enabled_acts(shown(board, state, seat, NAMES, TR, True))
            if a.startswith("end:")
        ]:
            assert press(end) is not None
        board.cancel()
    if "abandon" in acts:
        press("abandon")
        confirm = enabled_acts(shown(board, state, seat, NAMES, TR, True))
        assert "abandon-yes" in confirm and "abandon-no" in confirm
        assert press("abandon-yes") == Abandon()
    for act in [a for a in acts if a.startswith("close:")]:
        press(act)
        assert "close-go" in enabled_acts(shown(board, state, seat, NAMES, TR, True))
        assert press("close-go") is not None
        board.option = None
    if queries.phase(state) == "discard":
        hand = state.hands[seat]
        for kept in itertools.combinations(range(len(hand)), 3):
            board.keep = list(kept)
            assert "discard-go" in enabled_acts(shown(board, state, seat, NAMES, TR, True))
            assert press("discard-go") is not None
        board.keep = []
    return found


# ---- every step offers exactly the legal moves ------------------------------------------------
def test_each_steps_clicks_give_exactly_the_legal_moves():
    # Brief: "Never offer a move that legal_moves does not contain; take all legality from the
    # engine" - and docs/architecture.md, Move JSON: every move (draw, official, play, abandon, close, pass, discard)
    # has its control, so each legal move can be made.
    board = Controller()
    steps = set()
    for state in positions(seeds=(3,), limit=260):
        if GAME.is_over(state):
            continue
        steps.add(queries.phase(state))
        assert reachable(board, state) == set(GAME.legal_moves(state)), GAME.to_json(state)
    assert steps == {"draw", "play", "close", "discard"}


def test_nothing_is_pressable_when_it_is_not_your_turn():
    # docs/architecture.md, Look and feel / app.py: the panel's controls belong to the person to move only
    board = Controller()
    for state in positions(seeds=(5,), players=(3,), limit=60):
        for viewer in (None, (state.turn + 1) % state.players):
            markup = shown(board, state, viewer, NAMES, TR, False)
            assert enabled_acts(markup) == []
        assert board.overlay_markup(state, state.turn, False) == ""


def test_officials_are_enabled_only_when_the_engine_allows_them():
    # docs/rules/thurn-und-taxis.md, Officials: "Officials ... are legal only while they still have an effect"; docs/rules/thurn-und-taxis.md, Officials
    board = Controller()
    seen = set()
    for state in positions(seeds=(4,), limit=250):
        if GAME.is_over(state):
            continue
        acts = enabled_acts(shown(board, state, state.turn, NAMES, TR, True))
        offered = {a.split(":")[1] for a in acts if a.startswith("official:")}
        legal = {m.official for m in GAME.legal_moves(state) if isinstance(m, Official)}
        assert offered == legal
        seen |= legal
    assert seen == {"postmaster", "carrier", "administrator", "cartwright"}


def test_forced_postmaster_is_named_and_shown_as_this_turns_official():
    # docs/rules/thurn-und-taxis.md, Officials: "The Postmaster is forced if you start your turn with no cards in hand";
    # docs/rules/thurn-und-taxis.md, Officials: it "counts as the turn's official"
    state = GAME.new(players=2, seed=1, options={"deck": DECK})
    markup = shown(Controller(), state, 0, NAMES, TR, True)
    assert "Draw 2 cards" in markup and "the Postmaster helps you" in markup
    assert 'data-official="postmaster"' in markup and "used this turn" in markup
    assert not [a for a in enabled_acts(markup) if a.startswith("official:")]


def at_draw(hand, route, other_route=()):
    """Seat 0 to draw one card, holding `hand` with `route` laid (seat 1's route: `other_route`)."""
    return build(
        hands=[hand, []],
        routes=[route, list(other_route)],
        display=DECK[:6],
        pile=DECK[6:],
        step={"official": None, "draws_needed": 1},
    )


# ---- playing a card ---------------------------------------------------------------------------
def at_play(hand, route, seat=0):
    hands = [hand, []] if seat == 0 else [[], hand]
    routes = [route, []] if seat == 0 else [[], route]
    return build(
        hands=hands,
        routes=routes,
        display=DECK[:6],
        pile=DECK[6:],
        step={"official": None, "draws": 1, "draws_needed": 1},
    )


def test_a_hand_card_then_an_end_plays_it_and_the_map_shows_where():
    # docs/rules/thurn-und-taxis.md, Playing a card: a card goes at either end, joined by a road to the city there
    state = at_play(["Augsburg", "Kempten", "Stuttgart"], ["Ulm", "Ingolstadt"])
    board = Controller()
    board.act(state, "card:0")  # Augsburg (hand is sorted in map order: Stuttgart, Augsburg...)
    chosen = board.selected_city(state)
    markup = shown(board, state, 0, NAMES, TR, True)
    ends = [a for a in enabled_acts(markup) if a.startswith("end:")]
    legal_ends = [
        m.end for m in GAME.legal_moves(state) if isinstance(m, Play) and m.city == chosen
    ]
    assert sorted(e.split(":")[1] for e in ends) == sorted(legal_ends)
    over = board.overlay_markup(state, 0, True)
    assert 'class="tnt-chosen"' in over and "tnt-preview" in over  # ringed, road to the end
    move = board.act(state, ends[0])
    assert move == Play(chosen, ends[0].split(":")[1]) and move in GAME.legal_moves(state)


def test_tapping_cities_on_the_map_chooses_and_plays():
    # Brief: "click a hand card then the route end (left/right, or the city on the map)"
    state = at_play(["Augsburg", "Kempten"], ["Ulm", "Ingolstadt"])
    board = Controller()
    assert board.tap(state, "city:Augsburg") is None and board.selected_city(state) == "Augsburg"
    assert board.tap(state, "city:Ulm") == Play("Augsburg", "left")  # the route end tapped
    board.cancel()
    board.tap(state, "city:Kempten")
    assert board.tap(state, "city:Kempten") == Play("Kempten", "left")  # only one end fits
    board.cancel()
    assert board.tap(state, "city:Lodz") is None and board.selected is None  # not in the hand


def test_after_the_carriers_first_card_the_player_may_stop():
    # docs/rules/thurn-und-taxis.md, Officials: Postal Carrier "then the player MAY play a second card: after the first play a
    # pass or a close is legal too" - the panel offers the second card, the closing options and
    # ending the turn together
    state = at_play(["Carlsruhe", "Augsburg", "Lodz"], ["Stuttgart", "Ulm"])
    state = play(state, Official("carrier"), Play("Carlsruhe", "left"))
    board = Controller()
    markup = shown(board, state, 0, NAMES, TR, True)
    assert "You may play a second card (Postal Carrier)" in markup
    assert "close your route or end your turn below" in markup
    acts = enabled_acts(markup)
    assert "pass" in acts and any(a.startswith("close:") for a in acts)
    assert any(a.startswith("card:") for a in acts)
    assert reachable(board, state) == set(GAME.legal_moves(state))
    assert board.act(state, "pass") == Pass() and board.key(state, "p") == Pass()
    options = board.closing(state)
    k = max(range(len(options)), key=lambda k: len(options[k]["houses"]))
    board.point(state, f"opt:{k}")  # pointing at an option shows its houses here too
    ghosts = re.findall(
        r'class="tnt-ghost" data-city="([^"]+)"', board.overlay_markup(state, 0, True)
    )
    assert sorted(ghosts) == sorted(options[k]["houses"]) and len(ghosts) == 2


def test_a_card_that_does_not_fit_says_why_and_offers_no_end():
    # docs/rules/thurn-und-taxis.md, Playing a card: "The new city must be joined by a road on the board"; "a city may appear
    # only once in the same route"
    state = at_play(["Lodz", "Ulm"], ["Ulm", "Augsburg"])
    board = Controller()
    for k, reason in ((0, "is already on your route"), (1, "No road joins Lodz")):
        board.cancel()
        board.act(state, f"card:{k}")
        markup = shown(board, state, 0, NAMES, TR, True)
        assert reason in markup
        assert not [a for a in enabled_acts(markup) if a.startswith("end:")]


def test_must_give_up_warns_and_giving_up_needs_a_confirmation():
    # docs/rules/thurn-und-taxis.md, Giving up a route; "warn before a route would be forced to be given
    # up"; brief: "a confirm for abandoning"
    state = at_play(["Lodz"], ["Ulm", "Augsburg", "München"])
    board = Controller()
    markup = shown(board, state, 0, NAMES, TR, True)
    assert "No card in your hand fits your route" in markup
    assert board.act(state, "abandon") is None and board.confirm_abandon
    markup = shown(board, state, 0, NAMES, TR, True)
    assert "Give up your route of 3 cards?" in markup
    assert board.act(state, "abandon-no") is None and not board.confirm_abandon
    assert board.act(state, "abandon-yes") is None  # no question stands: a stray "Yes" does nothing
    board.act(state, "abandon")
    assert board.act(state, "abandon-yes") == Abandon()
    board.act(state, "card:0")  # choosing a card drops the question
    assert not board.confirm_abandon and board.act(state, "abandon-yes") is None


def test_draw_step_warns_when_nothing_in_hand_fits_and_marks_display_cards_that_do():
    # docs/rules/thurn-und-taxis.md, Sources: "warn before a route would be forced to be given up"; show which cards fit
    state = at_draw(["Lodz"], ["Ulm", "Augsburg"])
    board = Controller()
    markup = shown(board, state, 0, NAMES, TR, True)
    assert "None of your cards fits your route" in markup
    fitting = re.findall(r'data-cell="card:([^"]+)"[^>]*class="tnt-card [^"]*tnt-fits', markup)
    assert fitting == ["Ulm"] or "Ulm" not in fitting  # Ulm is on the route: never "fits"
    assert set(fitting) == {c for c in DECK[:6] if queries.ends(state, 0, c)}
    assert "tnt-fit" in board.overlay_markup(state, 0, True)


# ---- closing ----------------------------------------------------------------------------------
RULES_EXAMPLE = ["Sigmaringen", "Stuttgart", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg"]


def at_close(route, hand=("Lodz",), step=None):
    return build(
        hands=[list(hand), []],
        routes=[route, []],
        display=DECK[:6],
        pile=DECK[6:],
        step={"official": None, "draws": 1, "draws_needed": 1, "plays": 1, **(step or {})},
    )


def test_a_warning_above_the_ways_to_close_leaves_room_for_one_row():
    # docs/rules/thurn-und-taxis.md, Giving up a route: nothing in the hand fits, so the step warns
    # the route may have to go; the four ways to close then show one at a time with arrows (a
    # second row of two would not fit beside the map at 1280 x 800)
    board = Controller()
    quiet = shown(
        board, at_close(["Ulm", "Augsburg", "München"], hand=["Kempten"]), 0, NAMES, TR, True
    )
    warned = shown(
        board, at_close(["Ulm", "Augsburg", "München"], hand=["Lodz"]), 0, NAMES, TR, True
    )
    assert MANY_OPTIONS == 4 and quiet.count('data-act="close:') == 4
    assert "tnt-warn" not in quiet and "tnt-many" not in quiet
    assert "tnt-warn" in warned and 'class="tnt-choose tnt-many"' in warned


def test_closing_options_are_listed_with_what_they_build_and_earn():
    # docs/rules/thurn-und-taxis.md, Houses example: one house per province (3) or all four Baiern cities; Carriages: the
    # first carriage is the 3; brief: "a list of the closing options ... with what each would
    # place and earn (houses highlighted on the map when hovered), plus End turn"
    state = at_close(RULES_EXAMPLE)
    board = Controller()
    markup = shown(board, state, 0, NAMES, TR, True)
    options = queries.closing_options(state, 0)
    listed = re.findall(r'data-houses="([^"]*)"', markup)
    assert listed == [",".join(sorted(o["houses"])) for o in options]
    assert "4 houses: Nürnberg, Regensburg, Ingolstadt, Augsburg" in markup  # route order
    assert markup.count("carriage 3 (2 points)") == len(options)
    assert "bonus Route 6 (3)" in markup  # a 6-card route takes the top route-6 tile
    assert "End turn without closing" in markup
    assert "close-go" not in enabled_acts(markup)  # nothing chosen yet
    # more ways than a wide panel lists: one at a time there too, the arrows go through them
    assert len(options) > MANY_OPTIONS and 'class="tnt-choose tnt-many"' in markup
    current = r'data-act="(close:\d+)"[^>]*class="tnt-option tnt-current"'
    assert re.findall(current, markup) == ["close:0"]
    board.act(state, "close-next")
    assert re.findall(current, shown(board, state, 0, NAMES, TR, True)) == ["close:1"]
    k = next(k for k, o in enumerate(options) if len(o["houses"]) == 4)
    board.point(state, f"opt:{k}")
    ghosts = re.findall(
        r'class="tnt-ghost" data-city="([^"]+)"', board.overlay_markup(state, 0, True)
    )
    assert sorted(ghosts) == sorted(options[k]["houses"])
    board.act(state, f"close:{k}")
    assert board.act(state, "close-go") == Close(tuple(sorted(options[k]["houses"])))


def test_tapping_a_route_city_shows_an_option_that_builds_there():
    state = at_close(RULES_EXAMPLE)
    board = Controller()
    board.tap(state, "city:Sigmaringen")
    assert "Sigmaringen" in board.closing(state)[board.option]["houses"]


def test_a_short_route_can_only_end_the_turn():
    # docs/rules/thurn-und-taxis.md, Closing a route: "Only allowed if the route has ≥ 3 cards"
    state = at_close(["Ulm", "Augsburg"])
    markup = shown(Controller(), state, 0, NAMES, TR, True)
    assert "End your turn" in markup and "a route needs 3" in markup
    assert "close-go" not in markup and "pass" in enabled_acts(markup)


def test_cartwright_explains_his_effect_and_then_the_route_must_close():
    # docs/rules/thurn-und-taxis.md, Officials Cartwright example: with the 6-carriage a 5-card route takes the 7;
    # docs/rules/thurn-und-taxis.md, Officials: "Cartwright before closing" (and a called Cartwright means closing)
    route = ["Mannheim", "Carlsruhe", "Freiburg", "Basel", "Zürich"]
    obj = GAME.to_json(at_close(route))
    obj["carriage"] = [6, 0]
    state = GAME.from_json(obj)
    board = Controller()
    markup = shown(board, state, 0, NAMES, TR, True)
    assert "this route would take the 7-carriage" in markup
    state = GAME.apply(state, Official("cartwright"))
    markup = shown(board, state, 0, NAMES, TR, True)
    assert "Close your route (Cartwright)" in markup and "pass" not in enabled_acts(markup)
    assert "carriage 7 (10 points)" in markup and "Starts the final round!" in markup


def test_discard_step_keeps_exactly_three_chosen_cards():
    # docs/rules/thurn-und-taxis.md, Closing a route: "{discard: [CITY...]} when the hand must be cut to 3 after closing (the player
    # chooses)"; docs/rules/thurn-und-taxis.md, Hand limit
    state = at_close(
        ["Ulm", "Augsburg", "München"], hand=["Lodz", "Pilsen", "Basel", "Basel", "Freiburg"]
    )
    state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert queries.phase(state) == "discard"
    board = Controller()
    markup = shown(board, state, 0, NAMES, TR, True)
    assert "Keep 3 cards" in markup and "discard-go" not in enabled_acts(markup)
    hand = [GAME.to_json(state)["hands"][0][k] for k in range(5)]
    for k in (0, 1, 2, 3):  # a fourth card cannot be kept
        board.act(state, f"card:{k}")
    assert board.keep == [0, 1, 2]
    board.act(state, "card:1")  # let one go again
    board.act(state, "card:4")
    move = board.act(state, "discard-go")
    assert move == Discard(tuple(sorted([hand[1], hand[3]]))) and move in GAME.legal_moves(state)


# ---- hidden information -------------------------------------------------------------------------
def with_tiles():
    """A mid-game 3-player state in which seat 1 holds bonus tiles and cards."""
    for state in positions(seeds=(2, 6, 9), players=(3,)):
        if (
            state.tiles[1]
            and len(state.hands[1]) > len(state.known[1])
            and state.turn == 0
            and not state.over
            and len(state.pile) > 3
        ):
            return state
    raise AssertionError("no such position")


def altered(state):
    """The same position as others may see it, with every hidden thing changed: seat 1's hand
    (swapped with pile cards), the pile's order and seat 1's bonus tile values."""
    obj = GAME.to_json(state)
    hand, pile = obj["hands"][1], obj["pile"]
    known = list(obj["known"][1])
    for k, card in enumerate(hand):
        if card in known:
            known.remove(card)
            continue
        swap = next((j for j, c in enumerate(pile) if c != card), None)
        if swap is not None:
            hand[k], pile[swap] = pile[swap], card
    obj["hands"][1] = hand
    obj["pile"] = pile[::-1]
    for tile in obj["tiles"][1]:
        values = STACK_VALUES[KIND_INDEX[tile[0]]]
        tile[1] = values[-1] if tile[1] != values[-1] else values[0]
    obj["rng"] = GAME.to_json(GAME.new(players=3, seed=99))["rng"]
    return GAME.from_json(obj)


def test_a_viewer_never_gets_others_hands_bonus_values_or_the_pile_order():
    # docs/rules/thurn-und-taxis.md, Bonus tiles: "bonus tile values are hidden from opponents ... a seat's screen is drawn from
    # view(state, seat)"; docs/architecture.md, Hidden information: a view hides hands and deck order; brief: "no hidden information
    # ever reaches the markup for a viewer who may not see it"
    state = with_tiles()
    other = altered(state)
    assert GAME.to_json(other)["hands"][1] != GAME.to_json(state)["hands"][1]
    assert [t[1] for t in GAME.to_json(other)["tiles"][1]] != [
        t[1] for t in GAME.to_json(state)["tiles"][1]
    ]
    for viewer, interactive in ((0, True), (None, False), (2, False)):
        a, b = Controller(), Controller()
        assert shown(a, state, viewer, NAMES, TR, interactive) == shown(
            b, other, viewer, NAMES, TR, interactive
        )
        assert a.board_markup(state, viewer) == b.board_markup(other, viewer)
        assert a.overlay_markup(state, viewer, interactive) == b.overlay_markup(
            other, viewer, interactive
        )
    assert "face down" in shown(Controller(), state, 0, NAMES, TR, True)
    # ...while the seat itself sees its hand and its tile values (so the test can tell)
    assert shown(Controller(), state, 1, NAMES, TR, False) != shown(
        Controller(), other, 1, NAMES, TR, False
    )
    own = shown(Controller(), state, 1, NAMES, TR, False)
    hand = GAME.to_json(state)["hands"][1]
    after = own[re.search(r'class="[^"]*tnt-hand[^"]*"', own).end() :]
    assert re.findall(r'class="tnt-card-city">([^<]+)<', after)[: len(hand)] == hand
    values = [v for _, v in GAME.to_json(state)["tiles"][1]]
    player_row = (
        own.split('data-seat="1"')[0].rsplit("<li", 1)[-1]
        + own.split('data-seat="1"')[1].split("</li>")[0]
    )
    assert all(str(v) in player_row for v in values)
    assert "face down" not in player_row


def test_nobody_sees_a_hand_before_the_device_is_handed_over():
    # Brief: hot seat with hidden hands - with the curtain up the viewer is None
    state = with_tiles()
    markup = shown(Controller(), state, None, NAMES, TR, False)
    assert "tnt-hand" not in markup and "Your hand" not in markup
    assert "face down" in markup  # every player's tiles as a count


def test_bonus_values_are_turned_up_at_the_end_with_the_final_scoring():
    # docs/rules/thurn-und-taxis.md, Final score final score: best carriage + bonus tiles + game-end tile - 1 per house not
    # placed; brief: explain the final scoring
    state = next(s for s in positions(seeds=(3,), players=(3,)) if GAME.is_over(s))
    markup = shown(Controller(), state, 0, NAMES, TR, False)
    assert "Final scoring" in markup
    assert "face down" not in markup and not re.search(r"\d hidden", markup)
    totals = re.findall(r'<tr class="gt-total">(.*?)</tr>', markup)[0]
    assert [int(n) for n in re.findall(r"<strong>(-?\d+)</strong>", totals)] == GAME.scores(state)
    for part in (
        "best carriage",
        "route bonuses",
        "region bonuses",
        "all provinces",
        "game-end tile",
        "houses not placed",
    ):
        assert part in markup


# ---- texts, escaping, options ---------------------------------------------------------------
@pytest.mark.parametrize("tr", [TR, TR_CS], ids=["en", "cs"])
def test_every_text_comes_from_the_table(tr):
    # docs/architecture.md, Look and feel: "Every string a player reads goes through one translation table"
    board = Controller()
    for state in positions(seeds=(7,), players=(2, 4)):
        viewer = state.turn if not state.over else 0
        for interactive in (True, False):
            markup = shown(board, state, viewer, NAMES, tr, interactive and not state.over)
            assert not re.search(r"\b(tnt|thurn-und-taxis)\.[a-z_.]+", markup), markup
            if not state.over and interactive and queries.phase(state) == "play":
                board.act(state, "card:0")
                markup = shown(board, state, viewer, NAMES, tr, True)
                assert not re.search(r"\btnt\.[a-z_.]+", markup)
                board.cancel()
    markup = board.options_markup(tr, {})
    assert "tnt." not in markup


def test_log_lines_name_the_official_in_the_players_language():
    # docs/architecture.md, Look and feel (one translation table): the engine passes {"official": "postmaster"}
    from game.view.table import Table

    table = Table("thurn-und-taxis", TR_CS)
    table.start(
        [
            {"name": "Ann", "kind": "human", "level": None},
            {"name": "Ben", "kind": "human", "level": None},
        ],
        seed=1,
        options={"deck": DECK},
        scenario="Test",
    )
    table.play(Draw(0))
    table.play(Draw(1))
    table.play(Play("Ulm", "right"))
    table.play(Pass())
    table.play(Draw(0))
    table.play(Draw(1))
    table.play(Play(GAME.to_json(table.state)["hands"][1][0], "right"))
    table.play(Pass())
    table.play(Official("administrator"))
    last = table.log_entries(Controller(), 0)[-1]
    # Required: the name is isolated
    assert last.told.text == f"{isolate('Ann')} povolal(a) úředníka: správce (nová nabídka)"


def test_names_and_texts_are_escaped():
    # docs/architecture.md, Look and feel: "All text from users (player names, loaded files) is escaped"
    state = with_tiles()
    markup = shown(
        Controller(), state, 0, ["<script>alert(1)</script>", 'B"en', "C", "D"], TR, True
    )
    assert "<script>" not in markup and "&lt;script&gt;" in markup and 'B"en' not in markup


def test_map_names_every_city_once_and_draws_each_seats_houses_in_its_shape():
    # docs/architecture.md, Look and feel look and feel: "player colours that also differ by shape or pattern"
    state = with_tiles()
    markup = Controller().board_markup(state, 0)
    cities = re.findall(r'data-cell="city:([^"]+)"', markup)
    assert sorted(cities) == sorted(draw.data.CITIES)
    for seat in range(state.players):
        houses = re.findall(rf'<(\w+)[^>]*class="tnt-house[^"]*" data-seat="{seat}"', markup)
        assert len(houses) == bin(state.houses[seat]).count("1")
        assert set(houses) <= {"circle", "rect", "path"}
    assert len(set(draw.SEAT_SHAPES)) == 4 and len(set(draw.SEAT_COLOURS)) == 4
    assert len(set(draw.SEAT_DASHES)) == 4  # routes differ by dash pattern too


def test_the_route_of_the_player_to_move_is_drawn_broad_and_on_top():
    # Brief: "the route of the player to move (and, smaller, others' routes) shown on the map"
    state = at_draw(["Lodz"], ["Ulm", "Augsburg"], ["Pilsen", "Budweis"])
    markup = Controller().board_markup(state, 0)
    routes = re.findall(
        r'<g class="(tnt-route[^"]*)" data-seat="(\d)" data-route="([^"]+)"', markup
    )
    assert routes == [
        ("tnt-route", "1", "Pilsen,Budweis"),
        ("tnt-route tnt-route-mover", "0", "Ulm,Augsburg"),
    ]


def test_provinces_tile_the_map_and_their_borders_follow_the_cells():
    # docs/architecture.md, Look and feel: "an old map for Thurn und Taxis" - provinces as tinted areas
    markup = draw_map.map_svg()
    provinces = re.findall(r'class="tnt-prov" data-province="([^"]+)"', markup)
    assert provinces == list(draw.data.PROVINCES)
    cells = draw_map._cells()
    area = 0.0
    for polygon in cells.values():
        points = [p for p, _ in polygon]
        area += (
            abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(points, points[1:] + points[:1]))) / 2
        )
    assert abs(area - draw_map.W * draw_map.H) < 1  # the cells cover the map exactly once
    # the page holds the map once as a picture; the board layer only refers to it
    assert (
        draw_map.map_href() in Controller().defs()
        and '<use href="#tnt-map-img"' in draw.map_layer()
    )
    assert base64.b64decode(draw_map.map_href().split(",", 1)[1]).decode("utf-8") == markup


def test_new_game_form_offers_the_baiern_variant():
    # docs/rules/thurn-und-taxis.md, All provinces: option all_provinces_includes_baiern (default false)
    board = Controller()
    markup = board.options_markup(TR, {})
    assert 'name="all_provinces_includes_baiern"' in markup and "checked" not in markup
    assert "checked" in board.options_markup(TR, {"all_provinces_includes_baiern": True})
    assert board.read_options({"all_provinces_includes_baiern": True}) == {
        "all_provinces_includes_baiern": True
    }
    assert board.read_options({}) == {"all_provinces_includes_baiern": False}
    GAME.new(players=2, seed=1, options=board.read_options({}))  # the engine accepts them


def test_keys_draw_from_the_display_and_the_pile():
    # Keyboard play (docs/architecture.md, Look and feel "mouse, touch, keyboard"): 1-6 and D in the draw step
    state = GAME.new(players=2, seed=1, options={"deck": DECK})
    board = Controller()
    assert board.key(state, "3") == Draw(2)
    assert board.key(state, "d") == Draw("deck")
    assert board.key(state, "p") is None  # not legal in the draw step


def test_final_round_is_announced_with_who_ends_it():
    # docs/rules/thurn-und-taxis.md, Final score: "When a player takes a 7-carriage or places his last house, finish the
    # current round"; the trigger takes the game-end tile
    route = ["Mannheim", "Carlsruhe", "Freiburg", "Basel", "Zürich", "Kempten", "Augsburg"]
    obj = GAME.to_json(at_close(route))
    obj["carriage"] = [6, 0]
    state = GAME.apply(GAME.from_json(obj), GAME.legal_moves(GAME.from_json(obj))[0])
    assert state.final_round and state.end_tile == 0
    markup = shown(Controller(), state, 1, NAMES, TR, True)
    assert "Final round: Ann took the 7-carriage. Last turn: Ben." in markup
    assert "game-end tile (+1)" in markup.split('data-seat="0"')[1].split("</li>")[0]


def test_ending_the_turn_with_nothing_that_fits_warns_first():
    # docs/rules/thurn-und-taxis.md, Sources "warn before a route would be forced to be given up"
    markup = shown(
        Controller(), at_close(["Ulm", "Augsburg", "München"], hand=["Lodz"]), 0, NAMES, TR, True
    )
    assert "if you do not close it now, you may have to give it up next turn" in markup
    markup = shown(Controller(), at_close(["Ulm", "Augsburg"], hand=["Lodz"]), 0, NAMES, TR, True)
    assert "next turn, draw one that does, or the route will be lost" in markup
