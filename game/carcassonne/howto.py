"""How to play Carcassonne + The Courier (game.view.howto): the sections and their example boards.

Each example is a real game: a fixed deck (option `deck`) and moves played through the engine,
drawn with draw.py's layers. The points in a caption are the engine's score events of the
position, never typed in. Scenarios without the Courier play with option courier "off", so no
message changes what they show. Each scenario leaves a tile in the deck, so the game is still on
and the last turn's scoring is what the board shows (the farm example ends the game on purpose).
"""

from functools import cache
from typing import Any

from game.view.howto import Example, Section, picture, play
from game.view.i18n import Translator
from game.view.markup import tag

from . import draw, queries
from .draw_tiles import T, fmt, spot
from .engine import GAME

PAD = 30  # room around the tiles for the +N badges


def _move(x, y, rot, meeple=None):
    return {"x": x, "y": y, "rot": rot, "meeple": meeple}


# Each scenario: (options, moves). Seat 0 (red) moves first, then seat 1 (blue), in turn.
SCENARIOS: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {
    # red: a knight in the start tile's city; blue: a monk; red: a thief; blue: a farmer
    "followers": (
        {"courier": "off", "deck": ["M", "B", "V", "U", "E"]},
        [
            _move(0, -1, 2, "c1"),
            _move(0, 1, 0, "monastery"),
            _move(1, 0, 0, "r1"),
            _move(-1, 0, 1, "f1"),
        ],
    ),
    # red's thief on the start road; blue's tile closes the road's other end
    "road": (
        {"courier": "off", "deck": ["W", "W", "U"]},
        [_move(1, 0, 0, "r3"), _move(-1, 0, 2)],
    ),
    # red's knight in a city with a shield; blue's tile closes it
    "city": (
        {"courier": "off", "deck": ["M", "E", "U"]},
        [_move(0, -1, 2, "c1"), _move(-1, -1, 1)],
    ),
    # red's monk, then the eight squares around the monastery filled
    "monastery": (
        {"courier": "off", "deck": ["B", "U", "U", "V", "V", "U", "U", "E", "U"]},
        [
            _move(0, 1, 0, "monastery"),
            _move(1, 0, 1),
            _move(-1, 0, 1),
            _move(1, 1, 3),
            _move(-1, 1, 0),
            _move(1, 2, 0),
            _move(-1, 2, 0),
            _move(0, 2, 2),
        ],
    ),
    # red closes a small city; blue's farmer lies in the field next to it; the deck ends
    "farm": (
        {"courier": "off", "deck": ["E", "V"]},
        [_move(0, -1, 2), _move(1, 0, 0, "f2")],
    ),
    # the Courier on the start tile; blue's thief out of his lines; red's knight in his column
    "courier": (
        {"deck": ["V", "U", "O", "U"]},
        [_move(1, 0, 0), _move(1, -1, 1, "r1"), _move(0, -1, 3, "c1")],
    ),
}


@cache
def positions(name):
    options, moves = SCENARIOS[name]
    return play(GAME, moves, **options)


def events(name):
    """What the scenario's last turn scored (the farm scenario: final scoring)."""
    state = positions(name)[-1]
    return queries.final_events(state) if name == "farm" else queries.score_events(state)


def _viewbox(placed, margin=1):
    xs = [x for x, _, _, _ in placed]
    ys = [y for _, y, _, _ in placed]
    x0, y0 = (min(xs) - margin) * T - PAD, (min(ys) - margin) * T - PAD
    w = (max(xs) - min(xs) + 1 + 2 * margin) * T + 2 * PAD
    h = (max(ys) - min(ys) + 1 + 2 * margin) * T + 2 * PAD
    return " ".join(fmt(v) for v in (x0, y0, w, h))


def board(state, scored=(), extra="", margin=0):
    """A position as the table draws it: tiles, followers, the Courier, what `scored` gave."""
    placed = queries.placed_tiles(state)
    square_of = {(x, y): (tile, rot) for x, y, tile, rot in placed}
    meeples = []
    for seat, x, y, fid in queries.meeples_on_board(state):
        tile, rot = square_of[(x, y)]
        meeples.append((seat, x, y, tile, rot, fid, queries.feature_kinds(tile)[fid]))
    courier = queries.courier_position(state)
    avoid = [
        spot(tile, rot, fid, x, y) for _, x, y, tile, rot, fid, _ in meeples if (x, y) == courier
    ]
    highlights, badges = draw.scored_layers(state, list(scored), square_of)
    return picture(
        _viewbox(placed, margin),
        draw.tiles_layer(placed)
        + tag("g", highlights, class_="car-events")
        + draw.meeples_layer(meeples)
        + draw.courier_layer(courier, avoid)
        + extra
        + tag("g", badges, class_="car-badges"),
        "car-howto-board",
    )


# ---- the examples ----------------------------------------------------------------------------
def placing_example(tr: Translator) -> str:
    """The drawn tile and the squares where it fits (some turn of it fits each marked square)."""
    state = positions("followers")[1]
    fits = queries.legal_positions(state)
    squares = sorted({square for turns in fits.values() for square in turns})
    rot = next(r for r in range(4) if fits[r])
    x, y = fits[rot][0]
    preview = draw.preview_layer(queries.current_tile(state), rot, x, y, True, False)
    return board(state, extra=draw.hints_layer(squares, fits[rot]) + preview, margin=1)


def scored_example(name):
    def example(tr: Translator) -> str:
        return board(positions(name)[-1], events(name))

    return example


def followers_example(tr: Translator) -> str:
    return board(positions("followers")[-1])


def reach_example(tr: Translator) -> str:
    """Where a follower calls the Courier: his row and his column."""
    state = positions("courier")[2]
    placed = queries.placed_tiles(state)
    xs = [x for x, _, _, _ in placed]
    ys = [y for _, y, _, _ in placed]
    box = (min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1)
    reach = draw.courier_reach_layer(queries.courier_position(state), "line", box)
    return board(state, extra=reach, margin=1)


def points(name, kind=None):
    """The points the scenario's last turn gave (of one kind of feature, if given)."""
    return sum(e.points for e in events(name) if kind is None or e.kind == kind)


# ---- the sections -----------------------------------------------------------------------------
def sections() -> list[Section]:
    return [
        Section("goal", "carcassonne.howto.goal", ("carcassonne.howto.goal.1",)),
        Section(
            "turn",
            "carcassonne.howto.turn",
            ("carcassonne.howto.turn.1", "carcassonne.howto.turn.2", "carcassonne.howto.turn.3"),
            (Example("carcassonne.howto.turn_caption", placing_example),),
        ),
        Section(
            "followers",
            "carcassonne.howto.followers",
            ("carcassonne.howto.followers.1", "carcassonne.howto.followers.2"),
            (Example("carcassonne.howto.followers_caption", followers_example),),
        ),
        Section(
            "roads",
            "carcassonne.howto.roads",
            ("carcassonne.howto.roads.1", "carcassonne.howto.majority"),
            (
                Example(
                    "carcassonne.howto.road_caption", scored_example("road"), {"n": points("road")}
                ),
            ),
        ),
        Section(
            "cities",
            "carcassonne.howto.cities",
            ("carcassonne.howto.cities.1", "carcassonne.howto.cities.2"),
            (
                Example(
                    "carcassonne.howto.city_caption", scored_example("city"), {"n": points("city")}
                ),
            ),
        ),
        Section(
            "monasteries",
            "carcassonne.howto.monasteries",
            ("carcassonne.howto.monasteries.1",),
            (
                Example(
                    "carcassonne.howto.monastery_caption",
                    scored_example("monastery"),
                    {"n": points("monastery")},
                ),
            ),
        ),
        Section(
            "farms",
            "carcassonne.howto.farms",
            ("carcassonne.howto.farms.1", "carcassonne.howto.farms.2"),
            (
                Example(
                    "carcassonne.howto.farm_caption", scored_example("farm"), {"n": points("farm")}
                ),
            ),
        ),
        Section(
            "end",
            "carcassonne.howto.end",
            ("carcassonne.howto.end.1", "carcassonne.howto.end.2"),
        ),
        Section(
            "courier",
            "carcassonne.howto.courier",
            (
                "carcassonne.howto.courier.1",
                "carcassonne.howto.courier.2",
                "carcassonne.howto.courier.3",
                "carcassonne.howto.courier.4",
            ),
            (
                Example("carcassonne.howto.reach_caption", reach_example),
                Example(
                    "carcassonne.howto.message_caption",
                    scored_example("courier"),
                    {
                        "n": points("courier"),
                        "city": points("courier", "city"),
                        "road": points("courier", "road"),
                    },
                ),
            ),
        ),
        Section(
            "keys",
            "carcassonne.howto.keys",
            (
                "carcassonne.howto.keys.1",
                "carcassonne.howto.keys.2",
                "carcassonne.howto.keys.3",
                "carcassonne.howto.keys.4",
            ),
        ),
    ]


def topic(board_step: str) -> str:
    """The section that explains the step: placing the tile, or the follower."""
    return "followers" if board_step == "follower" else "turn"


OPTION_TOPICS = {
    "courier": "courier",
    "courier_reach": "courier",
    "courier_scoring": "courier",
    "courier_farmers": "courier",
    "tiny_city": "cities",
}
