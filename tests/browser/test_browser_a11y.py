"""Playing without sight, the table's part (the focus, the dialogs, the live status line, the
names; the games' boards speak for themselves), in a real Chromium:

- axe-core (npm `axe-core`, pinned in package-lock.json; injected by the test, never served by
  the site) finds nothing critical or serious (WCAG 2.x A and AA, and best practice) on the
  picker, the new-game form, each game's table in the middle of a game, How to play, Share, the
  review, a round's summary and the end dialog;
- every dialog takes the focus when it opens, keeps Tab inside (from its last control to its
  first and back), closes on Escape where closing makes sense, and gives the focus back to
  what opened it;
- in a short game played with the keys (Start, moves, a panel button, How to play, Share, the
  review, the board in words) the focus is never on the page's body after an action, and the
  one live status line says each move, the computer's included, and never speaks on a key that
  changes nothing (Tab): the step's hint is no live region and is not drawn again then;
- B opens the board in words and ? the game's keys in How to play; the board is one focusable
  element named for the game and its keys;
- the offline copy is announced when it starts and when it is done, not at every percent.
"""

import pytest
from browserkit import ROOT, wait_ready
from moves import autosaved
from test_browser_languages import STRINGS, mid_game, played_out
from test_browser_toscana import click_move

from game import games
from game.toscana.engine import Place

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
EN = STRINGS["en"]
GAMES = ["toscana", "carcassonne", "thurn-und-taxis"]

AXE_RUN = """tags => axe.run(document, {runOnly: {type: 'tag', values: tags}}).then(r =>
    r.violations.filter(v => v.impact === 'critical' || v.impact === 'serious')
     .map(v => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`))"""

# every text the live status line says, in order (a new frame makes a new line: it is found again)
LISTEN = """() => {
  window.__said = []; window.__panelDrawn = 0;
  new MutationObserver((changes) => {
    const line = document.getElementById('gt-say');
    const text = line ? line.textContent : '';
    if (text && text !== window.__said[window.__said.length - 1]) window.__said.push(text);
    if (changes.some((c) => c.target.id === 'gt-panel' && c.type === 'childList')) window.__panelDrawn++;
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
}"""

SETTLED = "() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => done(true))))"

FOCUSED = """() => { const e = document.activeElement;
  return !e || e === document.body ? 'body' : (e.id ? '#' + e.id : e.tagName.toLowerCase() +
    (e.dataset.act ? `[data-act="${e.dataset.act}"]` : '')); }"""


def axe_problems(page):
    """The critical and serious findings of axe on the page as it is."""
    if not page.evaluate("!!window.axe"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(AXE_RUN, AXE_TAGS)


def settled(page):
    """Until the page has run what an input left for later (the status line is written and
    the focus placed once the input's task is over) and drawn it."""
    page.evaluate(SETTLED)


def focused(page):
    return page.evaluate(FOCUSED)


def focus_placed(page):
    """A closed dialog's focus lands once the task that closed it is over: wait for it to land
    anywhere but the page's body (it never does: the wait fails)."""
    page.wait_for_function("document.activeElement && document.activeElement !== document.body")


def said(page):
    return page.evaluate("window.__said")


def open_link(page, site, game_id, link, size=(1280, 800)):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{site.url}?game={game_id}#m={link}")
    wait_ready(page, game_id)


def toscana_keys(state):
    """Keys that place a tile in `state` as a person with the keyboard would (the tile turned
    with R, moved with the arrows from the centre, Enter), planned with the game's own board
    controller: (keys, move)."""
    game = games.get("toscana")
    for move in game.legal_moves(state):
        if not isinstance(move, Place) or move.veto:
            continue
        board, keys = games.controller("toscana"), []
        while board.rot != move.rot and len(keys) < 4:
            board.key(state, "r")
            keys.append("r")
        board.key(state, "ArrowLeft")
        keys.append("ArrowLeft")
        for _ in range(40):
            if board.anchor == (move.x, move.y):
                break
            x, y = board.anchor
            key = (
                "ArrowRight"
                if x < move.x
                else "ArrowLeft"
                if x > move.x
                else "ArrowDown"
                if y < move.y
                else "ArrowUp"
            )
            board.key(state, key)
            keys.append(key)
        if board.key(state, "Enter") == move:
            return keys + ["Enter"], move
    raise AssertionError("no tile to place by keys")


# ---- axe ---------------------------------------------------------------------------------------
def test_axe_finds_nothing_serious_on_the_picker_and_the_new_game_form(page, site):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site.url)
    page.locator("#picker").wait_for(state="visible")
    page.wait_for_function(
        "t => document.querySelector('.game[data-game=toscana] a.play').getAttribute('aria-label') === t",
        arg=EN["picker.play_game"].format(game="Toscana"),
    )
    assert axe_problems(page) == []
    # each card's links name their game, their visible word first
    for game in GAMES:
        name = EN[f"game.{game}.name"]
        card = page.locator(f'.game[data-game="{game}"]')
        assert card.locator("a.play").get_attribute("aria-label") == f"Play {name}"
        assert card.locator("a.howto").get_attribute("aria-label") == f"How to play {name}"
    page.click('.game[data-game="toscana"] a.play')
    wait_ready(page, "toscana")
    form = page.locator("#gt-dialog #gt-new-form")
    form.wait_for()
    assert axe_problems(page) == []
    # the rule's dropdown is named by its own words, not by the "?" beside them
    rule = form.locator("select[name=contact]")
    assert rule.evaluate("s => s.labels.length === 0 || s.getAttribute('aria-label')") is not None
    assert page.get_by_role("combobox", name=EN["toscana.opt.contact"]).count() == 1
    # ... and a game kept on this device is listed on the picker, which axe checks too
    form.locator("button[type=submit]").click()
    page.locator("#gt-panel .gt-actions").wait_for()
    page.click("#back")
    page.locator("#your-games-list li").first.wait_for()
    assert axe_problems(page) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_axe_finds_nothing_serious_on_each_table_in_the_middle_of_a_game(page, site, game_id):
    link, _ = mid_game(game_id, 2, 30 if game_id == "thurn-und-taxis" else 6)
    open_link(page, site, game_id, link)
    page.locator("#gt-log li:not(.gt-log-event)").first.wait_for()
    assert axe_problems(page) == []
    # the board: one focusable element that takes the game's keys, named for them
    board = page.locator("#gt-board")
    assert board.get_attribute("role") == "application"
    assert board.get_attribute("tabindex") == "0"
    assert board.get_attribute("aria-roledescription") == EN["gt.board_role"]
    name = board.get_attribute("aria-label")
    assert name.startswith(EN[f"{game_id}.board_label"]) and EN["gt.board_keys"] in name
    assert EN[f"gt.board_keys.{game_id}"] in name
    # one live region at the table: its status line
    live = "#board-host :is([aria-live], [role=status], [role=log], [role=alert])"
    assert page.locator(live).count() == 1
    assert page.locator("#gt-say").get_attribute("aria-live") == "polite"


def test_axe_finds_nothing_serious_in_how_to_play_share_and_the_review(page, site):
    link, _ = mid_game("toscana", 2, 6)
    open_link(page, site, "toscana", link)
    page.click("#gt-menu [data-act=howto]")
    page.locator("#gt-howto .gt-howto-card").wait_for()
    assert axe_problems(page) == []
    page.keyboard.press("Escape")
    page.click("#gt-menu [data-act=share]")
    page.locator("#gt-share-url").wait_for()
    assert axe_problems(page) == []
    assert page.get_by_role("textbox", name=EN["gt.share_url"]).count() == 1
    page.keyboard.press("Escape")
    page.click("#gt-tools [data-act=review]")
    page.locator(".gt-review-bar").wait_for()
    page.keyboard.press("ArrowLeft")
    page.locator(".gt-review-bar[data-at='5']").wait_for()
    assert axe_problems(page) == []


def test_axe_finds_nothing_serious_in_a_rounds_summary_and_the_end_dialog(page, site):
    link, last = played_out("toscana", keep_last=True)
    open_link(page, site, "toscana", link)
    click_move(page, last)
    page.locator("#gt-dialog [data-act=summary-done]").wait_for()
    assert axe_problems(page) == []
    page.click("#gt-dialog [data-act=summary-done]")
    page.locator("#gt-dialog [data-act=rematch]").wait_for()
    assert axe_problems(page) == []
    page.set_viewport_size({"width": 360, "height": 640})  # its body scrolls: the keys reach it
    assert axe_problems(page) == []


# ---- dialogs -------------------------------------------------------------------------------------
def tab_round(page, box):
    """Tab from the dialog's last control leads to its first, Shift+Tab from its first to its
    last; the focus never leaves it."""
    focusable = 'button, input, select, a[href], details > summary, [tabindex="0"]'
    controls = page.locator(f"{box} :is({focusable}):visible")
    first, last = controls.first, controls.last
    last.focus()
    page.keyboard.press("Tab")
    assert first.evaluate("e => e === document.activeElement"), focused(page)
    page.keyboard.press("Shift+Tab")
    assert last.evaluate("e => e === document.activeElement"), focused(page)
    for _ in range(controls.count() + 1):
        page.keyboard.press("Tab")
        assert page.evaluate(f"document.querySelector('{box}').contains(document.activeElement)")


def check_dialog(page, opener, box, escape=True):
    """`opener` (a selector) opens the dialog `box` from the keyboard: the focus is inside,
    Tab goes round in it, the dialog is modal and named by its heading, Escape closes it and
    the focus is back on the opener."""
    page.locator(opener).focus()
    page.keyboard.press("Enter")
    page.locator(box).wait_for()
    page.wait_for_function(f"document.querySelector('{box}').contains(document.activeElement)")
    dialog = page.locator(box)
    assert dialog.get_attribute("role") == "dialog"
    assert dialog.get_attribute("aria-modal") == "true"
    title = page.locator("#" + dialog.get_attribute("aria-labelledby"))
    assert title.evaluate("h => /^H[1-6]$/.test(h.tagName)") and title.inner_text()
    tab_round(page, box)
    if escape:
        page.keyboard.press("Escape")
        dialog.wait_for(state="hidden")
        page.wait_for_function(
            "s => document.activeElement === document.querySelector(s)", arg=opener
        )


def test_every_dialog_keeps_the_keyboard_and_gives_it_back(page, site):
    link, _ = mid_game("toscana", 2, 6)
    open_link(page, site, "toscana", link)
    page.evaluate(LISTEN)
    check_dialog(page, "#gt-menu [data-act=new]", "#gt-dialog")
    check_dialog(page, "#gt-menu [data-act=howto]", "#gt-howto")
    check_dialog(page, "#gt-turn .gt-why", "#gt-howto")
    check_dialog(page, "#gt-menu [data-act=share]", "#gt-dialog")
    check_dialog(page, "#gt-tools [data-act=review]", "#gt-review")
    check_dialog(page, ".gt-describe", "#gt-dialog")
    # How to play over the new-game form: back to its "?", then the form back to New game
    check_dialog(page, "#gt-menu [data-act=new]", "#gt-dialog", escape=False)
    page.locator("#gt-new-form .gt-why-small").focus()
    page.keyboard.press("Enter")
    page.locator("#gt-howto .gt-howto-card").wait_for()
    page.keyboard.press("Escape")
    page.wait_for_function(
        "document.activeElement === document.querySelector('#gt-new-form .gt-why-small')"
    )
    page.keyboard.press("Escape")
    page.wait_for_function(
        "document.activeElement === document.querySelector('#gt-menu [data-act=new]')"
    )
    # the end of a game between two people: the round's summary and the result are dialogs too
    link, last = played_out("toscana", keep_last=True)
    open_link(page, site, "toscana", link)
    click_move(page, last)
    page.locator("#gt-dialog [data-act=summary-done]").wait_for()
    page.wait_for_function("document.activeElement.dataset.act === 'summary-done'")
    tab_round(page, "#gt-dialog")
    page.keyboard.press("Escape")  # a summary is a step of the game: Escape does not skip it
    assert page.locator("#gt-dialog [data-act=summary-done]").is_visible()
    page.keyboard.press("Enter")
    page.locator("#gt-dialog [data-act=rematch]").wait_for()
    page.wait_for_function("document.querySelector('#gt-dialog').contains(document.activeElement)")
    assert page.locator("#gt-dialog").get_attribute("aria-labelledby") == "gt-dialog-title"
    tab_round(page, "#gt-dialog")
    page.keyboard.press("Escape")
    page.locator("#gt-dialog").wait_for(state="hidden")
    focus_placed(page)


def test_the_hot_seat_curtain_is_a_modal_dialog(page, site):
    link, _ = played_out("thurn-und-taxis")
    open_link(page, site, "thurn-und-taxis", link)
    page.locator("#gt-dialog [data-act=dialog-close]").click()  # the result
    page.click("#gt-tools [data-act=undo]")
    page.locator("#gt-dialog [data-act=reveal]").wait_for()
    page.wait_for_function("document.activeElement.dataset.act === 'reveal'")
    assert page.locator("#gt-dialog").get_attribute("aria-describedby") == "gt-dialog-text"
    tab_round(page, "#gt-dialog")
    page.keyboard.press("Escape")  # nobody looks at another's hand by a slip of the finger
    assert page.locator("#gt-dialog [data-act=reveal]").is_visible()
    page.keyboard.press("Enter")
    page.locator("#gt-dialog").wait_for(state="hidden")
    focus_placed(page)


# ---- a short game by the keys ---------------------------------------------------------------------
def test_a_short_game_by_keys_keeps_the_focus_and_says_every_move(page, site):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site.url + "?game=toscana")
    wait_ready(page, "toscana")
    page.evaluate(LISTEN)
    form = page.locator("#gt-new-form")
    form.wait_for()
    page.select_option("#gt-new-form select[name=kind1]", "ai-easy")
    form.locator("button[type=submit]").focus()
    page.keyboard.press("Enter")  # Start
    form.wait_for(state="detached")
    # the next thing to do is on the board: it has the keyboard
    page.wait_for_function("document.activeElement.id === 'gt-board'")
    page.wait_for_function("t => window.__said.some(s => s.includes(t))", arg=EN["gt.turn.you"])
    moves = 0
    for turn in range(3):
        page.wait_for_function("document.activeElement.id === 'gt-board'")
        page.locator("#gt-panel .gt-actions").wait_for()
        keys, _ = toscana_keys(autosaved(page, "toscana").state)  # as the page keeps it
        if turn == 0:  # Tab and keys that change nothing draw nothing again and say nothing
            drawn, before = page.evaluate("window.__panelDrawn"), said(page)
            page.keyboard.press("Tab")
            page.keyboard.press("Shift+Tab")
            page.keyboard.press("Shift")
            settled(page)
            assert page.evaluate("window.__panelDrawn") == drawn and said(page) == before
        if turn == 1:  # the tile placed with the panel's button
            keys[-1:] = []
            for key in keys:
                page.keyboard.press(key)
            page.locator("#gt-panel [data-act=place]").focus()
            keys = ["Enter"]
        for key in keys:
            page.keyboard.press(key)
            settled(page)
            assert focused(page) != "body", key
        moves += 2
        page.wait_for_function(
            f"document.querySelectorAll('#gt-log li:not(.gt-log-event)').length >= {moves}"
        )
        page.locator("#gt-panel .gt-actions").wait_for()
        settled(page)
        assert focused(page) != "body"
    # each move was said once, the computer's too
    texts = said(page)
    assert sum("Last move: Computer placed" in text for text in texts) == 3, texts
    assert sum("Last move: You placed" in text for text in texts) == 3, texts


def test_b_describes_the_board_and_question_mark_opens_the_keys(page, site):
    link, _ = mid_game("carcassonne", 2, 6)
    open_link(page, site, "carcassonne", link)
    page.locator("#gt-board").focus()
    page.keyboard.press("b")
    dialog = page.locator("#gt-dialog")
    dialog.wait_for()
    assert page.locator("#gt-dialog-title").inner_text() == EN["gt.describe_title"]
    page.wait_for_function("document.querySelector('#gt-dialog').contains(document.activeElement)")
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    page.wait_for_function("document.activeElement.id === 'gt-board'")
    page.keyboard.press("?")
    card = page.locator("#gt-howto .gt-howto-card")
    card.wait_for()
    sections = card.locator("[data-topic]").evaluate_all("s => s.map(e => e.dataset.topic)")
    expected = "keys" if "keys" in sections else None
    assert card.get_attribute("data-focus") == expected
    page.keyboard.press("Escape")
    page.wait_for_function("document.activeElement.id === 'gt-board'")


def test_the_offline_copy_is_announced_at_its_start_and_its_end(page, site):
    page.goto(site.url)
    page.evaluate(
        """() => { window.__offline = [];
        new MutationObserver(() => window.__offline.push(document.getElementById('offline-say').textContent))
          .observe(document.getElementById('offline-say'), {childList: true, characterData: true, subtree: true}); }"""
    )
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=60_000)
    page.wait_for_function("window.__offline.length === 2")
    assert page.evaluate("window.__offline") == [EN["offline.started"], EN["offline.ready"]]
    assert page.locator("#offline-status").get_attribute("aria-live") is None
    assert page.locator("footer [aria-live], footer [role=status]").count() == 1


def test_a_link_game_between_two_people_opens_quietly(page, site):
    """No focus is taken at a page's start: sighted players see the same screen as before."""
    link, _ = played_out("toscana", keep_last=True)
    open_link(page, site, "toscana", link)
    page.locator("#gt-log li:not(.gt-log-event)").first.wait_for()
    page.wait_for_function("document.getElementById('gt-say').textContent !== ''")
    assert focused(page) == "body"
