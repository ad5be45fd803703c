"""Play-by-link: a whole save packed into a URL-safe string.

Version "2" (written now): the character "2", then base64url of a raw DEFLATE stream holding a
varint-sized JSON header `{"g": game id, "s": setup, "n": seats, "i": match id, "u": undo}` and
then one item per log entry:

    varint(k + 1)           the move at index k of `legal_moves` in the position reached
    0, 8 bytes big-endian   an entropy event (64 bits mixed in by the browser that handed over)

Version "1" (first release: no match id, no entropy events, item = varint(k)) still opens.
Indices make links short (a 4-player Thurn und Taxis game fits in well under 4,000 characters);
the price is that the order of `legal_moves` is part of the link format, which the golden-link
test pins for both versions.
"""

import base64
import zlib
from typing import Any

from .contract import Game, canonical_json
from .jsontext import JSONTextError, load_json
from .savefile import (
    MAX_ENTRIES,
    SaveError,
    apply_entry,
    entropy_bits,
    is_entropy,
    make_save,
    read_save,
)

LINK_VERSION = "2"
MAX_LINK_CHARS = 200_000  # a finished 4-player game is ~1,000; anything near this is not a link
MAX_UNPACKED = 1_000_000  # bytes a link may unpack to (a tiny link must not unpack to gigabytes)


def _varint(n: int, out: bytearray) -> None:
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def _read_varint(data: bytes, pos: int) -> tuple[int, int]:
    n = shift = 0
    while True:
        if pos >= len(data):
            raise SaveError("the link is cut short", key="link.damaged")
        byte = data[pos]
        pos += 1
        n |= (byte & 0x7F) << shift
        if byte < 0x80:
            return n, pos
        shift += 7
        if shift > 63:
            raise SaveError("the link is damaged", key="link.damaged")


def _move_index(game: Game, state: Any, move_json: Any, step: int) -> int:
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
    raise SaveError(f"move {step} is not legal", step, key="load.move", params={"n": step})


def _item(game: Game, state: Any, entry: Any, step: int) -> bytes:
    """One log entry's bytes: the index of its move in `state`, or an entropy event."""
    out = bytearray()
    if is_entropy(entry):
        out.append(0)
        out += entropy_bits(entry).to_bytes(8, "big")
    else:
        _varint(_move_index(game, state, entry, step) + 1, out)
    return bytes(out)


def _pack(header: dict, items: list[bytes]) -> str:
    out = bytearray()
    head = canonical_json(header).encode()
    _varint(len(head), out)
    out += head
    for item in items:
        out += item
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(bytes(out)) + packer.flush()
    return LINK_VERSION + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def _header(game_id: str, setup: Any, seats: Any, match_id: Any, undo: Any) -> dict:
    header = {"g": game_id, "s": setup, "n": seats, "i": match_id}
    if undo is not None:
        header["u"] = undo
    return header


def encode_link(save: dict) -> str:
    """A URL-safe string for a save (checked by replaying it)."""
    parts = read_save(save)
    game = parts.game
    state = game.new(**parts.setup)
    items = []
    for step, entry in enumerate(parts.entries, 1):
        items.append(_item(game, state, entry, step))
        state = apply_entry(game, state, entry)
    header = _header(game.id, parts.setup, parts.seats, parts.match_id, parts.undo)
    return _pack(header, items)


class LinkWriter:
    """Writes the link of one growing match again and again (a match writes it after every
    move to keep itself): the bytes of the log entries already written are kept while the log
    still starts with them, so a move costs one search of the legal moves, not a replay."""

    def __init__(self, log: list[Any] | None = None, items: list[bytes] | None = None) -> None:
        self._log: list[Any] = list(log or [])
        self._items: list[bytes] = list(items or [])

    def write(
        self,
        game: Game,
        header: tuple[Any, Any, Any, Any],
        log: list[Any],
        states: list[Any],
    ) -> str:
        """The link of a match: `header` is (setup, seats, match id, undo), `states[k]` the
        position before log entry k (both checked when the match was made)."""
        keep = 0
        while keep < min(len(log), len(self._log)) and log[keep] == self._log[keep]:
            keep += 1
        items = self._items[:keep]
        for k in range(keep, len(log)):
            items.append(_item(game, states[k], log[k], k + 1))
        self._log, self._items = list(log), items
        return _pack(_header(game.id, *header), items)


def _unpack(text: str) -> bytes:
    body = text[1:]
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj(-15)
        data = unpacker.decompress(raw, MAX_UNPACKED)
    except (ValueError, zlib.error):
        raise SaveError(
            "the link is damaged (it may have been cut short when copied)", key="link.damaged"
        ) from None
    if unpacker.unconsumed_tail:
        raise SaveError("the link holds more than a game", key="link.damaged")
    return data


def decode_link(text: Any) -> dict:
    """The save a link holds; SaveError for a damaged, foreign or hostile link."""
    return read_link(text)[0]


def read_link(text: Any) -> tuple[dict, LinkWriter]:
    """The save a link holds, and a LinkWriter that knows its entries already (the match made
    from it writes only what is played next); SaveError as decode_link."""
    if not isinstance(text, str) or not text:
        raise SaveError("the link holds no game", key="link.empty")
    if len(text) > MAX_LINK_CHARS:
        raise SaveError("the link is far too long to be a game", key="link.damaged")
    version = text[0]
    if version not in ("1", "2"):
        raise SaveError("this link was made by a different version of the site", key="link.version")
    data = _unpack(text)
    size, pos = _read_varint(data, 0)
    try:
        header = load_json(data[pos : pos + size])
        game_id, setup, seats = header["g"], header["s"], header["n"]
        match_id, undo = header.get("i"), header.get("u")
    except (JSONTextError, KeyError, TypeError, AttributeError):
        raise SaveError("the link is damaged", key="link.damaged") from None
    pos += size
    parts = read_save(make_save(game_id, setup, [], seats, match_id, undo))
    game = parts.game
    state = game.new(**parts.setup)
    entries: list[Any] = []
    items: list[bytes] = []  # each entry as a version-2 link writes it
    while pos < len(data):
        step = len(entries) + 1
        if step > MAX_ENTRIES:
            raise SaveError("the link holds more than a game", key="link.damaged")
        item, pos = _read_varint(data, pos)
        if version == "2" and item == 0:
            if pos + 8 > len(data):
                raise SaveError("the link is cut short", key="link.damaged")
            entry: Any = {"entropy": data[pos : pos + 8].hex()}
            items.append(data[pos - 1 : pos + 8])
            pos += 8
        else:
            index = item - 1 if version == "2" else item
            legal = game.legal_moves(state)
            if index >= len(legal):
                raise SaveError(
                    f"the link is damaged at move {step}",
                    step,
                    key="link.damaged_at",
                    params={"n": step},
                )
            entry = legal[index].to_json()
            written = bytearray()
            _varint(index + 1, written)
            items.append(bytes(written))
        entries.append(entry)
        state = apply_entry(game, state, entry)
    save = make_save(game.id, parts.setup, entries, parts.seats, parts.match_id, parts.undo)
    return save, LinkWriter(entries, items)
