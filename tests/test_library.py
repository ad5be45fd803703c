"""Your games on this device (issue #12): every match in its own slot, nothing overwrites another
game, damaged data is moved aside and never blocks, only finished games are pruned."""

import json

import pytest
import toygame

from game import games
from game.core import Rng
from game.core.match import Match
from game.core.savefile import SaveError
from game.view.library import (
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
    m.hand_over(99)
    assert mode_of(m) == "link" and mode_of(match(4), from_link=True) == "link"


def test_comparing_a_link_with_the_stored_match():
    # Issue #12: "a link of a known game that extends the stored one updates it; one that is
    # older or goes another way asks (keep mine / open it as a copy)"
    stored = match(5, moves=4).log
    assert compare(stored, list(stored)) == "same"
    assert compare(stored, match(5, moves=6).log) == "extends"
    assert compare(stored, stored[:2]) == "older"
    other = [*stored[:2], {"card": 99}]  # another third move
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
    # Issue #12: "A damaged autosave or preference is moved to a backup key, the player is told
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
    # Issue #12: "a link of an unknown game gets a new slot. Nothing ever overwrites another game."
    lib = library()
    mine = match(1)
    lib.save(mine, {}, "link")
    unknown = match(2, match_id="other-match")
    assert lib.arrival(unknown, ids()) == ("new", None) and unknown.id == "other-match"
    no_id = Match.from_save({**match(3).to_save(), "id": None})
    assert lib.arrival(no_id, ids("fresh-001")) == ("new", None) and no_id.id == "fresh-001"


def test_a_link_of_a_known_match_is_same_extends_older_or_diverges():
    # Issue #12: "Opening a link of a known game that extends the stored one updates it; one that
    # is older or goes another way asks (keep mine / open it as a copy)"
    lib = library()
    stored = match(5, moves=4)
    lib.save(stored, {"summary": False}, "link")
    same = Match.from_save(stored.to_save())
    verdict, (kept, ui, mode) = lib.arrival(same, ids())
    assert verdict == "same" and kept.state == stored.state and mode == "link"
    assert ui == {"summary": False}
    assert lib.arrival(match(5, moves=6), ids())[0] == "extends"
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
    # Issue #12: "An autosave with a bad ui value ... make every start fail" -> a one-line
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
