"""Thurn und Taxis in a real Chromium: (a) a hot-seat game for two people at one device, started
from a game link with a fixed deck and played through clicks only - the "hand the device to ..."
curtain between turns, draws from the open cards and from the pile, the Postmaster, a card played
by tapping the map, a closed route whose houses appear on the map and the hand cut to 3 - checking
on the way that a person's hand is in the page only while that person holds the device; (b) a game
against the computer, which plays its turns while the page keeps answering.

The game is planned in CPython with the same engine (PLAN below is checked move by move first).
"""

from browserkit import (
    assert_answered_since,
    heading,
    responsiveness_mark,
    wait_moves,
    wait_ready,
    watch_responsiveness,
)

from game.core.match import Match
from game.thurn_und_taxis.engine import GAME

SEATS = [
    {"name": "Ann", "kind": "human", "level": None},
    {"name": "Ben", "kind": "human", "level": None},
]
# the first 6 cards are the open display, the rest the pile (top first): docs/architecture.md, Move JSON
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
    "Stuttgart",
    "Nürnberg",
    "Regensburg",
    "Carlsruhe",
    "Sigmaringen",
    "Ingolstadt",
]
# one list per turn, Ann (seat 0) first; the first turn of each is the forced Postmaster's
PLAN = [
    [{"draw": 0}, {"draw": "deck"}, {"play": "Ulm", "end": "right"}, {"pass": True}],
    [{"draw": 1}, {"draw": 3}, {"play": "Pilsen", "end": "right"}, {"pass": True}],
    [
        {"official": "postmaster"},
        {"draw": 0},
        {"draw": 3},
        {"play": "Augsburg", "end": "right"},
        {"pass": True},
    ],
    [{"draw": 1}, {"play": "Budweis", "end": "right"}, {"pass": True}],
    [
        {"official": "postmaster"},
        {"draw": 1},
        {"draw": "deck"},
        {"play": "München", "end": "right"},
        {"pass": True},
    ],
    [{"draw": 3}, {"play": "Linz", "end": "right"}, {"pass": True}],
    [
        {"official": "postmaster"},
        {"draw": "deck"},
        {"draw": "deck"},
        {"play": "Innsbruck", "end": "right"},
        {"close": {"houses": ["Augsburg", "Innsbruck", "Ulm"]}},
        {"discard": ["Salzburg"]},
    ],
]
MAP_PLAY_TURN = 4  # this turn's card is played by tapping its city on the map, twice


def checked_plan():
    """PLAN with the state before each move, every move legal (so a failure below is the UI's)."""
    state = GAME.new(players=2, seed=1, options={"deck": DECK})
    out = []
    for turn, moves in enumerate(PLAN):
        for move in moves:
            assert move in [m.to_json() for m in GAME.legal_moves(state)], (turn, move)
            out.append((turn, move, state))
            state = GAME.apply(state, move)
    return out, state


def hand(page):
    """The cities of the hand the panel shows (none when no hand is shown)."""
    return page.locator("#gt-panel .tnt-hand .tnt-card-city").all_inner_texts()


def reveal(page, name):
    dialog = page.locator("#gt-dialog")
    heading(dialog, f"Hand the device to {name}").wait_for()
    assert hand(page) == []  # the curtain is up: no hand is in the page at all
    dialog.locator("[data-act=reveal]").click()
    dialog.wait_for(state="hidden")


def click_move(page, move, state, turn):
    panel = page.locator("#gt-panel")
    if "draw" in move:
        panel.locator(f'[data-act="draw:{move["draw"]}"]').click()
    elif "official" in move:
        panel.locator(f'[data-act="official:{move["official"]}"]').click()
    elif "play" in move:
        city = move["play"]
        if turn == MAP_PLAY_TURN:  # tap the city: its card is chosen; tap again: played
            page.locator(f'#gt-board [data-cell="city:{city}"]').click()
            page.locator("#gt-layer-over .tnt-chosen").wait_for()
            page.locator(f'#gt-board [data-cell="city:{city}"]').click()
        else:
            panel.locator(f'.tnt-hand [data-cell="card:{city}"]').first.click()
            panel.locator(f'[data-act="end:{move["end"]}"]:not([disabled])').click()
    elif "pass" in move:
        panel.locator("[data-act=pass]").click()
    elif "close" in move:
        houses = ",".join(sorted(move["close"]["houses"]))
        option = panel.locator(f'.tnt-option[data-houses="{houses}"]')
        for _ in range(20):  # many ways to close are shown one at a time: the arrows step
            if option.is_visible():
                break
            before = panel.locator(".tnt-option.tnt-current").get_attribute("data-act")
            panel.locator("[data-act=close-next]").click()
            page.wait_for_function(
                "b => document.querySelector('#gt-panel .tnt-option.tnt-current')"
                "?.dataset.act !== b",
                arg=before,
            )
        option.hover()  # pointing at an option shows its houses on the map
        assert page.locator("#gt-layer-over .tnt-ghost").count() == len(move["close"]["houses"])
        if option.get_attribute("aria-pressed") != "true":  # the arrows choose as they step
            option.click()
        panel.locator(f'.tnt-option[data-houses="{houses}"][aria-pressed="true"]').wait_for()
        panel.locator("[data-act=close-go]").click()
    else:  # discard: tap the 3 cards to keep
        thrown = list(move["discard"])
        keep = list(GAME.to_json(state)["hands"][state.turn])
        for city in thrown:
            keep.remove(city)
        assert panel.locator("[data-act=discard-go]").is_disabled()
        for city in keep:
            panel.locator(
                f'.tnt-hand [data-cell="card:{city}"]:not([aria-pressed="true"])'
            ).first.click()
        panel.locator("[data-act=discard-go]:not([disabled])").click()


def test_hot_seat_game_through_clicks_with_curtain_draws_official_close_and_discard(page, site):
    moves, final = checked_plan()
    link = Match(
        "thurn-und-taxis", players=2, seed=1, options={"deck": DECK}, seats=SEATS, scenario="Test"
    ).to_link()
    page.goto(f"{site.url}?game=thurn-und-taxis#m={link}")
    wait_ready(page, "thurn-und-taxis")
    names = ("Ann", "Ben")
    reveal(page, "Ann")  # a loaded hot-seat game asks for the device to be handed over first
    step = page.locator("#gt-panel .tnt-step-title")
    assert step.inner_text() == "Draw 2 cards"  # the forced Postmaster
    previous_turn = 0
    for k, (turn, move, state) in enumerate(moves):
        if turn != previous_turn:
            reveal(page, names[turn % 2])
            previous_turn = turn
        # only the person holding the device has their hand in the page, and it is theirs
        assert hand(page) == GAME.to_json(state)["hands"][turn % 2]
        if "draw" in move:
            assert step.inner_text().startswith("Draw")
        elif "play" in move:
            assert step.inner_text().startswith(("Play", "Start a route"))
        elif "close" in move or "pass" in move:
            assert step.inner_text().startswith(("Close your route", "End your turn"))
        click_move(page, move, state, turn)
        wait_moves(page, k + 1)
        last = page.locator("#gt-log li:not(.gt-log-event)").last.inner_text()
        if move.get("draw") == "deck":
            assert "drew a card from the pile" in last
        elif "draw" in move:
            assert (
                f"took {GAME.to_json(state)['display'][move['draw']]} from the open cards" in last
            )
        elif "official" in move:
            assert "called the Postmaster" in last
        elif "close" in move:
            route = ", ".join(GAME.to_json(state)["routes"][state.turn])
            assert f"closed the route {route} and placed" in last
            # the houses are on the map in Ann's colour and shape
            houses = page.locator('#gt-layer-board .tnt-house[data-seat="0"]')
            assert sorted(houses.evaluate_all("els => els.map(e => e.dataset.city)")) == sorted(
                move["close"]["houses"]
            )
            assert step.inner_text() == "Keep 3 cards"
        elif "discard" in move:
            assert "kept 3 cards and discarded Salzburg" in last
    reveal(page, "Ben")
    assert hand(page) == GAME.to_json(final)["hands"][1]
    assert page.locator("#gt-panel .tnt-step-title").inner_text() == "Draw a card"
    # Ann's closed route scored its first carriage; her tile values are hers alone (none yet)
    ann = page.locator('#gt-details .tnt-player[data-seat="0"]').inner_text()
    assert (
        "2 points" in ann and "carriage 3" in ann and "17 houses left" in ann and "3 cards" in ann
    )


def test_the_computer_plays_its_turns_while_the_page_answers(page, site):
    # Required: while the computer thinks the page answers - frames keep coming
    # and no long task over 50 ms; with one person at the device their hand is always shown
    seats = [
        {"name": "Ann", "kind": "human", "level": None},
        {"name": "Computer", "kind": "ai", "level": "medium"},
    ]
    link = Match("thurn-und-taxis", players=2, seed=5, seats=seats).to_link()
    page.goto(f"{site.url}?game=thurn-und-taxis#m={link}")
    wait_ready(page, "thurn-und-taxis")
    assert page.locator("#gt-dialog").is_hidden()  # one person: no curtain
    watch_responsiveness(page)
    panel = page.locator("#gt-panel")
    for _turn in range(2):
        # Ann's turn, through clicks: draw what she must, play her first card, end the turn
        while panel.locator("[data-phase=draw].tnt-mine-turn").count():
            before = page.locator("#gt-log li:not(.gt-log-event)").count()
            panel.locator('[data-act="draw:deck"]').click()
            wait_moves(page, before + 1)
        before = page.locator("#gt-log li:not(.gt-log-event)").count()
        if panel.locator(".tnt-hand .tnt-card:not(.tnt-nofit)").count() == 0:
            panel.locator("[data-act=abandon]").click()  # nothing fits: give the route up
            panel.locator("[data-act=abandon-yes]").click()
            before += 1
            wait_moves(page, before)
        panel.locator(".tnt-hand .tnt-card:not(.tnt-nofit)").first.click()
        page.locator("#gt-panel .tnt-ends .gt-primary:not([disabled])").first.click()
        wait_moves(page, before + 1)
        mark = responsiveness_mark(page)  # what follows ends Ann's turn: the computer's begins
        if panel.locator("[data-act=pass]").count() == 0:
            panel.locator(".tnt-option").first.click()
            panel.locator("[data-act=close-go]").click()
        else:
            panel.locator("[data-act=pass]").click()
        if panel.locator("[data-phase=discard]").count():
            for k in range(3):
                panel.locator(f'[data-act="card:{k}"]').click()
            panel.locator("[data-act=discard-go]").click()
        # the computer's whole turn (several moves): the page keeps answering
        page.locator("#gt-turn .gt-bar").wait_for()
        hand_before = hand(page)
        assert hand_before  # Ann's hand stays in view while the computer plays
        page.locator("#gt-panel .tnt-step.tnt-mine-turn").wait_for(timeout=40_000)
        assert_answered_since(page, mark, "the computer played")
        lines = page.locator("#gt-log li:not(.gt-log-event)[data-seat='1']").all_inner_texts()
        assert any("Computer added" in line for line in lines)
