"""The table's layout where people tripped over it: the way back ("←") never sits on a heading
and is covered by a dialog like the rest of the table; every button's words fit it and every
select's choices fit it, in all four languages, on a phone and a desktop (the picker, the
table, "More", the new-game form, How to play); the turn line, the notice and the hints are cut
only where one tap shows them whole; a blog's 720 x 640 embed gives the board its room; a log
entry tapped on a phone shows its move on the board, in view; a review fits each position in
the view; How to play opened from the picker closes back to the picker, which comes back with
"Your games" in view and its title in the page's language. Screens go to test-results/layout/.

Matches are planned in CPython and opened from game links.
"""

import json

import pytest
from browserkit import BOARD_IN_VIEW, FRIENDS, ROOT, VS_COMPUTER, errors, new_page, wait_ready

from game.carcassonne.draw import T
from game.core.match import Match
from game.core.rng import Rng

STRINGS = json.loads((ROOT / "assets" / "strings.json").read_text("utf-8"))
LANGS = ("en", "cs", "sk", "de")
GAMES = ("toscana", "carcassonne", "thurn-und-taxis")
SHOTS = ROOT / "test-results" / "layout"
PHONE, DESKTOP, EMBED = (360, 640), (1280, 800), (720, 640)
AT_REST = """() => !document.querySelector('#gt-scroll.gt-moving') && document.getAnimations().every(
    (a) => a.playState !== 'running' || a.effect.getComputedTiming().iterations === Infinity)"""


def played(game_id, moves, seats=VS_COMPUTER, seed=7, to_move=0):
    """A match of random legal moves: at least `moves`, then until seat `to_move` moves."""
    match = Match(game_id, players=len(seats), seed=seed, seats=seats)
    rng = Rng(seed)
    while not match.is_over() and (len(match.log) < moves or match.current_player() != to_move):
        match.play(match.game.playout_move(match.state, rng))
    return match


@pytest.fixture
def screen(browser, site):
    """make(size, touch=...) -> a fresh page of that size that must end with no page error and
    no request outside the site."""
    contexts = []

    def make(size, touch=False):
        page = new_page(browser, site, touch=touch, size=size)
        contexts.append(page)
        return page

    yield make
    for page in contexts:
        assert page.outside == [] and page.page_errors == [] and errors(page) == []
        page.context.close()


def open_match(page, site, match, lang="en", embed=False):
    extra = "&embed=1&start=1" if embed else ""
    page.goto(f"{site.url}?game={match.game.id}&lang={lang}{extra}#m={match.to_link()}")
    wait_ready(page, match.game.id)
    page.wait_for_function(AT_REST)


def set_lang(page, lang):
    """The language, as a person picks it in the page's header (hidden on a phone's table)."""
    page.evaluate("l => document.querySelector(`.lang[data-lang=${l}]`).click()", lang)
    page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
    page.wait_for_function(AT_REST)


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


# ---- the way back ------------------------------------------------------------------------------
# what is on top at the middle of an element and at four points around it (inside its round
# outline)
ON_TOP = """(sel) => {
  const el = document.querySelector(sel), r = el.getBoundingClientRect();
  const at = [[.5, .5], [.25, .25], [.75, .25], [.25, .75], [.75, .75]].map(
    ([fx, fy]) => [r.left + r.width * fx, r.top + r.height * fy]);
  return at.map(([x, y]) => { const e = document.elementFromPoint(x, y);
    return e === null ? 'nothing' : el.contains(e) ? 'itself' : (e.closest('[id]') || e).id || e.tagName; });
}"""
# the first letters of a heading: the element on top there is the heading itself
HEADING_SHOWS = """(sel) => {
  const h = document.querySelector(sel), range = document.createRange();
  range.selectNodeContents(h);
  const r = range.getClientRects()[0];
  const e = document.elementFromPoint(r.left + 3, r.top + r.height / 2);
  return !!e && h.contains(e);
}"""


def test_nothing_overlaps_the_way_back_and_a_dialog_covers_it(screen, site):
    page = screen(PHONE, touch=True)
    open_match(page, site, played("toscana", 6), lang="de")
    back = "#back"
    assert page.evaluate(ON_TOP, back) == ["itself"] * 5  # on the table: nothing over it
    # "More" (a drawer on a phone) covers it, and its heading shows whole
    page.locator("#gt-tools [data-act=more]").tap()
    page.locator("#gt-more.gt-open").wait_for()
    assert "itself" not in page.evaluate(ON_TOP, back)
    assert page.evaluate(HEADING_SHOWS, "#gt-more .gt-more-head h2")
    shoot(page, "back-more-de")
    page.locator("#gt-more .gt-more-head [data-act=more]").tap()
    page.locator("#gt-more.gt-open").wait_for(state="detached")
    # the new-game form: its heading shows whole, the way back is under the dialog's scrim
    page.evaluate("document.querySelector('#gt-menu [data-act=new]').click()")
    page.locator("#gt-new-form").wait_for()
    assert page.evaluate(HEADING_SHOWS, "#gt-new-form h2")
    assert "itself" not in page.evaluate(ON_TOP, back)
    shoot(page, "back-new-game-de")
    page.locator("#gt-new-form [data-act=dialog-close]").tap()
    page.locator("#gt-new-form").wait_for(state="detached")
    # the share dialog: the way back is under its scrim (not tappable, not bright above it)
    page.evaluate("document.querySelector('#gt-menu [data-act=share]').click()")
    page.locator("#gt-share-url").wait_for()
    assert page.evaluate(ON_TOP, back) == ["gt-dialog"] * 5
    shoot(page, "back-share-de")
    # the hand-over curtain of hidden hands at one device: its one button shows the next hand,
    # so the way back stays above it (nobody has to look at a hand to leave the table)
    open_match(page, site, played("thurn-und-taxis", 6, seats=FRIENDS), lang="de")
    page.locator("#gt-dialog [data-act=reveal]").wait_for()
    assert page.evaluate(ON_TOP, back) == ["itself"] * 5
    assert page.evaluate(HEADING_SHOWS, "#gt-dialog h2")
    shoot(page, "back-curtain-de")


# ---- words that fit ----------------------------------------------------------------------------
# every shown button (and link styled as one) whose words run out of it, and every shown select
# with a choice wider than it shows without "…" (a select cannot wrap its words)
CUT = """() => {
  const out = [];
  const shown = (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
    && el.getBoundingClientRect().width > 1;
  const name = (el) => (el.dataset.act || el.id || el.textContent.trim().slice(0, 40));
  for (const el of document.querySelectorAll('button, a.play, a.howto, .saved-continue, .saved-delete')) {
    if (!shown(el) || !el.textContent.trim()) continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      out.push(`button ${name(el)}: ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
    }
  }
  // a select's choices: each as wide as the engine makes a select that holds only it (a
  // seat's kind must fit whole; any other select ends a longer choice in "…", and a tap on it
  // lists every choice whole)
  for (const select of document.querySelectorAll('select')) {
    if (!shown(select)) continue;
    const room = select.getBoundingClientRect().width;
    const ellipsis = getComputedStyle(select).textOverflow === 'ellipsis';
    for (const option of select.options) {
      const probe = select.cloneNode(false);
      probe.removeAttribute('id');
      probe.removeAttribute('name');
      probe.style.cssText = 'position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none;flex:none';
      probe.append(option.cloneNode(true));
      select.after(probe);
      const w = probe.getBoundingClientRect().width;
      probe.remove();
      if (w > room + 1 && (/^kind/.test(select.name) || !ellipsis)) {
        out.push(`select ${select.name}: "${option.textContent}" needs ${Math.round(w)} px of ${Math.round(room)}`);
      }
    }
  }
  return out;
}"""


# the vertical middle of each word on the toolbar's buttons (undo, redo, review)
LABEL_MIDDLES = """() => [...document.querySelectorAll('#gt-tools .gt-label')]
  .filter((el) => el.checkVisibility()).map((el) => {
    const r = el.getBoundingClientRect(); return Math.round((r.top + r.bottom) / 2 * 10) / 10; })"""


def cut_words(page, where):
    page.wait_for_function(AT_REST)
    return [f"{where}: {problem}" for problem in page.evaluate(CUT)]


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_button_and_choice_shows_its_words_in_every_language(screen, site, size):
    touch = size == PHONE
    page = screen(size, touch=touch)
    problems = []
    page.goto(site.url)
    for lang in LANGS:
        set_lang(page, lang)
        problems += cut_words(page, f"the picker ({lang})")
    for game in GAMES:
        open_match(page, site, played(game, 8))
        for lang in LANGS:
            set_lang(page, lang)
            problems += cut_words(page, f"{game} ({lang})")
            if not touch:  # a disabled Redo's word stands level with Undo's (it sat 10 px higher)
                middles = page.evaluate(LABEL_MIDDLES)
                if max(middles) - min(middles) > 1:
                    problems.append(f"{game} ({lang}): the toolbar's words at {middles}")
            if touch:
                page.locator("#gt-tools [data-act=more]").tap()
                page.locator("#gt-more.gt-open").wait_for()
                problems += cut_words(page, f"{game}, More ({lang})")
                page.locator("#gt-more .gt-more-head [data-act=more]").tap()
                page.locator("#gt-more.gt-open").wait_for(state="detached")
            page.evaluate("document.querySelector('#gt-menu [data-act=new]').click()")
            page.locator("#gt-new-form").wait_for()
            problems += cut_words(page, f"{game}, new game ({lang})")
            if lang == "de":
                shoot(page, f"new-game-{game}-{size[0]}x{size[1]}-{lang}")
            page.locator("#gt-new-form [data-act=dialog-close]").click()
            page.locator("#gt-new-form").wait_for(state="detached")
            page.evaluate("document.querySelector('#gt-menu [data-act=howto]').click()")
            page.locator("#gt-howto:not([hidden])").wait_for()
            problems += cut_words(page, f"{game}, How to play ({lang})")
            if lang in ("de", "sk"):
                shoot(page, f"howto-{game}-{size[0]}x{size[1]}-{lang}")
            page.locator("#gt-howto [data-act=howto-close]").click()
            page.locator("#gt-howto").wait_for(state="hidden")
    assert problems == [], "\n".join(problems)


# ---- lines that are cut show whole with one tap ------------------------------------------------
# the status lines and hints shown, each with whether its words run out of its box
LINES = """() => [...document.querySelectorAll('#gt-turn, #gt-notice, #gt-panel .gt-hint')]
  .filter((el) => el.checkVisibility() && el.textContent.trim())
  .map((el) => ({ id: el.id || 'hint', text: el.textContent.trim().slice(0, 60),
                  cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 }))"""
WHOLE = """() => { const box = document.getElementById('gt-status');
  return [box, ...box.querySelectorAll('p:not(.sr-only)')].every((el) => el.scrollWidth <= el.clientWidth + 1
    && el.scrollHeight <= el.clientHeight + 1); }"""


@pytest.mark.parametrize("game_id", GAMES)
def test_status_and_hints_fit_or_show_whole_with_one_tap_on_a_phone(screen, site, game_id):
    page = screen(PHONE, touch=True)
    # the computer to move: its move arrives as "Last move: ..." (the longest line there is)
    match = played(game_id, 12, to_move=1)
    open_match(page, site, match)
    page.locator("#gt-notice").filter(has_text=STRINGS["en"]["story.last_move"][:9]).wait_for(
        timeout=60_000
    )
    page.locator("#gt-panel .gt-hint").first.wait_for()  # the person's turn: the computer is done
    toggle = page.locator("#gt-status [data-act=status]")
    cut_seen = 0
    for lang in LANGS:
        set_lang(page, lang)
        lines = page.evaluate(LINES)
        assert {line["id"] for line in lines} >= {"gt-turn", "gt-notice", "hint"}, lines
        if any(line["cut"] for line in lines if line["id"] != "hint"):
            cut_seen += 1
            toggle.tap()
            page.locator("#gt-status.gt-open").wait_for()
            assert toggle.get_attribute("aria-expanded") == "true"
            assert page.evaluate(WHOLE), f"{lang}: the lines are still cut when shown whole"
            shoot(page, f"status-{game_id}-{lang}")
            toggle.tap()
            page.locator("#gt-status.gt-open").wait_for(state="detached")
        for k, line in enumerate(lines):
            if line["id"] == "hint" and line["cut"]:
                hint = page.locator("#gt-panel .gt-hint").nth(0)
                hint.tap()
                assert not page.evaluate(LINES)[k]["cut"], f"{lang}: {line}"
    # the last move's sentence does not fit a phone's bar: the tap was tried in every language
    assert cut_seen == len(LANGS)


# ---- a blog's embed on a desktop ---------------------------------------------------------------
# the column beside the board: how much of its height holds something (the turn line, the
# panel, "More"), and the board's viewport
COLUMN = """() => {
  const view = document.getElementById('gt-scroll').getBoundingClientRect();
  const parts = ['gt-status', 'gt-panel', 'gt-more', 'gt-review']
    .map((id) => document.getElementById(id)).filter((el) => el && el.checkVisibility())
    .map((el) => el.getBoundingClientRect());
  const top = Math.min(...parts.map((r) => r.top)), bottom = Math.max(...parts.map((r) => r.bottom));
  const filled = parts.reduce((sum, r) => sum + r.height, 0);
  return { view: [view.width, view.height], top, bottom, filled, height: innerHeight,
           zoom: Number(document.getElementById('gt-scroll').dataset.zoom) };
}"""


@pytest.mark.parametrize("game_id", ["toscana", "carcassonne"])
def test_a_desktop_embed_gives_the_board_the_frame(screen, site, game_id):
    page = screen(EMBED)
    open_match(page, site, played(game_id, 10), embed=True)
    shoot(page, f"embed-{game_id}-720x640")
    box = page.evaluate(COLUMN)
    # the board has most of the width (it had 335 px of 720 beside a column of 390 and its map
    # buttons) and the height under the bar but for the map buttons' row
    assert box["view"][0] >= 0.6 * EMBED[0], box
    assert box["view"][1] >= EMBED[1] - 130, box
    # the column beside it holds something from top to bottom: no empty table under the panel
    assert box["bottom"] >= EMBED[1] - 12 and box["filled"] >= 0.85 * (box["bottom"] - box["top"])
    assert page.locator("#gt-more #gt-log").is_visible()  # the moves, with no drawer to open
    if game_id == "toscana":  # the whole town, its squares big enough to tap
        assert page.evaluate(f"({BOARD_IN_VIEW})()"), box
        assert box["zoom"] * 10 >= 24, box


# ---- a phone: the log and the review show the board ---------------------------------------------
# a box of the board (board units) inside the board's viewport
BOX_IN_VIEW = """([x, y, w, h]) => {
  const v = document.getElementById('gt-scroll').getBoundingClientRect();
  const m = document.getElementById('gt-board').getScreenCTM();
  const a = new DOMPoint(x, y).matrixTransform(m), b = new DOMPoint(x + w, y + h).matrixTransform(m);
  return a.x >= v.left - 1 && b.x <= v.right + 1 && a.y >= v.top - 1 && b.y <= v.bottom + 1;
}"""


def test_a_log_entry_tapped_on_a_phone_shows_its_move_on_the_board(screen, site):
    page = screen(PHONE, touch=True)
    match = played("carcassonne", 20, seats=FRIENDS)
    open_match(page, site, match)
    for _ in range(3):  # zoomed in, around the middle
        page.locator('[data-nav="in"]').tap()
        page.wait_for_function(AT_REST)

    def square(move):
        return [move["x"] * T, move["y"] * T, T, T]

    # a move whose tile is off the screen now
    entry = next(
        k
        for k, move in enumerate(match.log)
        if "x" in move and not page.evaluate(BOX_IN_VIEW, square(move))
    )
    page.locator("#gt-tools [data-act=more]").tap()
    page.locator(f'#gt-log [data-entry="{entry}"]').tap()
    page.locator("#gt-more.gt-open").wait_for(state="detached")  # the drawer made way
    move = match.log[entry]
    page.locator(
        f'#gt-layer-mark .car-marked[data-x="{move["x"]}"][data-y="{move["y"]}"]'
    ).wait_for()
    page.wait_for_function(AT_REST)
    assert page.evaluate(BOX_IN_VIEW, square(move)), "the move marked is not on the screen"
    shoot(page, "log-entry-on-the-board-360x640")


@pytest.mark.parametrize("game_id", ["toscana", "carcassonne"])
def test_a_review_on_a_phone_fits_each_position_and_charts_beside_it(screen, site, game_id):
    page = screen(PHONE, touch=True)
    match = played(game_id, 16, seats=FRIENDS)
    open_match(page, site, match)
    for _ in range(3):  # the live game zoomed in
        page.locator('[data-nav="in"]').tap()
        page.wait_for_function(AT_REST)
    page.locator("#gt-tools [data-act=review]").tap()
    page.locator("#gt-review .gt-review-bar").wait_for()
    page.locator("#gt-review [data-act=review-first]").tap()
    total = len(match.moves)
    for k in range(total + 1):
        if k:
            page.locator("#gt-review [data-act=review-next]").tap()
        page.locator(f'.gt-review-bar[data-at="{k}"]').wait_for()
        page.wait_for_function(AT_REST)
        assert page.evaluate(f"({BOARD_IN_VIEW})()"), f"position {k} is not whole in the view"
        # the score chart stands under the review's steps, with no drawer to open
        chart = page.locator("#gt-review .gt-chart-svg")
        assert chart.is_visible() and chart.get_attribute("data-at") == str(k)
        if k in (1, total):
            shoot(page, f"review-{game_id}-360x640-{k}")
    view = page.locator("#gt-scroll").bounding_box()
    assert view["height"] >= PHONE[1] / 3, view  # the board keeps its room beside the chart


# ---- the picker --------------------------------------------------------------------------------
def test_how_to_play_from_the_picker_closes_back_to_the_picker(screen, site):
    page = screen(DESKTOP)
    page.goto(site.url)
    for close in ("button", "Escape"):
        page.locator('.game[data-game="toscana"] a.howto').click()
        page.locator("#gt-howto:not([hidden])").wait_for(timeout=120_000)
        if close == "button":
            page.locator("#gt-howto [data-act=howto-close]").click()
        else:
            page.keyboard.press("Escape")
        page.locator("#picker").wait_for(state="visible")
        assert "game=" not in page.url and "rules=" not in page.url
    # How to play opened at the table closes back to the table
    page.locator('.game[data-game="toscana"] a.play').click()
    page.locator("#gt-new-form").wait_for()
    page.locator("#gt-new-form button[type=submit]").click()
    page.locator("#gt-new-form").wait_for(state="detached")
    page.locator("#gt-menu [data-act=howto]").click()
    page.locator("#gt-howto [data-act=howto-close]").click()
    page.locator("#gt-howto").wait_for(state="hidden")
    assert page.locator("#gt-board").is_visible() and page.locator("#picker").is_hidden()


def test_the_picker_speaks_the_language_and_comes_back_with_your_games_in_view(screen, site):
    page = screen(PHONE, touch=True)
    page.goto(f"{site.url}?lang=de")
    de, cs = STRINGS["de"], STRINGS["cs"]
    page.wait_for_function("t => document.title.startsWith(t)", arg=de["site.name"])
    description = "document.querySelector('meta[name=description]').content"
    page.wait_for_function(f"d => {description} === d", arg=de["site.description"])
    set_lang(page, "cs")
    assert page.title().startswith(cs["site.name"] + ":")
    assert page.evaluate(description) == cs["site.description"]
    # a game played, then back from another one: "Your games" (with it) is in view
    open_match(page, site, played("toscana", 4))
    page.goto(site.url)
    page.locator("#your-games:not([hidden])").wait_for()
    page.evaluate("scrollTo(0, document.body.scrollHeight)")  # down to the games' cards
    assert (
        page.evaluate("document.getElementById('your-games-title').getBoundingClientRect().top") < 0
    )
    page.locator('.game[data-game="carcassonne"] a.play').tap()
    page.locator("#gt-new-form").wait_for(timeout=120_000)
    page.locator("#gt-new-form [data-act=dialog-close]").tap()
    page.locator("#picker").wait_for(state="visible")
    top = page.evaluate("document.getElementById('your-games-title').getBoundingClientRect().top")
    assert 0 <= top < PHONE[1] - 60, top
    assert page.title().startswith(cs["site.name"] + ":")  # the picker's title, not the game's
    shoot(page, "picker-back-360x640-cs")
