"""What the Thurn und Taxis board tells of the match (game.view.story): each move's log entry -
the city card in its province's colour, the official called, the route as it grows, and what a
closed route earned (houses, carriage, bonus tiles; another seat's tile values stay face down,
as on the table) - and the move drawn on the map when a player points at its entry.

Entries are told from the viewer's views of the positions (game.view.story.shown), so a card
drawn blind is named only to the one who drew it."""

from typing import Any

from game.core.contract import JSON
from game.view.controller import Markup
from game.view.i18n import Translator
from game.view.markup import tag
from game.view.story import Note, Told, words

from . import draw, queries
from .draw_cards import tile_name
from .engine import GAME, Abandon, Close, Draw, Play


def chip(city: str) -> Markup:
    """A city card in small: its province's colour band (the sentence names the city)."""
    province = draw.PROVINCE_OF[city]
    return tag(
        "span",
        tag("span", "", class_="tnt-band"),
        class_=f"tnt-chip tnt-p{draw.PROVINCE_INDEX[province]}",
        title=f"{city} ({province})",
        aria_hidden="true",
    )


def _drawn_blind(before: Any, after: Any, seat: int) -> str | None:
    """The card `seat` drew from the pile (the views must show that seat's hand)."""
    left = queries.hand(before, seat)
    for city in queries.hand(after, seat):
        if city in left:
            left.remove(city)
        else:
            return city
    return None


def tell(
    before: Any,
    move: JSON,
    after: Any,
    viewer: int | None,
    names: list[str],
    tr: Translator,
    you: int | None,
) -> Told:
    """The move's entry told to `viewer`; the person at this device (`you`) is spoken to."""
    key, params = GAME.describe_move(before, move)
    text = words(tr, names, key, params, you)
    played = GAME.parse_move(move)
    seat = GAME.current_player(before)
    assert seat is not None  # somebody played it
    picture = ""
    notes: list[Note] = []
    if isinstance(played, Draw):
        if played.source == "deck":
            city = _drawn_blind(before, after, seat) if viewer == seat else None
            if city:
                notes.append(Note(seat, tr("tnt.story.you_drew", city=city)))
        elif params.get("city"):
            picture = chip(params["city"])
    elif isinstance(played, Play):
        picture = chip(played.city)
        notes.append(
            Note(None, tr("tnt.story.route", cities=" – ".join(queries.route(after, seat))))
        )
    elif isinstance(played, Close):
        record = queries.closings(after)[-1]
        if record["houses"]:
            notes.append(Note(seat, tr("tnt.story.houses", cities=", ".join(record["houses"]))))
        if record["carriage"]:
            notes.append(Note(seat, tr("tnt.story.carriage", value=record["carriage"])))
        for bonus in record["bonuses"]:
            name = tile_name(tr, bonus["tile"])
            if bonus["value"] is None:
                notes.append(Note(seat, tr("tnt.story.bonus_hidden", tile=name)))
            else:
                notes.append(Note(seat, tr("tnt.story.bonus", tile=name, value=bonus["value"])))
        if record["game_end"]:
            notes.append(Note(seat, tr(f"tnt.story.game_end.{record['game_end']}")))
    return Told(text, picture, tuple(notes))


def mark_markup(before: Any, move: JSON, after: Any) -> Markup:
    """The city taken from the open cards, the card played (with the route it joined), the
    houses a closed route built (with that route), the route given up; nothing for a draw from
    the pile, an official, an end of turn or a discard (nothing of it lies on the map)."""
    played = GAME.parse_move(move)
    seat = GAME.current_player(before)
    assert seat is not None  # somebody played it
    if isinstance(played, Draw) and isinstance(played.source, int):  # an open card
        city = queries.display(before)[played.source]
        return draw.mark_layer(seat, [], [city] if city else [])
    if isinstance(played, Play):
        return draw.mark_layer(seat, queries.route(after, seat), [played.city])
    if isinstance(played, Close):
        return draw.mark_layer(seat, queries.route(before, seat), list(played.houses))
    if isinstance(played, Abandon):
        return draw.mark_layer(seat, queries.route(before, seat), [])
    return ""
