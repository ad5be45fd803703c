"""Thurn und Taxis drawn in words, for playing without sight (pure): the keyboard's walk over the
map along its roads, and what a screen reader says of a city, of the chosen card and of the whole
board (the interface is game/view/controller.py's `spoken`, `piece_words`, `board_words`).

The walk: an arrow key goes along a road to the neighbouring city that lies in that direction
(at most WIDEST degrees off it); each arrow of a city leads to a city of its own, so a city with
up to four roads has each of them under a key. Page Down and Page Up go through all the roads of
a city one by one (clockwise from north), so every road can be walked; the map's roads join
every city, so every city can be reached.

The words say the city with its province, where it lies on your route, whether the chosen card
(or, with none chosen, a card of that city) fits an end of your route and which end, whose
houses stand there and where its roads lead, in that order: what decides a move comes first.
"""

import itertools
import math
from functools import cache
from typing import Any, NamedTuple

from game.view.i18n import Translator
from game.view.markup import esc, tag

from . import data, panel, queries
from .draw_map import PROVINCE_OF, XY
from .engine import Play

ARROWS = {"ArrowUp": (0, -1), "ArrowRight": (1, 0), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0)}
CYCLE = {"PageDown": 1, "PageUp": -1}  # the roads of a city one by one
WIDEST = 67.5  # degrees: how far off its direction an arrow still finds a road
# where the cursor starts when nothing else tells: the city nearest the middle of the map
MIDDLE = min(data.CITIES, key=lambda c: math.dist(XY[c], (300, 210)))


# ---- the walk ------------------------------------------------------------------------------
def _bearing(city: str, other: str) -> float:
    """Degrees clockwise from north (up on the map) from `city` to `other`."""
    (x0, y0), (x1, y1) = XY[city], XY[other]
    return math.degrees(math.atan2(x1 - x0, y0 - y1)) % 360


def _off(city: str, other: str, key: str) -> float:
    """How many degrees the road to `other` lies off the direction of arrow `key`."""
    dx, dy = ARROWS[key]
    facing = math.degrees(math.atan2(dx, -dy)) % 360
    return abs((_bearing(city, other) - facing + 180) % 360 - 180)


@cache
def roads(city: str) -> tuple[str, ...]:
    """The cities a road joins `city` to, clockwise from north."""
    mask = data.NEIGHBOURS[data.CITY_INDEX[city]]
    near = [data.CITIES[k] for k in range(data.N_CITIES) if mask >> k & 1]
    return tuple(sorted(near, key=lambda other: (_bearing(city, other), other)))


@cache
def arrows(city: str) -> dict[str, str]:
    """Arrow key -> the neighbouring city it leads to: as many arrows as can each have a city of
    their own within WIDEST degrees, then the smallest total angle."""
    keys = list(ARROWS)
    choices = [
        [None, *(other for other in roads(city) if _off(city, other, key) < WIDEST)] for key in keys
    ]
    best: tuple[tuple[int, float], tuple[str | None, ...]] | None = None
    for combo in itertools.product(*choices):
        taken = [c for c in combo if c is not None]
        if len(taken) != len(set(taken)):
            continue
        angle = sum(_off(city, c, k) for k, c in zip(keys, combo, strict=True) if c is not None)
        score = (-len(taken), angle)
        if best is None or score < best[0]:
            best = (score, combo)
    assert best is not None  # (no city at all is one of the combinations)
    return {key: c for key, c in zip(keys, best[1], strict=True) if c is not None}


def arrow_to(city: str, other: str) -> str | None:
    """The arrow key that leads from `city` to `other` (None: Page Down/Up reach it)."""
    return next((key for key, c in arrows(city).items() if c == other), None)


def order_of_roads(start: str) -> list[str]:
    """Every city, from `start` outwards along the roads (breadth first, clockwise)."""
    seen, queue = [start], [start]
    for city in queue:
        for other in roads(city):
            if other not in seen:
                seen.append(other)
                queue.append(other)
    return seen


# ---- what the person to move has and sees ------------------------------------------------------
class Mine(NamedTuple):
    """The turn of the person at the device, as the words need it (the controller makes it)."""

    seat: int  # the player to move
    viewer: int | None  # whose eyes: hand words only when they are the mover's
    phase: str  # queries.Step.phase
    route: list[str]  # the mover's route, left end first
    hand: list[str] | None  # the mover's hand (None: hidden from this viewer)
    chosen: str | None  # the card chosen to play
    takes: dict[str, int]  # city -> the open card's slot the mover may take now


def fit(tr: Translator, state: Any, mine: Mine, city: str) -> str:
    """Whether a card of `city` fits the mover's route and at which end (docs/rules/
    thurn-und-taxis.md, Playing a card: next to an end, joined by a road, each city once; any
    card starts an empty route)."""
    route = mine.route
    if not route:
        return tr("tnt.say.fit.start", city=city)
    if city in route:
        return tr("tnt.say.fit.in_route", city=city)
    ends = queries.ends(state, mine.seat, city)
    if not ends:
        return tr("tnt.say.fit.none", city=city)
    if len(ends) == 2:
        return tr("tnt.say.fit.both", city=city, left=route[0], right=route[-1])
    end = ends[0]
    return tr(f"tnt.say.fit.{end}", city=city, end=route[0] if end == "left" else route[-1])


def owners(tr: Translator, seats: list[int], viewer: int | None) -> str:
    """Seats as the map shows them ("red circle"); the viewer's own as "yours"."""
    return ", ".join(tr("tnt.say.yours") if s == viewer else tr(f"tnt.seat.{s}") for s in seats)


def arrow_word(tr: Translator, key: str) -> str:
    """An arrow key's direction in words ("up")."""
    return tr(f"tnt.say.key.{key}")


def road_list(tr: Translator, city: str) -> str:
    """The roads of `city`, each with the arrow that walks it."""
    return ", ".join(
        f"{other} ({arrow_word(tr, key)})" if key else other
        for other in roads(city)
        for key in (arrow_to(city, other),)
    )


def place(tr: Translator, mine: Mine, city: str) -> str:
    """Where `city` lies on the mover's route ("" when it does not)."""
    route = mine.route
    if city not in route:
        return ""
    if len(route) == 1:
        return tr("tnt.say.on_route.only")
    if city == route[0]:
        return tr("tnt.say.on_route.left")
    if city == route[-1]:
        return tr("tnt.say.on_route.right")
    return tr("tnt.say.on_route.middle")


def enter_does(tr: Translator, mine: Mine, city: str, ends: list[str]) -> str:
    """What Enter (a tap) at `city` would do in the play step ("" when nothing): `ends` are the
    ends where the chosen card may be played now."""
    chosen, route = mine.chosen, mine.route
    if mine.phase != "play":
        return ""
    if chosen is None:
        held = mine.hand is not None and city in mine.hand
        return tr("tnt.say.enter.choose", city=city) if held else ""
    if not route and city == chosen and ends:
        return tr("tnt.say.enter.start", city=chosen)
    for end, anchor in (
        ("left", route[0] if route else None),
        ("right", route[-1] if route else None),
    ):
        if end in ends and (city == anchor or (city == chosen and len(ends) == 1)):
            return tr(f"tnt.say.enter.{end}", city=chosen, end=anchor)
    return ""


def city_words(tr: Translator, state: Any, mine: Mine, city: str, ends: list[str]) -> str:
    """A city as the cursor finds it: its name and province, its place on the mover's route,
    whether the chosen card (else a card of this city) fits and what Enter does here, the open
    card or hand card of it, whose houses stand there, and its roads."""
    parts = [tr("tnt.say.city", city=city, province=PROVINCE_OF[city]), place(tr, mine, city)]
    if mine.chosen is not None:
        parts.append(
            tr("tnt.say.chosen", card=mine.chosen) + " " + fit(tr, state, mine, mine.chosen)
        )
    else:
        parts.append(fit(tr, state, mine, city))
    parts.append(enter_does(tr, mine, city, ends))
    if city in mine.takes:
        parts.append(tr("tnt.say.open", k=mine.takes[city] + 1))
    if mine.hand is not None and city in mine.hand and mine.chosen is None:
        parts.append(tr("tnt.say.in_hand", k=mine.hand.index(city) + 1))
    seats = [s for s in range(queries.seats(state)) if city in queries.houses(state, s)]
    parts.append(
        tr("tnt.say.houses", seats=owners(tr, seats, mine.viewer))
        if seats
        else tr("tnt.say.no_houses")
    )
    parts.append(tr("tnt.say.roads", n=len(roads(city)), cities=road_list(tr, city)))
    return " ".join(p for p in parts if p)


def card_words(tr: Translator, state: Any, mine: Mine) -> str:
    """The card in hand: the chosen one with where it fits; else the hand."""
    if mine.hand is None:
        return ""
    if mine.chosen is not None:
        city = mine.chosen
        return " ".join(
            (tr("tnt.say.city", city=city, province=PROVINCE_OF[city]), fit(tr, state, mine, city))
        )
    if not mine.hand:
        return tr("tnt.say.hand_empty")
    return tr("tnt.say.no_card", cards=", ".join(mine.hand))


def say(
    tr: Translator, state: Any, mine: Mine, sel: panel.Selection, said: tuple[Any, ...], cursor: str
) -> str:
    """The words for what the last input did (`said`, kept by the controller): the cursor's
    city after a move, why it did not move, the card or the way to close now chosen, what a
    refused Enter would need."""
    kind = said[0]
    ends = [e for e in ("left", "right") if mine.chosen and Play(mine.chosen, e) in sel.offered]
    if kind == "city":
        return city_words(tr, state, mine, cursor, ends)
    if kind == "road":
        _, hub, k = said
        head = tr("tnt.say.road_of", k=k + 1, n=len(roads(hub)), city=hub)
        return head + " " + city_words(tr, state, mine, cursor, ends)
    if kind == "no_road":
        where = arrow_word(tr, said[1])
        return " ".join(
            (
                tr("tnt.say.no_road_dir", city=cursor, dir=where),
                tr("tnt.say.roads", n=len(roads(cursor)), cities=road_list(tr, cursor)),
            )
        )
    if kind == "chosen" and mine.chosen is not None:
        card = f"{mine.chosen} ({PROVINCE_OF[mine.chosen]})"
        parts = (tr("tnt.say.chosen", card=card), fit(tr, state, mine, mine.chosen))
        return " ".join(w for w in (*parts, enter_does(tr, mine, cursor, ends)) if w)
    if kind == "kept":
        _, city, kept = said
        return tr("tnt.say.kept" if kept else "tnt.say.not_kept", city=city, n=len(sel.keep))
    if kind == "option":
        what, gains = panel.option_words(sel.closing[said[1]], mine.route, tr)
        return f"{tr('tnt.say.option', k=said[1] + 1, n=len(sel.closing))} {what}; {gains}."
    hint = panel.step_words(state, sel, tr)[1]
    if kind == "both_ends":
        return hint
    if kind == "nothing":
        return " ".join(w for w in (tr("tnt.say.nothing", city=cursor), hint) if w)
    return tr(f"tnt.say.{kind}")  # "let_go", "no_route"


# ---- the board described (a dialog of headings and lists) ----------------------------------------
def board_words(tr: Translator, state: Any, mine: Mine, names: list[str], cursor: str) -> str:
    """The roads from the cursor's city, each player's route and houses, the open cards, and
    every city with its roads in the order of the roads from there (markup)."""
    here = tag(
        "ul",
        *(
            tag(
                "li",
                esc(
                    f"{other} ({PROVINCE_OF[other]})" + (f", {arrow_word(tr, key)}" if key else "")
                ),
            )
            for other in roads(cursor)
            for key in (arrow_to(cursor, other),)
        ),
    )
    players = []
    for seat in range(queries.seats(state)):
        route = queries.route(state, seat)
        houses = queries.houses(state, seat)
        who = tr("tnt.say.player", player=names[seat], seat=tr(f"tnt.seat.{seat}"))
        lines = [
            tr("tnt.say.route", n=len(route), cities=" – ".join(route))
            if route
            else tr("tnt.say.no_route_of"),
            tr("tnt.say.houses_in", n=len(houses), cities=", ".join(houses))
            if houses
            else tr("tnt.say.no_houses_yet"),
        ]
        players.append(tag("li", esc(who), tag("ul", *(tag("li", esc(line)) for line in lines))))
    shown = []
    for slot, city in enumerate(queries.display(state)):
        if city is None:
            shown.append(tag("li", esc(tr("tnt.slot_empty"))))
            continue
        words = f"{city} ({PROVINCE_OF[city]})"
        if mine.hand is not None:
            words += ": " + fit(tr, state, mine, city)
        shown.append(tag("li", esc(words), value=slot + 1))
    every = tag(
        "ul",
        *(
            tag("li", esc(f"{city} ({PROVINCE_OF[city]}): " + ", ".join(roads(city))))
            for city in order_of_roads(cursor)
        ),
    )
    return (
        tag("h3", esc(tr("tnt.say.roads_from", city=cursor)))
        + here
        + tag("h3", esc(tr("tnt.players")))
        + tag("ul", *players)
        + tag("h3", esc(tr("tnt.display")))
        + tag("ol", *shown)
        + tag("p", esc(tr("tnt.pile") + ": " + tr("tnt.pile_count", n=queries.pile_size(state))))
        + tag("h3", esc(tr("tnt.say.every_city")))
        + every
    )
