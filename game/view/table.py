"""The game table in pure Python: one match, who sits where, what the log says, what gets saved.
The browser glue (game/ui) owns the DOM and the timers; everything it shows is decided here, so
it is tested in CPython.
"""

import json
from typing import Any

from game import games
from game.core import BadData, IllegalMove
from game.core.ai import Search
from game.core.links import unpack
from game.core.match import Match
from game.core.savefile import SaveError, load_text

from .i18n import localized_name
from .markup import isolate
from .story import Story, words


def read_match(source, link=False, device=None, library=None):
    """A match from a link's text (`link`), a save object or a file's text; SaveError for
    anything else. Undo is the save's own setting, else as `default_undo` says. `device`: this
    device's key (a file's "keys" let this device play the seats they name); `library`: the
    games kept here (a link of one of them opens with the seats this device plays there)."""
    if link and library is not None:
        return library.read_link(source, _undo_for(unpack(source).save))
    if link:
        return Match.from_link(source, _undo_for(unpack(source).save), device)
    if isinstance(source, str | bytes):
        source = load_text(source)
    return Match.from_save(source, _undo_for(source), device=device)


def _undo_for(save):
    seats = save.get("seats") if isinstance(save, dict) else None
    if isinstance(seats, list) and all(isinstance(seat, dict) for seat in seats):
        return default_undo(seats)
    return "free"


class Table:
    """A match plus the decisions around it. `tr` translates keys (ui/i18n.Translator); `device`
    is this device's key (game.view.library.Library.device_key), given to every match here."""

    def __init__(self, game_id, tr, device=None):
        self.game = games.get(game_id)
        self.tr = tr
        self.device = device
        self.match: Match | None = None
        # (translation key, params) of the latest announcement
        self.notice: tuple[str, dict[str, Any]] | None = None
        self.story = Story()  # the log's entries, kept between redraws

    @property
    def live(self) -> Match:
        """The match on the table (what asks for it runs only while there is one)."""
        assert self.match is not None, "no match on the table"
        return self.match

    # ---- starting -------------------------------------------------------------------------------
    def start(self, seats, seed, options=None, undo=None, match_id=None, scenario=None):
        """A new match. Seats: [{"name", "kind": "human"|"ai", "level"}]; the seed (128 random
        bits) and the id come from the page (fresh ones per new game). Take-backs (`undo`)
        default as `default_undo` says. Fixed piles or decks in `options` need the `scenario`'s
        name."""
        if undo is None:
            undo = default_undo(seats)
        self.match = Match(
            self.game.id,
            players=len(seats),
            seed=seed,
            options=options,
            seats=seats,
            undo=undo,
            match_id=match_id,
            scenario=scenario,
            device=self.device,
        )
        self.notice = None
        return self.match

    def rematch(self, seed, match_id=None):
        """The same seats and options again with a new shuffle (a new match, its own id)."""
        old = self.live
        options = old.setup["options"]
        return self.start(old.seats, seed, options, old.undo_policy, match_id, old.scenario)

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
        return self.take(read_match(obj, device=self.device), ("table.loaded", {}))

    def load_link(self, text):
        return self.take(read_match(text, link=True, device=self.device), ("table.loaded", {}))

    # ---- whose turn -------------------------------------------------------------------------------
    @property
    def state(self):
        return self.live.state

    def to_move(self):
        return self.live.current_player()

    def seat_kind(self, seat):
        return self.live.seats[seat]["kind"]

    def human_to_move(self):
        """A person moves now, at this device."""
        seat = self.to_move()
        return seat is not None and self.seat_kind(seat) == "human" and self.plays_here()

    def ai_to_move(self):
        """A computer moves now, run by this device."""
        seat = self.to_move()
        return seat is not None and self.seat_kind(seat) == "ai" and self.plays_here()

    def plays_here(self):
        """The turn in progress is played at this device now: always in a game at one device or
        against the computer; in a link game, once its luck is dealt here (`Match.waiting`)."""
        return not self.live.is_keyed() or self.live.waiting().status == "play"

    def name(self, seat):
        """A seat's name as shown (a default name follows the language), isolated: no name can
        reorder the text around it."""
        return isolate(localized_name(self.tr, self.live.seats[seat]["name"]))

    def names(self):
        return [self.name(seat) for seat in range(len(self.live.seats))]

    def people(self):
        """The seats of the people at this device: in a link game those it plays (none before
        it answered), else every person's seat."""
        match = self.live
        humans = [k for k, seat in enumerate(match.seats) if seat["kind"] == "human"]
        return [k for k in humans if k in match.local] if match.is_keyed() else humans

    def you(self):
        """The seat of the person at this device: the only person at it (None with nobody or
        with several people, who are all named)."""
        people = self.people()
        return people[0] if len(people) == 1 else None

    # ---- playing -----------------------------------------------------------------------------------
    def play(self, move):
        """Play a move; the notice then tells it as the log does (`notice_text`). IllegalMove
        leaves all unchanged."""
        self.live.play(move)
        self.notice = ("story.last_move", {"index": len(self.live.log) - 1})

    def search(self, seed_extra=0):
        """A resumable AI search for the computer seat to move (run it in slices)."""
        seat = self.to_move()
        level = self.live.seats[seat].get("level") or "medium"
        seed = (self.live.setup["seed"] * 1009 + len(self.live.log) * 31 + seed_extra) & 0x7FFFFFFF
        return Search(self.game, self.state, seat, level, seed)

    def undo(self):
        """Take back what the match's take-back setting allows; the notice then says where the
        game stands now (never the move taken back). Returns how many log entries went."""
        count = self.live.undo()
        if count:
            self._announce("undone", count)
        return count

    def redo(self):
        count = self.live.redo()
        if count:
            self._announce("redone", count)
        return count

    def _announce(self, what, count):
        seat = self.to_move()
        if seat is None:
            self.notice = (f"story.{what}_over", {"n": count})
        else:
            self.notice = (f"story.{what}", {"n": count, "player": seat})

    # ---- texts ---------------------------------------------------------------------------------------
    def text(self, key, params):
        """A translated line with seat numbers turned into names, said to the person at this
        device when it is about them (story.words)."""
        return words(self.tr, self.names(), key, params, self.you())

    def notice_text(self, controller, viewer):
        """The latest announcement in the current language; a move is told as its log entry
        (sentence and notes) as `viewer` may read it."""
        if self.notice is None:
            return ""
        key, params = self.notice
        if key == "story.last_move":
            entry = next(
                (e for e in self.log_entries(controller, viewer) if e.log_index == params["index"]),
                None,
            )
            if entry is None:
                return ""
            told = " · ".join([entry.told.text] + [note.text for note in entry.told.notes])
            return self.tr(key, text=told)
        return self.text(key, params)

    def log_entries(self, controller, viewer):
        """The match so far as the log tells it to `viewer`, oldest first (story.LogEntry);
        moves of the person at this device (`you`) are told to them."""
        return self.story.entries(self.live, controller, viewer, self.names(), self.tr, self.you())

    # ---- saving --------------------------------------------------------------------------------------
    def save_text(self):
        """Save to file: with the keys of the seats this device plays, so that the game can
        go on at another device (docs/links.md, "Saves")."""
        return json.dumps(self.live.to_save(keys=True), ensure_ascii=False, indent=1)

    def link(self):
        return self.live.to_link()


def default_undo(seats):
    """Take-backs allowed ("free") when one person plays against computers or people play
    together at one device; only within one's own turn ("strict") when several people and a
    computer share the table (what one person takes back, the others had seen)."""
    people = sum(1 for seat in seats if seat.get("kind") == "human")
    return "strict" if people > 1 and people < len(seats) else "free"


__all__ = ["BadData", "IllegalMove", "SaveError", "Table", "default_undo"]
