"""Thurn und Taxis played without sight in a real Chromium: the first three turns against the
computer by keys alone, the test reading only what a screen reader reads - the focused element's
role and name from the browser's accessibility tree (the DevTools protocol's
Accessibility.getPartialAXTree) and the text of live regions as it changes (a MutationObserver
in the page records every change inside an element with aria-live, role=status or role=alert).

What a player without sight must get: the board is one focusable element, an application whose
name says what it is; every cursor move names the city (and its province) and whether the card in
hand fits; choosing a card says which and where it fits; every move, the person's and each of
the computer's, is announced; focus never falls to the page's body after an action.

The page is synchronised by its state (the log's length, the step shown), never by time; the
assertions are about the accessibility tree and the live regions only. All problems are
collected and reported together, so one run shows every part that is missing.
"""

import re

from browserkit import HEARING, UNREAD, ScreenReader, wait_ready

from game.core.match import Match
from game.thurn_und_taxis import data, draw_words

SEATS = [
    {"name": "Ann", "kind": "human", "level": None},
    {"name": "Computer", "kind": "ai", "level": "easy"},
]
SEED = 5
# every change of a live region's text, in order (screen readers say these)
FITS = re.compile(r"fits|does not fit|can start your route|already on your route")
CITY_SAID = re.compile(r"(?:From (\w+), road \d+ of \d+: )?([^\s,.]+), ([^\s.]+)\.")
LOG = "#gt-log li:not(.gt-log-event)"
# a card is named by its own words first (city, land), then what tapping it does
TAKE = re.compile(r"^(\w+) ([\w\u00ad]+): take( — fits your route)?$")
HAND = re.compile(r"^(\w+) ([\w\u00ad]+)( — fits your route)?$")


def hand_cards(names):
    """The hand's buttons: a card's own words (its city first), nothing after but whether it fits."""
    found = (HAND.match(name) for name in names)
    return [m for m in found if m and m.group(1) in data.CITIES]


class Reader(ScreenReader):
    """A screen reader, and the problems found on the way."""

    def __init__(self, page):
        super().__init__(page)
        self.cdp.send("Accessibility.enable")
        self.problems = []

    def buttons(self):
        """The names of every button the accessibility tree has (the panel's choices)."""
        tree = self.cdp.send("Accessibility.getFullAXTree")
        return [
            n.get("name", {}).get("value", "")
            for n in tree["nodes"]
            if not n.get("ignored") and n.get("role", {}).get("value") == "button"
        ]

    def problem(self, text):
        if text not in self.problems:
            self.problems.append(text)

    def focus_kept(self, after):
        role, _ = self.focused()
        if role in ("RootWebArea", "WebArea") or self.page.evaluate(
            "document.activeElement === document.body"
        ):
            self.problem(f"focus fell to the page's body after {after}")


def moves(page):
    return page.locator(LOG).count()


def wait_moves(page, n):
    page.wait_for_function(f"n => document.querySelectorAll('{LOG}').length >= n", arg=n)


def my_turn(page):
    page.locator("#gt-panel .tnt-step.tnt-mine-turn").wait_for(timeout=60_000)
    page.wait_for_function("() => !document.querySelector('#gt-turn .gt-bar')")


def sentence(page, index):
    """The log's sentence of entry `index` (its words as a screen reader reads the log)."""
    return UNREAD.sub(
        "",
        page.evaluate(
            """k => document.querySelectorAll('#gt-log li:not(.gt-log-event) .gt-log-text')[k].firstChild.textContent""",
            index,
        ),
    )


def key_move(reader, key, what):
    """A key that makes a move: the move lands in the log and is announced, focus stays."""
    page = reader.page
    before, heard = moves(page), reader.heard()
    page.keyboard.press(key)
    wait_moves(page, before + 1)
    told = sentence(page, before)
    if not reader.wait(heard, told, 4000):
        reader.problem(f"the move of {what} was not announced ({told!r})")
    reader.focus_kept(what)


def walk(reader, keys):
    """Cursor keys: each announcement names the city, its province and whether the card fits;
    arrows follow the roads (draw_words is the walk's definition)."""
    page = reader.page
    for key in keys:
        heard = reader.heard()
        page.keyboard.press(key)
        said = reader.wait(heard, None, 4000)
        reader.focus_kept(key)
        if not said:
            reader.problem("a cursor move was not announced")
            continue
        words = next((t for t in said if CITY_SAID.match(t) or t.startswith("No road")), None)
        found = words and CITY_SAID.match(words)
        if words is None:
            reader.problem(f"a cursor move did not name a city first: {said!r}")
        elif found:
            city, province = found.group(2), found.group(3)
            if city not in data.CITIES or draw_words.PROVINCE_OF[city] != province:
                reader.problem(f"a cursor move named no city and its province: {words!r}")
            if not FITS.search(words):
                reader.problem(f"a cursor move did not say whether the card fits: {words!r}")


def test_three_turns_by_keys_alone_as_a_screen_reader_reads_them(page, site):
    page.add_init_script(HEARING)
    link = Match("thurn-und-taxis", players=2, seed=SEED, seats=SEATS).to_link()
    page.goto(f"{site.url}?game=thurn-und-taxis#m={link}")
    wait_ready(page, "thurn-und-taxis")
    reader = Reader(page)
    my_turn(page)
    for _ in range(40):  # Tab through the page until the board has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "gt-board":
            break
    else:
        raise AssertionError("Tab never reached the board")
    role, name = reader.focused()
    if role != "application":
        reader.problem(f"the board is {role!r}, not an application")
    assert name, "the board has no name"
    last_mine = heard_at_pass = 0
    for turn in range(3):
        my_turn(page)
        if turn:  # each of the computer's moves since my turn was announced
            entries = page.locator(LOG).count()
            computer = [
                sentence(page, k)
                for k in range(entries)
                if page.locator(LOG).nth(k).get_attribute("data-seat") == "1" and k >= last_mine
            ]
            said = page.evaluate("n => window.__heard.slice(n)", heard_at_pass)
            for told in computer:
                if not any(told in text for text in said):
                    reader.problem(f"a computer move was not announced ({told!r})")
        walk(reader, ["ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft", "PageDown"])
        while page.locator("#gt-panel [data-phase=draw].tnt-mine-turn").count():
            takes = [TAKE.match(b) for b in reader.buttons()]
            takes = [m for m in takes if m]
            fitting = [k for k, m in enumerate(takes) if m.group(3)]
            key = str(fitting[0] + 1) if fitting else "d"
            key_move(reader, key, f"drawing ({key})")
        page.locator("#gt-panel [data-phase=play].tnt-mine-turn").wait_for()
        hand = hand_cards(reader.buttons())
        assert hand, "the hand's cards have no names"
        route_empty = page.locator("#gt-panel .tnt-step-title").inner_text().startswith("Start")
        playable = [k for k, m in enumerate(hand) if route_empty or m.group(3)]
        assert playable, "no card fits (a seed where a card fits each turn is used)"
        k = playable[0]
        heard = reader.heard()
        page.keyboard.press(str(k + 1))
        city = hand[k].group(1)
        said = reader.wait(heard, f"Chosen card: {city} (", 4000)
        words = next((t for t in said if t.startswith(f"Chosen card: {city} (")), None)
        if words is None:
            reader.problem(f"choosing a card by its number was not said ({said!r})")
        elif not FITS.search(words):
            reader.problem(f"the chosen card's words do not say where it fits ({words!r})")
        reader.focus_kept("choosing a card")
        before = moves(page)
        page.keyboard.press("Enter")  # on the card's city: played where it fits
        page.wait_for_function(
            """n => document.querySelectorAll('#gt-log li:not(.gt-log-event)').length > n
                || /both ends/.test(document.querySelector('#gt-panel .tnt-hint').textContent)""",
            arg=before,
        )
        if moves(page) == before:  # it fits both ends: End goes to the right one, Enter plays
            walk(reader, ["End"])
            key_move(reader, "Enter", "playing at the right end")
        else:
            told = sentence(page, before)
            if not reader.wait(heard, told, 4000):
                reader.problem(f"the move of playing a card was not announced ({told!r})")
        hint = page.locator("#gt-panel .tnt-hint").inner_text()
        if re.search(r"\bTap\b", hint):
            reader.problem(f"the hint says tap after keys: {hint!r}")
        if page.locator("#gt-panel .tnt-hint[aria-live], #gt-panel [role=alert]").count():
            reader.problem("the step hint is a live region")
        last_mine = moves(page)
        heard_at_pass = reader.heard()
        key_move(reader, "p", "ending the turn")
    assert reader.problems == [], "\n".join(reader.problems)
