"""Your games on this device: every match in its own slot, nothing overwrites another
game, damaged data is moved aside and never blocks, only finished games are pruned."""

import json

import pytest
import toygame
from linkplay import device_key

from game import games
from game.core import Rng
from game.core.match import Match, Waiting
from game.core.savefile import SaveError
from game.view.library import (
    DEVICE_KEY,
    INDEX_KEY,
    KEEP_FINISHED,
    PLAYED,
    PREFS_PREFIX,
    SLOT_PREFIX,
    Library,
    MemoryStore,
    compare,
    is_summary,
    mode_of,
    screen_state,
)

games.register(toygame.GAME)
PEOPLE = [{"name": "Ann", "kind": "human"}, {"name": "Ben", "kind": "human"}]


class Clock:
    def __init__(self):
        self.t = 1_700_000_000_000

    def __call__(self):
        self.t += 1000
        return self.t


def library(limit=None):
    return Library(MemoryStore(limit), Clock())


def match(seed, moves=3, seats=PEOPLE, game_id="bust", match_id=None):
    m = Match(
        game_id, players=len(seats), seed=seed, seats=seats, match_id=match_id or f"m{seed:05d}"
    )
    rng = Rng(seed)
    for _ in range(moves):
        if m.is_over():
            break
        m.play(rng.choice(m.game.legal_moves(m.state)))
    return m


def finish(m):
    rng = Rng(1)
    while not m.is_over():
        m.play(rng.choice(m.game.legal_moves(m.state)))
    return m


def test_every_match_has_its_own_slot_and_the_newest_comes_first():
    lib = library()
    one, two = match(1), match(2, seats=[PEOPLE[0], {"name": "Bot", "kind": "ai", "level": "hard"}])
    assert lib.save(one, {}, mode_of(one)) and lib.save(two, {"summary": True}, mode_of(two))
    listed = lib.summaries()
    assert [s["id"] for s in listed] == [two.id, one.id]
    assert listed[0]["mode"] == "ai" and listed[1]["mode"] == "device"
    assert listed[1]["names"] == ["Ann", "Ben"] and listed[1]["moves"] == len(one.moves)
    loaded, ui, mode = lib.load(two.id)
    assert loaded.state == two.state and ui == {"summary": True} and mode == "ai"


def test_a_handed_over_match_is_a_link_game():
    m = match(3)
    m.device = device_key("ann")
    assert m.hand_over([0])
    assert mode_of(m) == "link" and mode_of(match(4), from_link=True) == "link"


def test_comparing_a_link_with_the_stored_match():
    # Required: "a link of a known game that extends the stored one updates it; one that is
    # older or goes another way asks (keep mine / open it as a copy)"
    stored = Match.from_save(match(5, moves=4).to_save())  # opened here: plays no seat
    assert compare(stored, Match.from_save(stored.to_save())) == "same"
    assert compare(stored, match(5, moves=6)) == "extends"
    assert compare(match(5, moves=4), match(5, moves=6)) == "plays_yours"  # played here
    assert compare(stored, match(5, moves=2)) == "older"
    other = match(5, moves=2)
    other.play(next(m for m in other.game.legal_moves(other.state) if m.to_json() != stored.log[2]))
    assert compare(stored, other) == "diverges"


def test_fifty_games_fit_in_a_small_store_and_only_finished_ones_are_pruned():
    # "At least 50 games fit (store moves compactly, as links do); only finished games are
    # pruned automatically, oldest first."
    lib = library(limit=200_000)  # far below a browser's ~5 MB
    running = [match(seed, moves=2) for seed in range(1, 51)]
    for m in running:
        assert lib.save(m, {}, "device")
    finished = [finish(match(seed, moves=0)) for seed in range(100, 100 + KEEP_FINISHED + 5)]
    for m in finished:
        assert lib.save(m, {}, "device")
    assert lib.prune()
    listed = lib.summaries()
    assert {m.id for m in running} <= {s["id"] for s in listed}  # games in progress all stay
    kept_finished = [s for s in listed if s["over"]]
    assert len(kept_finished) == KEEP_FINISHED
    assert finished[0].id not in {s["id"] for s in listed}  # the oldest finished went first


def test_a_full_store_prunes_a_finished_game_to_make_room_and_says_when_it_cannot():
    lib = library(limit=6000)
    old = finish(match(7, moves=0))
    assert lib.save(old, {}, "device")
    m = match(8)
    saved = [lib.save(match(20 + k), {}, "device") for k in range(12)]
    assert not all(saved)  # the store filled up: save says so instead of pretending
    assert old.id not in {s["id"] for s in lib.summaries()}  # the finished game made room first
    assert all(not s["over"] for s in lib.summaries())
    lib.store.limit = None  # space freed: saving works again, nothing was lost meanwhile
    assert lib.save(m, {}, "device") and lib.load(m.id)[0].state == m.state


@pytest.mark.parametrize(
    "damage",
    [
        "not json {",
        '{"v": 1, "link": "2AAAA", "ui": {}}',  # truncated link
        json.dumps({"v": 1, "link": 5}),
        json.dumps([1, 2]),
    ],
)
def test_a_damaged_slot_goes_to_a_backup_and_the_others_stay(damage):
    # Required: "A damaged autosave or preference is moved to a backup key, the player is told
    # in one line ..., and everything else works."
    lib = library()
    good, bad = match(1), match(2)
    lib.save(good, {}, "device")
    lib.save(bad, {}, "device")
    lib.store.set(SLOT_PREFIX + bad.id, damage)
    with pytest.raises(SaveError):
        lib.load(bad.id)
    assert [s["id"] for s in lib.summaries()] == [good.id]
    backup = lib.store.get(lib.problems[0])
    assert (
        json.loads(backup)["text"] == damage and json.loads(backup)["key"] == SLOT_PREFIX + bad.id
    )
    assert lib.load(good.id)[0].state == good.state


def test_a_damaged_index_is_rebuilt_from_the_slots():
    lib = library()
    for seed in (1, 2, 3):
        lib.save(match(seed), {}, "device")
    lib.store.set(INDEX_KEY, '{"v": 1, "games": [1, 2]}')
    assert {s["id"] for s in lib.summaries()} == {match(s).id for s in (1, 2, 3)}
    assert lib.problems  # and the player is told once


# Numbers a damaged store may hold (tests/js/junk.mjs has the same, for the picker's reader)
BAD_NUMBERS = [9e15, -9e15, 1e300, -1, 0.5, 1.5, float("nan"), float("inf"), 2**53, True, "3", None]


@pytest.mark.parametrize("played", [9 * 10**15, -9 * 10**15, 1e300, PLAYED[1] + 1, PLAYED[0] - 1])
def test_a_date_out_of_range_in_the_index_sets_the_index_aside(played):
    # A date no reader can show (the picker failed on 9e15 with "Invalid time value") makes the
    # index damaged: it goes to a backup (the page says so once) and is rebuilt from the slots
    lib = library()
    for seed in (1, 2):
        lib.save(match(seed), {}, "device")
    index = json.loads(lib.store.get(INDEX_KEY))
    index["games"][1]["played"] = played
    damaged = json.dumps(index)
    lib.store.set(INDEX_KEY, damaged)
    assert [s["id"] for s in lib.summaries()] == [match(2).id, match(1).id]
    assert [json.loads(lib.store.get(k))["text"] for k in lib.problems] == [damaged]


def test_a_slot_whose_summary_is_damaged_keeps_its_game_with_a_new_summary():
    lib = library()
    good, spoilt = match(1), match(2)
    lib.save(good, {}, "device")
    lib.save(spoilt, {"summary": True}, "ai")
    slot = json.loads(lib.store.get(SLOT_PREFIX + spoilt.id))
    slot["summary"]["played"] = 9 * 10**15
    damaged = json.dumps(slot)
    lib.store.set(SLOT_PREFIX + spoilt.id, damaged)
    lib.store.set(INDEX_KEY, "{damaged")
    listed = lib.summaries()
    assert [s["id"] for s in listed] == [spoilt.id, good.id]  # summarised again: played just now
    assert listed[0]["mode"] == "ai" and is_summary(listed[0])
    texts = [json.loads(lib.store.get(k))["text"] for k in lib.problems]
    assert texts == ["{damaged", damaged]  # both told, the damaged texts kept for a bug report
    loaded, ui, mode = lib.load(spoilt.id)
    assert loaded.state == spoilt.state and ui == {"summary": True} and mode == "ai"
    assert lib.summaries() == listed and len(lib.problems) == 2  # repaired once


def test_a_wrong_clock_never_writes_a_date_the_picker_cannot_show():
    for now in (0, -1, 10**16):
        lib = Library(MemoryStore(), lambda now=now: now)
        lib.save(match(1), {}, "device")
        [summary] = lib.summaries()
        assert PLAYED[0] <= summary["played"] <= PLAYED[1] and not lib.problems


def test_every_field_of_a_summary_is_checked():
    lib = library()
    lib.save(match(1, seats=[PEOPLE[0], {"name": "Bot", "kind": "ai"}]), {}, "ai")
    [good] = lib.summaries()
    assert is_summary(good) and is_summary({**good, "played": float(good["played"])})
    bad = {
        "id": ["short", "a" * 33, "has space", "ünï-code", "../../x", 123456, None],
        "game": ["chess", "", "TOSCANA", None, ["toscana"]],
        "names": [[], ["Ann"], ["Ann", ""], ["Ann", "a" * 41], ["Ann", "😀" * 41], ["Ann", 5]],
        "kinds": [["human"], ["human", "robot"], ["human", None], "human,ai", []],
        "to_move": [2, *BAD_NUMBERS[:-1]],  # (None: nobody to move, a game over)
        "moves": [20_001, *BAD_NUMBERS],
        "over": [0, 1, "false", None],
        "winners": [[2], [-1], [0.5], ["0"], [0, 1, 0], 0, None],
        "played": [[good["played"]], *BAD_NUMBERS],
        "mode": ["", "hotseat", None, ["ai"]],
    }
    for field, values in bad.items():
        for value in values:
            assert not is_summary({**good, field: value}), (field, value)
        assert not is_summary({k: v for k, v in good.items() if k != field}), field
    assert is_summary({**good, "names": ["😀" * 40, "Ben"]})  # 40 characters, however written


@pytest.mark.parametrize(
    "prefs",
    ["[1,2]", '{"hints": "yes"}', '{"seats": [{"name": 5, "kind": "human"}]}', "{{{", "null"],
)
def test_damaged_preferences_never_block_a_new_game(prefs):
    lib = library()
    lib.store.set(PREFS_PREFIX + "toscana", prefs)
    assert lib.prefs("toscana") == {}
    if prefs != "null":
        assert lib.problems and lib.store.get(PREFS_PREFIX + "toscana") is None


def test_the_first_versions_autosave_moves_into_a_slot_and_a_damaged_one_into_a_backup():
    lib = library()
    m = Match("toscana", players=2, seed=4)
    m.play(m.game.legal_moves(m.state)[0])
    old_save = {**m.to_save(), "format": 1}
    del old_save["undo"]
    lib.store.set("bgt.toscana.autosave", json.dumps({"format": 1, "save": old_save, "ui": {}}))
    lib.store.set("bgt.carcassonne.autosave", '{"format": 1, "save": {"game": "carcassonne"')
    lib.store.set("bgt.toscana.prefs", '{"hints": false}')
    lib.migrate(["toscana", "carcassonne"], new_id=lambda: "fresh-id-1")
    [summary] = lib.summaries()
    assert summary["id"] == "fresh-id-1" and summary["game"] == "toscana"
    assert lib.load("fresh-id-1")[0].state == m.state
    assert lib.store.get("bgt.toscana.autosave") is None
    assert lib.store.get("bgt.carcassonne.autosave") is None and len(lib.problems) == 1
    assert lib.prefs("toscana") == {"hints": False, "seats": None}


def test_delete_can_be_taken_back():
    lib = library()
    m = match(6)
    lib.save(m, {}, "device")
    text = lib.delete(m.id)
    assert lib.summaries() == []
    assert lib.undelete(m.id, text) and lib.load(m.id)[0].state == m.state


def ids(*names):
    """A new_id() handing out the given ids in turn."""
    given = iter(names)
    return lambda: next(given)


def test_a_link_of_an_unknown_match_or_one_without_id_gets_a_slot_of_its_own():
    # Required: "a link of an unknown game gets a new slot. Nothing ever overwrites another game."
    lib = library()
    mine = match(1)
    lib.save(mine, {}, "link")
    unknown = match(2, match_id="other-match")
    assert lib.arrival(unknown, ids()) == ("new", None) and unknown.id == "other-match"
    no_id = Match.from_save({**match(3).to_save(), "id": None})
    assert lib.arrival(no_id, ids("fresh-001")) == ("new", None) and no_id.id == "fresh-001"


def test_a_link_of_a_known_match_is_same_extends_older_or_diverges():
    # Required: "Opening a link of a known game that extends the stored one updates it; one that
    # is older or goes another way asks (keep mine / open it as a copy)"
    lib = library()
    stored = Match.from_save(match(5, moves=4).to_save())  # opened here: no seat played here yet
    lib.save(stored, {"summary": False}, "link")
    same = Match.from_save(stored.to_save())
    verdict, (kept, ui, mode) = lib.arrival(same, ids())
    assert verdict == "same" and kept.state == stored.state and mode == "link"
    assert ui == {"summary": False}
    assert lib.arrival(match(5, moves=6), ids())[0] == "extends"
    lib.save(match(5, moves=4), {}, "device")  # both seats played here now: no link plays them
    assert lib.arrival(match(5, moves=6), ids())[0] == "plays_yours"
    older = Match.from_save({**stored.to_save(), "moves": stored.log[:2]})
    assert lib.arrival(older, ids())[0] == "older"
    other = Match.from_save({**stored.to_save(), "moves": stored.log[:2]})
    third = next(m for m in other.game.legal_moves(other.state) if m.to_json() != stored.log[2])
    other.play(third)  # another third move
    assert lib.arrival(other, ids())[0] == "diverges"
    renamed = Match.from_save({**stored.to_save(), "seats": [PEOPLE[1], PEOPLE[0]]})
    assert lib.arrival(renamed, ids())[0] == "diverges"  # same moves, other people: asked


def test_an_arriving_match_with_the_id_of_another_game_never_overwrites_it():
    lib = library()
    stored = match(5)
    lib.save(stored, {}, "device")
    other_setup = match(6, match_id=stored.id)  # same id, another shuffle: another game
    assert lib.arrival(other_setup, ids("fresh-002")) == ("new", None)
    assert other_setup.id == "fresh-002"
    assert lib.load(stored.id)[0].state == stored.state


def test_a_damaged_stored_slot_frees_its_id_for_the_arriving_match():
    lib = library()
    stored = match(5)
    lib.save(stored, {}, "device")
    lib.store.set(SLOT_PREFIX + stored.id, "{ damaged")
    arriving = Match.from_save(stored.to_save())
    assert lib.arrival(arriving, ids()) == ("new", None) and arriving.id == stored.id
    assert lib.problems  # the damaged slot went to a backup first


def test_the_latest_match_in_progress_of_a_game():
    lib = library()
    old, done, new = match(1), finish(match(2)), match(3)
    for m in (old, done, new):
        lib.save(m, {}, "device")
    assert lib.latest("bust")["id"] == new.id
    lib.delete(new.id)
    assert lib.latest("bust")["id"] == old.id and lib.latest("toscana") is None


def test_a_bad_screen_state_in_the_first_versions_autosave_is_backed_up_and_the_game_kept():
    # Required: "An autosave with a bad ui value ... make every start fail" -> a one-line
    # notice, a backup, and the game itself continues
    lib = library()
    m = Match("toscana", players=2, seed=4)
    m.play(m.game.legal_moves(m.state)[0])
    old_save = {**m.to_save(), "format": 1}
    lib.store.set("bgt.toscana.autosave", json.dumps({"format": 1, "save": old_save, "ui": [1]}))
    lib.migrate(["toscana"], new_id=ids("fresh-003"))
    assert lib.load("fresh-003")[0].state == m.state
    assert len(lib.problems) == 1 and json.loads(lib.store.get(lib.problems[0]))["text"]
    assert lib.store.get("bgt.toscana.autosave") is None


@pytest.mark.parametrize(
    ("value", "kept"),
    [
        ({}, {"summary": False}),
        ({"summary": None}, {"summary": False}),
        ({"summary": 2}, {"summary": True}),  # the first version kept a round number
        ({"summary": "final"}, {"summary": True}),
        ({"summary": True}, {"summary": True}),
        ({"summary": {"x": 1}}, None),
        ({"zoom": 3}, None),
        ([1, 2], None),
        ("ui", None),
    ],
)
def test_the_screen_state_kept_is_checked(value, kept):
    assert screen_state(value) == kept


def test_with_no_room_for_a_backup_damaged_data_stays_where_it_was():
    lib = library(limit=400)
    lib.store.set(PREFS_PREFIX + "toscana", "[1, 2]" + " " * 200)
    assert lib.prefs("toscana") == {}
    assert lib.problems == [PREFS_PREFIX + "toscana"]  # not lost: still there, and reported
    assert "[1, 2]" in json.loads(lib.problem_report())["damaged"][0]["stored"]


# ---- link play: the seats this device plays, and what a link may add ------------------------------
class Device:
    """One person's device: its library (with its device key) and what it does with a link."""

    def __init__(self, name):
        self.library = Library(MemoryStore(), Clock(), device=device_key(name))

    def arrive(self, link):
        """Open `link` as the page does: (verdict, the match now on the table)."""
        arriving = self.library.read_link(link)
        verdict, stored = self.library.arrival(arriving, ids("copy-0001"))
        if verdict in ("new", "extends"):
            self.library.save(arriving, {}, "link")
            return verdict, arriving
        return verdict, stored[0]


def invited():
    """Ann's device invites Ben's; Ben answers and Ann has played her first turn: (Ann's device,
    Ben's device, the link Ann sends)."""
    ann, ben = Device("ann"), Device("ben")
    game = Match("bust", seed=7, seats=PEOPLE, match_id="linked-01", device=ann.library.device)
    game.hand_over([0])
    ann.library.save(game, {}, "link")
    verdict, answer = ben.arrive(game.to_link())
    assert verdict == "new" and answer.waiting() == Waiting("answer", 1)
    answer.hand_over([1])
    ben.library.save(answer, {}, "link")
    verdict, mine = ann.arrive(answer.to_link())
    assert verdict == "extends" and mine.local == [0] and mine.waiting() == Waiting("play", 0)
    mine.play(mine.game.legal_moves(mine.state)[0])
    mine.hand_over()
    ann.library.save(mine, {}, "link")
    return ann, ben, mine.to_link()


def test_a_link_that_adds_only_the_senders_moves_extends_and_deals_your_turn():
    # docs/links.md, "What the page asks of a match": "extends" only when every new entry is a move or hand-over of
    # seats this device does not play; the stored match's seats carry over and deal what waits
    _, ben, link = invited()
    verdict, mine = ben.arrive(link)
    assert verdict == "extends" and mine.local == [1] and mine.waiting() == Waiting("play", 1)
    assert ben.library.load(mine.id)[0].waiting() == Waiting("play", 1)  # and so it is kept
    assert ben.arrive(link)[0] == "same"


def test_a_link_with_moves_for_a_seat_of_this_device_asks():
    # the attack: the sender plays the receiver's turn (in another profile) and sends it
    _, ben, link = invited()
    assert ben.arrive(link)[0] == "extends"
    spy = Match.from_link(link, device=device_key("spy"))
    spy.claim(1)
    spy.play(spy.game.legal_moves(spy.state)[0])
    verdict, kept = ben.arrive(spy.to_link())
    assert verdict == "plays_yours" and kept.log == Match.from_link(link).log
    spy.hand_over()  # also when it hands over for the receiver's seat, with moves after
    assert ben.arrive(spy.to_link())[0] == "plays_yours"


def test_a_link_that_changes_moves_already_here_asks():
    _, ben, link = invited()
    ben.arrive(link)
    changed = Match.from_link(link, device=device_key("spy"))
    save = changed.to_save()
    k = next(i for i, entry in enumerate(save["moves"]) if "card" in entry)
    other = next(
        m.to_json()
        for m in changed.game.legal_moves(changed.states[k])
        if m.to_json() != save["moves"][k]
    )
    save["moves"][k] = other  # another card played in the sender's turn, handed over as before
    assert ben.arrive(Match.from_save(save).to_link())[0] == "diverges"


def test_a_slot_keeps_the_seats_this_device_plays_and_keys_from_a_file():
    ann = invited()[0]
    mine = ann.library.load("linked-01")[0]
    assert mine.local == [0] and mine.keys == {}  # derived from bgt.device: not stored
    slot = json.loads(ann.library.store.get(SLOT_PREFIX + "linked-01"))
    assert slot["v"] == 2 and slot["local"] == [0] and slot["keys"] == {}
    # a file from another device: its keys are kept, and this device plays that seat on
    moved = Device("new computer")
    game = Match.from_save(mine.to_save(keys=True), device=moved.library.device)
    assert moved.library.save(game, {}, "link")
    again = moved.library.load("linked-01")[0]
    assert again.local == [0]  # the seat its keys are for
    assert again.key_of(0) == mine.key_of(0)


def test_an_old_slot_opens_with_no_seat_played_here():
    lib = library()
    m = match(3)
    lib.save(m, {}, "device")
    slot = json.loads(lib.store.get(SLOT_PREFIX + m.id))
    old = {"v": 1, "link": slot["link"], "ui": {}, "summary": slot["summary"]}
    lib.store.set(SLOT_PREFIX + m.id, json.dumps(old))
    loaded = lib.load(m.id)[0]
    assert loaded.state == m.state and loaded.local == []


@pytest.mark.parametrize("damage", [{"local": "0"}, {"local": [9]}, {"keys": {"0": "zz"}}])
def test_damaged_seats_in_a_slot_go_to_a_backup(damage):
    lib = library()
    m = match(3)
    lib.save(m, {}, "device")
    slot = json.loads(lib.store.get(SLOT_PREFIX + m.id))
    lib.store.set(SLOT_PREFIX + m.id, json.dumps({**slot, **damage}))
    with pytest.raises(SaveError):
        lib.load(m.id)
    assert lib.problems


def test_the_device_key_is_made_once_and_a_damaged_one_is_replaced():
    lib = library()
    made = iter([b"\x01" * 32, b"\x02" * 32])
    assert lib.device_key(lambda: next(made)) == b"\x01" * 32 == lib.device
    assert lib.device_key(lambda: next(made)) == b"\x01" * 32  # kept
    lib.store.set(DEVICE_KEY, "not hex")
    assert lib.device_key(lambda: next(made)) == b"\x02" * 32 and lib.problems


def test_a_scenario_is_named_in_your_games():
    lib = library()
    m = Match("bust", seed=1, scenario="First steps", match_id="scene-01")
    lib.save(m, {}, "device")
    assert lib.summaries()[0]["scenario"] == "First steps"
    assert "scenario" not in (lib.save(match(2), {}, "device") and lib.find(match(2).id))
