"""The game table in pure Python: one match, who sits where, what the log says, what gets saved.
The browser glue (app.py) owns the DOM and the timers; everything it shows is decided here, so
it is tested in CPython.
"""

import json

from game import games
from game.core import BadData, IllegalMove
from game.core.ai import Search
from game.core.links import decode_link
from game.core.match import Match
from game.core.savefile import SaveError, is_entropy, load_text

from .i18n import about, localized_name

AUTOSAVE_FORMAT = 1


class Table:
    """A match plus the decisions around it. `tr` translates keys (ui/i18n.Translator)."""

    def __init__(self, game_id, tr):
        self.game = games.get(game_id)
        self.tr = tr
        self.match = None
        self.notice = None  # (translation key, params) of the latest announcement
        self._lines, self._lines_for = [], None  # log lines kept between redraws

    # ---- starting -------------------------------------------------------------------------------
    def start(self, seats, seed, options=None, undo=None):
        """A new match. Seats: [{"name", "kind": "human"|"ai", "level"}]; the seed comes from the
        page (a fresh random number per new game). With no computer seat undo is free (friends
        at one device); against the computer it is strict (fair)."""
        if undo is None:
            undo = "free" if all(s["kind"] == "human" for s in seats) else "strict"
        self.match = Match(
            self.game.id, players=len(seats), seed=seed, options=options, seats=seats, undo=undo
        )
        self.notice = None
        return self.match

    def rematch(self, seed):
        """The same seats and options again with a new shuffle."""
        old = self.match
        return self.start(old.seats, seed, old.setup["options"], old.undo_policy)

    def load_save(self, obj):
        """Replace the match by a loaded one; on any problem raise SaveError and keep the
        current match exactly as it was."""
        if isinstance(obj, str):
            obj = load_text(obj)
        if isinstance(obj, dict) and obj.get("game") not in (None, self.game.id):
            raise SaveError(
                self.tr("table.load.other_game", game=self.tr(f"game.{obj.get('game')}.name"))
            )
        loaded = Match.from_save(obj, undo=self._undo_for(obj))
        self.match = loaded
        self.notice = ("table.loaded", {})
        return loaded

    def load_link(self, text):
        return self.load_save(decode_link(text))

    def _undo_for(self, save):
        seats = save.get("seats") if isinstance(save, dict) else None
        if isinstance(seats, list) and any(
            isinstance(s, dict) and s.get("kind") == "ai" for s in seats
        ):
            return "strict"
        return "free"

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
        """The seat's name as shown (a default name follows the language)."""
        return localized_name(self.tr, self.match.seats[seat]["name"])

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
    def autosave(self, ui=None):
        """What the page keeps in storage after every move."""
        return {"format": AUTOSAVE_FORMAT, "save": self.match.to_save(), "ui": ui or {}}

    def restore(self, obj):
        """Resume an autosave; BadData (nothing changed) when it is damaged or foreign."""
        if not isinstance(obj, dict) or obj.get("format") != AUTOSAVE_FORMAT:
            raise BadData("the stored game is from another version")
        self.load_save(obj.get("save"))
        self.notice = ("table.restored", {})
        return obj.get("ui") or {}

    def save_text(self):
        return json.dumps(self.match.to_save(), ensure_ascii=False, indent=1)

    def link(self):
        return self.match.to_link()


__all__ = ["BadData", "IllegalMove", "SaveError", "Table"]
