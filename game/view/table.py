"""The game table in pure Python: one match, who sits where, what the log says, what gets saved.
The browser glue (app.py) owns the DOM and the timers; everything it shows is decided here, so
it is tested in CPython.
"""

import json

from game import games
from game.core import BadData, IllegalMove
from game.core.ai import Search
from game.core.links import read_link
from game.core.match import Match
from game.core.savefile import SaveError, is_entropy, load_text

from .i18n import about, localized_name
from .markup import isolate


def read_match(source, link=False):
    """A match from a link's text (`link`), a save object or a file's text; SaveError for
    anything else. Undo is the save's own setting, else free among people only and strict
    against the computer."""
    writer = None
    if link:
        source, writer = read_link(source)
    elif isinstance(source, str | bytes):
        source = load_text(source)
    return Match.from_save(source, _undo_for(source), writer)


def _undo_for(save):
    seats = save.get("seats") if isinstance(save, dict) else None
    if isinstance(seats, list) and any(
        isinstance(s, dict) and s.get("kind") == "ai" for s in seats
    ):
        return "strict"
    return "free"


class Table:
    """A match plus the decisions around it. `tr` translates keys (ui/i18n.Translator)."""

    def __init__(self, game_id, tr):
        self.game = games.get(game_id)
        self.tr = tr
        self.match = None
        self.notice = None  # (translation key, params) of the latest announcement
        self._lines, self._lines_for = [], None  # log lines kept between redraws

    # ---- starting -------------------------------------------------------------------------------
    def start(self, seats, seed, options=None, undo=None, match_id=None):
        """A new match. Seats: [{"name", "kind": "human"|"ai", "level"}]; the seed and the id
        come from the page (fresh random ones per new game). With no computer seat undo is free
        (friends at one device); against the computer it is strict (fair)."""
        if undo is None:
            undo = "free" if all(s["kind"] == "human" for s in seats) else "strict"
        self.match = Match(
            self.game.id,
            players=len(seats),
            seed=seed,
            options=options,
            seats=seats,
            undo=undo,
            match_id=match_id,
        )
        self.notice = None
        return self.match

    def rematch(self, seed, match_id=None):
        """The same seats and options again with a new shuffle (a new match, its own id)."""
        old = self.match
        return self.start(old.seats, seed, old.setup["options"], old.undo_policy, match_id)

    def take(self, match, notice=None):
        """Put a match (loaded, stored or arriving) on the table."""
        if match.game.id != self.game.id:
            raise BadData("that match is for another game's table")
        self.match = match
        self.notice = notice
        return match

    def load_save(self, obj):
        """Replace the match by a loaded one; on any problem raise SaveError and keep the
        current match exactly as it was."""
        return self.take(read_match(obj), ("table.loaded", {}))

    def load_link(self, text):
        return self.take(read_match(text, link=True), ("table.loaded", {}))

    # ---- whose turn -------------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    def to_move(self):
        return self.match.current_player()

    def seat_kind(self, seat):
        return self.match.seats[seat]["kind"]

    def human_to_move(self):
        seat = self.to_move()
        return seat is not None and self.seat_kind(seat) == "human"

    def ai_to_move(self):
        seat = self.to_move()
        return seat is not None and self.seat_kind(seat) == "ai"

    def name(self, seat):
        """A seat's name as shown (a default name follows the language), isolated: no name can
        reorder the text around it."""
        return isolate(localized_name(self.tr, self.match.seats[seat]["name"]))

    def names(self):
        return [self.name(seat) for seat in range(len(self.match.seats))]

    def you(self):
        """The seat of the person at this device: the only person at the table (None with
        nobody or with several people, who are all named)."""
        humans = [k for k, seat in enumerate(self.match.seats) if seat["kind"] == "human"]
        return humans[0] if len(humans) == 1 else None

    # ---- playing -----------------------------------------------------------------------------------
    def play(self, move):
        """Play a move; returns (key, params) announcing it. IllegalMove leaves all unchanged."""
        before = self.state
        key, params = self.game.describe_move(before, move)
        self.match.play(move)
        self.notice = (key, params)
        return key, params

    def search(self, seed_extra=0):
        """A resumable AI search for the computer seat to move (run it in slices)."""
        seat = self.to_move()
        level = self.match.seats[seat].get("level") or "medium"
        seed = (
            self.match.setup["seed"] * 1009 + len(self.match.log) * 31 + seed_extra
        ) & 0x7FFFFFFF
        return Search(self.game, self.state, seat, level, seed)

    def undo(self):
        return self.match.undo()

    def redo(self):
        return self.match.redo()

    # ---- texts ---------------------------------------------------------------------------------------
    def text(self, key, params):
        """A translated line with seat numbers turned into names, and word-like values an engine
        passes (e.g. {"official": "postmaster"}) translated when the table has "<key>.<value>";
        a line about the person at this device is said to them ("<key>.you")."""
        named = dict(params)
        for field in ("player", "opponent"):
            if isinstance(named.get(field), int):
                named[field] = self.name(named[field])
        for field, value in params.items():
            if (
                isinstance(value, str)
                and value.isidentifier()
                and value.islower()
                and self.tr.has(f"{key}.{value}")
            ):
                named[field] = self.tr(f"{key}.{value}")
        return about(self.tr, key, params.get("player"), self.you(), **named)

    def log_lines(self, detail=None):
        """The match so far, one translated line per move, oldest first. Lines are kept while
        the state they describe is the same object (undo, loading or a new language redo them).
        `detail(before, move, after)` adds words to a line (the board's log_detail)."""
        match = self.match
        kept = self._lines if self._lines_for == (match, self.tr) else []
        lines = []
        number = 0
        for k, entry in enumerate(match.log):
            if is_entropy(entry):
                continue  # a hand-over changes nothing anyone sees
            number += 1
            if len(lines) < len(kept) and kept[len(lines)][0] is match.states[k]:
                lines.append(kept[len(lines)])
                continue
            key, params = self.game.describe_move(match.states[k], entry)
            seat = self.game.current_player(match.states[k])
            text = self.text(key, params)
            if detail is not None:
                text += detail(match.states[k], entry, match.states[k + 1])
            lines.append((match.states[k], (number, seat, text)))
        self._lines, self._lines_for = lines, (match, self.tr)
        return [line for _, line in lines]

    # ---- saving --------------------------------------------------------------------------------------
    def save_text(self):
        return json.dumps(self.match.to_save(), ensure_ascii=False, indent=1)

    def link(self):
        return self.match.to_link()


__all__ = ["BadData", "IllegalMove", "SaveError", "Table"]
