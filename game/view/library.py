"""The player's games on this device ("Your games"): one slot per match, an index the picker reads,
and the decisions around them. Pure Python over a small key-value store, so it is tested in
CPython; the browser shell hands it localStorage (game/ui), the picker (assets/boot.js) reads the
index without Python.

Keys (all text, JSON inside):
    bgt.device           this device's key: 64 hex digits (link play's secrets derive from it;
                         it never leaves the device: only a match's key does, in Save to file)
    bgt.games            the index: {"v": 1, "games": [summary...]}, most recently played first
    bgt.game.<id>        one match: {"v": 2, "link": <a link: the whole match>, "ui": {...},
                         "summary": {...}, "local": [the seats this device plays],
                         "keys": {seat: 64 hex digits} (match keys not derived from bgt.device:
                         a game loaded from a file or opened as a copy),
                         "rev": how many times it was written (1, 2, ...: see "One writer")}
                         (slots of "v": 1 have no "local": this device plays no seat there yet)
    bgt.prefs.<game>     the new-game form's last choices: {"hints": bool, "seats": [...]}
    bgt.backup.<n>       damaged data moved aside: {"key", "why", "text", "at"}
    (bgt.<game>.autosave and bgt.<game>.prefs of the first version are moved into these once)

A summary: {"id", "game", "names", "kinds", "to_move" (seat or null), "moves", "over", "winners",
"played" (ms since 1970), "mode": "ai" | "device" | "link", "scenario": name (only a scenario)}.
Every value read back is checked (`is_summary`: numbers in range, texts and lists of bounded size),
here and by the picker (assets/yourgames.js, which reads them without Python;
tests/test_js_units.py runs both over the same values): a damaged index is rebuilt from the slots,
and a slot whose summary is damaged gets a new one from its match.

Nothing here overwrites another match: every match has its own id; a link of a known match only
adds the sender's moves, and one that goes back, another way, or plays a seat of this device is a
question for the player (`Library.arrival`). Only finished matches are pruned automatically,
oldest first, when the store is full or holds more than KEEP_FINISHED; the page says so
(`pruned`).

One writer: a match may be open in several tabs, each with a Library over the same store. Each
slot counts its writes ("rev"); a Library writes only over the count it last read or wrote
(`save` raises Conflict otherwise), so a tab that is behind never overwrites another tab's moves
and a slot deleted on the picker is never written back. The page then lets that tab take over
by reading the slot again (`load`).
"""

import contextlib
import json
import re
from collections.abc import Callable
from typing import Any, Protocol

from game.core import registry
from game.core.contract import BadData
from game.core.handover import DEVICE_KEY_BYTES, SEAT_LIMIT, match_key
from game.core.jsontext import JSONTextError, load_json
from game.core.links import unpack
from game.core.match import Match
from game.core.savefile import (
    MATCH_ID,
    SCENARIO_NAME,
    SEAT_KINDS,
    SaveError,
    check_keys,
    check_match_id,
    check_seats,
    is_move,
)

DEVICE_KEY = "bgt.device"
INDEX_KEY = "bgt.games"
PREFS_PREFIX = "bgt.prefs."
SLOT_PREFIX = "bgt.game."
BACKUP_PREFIX = "bgt.backup."
KEEP_FINISHED = 40  # finished matches kept (games in progress are never pruned)
MODES = ("ai", "device", "link")
# What a stored summary may hold (assets/yourgames.js LIMITS has the same numbers).
MAX_SEATS = 8  # names per game (no game here seats more than 5)
MAX_NAME = 40  # characters of a name (as a save's seat names)
MAX_MOVES = 20_000  # moves of one game (a save holds at most 20,000 entries)
MAX_GAMES = 10_000  # summaries in the index: more than fit (a game takes 600+ of ~5M characters)
PLAYED = (946_684_800_000, 7_258_118_400_000)  # 2000-01-01 and 2200-01-01, in ms since 1970
SLOT_VERSIONS = (1, 2)
_DEVICE_HEX = re.compile(r"[0-9a-f]{64}")


class StoreFull(Exception):
    """The store refused a write (quota reached, or storage switched off)."""


class Conflict(Exception):
    """A save that would overwrite what another tab wrote ("taken": the slot was written since
    this Library read it) or bring back a match deleted meanwhile ("gone")."""

    def __init__(self, match_id: str, reason: str) -> None:
        super().__init__(f"{match_id}: {reason}")
        self.match_id = match_id
        self.reason = reason


class Store(Protocol):
    """What the library needs of localStorage."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, text: str) -> None: ...  # raises StoreFull when refused
    def remove(self, key: str) -> None: ...
    def all_keys(self) -> list[str]: ...


class MemoryStore:
    """A Store in a dict, with an optional size limit (tests; pages where storage is off)."""

    def __init__(self, limit: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.limit = limit

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, text: str) -> None:
        if self.limit is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(text) > self.limit:
                raise StoreFull(key)
        self.data[key] = text

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def all_keys(self) -> list[str]:
        return list(self.data)


def mode_of(match: Match, from_link: bool = False) -> str:
    """How a match is played: by link (opened from or sent as a link), against the computer, or
    by people at one device."""
    if from_link or not all(is_move(entry) for entry in match.log):
        return "link"
    if any(seat["kind"] == "ai" for seat in match.seats):
        return "ai"
    return "device"


def summarise(match: Match, played: int, mode: str) -> dict[str, Any]:
    summary: dict[str, Any] = {
        "id": match.id,
        "game": match.game.id,
        "names": [seat["name"] for seat in match.seats],
        "kinds": [seat["kind"] for seat in match.seats],
        "to_move": match.current_player(),
        "moves": len(match.moves),
        "over": match.is_over(),
        "winners": match.game.winners(match.state),
        "played": played,
        "mode": mode,
    }
    if match.scenario is not None:
        summary["scenario"] = match.scenario
    return summary


def compare(stored: Match, arriving: Match) -> str:
    """How an arriving match relates to the stored one of the same id: "same", "extends" (the
    stored one continued by other devices only: take it), "plays_yours" (it continues the stored
    one with moves or hand-overs for a seat this device plays: nobody else may make them),
    "older" (a link from before the stored position) or "diverges" (another way from a common
    start, or the same moves under other names): the last three are the player's to decide."""
    mine, theirs = stored.log, arriving.log
    if theirs[: len(mine)] == mine:
        verdict = "same" if len(theirs) == len(mine) else "extends"
        added = range(len(mine), len(theirs))
        if any(arriving.made_by(k) in stored.local for k in added):
            verdict = "plays_yours"
    elif mine[: len(theirs)] == theirs:
        verdict = "older"
    else:
        verdict = "diverges"
    if stored.seats != arriving.seats and verdict in ("same", "extends"):
        verdict = "diverges"  # the same moves under other names: not simply newer
    return verdict


class Library:
    def __init__(self, store: Store, now: Callable[[], int], device: bytes | None = None) -> None:
        self.store = store
        self.now = now
        self.device = device  # this device's key (`device_key`), given to every match loaded
        self.problems: list[str] = []  # backup keys of damaged data found (the page says so once)
        self.revisions: dict[str, int] = {}  # match id -> the slot's "rev" this Library knows
        self.pruned: list[dict[str, Any]] = []  # summaries of finished games pruned, to announce

    def device_key(self, fresh: Callable[[], bytes]) -> bytes:
        """This device's key (bgt.device), made once from `fresh()` (32 random bytes from the
        browser); a damaged one goes to a backup and a new one is made (the games whose hand-
        overs it made then say their luck was re-dealt, as with a key lost). Kept in `device`."""
        text = self.store.get(DEVICE_KEY)
        if text is not None and not _DEVICE_HEX.fullmatch(text):
            self.backup(DEVICE_KEY, text, "not a device key")
            text = None
        if text is None:
            key = fresh()
            if not isinstance(key, bytes) or len(key) != DEVICE_KEY_BYTES:
                raise BadData("a device key is 32 bytes")
            text = key.hex()
            with contextlib.suppress(StoreFull):  # not kept: a new key on the next visit
                self.store.set(DEVICE_KEY, text)
        self.device = bytes.fromhex(text)
        return self.device

    # ---- reading ------------------------------------------------------------------------------
    def _read(self, key: str) -> Any:
        """The JSON value at `key`, None when absent; damaged text is moved to a backup."""
        text = self.store.get(key)
        if text is None:
            return None
        try:
            return load_json(text)
        except JSONTextError as e:
            self.backup(key, text, str(e))
            return None

    def summaries(self) -> list[dict[str, Any]]:
        """Every match kept here, most recently played first. A damaged index is rebuilt from
        the slots (each slot keeps its own summary)."""
        index = self._read(INDEX_KEY)
        listed = index.get("games") if isinstance(index, dict) else None
        if (
            not isinstance(listed, list)
            or len(listed) > MAX_GAMES
            or not all(is_summary(s) for s in listed)
        ):
            if index is not None:
                self.backup(INDEX_KEY, self.store.get(INDEX_KEY) or "", "not a list of games")
            listed = self._rebuild()
        present = {
            key[len(SLOT_PREFIX) :] for key in self.store.all_keys() if key.startswith(SLOT_PREFIX)
        }
        return sorted((s for s in listed if s["id"] in present), key=lambda s: -s["played"])

    def _rebuild(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        for key in sorted(self.store.all_keys()):
            if key.startswith(SLOT_PREFIX):
                slot = self._read(key)
                summary = slot.get("summary") if isinstance(slot, dict) else None
                if (
                    isinstance(summary, dict)
                    and is_summary(summary)
                    and summary["id"] == key[len(SLOT_PREFIX) :]
                ):
                    found.append(summary)
                elif slot is not None:
                    found += self._summarise_again(key[len(SLOT_PREFIX) :])
        with contextlib.suppress(StoreFull):  # the index is a cache: read around it next time
            self._write_index(found)
        return found

    def _summarise_again(self, match_id: str) -> list[dict[str, Any]]:
        """A slot whose summary is damaged: the text goes to a backup, and the match, when it
        loads, comes back with a new summary ([] when it does not: `load` backed it up)."""
        key = SLOT_PREFIX + match_id
        try:
            match, _, mode = self.load(match_id)
        except SaveError:
            return []
        text = self.store.get(key) or ""
        self.backup(key, text, "the summary was damaged; the game is kept")
        summary = summarise(match, self._played(), mode)
        slot = {**load_json(text), "summary": summary, "rev": self.revisions[match_id] + 1}
        try:
            self.store.set(key, json.dumps(slot, ensure_ascii=False))
        except StoreFull:
            return []  # no room: the backup holds it
        self.revisions[match_id] += 1
        return [summary]

    def _played(self) -> int:
        """Now, for a summary, as a date every reader accepts (a device's clock can be wrong)."""
        return min(max(int(self.now()), PLAYED[0]), PLAYED[1])

    def load(self, match_id: str) -> tuple[Match, dict[str, Any], str]:
        """(match, ui state, mode) of a stored match. A damaged slot is moved to a backup and
        SaveError is raised (the caller tells the player; nothing else is touched)."""
        key = SLOT_PREFIX + match_id
        slot = self._read(key)
        if slot is None:
            raise SaveError("this game is no longer stored here", key="library.gone")
        try:
            if not isinstance(slot, dict) or slot.get("v") not in SLOT_VERSIONS:
                raise SaveError("the stored game is from another version", key="load.damaged")
            local, keys = slot_seats(slot)
            link: Any = slot.get("link")  # read_link refuses anything but a link's text
            match = Match.from_link(link, None, self.device, local, keys)
            if match.id != match_id:
                raise SaveError("the stored game has another id", key="load.damaged")
            ui = screen_state(slot.get("ui")) or {}
            summary = slot.get("summary")
            mode = summary.get("mode") if isinstance(summary, dict) else None
            self.revisions[match_id] = slot_revision(slot)
            return match, ui, mode if mode in MODES else mode_of(match)
        except SaveError as e:
            self.backup(key, self.store.get(key) or "", str(e))
            self._drop_from_index(match_id)
            raise

    def read_link(self, text: str, undo: str | None = None) -> Match:
        """The match a link holds (SaveError when it cannot be read), opened with the seats
        this device plays in it when it is kept here: what this device played and has not
        handed over yet is dealt with its own keys (so its own link reopens), and moves for
        those seats without their reveal are refused. Then `arrival` says where it goes."""
        save = unpack(text).save
        local: list[int] = []
        keys: dict[int, bytes] = {}
        slot = self._read(SLOT_PREFIX + save["id"]) if _is_match_id(save.get("id")) else None
        if isinstance(slot, dict):
            with contextlib.suppress(SaveError):
                stored = unpack(slot.get("link")).save
                if (stored["game"], stored["setup"]) == (save["game"], save["setup"]):
                    local, keys = slot_seats(slot)
        return Match.from_link(text, undo, self.device, local, keys)

    def find(self, match_id: str | None) -> dict[str, Any] | None:
        return next((s for s in self.summaries() if s["id"] == match_id), None)

    def latest(self, game_id: str) -> dict[str, Any] | None:
        """The summary of the most recently played match of a game still in progress."""
        return next((s for s in self.summaries() if s["game"] == game_id and not s["over"]), None)

    def arrival(
        self, match: Match, new_id: Callable[[], str]
    ) -> tuple[str, tuple[Match, dict[str, Any], str] | None]:
        """Where a match arriving by link or file goes, as (verdict, stored (match, ui, mode)):
        "new" (no match here has its id: it gets a slot of its own), "same" (open the stored
        one), "extends" (the stored one played on by other devices: keep the arriving one in its
        slot; it now plays this device's seats, dealing what waits for them), "plays_yours",
        "older" or "diverges" (the player decides: keep the stored one, or the arriving one as
        a copy: `compare`). An arriving match without an id, or with the id of another game or
        set-up here, is "new" with a fresh id: nothing ever overwrites another game."""
        if match.id is None or self.find(match.id) is None:
            match.id = match.id or new_id()
            return "new", None
        try:
            stored = self.load(match.id)
        except SaveError:  # a damaged slot went to a backup: the id is free again
            return "new", None
        other = stored[0]
        if other.game.id != match.game.id or other.setup != match.setup:
            match.id = new_id()
            return "new", None
        verdict = compare(other, match)
        if verdict in ("same", "extends"):
            match.attach(other.local, {**match.keys, **other.keys})
        return verdict, stored

    # ---- writing ------------------------------------------------------------------------------
    def save(self, match: Match, ui: dict[str, Any], mode: str) -> bool:
        """Keep `match` in its slot (it must have an id). False when the store refused even after
        pruning finished matches: the caller keeps playing in memory and says so. Conflict when
        another tab wrote the slot since this Library read or wrote it, or it was deleted."""
        if match.id is None:
            raise BadData("a match needs an id to be kept")
        rev = self.writable(match.id)
        summary = summarise(match, self._played(), mode)
        own = match_key(self.device, match.id) if self.device is not None else None
        keys = {str(s): k.hex() for s, k in sorted(match.keys.items()) if k != own}
        slot = {"v": 2, "link": match.to_link(), "ui": ui, "summary": summary}
        slot.update(local=match.local, keys=keys, rev=rev + 1)
        text = json.dumps(slot, ensure_ascii=False)
        listed = [s for s in self.summaries() if s["id"] != match.id]
        for attempt in range(2):
            try:
                self.store.set(SLOT_PREFIX + match.id, text)
                self.revisions[match.id] = rev + 1
                self._write_index([summary, *listed])
                return True
            except StoreFull:
                if attempt or not self.prune(room=True):
                    return False
                listed = [s for s in self.summaries() if s["id"] != match.id]
        return False

    def writable(self, match_id: str) -> int:
        """The slot's write count now, when this Library may write over it (it knows that
        count; 0: a match new here); Conflict otherwise."""
        text = self.store.get(SLOT_PREFIX + match_id)
        known = self.revisions.get(match_id)
        if text is None:
            if known is not None:
                raise Conflict(match_id, "gone")
            return 0
        try:
            now = slot_revision(load_json(text))
        except JSONTextError:
            now = -1  # damaged: only its own reader (`load`) may set it aside
        if known is None or now != known:
            raise Conflict(match_id, "taken")
        return now

    def _write_index(self, summaries: list[dict[str, Any]]) -> None:
        text = json.dumps({"v": 1, "games": summaries}, ensure_ascii=False)
        self.store.set(INDEX_KEY, text)

    def _drop_from_index(self, match_id: str) -> None:
        index = self._read(INDEX_KEY)
        listed = index.get("games") if isinstance(index, dict) else None
        if isinstance(listed, list):
            kept = [s for s in listed if not (isinstance(s, dict) and s.get("id") == match_id)]
            with contextlib.suppress(StoreFull):  # the index is a cache: summaries() drops gaps
                self._write_index(kept)

    def delete(self, match_id: str) -> str | None:
        """Remove a match; returns its slot text so that the page can offer to bring it back."""
        key = SLOT_PREFIX + match_id
        text = self.store.get(key)
        self.store.remove(key)
        self._drop_from_index(match_id)
        return text

    def undelete(self, match_id: str, text: str) -> bool:
        """Put back a match `delete` removed (its slot text)."""
        check_match_id(match_id)
        try:
            self.store.set(SLOT_PREFIX + match_id, text)
            slot = load_json(text)
            self._write_index([slot["summary"], *self.summaries()])
        except (StoreFull, JSONTextError, KeyError, TypeError):
            return False
        return True

    def prune(self, room: bool = False) -> bool:
        """Remove finished matches beyond KEEP_FINISHED, oldest first (with `room`: at least the
        oldest finished one, to make room). True when anything was removed."""
        finished = [s for s in self.summaries() if s["over"]]
        keep = min(KEEP_FINISHED, len(finished) - 1) if room else KEEP_FINISHED
        doomed = finished[max(keep, 0) :]
        for summary in doomed:
            self.store.remove(SLOT_PREFIX + summary["id"])
            self.pruned.append(summary)
        if doomed:
            gone = {s["id"] for s in doomed}
            with contextlib.suppress(StoreFull):
                self._write_index([s for s in self.summaries() if s["id"] not in gone])
        return bool(doomed)

    # ---- preferences and the first version's keys --------------------------------------------
    def prefs(self, game_id: str) -> dict[str, Any]:
        """The new-game form's last choices for a game, checked; damaged ones go to a backup."""
        key = PREFS_PREFIX + game_id
        value = self._read(key)
        if value is None:
            return {}
        try:
            if not isinstance(value, dict):
                raise SaveError("preferences are not an object")
            hints, seats = value.get("hints", True), value.get("seats")
            if not isinstance(hints, bool):
                raise SaveError("the hints preference is not true or false")
            if seats is not None:
                seats = check_seats(seats, len(seats) if isinstance(seats, list) else -1)
            return {"hints": hints, "seats": seats}
        except SaveError as e:
            self.backup(key, self.store.get(key) or "", str(e))
            return {}

    def set_prefs(self, game_id: str, prefs: dict[str, Any]) -> bool:
        try:
            self.store.set(PREFS_PREFIX + game_id, json.dumps(prefs, ensure_ascii=False))
        except StoreFull:
            return False
        return True

    def migrate(self, game_ids: list[str], new_id: Callable[[], str]) -> None:
        """Move the first version's per-game autosave and preferences into this layout (once;
        damaged ones go to a backup, like any damaged data)."""
        for game_id in game_ids:
            old_prefs = f"bgt.{game_id}.prefs"
            text = self.store.get(old_prefs)
            if text is not None:
                with contextlib.suppress(StoreFull):  # no room: moved on a later start
                    self.store.set(PREFS_PREFIX + game_id, text)
                    self.store.remove(old_prefs)
            old = f"bgt.{game_id}.autosave"
            text = self.store.get(old)
            if text is None:
                continue
            try:
                saved = load_json(text)
                if not isinstance(saved, dict) or saved.get("format") != 1:
                    raise SaveError("not an autosave of the first version")
                save = saved.get("save")
                if not isinstance(save, dict) or save.get("game") != game_id:
                    raise SaveError("the autosave holds another game")
                match = Match.from_save({**save, "id": new_id()})
                ui = screen_state(saved.get("ui", {}))
                if not self.save(match, ui or {}, mode_of(match)):
                    continue  # no room: the old autosave stays and moves on a later start
                if ui is None:
                    self.backup(old, text, "the screen state was damaged; the game is kept")
                else:
                    self.store.remove(old)
            except (JSONTextError, SaveError) as e:
                self.backup(old, text, str(e))

    def backup(self, key: str, text: str, why: str) -> str:
        """Move damaged data aside under a backup key (kept for a bug report) and remember it."""
        backup_key = f"{BACKUP_PREFIX}{self.now()}.{len(self.problems)}"
        record = json.dumps({"key": key, "why": why, "text": text[:200_000], "at": self.now()})
        try:
            self.store.set(backup_key, record)
            self.store.remove(key)
        except StoreFull:
            backup_key = key  # no room for a copy: the damaged text stays where it was
        self.problems.append(backup_key)
        return backup_key

    def problem_report(self) -> str:
        """The damaged data found so far, as one JSON text for a bug report."""
        found = []
        for key in self.problems:
            text = self.store.get(key)
            if text is not None:
                found.append({"key": key, "stored": text})
        return json.dumps({"damaged": found}, ensure_ascii=False, indent=1)


def slot_seats(slot: dict[str, Any]) -> tuple[list[int], dict[int, bytes]]:
    """The seats this device plays in a kept match, and the match keys kept for some of them
    (a slot of "v": 1: none); SaveError when they are damaged."""
    local = slot.get("local", [])
    if not isinstance(local, list) or not all(type(seat) is int for seat in local):
        raise SaveError("the stored game's seats are damaged", key="load.damaged")
    return local, check_keys(slot.get("keys"), SEAT_LIMIT)  # the match checks the seats


def slot_revision(slot: Any) -> int:
    """How many times a slot was written ("rev"; 0 in slots from before it was counted, and
    in damaged ones: `load` sets those aside)."""
    rev = slot.get("rev") if isinstance(slot, dict) else None
    return rev if type(rev) is int and 0 < rev < 2**53 else 0


def _is_match_id(value: Any) -> bool:
    try:
        return check_match_id(value) is not None
    except SaveError:
        return False


def screen_state(value: Any) -> dict[str, bool] | None:
    """What a slot keeps of the screen: whether a summary was open (the board says again which).
    The first version kept the summary itself (None, a round number or a word). None when the
    value is damaged."""
    if not isinstance(value, dict) or set(value) - {"summary"}:
        return None
    summary = value.get("summary")
    if summary is not None and not isinstance(summary, bool | int | str):
        return None
    return {"summary": summary not in (None, False)}


def _whole(value: Any, low: int, high: int) -> bool:
    """A JSON number without a fraction, from low to high (2.0 counts: JavaScript cannot tell it
    from 2)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if isinstance(value, float) and not value.is_integer():  # also NaN and the infinities
        return False
    return low <= value <= high


def _text(value: Any, most: int) -> bool:
    return isinstance(value, str) and 0 < len(value) <= most


def is_summary(value: Any) -> bool:
    """Whether a stored summary holds what the picker can show (assets/yourgames.js isSummary
    says the same of the same values)."""
    if not isinstance(value, dict):
        return False
    names, kinds, winners = value.get("names"), value.get("kinds"), value.get("winners")
    if not isinstance(names, list) or not 0 < len(names) <= MAX_SEATS:
        return False
    last_seat = len(names) - 1
    return (
        all(_text(name, MAX_NAME) for name in names)
        and isinstance(value.get("id"), str)
        and MATCH_ID.fullmatch(value["id"]) is not None
        and value.get("game") in registry.ids()
        and isinstance(kinds, list)
        and len(kinds) == len(names)
        and all(kind in SEAT_KINDS for kind in kinds)
        and "to_move" in value
        and (value["to_move"] is None or _whole(value["to_move"], 0, last_seat))
        and _whole(value.get("moves"), 0, MAX_MOVES)
        and isinstance(value.get("over"), bool)
        and isinstance(winners, list)
        and len(winners) <= len(names)
        and all(_whole(seat, 0, last_seat) for seat in winners)
        and _whole(value.get("played"), *PLAYED)
        and value.get("mode") in MODES
        and ("scenario" not in value or _scenario(value["scenario"]))
    )


def _scenario(value: Any) -> bool:
    """A scenario's name as a save holds it (game/core/savefile.py SCENARIO_NAME)."""
    return isinstance(value, str) and SCENARIO_NAME.fullmatch(value) is not None
