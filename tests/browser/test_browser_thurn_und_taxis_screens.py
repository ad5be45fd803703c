"""Thurn und Taxis on the screens people read it on, in a real Chromium: the route's city names
whole on a phone ("More") and beside a desktop's board, every card's city and province whole, in
all four languages; a desktop blog's 720 x 640 frame at "Close your route or end your turn" with
the step's buttons in view and nothing hidden; a 320 x 320 frame where every step of four turns
fits (screens.check at each: the panel hides nothing, targets of 44 px, no overlap, no text under
12 px), the officials behind one button and the step's words opened whole by a tap.

Screenshots of each go to test-results/screens/ (git-ignored) for people to look at.
"""

import re

import pytest
from browserkit import new_page, wait_ready
from screens import Player, assert_screen, play_turns, screenshot
from test_browser_screens import BLOG, clean, size_frame
from test_browser_thurn_und_taxis import DECK, PLAN

from game.core.match import Match
from game.view.i18n import LANGUAGES

SEATS = [
    {"name": "Ann", "kind": "human", "level": None},
    {"name": "Computer", "kind": "ai", "level": "easy"},
]
ROUTE = ["Ulm", "Augsburg", "München", "Innsbruck"]  # Ann's route at her closing (PLAN)
CLOSE_TITLE = {
    "en": "Close your route or end your turn",
    "cs": "Uzavřete cestu, nebo ukončete tah",
    "sk": "Uzavrite trasu, alebo ukončite ťah",
    "de": "Schließe die Strecke ab oder beende deinen Zug",
}
# every name on a card or a route stop: (its text, shown whole)
WHOLE = """(selector) => [...document.querySelectorAll(selector)].filter(e => e.offsetParent).map(e => {
  const range = document.createRange();
  range.selectNodeContents(e);
  const text = range.getBoundingClientRect(), box = e.getBoundingClientRect();
  const cut = e.scrollWidth > e.clientWidth + 1 || text.width > box.width + 1
    || getComputedStyle(e).textOverflow === "ellipsis" && e.scrollWidth > e.clientWidth;
  return [e.textContent.replace(/\\u00ad/g, ""), !cut, Math.round(box.width)];
})"""


def at_the_close_link():
    """A link to Ann's close step: her route Ulm - Augsburg - München - Innsbruck (PLAN)."""
    match = Match(
        "thurn-und-taxis", players=2, seed=1, options={"deck": DECK}, seats=SEATS, scenario="Test"
    )
    for move in (m for moves in PLAN for m in moves):
        if "close" in move:
            return match.to_link()
        match.play(move)
    raise AssertionError("PLAN has no closing")


def names_whole(where, selector):
    found = where.evaluate(WHOLE, selector)
    assert found, selector
    cut = [(name, width) for name, whole, width in found if not whole]
    assert cut == [], f"cut short in {selector}: {cut}"
    return [name for name, _, _ in found]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_route_and_every_card_show_whole_names_on_a_phone_and_a_desktop(browser, site, lang):
    link = at_the_close_link()
    for size, touch in (((360, 640), True), ((1280, 800), False)):
        page = new_page(browser, site, touch=touch, size=size)
        page.goto(f"{site.url}?game=thurn-und-taxis&lang={lang}#m={link}")
        wait_ready(page, "thurn-und-taxis")
        page.locator("#gt-panel .tnt-option").first.wait_for()
        assert_screen(page, f"{lang} at {size}: the close step")
        screenshot(page, f"tnt-{lang}-{size[0]}x{size[1]}-close")
        names_whole(page, "#gt-panel .tnt-card-city")
        cut = page.evaluate(  # the step's words wrap, never clamped or cut
            """() => [...document.querySelectorAll('#gt-panel .tnt-step-words > p')]
                .filter(p => p.scrollHeight > p.clientHeight + 1 || p.scrollWidth > p.clientWidth + 1)
                .map(p => p.textContent)"""
        )
        assert cut == [], cut
        if touch:  # a phone shows the route in "More"
            page.locator("#gt-tools [data-act=more]").tap()
            page.locator("#gt-more").wait_for(state="visible")
            screenshot(page, f"tnt-{lang}-{size[0]}x{size[1]}-more")
        assert names_whole(page, "#gt-details .tnt-route-list li") == ROUTE
        names_whole(page, "#gt-details .tnt-display .tnt-card-city")
        provinces = names_whole(page, "#gt-details .tnt-display .tnt-card-prov")
        assert provinces and all(re.fullmatch(r"[A-ZÄÖÜ][a-zäöüß]+", p) for p in provinces)
        clean(page)
        page.context.close()


@pytest.fixture(scope="module")
def desktop_blog(browser, site, blog):
    """A desktop reading a blog post of another site, with the game in the README's frame."""
    page = new_page(browser, site, blog, touch=False, size=(1000, 800))
    yield page
    page.context.close()


def blog_frame(page, site, blog, size, query):
    html = BLOG.replace(
        "SNIPPET",
        f'<iframe src="{site.url}index.html?{query}" title="Thurn und Taxis, a board game" '
        'style="width:100%;max-width:760px;height:640px;border:0"></iframe>',
    )
    (blog.root / "tnt-blog.html").write_text(html, "utf-8")
    page.goto(f"{blog.site_url}tnt-blog.html")
    frame = size_frame(page, site, size)
    wait_ready(frame, "thurn-und-taxis")
    return frame


IN_VIEW = """(el) => {
  const r = el.getBoundingClientRect(), panel = document.getElementById("gt-panel").getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  return r.top >= Math.max(0, panel.top) - 1 && r.bottom <= Math.min(innerHeight, panel.bottom) + 1
    && el.contains(document.elementFromPoint(x, y));
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_desktop_blogs_720_by_640_frame_shows_the_close_steps_buttons(
    desktop_blog, site, blog, lang
):
    query = f"game=thurn-und-taxis&embed=1&start=1&lang={lang}#m={at_the_close_link()}"
    frame = blog_frame(desktop_blog, site, blog, (720, 640), query)
    panel = frame.locator("#gt-panel")
    panel.locator(".tnt-option").first.wait_for()
    assert panel.locator(".tnt-step-title").inner_text() == CLOSE_TITLE[lang]
    screenshot(desktop_blog.locator("iframe"), f"tnt-embed-720x640-{lang}-close")
    for act in ("close-go", "pass"):  # in the window, inside the panel, not covered
        assert panel.locator(f"[data-act={act}]").evaluate(IN_VIEW), act
    assert panel.evaluate("p => p.scrollHeight <= p.clientHeight")  # nothing below the edge
    assert_screen(frame, f"{lang}: the close step in a 720x640 frame", min_board=250)
    # the ways to close, one at a time: the arrows go through them and the map shows each
    shown = panel.locator(".tnt-option:visible")
    assert shown.count() == 1
    first = shown.get_attribute("data-houses")
    panel.locator("[data-act=close-next]").click()
    frame.wait_for_function(
        "h => document.querySelector('#gt-panel .tnt-option.tnt-current').dataset.houses !== h",
        arg=first,
    )
    assert panel.locator("[data-act=close-go]").evaluate(IN_VIEW)
    assert frame.locator("#gt-layer-over .tnt-ghost").count() >= 1
    clean(desktop_blog, frame)


@pytest.fixture(scope="module")
def phone_blog(browser, site, blog):
    """A phone reading a blog post of another site, with the game in the README's frame."""
    page = new_page(browser, site, blog, touch=True, size=(412, 915))
    yield page
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_320_by_320_frame_fits_every_step_of_four_turns(phone_blog, site, blog, lang):
    link = Match("thurn-und-taxis", players=2, seed=5, seats=SEATS).to_link()
    query = f"game=thurn-und-taxis&embed=1&start=1&lang={lang}#m={link}"
    frame = blog_frame(phone_blog, site, blog, (320, 320), query)
    player = Player(frame, True, f"{lang} in a 320x320 frame", min_board=70)
    panel = frame.locator("#gt-panel")
    panel.locator(".tnt-step.tnt-mine-turn").wait_for()
    note = frame.locator("#storage-note")  # saving is refused to a cross-site frame: one line,
    if note.is_visible():  # dismissed with a tap (it is the same once for every game)
        note.locator("button").tap()
        note.wait_for(state="hidden")
    player.check("the game starts")
    screenshot(phone_blog.locator("iframe"), f"tnt-embed-320x320-{lang}-start")
    play_turns(player, "thurn-und-taxis", turns=2)
    # the officials: one button shows them instead of the cards, and again the cards
    toggle = panel.locator("[data-act=officials]")
    toggle.wait_for()
    toggle.tap()
    panel.locator("[data-act=officials][aria-expanded=true]").wait_for()
    assert panel.locator(".tnt-official-now").first.is_visible()
    assert panel.locator(".tnt-display").is_hidden()
    player.check("the officials shown")
    screenshot(phone_blog.locator("iframe"), f"tnt-embed-320x320-{lang}-officials")
    panel.locator("[data-act=officials]").tap()
    panel.locator(".tnt-display").wait_for()
    # the step's words in two lines; a tap shows them whole
    words = panel.locator(".tnt-step-words")
    assert words.evaluate("w => w.scrollHeight > w.clientHeight + 1")  # (the hint is long)
    words.tap()
    frame.wait_for_function(
        "() => { const w = document.querySelector('#gt-panel .tnt-step-words');"
        " return document.activeElement === w && w.scrollHeight <= w.clientHeight + 1 }"
    )
    screenshot(phone_blog.locator("iframe"), f"tnt-embed-320x320-{lang}-words")
    words.evaluate("w => w.blur()")  # (read: the words go back to two lines)
    play_turns(player, "thurn-und-taxis", turns=2)
    screenshot(phone_blog.locator("iframe"), f"tnt-embed-320x320-{lang}-4-turns")
    clean(phone_blog, frame)
