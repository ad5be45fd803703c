"""The story of a match as players read it (pure): one log entry per move saying who did what and
where in a player's words, with a small picture of what was played and what the move set off
(points, a round's end...). Each game's board controller tells its moves
(`BoardController.tell`, from the engine and the game's queries: never by parsing text).

Everything is told from what the viewing seat could see at the time (`shown`): the state before
and after a move are that seat's views, so no entry names a card another seat keeps hidden.
"""

from typing import Any, NamedTuple

from game.core.contract import Game
from game.core.savefile import is_move

from .i18n import about
from .markup import isolate

Markup = str


class Note(NamedTuple):
    """A line under an entry: what the move set off, marked with a seat's emblem (or none)."""

    seat: int | None
    text: str


class Told(NamedTuple):
    """What a board says about one move: a sentence, a small picture, notes."""

    text: str
    picture: Markup = ""
    notes: tuple[Note, ...] = ()


class LogEntry(NamedTuple):
    log_index: int  # the move's place in match.log (entropy events have none of their own)
    number: int  # 1 for the first move; 0 for an event told between moves (`events`)
    seat: int | None  # who moved
    mark: Markup  # the mover's emblem
    told: Told
    note_marks: tuple[Markup, ...]  # the emblem of each note's seat ("" for none)


def shown(game: Game, state: Any, viewer: int | None) -> Any:
    """A position as `viewer` sees it (None: public information only); once the game is over
    everything is turned up, so the full state."""
    return state if game.is_over(state) else game.view(state, viewer)


def words(
    tr: Any, names: list[str], key: str, params: dict[str, Any], you: int | None = None
) -> str:
    """A translated line with seat numbers turned into names, and word-like values an engine
    passes (e.g. {"official": "postmaster"}) translated when the table has "<key>.<value>"; a
    line about the person at this device (`you`) is said to them ("<key>.you")."""
    named = dict(params)
    for field in ("player", "opponent"):
        if isinstance(named.get(field), int):
            named[field] = names[named[field]]
    for field, value in params.items():
        if (
            isinstance(value, str)
            and value.isidentifier()
            and value.islower()
            and tr.has(f"{key}.{value}")
        ):
            named[field] = tr(f"{key}.{value}")
    return about(tr, key, params.get("player"), you, **named)


class Story:
    """The log of a match for one viewer, kept between redraws: an entry is told again only when
    the state it tells of is another object (undo, loading) or the language or the viewer
    changed."""

    def __init__(self) -> None:
        self._kept: list[tuple[Any, LogEntry]] = []
        self._for: Any = None
        self._events: dict[Any, LogEntry] = {}  # events told, kept as long as their words

    def entries(
        self,
        match: Any,
        controller: Any,
        viewer: int | None,
        names: list[str],
        tr: Any,
        you: int | None,
    ) -> list[LogEntry]:
        """Every move's entry as `viewer` may read it; moves of `you` (the person at this
        device) are told to them."""
        game = match.game
        made_for = (match, tr, viewer, tuple(names), you)
        kept = self._kept if self._for == made_for else []
        out: list[tuple[Any, LogEntry]] = []
        views: dict[int, Any] = {}

        def view(k: int) -> Any:
            if k not in views:
                views[k] = shown(game, match.states[k], viewer)
            return views[k]

        number = 0
        for k, entry in enumerate(match.log):
            if not is_move(entry):
                continue  # a hand-over changes nothing anyone sees
            number += 1
            if len(out) < len(kept) and kept[len(out)][0] is match.states[k + 1]:
                out.append(kept[len(out)])
                continue
            before, after = view(k), view(k + 1)
            seat = game.current_player(match.states[k])
            told = controller.tell(before, entry, after, viewer, names, tr, you=you)
            if told is None:
                key, params = game.describe_move(match.states[k], entry)
                told = Told(words(tr, names, key, params, you))
            mark = controller.seat_mark(before, seat) if seat is not None else ""
            note_marks = tuple(
                controller.seat_mark(before, note.seat) if note.seat is not None else ""
                for note in told.notes
            )
            entry_out = LogEntry(k, number, seat, mark, told, note_marks)
            out.append((match.states[k + 1], entry_out))
        self._kept, self._for = out, made_for
        told = [entry for _, entry in out]
        happened = self.events(match, controller, names, tr, you)
        if not happened:
            return told
        # an event at log index k comes after the move at k (a deal follows its move)
        return sorted(told + happened, key=lambda e: (e.log_index, e.number == 0))

    def events(
        self, match: Any, controller: Any, names: list[str], tr: Any, you: int | None
    ) -> list[LogEntry]:
        """What the log tells besides the moves, for everyone to see: that the game is a
        scenario (its luck fixed in advance), and every seat whose luck was re-dealt
        (`Match.redealt`: a secret that does not match its commitment, never silent)."""
        found = []
        if match.scenario is not None:
            found.append((-1, None, "story.scenario", {"name": isolate(match.scenario)}))
        for at, seat, cause in match.redealt:
            found.append((at, seat, f"story.redealt.{cause}", {"player": seat}))
        out = []
        for at, seat, key, params in found:
            text = words(tr, names, key, params, you)
            kept = self._events.get((at, seat, key))
            if kept is None or kept.told.text != text:
                mark = controller.seat_mark(match.states[0], seat) if seat is not None else ""
                kept = LogEntry(at, 0, seat, mark, Told(text), ())
                self._events[(at, seat, key)] = kept
            out.append(kept)
        return out
