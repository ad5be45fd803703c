"""Link play at the table, pure Python: what "Share link" does (the invitation, an answer, a
share, a plain link), the words that tell each person whom to send the link to and what nobody
can know, the table's line about the step the game waits for (docs/links.md, "What the page asks
of a match"), who sees the board at a device in a link game, the log's words for a scenario and
for luck re-dealt, and one writer per game across the tabs of a browser (the library's write
count)."""

import json
import re
from pathlib import Path

import pytest
from linkplay import device_key

from game import games
from game.core.match import Match
from game.view import keeping as notes
from game.view import widgets
from game.view.i18n import Translator
from game.view.library import INDEX_KEY, SLOT_PREFIX, Conflict, Library, MemoryStore
from game.view.sharing import Share, link_line, plan_share, share_words
from game.view.table import Table, read_match

STRINGS = json.loads((Path(__file__).parent.parent / "assets/strings.json").read_text("utf-8"))
TR = Translator(STRINGS, "en")
PEOPLE = [{"name": "Ann", "kind": "human"}, {"name": "Ben", "kind": "human"}]
ISOLATES = re.compile("[\u2066-\u2069]")


def plain(text):
    return ISOLATES.sub("", text)


class Device:
    """One person's browser: its library (its own device key) and its table, as the page has
    them (game/ui/app.py)."""

    def __init__(self, name, game_id="toscana"):
        self.library = Library(MemoryStore(), lambda: 1_700_000_000_000, device_key(name))
        self.table = Table(game_id, TR, self.library.device)

    def open(self, link):
        """A link opened here (game/ui/flow.py open_link and arrive)."""
        match = read_match(link, link=True, library=self.library)
        verdict, stored = self.library.arrival(match, lambda: "copy-000001")
        if verdict in ("new", "extends"):
            self.table.take(match)
            self.library.save(match, {}, "link")
        else:
            self.table.take(stored[0])
        return verdict

    def share(self):
        """Share link (game/ui/keeping.py hand_over): the link and what the dialog says."""
        match = self.table.live
        plan = plan_share(match)
        if plan.kind in ("invite", "answer"):
            match.hand_over(plan.seats)
        elif plan.kind == "share":
            match.hand_over()
        self.library.save(match, {}, "link")
        return match.to_link(), [plain(w) for w in share_words(TR, match, plan.kind, self.names())]

    def names(self):
        return self.table.names()

    def line(self):
        line = link_line(TR, self.table.live, self.names())
        return None if line is None else (plain(line.text), line.act, plain(line.label or ""))

    def play_turn(self):
        """The person to move here plays until the turn passes (first legal moves)."""
        match = self.table.live
        seat = match.current_player()
        while match.current_player() == seat and self.table.human_to_move():
            self.table.play(match.game.legal_moves(match.state)[0])


def ann_invites(game_id="toscana"):
    ann, ben = Device("ann", game_id), Device("ben", game_id)
    ann.table.start(PEOPLE, seed=5, match_id="shared-0001")
    return ann, ben


def test_one_invite_answer_play_share_round_says_each_step_to_each_person():
    # docs/links.md, "The first round: invitation and answers": for two people with the creator
    # moving first it costs one message: invite, answer, and the creator plays
    ann, ben = ann_invites()
    assert plan_share(ann.table.live) == Share("invite", [0])  # nobody moved: the form's first
    assert ann.line() is None  # a game at one device says nothing of links
    link, words = ann.share()
    assert words == [
        "Send this link to Ben.",
        "Nobody, you included, can know which tiles Ben draws before Ben plays.",
    ]
    assert ann.line() == ("Waiting for Ben's link.", None, "")
    assert not ann.table.human_to_move()  # Ann's first turn waits for Ben's answer

    assert ben.open(link) == "new"
    assert ben.table.people() == [] and ben.table.you() is None  # nobody here yet
    assert ben.line() == (
        "Ann invites Ben to play this game by link. Are you Ben? Answer, then send the link back.",
        "share",
        "Answer as Ben",
    )
    assert plan_share(ben.table.live) == Share("answer", [1])
    link, words = ben.share()
    assert words == ["Your answer is in this link: send it back to Ann, who moves first."]
    assert ben.table.you() == 1 and ben.line() == ("Waiting for Ann's link.", None, "")

    assert ann.open(link) == "extends"
    assert ann.line() is None and ann.table.human_to_move()  # dealt: Ann plays
    ann.play_turn()
    assert ann.line() == (
        "Your turn is over: share the link and send it to Ben.",
        "share",
        "Share link",
    )
    link, words = ann.share()
    assert words == [
        "Send this link to Ben.",
        "Nobody, you included, can know which tiles Ben draws before Ben plays.",
    ]
    assert ben.open(link) == "extends" and ben.table.human_to_move() and ben.line() is None
    assert ann.share()[0] == link  # sharing again adds nothing: the same link


def test_the_invitation_names_the_person_holding_the_device():
    # the person who moved last holds the device; a game with one person is never keyed
    ann, _ = ann_invites()
    ann.play_turn()
    ann.play_turn()  # Ann, then Ben at the same device
    assert plan_share(ann.table.live) == Share("invite", [1])
    solo = Table("toscana", TR, device_key("solo"))
    solo.start([PEOPLE[0], {"name": "Computer", "kind": "ai", "level": "easy"}], seed=3)
    assert plan_share(solo.live) == Share("plain")
    assert share_words(TR, solo.live, "plain", solo.names()) == [TR("gt.share_text")]


def test_a_device_that_plays_nobody_is_offered_to_take_a_seat_over_and_is_told_the_cost():
    ann, ben = ann_invites()
    link, _ = ann.share()
    ben.open(link)
    ann.open(ben.share()[0])
    ann.play_turn()
    link, _ = ann.share()
    spare = Device("spare")  # Ben's link opened in another browser, which plays nobody
    spare.open(link)
    text, act, label = spare.line()
    assert text == (
        "This game waits for Ben, who plays on another device. If Ben goes on here instead, "
        "the luck of Ben is dealt anew, and everyone is told."
    )
    assert (act, label) == ("claim:1", "Play Ben here")
    assert plan_share(spare.table.live) == Share("plain")  # it passes the link on as it came
    spare.table.live.claim(1)
    assert spare.table.human_to_move() and spare.table.you() == 1
    entries = spare.table.log_entries(games.controller("toscana"), 1)
    told = [plain(e.told.text) for e in entries if e.number == 0]
    assert told == [
        "Your luck was re-dealt: this device no longer has the key you committed with. "
        "Everyone sees this in the log."
    ]
    spare.play_turn()
    link, _ = spare.share()
    ann.open(link)  # Ann's device learns it at the reveal, in the log, never silently
    entries = ann.table.log_entries(games.controller("toscana"), 0)
    events = [e for e in entries if e.number == 0]
    assert [plain(e.told.text) for e in events] == [
        "Luck re-dealt by Ben: the secret revealed does not match the one committed to earlier "
        "(another browser, or a hand-edited link)."
    ]
    markup = widgets.log_items(events)  # an event is no move: no button to show it on the board
    assert "gt-log-event" in markup and "data-entry" not in markup and "<button" not in markup


@pytest.mark.parametrize("game_id", games.ids())
def test_in_a_link_game_the_board_is_drawn_for_this_devices_seat_and_waits_for_its_deal(game_id):
    ann, ben = ann_invites(game_id)
    link, _ = ann.share()
    ben.open(link)
    assert not ben.table.human_to_move() and not ben.table.ai_to_move()
    ben.share()
    assert ben.table.people() == [1] and ben.table.you() == 1
    assert not ben.table.plays_here()  # the turn waits elsewhere: nothing to play here


def test_a_scenario_is_named_on_the_table_in_the_log_and_in_your_games():
    # docs/links.md, "Scenarios": fixed piles exist only in a named scenario, shown as such
    table = Table("toscana", TR)
    piles = [["T01", "T02"], ["T03", "T04"]]
    table.start(PEOPLE, seed=1, options={"piles": piles}, scenario="Two piles")
    lines = plain(notes.match_lines(TR, table.live, table.names()))
    assert "Scenario “Two piles”: the order of its luck was fixed in advance" in lines
    first = table.log_entries(games.controller("toscana"), None)[0]
    assert first.number == 0 and plain(first.told.text).startswith("Scenario “Two piles”")
    library = Library(MemoryStore(), lambda: 1_700_000_000_000)
    table.live.id = "scenario-01"
    library.save(table.live, {}, "device")
    assert library.summaries()[0]["scenario"] == "Two piles"


# ---- one game, one writer ---------------------------------------------------------------------
def two_tabs():
    """Two tabs of one browser: two libraries over one store, the same match open in both."""
    store = MemoryStore()
    first = Library(store, lambda: 1_700_000_000_000, device_key("tabs"))
    match = Match("toscana", seed=4, seats=PEOPLE, match_id="two-tabs-01", undo="free")
    assert first.save(match, {}, "device")
    second = Library(store, lambda: 1_700_000_000_000, device_key("tabs"))
    return first, second


def play_one(match):
    match.play(match.game.legal_moves(match.state)[0])


def test_a_tab_that_is_behind_never_overwrites_the_moves_of_another():
    first, second = two_tabs()
    mine = first.load("two-tabs-01")[0]
    theirs = second.load("two-tabs-01")[0]
    play_one(theirs)
    assert second.save(theirs, {}, "device")
    play_one(mine)  # the first tab moves on the position it still shows
    with pytest.raises(Conflict) as conflict:
        first.save(mine, {}, "device")
    assert conflict.value.reason == "taken"
    assert second.load("two-tabs-01")[0].log == theirs.log  # nothing was overwritten
    again = first.load("two-tabs-01")[0]  # "Continue here": the game as the other tab left it
    play_one(again)
    assert first.save(again, {}, "device")
    with pytest.raises(Conflict):  # ... and now the other tab is the one behind
        second.save(theirs, {}, "device")
    assert len(first.load("two-tabs-01")[0].moves) == 2


def test_a_game_deleted_in_one_tab_is_never_written_back_by_another():
    first, second = two_tabs()
    kept = first.load("two-tabs-01")[0]
    second.load("two-tabs-01")
    second.delete("two-tabs-01")
    play_one(kept)
    with pytest.raises(Conflict) as conflict:
        first.save(kept, {}, "device")
    assert conflict.value.reason == "gone"
    assert first.store.get(SLOT_PREFIX + "two-tabs-01") is None
    assert first.summaries() == []


def test_a_slot_counts_its_writes_and_a_new_summary_keeps_the_seats_played_here():
    library = Library(MemoryStore(), lambda: 1_700_000_000_000, device_key("ann"))
    match = Match("toscana", seed=4, seats=PEOPLE, match_id="counted-01", device=library.device)
    match.hand_over([0])
    for rev in (1, 2):
        assert library.save(match, {}, "link")
        assert json.loads(library.store.get(SLOT_PREFIX + "counted-01"))["rev"] == rev
    slot = json.loads(library.store.get(SLOT_PREFIX + "counted-01"))
    library.store.set(SLOT_PREFIX + "counted-01", json.dumps({**slot, "summary": {"id": 5}}))
    library.store.set(INDEX_KEY, "{damaged")  # the index is rebuilt from the slots
    again = Library(library.store, lambda: 1_700_000_000_000, device_key("ann"))
    assert [s["id"] for s in again.summaries()] == ["counted-01"]
    rebuilt = json.loads(library.store.get(SLOT_PREFIX + "counted-01"))
    assert rebuilt["local"] == [0] and rebuilt["rev"] == 3 and rebuilt["v"] == 2


def test_pruning_a_finished_game_to_make_room_is_recorded_to_be_announced():
    library = Library(MemoryStore(limit=7000), lambda: 1_700_000_000_000)
    done = Match("toscana", seed=8, seats=PEOPLE, match_id="finished-01")
    while not done.is_over():
        play_one(done)
    assert library.save(done, {}, "device")
    k = 0
    while not library.pruned:
        k += 1
        assert k < 30, "the store never filled"
        library.save(Match("toscana", seed=k, seats=PEOPLE, match_id=f"running-{k:02d}"), {}, "ai")
    assert [s["id"] for s in library.pruned] == ["finished-01"]
    text = TR("library.pruned", n=len(library.pruned))
    assert text == "To make room, 1 finished game, the oldest, was removed from Your games."
