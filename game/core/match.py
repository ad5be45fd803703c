"""A match: one game being played by named seats, with its log, undo/redo, saves and links.

The log holds the moves and, between them, hand-over entries: what a device writes when it
shares the game by link (game.core.handover; docs/links.md, "Fair chance in link play"). The first hand-over
makes the game keyed (`Game.keyed`): from there on every turn waits for its deal, and the match
deals it, at the first point of the log where the rule allows, with the key of the seat's chain:
its secret (this device's own key for the seats it plays, `local`, else the secret the seat
revealed later in the log) and the bits of the other devices. Games begun before hand-overs
existed may hold entropy events (link version 2), replayed as they were.

`states[k]` is the position before log entry k (dealt, when its turn was dealt by then), so
`states[-1]` is the position now; `deals[k]` is the deal made right after entry k, if any.

Undo policies:
  "strict"  (default, fair against the computer): only moves of the player still to move, within
            their own turn, and only while no hidden or random information was revealed since
            (`Game.undoable`).
  "free"    (friends on one device): any move may be taken back; undo steps back to the last
            decision of a human seat.
Neither takes back anything before a hand-over: what was sent is sent.
"""

from collections.abc import Iterable
from typing import Any, NamedTuple

from . import handover, registry
from .contract import JSON, BadData, Game, IllegalMove
from .handover import Deal, HandOver, Ledger, Redealt, read_handover
from .links import Index, LinkWriter, unpack
from .savefile import (
    UNDO_POLICIES,
    SaveError,
    check_match_id,
    check_scenario,
    check_seats,
    entropy_bits,
    is_entropy,
    is_handover,
    is_move,
    make_save,
    read_save,
)


class Waiting(NamedTuple):
    """What the match waits for, as seen from this device (`Match.waiting`):

    "over"       the game is over (seat None);
    "play"       `seat` moves now, here: a person at this device, or a computer this device runs;
    "answer"     `seat` has not handed over yet: this device answers for it before anyone can
                 be dealt (`hand_over([*local, seat])`): a link game starts with one round of
                 answers;
    "share"      this device has something the game needs (its moves, or bits for the turn of
                 `seat`): share the link (`hand_over()`), then send it to `seat`;
    "elsewhere"  the game goes on at the device of `seat` (None: no device can go on);
    "claim"      the game waits for `seat`, whose key is on another device, and this device plays
                 nobody here: `claim(seat)` plays that seat here, its luck re-dealt for all to see.
    """

    status: str
    seat: int | None


def default_seats(players: int) -> list[dict[str, Any]]:
    return [{"name": f"Player {k + 1}", "kind": "human", "level": None} for k in range(players)]


class Match:
    def __init__(
        self,
        game_id: str,
        players: int = 2,
        seed: int = 0,
        options: dict | None = None,
        seats: list[dict] | None = None,
        undo: str = "strict",
        match_id: str | None = None,
        scenario: str | None = None,
        device: bytes | None = None,
    ) -> None:
        """A new match. `scenario`: its name, needed when the options fix the order of chance;
        `device`: this device's key (a link game's hand-overs derive from it)."""
        self.game: Game = registry.get(game_id)
        players, seed, options = self.game.check_setup(players, seed, options)
        if undo not in UNDO_POLICIES:
            raise BadData(f"unknown undo policy {undo!r}")
        self.setup: dict[str, JSON] = {"players": players, "seed": seed, "options": options}
        if check_scenario(self.game, scenario, options) is not None:
            self.setup["scenario"] = scenario
        self._id = check_match_id(match_id)
        self.seats = check_seats(seats, players) if seats is not None else default_seats(players)
        self.undo_policy = undo
        self.device = device
        self.local: list[int] = []  # the seats this device plays (a link game's own seats)
        self.keys: dict[int, bytes] = {}  # match keys of local seats not derived from `device`
        self.link_writer = LinkWriter()
        self._start(Ledger())

    def _start(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.log: list[JSON] = []  # moves (their JSON), hand-overs and entropy events, in order
        self.states: list[Any] = [self.game.new(*self._new_args())]
        self.deals: list[Deal | None] = []
        self.redo_stack: list[JSON] = []  # undone moves, most recent last

    def _new_args(self) -> tuple[int, int, dict]:
        return self.setup["players"], self.setup["seed"], self.setup["options"]

    # ---- the position -------------------------------------------------------------------------
    @property
    def id(self) -> str | None:
        return self._id

    @id.setter
    def id(self, value: str | None) -> None:
        """A new id (a copy opened apart): the local seats keep the keys they committed with."""
        for seat in self.local:
            if seat not in self.keys and self.device is not None and self._id is not None:
                self.keys[seat] = handover.match_key(self.device, self._id)
        self._id = check_match_id(value)

    @property
    def scenario(self) -> str | None:
        """The name of the scenario this match was started as (fixed piles or decks), or None."""
        return self.setup.get("scenario")

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def moves(self) -> list[JSON]:
        """The moves played so far (the log without its hand-overs and entropy events)."""
        return [entry for entry in self.log if is_move(entry)]

    def current_player(self) -> int | None:
        return self.game.current_player(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def mover(self, k: int) -> int | None:
        """The seat that made log entry k (None for a hand-over or an entropy event)."""
        if not is_move(self.log[k]):
            return None
        return self.game.current_player(self.states[k])

    def made_by(self, k: int) -> int | None:
        """The person whose device wrote log entry k: the mover, for a computer's move the
        person whose device runs it (its chain), for a hand-over its seat."""
        entry = self.log[k]
        if is_handover(entry):
            return entry["handover"]["seat"]
        mover = self.mover(k)
        if mover is None or self._human(mover):
            return mover
        return self._chain(k)

    def is_keyed(self) -> bool:
        """True once the game was handed over with commit and reveal (link play)."""
        return self.ledger.first() is not None

    def _human(self, seat: int) -> bool:
        return self.seats[seat]["kind"] == "human"

    # ---- keyed chance -------------------------------------------------------------------------
    def key_of(self, seat: int) -> bytes | None:
        """The match key this device holds for `seat` (None when it does not play that seat)."""
        if seat not in self.local:
            return None
        if seat in self.keys:
            return self.keys[seat]
        if self.device is None or self._id is None:
            return None
        return handover.match_key(self.device, self._id)

    def _chain(self, upto: int) -> int | None:
        """Whose chain deals a computer's turn at log index `upto`: the person who moved last
        before it (their device runs it), else the one who handed over first (the creator)."""
        for k in range(upto - 1, -1, -1):
            if is_move(self.log[k]):
                mover = self.game.current_player(self.states[k])
                if mover is not None and self._human(mover):
                    return mover
        first = self.ledger.commits[0] if self.ledger.commits else None
        return first.entry.seat if first is not None else None

    def _deal(self, state: Any, upto: int) -> Deal | None:
        """How the turn waiting in `state` (after the first `upto` log entries) is dealt here, or
        None when it cannot be: its chain's latest commitment is not yet followed by another
        device's share, or its secret is neither revealed in the log nor this device's."""
        seat = self.game.to_deal(state)
        if seat is None:
            return None
        chain = seat if self._human(seat) else self._chain(upto)
        commit = self.ledger.latest(chain, upto) if chain is not None else None
        if commit is None:
            return None
        revealed, kept, key = self.ledger.revealed(commit), True, None
        if revealed is None:
            key = self.key_of(commit.entry.seat)
            if key is None:
                return None
            revealed = handover.secret(key, commit.entry.seat, commit.j)
            kept = handover.commitment(revealed) == commit.entry.commit
        others = self.ledger.later_bits(commit, upto)
        if not others:
            return None
        ply = upto - self.ledger.not_moves_before(upto)
        deal_key = handover.deal_key(seat, commit.entry.seat, commit.j, ply, revealed, others)
        return Deal(seat, commit.entry.seat, commit.j, ply, deal_key, key is not None, kept)

    def _settle(self, since: int | None = None) -> None:
        """Deal the turn that waits now at the first point of the log where it can be dealt here
        (from log index `since` on; default: wherever it began to wait)."""
        if self.game.to_deal(self.state) is None:
            return
        upto = len(self.log) if since is None else since
        if since is None:  # the turn began to wait after the last move (or at the first hand-over)
            keyed_at = (self.ledger.first() or 0) + 1
            while upto > keyed_at and not is_move(self.log[upto - 1]):
                upto -= 1
        for point in range(upto, len(self.log) + 1):
            deal = self._deal(self.states[point], point)
            if deal is not None:
                dealt = self.game.deal(self.states[point], deal.key)
                self.states[point:] = [dealt] * (len(self.states) - point)
                self.deals[point - 1] = deal
                return

    @property
    def redealt(self) -> list[Redealt]:
        """Every seat's luck dealt with a secret that does not match its commitment, in log
        order: told to everyone (the log says "luck re-dealt"). On the device that lost its key
        it shows at once, at the deal; everywhere else at the reveal."""
        lost = [
            Redealt(k, deal.chain, "key")
            for k, deal in enumerate(self.deals)
            if deal is not None and deal.local and not deal.kept
        ]
        return sorted(self.ledger.broken() + lost)

    # ---- what the match waits for ---------------------------------------------------------------
    def waiting(self) -> Waiting:
        """What has to happen next, seen from this device (see `Waiting`)."""
        turn = self.current_player()
        if turn is None and self.is_keyed() and self._unshared():  # the others see the end
            return Waiting("share", self._next_other(self.made_by(len(self.log) - 1)))
        if turn is None:
            return Waiting("over", None)
        if not self.is_keyed():
            return Waiting("play", turn)  # seeded chance: whoever holds the game plays on
        upto, mine = len(self.log), set(self.local)
        unanswered = [s for s, seat in enumerate(self.seats) if self._human(s)]
        unanswered = [s for s in unanswered if not self.ledger.count(s)]
        chain = turn if self._human(turn) else self._chain(upto)
        seat: int | None
        if unanswered:
            need, seat = "answer", unanswered[0]
        elif self.game.to_deal(self.state) is None:
            need, seat = "play", self._dealt_by()
        else:
            need, seat = ("deal" if self._dealable(chain, upto) else "bits"), chain
        if need == "answer" and (seat in mine or not mine):
            return Waiting("answer", seat)
        if need in ("play", "deal") and seat in mine:
            return Waiting("play", turn) if need == "play" else Waiting("elsewhere", None)
        if need == "bits" and seat in mine:
            return Waiting("elsewhere", self._next_other(seat))
        if not mine:
            return Waiting("claim", seat)
        return Waiting("share" if need == "bits" or self._unshared() else "elsewhere", seat)

    def _next_other(self, seat: int | None) -> int | None:
        """The next person after `seat` in seat order who plays at another device."""
        others = [s for s in range(len(self.seats)) if self._human(s) and s not in self.local]
        later = [s for s in others if seat is None or s > seat]
        return (later + others)[0] if others else None

    def _dealt_by(self) -> int | None:
        """The chain whose deal the turn in progress was dealt with."""
        deal = next((d for d in reversed(self.deals) if d is not None), None)
        return None if deal is None else deal.chain

    def _dealable(self, chain: int | None, upto: int) -> bool:
        commit = self.ledger.latest(chain, upto) if chain is not None else None
        return commit is not None and bool(self.ledger.later_bits(commit, upto))

    def _unshared(self) -> bool:
        """True when this device played moves after its last hand-over."""
        for k in range(len(self.log) - 1, -1, -1):
            if is_handover(self.log[k]) and self.log[k]["handover"]["seat"] in self.local:
                return False
            if is_move(self.log[k]) and self.made_by(k) in self.local:
                return True
        return False

    # ---- playing ------------------------------------------------------------------------------
    def play(self, move: Any) -> Any:
        """Apply a move (value or JSON). IllegalMove leaves the match exactly as it was."""
        if not isinstance(move, tuple):
            move = self.game.parse_move(move)
        mover = self.current_player()
        if self.is_keyed() and mover is not None and self._dealt_by() not in self.local:
            raise IllegalMove("this turn is played on another device")
        after = self.game.apply(self.state, move)  # raises before anything here changes
        if mover is not None and self._human(mover) and mover not in self.local:
            self.local = sorted([*self.local, mover])  # who moves for a seat plays it
        self._append(move.to_json(), after)
        self.redo_stack.clear()
        return self.state

    def _append(self, entry: JSON, after: Any) -> None:
        self.log.append(entry)
        self.states.append(after)
        self.deals.append(None)
        self._settle(len(self.log))

    def hand_over(self, seats: Iterable[int] | None = None) -> bool:
        """Share the game (before its link goes to another device): one hand-over entry for
        each seat this device plays from now on, `seats` (people's seats; default: the seats
        it plays now). Naming them starts a link game from one played at this device: the
        creator's invitation names its own seats, and any other person answers from their own
        device; a device that answers names the seat it answers for. The first hand-over makes
        the game keyed. Once per share: False (nothing done) when the log already ends with
        this share, or the game is over and the others have seen its end (the last share
        reveals the secret that dealt the last moves)."""
        chosen = sorted({self._person(seat) for seat in (self.local if seats is None else seats)})
        if not chosen:
            raise BadData("a hand-over needs a seat this device plays")
        if self.ledger.last_group_seats(len(self.log)) == tuple(chosen):
            return False
        if self.is_over() and not (self.is_keyed() and self._unshared()):
            return False
        if self._id is None:
            raise BadData("a match needs an id to be handed over")
        kept, self.local = self.local, chosen
        keys = [self.key_of(seat) for seat in chosen]
        if None in keys:
            self.local = kept
            raise BadData("this device has no key for the seats it hands over")
        for n, (seat, key) in enumerate(zip(chosen, keys, strict=True)):
            assert key is not None
            entry = handover.make_handover(key, seat, self.ledger.count(seat), joins=n > 0)
            self._add_handover(entry, self.state)
        self.redo_stack.clear()
        self._settle()
        return True

    def _person(self, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise BadData(f"there is no seat {seat!r}")
        if not self._human(seat):
            raise BadData("a computer's seat is played by the device of the person before it")
        return seat

    def _add_handover(self, entry: HandOver, state: Any) -> None:
        index = len(self.log)
        self.ledger.add(index, entry, bool(self.log) and is_handover(self.log[-1]))
        if self.ledger.first() == index:
            state = self.game.keyed(state)
        self.log.append(entry.to_json())
        self.states.append(state)
        self.deals.append(None)

    def claim(self, seat: int) -> None:
        """Play `seat` on this device from now on: a seat whose key is elsewhere (Waiting
        "claim"). Its waiting turn is dealt with this device's key; if that is not the key it
        committed with, the log tells everyone its luck was re-dealt (`redealt`)."""
        self.attach([*self.local, seat], self.keys)

    def attach(self, local: Iterable[int], keys: dict[int, bytes]) -> None:
        """The seats this device plays and the match keys it holds for some of them (a stored
        match's, given to the same match arriving by link); the turn that waits is dealt if it
        now can be."""
        self.local = sorted({self._person(seat) for seat in [*local, *keys]})
        self.keys = dict(keys)
        self._settle()

    def _undo_plan(self) -> tuple[int, str | None]:
        """(how many log entries one undo takes back, why none may be: None when some may).
        The reasons: "start" (nothing a person played yet), "hand_over" (it was sent by link),
        "turn_over" (strict: the last move is not the current turn of the person to move),
        "revealed" (strict: it showed hidden or random information)."""
        if not self.log:
            return 0, "start"
        if not is_move(self.log[-1]):
            return 0, "hand_over"
        if self.undo_policy == "free":
            for k in range(len(self.log) - 1, -1, -1):
                if not is_move(self.log[k]):
                    return 0, "hand_over"  # never back across a hand-over
                if self._by_a_person(k):
                    return len(self.log) - k, None
            return 0, "start"
        k = len(self.log) - 1
        if self.mover(k) != self.current_player() or not self._by_a_person(k):
            return 0, "turn_over"
        if not self.game.undoable(self.states[k], self.states[k + 1]):
            return 0, "revealed"
        return 1, None

    def _by_a_person(self, k: int) -> bool:
        mover = self.mover(k)
        return mover is not None and self._human(mover)

    def can_undo(self) -> bool:
        return self._undo_plan()[0] > 0

    def undo_refusal(self) -> str | None:
        """Why undo is not available now ("start", "hand_over", "turn_over", "revealed"), or
        None when it is."""
        return self._undo_plan()[1]

    def undo(self) -> int:
        """Take back moves as the policy allows; returns how many (0 when not allowed)."""
        count = self._undo_plan()[0]
        for _ in range(count):
            self.redo_stack.append(self.log.pop())
            self.states.pop()
            self.deals.pop()
        return count

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> int:
        """Replay the most recently undone move (and any computer moves undone with it)."""
        count = 0
        while self.redo_stack:
            entry = self.redo_stack.pop()
            self._append(entry, self.game.apply(self.state, entry))
            count += 1
            player = self.current_player()
            if player is None or self._human(player):
                break
        return count

    # ---- saves and links ------------------------------------------------------------------------
    def to_save(self, keys: bool = False) -> dict[str, JSON]:
        """The save (format 3); with `keys` (Save to file) the match keys of the seats this device
        plays, so that another device can play them on."""
        held = {s: k for s in self.local if (k := self.key_of(s)) is not None} if keys else None
        return make_save(
            self.game.id, self.setup, self.log, self.seats, self.id, self.undo_policy, held
        )

    @classmethod
    def from_save(
        cls,
        obj: Any,
        undo: str | None = None,
        link_writer: LinkWriter | None = None,
        device: bytes | None = None,
        local: Iterable[int] = (),
        keys: dict[int, bytes] | None = None,
    ) -> "Match":
        """A new match from a save object; SaveError (with .step) if it cannot be replayed. The
        undo policy is the save's own, else `undo`, else strict. `device`, `local` and `keys`:
        this device's key, the seats it plays here and match keys it holds for some of them (a
        save's own "keys" are added: a file from another device). `link_writer`: the one that
        read the save from a link (it knows the entries already)."""
        parts = read_save(obj)
        match = cls.__new__(cls)
        match.game, match.setup, match._id = parts.game, parts.setup, parts.match_id
        match.undo_policy = parts.undo or undo or "strict"
        players = parts.setup["players"]
        match.seats = parts.seats if parts.seats is not None else default_seats(players)
        match.device = device
        match.keys = {**parts.keys, **(keys or {})}
        try:
            held = {match._person(seat) for seat in [*local, *match.keys]}
        except BadData as e:
            raise SaveError(f"the seats played here: {e}", key="load.damaged") from None
        match.local = sorted(held)
        match.link_writer = link_writer or LinkWriter()
        match._replay(parts.entries, parts.ledger)
        return match

    def _replay(self, entries: list[Any], ledger: Ledger) -> None:
        """Play the entries from the start (their hand-overs already in `ledger`, read ahead so
        that each deal finds its reveal); SaveError naming the first one that fails."""
        try:
            self._start(ledger)
        except BadData as e:
            raise SaveError(f"bad setup: {e}", key="load.setup") from None
        for step, entry in enumerate(entries, 1):
            state = self.state
            try:
                if is_handover(entry):
                    if ledger.first() == step - 1:
                        state = self.game.keyed(state)
                    self.log.append(read_handover(entry).to_json())
                    self.states.append(state)
                    self.deals.append(None)
                    self._settle(len(self.log))
                    continue
                if is_entropy(entry):
                    self._append(dict(entry), self.game.mix_entropy(state, entropy_bits(entry)))
                    continue
                if self.game.to_deal(state) is not None:
                    raise SaveError(
                        f"move {step} is played in a turn whose luck this game cannot deal "
                        "(the hand-over that reveals it is missing)",
                        step,
                        key="load.unrevealed",
                        params={"n": step},
                    )
                move = self._replayed_move(state, entry, step)
                self._append(move.to_json(), self.game.apply(state, move))
            except SaveError:
                raise
            except (IllegalMove, BadData) as e:
                raise SaveError(
                    f"move {step} ({str(entry)[:60]}) is not legal: {e}",
                    step,
                    key="load.move",
                    params={"n": step},
                ) from None

    def _replayed_move(self, state: Any, entry: Any, step: int) -> Any:
        if not isinstance(entry, Index):
            return self.game.parse_move(entry)
        legal = self.game.legal_moves(state)
        if entry >= len(legal):
            raise SaveError(
                f"the link is damaged at move {step}",
                step,
                key="link.damaged_at",
                params={"n": step},
            )
        return legal[entry]

    def to_link(self) -> str:
        header = (self.setup, self.seats, self.id, self.undo_policy)
        return self.link_writer.write(self.game, header, self.log, self.states)

    @classmethod
    def from_link(
        cls,
        text: str,
        undo: str | None = None,
        device: bytes | None = None,
        local: Iterable[int] = (),
        keys: dict[int, bytes] | None = None,
    ) -> "Match":
        """A match from a link (any version); the arguments as `from_save`."""
        unpacked = unpack(text)
        match = cls.from_save(unpacked.save, undo, None, device, local, keys)
        match.link_writer = LinkWriter(match.log, unpacked.items)
        return match


__all__ = ["UNDO_POLICIES", "IllegalMove", "Match", "SaveError", "Waiting"]


# ---- whole saves (tests and tools; a match keeps its own LinkWriter) ------------------------------
def encode_link(save: dict) -> str:
    """A URL-safe string for a save (checked by replaying it)."""
    return Match.from_save(save).to_link()


def decode_link(text: Any) -> dict:
    """The save a link holds (replayed); SaveError for a damaged, foreign or hostile link."""
    return Match.from_link(text).to_save()
