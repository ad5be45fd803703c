"""A match: one game being played by named seats, with its move log, undo/redo and saves.

Undo policies:
  "strict"  (default, fair against the computer): only moves of the player still to move, within
            their own turn, and only while no hidden or random information was revealed since
            (`Game.undoable`).
  "free"    (friends on one device): any move may be taken back; undo steps back to the last
            decision of a human seat.
"""

from . import registry
from .contract import BadData, IllegalMove
from .savefile import SaveError, check_seats, decode_link, encode_link, make_save, read_save, replay

UNDO_POLICIES = ("strict", "free")


def default_seats(players):
    return [{"name": f"Player {k + 1}", "kind": "human", "level": None} for k in range(players)]


class Match:
    def __init__(self, game_id, players=2, seed=0, options=None, seats=None, undo="strict"):
        self.game = registry.get(game_id)
        players, seed, options = self.game.check_setup(players, seed, options)
        if undo not in UNDO_POLICIES:
            raise BadData(f"unknown undo policy {undo!r}")
        self.setup = {"players": players, "seed": seed, "options": options}
        self.seats = check_seats(seats, players) if seats is not None else default_seats(players)
        self.undo_policy = undo
        self.moves = []  # JSON of each move played
        self.states = [self.game.new(**self.setup)]
        self.redo_stack = []  # JSON of undone moves, most recent last

    # ---- the position -------------------------------------------------------------------------
    @property
    def state(self):
        return self.states[-1]

    def current_player(self):
        return self.game.current_player(self.state)

    def is_over(self):
        return self.game.is_over(self.state)

    def _mover(self, k):
        """The seat that made move k (0-based)."""
        return self.game.current_player(self.states[k])

    # ---- playing ------------------------------------------------------------------------------
    def play(self, move):
        """Apply a move (value or JSON). IllegalMove leaves the match exactly as it was."""
        after = self.game.apply(self.state, move)  # raises before anything here changes
        if isinstance(move, dict):
            move = self.game.parse_move(move)
        self.moves.append(move.to_json())
        self.states.append(after)
        self.redo_stack.clear()
        return after

    def _undo_count(self):
        """How many moves one undo takes back (0: none allowed)."""
        if not self.moves:
            return 0
        seats = self.seats
        if self.undo_policy == "free":
            for k in range(len(self.moves) - 1, -1, -1):
                if seats[self._mover(k)]["kind"] == "human":
                    return len(self.moves) - k
            return 0
        k = len(self.moves) - 1
        mover = self._mover(k)
        if (
            mover != self.current_player()
            or seats[mover]["kind"] != "human"
            or not self.game.undoable(self.states[k], self.states[k + 1])
        ):
            return 0
        return 1

    def can_undo(self):
        return self._undo_count() > 0

    def undo(self):
        """Take back moves as the policy allows; returns how many (0 when not allowed)."""
        count = self._undo_count()
        for _ in range(count):
            self.redo_stack.append(self.moves.pop())
            self.states.pop()
        return count

    def can_redo(self):
        return bool(self.redo_stack)

    def redo(self):
        """Replay the most recently undone move (and any computer moves undone with it)."""
        if not self.redo_stack:
            return 0
        count = 0
        while self.redo_stack:
            move = self.redo_stack.pop()
            self.moves.append(move)
            self.states.append(self.game.apply(self.state, move))
            count += 1
            player = self.current_player()
            if player is None or self.seats[player]["kind"] == "human":
                break
        return count

    # ---- saves and links ------------------------------------------------------------------------
    def to_save(self):
        return make_save(self.game.id, self.setup, self.moves, self.seats)

    @classmethod
    def from_save(cls, obj, undo="strict"):
        """A new match from a save object; SaveError (with .step) if it cannot be replayed."""
        game, setup, moves, seats = read_save(obj)
        states = replay(game, setup, moves)
        match = cls.__new__(cls)
        match.game, match.setup, match.undo_policy = game, setup, undo
        match.seats = seats if seats is not None else default_seats(setup["players"])
        match.moves = [game.parse_move(m).to_json() for m in moves]
        match.states = states
        match.redo_stack = []
        return match

    def to_link(self):
        return encode_link(self.to_save())

    @classmethod
    def from_link(cls, text, undo="strict"):
        return cls.from_save(decode_link(text), undo)


__all__ = ["UNDO_POLICIES", "IllegalMove", "Match", "SaveError"]
