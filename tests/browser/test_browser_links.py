"""Play by link for real, in a real Chromium: two browsers (two "devices", each a context of its
own with its own device key) invite, answer, play and share in each game; many games kept side
by side; links that update, ask or make a copy; one game open in two tabs, and one deleted while
a tab shows it; storage that fills up; damaged data; hostile links and files (docs/links.md says
what each step guarantees).

The moves are planned in CPython by each game's own board controller (tests/browser/moves.py)
and given as clicks; links for the page to open are made here with game.core.match; what a page
keeps (the library's slots in localStorage) is read here with the project's own code and that
page's device key, as the page reads it.
"""

import base64
import json
import re
import time
import zlib

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from browserkit import (
    errors,
    fit_board,
    guard,
    heading,
    start_if_asked,
    stored_save,
    wait_moves,
    wait_ready,
    wait_stored,
)
from hostile import DEEP, raw_link
from linkplay import device_key
from moves import plan_move

from game import games
from game.core import Rng
from game.core.contract import canonical_json
from game.core.match import Match
from game.core.savefile import SaveError
from game.thurn_und_taxis import draw, queries
from game.view.i18n import Translator, load_table
from game.view.library import SLOT_PREFIX, Library, MemoryStore

RLO = "\u202e"
TUT = "thurn-und-taxis"
ISOLATES = re.compile("[\u2066-\u2069]")
TR = Translator(load_table("assets/strings.json"), "en")
PEOPLE = [{"name": "Ann", "kind": "human"}, {"name": "Ben", "kind": "human"}]
# every hand shown on the page, as the names of its cards (Thurn und Taxis hides hands)
HAND_PROBE = """
window.__hands = new Set();
new MutationObserver(() => {
  const cards = [...document.querySelectorAll('.tnt-hand [aria-label]')];
  if (cards.length) window.__hands.add(cards.map(c => c.getAttribute('aria-label')).join('|'));
}).observe(document, {subtree: true, childList: true});"""


def plain(text):
    return ISOLATES.sub("", text)


# ---- what a page keeps, read as the page reads it ------------------------------------------------
def library_of(page):
    """The library of the page's origin: its localStorage copied, with the page's device key."""
    data = page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))"
    )
    store = MemoryStore()
    store.data = data
    device = data.get("bgt.device")
    return Library(store, lambda: 1_700_000_000_000, bytes.fromhex(device) if device else None)


def kept(page, match_id):
    """The match the page keeps under `match_id` (None when it keeps none)."""
    try:
        return library_of(page).load(match_id)[0]
    except SaveError:
        return None


def index(page):
    return json.loads(page.evaluate("localStorage.getItem('bgt.games')") or "null")["games"]


def shown_id(page):
    return re.search(r"match=([\w-]+)", page.url).group(1)


def wait_kept_moves(page, match_id, moves):
    """Until the page keeps `match_id` with at least `moves` moves."""
    page.wait_for_function(
        """([key, moves]) => {
            const slot = JSON.parse(localStorage.getItem(key) || 'null');
            return !!slot && slot.summary.moves >= moves; }""",
        arg=[SLOT_PREFIX + match_id, moves],
    )


CONFIRM = "abandon-yes"  # the panel's "Yes" after an act that asks first ("Give up my route…")


def panel_move(game_id, state, page):
    """(acts, move): the panel buttons of the page that make a move for the person to move (the
    moves no board target makes: Thurn und Taxis's officials, giving up a route), as the game's
    controller reads them; a move that is asked about first comes last."""
    acts = page.eval_on_selector_all(
        "#gt-panel button[data-act]:not([disabled])", "found => found.map(b => b.dataset.act)"
    )
    for confirm in ((), (CONFIRM,)):
        for act in acts:
            board = games.controller(game_id)
            move = board.act(state, act)
            for then in confirm:
                move = move or board.act(state, then)
            if move is not None:
                return [act, *confirm], move
    raise AssertionError(f"no move on the board nor in the panel ({acts})")


def play_one(page, match_id, match):
    """The person to move at this page makes one move, as a person does: clicks on the board's
    targets (keys where a board takes them), planned by the game's board controller, else a
    button of the panel. Returns the match kept after it."""
    summary = page.locator("#gt-dialog [data-act=summary-done]")
    if summary.count():
        summary.click()
    fit_board(page)
    game_id, seat = match.game.id, match.current_player()
    plan = plan_move(game_id, match.state, seat)
    if plan is None:
        acts, move = panel_move(game_id, match.state, page)
        button = page.locator(f'#gt-panel button[data-act="{acts[0]}"]')
        button.click()
        for then in acts[1:]:  # the question after it (a click just as the panel is drawn
            asked = page.locator(f'#gt-panel button[data-act="{then}"]')  # anew may be lost)
            for _ in range(3):
                try:
                    asked.wait_for(timeout=5000)
                    break
                except PlaywrightTimeout:
                    button.click()
            asked.click()
    else:
        inputs, move = plan
        for how, given in inputs:
            if how == "tap":
                page.locator(f'#board-host svg [data-cell="{given}"]').first.click()
            else:
                page.keyboard.press(given)
    count = len(match.moves) + 1
    wait_kept_moves(page, match_id, count)
    match = kept(page, match_id)
    assert match.moves[count - 1] == move.to_json(), plan
    return match


def play_turn(page, match_id):
    """The person to move at this page plays the whole turn (play_one until the turn passes).
    Returns the match kept after it."""
    match = kept(page, match_id)
    seat = match.current_player()
    while not match.is_over() and match.current_player() == seat:
        match = play_one(page, match_id, match)
    return match


# ---- link play at a page ---------------------------------------------------------------------------
def line(page):
    """The table's line about link play (game/view/sharing.py), or "" when it shows none."""
    found = page.locator("#gt-keep .gt-keep-link span")
    return plain(found.first.inner_text()) if found.count() else ""


def share(page):
    """Share the game from wherever the page offers it (the hot-seat curtain, the share step
    after a turn, the line's button, the menu): (the link, the dialog's words)."""
    for where in ("#gt-dialog [data-act=share]", "#gt-keep [data-act=share]"):
        if page.locator(where).count():
            page.locator(where).click()
            break
    else:
        page.click("#gt-menu [data-act=share]")
    page.locator("#gt-share-url").wait_for()
    words = plain(" ".join(page.locator("#gt-dialog p").all_inner_texts()))
    url = page.locator("#gt-share-url").input_value()
    page.click("#gt-dialog [data-act=dialog-close]")
    page.locator("#gt-dialog").wait_for(state="hidden")
    return url, words


def open_link(page, url, game_id):
    page.goto(url)
    wait_ready(page, game_id)


def new_game_of_people(page, site, game_id, names):
    """A new game of people at this page, named, from the new-game form."""
    page.goto(f"{site.url}?game={game_id}")
    wait_ready(page, game_id)
    form = page.locator("#gt-new-form")
    for k, name in enumerate(names):
        form.locator(f"input[name=name{k}]").fill(name)
        form.locator(f"select[name=kind{k}]").select_option("human")
    form.locator("button[type=submit]").click()
    form.wait_for(state="detached")
    page.wait_for_url(re.compile(r"match="))
    return shown_id(page)


def check_clean(page):
    assert page.context.outside == [], f"requests left the origin: {page.context.outside}"
    assert errors(page) == []


@pytest.fixture
def device(guarded):
    """device() -> a page in a fresh context: a browser of its own (storage, device key)."""

    def make():
        page = guarded().new_page()
        page.page_errors = []
        page.on("pageerror", lambda e: page.page_errors.append(str(e)))
        return page

    return make


@pytest.mark.parametrize("game_id", games.ids())
def test_invite_answer_play_and_share_between_two_devices(device, site, game_id):
    # docs/links.md, "The first round: invitation and answers": Ann's link invites, Ben's
    # device answers, and from then on each device plays only its own seat and shares
    ann, ben = device(), device()
    for page in (ann, ben):
        page.add_init_script(HAND_PROBE)
    match_id = new_game_of_people(ann, site, game_id, ["Ann", "Ben"])
    url, words = share(ann)  # Thurn und Taxis: from the curtain, before anyone's hand shows
    secret = TR(f"{game_id}.link_secret", player="Ben")
    assert words == f"Send this link to Ben. {secret}"
    assert line(ann) == "Waiting for Ben's link."
    sizes = [len(url)]

    open_link(ben, url, game_id)
    assert line(ben) == (
        "Ann invites Ben to play this game by link. Are you Ben? Answer, then send the link back."
    )
    assert plain(ben.locator("#gt-keep .gt-keep-link button").inner_text()) == "Answer as Ben"
    url, words = share(ben)
    assert words == "Your answer is in this link: send it back to Ann, who moves first."
    assert line(ben) == "Waiting for Ann's link."

    pages, holder, turns = {0: ann, 1: ben}, 0, 0
    while turns < 3:  # Ann, Ben, Ann: each plays on their own device, then shares
        page = pages[holder]
        open_link(page, url, game_id)
        assert "brought up to date" in page.locator("#gt-notice").inner_text()
        played = play_turn(page, match_id)
        turns += 1
        heading(page.locator("#gt-dialog"), "Send the game on").wait_for()  # no curtain here
        if game_id == TUT:  # (docs/rules/thurn-und-taxis.md: hands are hidden)
            others = hand_words(played.state, 1 - holder)
            assert not others or others not in page.evaluate("[...window.__hands]")
        other = "Ben" if holder == 0 else "Ann"
        assert line(page) == f"Your turn is over: share the link and send it to {other}."
        url, words = share(page)
        assert words.startswith(f"Send this link to {other}.")
        assert line(page) == f"Waiting for {other}'s link."
        sizes.append(len(url))
        holder = 1 - holder
    open_link(pages[holder], url, game_id)
    at_ann, at_ben = kept(ann, match_id), kept(ben, match_id)
    assert at_ann.log == at_ben.log and len(at_ann.moves) >= 3
    assert (at_ann.local, at_ben.local) == ([0], [1])  # each device plays only its own seat
    assert at_ann.redealt == [] and at_ben.redealt == []  # nobody's luck was dealt anew
    print(f"{game_id}: link sizes (characters) invite..last share: {sizes}")
    for page in (ann, ben):
        check_clean(page)
        assert page.page_errors == []


def hand_words(state, seat):
    """Thurn und Taxis: a seat's hand as HAND_PROBE records it ("" for no cards)."""
    return "|".join(
        TR("tnt.hand_card", city=c, province=draw.PROVINCE_OF[c]) for c in queries.hand(state, seat)
    )


def test_the_curtain_shares_without_showing_the_next_hand(page, site):
    # Thurn und Taxis at one device (docs/rules/thurn-und-taxis.md: hands are hidden): after
    # Ann's turn the curtain for Ben offers "Share link"; sharing from it never shows Ben's hand
    page.add_init_script(HAND_PROBE)
    match_id = new_game_of_people(page, site, TUT, ["Ann", "Ben"])
    dialog = page.locator("#gt-dialog")
    for name in ("Ann", "Ben", "Ann"):  # a round at one device: Ben holds cards by then
        heading(dialog, f"Hand the device to {name}").wait_for()
        page.click("#gt-dialog [data-act=reveal]")
        match = play_turn(page, match_id)
    heading(dialog, "Hand the device to Ben").wait_for()
    bens = hand_words(match.state, 1)
    assert bens and bens in page.evaluate("[...window.__hands]")  # the probe sees hands
    page.evaluate("window.__hands.clear()")
    assert "“Share link” sends the game to Ben" in plain(dialog.inner_text())
    url, words = share(page)
    assert words.startswith("Send this link to Ben.")
    assert bens not in page.evaluate("[...window.__hands]")  # never Ben's hand
    assert page.locator("#gt-dialog").is_hidden() and line(page) == "Waiting for Ben's link."
    assert kept(page, match_id).local == [0]
    assert url.split("#m=")[1] == kept(page, match_id).to_link()


# ---- games kept side by side, continued, updated by links (one page, in order) -----------------
ANN = device_key("ann's laptop")  # the device of Ann, played here in CPython


def tut_invitation(seed, names, match_id):
    """A Thurn und Taxis match between people, played at Ann's device until the second person is
    to move (at least 4 moves), then shared: Ann's invitation (docs/links.md, "The first round:
    invitation and answers")."""
    match = Match(
        TUT,
        players=2,
        seed=seed,
        seats=[{"name": n, "kind": "human"} for n in names],
        match_id=match_id,
        device=ANN,
    )
    rng = Rng(seed)
    while len(match.moves) < 4 or match.current_player() != 1:
        match.play(rng.choice(match.game.legal_moves(match.state)))
    assert match.hand_over([0])
    return match


GAME_A = tut_invitation(11, ["Ann", "Ben"], "tut-ann-and-ben")
GAME_B = tut_invitation(12, ["Cleo", f"{RLO}Dan"], "tut-cleo-and-dan")
SHARED = {}  # links the page made, for the later tests of this module


def place_a_tile(page, moves_before):
    """A Toscana move through clicks: the first spot the hints offer, chosen and placed."""
    page.locator("#gt-layer-over .tos-hints circle").first.wait_for()
    spot = page.evaluate("""() => {
        const c = document.querySelector('#gt-layer-over .tos-hints circle');
        return [Math.floor(c.getAttribute('cx') / 10), Math.floor(c.getAttribute('cy') / 10)]; }""")
    cell = page.locator(f'#gt-board [data-cell="{spot[0]},{spot[1]}"]')
    fit_board(page)
    cell.click()
    page.locator("#gt-layer-over .tos-selected").wait_for()
    page.click("#gt-panel [data-act=place]")  # a second tap on the tile would turn it
    wait_moves(page, moves_before + 1)


def to_picker(page):
    page.click("#back")
    page.locator("#picker").wait_for(state="visible")


def saved_item(page, match_id):
    return page.locator(f'#your-games .saved[data-match="{match_id}"]')


@pytest.fixture(scope="module")
def shelf(browser, site):
    """One page for this module: the games kept side by side (those tests, in order, share its
    storage), then the damaged-data cases (each with storage of its own)."""
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    context.set_default_timeout(30_000)
    context.outside = guard(context, site)
    page = context.new_page()
    page.page_errors = []
    page.on("pageerror", lambda e: page.page_errors.append(str(e)))
    yield page
    context.close()


INVITES = "{} invites {} to play this game by link. Are you {}? Answer, then send the link back."


def test_two_link_games_and_one_against_the_computer_are_kept_side_by_side(shelf, site):
    # README, "Your games": games by link with different people and one against the computer
    # are kept side by side, each in its own slot
    page = shelf
    page.goto(f"{site.url}?game={TUT}#m={GAME_A.to_link()}")
    wait_ready(page, TUT)
    assert page.url.endswith(f"?game={TUT}&match={GAME_A.id}")  # a reload continues this one
    assert line(page) == INVITES.format("Ann", "Ben", "Ben")  # no curtain: nobody's hand here
    assert page.locator("#gt-dialog").is_hidden()
    assert page.locator("#gt-log li").count() == len(GAME_A.moves)

    page.goto(f"{site.url}?game={TUT}#m={GAME_B.to_link()}")
    wait_ready(page, TUT)
    assert line(page) == INVITES.format("Cleo", f"{RLO}Dan", f"{RLO}Dan")
    # names are shown bidi-isolated: the right-to-left override in Dan's name reverses his name
    # only; the words after it stay after it, in their order
    name_right, rest_left, rest = page.evaluate("""() => {
        const name = document.querySelector('#gt-turn bdi');
        const range = document.createRange();
        range.selectNodeContents(name.nextSibling);
        return [name.getBoundingClientRect().right, range.getBoundingClientRect().left,
                name.nextSibling.textContent]; }""")
    assert rest.strip() == "to move" and rest_left >= name_right - 0.5
    assert page.locator("#gt-turn").inner_text().startswith(f"{RLO}Dan to move")

    page.goto(f"{site.url}?game=toscana")
    wait_ready(page, "toscana")
    start_if_asked(page)  # You against the computer
    place_a_tile(page, 0)
    wait_moves(page, 2)  # the computer answered

    to_picker(page)
    assert page.locator("#your-games .saved").count() == 3
    toscana = index(page)[0]
    assert toscana["game"] == "toscana" and toscana["mode"] == "ai"
    a, b, c = (saved_item(page, i).inner_text() for i in (GAME_A.id, GAME_B.id, toscana["id"]))
    assert "Thurn und Taxis · Ann and Ben" in a and "by link" in a
    assert f"{len(GAME_A.moves)} moves" in a and "Ben to move" in a
    assert f"Cleo and {RLO}Dan" in b and "by link" in b
    assert "Toscana · You and Computer" in c and "against the computer" in c and "2 moves" in c
    assert saved_item(page, GAME_B.id).locator(".saved-players bdi").all_inner_texts() == [
        "Cleo",
        f"{RLO}Dan",
    ]
    check_clean(page)


def test_each_kept_game_continues_from_the_list_and_sharing_answers_the_invitation(shelf):
    # docs/links.md, "The first round: invitation and answers": the device that opened Ann's
    # invitation answers as Ben when it shares; what was sent cannot be taken back
    page = shelf
    saved_item(page, GAME_A.id).locator(".saved-continue").click()
    wait_ready(page, TUT)
    assert page.url.endswith(f"match={GAME_A.id}")
    assert line(page) == INVITES.format("Ann", "Ben", "Ben")
    url, words = share(page)  # the line's button: "Answer as Ben"
    # Ben moves next: his turn needs Ann's bits after his answer (docs/links.md, "A deal")
    assert words == "Your answer is in this link: send it to Ann."
    shared = Match.from_link(url.split("#m=")[1])
    assert shared.id == GAME_A.id and shared.moves == GAME_A.moves
    assert shared.log[: len(GAME_A.log)] == GAME_A.log
    assert shared.log[len(GAME_A.log) :] == [
        {"handover": {**shared.log[-1]["handover"], "seat": 1}}
    ]
    assert kept(page, GAME_A.id).log == shared.log and kept(page, GAME_A.id).local == [1]
    assert line(page) == "Waiting for Ann's link."
    SHARED["a"] = shared
    assert page.locator("#gt-tools [data-act=undo]").is_disabled()  # what was sent is sent

    to_picker(page)
    saved_item(page, GAME_B.id).locator(".saved-continue").click()
    wait_ready(page, TUT)
    assert line(page) == INVITES.format("Cleo", f"{RLO}Dan", f"{RLO}Dan")
    assert page.locator("#gt-log li").count() == len(GAME_B.moves)

    to_picker(page)
    toscana = next(s for s in index(page) if s["game"] == "toscana")
    saved_item(page, toscana["id"]).locator(".saved-continue").click()
    wait_ready(page, "toscana")
    assert page.locator("#gt-log li").count() == 2
    place_a_tile(page, 2)
    wait_moves(page, 4)
    wait_stored(page, "toscana", 4)
    assert kept(page, toscana["id"]).seats[1]["kind"] == "ai"
    check_clean(page)


def test_a_link_that_continues_a_kept_game_updates_it_and_an_older_one_asks(shelf, site):
    # README, "Play by link": a link of a known game that adds the sender's moves updates it;
    # one that is older or goes another way asks (keep mine / open it as a copy)
    page = shelf
    ann = Match.from_link(SHARED["a"].to_link(), device=ANN, local=[0])  # Ben's answer at Ann's
    assert ann.waiting() == ("share", 1)  # her bits for Ben's turn
    assert ann.hand_over()
    page.goto(f"{site.url}?game={TUT}#m={ann.to_link()}")
    wait_ready(page, TUT)
    assert "brought up to date" in page.locator("#gt-notice").inner_text()
    assert kept(page, GAME_A.id).log == ann.log
    assert kept(page, GAME_A.id).waiting() == ("play", 1)  # Ben's turn, dealt here
    assert page.locator("#gt-dialog [data-act=keep-mine]").count() == 0
    mine = play_turn(page, GAME_A.id)  # Ben plays and shares
    SHARED["a"] = Match.from_link(share(page)[0].split("#m=")[1])
    assert SHARED["a"].moves == mine.moves and kept(page, GAME_A.id).log == SHARED["a"].log

    page.goto(f"{site.url}?game={TUT}#m={GAME_A.to_link()}")  # the first, older link again
    wait_ready(page, TUT)
    dialog = page.locator("#gt-dialog")
    heading(dialog, "You already have this game").wait_for()
    assert "earlier point of your game" in dialog.inner_text()
    assert f"Your game: {len(SHARED['a'].moves)} moves" in dialog.inner_text()
    assert f"The link: {len(GAME_A.moves)} moves" in dialog.inner_text()
    dialog.locator("[data-act=keep-mine]").click()
    dialog.locator("[data-act=keep-mine]").wait_for(state="detached")
    assert kept(page, GAME_A.id).log == SHARED["a"].log  # nothing was overwritten

    page.goto(f"{site.url}?game={TUT}#m={GAME_A.to_link()}")
    wait_ready(page, TUT)
    page.locator("#gt-dialog [data-act=keep-copy]").click()
    assert "separate copy" in page.locator("#gt-notice").inner_text()
    copy_id = shown_id(page)
    assert copy_id != GAME_A.id and kept(page, copy_id).log == GAME_A.log
    assert kept(page, GAME_A.id).log == SHARED["a"].log

    # Delete, recoverable for a few seconds: Undo in a toast puts it back
    to_picker(page)
    assert page.locator("#your-games .saved").count() == 4
    saved_item(page, copy_id).locator(".saved-delete").click()
    assert page.locator("#toast-text").inner_text() == "Game deleted."
    assert saved_item(page, copy_id).count() == 0 and kept(page, copy_id) is None
    assert page.locator("#toast").get_attribute("data-on") == "true"
    page.click("#toast-undo")
    saved_item(page, copy_id).wait_for()
    assert kept(page, copy_id).log == GAME_A.log
    assert page.evaluate("document.activeElement.className") == "saved-continue"
    saved_item(page, copy_id).locator(".saved-delete").click()
    assert page.locator("#your-games .saved").count() == 3
    check_clean(page)


def test_a_link_that_plays_your_seat_is_never_taken_silently(shelf, site):
    # README, "Play by link": a link only adds the sender's moves; one with a move for a seat
    # this device plays (Ann's move, one for Ben, Ann's again) asks, and keeping mine keeps it
    page = shelf
    mine = kept(page, GAME_A.id)  # Ben's device: Ben played and shared, Ann to move
    assert mine.local == [1] and mine.waiting() == ("elsewhere", 0)
    forged = Match.from_link(SHARED["a"].to_link(), device=ANN, local=[0])
    rng, private = Rng(8), {1: device_key("a private window")}
    for seat in (0, 1, 0):  # Ann's turn, Ben's (in a private window), Ann's: each shared
        forged.attach([0, 1], private)
        while forged.current_player() == seat:
            forged.play(rng.choice(forged.game.legal_moves(forged.state)))
        assert forged.hand_over([seat])
    assert {r.seat for r in forged.redealt} == {1}  # a secret that breaks Ben's commitment
    page.goto(f"{site.url}?game={TUT}#m={forged.to_link()}")
    wait_ready(page, TUT)
    dialog = page.locator("#gt-dialog")
    heading(dialog, "You already have this game").wait_for()
    assert "holds moves for a player who plays on this device" in dialog.inner_text()
    dialog.locator("[data-act=keep-mine]").click()
    dialog.locator("[data-act=keep-mine]").wait_for(state="detached")
    assert kept(page, GAME_A.id).log == mine.log  # nothing of the forged link was taken
    assert "brought up to date" not in page.locator("#gt-notice").inner_text()
    check_clean(page)
