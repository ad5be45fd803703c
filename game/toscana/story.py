"""What the Toscana board tells of the match (game.view.story): each move's log entry - the
tile's small picture in the mover's colour and the cells it covers, named by the letters and
numbers on the board's edges - the round ends it set off, and the move drawn on the board when
a player points at its entry."""

from game.core.contract import JSON, State
from game.view.controller import Markup
from game.view.i18n import Translator, about
from game.view.markup import tag
from game.view.story import Note, Told, words

from . import draw, queries
from .data import footprint
from .engine import GAME, Place

# the seats in the score chart and the final table: colours swap between the rounds, so the
# players keep these (the round-1 colours: paving stones, roof tiles)
SEAT_STYLES = (("#6b675f", "square"), ("#b5472f", "circle"))


# an en dash that a line never breaks at: word joiners (U+2060) on both sides keep "G9–J10" whole
RANGE_DASH = "\u2060–\u2060"


def spot_name(x: int, y: int, rot: int) -> str:
    """The cells a tile covers, corner to corner ("F4–G7", kept on one line)."""
    width, height = footprint(rot)
    return draw.cell_name(x, y) + RANGE_DASH + draw.cell_name(x + width - 1, y + height - 1)


def seat_mark(state: State, seat: int) -> Markup:
    """The colour the seat plays in the round of `state` (its texture swatch)."""
    colour = queries.seat_colours(state)[seat]
    return tag(
        "span", "", class_=f"tos-swatch tos-swatch-s tos-swatch-{colour}", aria_hidden="true"
    )


def tell(
    before: State, move: JSON, after: State, names: list[str], tr: Translator, you: int | None
) -> Told:
    """The move's entry; the person at this device (`you`) is spoken to."""
    _, params = GAME.describe_move(before, move)
    played = GAME.parse_move(move)
    seat = GAME.current_player(before)
    assert seat is not None  # somebody played it
    colour = queries.seat_colours(before)[seat]
    tile = params.get("tile")
    picture = ""
    if isinstance(played, Place) and tile:
        where = spot_name(played.x, played.y, params["rot"])
        text = about(tr, "toscana.story.place", seat, you, player=names[seat], where=where)
        picture = draw.tile_picture(tile, params["rot"], colour, size=14)
    else:
        text = words(tr, names, "toscana.log.pass", {"player": seat}, you)
        if tile:
            picture = draw.tile_picture(tile, 0, colour, size=14)
    notes = []
    if played.veto:
        other = 1 - seat
        notes.append(Note(other, about(tr, "toscana.story.veto", other, you, player=names[other])))
    last = queries.last_move(after)
    if last and last["round_end"]:
        ended = last["round_end"]
        colours = queries.seat_colours(before)
        notes.append(Note(None, tr("toscana.round_over", n=ended["round"])))
        for who in (0, 1):
            notes.append(
                Note(
                    who,
                    tr(
                        "toscana.round_score",
                        player=names[who],
                        colour=tr(f"toscana.colour.{colours[who]}"),
                        n=ended["scores"][who],
                    ),
                )
            )
    return Told(text, picture, tuple(notes))


def mark_markup(after: State) -> Markup:
    """The tile the move placed, on its spot; nothing for a pass."""
    last = queries.last_move(after)
    placed = last["placed"] if last else None
    if not placed:
        return ""
    return draw.mark_layer(last["tile"], placed["rot"], placed["x"], placed["y"], last["colour"])


def result_notes(state: State, tr: Translator) -> list[dict[str, str]]:
    """Under each round's points: the colour the player had in that round."""
    notes: list[dict[str, str]] = [{}, {}]
    for result in queries.round_results(state):
        for seat in (0, 1):
            colour = tr(f"toscana.colour.{result['colours'][seat]}")
            notes[seat][f"round {result['round']}"] = colour
    return notes
