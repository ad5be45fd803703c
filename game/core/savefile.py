"""Save files: a match's set-up and its log, replayed through the rules on loading.

A save (format 3) is

    {"format": 3, "game": id, "id": match id or absent,
     "setup": {"players", "seed", "options", "scenario" (only in a scenario)},
     "seats": [{"name", "kind", "level"}...] (optional), "undo": policy (optional),
     "moves": [entry...], "keys": {"seat": 64 hex digits} (only in files written by Save)}

where each entry of "moves" is a move's JSON, a hand-over entry (game.core.handover: link play's
commitments, bits and reveals) or, in games begun before hand-overs existed, an entropy event
`{"entropy": 16 hex digits}` (64 bits folded into the state's generator, `Game.mix_entropy`).
"keys" are the match keys of the seats the saving device played, so that the game can move to
another device. Formats 1 (no id, no entropy events) and 2 (no hand-overs) still load; an option
they do not name takes the game's `legacy_defaults`. docs/links.md describes every format.

Loading replays every entry (game.core.match), so a damaged or hand-edited file fails at the
first bad one, named by its number. Every error is a SaveError whose text is English and whose
`key`/`params` name a sentence of the translation table (assets/strings.json), so the page can
say it in the player's language.
"""

import re
from typing import Any

from . import registry
from .ai.search import PLAYER_LEVELS
from .contract import JSON, BadData, Game
from .handover import Ledger, is_handover, read_handover
from .jsontext import JSONTextError, load_json

SAVE_FORMAT = 3
READS_FORMATS = (1, 2, 3)
SEAT_KINDS = ("human", "ai")
UNDO_POLICIES = ("strict", "free")
MAX_ENTRIES = 20_000  # the longest real game has a few thousand entries
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{6,32}")
_HEX16 = re.compile(r"[0-9a-f]{16}")
_HEX64 = re.compile(r"[0-9a-f]{64}")
SCENARIO_NAME = re.compile(r"[^\x00-\x1f\x7f]{1,60}")


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


# ---- log entries ---------------------------------------------------------------------------------
def entropy_event(bits: int) -> dict[str, str]:
    """The log entry of 64 fresh random bits mixed into the state's generator (link version 2)."""
    return {"entropy": format(bits, "016x")}


def is_entropy(entry: Any) -> bool:
    return isinstance(entry, dict) and "entropy" in entry


def is_move(entry: Any) -> bool:
    """A log entry that is a move (not an entropy event nor a hand-over)."""
    return not (is_entropy(entry) or is_handover(entry))


def entropy_bits(entry: dict) -> int:
    text = entry.get("entropy")
    if len(entry) != 1 or not isinstance(text, str) or not _HEX16.fullmatch(text):
        raise SaveError("an entropy event holds 16 hexadecimal digits", key="load.damaged")
    return int(text, 16)


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


def check_scenario(game: Game, scenario: Any, options: dict[str, JSON]) -> str | None:
    """The scenario's name, checked: a set-up whose options fix the order of chance (a deck,
    piles: `Game.fixed_chance_options`) must be a named scenario, so that no link or save can
    fix the luck of an ordinary game. SaveError otherwise."""
    if scenario is not None and (
        not isinstance(scenario, str) or not SCENARIO_NAME.fullmatch(scenario)
    ):
        raise SaveError("a scenario's name is 1 to 60 characters", key="load.setup")
    fixed = [n for n in game.fixed_chance_options if options[n] != game.options[n].default]
    if fixed and scenario is None:
        raise SaveError(
            f"the option {fixed[0]!r} fixes the order of chance, which only a named scenario may",
            key="load.scenario",
        )
    return scenario


def check_keys(keys: Any, players: int) -> dict[int, bytes]:
    """The match keys of a save written by Save to file: {"seat": 64 hex digits}."""
    if keys is None:
        return {}
    if not isinstance(keys, dict) or len(keys) > players:
        raise SaveError("the save's keys are damaged", key="load.damaged")
    out = {}
    for seat, text in keys.items():
        if (
            not isinstance(seat, str)
            or not seat.isdigit()
            or not int(seat) < players
            or not isinstance(text, str)
            or not _HEX64.fullmatch(text)
        ):
            raise SaveError("the save's keys are damaged", key="load.damaged")
        out[int(seat)] = bytes.fromhex(text)
    return out


def make_save(
    game_id: str,
    setup: dict[str, JSON],
    entries: list[JSON],
    seats: list[dict] | None = None,
    match_id: str | None = None,
    undo: str | None = None,
    keys: dict[int, bytes] | None = None,
    format: int = SAVE_FORMAT,
) -> dict[str, JSON]:
    save: dict[str, JSON] = {"format": format, "game": game_id}
    if match_id is not None:
        save["id"] = match_id
    save["setup"] = setup
    if seats is not None:
        save["seats"] = seats
    if undo is not None:
        save["undo"] = undo
    save["moves"] = list(entries)
    if keys:
        save["keys"] = {str(seat): key.hex() for seat, key in sorted(keys.items())}
    return save


class SaveParts:
    """A save, shape-checked (not yet replayed)."""

    def __init__(self, game, setup, entries, seats, match_id, undo, keys, ledger):
        self.game: Game = game
        self.setup: dict[str, JSON] = setup  # players, seed, options (+ scenario)
        self.entries: list[JSON] = entries
        self.seats: list[dict] | None = seats
        self.match_id: str | None = match_id
        self.undo: str | None = undo
        self.keys: dict[int, bytes] = keys
        self.ledger: Ledger = ledger  # what its hand-overs say


def read_save(obj: Any) -> SaveParts:
    """The parts of a save object, shape-checked; SaveError otherwise. The entries are checked
    as far as they can be without replaying them (hand-overs: their form and their number)."""
    if not isinstance(obj, dict):
        raise SaveError("this is not a saved game (expected a JSON object)", key="load.not_save")
    if "format" not in obj:
        raise SaveError("this is not a saved game (no format number)", key="load.not_save")
    version = obj["format"]
    if version not in READS_FORMATS or isinstance(version, bool):
        raise SaveError(
            f"unknown save format {str(version)[:10]}: this site reads formats 1 to 3",
            key="load.format",
        )
    game = find_game(obj.get("game"))
    setup, entries = obj.get("setup"), obj.get("moves")
    if not isinstance(setup, dict):
        raise SaveError("the save has no setup", key="load.damaged")
    if not isinstance(entries, list) or len(entries) > MAX_ENTRIES:
        raise SaveError("the save has no move list", key="load.damaged")
    options = setup.get("options")
    if version < 3 and isinstance(options, dict):  # what those versions played by
        options = {**game.legacy_defaults, **options}
    elif version < 3 and options is None:
        options = dict(game.legacy_defaults)
    try:
        players, seed, options = game.check_setup(setup.get("players"), setup.get("seed"), options)
    except BadData as e:
        raise SaveError(f"bad setup: {e}", key="load.setup") from None
    scenario = check_scenario(game, setup.get("scenario"), options)
    seats = check_seats(obj["seats"], players) if obj.get("seats") is not None else None
    undo = obj.get("undo")
    if undo is not None and undo not in UNDO_POLICIES:
        raise SaveError(f"unknown undo setting {str(undo)[:20]!r}", key="load.damaged")
    match_id = check_match_id(obj.get("id"))
    if version == 1 and any(is_entropy(e) for e in entries):
        raise SaveError("a format-1 save holds no entropy events", key="load.damaged")
    if version < 3 and any(is_handover(e) for e in entries):
        raise SaveError(f"a format-{version} save holds no hand-overs", key="load.damaged")
    humans = [k for k, seat in enumerate(seats or []) if seat["kind"] == "human"]
    ledger = check_handovers(entries, humans if seats else list(range(players)), match_id)
    keys = check_keys(obj.get("keys"), players) if version == 3 else {}
    full_setup = {"players": players, "seed": seed, "options": options}
    if scenario is not None:
        full_setup["scenario"] = scenario
    return SaveParts(game, full_setup, entries, seats, match_id, undo, keys, ledger)


def check_handover_count(moves: int, counts: dict[Any, int]) -> None:
    """Per seat at most one hand-over per move plus two (the invitation round: an answer, and
    bits for a seat that answered last); `counts`: the hand-overs of each seat."""
    if counts and max(counts.values()) > moves + 2:
        raise SaveError(f"more hand-overs than {moves} moves allow", key="load.handovers")


def check_handovers(entries: list[Any], humans: list[int], match_id: str | None) -> Ledger:
    """The ledger of a log's hand-overs, checked before anything is replayed: each one well
    formed, for a person's seat, in a group of its own share; no entropy event after the first
    (a keyed game has no generator to fold bits into); and not more than `check_handover_count`
    allows, so that a short save holding thousands of hand-overs is refused at once."""
    ledger = Ledger()
    counts: dict[Any, int] = {}
    for entry in entries:
        if is_handover(entry):
            seat = entry["handover"].get("seat") if isinstance(entry["handover"], dict) else None
            if not isinstance(seat, int):  # read_handover refuses it below, with its place
                seat = None
            counts[seat] = counts.get(seat, 0) + 1
    check_handover_count(sum(1 for entry in entries if is_move(entry)), counts)
    for index, entry in enumerate(entries):
        if is_entropy(entry):
            if ledger.first() is not None:
                raise SaveError("entropy after a hand-over", index + 1, key="load.damaged")
            ledger.note_other(index)
            continue
        if not is_handover(entry):
            continue
        try:
            handover = read_handover(entry)
            if handover.seat not in humans:
                raise BadData("only a person's seat hands a game over")
            ledger.add(index, handover, index > 0 and is_handover(entries[index - 1]))
        except BadData as e:
            raise SaveError(f"entry {index + 1}: {e}", index + 1, key="load.damaged") from None
    if ledger.first() is not None and match_id is None:
        raise SaveError("a game handed over needs its id", key="load.damaged")
    return ledger


def load_text(text: str | bytes) -> Any:
    """A save object from the text of a file; SaveError for anything that is not JSON (also
    for text too large or nested too deep to parse safely)."""
    try:
        return load_json(text)
    except JSONTextError as e:
        raise SaveError(f"the file cannot be read: {e}", key="load.not_json") from None
