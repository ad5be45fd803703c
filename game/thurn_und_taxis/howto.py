"""How to play Thurn und Taxis (game.view.howto): the sections and their example boards.

The examples follow one short game of two (red first, then blue) from a fixed deck (option
`deck`: the first six cards are the open cards, the rest the pile, top first), played through the
engine: red builds Mannheim - Carlsruhe - Freiburg (two cards in one turn with the Postal
Carrier), adds Basel and chooses where the houses go. The closing choices shown are the engine's
own (`queries.closing_options`), and so are the bonus tile and the carriage the closing earns.
"""

from functools import cache

from game.view.howto import Example, Section, picture, play
from game.view.i18n import Translator
from game.view.markup import esc, tag

from . import data, draw, queries
from .draw_cards import card
from .draw_map import XY, H, W, fmt
from .engine import GAME

RED, BLUE = 0, 1
DECK = [
    *("Mannheim", "Carlsruhe", "Freiburg", "Basel", "Ulm", "Passau"),  # the open cards
    *("Linz", "Pilsen", "Zürich", "Lodz", "Augsburg", "Kempten", "Innsbruck", "München"),
    *("Regensburg", "Budweis", "Salzburg"),
]
MOVES = [
    # red: an empty hand, so the Postmaster helps: two open cards; Mannheim starts the route
    {"draw": 0},
    {"draw": 1},
    {"play": "Mannheim", "end": "right"},
    {"pass": True},
    # blue: two cards from the pile, starts in Zürich
    {"draw": "deck"},
    {"draw": "deck"},
    {"play": "Zürich", "end": "right"},
    {"pass": True},
    # red: Freiburg from the open cards; the Postal Carrier: Carlsruhe and Freiburg in one turn
    {"draw": 2},
    {"official": "carrier"},
    {"play": "Carlsruhe", "end": "right"},
    {"play": "Freiburg", "end": "right"},
    {"pass": True},
    # blue: Kempten joins Zürich
    {"draw": "deck"},
    {"play": "Kempten", "end": "right"},
    {"pass": True},
    # red: Basel at the Freiburg end, a route of four cards to close
    {"draw": 3},
    {"draw": 4},
    {"play": "Basel", "end": "right"},
]
AFTER_CARRIER = 12  # positions: after red's second card with the Postal Carrier
RED_TURN_3 = 16  # red's third turn begins
TO_CLOSE = len(MOVES)  # red's route of four, to be closed


@cache
def positions():
    states = play(GAME, MOVES, deck=DECK)
    options = queries.closing_options(states[-1], RED)
    everything = max(options, key=lambda option: len(option["houses"]))
    return [
        *states,
        GAME.apply(states[-1], GAME.parse_move({"close": {"houses": everything["houses"]}})),
    ]


def closing_choices():
    """The engine's closing options for red's route: all of one province, one per province."""
    options = queries.closing_options(positions()[TO_CLOSE], RED)
    whole = max(options, key=lambda option: len(option["houses"]))
    spread = max(
        options,
        key=lambda option: (len({draw.PROVINCE_OF[c] for c in option["houses"]}), option["houses"]),
    )
    return whole, spread


def _viewbox(cities, pad=34):
    """Around `cities`, with room for their names, at least as wide as 4:3 and inside the map."""
    xs = [XY[c][0] for c in cities]
    ys = [XY[c][1] for c in cities]
    w = max(max(xs) - min(xs) + 2 * pad + 60, (max(ys) - min(ys) + 2 * pad) * 4 / 3)
    h = max(max(ys) - min(ys) + 2 * pad, w * 3 / 4)
    x0 = min(max((min(xs) + max(xs) - w) / 2, 0), W - w)
    y0 = min(max((min(ys) + max(ys) - h) / 2, 0), H - h)
    return " ".join(fmt(v) for v in (x0, y0, w, h))


def _map(state, cities, extra=""):
    """The part of the map around `cities`, with every route and house of `state`."""
    seats = range(queries.seats(state))
    routes = [queries.route(state, seat) for seat in seats]
    houses = [queries.houses(state, seat) for seat in seats]
    mover = GAME.current_player(state)
    return picture(
        _viewbox(cities),
        draw.map_layer()
        + draw.routes_layer(routes, mover)
        + draw.houses_layer(houses)
        + draw.cities_layer()
        + extra,
        "tnt-howto-map",
    )


# ---- the examples ----------------------------------------------------------------------------
def display_example(tr: Translator) -> str:
    """The six open cards and the pile at the start of the game."""
    state = positions()[0]
    cards = [card(tr, city) for city in queries.display(state) if city is not None]
    pile = tag(
        "span",
        tag("span", esc(tr("tnt.pile")), class_="tnt-pile-name"),
        tag("span", esc(tr("tnt.pile_count", n=queries.pile_size(state))), class_="tnt-pile-n"),
        class_="tnt-card tnt-pile",
    )
    return tag("div", *cards, pile, class_="tnt-cards tnt-display gt-howto-panel")


def blue_turn_example(tr: Translator) -> str:
    """Blue's second turn: a card from the pile, played at the end of blue's route."""
    state = positions()[RED_TURN_3]
    route = queries.route(state, BLUE)
    return _map(state, [*route, "Ulm", "Basel"], draw.rings([route[-1]], "tnt-fit"))


def route_example(tr: Translator) -> str:
    """Red's route of three; Basel joins Freiburg by a road, so it may go at that end."""
    state = positions()[RED_TURN_3]
    route = queries.route(state, RED)
    ends = draw.rings([route[0], route[-1]], "tnt-target")
    extra = ends + draw.preview_line(route[-1], "Basel", RED)
    return _map(state, [*route, "Basel", "Zürich"], extra)


def carrier_example(tr: Translator) -> str:
    """The Postal Carrier's turn: Carlsruhe and Freiburg joined red's route in one turn."""
    state = positions()[AFTER_CARRIER]
    route = queries.route(state, RED)
    return _map(state, route, draw.rings(route[1:], "tnt-fit"))


def closing_example(which):
    def example(tr: Translator) -> str:
        option = closing_choices()[which]
        state = positions()[TO_CLOSE]
        return _map(state, queries.route(state, RED), draw.ghost_houses(RED, option["houses"]))

    return example


def bonus_example(tr: Translator) -> str:
    """After the closing: red's houses fill Baden."""
    state = positions()[-1]
    return _map(state, data.PROVINCES["Baden"] + ("Basel",))


def carriages_example(tr: Translator) -> str:
    """The carriage cards: the size each needs and what it is worth at the end."""
    return tag(
        "div",
        *(
            tag(
                "span",
                tag("span", str(value), class_="tnt-carriage-value"),
                tag(
                    "span",
                    esc(tr("tnt.howto.carriage_points", n=points)),
                    class_="tnt-carriage-points",
                ),
                class_="tnt-carriage",
            )
            for value, points in data.CARRIAGE_POINTS.items()
        ),
        class_="tnt-carriages gt-howto-panel",
    )


def closing_params():
    whole, spread = closing_choices()
    province = draw.PROVINCE_OF[whole["houses"][0]]
    return (
        {"n": len(whole["houses"]), "province": province},
        {"n": len(spread["houses"])},
    )


# ---- the sections -----------------------------------------------------------------------------
def sections() -> list[Section]:
    whole, spread = closing_params()
    after = positions()[-1]
    tiles = queries.tiles(after, RED)  # the whole state: every tile face up
    assert not isinstance(tiles, queries.FaceDown)
    ((_, value), *_) = tiles
    return [
        Section("goal", "tnt.howto.goal", ("tnt.howto.goal.1",)),
        Section(
            "turn",
            "tnt.howto.turn",
            ("tnt.howto.turn.1", "tnt.howto.turn.2", "tnt.howto.turn.3"),
            (
                Example("tnt.howto.display_caption", display_example),
                Example("tnt.howto.blue_turn_caption", blue_turn_example),
            ),
        ),
        Section(
            "route",
            "tnt.howto.route",
            ("tnt.howto.route.1", "tnt.howto.route.2"),
            (Example("tnt.howto.route_caption", route_example),),
        ),
        Section(
            "officials",
            "tnt.howto.officials",
            (
                "tnt.howto.officials.1",
                "tnt.howto.officials.postmaster",
                "tnt.howto.officials.carrier",
                "tnt.howto.officials.administrator",
                "tnt.howto.officials.cartwright",
            ),
            (Example("tnt.howto.carrier_caption", carrier_example),),
        ),
        Section(
            "closing",
            "tnt.howto.closing",
            ("tnt.howto.closing.1", "tnt.howto.closing.2", "tnt.howto.closing.3"),
            (
                Example("tnt.howto.close_whole", closing_example(0), whole),
                Example("tnt.howto.close_spread", closing_example(1), spread),
            ),
        ),
        Section(
            "bonuses",
            "tnt.howto.bonuses",
            ("tnt.howto.bonuses.1", "tnt.howto.bonuses.2", "tnt.howto.bonuses.3"),
            (Example("tnt.howto.bonus_caption", bonus_example, {"value": value}),),
        ),
        Section(
            "carriages",
            "tnt.howto.carriages",
            ("tnt.howto.carriages.1", "tnt.howto.carriages.2"),
            (
                Example(
                    "tnt.howto.carriage_caption",
                    carriages_example,
                    {
                        "n": len(queries.route(positions()[TO_CLOSE], RED)),
                        "value": queries.carriage(after, RED),
                    },
                ),
            ),
        ),
        Section("end", "tnt.howto.end", ("tnt.howto.end.1", "tnt.howto.end.2")),
        Section(
            "keys", "tnt.howto.keys", ("tnt.howto.keys.1", "tnt.howto.keys.2", "tnt.howto.keys.3")
        ),
    ]


def topic(step: queries.Step) -> str | None:
    """The section that explains the step of the turn."""
    if step.phase == "over":
        return None
    if step.phase == "draw":
        return "officials" if step.forced_postmaster else "turn"
    return {"play": "route", "close": "closing", "discard": "closing"}[step.phase]


OPTION_TOPICS = {"all_provinces_includes_baiern": "bonuses"}
