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
import zlib

import pytest
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
from game.thurn_und_taxis import queries
from game.view.i18n import Translator, load_table
from game.view.library import SLOT_PREFIX, Library, MemoryStore

RLO = "\u202e"
TUT = "thurn-und-taxis"
ISOLATES = re.compile("[\u2066-\u2069]")
TR = Translator(load_table("assets/strings.json"), "en")
PEOPLE = [{"name": "Ann", "kind": "human"}, {"name": "Ben", "kind": "human"}]
# every hand shown on the page, as the cities of its cards (Thurn und Taxis hides hands)
HAND_PROBE = """
window.__hands = new Set();
new MutationObserver(() => {
  const cards = [...document.querySelectorAll('.tnt-hand .tnt-card-city')];
  if (cards.length) window.__hands.add(cards.map(c => c.textContent).join('|'));
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
        for then in acts[1:]:  # the question after it
            page.locator(f'#gt-panel button[data-act="{then}"]').click()
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
    assert page.page_errors == []
    assert errors(page) == []


def watched(page):
    """`page`, its errors recorded for check_clean."""
    page.page_errors = []
    page.on("pageerror", lambda e: page.page_errors.append(str(e)))
    return page


@pytest.fixture
def device(guarded):
    """device() -> a page in a fresh context: a browser of its own (storage, device key)."""
    return lambda: watched(guarded().new_page())


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


def hand_words(state, seat):
    """Thurn und Taxis: a seat's hand as HAND_PROBE records it ("" for no cards)."""
    return "|".join(queries.hand(state, seat))


def test_the_curtain_shares_without_showing_the_next_hand(page, site):
    # Thurn und Taxis at one device (docs/rules/thurn-und-taxis.md: hands are hidden): after
    # Ann's turn the curtain for Ben offers "Share link"; sharing from it never shows Ben's hand
    page.add_init_script(HAND_PROBE)
    match_id = new_game_of_people(page, site, TUT, ["Ann", "Ben"])
    dialog = page.locator("#gt-dialog")
    turns = ["Ann", "Ben", "Ann"]  # a round at one device: Ben holds cards by then
    while turns:
        name = turns.pop(0)
        heading(dialog, f"Hand the device to {name}").wait_for()
        page.click("#gt-dialog [data-act=reveal]")
        match = play_turn(page, match_id)
        if not turns and hand_words(match.state, 1) == hand_words(match.state, 0):
            turns = ["Ben", "Ann"]  # the same cities in both hands: the probe could not tell
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
    yield watched(context.new_page())
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
    page.goto(f"{site.url}?game={TUT}#m={ann.to_link()}")  # a link already opened just opens
    wait_ready(page, TUT)
    assert "already up to date" in page.locator("#gt-notice").inner_text()
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


# localStorage filled to the last character: new keys, then one value grown until nothing fits
FILL_STORAGE = """() => {
  let k = 0, size = 1 << 20;
  while (size >= 1) {
    try { localStorage.setItem('filler-' + k, 'x'.repeat(size)); k++; }
    catch { size = Math.floor(size / 2); }
  }
  let last = localStorage.getItem('filler-0');
  for (size = 64; size >= 1; ) {
    try { localStorage.setItem('filler-0', last + 'x'.repeat(size)); last += 'x'.repeat(size); }
    catch { size = Math.floor(size / 2); }
  }
  try { localStorage.setItem('filler-0', last + 'x'); return 'room left'; } catch { return 'full'; }
}"""
FREE_STORAGE = """() => { for (const key of Object.keys(localStorage))
  if (key.startsWith('filler-')) localStorage.removeItem(key); }"""
PERSIST_PROBE = """
if (navigator.storage) {
  navigator.storage.persisted = () => Promise.resolve(false);
  navigator.storage.persist = () => { window.__persistAsked = true; return Promise.resolve(true); };
}
"""


def test_when_storage_is_full_play_goes_on_the_notice_offers_a_file_and_nothing_is_lost(page, site):
    # README, "Your games": with storage full the notice appears, Save to file works, saving
    # starts again by itself once there is room, and nothing is lost
    page.context.add_init_script(PERSIST_PROBE)
    page.goto(f"{site.url}?game=toscana")
    wait_ready(page, "toscana")
    page.select_option("#gt-new-form select[name=kind1]", "human")
    start_if_asked(page)
    place_a_tile(page, 0)
    wait_stored(page, "toscana", 1)
    assert page.evaluate("window.__persistAsked") is True  # persistent storage was asked for
    match_id = index(page)[0]["id"]
    notice = page.locator("#gt-keep .gt-keep-full")

    assert page.evaluate(FILL_STORAGE) == "full"
    refused = play_until_refused(page, 1)
    assert "not saving" in notice.inner_text()
    assert len(kept(page, match_id).moves) == refused - 1  # the page says what the store refused
    with page.expect_download() as download:
        notice.locator("[data-act=save]").click()
    with open(download.value.path(), encoding="utf-8") as f:
        on_file = Match.from_save(json.load(f))
    assert len(on_file.moves) == refused and on_file.id == match_id
    place_a_tile(page, refused)  # play goes on in memory
    page.evaluate(FREE_STORAGE)  # room again: saving starts again by itself, with no move
    notice.wait_for(state="detached")
    assert "Saving works again" in page.locator("#gt-notice").inner_text()
    assert len(kept(page, match_id).moves) == refused + 1

    assert page.evaluate(FILL_STORAGE) == "full"
    refused = play_until_refused(page, refused + 1)
    page.evaluate(FREE_STORAGE)
    page.reload()  # no move since the space came back: the page saves as it is left
    wait_ready(page, "toscana")
    assert page.locator("#gt-log li").count() == refused
    after = kept(page, match_id)
    assert len(after.moves) == refused and notice.count() == 0
    assert after.moves[: len(on_file.moves)] == on_file.moves


def play_until_refused(page, moves):
    """Moves until the full store refuses a save (a kept match grows by a character every move
    or two; a write of the same size still fits); returns the number of moves then."""
    for _ in range(8):
        place_a_tile(page, moves)
        moves += 1
        if page.locator("#gt-keep .gt-keep-full").count():
            return moves
    raise AssertionError("the full store never refused a save")


# ---- damaged data ------------------------------------------------------------------------------
def toscana_save(moves):
    match = Match("toscana", players=2, seed=21, seats=[{"name": "Ann"}, {"name": "Ben"}])
    rng = Rng(21)
    for _ in range(moves):
        match.play(rng.choice(match.game.legal_moves(match.state)))
    save = {**match.to_save(), "format": 1}
    del save["undo"]
    return save


def first_version_autosave(save, ui=None):
    """The first version's per-game autosave (bgt.<game>.autosave)."""
    return json.dumps({"format": 1, "save": save, "ui": {} if ui is None else ui})


def kept_slot(match_id, moves=8):
    """The keys of a library holding one Toscana match (as the page writes them)."""
    library = Library(MemoryStore(), lambda: 1_700_000_000_000)
    match = Match.from_save({**toscana_save(moves), "id": match_id})
    library.save(match, {}, "device")
    return library.store.data


def illegal_sixth_move():
    save = toscana_save(8)
    save["moves"][5] = {"x": 0, "y": 0, "rot": 0}
    with pytest.raises(Exception, match="move 6"):
        Match.from_save(save)
    return first_version_autosave(save)


def carcassonne_save():
    save = {**Match("carcassonne", players=2, seed=3).to_save(), "format": 1}
    del save["undo"]
    return first_version_autosave(save)


def far_future_index(match_id):
    """The index of kept_slot(match_id) with "played": 9e15 (once the picker's end: "Invalid time
    value"; the slot keeps its own good summary)."""
    index = json.loads(kept_slot(match_id)["bgt.games"])
    index["games"][0]["played"] = 9e15
    return json.dumps(index)


SLOT = "bgt.game.slot-damaged-1"
MOVED_PREFS = ("bgt.toscana.prefs", "bgt.prefs.toscana")  # the first version's key, moved first
# what is damaged: (the keys as found, the damaged key (as found, as backed up), the address
# opened, the moves then shown or None for the new-game form)
DAMAGED = {
    "autosave not JSON": ({"bgt.toscana.autosave": "{not json"}, "bgt.toscana.autosave", "", None),
    "autosave cut short": (
        {"bgt.toscana.autosave": first_version_autosave(toscana_save(8))[:300]},
        "bgt.toscana.autosave",
        "",
        None,
    ),
    "autosave with an illegal move at 6 of 8": (
        {"bgt.toscana.autosave": illegal_sixth_move()},
        "bgt.toscana.autosave",
        "",
        None,
    ),
    "autosave of another game": (
        {"bgt.toscana.autosave": carcassonne_save()},
        "bgt.toscana.autosave",
        "",
        None,
    ),
    "autosave with a bad screen state": (
        {"bgt.toscana.autosave": first_version_autosave(toscana_save(8), ui="oops")},
        "bgt.toscana.autosave",
        "",
        8,  # the game itself is good: it continues
    ),
    "preferences [1,2]": ({"bgt.toscana.prefs": "[1,2]"}, MOVED_PREFS, "", None),
    "preferences with a seat name that is no text": (
        {
            "bgt.toscana.prefs": json.dumps(
                {"hints": True, "seats": [{"name": 5, "kind": "human"}, {"name": "Ben"}]}
            )
        },
        MOVED_PREFS,
        "",
        None,
    ),
    "a slot": (
        {**kept_slot("slot-damaged-1"), SLOT: '{"v": 1, "link": "2AAAA", "ui": {}}'},
        SLOT,
        "&match=slot-damaged-1",
        None,
    ),
    "the index": (
        {**kept_slot("slot-kept-01"), "bgt.games": '{"v": 1, "games": [1, 2'},
        "bgt.games",
        "",
        8,  # the slots keep their own summaries: the game is found and continues
    ),
    "a date no clock can show in the index": (
        {**kept_slot("slot-kept-02"), "bgt.games": far_future_index("slot-kept-02")},
        "bgt.games",
        "",
        8,
    ),
}


@pytest.mark.parametrize("case", list(DAMAGED))
def test_damaged_data_is_set_aside_told_in_one_line_and_never_blocks(shelf, site, case):
    # README, "Your games": damaged data is set aside (a backup key), told in one line, and the
    # site starts
    found, damaged_key, query, moves = DAMAGED[case]
    found_key, damaged_key = damaged_key if isinstance(damaged_key, tuple) else (damaged_key,) * 2
    damaged_text = found[found_key]
    page = shelf  # each case starts from its own storage
    page.goto(site.url)
    page.evaluate(
        "found => { localStorage.clear(); for (const [k, v] of Object.entries(found)) "
        "localStorage.setItem(k, v); }",
        found,
    )
    page.reload()  # the picker reads what it can without Python
    page.locator("#picker").wait_for(state="visible")
    slots = [k for k in found if k.startswith("bgt.game.")]
    assert page.locator("#your-games .saved").count() == len(slots)

    page.goto(f"{site.url}?game=toscana{query}")
    wait_ready(page, "toscana")
    line = page.locator("#gt-keep .gt-keep-damaged")
    assert line.count() == 1 and "could not be read" in line.inner_text()
    backups = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('bgt.backup.'))"
        ".map(k => JSON.parse(localStorage.getItem(k)))"
    )
    assert [(b["key"], b["text"]) for b in backups] == [(damaged_key, damaged_text)]
    with page.expect_download() as download:
        line.locator("[data-act=damaged-download]").click()
    with open(download.value.path(), encoding="utf-8") as f:
        report = json.load(f)["damaged"]
    assert json.loads(report[0]["stored"])["text"] == damaged_text

    if moves:  # the good part goes on
        assert page.locator("#gt-log li").count() == moves
    else:  # a new game starts as always
        form = page.locator("#gt-new-form")
        assert form.is_visible()
        assert form.locator("input[name=name0]").input_value() == "You"
        start_if_asked(page)
        wait_stored(page, "toscana", 0)
    line.locator("[data-act=damaged-dismiss]").click()
    assert page.locator("#gt-keep").inner_html() == ""
    check_clean(page)


# ---- hostile links and files ---------------------------------------------------------------------
UNKNOWN_LEVEL = {
    "format": 2,
    "game": "toscana",
    "id": "bad-level-01",
    "setup": {"players": 2, "seed": 1, "options": {}},
    "seats": [
        {"name": "Ann", "kind": "human", "level": None},
        {"name": "Bot", "kind": "ai", "level": "grandmaster"},
    ],
    "moves": [],
}


def load_file(page, name, text):
    with page.expect_file_chooser() as chooser:
        page.click("#gt-menu [data-act=load]")
    chooser.value.set_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}]
    )


def expect_error(page, title, sentence):
    dialog = page.locator("#gt-dialog")
    heading(dialog, title).wait_for()
    assert sentence in dialog.inner_text()
    assert "Your game in progress is unchanged." in dialog.inner_text()
    dialog.locator("[data-act=dialog-close]").click()


def flood_link(count):
    """A version-3 link of a Toscana game (no moves) with `count` hand-overs of seat 0."""
    header = {"g": "toscana", "s": {"players": 2, "seed": 1}, "n": None, "i": "flood-001"}
    head = canonical_json(header)
    first = bytes([1, 0, 0]) + bytes(24)  # item 1: seat 0, no reveal, commit and bits
    later = bytes([1, 0, 1]) + bytes(40)  # and with a reveal
    size, n = bytearray(), len(head.encode())
    while n >= 0x80:
        size.append(n & 0x7F | 0x80)
        n >>= 7
    size.append(n)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = bytes(size) + head.encode() + first + later * (count - 1)
    packed = packer.compress(body) + packer.flush()
    return "3" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


# from Python's start to the table drawn (game/ui/main.py, boot.js): the link was read between
LINK_READ_MS = """Math.round(performance.getEntriesByName('board-ready')[0].startTime
    - performance.getEntriesByName('python-ready')[0].startTime)"""


def test_bad_links_and_files_give_a_clear_message_and_load_works_afterwards(page, site):
    # README, "Play by link": an unknown computer level, or JSON 10,000 deep in a link or a
    # file, gives a clear message, and Load works afterwards
    header = {"g": "toscana", "s": UNKNOWN_LEVEL["setup"], "n": UNKNOWN_LEVEL["seats"]}
    level_link = raw_link(json.dumps({**header, "i": UNKNOWN_LEVEL["id"]}))
    page.goto(f"{site.url}?game=toscana#m={level_link}")
    wait_ready(page, "toscana")
    expect_error(
        page,
        "This game link could not be opened",
        "Player 2 is a computer at a level this site does not know.",
    )
    page.locator("#gt-new-form").wait_for()  # nothing else to show: a new game is offered
    start_if_asked(page)

    # docs/links.md, "Links": at most one hand-over per move plus one per seat; a
    # short link with 19,999 of them is refused before any replay (its time is printed)
    flood = flood_link(19_999)
    assert len(flood) < 4000  # far shorter than a real game's link
    page.goto(f"{site.url}?game=toscana#m={flood}")
    wait_ready(page, "toscana")
    expect_error(page, "This game link could not be opened", "more hand-overs than its moves allow")
    print(
        "19,999 hand-overs: Python's start to the table drawn:", page.evaluate(LINK_READ_MS), "ms"
    )
    wait_stored(page, "toscana", 0)  # the game in progress is the one on the table
    assert page.locator("#gt-new-form").count() == 0

    load_file(page, "deep.json", DEEP)
    expect_error(page, "This file could not be loaded", "cannot be read as a saved game")
    load_file(page, "level.json", json.dumps(UNKNOWN_LEVEL))
    expect_error(page, "This file could not be loaded", "at a level this site does not know")
    load_file(page, "chess.json", json.dumps({**UNKNOWN_LEVEL, "game": "chess"}))
    expect_error(page, "This file could not be loaded", "this one has no game “chess”")

    page.goto(f"{site.url}?game=toscana#m={raw_link(DEEP)}")
    wait_ready(page, "toscana")
    expect_error(page, "This game link could not be opened", "The link is damaged")
    good = toscana_save(3)
    load_file(page, "good.json", json.dumps({**good, "id": "loaded-file-1"}))
    page.locator("#gt-notice", has_text="Game loaded.").wait_for()
    assert page.locator("#gt-log li").count() == 3
    assert stored_save(page, "toscana")["moves"] == good["moves"]


# ---- one game, one writer: tabs ----------------------------------------------------------------
def test_two_tabs_of_one_game_lose_no_move_and_a_deleted_game_stays_deleted(guarded, site):
    # README, "Your games": a game open in two tabs goes on in one of them; the other says so
    # and continues only when asked ("Continue here"); a game deleted on the picker stays
    # deleted while another tab shows it and moves
    context = guarded()
    match = Match("toscana", seats=PEOPLE, seed=31, match_id="two-tabs-01")
    while len(match.moves) < 2:
        match.play(plan_move("toscana", match.state, match.current_player())[1])
    first, second = watched(context.new_page()), watched(context.new_page())
    first.goto(f"{site.url}?game=toscana#m={match.to_link()}")
    wait_ready(first, "toscana")
    wait_kept_moves(first, match.id, 2)

    second.goto(f"{site.url}?game=toscana&match={match.id}")
    wait_ready(second, "toscana")
    heading(first.locator("#gt-dialog"), "This game is open in another tab").wait_for()
    moves = play_one(second, match.id, kept(second, match.id)).moves  # the third move
    assert first.locator("#gt-log li").count() == 2  # the first tab stopped: it waits

    first.click("#gt-dialog [data-act=take-over]")
    heading(second.locator("#gt-dialog"), "This game is open in another tab").wait_for()
    assert "as the other tab left it" in first.locator("#gt-notice").inner_text()
    wait_moves(first, 3)
    after = play_one(first, match.id, kept(first, match.id))  # the fourth, on what the second made
    assert after.moves[:3] == moves and len(after.moves) == 4
    assert second.locator("#gt-log li").count() == 3  # the second tab wrote nothing since

    second.goto(site.url)  # the picker: delete the game the first tab shows
    second.locator("#picker").wait_for(state="visible")
    saved_item(second, match.id).locator(".saved-delete").click()
    first.locator("#gt-keep", has_text="was deleted from Your games").wait_for()
    plan, _ = plan_move("toscana", after.state, after.current_player())
    fit_board(first)
    for how, given in plan:  # a move at the first tab: played, never written back
        if how == "tap":
            first.locator(f'#board-host svg [data-cell="{given}"]').first.click()
        else:
            first.keyboard.press(given)
    wait_moves(first, 5)
    assert kept(first, match.id) is None
    assert all(s["id"] != match.id for s in index(first))
    second.reload()
    second.locator("#picker").wait_for(state="visible")
    assert saved_item(second, match.id).count() == 0
    for page in (first, second):
        check_clean(page)
