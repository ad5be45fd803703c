"""Every game on every screen: a phone upright and on its side (touch), two desktop
windows, and the README's embed in cross-site frames of 320 x 400 and 360 x 640 on a phone.
At each size five turns against the computer are played by taps (clicks on a desktop), and at
every step screens.check() measures from bounding boxes and computed styles that the board and
the step's controls are on screen together, that targets are big enough and never overlap, that
no text is under 12 px and that nothing scrolls. Screenshots of every size go to
test-results/screens/ (git-ignored) for people to look at.

One page per kind of screen, shared by its tests (Python starts once per page): games are
opened from the picker on the same page, and the page is resized between sizes.
"""

import re

import pytest
from browserkit import BOOT_TIMEOUT_MS, errors, new_page, wait_ready
from screens import Player, assert_screen, play_turns, screenshot
from test_browser_embed import readme_snippet  # the one line the README gives bloggers

GAMES = ["toscana", "carcassonne", "thurn-und-taxis"]
PHONE = [(360, 640), (640, 360)]
DESKTOP = [(1280, 800), (1920, 1080)]
FRAMES = [(320, 400), (360, 640)]


def clean(page, *frames):
    assert page.outside == [], f"requests left the origin: {page.outside}"
    assert page.page_errors == [], page.page_errors
    for where in (page, *frames):
        assert errors(where) == []


@pytest.fixture(scope="module")
def phone(browser, site):
    page = new_page(browser, site, touch=True, size=PHONE[0])
    yield page
    page.context.close()


@pytest.fixture(scope="module")
def desktop(browser, site):
    page = new_page(browser, site, touch=False, size=DESKTOP[0])
    yield page
    page.context.close()


def open_new_game(page, site, game, touch):
    """From the picker (with its Play button), a new game against the easy computer."""
    if page.url.startswith(site.url) and page.locator("#back").is_visible():
        page.locator("#back").click()
    elif not page.url.startswith(site.url):
        page.goto(site.url)
    page.locator("#picker").wait_for(state="visible")
    page.evaluate("localStorage.clear()")  # no game kept: Play opens the new-game form
    play = page.locator(f'.game[data-game="{game}"] a.play')
    play.tap() if touch else play.click()
    wait_ready(page, game, timeout=BOOT_TIMEOUT_MS)
    form = page.locator("#gt-new-form")
    form.wait_for()
    start = form.locator("button[type=submit]")
    assert_screen(page, f"{game}: the new-game form", min_board=0)
    assert start.evaluate(
        "b => { const r = b.getBoundingClientRect(); return r.bottom <= innerHeight && r.top >= 0 }"
    )
    if touch:  # no keyboard pops up over the form
        assert page.evaluate("document.activeElement.tagName") != "INPUT"
    page.select_option("#gt-new-form select[name=kind1]", "ai-easy")
    start.tap() if touch else start.click()
    form.wait_for(state="detached")


@pytest.mark.parametrize("size", PHONE, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_play_button_is_on_the_first_phone_screen(phone, site, size):
    phone.set_viewport_size({"width": size[0], "height": size[1]})
    phone.goto(site.url)
    assert_screen(phone, "the picker")
    for game in GAMES:
        box = phone.locator(f'.game[data-game="{game}"] a.play').bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= size[1], (game, box)
    screenshot(phone, f"picker-{size[0]}x{size[1]}")
    clean(phone)


def test_cancel_with_no_game_goes_back_to_the_picker(phone, site):
    phone.set_viewport_size({"width": PHONE[0][0], "height": PHONE[0][1]})
    phone.goto(site.url)
    phone.evaluate("localStorage.clear()")
    phone.locator('.game[data-game="toscana"] a.play').tap()
    wait_ready(phone, "toscana")
    phone.locator("#gt-new-form [data-act=dialog-close]").tap()
    phone.locator("#picker").wait_for(state="visible")
    assert "game=" not in phone.url
    clean(phone)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", PHONE, ids=lambda s: f"{s[0]}x{s[1]}")
def test_five_turns_by_taps_on_a_phone(phone, site, size, game):
    phone.set_viewport_size({"width": size[0], "height": size[1]})
    open_new_game(phone, site, game, touch=True)
    player = Player(phone, True, f"{game} at {size[0]}x{size[1]}")
    player.check("the game starts")
    screenshot(phone, f"{game}-{size[0]}x{size[1]}")
    play_turns(player, game)
    screenshot(phone, f"{game}-{size[0]}x{size[1]}-5-turns")
    # what the step does not need opens with one tap: the game's menu, the players, the moves
    phone.locator("#gt-tools [data-act=more]").tap()
    more = phone.locator("#gt-more")
    more.wait_for(state="visible")
    assert more.locator("#gt-menu [data-act=new]").is_visible()
    assert more.locator("#gt-log li:not(.gt-log-event)").count() >= 10
    assert_screen(phone, f"{game}: More is open")
    screenshot(phone, f"{game}-{size[0]}x{size[1]}-more")
    more.locator(".gt-more-head [data-act=more]").tap()
    more.wait_for(state="hidden")
    # a tap on the dimmed table beside the open drawer (a phone on its side: the drawer takes
    # part of the width) closes it and plays nothing there
    phone.locator("#gt-tools [data-act=more]").tap()
    more.wait_for(state="visible")
    drawer, board = more.bounding_box(), phone.locator("#gt-scroll").bounding_box()
    if drawer["x"] - board["x"] >= 24:
        moves = phone.locator("#gt-log li:not(.gt-log-event)").count()
        phone.touchscreen.tap(board["x"] + 12, board["y"] + board["height"] / 2)
        more.wait_for(state="hidden")
        assert phone.locator("#gt-log li:not(.gt-log-event)").count() == moves
    else:
        more.locator(".gt-more-head [data-act=more]").tap()
        more.wait_for(state="hidden")
    clean(phone)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", DESKTOP, ids=lambda s: f"{s[0]}x{s[1]}")
def test_five_turns_by_clicks_on_a_desktop(desktop, site, size, game):
    desktop.set_viewport_size({"width": size[0], "height": size[1]})
    open_new_game(desktop, site, game, touch=False)
    player = Player(desktop, False, f"{game} at {size[0]}x{size[1]}", min_board=300)
    player.check("the game starts")
    screenshot(desktop, f"{game}-{size[0]}x{size[1]}")
    play_turns(player, game)
    # a large window shows the moves and the players beside the board, without a tap
    assert desktop.locator("#gt-more #gt-log").is_visible()
    assert desktop.locator("#gt-tools [data-act=more]").is_hidden()
    screenshot(desktop, f"{game}-{size[0]}x{size[1]}-5-turns")
    clean(desktop)


# ---- the README's embed on a phone ------------------------------------------------------------------
BLOG = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A blog post</title></head>
<body style="font-family: sans-serif; margin: 1rem">
<p>Some text before the game.</p>
SNIPPET
<p>Some text after the game.</p>
</body></html>
"""


@pytest.fixture(scope="module")
def blog_page(browser, site, blog):
    """A phone reading a blog post of another site with the README's snippet in it."""
    page = new_page(browser, site, blog, touch=True, size=(412, 915))
    yield page
    page.context.close()


def frame_of(page, site):
    return next(f for f in page.frames if f.url.startswith(site.url))


def size_frame(page, site, size):
    page.evaluate(
        "([w, h]) => { const f = document.querySelector('iframe');"
        " f.style.width = w + 'px'; f.style.height = h + 'px'; f.style.maxWidth = 'none'; }",
        list(size),
    )
    frame = frame_of(page, site)
    frame.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=list(size))
    return frame


@pytest.mark.parametrize("game", GAMES)
def test_five_turns_by_taps_in_embeds_on_a_phone(blog_page, site, blog, game):
    page = blog_page
    snippet = readme_snippet()
    host = re.search(r'src="(https://[^"]*/)index\.html', snippet).group(1)
    snippet = snippet.replace(host, site.url).replace("game=toscana", f"game={game}")
    (blog.root / f"blog-{game}.html").write_text(BLOG.replace("SNIPPET", snippet), "utf-8")
    page.goto(f"{blog.site_url}blog-{game}.html")
    page.frame_locator("iframe").locator("#poster").wait_for(state="attached")
    frame = size_frame(page, site, FRAMES[0])
    frame.locator("#poster-quick").wait_for(state="visible")
    assert_screen(frame, f"{game}: the embed's poster", min_board=0)
    frame.locator("#poster-quick").tap()  # one tap: a game against the computer, no form
    wait_ready(frame, game, timeout=BOOT_TIMEOUT_MS)
    assert frame.locator("#gt-new-form").count() == 0
    # storage is refused to a cross-site frame: one small line says so, and a tap dismisses it
    note = frame.locator("#storage-note")
    assert note.is_visible() and note.bounding_box()["height"] <= 48
    shown_notes = "[...document.querySelectorAll('.note, .banner')].filter(e => e.offsetParent)"
    assert frame.evaluate(f"{shown_notes}.length") == 1  # never two banners
    assert frame.locator(".site-header").is_hidden()
    screenshot(page.locator("iframe"), f"embed-{game}-{FRAMES[0][0]}x{FRAMES[0][1]}-saving-off")
    note.locator("button").tap()
    note.wait_for(state="hidden")
    for size, turns in zip(FRAMES, (3, 2)):  # the five turns, in one frame then the other
        frame = size_frame(page, site, size)
        player = Player(frame, True, f"{game} in a {size[0]}x{size[1]} embed", min_board=70)
        player.check("the game starts")
        screenshot(page.locator("iframe"), f"embed-{game}-{size[0]}x{size[1]}")
        play_turns(player, game, turns)
        screenshot(page.locator("iframe"), f"embed-{game}-{size[0]}x{size[1]}-{turns}-turns")
    # the new-game form fits the small frame with its Start in view
    frame = size_frame(page, site, (320, 320))
    frame.locator("#gt-tools [data-act=more]").tap()
    frame.locator("#gt-menu [data-act=new]").tap()
    form = frame.locator("#gt-new-form")
    form.wait_for()
    screenshot(page.locator("iframe"), f"embed-{game}-320x320-form")
    assert_screen(frame, f"{game}: the new-game form in a 320x320 embed", min_board=0)
    assert form.locator("button[type=submit]").evaluate(
        "b => b.getBoundingClientRect().bottom <= innerHeight"
    )
    form.locator("[data-act=dialog-close]").tap()  # a game is in progress: back to it
    form.wait_for(state="detached")
    frame.locator("#gt-board").wait_for()
    frame = size_frame(page, site, (1200, 900))
    assert_screen(frame, f"{game} in a 1200x900 embed", min_board=300)
    screenshot(page.locator("iframe"), f"embed-{game}-1200x900")
    clean(page, frame)
