"""Save files and links.

A save is `{"format": 1, "game": id, "setup": {players, seed, options}, "moves": [move JSON...]}`
plus, optionally, `"seats": [{"name", "kind", "level"}...]`. Loading replays every move through
`apply`, so a damaged or hand-edited file fails at the first bad move, named by its number.

A link packs a save into a URL-safe string: version character "1", then base64url of a raw
DEFLATE stream holding a JSON header and each move as its index in `legal_moves` (varints).
Indices make links short (a 4-player Thurn und Taxis game fits in well under 4,000 characters);
the price is that the order of `legal_moves` is part of the link format, which a golden-link
test pins.
"""

import base64
import json
import zlib
from typing import Any

from . import registry
from .contract import BadData, IllegalMove, canonical_json

SAVE_FORMAT = 1
LINK_VERSION = "1"
SEAT_KINDS = ("human", "ai")


class SaveError(BadData):
    """A save or link that cannot be loaded; `step` is the 1-based move number, or None."""

    def __init__(self, message, step=None):
        super().__init__(message)
        self.step = step


def make_save(game_id, setup, moves, seats=None):
    save = {"format": SAVE_FORMAT, "game": game_id, "setup": setup, "moves": list(moves)}
    if seats is not None:
        save["seats"] = seats
    return save


def check_seats(seats, players):
    """Validated seat list (name, kind, level) or SaveError."""
    if not isinstance(seats, list) or len(seats) != players:
        raise SaveError(f"the save must name {players} seats")
    out = []
    for k, seat in enumerate(seats, 1):
        if not isinstance(seat, dict):
            raise SaveError(f"seat {k} is not an object")
        name, kind, level = seat.get("name"), seat.get("kind", "human"), seat.get("level")
        if not isinstance(name, str) or not 0 < len(name) <= 40:
            raise SaveError(f"seat {k} needs a name of 1 to 40 characters")
        if kind not in SEAT_KINDS:
            raise SaveError(f"seat {k} must be a human or an ai player")
        if level is not None and not isinstance(level, str):
            raise SaveError(f"seat {k} has an unknown level")
        out.append({"name": name, "kind": kind, "level": level})
    return out


def read_save(obj):
    """(game, setup, moves, seats) from a save object, shape-checked; SaveError otherwise."""
    if not isinstance(obj, dict):
        raise SaveError("this is not a saved game (expected a JSON object)")
    if "format" not in obj:
        raise SaveError("this is not a saved game (no format number)")
    if obj["format"] != SAVE_FORMAT:
        raise SaveError(
            f"unknown save format {obj['format']!r}: this site reads format {SAVE_FORMAT}"
        )
    try:
        game = registry.get(obj["game"] if isinstance(obj.get("game"), str) else "")
    except BadData as e:
        raise SaveError(f"the save is for {e}") from None
    setup, moves = obj.get("setup"), obj.get("moves")
    if not isinstance(setup, dict):
        raise SaveError("the save has no setup")
    if not isinstance(moves, list):
        raise SaveError("the save has no move list")
    try:
        players, seed, options = game.check_setup(
            setup.get("players"), setup.get("seed"), setup.get("options")
        )
    except BadData as e:
        raise SaveError(f"bad setup: {e}") from None
    seats = check_seats(obj["seats"], players) if obj.get("seats") is not None else None
    return game, {"players": players, "seed": seed, "options": options}, moves, seats


def replay(game, setup, moves):
    """All states from the start through every move; SaveError naming the first bad move."""
    try:
        state = game.new(**setup)
    except BadData as e:
        raise SaveError(f"bad setup: {e}") from None
    states = [state]
    for step, move in enumerate(moves, 1):
        try:
            state = game.apply(state, move)
        except IllegalMove as e:
            raise SaveError(
                f"move {step} ({canonical_json(move)[:60]}) is not legal: {e}", step
            ) from None
        states.append(state)
    return states


def load_text(text):
    """A save object from the text of a file; SaveError for anything that is not JSON."""
    try:
        return json.loads(text)
    except ValueError as e:
        raise SaveError(f"the file is not valid JSON (it may be cut short): {e}") from None


# ---- links ------------------------------------------------------------------------------------
def _varint(n, out):
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def _read_varint(data, pos):
    n = shift = 0
    while True:
        if pos >= len(data):
            raise SaveError("the link is cut short")
        byte = data[pos]
        pos += 1
        n |= (byte & 0x7F) << shift
        if byte < 0x80:
            return n, pos
        shift += 7
        if shift > 63:
            raise SaveError("the link is damaged")


def _move_index(game, state, move_json, step):
    moves = game.legal_moves(state)
    wanted = canonical_json(move_json)
    for index, move in enumerate(moves):
        if canonical_json(move.to_json()) == wanted:
            return index
    # an equivalent form (e.g. a look-alike rotation): find the listed move with the same result
    target = canonical_json(game.to_json(game.apply(state, move_json)))
    for index, move in enumerate(moves):
        if canonical_json(game.to_json(game.apply(state, move))) == target:
            return index
    raise SaveError(f"move {step} is not legal", step)


def encode_link(save):
    """A URL-safe string for a save (checked by replaying it)."""
    game, setup, moves, seats = read_save(save)
    header = {"g": game.id, "s": setup, "n": seats}
    out = bytearray()
    head = canonical_json(header).encode()
    _varint(len(head), out)
    out += head
    state = game.new(**setup)
    for step, move in enumerate(moves, 1):
        _varint(_move_index(game, state, move, step), out)
        state = game.apply(state, move)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(bytes(out)) + packer.flush()
    return LINK_VERSION + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def decode_link(text):
    """The save a link holds; SaveError for a damaged or foreign link."""
    if not isinstance(text, str) or not text:
        raise SaveError("the link holds no game")
    if text[0] != LINK_VERSION:
        raise SaveError("this link was made by a different version of the site")
    try:
        raw = base64.urlsafe_b64decode(text[1:] + "=" * (-len(text[1:]) % 4))
        data = zlib.decompress(raw, -15)
    except (ValueError, zlib.error):
        raise SaveError("the link is damaged (it may have been cut short when copied)") from None
    size, pos = _read_varint(data, 0)
    try:
        header = json.loads(data[pos : pos + size].decode())
        game_id, setup, seats = header["g"], header["s"], header["n"]
    except (ValueError, KeyError, TypeError):
        raise SaveError("the link is damaged") from None
    pos += size
    game, setup, _, seats = read_save(make_save(game_id, setup, [], seats))
    state = game.new(**setup)
    moves: list[Any] = []
    while pos < len(data):
        index, pos = _read_varint(data, pos)
        legal = game.legal_moves(state)
        if index >= len(legal):
            raise SaveError(f"the link is damaged at move {len(moves) + 1}", len(moves) + 1)
        moves.append(legal[index].to_json())
        state = game.apply(state, legal[index])
    return make_save(game.id, setup, moves, seats)
