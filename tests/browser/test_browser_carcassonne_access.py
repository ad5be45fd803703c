"""Carcassonne without sight and on small screens, in a real Chromium.

1. The first three turns against the computer played by keys alone, the test hearing only what
   a screen reader hears: the focused element's role and name from Chromium's accessibility
   tree (CDP Accessibility.getPartialAXTree) and every change of a live region's text (a
   MutationObserver in the page). Every cursor move names the square (as the log does) and says
   whether the tile fits there; every turn of the tile is said; every computer move is said;
   focus is never on <body> after an action. (The words are the board controller's `spoken`,
   game/carcassonne/speech.py; the shell writes them into its one live status line.)
2. A phone on its side (640 x 360), the follower step: the places are shown beside the board,
   finger-sized, the hint is whole, and one tap on a place plays it.
3. A phone upright and a 320 x 320 embed: one tap on the new tile offers its follower's places
   as finger-sized buttons, a second tap places it.
"""

import re

import pytest
from browserkit import HEARING, ROOT, ScreenReader, wait_moves, wait_ready
from screens import AT_REST, check, screenshot

from game.carcassonne.engine import GAME, Place
from game.core.match import Match
from game.view.i18n import load_table

TABLE = load_table(str(ROOT / "assets" / "strings.json"))

HUMAN = {"name": "Ann", "kind": "human", "level": None}
COMPUTER = {"name": "Computer", "kind": "ai", "level": "easy"}
DECK = ["E", "U", "V", "A", "B", "U", "V", "E"]  # the follower examples' deck, and more

# every change of a live region's text (a status line, a log...), in order
SQUARE = r"(on the start tile|from the start tile)"
FITS = r"(Your tile fits here in \d turns?|Your tile does not fit here: )"
TURNED = r"(Turned: |Turn \d of the \d that fit here: |The only turn that fits here: )"


class Reader(ScreenReader):
    """A screen reader that asserts: what a key must make it say, and that focus stays."""

    def press(self, key, *patterns):
        """Press `key`; wait until a live region says something matching every pattern (one
        text each, said after the key), and return all that was said."""
        start = self.heard()
        self.page.keyboard.press(key)
        for pattern in patterns:
            self.wait_for(pattern, start)
        self.focus_is_not_lost(key)
        return self.since(start)

    def wait_for(self, pattern, start, timeout=15_000):
        self.page.wait_for_function(
            "([n, source]) => window.__heard.slice(n).some((t) => new RegExp(source).test(t))",
            arg=[start, pattern],
            timeout=timeout,
        )

    def focus_is_not_lost(self, after):
        assert self.page.evaluate("document.activeElement !== document.body"), after
        role, name = self.focused()
        assert role not in ("RootWebArea", "none", "generic") and name, (after, role, name)


def tab_to_landscape(page, reader):
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id === 'gt-board'"):
            role, name = reader.focused()
            assert "Carcassonne" in name, (role, name)
            return
    raise AssertionError("Tab never reaches the landscape")


def test_three_turns_by_keys_alone_as_a_screen_reader_hears_them(page, site):
    link = Match(
        "carcassonne",
        players=2,
        seed=3,
        options={"deck": DECK},
        seats=[HUMAN, COMPUTER],
        scenario="Tiles for the keys",
    ).to_link()
    page.add_init_script(HEARING)
    page.goto(f"{site.url}?game=carcassonne#m={link}")
    wait_ready(page, "carcassonne")
    reader = Reader(page)
    tab_to_landscape(page, reader)
    for turn, moves in ((1, 0), (3, 2)):  # the game's turns 1 and 3 are Ann's, 2 the computer's
        # walk: every square is named as the log names it, with whether the tile fits there
        for key in ("ArrowUp", "ArrowLeft", "ArrowDown", "ArrowDown", "ArrowRight"):
            reader.press(key, rf"{SQUARE}.*{FITS}")
        reader.press("Escape", r"No square now")
        for key in ("r", "r", "R"):  # every turn of the tile is said with its sides (E and V:
            reader.press(key, TURNED)  # four turns that differ, so each says something new)
        reader.press("f", rf"{SQUARE}.*Your tile fits here")  # a square where it fits
        reader.press("Enter", r"Square chosen: ")
        start = reader.heard()
        page.keyboard.press("Enter")  # lays the tile: the follower's places, or the move itself
        reader.wait_for(r"places? for your follower|Ann placed a tile|You placed a tile", start)
        reader.focus_is_not_lost("Enter")
        if page.locator('#gt-panel .gt-actions[data-step="follower"]').count():
            if turn == 1:
                reader.press("1", r"Place 1 of \d+: ")
                reader.press("Enter", r"(Ann|You) placed a tile .* from the start tile")
            else:
                reader.press("n", r"(Ann|You) placed a tile .* from the start tile")
        # the computer's move is said as the log tells it
        computer = r"\u2068?Computer\u2069? placed a tile .*(on|from) the start tile"  # isolated
        reader.wait_for(computer, start, 60_000)
        wait_moves(page, moves + 2)
        page.locator('#gt-panel .gt-actions[data-step="place"]').wait_for()  # Ann's turn again
        reader.focus_is_not_lost("the computer's move")


def follower_step_link(seats):
    state = GAME.new(players=2, seed=3, options={"deck": DECK})
    assert Place(0, -1, 2, "c1") in GAME.legal_moves(state)  # E above the start tile, a knight
    return Match(
        "carcassonne", players=2, seed=3, options={"deck": DECK}, seats=seats, scenario="Test"
    ).to_link()


def to_follower_step(page):
    """Ann's first turn by taps: the square above the start tile, then Lay tile here."""
    page.locator('#gt-board [data-cell="0,-1"]').dispatch_event("click")
    page.locator('#gt-layer-over .car-selected[data-x="0"][data-y="-1"]').wait_for()
    page.locator("#gt-panel [data-act=lay]").tap()
    page.locator('#gt-panel .gt-actions[data-step="follower"]').wait_for()
    page.wait_for_function(AT_REST)


@pytest.fixture
def phone(guarded):
    """make(width, height) -> a touch page of that size."""

    def make(width, height):
        context = guarded(
            viewport={"width": width, "height": height}, has_touch=True, is_mobile=True
        )
        return context.new_page()

    return make


@pytest.mark.parametrize("lang", ["en", "cs", "sk", "de"])
def test_a_phone_on_its_side_shows_the_followers_places_and_the_whole_hint(phone, site, lang):
    # At 640 x 360 the follower step's hint was cut ("...or g...") and pointed "below" at
    # places that were hidden: now they are there, finger-sized, and the hint is whole
    page = phone(640, 360)
    link = follower_step_link([HUMAN, dict(HUMAN, name="Ben")])
    page.goto(f"{site.url}?game=carcassonne&lang={lang}#m={link}")
    wait_ready(page, "carcassonne")
    to_follower_step(page)
    places = page.locator("#gt-panel .car-choice")
    assert places.count() == 2
    for box in places.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
        assert box["height"] >= 44 and box["bottom"] <= 360 and box["right"] <= 640, box
    hint = page.locator("#gt-panel .gt-hint")
    assert hint.evaluate(
        "e => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1"
    )
    assert hint.evaluate("e => getComputedStyle(e).textOverflow !== 'ellipsis'")
    screenshot(page, f"carcassonne-640x360-{lang}-follower")
    assert check(page) == []  # on screen together, no scroll box, targets big enough
    places.first.tap()  # one tap places the knight
    wait_moves(page, 1)
    assert (
        TABLE[lang]["carcassonne.role.city"]
        in page.locator("#gt-log li:not(.gt-log-event)").last.text_content()
    )


@pytest.mark.parametrize("size", [(360, 640), (320, 320)], ids=["phone", "embed-320"])
def test_one_tap_on_the_tile_offers_finger_sized_places_and_a_second_places(phone, site, size):
    # Followers on touch cost three taps (ring, magnified pick, Confirm) on rings of 15-23 px
    # (6-9 px in a 320 x 320 frame): now a tap on the tile opens its places as buttons, and
    # one tap on a button places the follower
    page = phone(*size)
    link = follower_step_link([HUMAN, dict(HUMAN, name="Ben")])
    embed = "&embed=1&start=1" if size == (320, 320) else ""
    page.goto(f"{site.url}?game=carcassonne{embed}#m={link}")
    wait_ready(page, "carcassonne")
    to_follower_step(page)
    hint = page.locator("#gt-panel .gt-hint").inner_text()  # what shows (and is read)
    if size == (320, 320):  # no room for the places in the panel: the tile opens them
        assert hint == "Tap your tile to choose your follower's place, or “No follower”."
        assert page.locator("#gt-panel .car-choice").first.is_hidden()
    else:
        assert hint.startswith("Tap a ring or a place below")
        assert page.locator("#gt-panel .car-choice").first.is_visible()
    spots = page.locator("#gt-layer-over .car-spots")
    assert "gt-coarse" in spots.get_attribute("class")  # the rings are too small for a finger
    taps = 0
    page.locator('#gt-layer-over [data-cell="pick"]').tap()
    taps += 1
    pick = page.locator("#gt-pick .car-pick")
    pick.wait_for()
    page.wait_for_function(AT_REST)
    buttons = page.locator('#gt-pick [data-act^="meeple:"]')
    assert buttons.count() == 2
    for box in buttons.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
        assert box["height"] >= 44 and box["width"] >= 44, box
        assert box["bottom"] <= size[1] and box["right"] <= size[0], box
    said = re.sub(r"\s+", " ", buttons.first.text_content()).strip()
    assert said == "1 · city +4 now"  # what it brings, before the tap (also in its name)
    screenshot(page, f"carcassonne-{size[0]}x{size[1]}-pick")
    assert check(page) == []
    buttons.first.tap()
    taps += 1
    wait_moves(page, 1)
    assert taps == 2
    assert "knight on the city" in page.locator("#gt-log li:not(.gt-log-event)").last.text_content()


@pytest.mark.parametrize(
    "size", [(640, 360), (320, 320), (360, 640)], ids=["phone-on-its-side", "embed-320", "phone"]
)
def test_the_most_places_a_tile_offers_fit_small_screens_whole(phone, site, size):
    # X beside the start tile: 4 roads and 4 fields, all free (docs/rules/carcassonne.md,
    # Followers): 8 places, in the panel and in the pick, with nothing in a scroll box
    deck = ["X", "E"]
    state = GAME.new(players=2, seed=3, options={"deck": deck})
    assert len([m for m in GAME.legal_moves(state) if (m.x, m.y) == (1, 0) and m.meeple]) == 8
    seats = [HUMAN, dict(HUMAN, name="Ben")]
    link = Match(
        "carcassonne", players=2, seed=3, options={"deck": deck}, seats=seats, scenario="Test"
    ).to_link()
    page = phone(*size)
    embed = "&embed=1&start=1" if size == (320, 320) else ""
    page.goto(f"{site.url}?game=carcassonne{embed}#m={link}")
    wait_ready(page, "carcassonne")
    page.locator('#gt-board [data-cell="1,0"]').dispatch_event("click")
    page.locator('#gt-layer-over .car-selected[data-x="1"][data-y="0"]').wait_for()
    page.locator("#gt-panel [data-act=lay]").tap()
    page.locator('#gt-panel .gt-actions[data-step="follower"]').wait_for()
    page.wait_for_function(AT_REST)
    assert page.locator("#gt-panel .car-choice").count() == 8
    screenshot(page, f"carcassonne-{size[0]}x{size[1]}-8-places")
    assert check(page) == []
    page.locator('#gt-layer-over [data-cell="pick"]').tap()
    page.locator("#gt-pick .car-pick").wait_for()
    page.wait_for_function(AT_REST)
    screenshot(page, f"carcassonne-{size[0]}x{size[1]}-8-places-pick")
    assert check(page) == []
    page.locator('#gt-pick [data-act^="meeple:"]').last.tap()
    wait_moves(page, 1)
