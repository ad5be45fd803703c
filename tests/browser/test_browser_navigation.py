"""Map navigation on the Carcassonne board: a drag pans and places nothing, a wheel
step zooms around the pointer (the board point under it stays within 2 px), two fingers pinch
(touch events through the DevTools protocol), + / − and Shift+arrows, the view stays where the
player left it across moves, and a new tile off-screen is brought into view. The wheel never
turns the tile.

The game is a two-person hot-seat game from a link with a fixed deck (the Carcassonne browser
test's): E above the start tile first.
"""

import pytest
from browserkit import NEXT_FRAME, errors, guard, wait_ready

from game.carcassonne.engine import GAME, Place
from game.core.match import Match

SEATS = [
    {"name": "Ann", "kind": "human", "level": None},
    {"name": "Ben", "kind": "human", "level": None},
]
DECK = ["E", "U", "V", "A"]

# the board point (board units) under a point of the window, and back
TO_BOARD = """([x, y]) => {
  const svg = document.getElementById('gt-board');
  const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM().inverse());
  return [p.x, p.y]; }"""
TO_SCREEN = """([x, y]) => {
  const p = new DOMPoint(x, y).matrixTransform(document.getElementById('gt-board').getScreenCTM());
  return [p.x, p.y]; }"""
AT_REST = "() => !document.querySelector('#gt-scroll.gt-moving')"


def link():
    state = GAME.new(players=2, seed=3, options={"deck": DECK})
    assert Place(0, -1, 2, None) in GAME.legal_moves(state)
    match = Match(
        "carcassonne",
        players=2,
        seed=3,
        options={"deck": DECK},
        seats=SEATS,
        undo="free",
        scenario="Test",
    )
    return match.to_link()  # friends at one device: any move may be taken back


def zoom(page):
    return float(page.locator("#gt-scroll").get_attribute("data-zoom"))


def wait_zoom(page, compare, than):
    """Until the view, at rest, is zoomed in (">") or out ("<") compared with `than`."""
    page.wait_for_function(
        f"() => Number(document.getElementById('gt-scroll').dataset.zoom) {compare} {than}"
    )
    settle(page)


def drag(page, x, y, dx, dy):
    """A mouse drag from (x, y) in ten steps of (dx, dy)."""
    page.mouse.move(x, y)
    page.mouse.down()
    for k in range(1, 11):
        page.mouse.move(x + dx * k, y + dy * k)
    page.mouse.up()


def view_rect(page):
    return page.locator("#gt-scroll").bounding_box()


# whether an element of the board is wholly inside the board's viewport, the view at rest
IN_VIEW = """(selector) => {
  if (document.querySelector('#gt-scroll.gt-moving')) return false;
  const r = document.querySelector(selector).getBoundingClientRect();
  const v = document.getElementById('gt-scroll').getBoundingClientRect();
  // within a pixel: a fitted board's edge may land a fraction of a pixel past the view's
  return r.left >= v.left - 1 && r.right <= v.right + 1 && r.top >= v.top - 1 && r.bottom <= v.bottom + 1; }"""


def in_view(page, selector):
    return page.evaluate(IN_VIEW, selector)


def wait_in_view(page, selector):
    page.wait_for_function(IN_VIEW, arg=selector)
    settle(page)
    assert in_view(page, selector)


def settle(page):
    """Until the view is at rest and drawn where it rests."""
    page.wait_for_function(AT_REST)
    page.evaluate(NEXT_FRAME)


def open_board(page, site):
    page.goto(f"{site.url}?game=carcassonne#m={link()}")
    wait_ready(page, "carcassonne")
    page.locator("#gt-scroll[data-zoom]").wait_for()
    settle(page)


@pytest.fixture(scope="module")
def desktop(browser, site):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.outside = guard(context, site)
    page.page_errors = []
    page.on("pageerror", lambda e: page.page_errors.append(str(e)))
    open_board(page, site)
    yield page
    assert page.outside == [] and page.page_errors == [] and errors(page) == []
    context.close()


def test_a_wheel_step_zooms_around_the_pointer_and_never_turns_the_tile(desktop):
    page = desktop
    box = view_rect(page)
    x, y = box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.65
    point = page.evaluate(TO_BOARD, [x, y])
    before, rot = zoom(page), page.locator("#gt-panel .gt-actions").get_attribute("data-rot")
    page.mouse.move(x, y)
    page.mouse.wheel(0, -120)  # one notch towards the reader: closer
    wait_zoom(page, ">", before)
    assert zoom(page) > before * 1.2
    sx, sy = page.evaluate(TO_SCREEN, point)
    assert abs(sx - x) <= 2 and abs(sy - y) <= 2, (sx, sy, x, y)
    assert page.locator("#gt-panel .gt-actions").get_attribute("data-rot") == rot
    closer = zoom(page)
    page.mouse.wheel(0, 120)  # and back out, around the same point
    wait_zoom(page, "<", closer)
    sx, sy = page.evaluate(TO_SCREEN, point)
    assert abs(sx - x) <= 2 and abs(sy - y) <= 2


def test_a_drag_pans_and_places_nothing_and_the_view_stays_across_moves(desktop):
    page = desktop
    hint = page.locator('#gt-board [data-cell="0,-1"]')  # where E fits: a drag starts on it
    start = hint.bounding_box()
    x, y = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    point = page.evaluate(TO_BOARD, [x, y])
    moves = page.locator("#gt-log li:not(.gt-log-event)").count()
    drag(page, x, y, 12, 6)
    settle(page)
    sx, sy = page.evaluate(TO_SCREEN, point)
    assert abs(sx - (x + 120)) <= 2 and abs(sy - (y + 60)) <= 2  # the board moved with it
    assert page.locator("#gt-layer-over .car-selected").count() == 0  # nothing chosen
    assert page.locator("#gt-log li:not(.gt-log-event)").count() == moves  # nothing played

    # a move on screen: the view stays where the player left it (the board's box may grow
    # with the move, so the view is compared by where a board point is on the screen)
    shown = page.evaluate(TO_SCREEN, point)
    page.locator('#gt-board [data-cell="0,-1"]').click()
    page.locator("#gt-layer-over .car-selected").wait_for()
    page.locator("#gt-panel [data-act=lay]").click()
    page.locator('#gt-panel .gt-actions[data-step="follower"]').wait_for()
    page.locator("#gt-panel [data-act=no-follower]").click()
    page.wait_for_function(
        f"() => document.querySelectorAll('#gt-log li:not(.gt-log-event)').length === {moves + 1}"
    )
    settle(page)
    sx, sy = page.evaluate(TO_SCREEN, point)
    assert abs(sx - shown[0]) <= 0.5 and abs(sy - shown[1]) <= 0.5, (sx, sy, shown)

    # taken back, the map zoomed in and dragged far away, and played again (redo): the new
    # tile comes into view
    page.locator("#gt-tools [data-act=undo]").click()
    page.wait_for_function(
        f"() => document.querySelectorAll('#gt-log li:not(.gt-log-event)').length === {moves}"
    )
    for _ in range(2):
        before = zoom(page)
        page.locator('[data-nav="in"]').click()
        wait_zoom(page, ">", before)
    box = view_rect(page)
    drag(page, box["x"] + 40, box["y"] + 40, 60, 50)
    settle(page)
    tile = page.evaluate(TO_SCREEN, [50, -50])  # the middle of square 0,-1
    inside = (
        box["x"] < tile[0] < box["x"] + box["width"]
        and box["y"] < tile[1] < box["y"] + box["height"]
    )
    assert not inside, "the drag should have taken the square off the screen"
    page.locator("#gt-tools [data-act=redo]").click()
    page.wait_for_function(
        f"() => document.querySelectorAll('#gt-log li:not(.gt-log-event)').length === {moves + 1}"
    )
    wait_in_view(page, "#gt-layer-board .car-last")  # the view glides to it

    # dragged away again, "go to the last move" brings it back to the middle
    drag(page, box["x"] + 40, box["y"] + 40, 60, 50)
    settle(page)
    assert not in_view(page, "#gt-layer-board .car-last")
    page.locator('[data-nav="last"]').click()
    wait_in_view(page, "#gt-layer-board .car-last")
    last = page.locator("#gt-layer-board .car-last").bounding_box()
    middle = (last["x"] + last["width"] / 2, last["y"] + last["height"] / 2)
    assert abs(middle[0] - (box["x"] + box["width"] / 2)) <= 2
    assert abs(middle[1] - (box["y"] + box["height"] / 2)) <= 2


def test_keys_zoom_and_pan_and_the_arrows_stay_with_the_cursor(desktop):
    page = desktop
    page.locator("#gt-board").focus()
    before = zoom(page)
    page.keyboard.press("+")
    wait_zoom(page, ">", before)
    box = view_rect(page)
    centre = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
    point = page.evaluate(TO_BOARD, centre)
    page.keyboard.press("Shift+ArrowRight")  # Shift+arrows pan
    page.wait_for_function(
        f"() => !document.querySelector('#gt-scroll.gt-moving') && ({TO_BOARD})({centre})[0] > {point[0] + 20}"
    )
    after = page.evaluate(TO_BOARD, centre)
    assert after[0] > point[0] + 20 and abs(after[1] - point[1]) < 1
    assert page.locator("#gt-layer-over .car-preview").count() == 0  # no cursor moved
    closer = zoom(page)
    page.keyboard.press("-")
    wait_zoom(page, "<", closer)
    page.keyboard.press("ArrowDown")  # plain arrows: the board's cursor (Carcassonne has one)
    # the tile where it may lie, or the cursor's square where a tile lies already
    page.locator("#gt-layer-over :is(.car-preview, .car-cursor)").first.wait_for()
    settle(page)
    assert not in_view(page, "#gt-board")  # panned: part of the board is off-screen
    page.locator('[data-nav="fit"]').click()
    wait_in_view(page, "#gt-board")  # all of it, every square a tile may go to


def test_two_fingers_pinch_and_one_finger_pans_on_a_touch_screen(browser, site):
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True
    )
    context.set_default_timeout(30_000)
    page = context.new_page()
    outside = guard(context, site)
    open_board(page, site)
    cdp = context.new_cdp_session(page)

    def touch(kind, points):
        cdp.send(
            "Input.dispatchTouchEvent",
            {
                "type": kind,
                "touchPoints": [{"x": x, "y": y, "id": k} for k, (x, y) in enumerate(points)],
            },
        )

    box = view_rect(page)
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    point = page.evaluate(TO_BOARD, [cx, cy])
    before = zoom(page)
    touch("touchStart", [(cx - 30, cy), (cx + 30, cy)])
    for k in range(1, 11):
        touch("touchMove", [(cx - 30 - 6 * k, cy), (cx + 30 + 6 * k, cy)])
    touch("touchEnd", [])
    settle(page)
    assert zoom(page) > before * 1.5  # 60 px apart -> 180 px apart, within the zoom's limits
    sx, sy = page.evaluate(TO_SCREEN, point)
    assert abs(sx - cx) <= 2 and abs(sy - cy) <= 2  # around the fingers' midpoint

    moves = page.locator("#gt-log li:not(.gt-log-event)").count()
    touch("touchStart", [(cx, cy)])
    for k in range(1, 9):
        touch("touchMove", [(cx - 10 * k, cy - 5 * k)])
    touch("touchEnd", [])
    settle(page)
    sx, sy = page.evaluate(TO_SCREEN, point)
    assert abs(sx - (cx - 80)) <= 2 and abs(sy - (cy - 40)) <= 2
    assert page.locator("#gt-layer-over .car-selected").count() == 0
    assert page.locator("#gt-log li:not(.gt-log-event)").count() == moves
    assert outside == [] and errors(page) == []
    context.close()
