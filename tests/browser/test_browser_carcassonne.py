"""Carcassonne in a real Chromium (the board brief's acceptance): a 2-player hot-seat game from a
game link with a fixed deck, played through clicks, taps and keys only, with a follower, a
completed city that scores, the Courier's message, a farmer, final scoring explained and the
result; and a game against the computer during which the page keeps answering.

The fixed deck after the start tile (D: city north, road west-east) is E, U, V, A:
  1. Ann lays E above the start tile, city down: a 2-tile city; her knight scores it (+4).
  2. Ben lays U east of it, road west-east, a thief on the road: he is in the Courier's row
     (the Courier starts on the start tile) so the Courier walks to him: message +2 (road).
  3. Ann lays V at the road's end and puts a farmer in the big field (he lies down).
  4. Ben lays A below the start tile with a monk: the stack is empty, final scoring.
"""

import re

from browserkit import (
    assert_answered_since,
    heading,
    responsiveness_mark,
    start_if_asked,
    wait_moves,
    wait_ready,
    watch_responsiveness,
)

from game.carcassonne.engine import GAME, Place
from game.core.match import Match

SEATS = [
    {"name": "Ann", "kind": "human", "level": None},
    {"name": "Ben", "kind": "human", "level": None},
]
DECK = ["E", "U", "V", "A"]
MOVES = [
    Place(0, -1, 2, "c1"),
    Place(1, 0, 1, "r1"),
    Place(2, 0, 0, "f2"),
    Place(0, 1, 0, "monastery"),
]


def actions(page):
    return page.locator("#gt-panel .gt-actions")


def turn_to(page, rot):
    """Press the turn button until the tile shows `rot` (only fitting turns are offered)."""
    for _ in range(4):
        if actions(page).get_attribute("data-rot") == str(rot):
            return
        before = actions(page).get_attribute("data-rot")
        page.click("#gt-panel [data-act=rotate]")
        page.wait_for_function(
            "b => document.querySelector('#gt-panel .gt-actions').dataset.rot !== b", arg=before
        )
    assert actions(page).get_attribute("data-rot") == str(rot)


def choose_square(page, x, y, rot):
    """First tap: the tile is previewed there and chosen; turned to `rot` with the buttons."""
    page.locator(f'#gt-board [data-cell="{x},{y}"]').click()
    page.locator(f'#gt-layer-over .car-selected[data-x="{x}"][data-y="{y}"]').wait_for()
    turn_to(page, rot)


def follower_step(page):
    page.locator('#gt-panel .gt-actions[data-step="follower"]').wait_for()


def score_of(page, seat):
    return int(page.locator(f'#gt-details .car-player[data-seat="{seat}"] .car-score').inner_text())


def test_hot_seat_game_with_city_courier_farmer_and_final_scoring(page, site):
    state = GAME.new(players=2, seed=3, options={"deck": DECK})
    for move in MOVES:  # the plan is legal (the engine agrees before the browser is asked)
        assert move in GAME.legal_moves(state)
        state = GAME.apply(state, move)
    link = Match(
        "carcassonne", players=2, seed=3, options={"deck": DECK}, seats=SEATS, scenario="Test"
    ).to_link()
    page.goto(f"{site.url}?game=carcassonne#m={link}")
    wait_ready(page, "carcassonne")
    assert page.locator("#gt-new-form").count() == 0  # the link set the game up
    assert page.locator("#gt-layer-over .car-hint").count() == 2  # E fits above or below

    # 1. Ann: hover previews, tap chooses, "Lay tile here" lays; pointing at a ring says what
    # it would bring, one click on it places the knight
    page.locator('#gt-board [data-cell="0,-1"]').hover()
    page.locator('#gt-layer-over .car-preview-ok[data-x="0"][data-y="-1"][data-rot="2"]').wait_for()
    choose_square(page, 0, -1, 2)
    page.click("#gt-panel [data-act=lay]")
    follower_step(page)
    rings = page.locator("#gt-layer-over .car-spot")
    assert sorted(rings.evaluate_all("els => els.map(e => e.dataset.cell)")) == ["m:c1", "m:f1"]
    ring = page.locator('#gt-layer-over [data-cell="m:c1"]')
    ring.hover()
    page.locator("#gt-layer-over .car-spot-hover").wait_for()
    assert "City (knight)" in page.locator("#gt-panel .car-explain").inner_text()
    assert "+4" in page.locator("#gt-panel .car-explain").inner_text()  # it closes the city
    ring.click()
    wait_moves(page, 1)
    last = page.locator("#gt-log li:not(.gt-log-event)").last.inner_text()
    assert "Ann placed a tile 1 square up from the start tile · knight on the city" in last
    assert "Ann +4: city completed (2 tiles)" in last
    assert score_of(page, 0) == 4
    page.locator('#gt-layer-board .car-badge[data-seat="0"][data-points="4"]').wait_for()
    assert page.locator("#gt-layer-board .car-hl-city").count() == 2
    assert "Ann +4: city completed (2 tiles)" in page.locator("#gt-details").inner_text()

    # 2. Ben: turn buttons; the ring's explanation tells of the Courier, the panel's place
    # button (which shows what it brings) places the thief with one press
    choose_square(page, 1, 0, 1)
    page.click("#gt-panel [data-act=lay]")
    follower_step(page)
    page.locator('#gt-layer-over [data-cell="m:r1"]').hover()
    page.locator("#gt-layer-over .car-spot-hover").wait_for()
    explain = page.locator("#gt-panel .car-explain").inner_text()
    assert "Road (thief)" in explain and "The Courier comes to this follower" in explain
    place = page.locator('#gt-panel [data-act="meeple:r1"]').text_content()
    assert " ".join(place.split()) == "1 · road message +2"
    page.click('#gt-panel [data-act="meeple:r1"]')
    wait_moves(page, 2)
    last = page.locator("#gt-log li:not(.gt-log-event)").last.inner_text()
    assert "1 square right from the start tile · thief on the road" in last
    assert "Ben +2: the Courier's message (road)" in last
    assert score_of(page, 1) == 2
    page.locator('#gt-layer-board .car-courier[data-x="1"][data-y="0"]').wait_for()
    page.locator('#gt-layer-board .car-badge[data-seat="1"][data-points="2"]').wait_for()

    # 3. Ann, by keyboard: arrows to the square, Enter twice, a digit for the field, Enter
    page.locator("#gt-board").focus()
    page.keyboard.press("ArrowRight")  # from the tile laid last to the next square east
    page.locator('#gt-layer-over .car-preview[data-x="2"][data-y="0"]').wait_for()
    page.keyboard.press("Enter")
    page.locator('#gt-layer-over .car-selected[data-x="2"][data-y="0"]').wait_for()
    turn_to(page, 0)
    page.keyboard.press("Enter")
    follower_step(page)
    acts = page.locator("#gt-panel .car-choice").evaluate_all("els => els.map(e => e.dataset.act)")
    page.keyboard.press(str(acts.index("meeple:f2") + 1))  # the rings are numbered as listed
    page.locator('#gt-layer-over .car-spot-chosen[data-cell="m:f2"]').wait_for()
    page.keyboard.press("Enter")
    wait_moves(page, 3)
    assert "farmer on the field" in page.locator("#gt-log li:not(.gt-log-event)").last.inner_text()
    assert page.locator('#gt-layer-board .car-meeples use[href="#car-f0"]').count() == 1  # lying

    # 4. Ben: Escape steps back once, then the monk; the game ends with final scoring
    choose_square(page, 0, 1, 0)
    page.click("#gt-panel [data-act=lay]")
    follower_step(page)
    page.keyboard.press("Escape")
    page.locator('#gt-panel .gt-actions[data-step="place"]').wait_for()
    page.click("#gt-panel [data-act=lay]")
    follower_step(page)
    page.click('#gt-panel [data-act="meeple:monastery"]')
    wait_moves(page, 4)
    # Required: one end dialog - who won, the final table per category and what the end added
    dialog = page.locator("#gt-dialog")
    heading(dialog, "Ben wins!").wait_for()
    breakdown = GAME.score_breakdown(state)
    for part in ("roads", "cities", "monasteries", "farms", "courier"):
        cells = dialog.locator(f'tr[data-part="{part}"] td').all_inner_texts()
        assert [int(re.match(r"\d+", c).group(0)) for c in cells] == [b[part] for b in breakdown]
    dialog.locator("details.car-final summary").click()
    assert "Ann +3: field at the end (3 tiles)" in dialog.inner_text()
    assert page.locator("#gt-layer-board .car-hl-field").count() == 3  # the farm, outlined


def test_the_page_answers_while_the_computer_thinks(page, site):
    # Required: while the computer thinks, a requestAnimationFrame counter
    # keeps advancing and no long task exceeds 50 ms; its move is shown and logged
    page.goto(f"{site.url}?game=carcassonne")
    wait_ready(page, "carcassonne")
    page.select_option("#gt-new-form select[name=kind1]", "ai-hard")
    start_if_asked(page)
    watch_responsiveness(page)
    for turn in range(2):
        hint = page.locator("#gt-layer-over .car-hint").first
        hint.wait_for()
        spot = page.evaluate("""() => {
            const r = document.querySelector('#gt-layer-over .car-hint');
            return [Math.floor(r.getAttribute('x') / 100), Math.floor(r.getAttribute('y') / 100)]; }""")
        cell = page.locator(f'#gt-board [data-cell="{spot[0]},{spot[1]}"]')
        cell.click()
        page.locator("#gt-layer-over .car-selected").wait_for()
        mark = responsiveness_mark(page)
        page.click("#gt-panel [data-act=lay]")  # a second tap on the tile would turn it
        no_follower = page.locator("#gt-panel [data-act=no-follower]")
        page.wait_for_function(
            "document.querySelector('#gt-panel [data-act=no-follower]')"
            " || document.querySelector('#gt-turn .gt-bar')"
        )
        if no_follower.count():
            no_follower.click()
        assert_answered_since(page, mark, "thinking")
        page.locator("#gt-layer-board .car-last").wait_for()
        assert (
            "Computer placed a tile"
            in page.locator("#gt-log li:not(.gt-log-event)").last.inner_text()
        )
        wait_moves(page, 2 * turn + 2)
