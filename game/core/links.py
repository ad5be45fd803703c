"""Play-by-link: a whole match packed into a URL-safe string (docs/links.md, "Links").

Version "3" (written now): the character "3", then base64url of a raw DEFLATE stream holding a
varint-sized JSON header `{"g": game id, "s": setup, "n": seats, "i": match id, "u": undo}` and
then one item per log entry:

    varint(k + 2)           the move at index k of `legal_moves` in the position reached
    1, hand-over            varint seat, a flags byte (bit 0: a reveal follows; bit 1: the entry
                            joins the share of the entry before), 16-byte commitment, 8-byte
                            bits, and the 16-byte revealed secret when bit 0 is set
    0, 8 bytes big-endian   an entropy event (games begun before hand-overs existed)

Version "2" (items `varint(k + 1)` and entropy events) and version "1" (the first release: no
match id, items `varint(k)`) still open. Indices make links short (a 4-player Thurn und Taxis
game's moves fit in well under 4,000 characters; a hand-over adds 27 or 43 bytes); the price is
that the order of `legal_moves` is part of the link format, which the golden links pin for every
version.

Reading a link (`unpack`) only parses it; the match replays it (game.core.match), after the
checks that need no replay (game.core.savefile.read_save).
"""

import base64
import zlib
from typing import Any, NamedTuple

from .contract import Game, canonical_json
from .handover import BITS_BYTES, SEAT_LIMIT, SECRET_BYTES, HandOver, is_handover, read_handover
from .jsontext import JSONTextError, load_json
from .savefile import (
    MAX_ENTRIES,
    SaveError,
    check_handover_count,
    entropy_bits,
    is_entropy,
    make_save,
)

LINK_VERSION = "3"
READS_VERSIONS = ("1", "2", "3")
MAX_LINK_CHARS = 200_000  # a finished 4-player game is ~1,000; anything near this is not a link
MAX_UNPACKED = 1_000_000  # bytes a link may unpack to (a tiny link must not unpack to gigabytes)
_REVEALS, _JOINS = 1, 2  # a hand-over item's flags


class Index(int):
    """A move given by its place in `legal_moves` (a link's item), until the match replays it."""


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


def _handover_item(entry: HandOver) -> bytes:
    out = bytearray([1])
    _varint(entry.seat, out)
    out.append((_REVEALS if entry.reveal is not None else 0) | (_JOINS if entry.joins else 0))
    out += entry.commit + entry.bits + (entry.reveal or b"")
    return bytes(out)


def _move_item(index: int) -> bytes:
    out = bytearray()
    _varint(index + 2, out)
    return bytes(out)


def _item(game: Game, state: Any, entry: Any, step: int) -> bytes:
    """One log entry's bytes: the index of its move in `state` (the position before it, dealt
    when its turn was dealt), a hand-over or an entropy event."""
    if is_handover(entry):
        return _handover_item(read_handover(entry))
    if is_entropy(entry):
        return b"\0" + entropy_bits(entry).to_bytes(8, "big")
    return _move_item(_move_index(game, state, entry, step))


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


class Unpacked(NamedTuple):
    """A link parsed without replaying it."""

    save: dict  # a save whose moves are `Index` values (format 1, 2 or 3, as the link's version)
    items: list[bytes]  # each entry as a version-3 link writes it


def _inflate(text: str) -> bytes:
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


def _read_handover(item: bytes) -> HandOver:
    """The hand-over a version-3 item holds (its bounds already checked)."""
    seat, pos = _read_varint(item, 1)
    flags = item[pos]
    commit = item[pos + 1 : pos + 1 + SECRET_BYTES]
    bits = item[pos + 1 + SECRET_BYTES : pos + 1 + SECRET_BYTES + BITS_BYTES]
    reveal = item[pos + 1 + SECRET_BYTES + BITS_BYTES :] if flags & _REVEALS else None
    if seat >= SEAT_LIMIT:
        raise SaveError("the link is damaged", key="link.damaged")
    return HandOver(seat, commit, bits, reveal, bool(flags & _JOINS))


def unpack(text: Any) -> Unpacked:
    """The save a link holds, its moves as `Index` values, parsed but not replayed; SaveError
    for a damaged, foreign or hostile link."""
    if not isinstance(text, str) or not text:
        raise SaveError("the link holds no game", key="link.empty")
    if len(text) > MAX_LINK_CHARS:
        raise SaveError("the link is far too long to be a game", key="link.damaged")
    version = text[0]
    if version not in READS_VERSIONS:
        raise SaveError("this link was made by a different version of the site", key="link.version")
    data = _inflate(text)
    size, pos = _read_varint(data, 0)
    try:
        header = load_json(data[pos : pos + size])
        game_id, setup, seats = header["g"], header["s"], header["n"]
        match_id, undo = header.get("i"), header.get("u")
    except (JSONTextError, KeyError, TypeError, AttributeError):
        raise SaveError("the link is damaged", key="link.damaged") from None
    pos += size
    first_move = {"1": 0, "2": 1, "3": 2}[version]  # the item of the move at index 0
    spans: list[tuple[int, int, int]] = []  # (item, its start, its end): a pass building nothing
    moves, hand_overs = 0, dict[int, int]()
    while pos < len(data):
        if len(spans) >= MAX_ENTRIES:
            raise SaveError("the link holds more than a game", key="link.damaged")
        start = pos
        item, pos = _read_varint(data, pos)
        if item >= first_move:
            moves += 1
        elif item == 0:
            pos += 8
        else:
            seat, flags_at = _read_varint(data, pos)
            if flags_at >= len(data) or data[flags_at] & ~(_REVEALS | _JOINS):
                raise SaveError("the link is damaged", key="link.damaged")
            size = SECRET_BYTES + BITS_BYTES + (SECRET_BYTES if data[flags_at] & _REVEALS else 0)
            pos = flags_at + 1 + size
            hand_overs[seat] = hand_overs.get(seat, 0) + 1
        if pos > len(data):
            raise SaveError("the link is cut short", key="link.damaged")
        spans.append((item, start, pos))
    check_handover_count(moves, hand_overs)  # before anything is built or replayed
    entries: list[Any] = []
    items: list[bytes] = []
    for item, start, end in spans:
        if item >= first_move:
            entries.append(Index(item - first_move))
            items.append(_move_item(item - first_move))
            continue
        if item == 0:
            entries.append({"entropy": data[end - 8 : end].hex()})
        else:
            entries.append(_read_handover(data[start:end]).to_json())
        items.append(data[start:end])
    save = make_save(game_id, setup, entries, seats, match_id, undo, format=int(version))
    return Unpacked(save, items)
