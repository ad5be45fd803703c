"""Fair chance in link play, by commit and reveal (docs/links.md, "Fair chance in link play").

A device holds a random device key; per match it derives a match key (`match_key`), the only key
that ever leaves the device (in Save to file). For each seat S it plays and S's j-th hand-over,
the match key gives a secret `s(S,j)`, its commitment `c(S,j)` (a hash: written at once, the
secret stays home) and `bits(S,j)` (written at once, fresh to every other device, the same on
this device: sharing one position twice gives the same entry).

A **hand-over entry** in a match's log: `{"handover": {"seat", "commit", "bits", "reveal"?,
"joins"?}}`, one per seat the sharing device plays; the entries of one share form a *group*
("joins": true on every entry after a group's first). "reveal" is `s(S,j-1)`, absent on a seat's
first hand-over.

**A deal.** A turn that waits for its deal (Game.to_deal) belongs to a *chain*: the seat to move,
or for a computer seat the person who played last before it (the same device runs it). It may be
dealt once the chain's latest commitment c(S,j) is followed by a later group holding a seat that
was not in c(S,j)'s group (another device), and is dealt at the first point of the log where that
holds, with `deal_key` of S's secret and the bits of those entries. Every device replays the deal
with the secret S reveals in its next hand-over and checks it against c(S,j): a mismatch is told
to everyone ("luck re-dealt"), never silent, and the revealed secret deals.
"""

import bisect
import hashlib
import hmac
import itertools
import re
from typing import Any, NamedTuple

from .contract import JSON, BadData

DEVICE_KEY_BYTES = 32
SEAT_LIMIT = 64  # seats are numbers below this (a game has far fewer)
SECRET_BYTES = 16
BITS_BYTES = 8
_HEX = re.compile(r"[0-9a-f]*")


# ---- derivations ------------------------------------------------------------------------------
def _hmac(key: bytes, text: str) -> bytes:
    return hmac.new(key, text.encode(), hashlib.sha256).digest()


def match_key(device_key: bytes, match_id: str) -> bytes:
    """The key of one match on one device (32 bytes): what Save to file carries."""
    if not isinstance(device_key, bytes) or len(device_key) != DEVICE_KEY_BYTES:
        raise BadData("a device key is 32 bytes")
    return _hmac(device_key, "bgt match " + match_id)


def secret(key: bytes, seat: int, j: int) -> bytes:
    """Seat `seat`'s secret for its j-th hand-over, from its match key."""
    return _hmac(key, f"secret/{seat}/{j}")[:SECRET_BYTES]


def commitment(revealed: bytes) -> bytes:
    """The hash that binds a secret before it is revealed."""
    return hashlib.sha256(b"bgt commit" + revealed).digest()[:SECRET_BYTES]


def bits(key: bytes, seat: int, j: int) -> bytes:
    """The bits seat `seat` adds to others' deals with its j-th hand-over."""
    return _hmac(key, f"bits/{seat}/{j}")[:BITS_BYTES]


def deal_key(seat: int, chain: int, j: int, ply: int, revealed: bytes, others: list[bytes]) -> int:
    """The key of one deal (Game.deal): the turn of `seat` at move number `ply`, dealt on the
    chain of seat `chain` with its secret for hand-over j and the later bits of other devices.
    The match is not named: the secrets already belong to it, and a copy of a match opened under
    a new id must replay the same deals."""
    digest = hashlib.sha256(f"bgt deal/{seat}/{chain}/{j}/{ply}/".encode() + revealed)
    for part in others:
        digest.update(part)
    return int.from_bytes(digest.digest()[:16], "big")


# ---- hand-over entries --------------------------------------------------------------------------
class HandOver(NamedTuple):
    """One hand-over entry of a match's log (see the module's text)."""

    seat: int
    commit: bytes
    bits: bytes
    reveal: bytes | None
    joins: bool  # written by the same share as the entry before it

    def to_json(self) -> dict[str, JSON]:
        body: dict[str, JSON] = {
            "seat": self.seat,
            "commit": self.commit.hex(),
            "bits": self.bits.hex(),
        }
        if self.reveal is not None:
            body["reveal"] = self.reveal.hex()
        if self.joins:
            body["joins"] = True
        return {"handover": body}


def is_handover(entry: Any) -> bool:
    return isinstance(entry, dict) and "handover" in entry


def _hex(value: Any, size: int, what: str) -> bytes:
    if not isinstance(value, str) or len(value) != 2 * size or not _HEX.fullmatch(value):
        raise BadData(f"a hand-over's {what} is {2 * size} hexadecimal digits")
    return bytes.fromhex(value)


def read_handover(entry: Any) -> HandOver:
    """The hand-over an entry holds; BadData for anything else."""
    body = entry.get("handover") if isinstance(entry, dict) and len(entry) == 1 else None
    if not isinstance(body, dict) or set(body) - {"seat", "commit", "bits", "reveal", "joins"}:
        raise BadData("not a hand-over entry")
    seat, joins = body.get("seat"), body.get("joins", False)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEAT_LIMIT:
        raise BadData("a hand-over names its seat by number")
    if joins is not True and joins is not False:
        raise BadData("a hand-over's joins is true or absent")
    reveal = body.get("reveal")
    return HandOver(
        seat,
        _hex(body.get("commit"), SECRET_BYTES, "commitment"),
        _hex(body.get("bits"), BITS_BYTES, "bits"),
        None if reveal is None else _hex(reveal, SECRET_BYTES, "revealed secret"),
        joins,
    )


def make_handover(key: bytes, seat: int, j: int, joins: bool) -> HandOver:
    """Seat `seat`'s j-th hand-over from its match key: it reveals the secret of hand-over j-1."""
    revealed = secret(key, seat, j - 1) if j else None
    return HandOver(seat, commitment(secret(key, seat, j)), bits(key, seat, j), revealed, joins)


# ---- the hand-overs of one log --------------------------------------------------------------------
class Commit(NamedTuple):
    """A hand-over entry as the ledger knows it."""

    at: int  # its place in the log
    j: int  # the seat's how-many-th hand-over
    group: int  # which share wrote it (0, 1, ... in log order)
    entry: HandOver


class Deal(NamedTuple):
    """How one waiting turn was dealt (Match.deals)."""

    seat: int  # whose turn
    chain: int  # whose secret dealt it
    j: int  # the chain's hand-over whose secret it was
    ply: int  # moves played before it
    key: int
    local: bool  # dealt with this device's own key (not yet revealed)
    kept: bool  # that key matched the chain's commitment (a revealed secret: checked apart)


class Redealt(NamedTuple):
    """A seat's luck dealt with a secret that does not match its commitment: told to all."""

    at: int  # the log entry it is told at (the reveal; or the deal, on the device itself)
    seat: int
    cause: str  # "reveal": a revealed secret broke its commitment; "key": this device lost it


class Ledger:
    """What the hand-over entries of a log say, in log order. It only grows: nothing ever takes
    back a hand-over (undo stops there)."""

    def __init__(self) -> None:
        self.commits: list[Commit] = []
        self.indices: list[int] = []  # the log index of each of `commits`
        self.by_seat: dict[int, list[Commit]] = {}
        self.group_seats: list[tuple[int, ...]] = []
        self.others: list[int] = []  # log indices of the other entries that are no move (entropy)

    def add(self, index: int, entry: HandOver, joins_previous_entry: bool) -> Commit:
        """Record the hand-over at log `index`; BadData when it breaks the form of a group (the
        seats of one share in rising order, each seat's first entry without a reveal, every later
        one with it). `joins_previous_entry`: the log entry just before is a hand-over."""
        if entry.joins:
            last = self.commits[-1] if self.commits else None
            if not joins_previous_entry or last is None or last.entry.seat >= entry.seat:
                raise BadData("a hand-over joins a share it does not follow")
            group = last.group
            self.group_seats[group] += (entry.seat,)
        else:
            group = len(self.group_seats)
            self.group_seats.append((entry.seat,))
        mine = self.by_seat.setdefault(entry.seat, [])
        if (entry.reveal is None) != (not mine):
            raise BadData("a seat reveals its secret at every hand-over but its first")
        commit = Commit(index, len(mine), group, entry)
        mine.append(commit)
        self.commits.append(commit)
        self.indices.append(index)
        return commit

    def note_other(self, index: int) -> None:
        """Record an entry at log `index` that is no move and no hand-over (an entropy event)."""
        self.others.append(index)

    def first(self) -> int | None:
        """The log index of the match's first hand-over (keyed play from there on)."""
        return self.commits[0].at if self.commits else None

    def count(self, seat: int) -> int:
        return len(self.by_seat.get(seat, ()))

    def not_moves_before(self, upto: int) -> int:
        """How many entries before log index `upto` are no move."""
        return bisect.bisect_left(self.indices, upto) + bisect.bisect_left(self.others, upto)

    def latest(self, seat: int, upto: int) -> Commit | None:
        """`seat`'s latest hand-over before log index `upto`."""
        mine = self.by_seat.get(seat, [])
        if not mine or mine[-1].at < upto:  # the common case: the seat's last hand-over
            return mine[-1] if mine else None
        at = bisect.bisect_left([c.at for c in mine], upto)
        return mine[at - 1] if at else None

    def later_bits(self, commit: Commit, upto: int) -> list[bytes]:
        """The bits a deal on `commit` takes: every hand-over before `upto` in a later group, of
        a seat that was not in `commit`'s group (another device)."""
        mates = self.group_seats[commit.group]
        start = bisect.bisect_right(self.indices, commit.at)
        stop = bisect.bisect_left(self.indices, upto)
        return [
            c.entry.bits
            for c in self.commits[start:stop]
            if c.group != commit.group and c.entry.seat not in mates
        ]

    def revealed(self, commit: Commit) -> bytes | None:
        """The secret of `commit`, revealed by its seat's next hand-over (None: not yet)."""
        mine = self.by_seat[commit.entry.seat]
        return mine[commit.j + 1].entry.reveal if commit.j + 1 < len(mine) else None

    def broken(self) -> list[Redealt]:
        """Every reveal that does not match the commitment it answers."""
        out = []
        for seat_commits in self.by_seat.values():
            for before, after in itertools.pairwise(seat_commits):
                if commitment(after.entry.reveal or b"") != before.entry.commit:
                    out.append(Redealt(after.at, after.entry.seat, "reveal"))
        return sorted(out)

    def last_group_seats(self, upto: int) -> tuple[int, ...]:
        """The seats of the group that ends right at log index `upto` (else ())."""
        if not self.commits or self.commits[-1].at != upto - 1:
            return ()
        return self.group_seats[self.commits[-1].group]
