"""Save files: a match's set-up and its log, replayed through the rules on loading.

A save (format 2) is

    {"format": 2, "game": id, "id": match id or absent, "setup": {players, seed, options},
     "seats": [{"name", "kind", "level"}...] (optional), "undo": policy (optional),
     "moves": [entry...]}

where each entry of "moves" is a move's JSON or an entropy event `{"entropy": 16 hex digits}`:
64 fresh random bits the browser that handed the game over folded into the state's generator
(`Game.mix_entropy`, DESIGN.md §2a). Format 1 (no id, no entropy events) still loads. Loading
replays every entry, so a damaged or hand-edited file fails at the first bad one, named by its
number.

Every error is a SaveError whose text is English and whose `key`/`params` name a sentence of the
translation table (assets/strings.json), so the page can say it in the player's language.
"""

import re
from typing import Any

from . import registry
from .ai.search import PLAYER_LEVELS
from .contract import JSON, BadData, Game, IllegalMove, canonical_json
from .jsontext import JSONTextError, load_json

SAVE_FORMAT = 2
READS_FORMATS = (1, 2)
SEAT_KINDS = ("human", "ai")
UNDO_POLICIES = ("strict", "free")
MAX_ENTRIES = 20_000  # the longest real game has a few thousand entries
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{6,32}")
_HEX16 = re.compile(r"[0-9a-f]{16}")


class SaveError(BadData):
    """A save or link that cannot be loaded. `step` is the 1-based entry number (or None);
    `key` and `params` name the message in the translation table."""

    def __init__(
        self,
        message: str,
        step: int | None = None,
        key: str = "load.bad",
        params: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.step = step
        self.key = key
        self.params = {"reason": message, **(params or {})}


# ---- entropy events -----------------------------------------------------------------------------
def entropy_event(bits: int) -> dict[str, str]:
    """The log entry of 64 fresh random bits mixed into the state's generator."""
    return {"entropy": format(bits, "016x")}


def is_entropy(entry: Any) -> bool:
    return isinstance(entry, dict) and "entropy" in entry


def entropy_bits(entry: dict) -> int:
    text = entry.get("entropy")
    if len(entry) != 1 or not isinstance(text, str) or not _HEX16.fullmatch(text):
        raise SaveError("an entropy event holds 16 hexadecimal digits", key="load.damaged")
    return int(text, 16)


def apply_entry(game: Game, state: Any, entry: Any) -> Any:
    """The state after one log entry: a move, or entropy mixed in."""
    if is_entropy(entry):
        return game.mix_entropy(state, entropy_bits(entry))
    return game.apply(state, entry)


# ---- checking the parts of a save ---------------------------------------------------------------
def check_seats(seats: Any, players: int) -> list[dict[str, Any]]:
    """Validated seat list (name, kind, level) or SaveError."""
    if not isinstance(seats, list) or len(seats) != players:
        raise SaveError(f"the save must name {players} seats", key="load.seats")
    out = []
    for k, seat in enumerate(seats, 1):
        if not isinstance(seat, dict):
            raise SaveError(f"seat {k} is not an object", key="load.seats")
        name, kind, level = seat.get("name"), seat.get("kind", "human"), seat.get("level")
        if not isinstance(name, str) or not 0 < len(name) <= 40:
            raise SaveError(
                f"seat {k} needs a name of 1 to 40 characters",
                key="load.seat_name",
                params={"n": k},
            )
        if kind not in SEAT_KINDS:
            raise SaveError(f"seat {k} must be a human or an ai player", key="load.seats")
        if kind == "ai" and level is None:
            level = "medium"  # saves of the first version could leave it out
        if kind == "ai" and level not in PLAYER_LEVELS:
            raise SaveError(
                f"seat {k} plays at an unknown computer level {level!r} "
                f"(known: {', '.join(PLAYER_LEVELS)})",
                key="load.level",
                params={"n": k, "level": str(level)[:20]},
            )
        out.append({"name": name, "kind": kind, "level": level if kind == "ai" else None})
    return out


def check_match_id(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not MATCH_ID.fullmatch(value):
        raise SaveError("the game's id is damaged", key="load.damaged")
    return value


def find_game(game_id: Any) -> Game:
    try:
        return registry.get(game_id)
    except BadData:
        raise SaveError(
            f"the save is for a game this site does not have ({str(game_id)[:30]!r})",
            key="load.unknown_game",
            params={"game": str(game_id)[:30]},
        ) from None


def make_save(
    game_id: str,
    setup: dict[str, JSON],
    entries: list[JSON],
    seats: list[dict] | None = None,
    match_id: str | None = None,
    undo: str | None = None,
) -> dict[str, JSON]:
    save: dict[str, JSON] = {"format": SAVE_FORMAT, "game": game_id}
    if match_id is not None:
        save["id"] = match_id
    save["setup"] = setup
    if seats is not None:
        save["seats"] = seats
    if undo is not None:
        save["undo"] = undo
    save["moves"] = list(entries)
    return save


class SaveParts:
    """A save, shape-checked (not yet replayed)."""

    def __init__(self, game, setup, entries, seats, match_id, undo):
        self.game: Game = game
        self.setup: dict[str, JSON] = setup
        self.entries: list[JSON] = entries
        self.seats: list[dict] | None = seats
        self.match_id: str | None = match_id
        self.undo: str | None = undo


def read_save(obj: Any) -> SaveParts:
    """The parts of a save object, shape-checked; SaveError otherwise."""
    if not isinstance(obj, dict):
        raise SaveError("this is not a saved game (expected a JSON object)", key="load.not_save")
    if "format" not in obj:
        raise SaveError("this is not a saved game (no format number)", key="load.not_save")
    if obj["format"] not in READS_FORMATS or isinstance(obj["format"], bool):
        raise SaveError(
            f"unknown save format {str(obj['format'])[:10]}: this site reads formats 1 and 2",
            key="load.format",
        )
    game = find_game(obj.get("game"))
    setup, entries = obj.get("setup"), obj.get("moves")
    if not isinstance(setup, dict):
        raise SaveError("the save has no setup", key="load.damaged")
    if not isinstance(entries, list) or len(entries) > MAX_ENTRIES:
        raise SaveError("the save has no move list", key="load.damaged")
    try:
        players, seed, options = game.check_setup(
            setup.get("players"), setup.get("seed"), setup.get("options")
        )
    except BadData as e:
        raise SaveError(f"bad setup: {e}", key="load.setup") from None
    seats = check_seats(obj["seats"], players) if obj.get("seats") is not None else None
    undo = obj.get("undo")
    if undo is not None and undo not in UNDO_POLICIES:
        raise SaveError(f"unknown undo setting {str(undo)[:20]!r}", key="load.damaged")
    match_id = check_match_id(obj.get("id"))
    if obj["format"] == 1 and any(is_entropy(e) for e in entries):
        raise SaveError("a format-1 save holds no entropy events", key="load.damaged")
    full_setup = {"players": players, "seed": seed, "options": options}
    return SaveParts(game, full_setup, entries, seats, match_id, undo)


def replay(game: Game, setup: dict[str, JSON], entries: list[JSON]) -> list[Any]:
    """All states from the start through every entry; SaveError naming the first bad one."""
    try:
        state = game.new(**setup)
    except BadData as e:
        raise SaveError(f"bad setup: {e}", key="load.setup") from None
    states = [state]
    for step, entry in enumerate(entries, 1):
        try:
            state = apply_entry(game, state, entry)
        except (IllegalMove, BadData) as e:
            raise SaveError(
                f"move {step} ({canonical_json(entry)[:60]}) is not legal: {e}",
                step,
                key="load.move",
                params={"n": step},
            ) from None
        states.append(state)
    return states


def load_text(text: str | bytes) -> Any:
    """A save object from the text of a file; SaveError for anything that is not JSON (also
    for text too large or nested too deep to parse safely)."""
    try:
        return load_json(text)
    except JSONTextError as e:
        raise SaveError(f"the file cannot be read: {e}", key="load.not_json") from None
