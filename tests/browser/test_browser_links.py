"""Play by link for real (issue #12) in a real Chromium: many games at once, links that update,
ask or make a copy, storage that fills up, damaged data, and hostile links and files.

The games are planned in CPython with the same engine: links are made here, and what the page
keeps (the library's slots in localStorage) is decoded here with the project's own code and
compared with what the engine says.
"""

import json
import re

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

from game.core import Rng
from game.core.match import Match
from game.view.library import Library, MemoryStore

RLO = "\u202e"
TUT = "thurn-und-taxis"


def tut_link_game(seed, names, match_id):
    """A Thurn und Taxis match between people, played at random until the second player is to
    draw (at least 4 moves), then handed over as its sender's browser would."""
    match = Match(
        TUT,
        players=2,
        seed=seed,
        seats=[{"name": n, "kind": "human"} for n in names],
        match_id=match_id,
        undo="free",
    )
    rng = Rng(seed)
    while not (
        len(match.moves) >= 4
        and match.current_player() == 1
        and {"draw": "deck"} in [m.to_json() for m in match.game.legal_moves(match.state)]
    ):
        match.play(rng.choice(match.game.legal_moves(match.state)))
    match.hand_over(seed * 7919)
    return match


GAME_A = tut_link_game(11, ["Ann", "Ben"], "tut-ann-and-ben")
GAME_B = tut_link_game(12, ["Cleo", f"{RLO}Dan"], "tut-cleo-and-dan")
SHARED = {}  # links the page made, for the later tests of this module


def kept(page, match_id):
    """The match the page keeps under `match_id`, decoded here."""
    slot = page.evaluate("k => localStorage.getItem(k)", f"bgt.game.{match_id}")
    return Match.from_link(json.loads(slot)["link"]) if slot else None


def index(page):
    return json.loads(page.evaluate("localStorage.getItem('bgt.games')") or "null")["games"]


def reveal(page, name):
    """The hot-seat curtain of a game with hidden hands: the named person takes the device."""
    heading(page.locator("#gt-dialog"), f"Hand the device to {name}").wait_for()
    page.locator("#gt-dialog [data-act=reveal]").click()
    page.locator("#gt-dialog").wait_for(state="hidden")


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


def check_clean(page):
    assert page.outside == [], f"requests left the origin: {page.outside}"
    assert page.page_errors == [], page.page_errors
    assert errors(page) == []


@pytest.fixture(scope="module")
def shelf(browser, site):
    """One page for this module: the games kept side by side (those tests, in order, share its
    storage), then the damaged-data cases (each with storage of its own)."""
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.outside = guard(context, site)
    page.page_errors = []
    page.on("pageerror", lambda e: page.page_errors.append(str(e)))
    yield page
    context.close()


def test_two_link_games_and_one_against_the_computer_are_kept_side_by_side(shelf, site):
    # Issue #12: "two Thurn und Taxis link games with different people and one game against the
    # computer coexist in the list"
    page = shelf
    page.goto(f"{site.url}?game={TUT}#m={GAME_A.to_link()}")
    wait_ready(page, TUT)
    reveal(page, "Ben")
    assert page.url.endswith(f"?game={TUT}&match={GAME_A.id}")  # a reload continues this one
    assert page.locator("#gt-log li").count() == len(GAME_A.moves)

    page.goto(f"{site.url}?game={TUT}#m={GAME_B.to_link()}")
    wait_ready(page, TUT)
    reveal(page, f"{RLO}Dan")
    # Issue #12: "Names are shown bidi-isolated": the right-to-left override in Dan's name
    # reverses his name only; the words after it stay after it, in their order
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
    listed = page.locator("#your-games .saved")
    assert listed.count() == 3
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


def test_each_kept_game_continues_from_the_list_and_sharing_hands_it_over(shelf):
    page = shelf
    saved_item(page, GAME_A.id).locator(".saved-continue").click()
    wait_ready(page, TUT)
    assert page.url.endswith(f"match={GAME_A.id}")
    reveal(page, "Ben")
    page.locator('#gt-panel [data-act="draw:deck"]').click()
    wait_moves(page, len(GAME_A.moves) + 1)
    expected = Match.from_link(GAME_A.to_link())
    expected.play({"draw": "deck"})  # the same card: the link carries the mixed generator
    assert kept(page, GAME_A.id).state == expected.state

    # "Share link" hands the game over: fresh entropy in the log, carried by the link
    page.click("#gt-menu [data-act=share]")
    shared = Match.from_link(page.locator("#gt-share-url").input_value().split("#m=")[1])
    assert shared.id == GAME_A.id and shared.moves == expected.moves
    assert "entropy" in shared.log[-1] and shared.log[-1] not in GAME_A.log
    assert kept(page, GAME_A.id).log == shared.log
    SHARED["a"] = shared
    page.click("#gt-dialog [data-act=dialog-close]")
    assert page.locator("#gt-tools [data-act=undo]").is_disabled()  # what was sent is sent

    to_picker(page)
    saved_item(page, GAME_B.id).locator(".saved-continue").click()
    wait_ready(page, TUT)
    reveal(page, f"{RLO}Dan")
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
    # Issue #12: "Opening a link of a known game that extends the stored one updates it; one
    # that is older or goes another way asks (keep mine / open it as a copy)"
    page = shelf
    answer = SHARED["a"]  # Ben's browser opens Ann's link, plays on and sends his own back
    rng = Rng(5)
    for _ in range(2):
        answer.play(rng.choice(answer.game.legal_moves(answer.state)))
    answer.hand_over(0x5EED)
    page.goto(f"{site.url}?game={TUT}#m={answer.to_link()}")
    wait_ready(page, TUT)
    assert "brought up to date" in page.locator("#gt-notice").inner_text()
    assert kept(page, GAME_A.id).log == answer.log
    assert page.locator("#gt-dialog [data-act=keep-mine]").count() == 0

    page.goto(f"{site.url}?game={TUT}#m={GAME_A.to_link()}")  # the first, older link again
    wait_ready(page, TUT)
    dialog = page.locator("#gt-dialog")
    heading(dialog, "You already have this game").wait_for()
    assert "earlier point of your game" in dialog.inner_text()
    assert f"Your game: {len(answer.moves)} moves" in dialog.inner_text()
    assert f"The link: {len(GAME_A.moves)} moves" in dialog.inner_text()
    dialog.locator("[data-act=keep-mine]").click()
    dialog.locator("[data-act=keep-mine]").wait_for(state="detached")
    assert kept(page, GAME_A.id).log == answer.log  # nothing was overwritten

    page.goto(f"{site.url}?game={TUT}#m={GAME_A.to_link()}")
    wait_ready(page, TUT)
    page.locator("#gt-dialog [data-act=keep-copy]").click()
    assert "separate copy" in page.locator("#gt-notice").inner_text()
    copy_id = re.search(r"match=([\w-]+)", page.url).group(1)
    assert copy_id != GAME_A.id and kept(page, copy_id).log == GAME_A.log
    assert kept(page, GAME_A.id).log == answer.log

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
    # Issue #12: "storage filled to the quota -> the notice appears, Save to file works, nothing
    # is lost after space is freed and the page reloads"
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

    page.evaluate(FREE_STORAGE)
    place_a_tile(page, refused + 1)  # the next move saves again, by itself
    notice.wait_for(state="detached")
    assert "Saving works again" in page.locator("#gt-notice").inner_text()
    assert len(kept(page, match_id).moves) == refused + 2

    assert page.evaluate(FILL_STORAGE) == "full"
    refused = play_until_refused(page, refused + 2)
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
    # Issue #12: "each damaged-data case above -> a one-line notice, the backup key exists, the
    # site starts"
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


def test_bad_links_and_files_give_a_clear_message_and_load_works_afterwards(page, site):
    # Issue #12: "an unknown computer level -> a clear error; 10,000-deep JSON in a link and in
    # a file -> a clear error, and Load works afterwards"
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
