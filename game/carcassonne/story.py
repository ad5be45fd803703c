"""What the Carcassonne board tells of the match (game.view.story): each move's log entry - the
tile as placed (a thumbnail), where it lies counted from the start tile ("2 right, 1 up of the
start tile"), the follower, then what it scored for whom (completed features, the Courier's
message, final scoring), the move drawn on the board when a player points at its entry, and the
notes and list the end dialog shows."""

from game.core.contract import JSON, State
from game.view.controller import Markup
from game.view.i18n import Translator, about
from game.view.markup import empty, esc, tag
from game.view.story import Note, Told

from . import draw, queries
from .draw_tiles import T
from .engine import GAME
from .speech import piece_words, where

SHAPES = ("circle", "triangle", "square", "diamond", "star")  # the meeples' emblems
EVENT_CATEGORY = {"road": "roads", "city": "cities", "monastery": "monasteries", "field": "farms"}


def event_text(event: queries.ScoreEvent, names: list[str], tr: Translator) -> str:
    return tr(
        f"carcassonne.event.{event.reason}",
        player=names[event.player],
        n=event.points,
        feature=tr(f"carcassonne.kind.{event.kind}"),
        tiles=len(event.tiles),
    )


def event_line(event: queries.ScoreEvent, names: list[str], tr: Translator) -> Markup:
    """A score event as a list item with the scorer's meeple (the panel, the end dialog)."""
    return tag(
        "li",
        draw.meeple_icon(event.player, size=18),
        esc(event_text(event, names, tr)),
        data_seat=event.player,
        data_points=event.points,
        data_reason=event.reason,
    )


def tell(
    before: State, move: JSON, after: State, names: list[str], tr: Translator, you: int | None
) -> Told:
    """The move's entry; the person at this device (`you`) is spoken to."""
    _, params = GAME.describe_move(before, move)
    seat, tile = params["player"], params["tile"]
    x, y, rot, meeple = params["x"], params["y"], params["rot"], params["meeple"]
    text = about(
        tr, "carcassonne.story.place", seat, you, player=names[seat], where=where(tr, x, y)
    )
    kind = queries.feature_kinds(tile).get(meeple) if meeple else None
    if kind:
        text += " · " + tr(
            "carcassonne.log.meeple",
            role=tr(f"carcassonne.role.{kind}"),
            feature=tr(f"carcassonne.kind.{kind}"),
        )
    notes = [Note(e.player, event_text(e, names, tr)) for e in queries.score_events(after)]
    removed = queries.discarded_tiles(after)[len(queries.discarded_tiles(before)) :]
    if removed:
        notes.append(Note(None, tr("carcassonne.log.discard", tiles=", ".join(removed))))
    finals = queries.final_events(after)
    if finals is not None:
        notes.append(Note(None, tr("carcassonne.log.end")))
        notes += [Note(e.player, event_text(e, names, tr)) for e in finals]
    picture = draw.picture(
        tile, rot, 30, piece_words(tr, tile, rot), css="car-picture car-log-tile"
    )
    return Told(text, picture, tuple(notes))


def mark_markup(move: JSON, after: State) -> Markup:
    """The square the tile went to, and every feature the move scored (outlined in the
    scorer's colour, with its points)."""
    played = GAME.parse_move(move)
    square_of = {(x, y): (tile, rot) for x, y, tile, rot in queries.placed_tiles(after)}
    events = queries.score_events(after) + (queries.final_events(after) or [])
    highlights, badges = draw.scored_layers(after, events, square_of)
    frame = empty(
        "rect",
        x=played.x * T - 3,
        y=played.y * T - 3,
        width=T + 6,
        height=T + 6,
        rx=6,
        class_="car-mark",
    )
    return tag(
        "g", highlights, frame, badges, class_="car-marked", data_x=played.x, data_y=played.y
    )


def result_notes(state: State, tr: Translator) -> list[dict[str, str]]:
    """What final scoring added to each category ("+6", explained below the table)."""
    added: list[dict[str, int]] = [{} for _ in range(queries.player_count(state))]
    for e in queries.final_events(state) or []:
        part = EVENT_CATEGORY[e.kind]
        added[e.player][part] = added[e.player].get(part, 0) + e.points
    return [
        {part: tr("carcassonne.story.added", n=n) for part, n in seat.items() if n}
        for seat in added
    ]


def result_markup(state: State, names: list[str], tr: Translator) -> Markup:
    """Every feature final scoring counted, with its scorer (folded: the table says it all)."""
    finals = queries.final_events(state) or []
    if not finals:
        return tag("p", esc(tr("carcassonne.final_none")), class_="gt-muted")
    return tag("p", esc(tr("carcassonne.story.added_note")), class_="gt-muted") + tag(
        "details",
        tag("summary", esc(tr("carcassonne.story.final_list"))),
        tag("p", esc(tr("carcassonne.final_intro")), class_="car-note"),
        tag(
            "ol",
            *(event_line(e, names, tr) for e in finals),
            class_="car-final-list car-events-list",
        ),
        class_="car-final",
    )
