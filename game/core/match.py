"""A match: one game being played by named seats, with its log, undo/redo, saves and links.

The log holds the moves and, between them, entropy events: 64 fresh random bits the browser
folds into the state's generator when it hands the game over to another person (`hand_over`,
DESIGN.md §2a), so that nobody who saw the game before can compute what chance brings after.
`states[k]` is the position before log entry k, so `states[-1]` is the position now.

Undo policies:
  "strict"  (default, fair against the computer): only moves of the player still to move, within
            their own turn, and only while no hidden or random information was revealed since
            (`Game.undoable`).
  "free"    (friends on one device): any move may be taken back; undo steps back to the last
            decision of a human seat.
Neither takes back anything before a hand-over: what was sent is sent.
"""

from typing import Any

from . import registry
from .contract import JSON, BadData, Game, IllegalMove
from .links import LinkWriter, read_link
from .savefile import (
    UNDO_POLICIES,
    SaveError,
    apply_entry,
    check_match_id,
    check_seats,
    entropy_event,
    is_entropy,
    make_save,
    read_save,
    replay,
)


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
    ) -> None:
        self.game: Game = registry.get(game_id)
        players, seed, options = self.game.check_setup(players, seed, options)
        if undo not in UNDO_POLICIES:
            raise BadData(f"unknown undo policy {undo!r}")
        self.id = check_match_id(match_id)
        self.setup: dict[str, JSON] = {"players": players, "seed": seed, "options": options}
        self.seats = check_seats(seats, players) if seats is not None else default_seats(players)
        self.undo_policy = undo
        self.log: list[JSON] = []  # moves (their JSON) and entropy events, in order
        self.states: list[Any] = [self.game.new(**self.setup)]
        self.redo_stack: list[JSON] = []  # undone log entries, most recent last
        self.link_writer = LinkWriter()

    # ---- the position -------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def moves(self) -> list[JSON]:
        """The moves played so far (the log without its entropy events)."""
        return [entry for entry in self.log if not is_entropy(entry)]

    def current_player(self) -> int | None:
        return self.game.current_player(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def mover(self, k: int) -> int | None:
        """The seat that made log entry k (None for an entropy event)."""
        if is_entropy(self.log[k]):
            return None
        return self.game.current_player(self.states[k])

    # ---- playing ------------------------------------------------------------------------------
    def play(self, move: Any) -> Any:
        """Apply a move (value or JSON). IllegalMove leaves the match exactly as it was."""
        after = self.game.apply(self.state, move)  # raises before anything here changes
        if isinstance(move, dict):
            move = self.game.parse_move(move)
        self.log.append(move.to_json())
        self.states.append(after)
        self.redo_stack.clear()
        return after

    def hand_over(self, bits: int) -> bool:
        """Mix 64 fresh random `bits` into the game before it goes to another person (a link).
        Once per hand-over: False (nothing done) when the log already ends with one or the game
        is over."""
        if self.is_over() or (self.log and is_entropy(self.log[-1])):
            return False
        self.states.append(self.game.mix_entropy(self.state, bits))
        self.log.append(entropy_event(bits))
        self.redo_stack.clear()
        return True

    def _undo_plan(self) -> tuple[int, str | None]:
        """(how many log entries one undo takes back, why none may be: None when some may).
        The reasons: "start" (nothing a person played yet), "hand_over" (it was sent by link),
        "turn_over" (strict: the last move is not the current turn of the person to move),
        "revealed" (strict: it showed hidden or random information)."""
        if not self.log:
            return 0, "start"
        if is_entropy(self.log[-1]):
            return 0, "hand_over"
        if self.undo_policy == "free":
            for k in range(len(self.log) - 1, -1, -1):
                if is_entropy(self.log[k]):
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
        return mover is not None and self.seats[mover]["kind"] == "human"

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
        return count

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> int:
        """Replay the most recently undone move (and any computer moves undone with it)."""
        count = 0
        while self.redo_stack:
            entry = self.redo_stack.pop()
            self.log.append(entry)
            self.states.append(apply_entry(self.game, self.state, entry))
            count += 1
            player = self.current_player()
            if player is None or self.seats[player]["kind"] == "human":
                break
        return count

    # ---- saves and links ------------------------------------------------------------------------
    def to_save(self) -> dict[str, JSON]:
        return make_save(self.game.id, self.setup, self.log, self.seats, self.id, self.undo_policy)

    @classmethod
    def from_save(
        cls, obj: Any, undo: str | None = None, link_writer: LinkWriter | None = None
    ) -> "Match":
        """A new match from a save object; SaveError (with .step) if it cannot be replayed. The
        undo policy is the save's own, else `undo`, else strict. `link_writer`: the one that
        read the save from a link (it knows the entries already)."""
        parts = read_save(obj)
        states = replay(parts.game, parts.setup, parts.entries)
        match = cls.__new__(cls)
        match.game, match.setup, match.id = parts.game, parts.setup, parts.match_id
        match.undo_policy = parts.undo or undo or "strict"
        players = parts.setup["players"]
        match.seats = parts.seats if parts.seats is not None else default_seats(players)
        match.log = [
            dict(entry) if is_entropy(entry) else parts.game.parse_move(entry).to_json()
            for entry in parts.entries
        ]
        match.states = states
        match.redo_stack = []
        match.link_writer = link_writer or LinkWriter()
        return match

    def to_link(self) -> str:
        header = (self.setup, self.seats, self.id, self.undo_policy)
        return self.link_writer.write(self.game, header, self.log, self.states)

    @classmethod
    def from_link(cls, text: str, undo: str | None = None) -> "Match":
        save, writer = read_link(text)
        return cls.from_save(save, undo, writer)


__all__ = ["UNDO_POLICIES", "IllegalMove", "Match", "SaveError"]
