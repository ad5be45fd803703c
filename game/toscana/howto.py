"""How to play Toscana (game.view.howto): the sections and their example boards.

Every example is a real position: fixed piles (option `piles`) and placements chosen among the
engine's legal ones (`queries.legal_placements`), drawn with draw.py. Each caption's numbers come
from the position (scores counted by the engine's own scoring), never typed in.
"""

from functools import cache

from game.view.howto import Example, Section, picture, play
from game.view.i18n import Translator
from game.view.markup import tag

from . import draw, queries
from .data import CENTRE, SIZE, footprint
from .engine import GAME

# the piles of the examples (top first): seat 0 paves, seat 1 builds roofs (round 1)
PILES = [
    ["T04", "T13", "T08", "T06", "T16", "T02", "T11", "T01"],
    ["T01", "T09", "T03", "T14", "T07", "T10", "T05", "T12"],
]


def _compact(state):
    """The legal placement that keeps the town tightest: its middle nearest the centre (ties:
    the engine's order). Examples stay small and every move is one the rules allow."""

    def spread(spot):
        x, y, rot = spot
        width, height = footprint(rot)
        return (2 * x + width - 2 * CENTRE[0] - 1) ** 2 + (2 * y + height - 2 * CENTRE[1] - 1) ** 2

    x, y, rot = min(queries.legal_placements(state), key=spread)
    return {"x": x, "y": y, "rot": rot}


@cache
def positions():
    """Round 1 of the example piles, each player placing as tightly as they may."""
    return play(GAME, [_compact] * 12, piles=PILES)


def _box(placements, extra=()):
    """The viewBox around the placed tiles (and `extra` cells), one cell of board around them."""
    cells = [
        (cx, cy) for seat, tile, x, y, rot in placements for cx, cy, _ in _cells(tile, rot, x, y)
    ]
    cells += list(extra)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    x0, y0 = max(min(xs) - 1, 0), max(min(ys) - 1, 0)
    x1, y1 = min(max(xs) + 2, SIZE), min(max(ys) + 2, SIZE)
    c = draw.CELL
    return f"{x0 * c - 1} {y0 * c - 1} {(x1 - x0) * c + 2} {(y1 - y0) * c + 2}"


def _cells(tile, rot, x, y):
    return queries.placement_cells(tile, rot, x, y, "paving")


def _board(state, extra=""):
    placements = queries.round_placements(state, 1)
    return draw.board_layer() + draw.tiles_layer(placements, queries.seat_colours(state, 1)) + extra


# ---- the examples ----------------------------------------------------------------------------
def tiles_example(tr: Translator) -> str:
    """A paving tile and a roof tile, side by side."""
    return tag(
        "div",
        draw.tile_picture("T06", 0, "paving", size=56, label=tr("toscana.colour.paving")),
        draw.tile_picture("T06", 0, "roof", size=56, label=tr("toscana.colour.roof")),
        class_="tos-howto-tiles",
    )


def first_tile_example(tr: Translator) -> str:
    """The first tile of the round on the marked centre square."""
    state = positions()[1]
    placements = queries.round_placements(state, 1)
    around = [(CENTRE[0] - 2, CENTRE[1] - 2), (CENTRE[0] + 2, CENTRE[1] + 2)]
    return picture(_box(placements, around), _board(state))


# the fault of a spot next to the town under the default touching rule (option contact)
UNTOUCHED = "touch_tile" if GAME.options["contact"].default == "own-new" else "touch"


@cache
def touching_spots():
    """In the position after four tiles: a spot where the next tile may go, and one next to
    the town where it may not (only the new tile's other colour touches the town there)."""
    state = positions()[4]
    legal = _compact(state)
    near = []
    for y in range(SIZE):
        for x in range(SIZE):
            for rot in (0, 1):
                if queries.placement_problem(state, x, y, rot) == UNTOUCHED:
                    width, height = footprint(rot)
                    mid = (2 * x + width - 2 * legal["x"]) ** 2 + (
                        2 * y + height - 2 * legal["y"]
                    ) ** 2
                    near.append((mid, y, x, rot))
    _, y, x, rot = min(near)
    return state, legal, {"x": x, "y": y, "rot": rot}


def touching_example(legal: bool):
    def example(tr: Translator) -> str:
        state, good, bad = touching_spots()
        spot = good if legal else bad
        tile = queries.top_tiles(state)[GAME.current_player(state)]
        colour = queries.seat_colours(state)[GAME.current_player(state)]
        preview = draw.preview_layer(tile, spot["rot"], spot["x"], spot["y"], colour, legal, False)
        placements = queries.round_placements(state, 1)
        cells = [(cx, cy) for cx, cy, _ in _cells(tile, spot["rot"], spot["x"], spot["y"])]
        return picture(_box(placements, cells), _board(state, preview))

    return example


def areas_example(tr: Translator) -> str:
    """The town at the end of the examples, both largest areas outlined, their tiles counted."""
    state = positions()[-1]
    placements = queries.round_placements(state, 1)
    colours = queries.seat_colours(state, 1)
    areas = queries.largest_areas(placements, 1)
    layer = draw.areas_layer(areas, placements, colours, scores(), mask_id="tos-howto-mask")
    return picture(_box(placements), _board(state, layer))


def scores():
    """[paving, roof] points of the example town: tiles in each largest area."""
    return queries.round_scores(queries.round_placements(positions()[-1], 1), 1)


def veto_example(tr: Translator) -> str:
    """The opponent's pile, top first: the visible top tile goes under the pile."""
    state = positions()[4]
    mover = GAME.current_player(state)
    assert mover is not None
    top = queries.top_tiles(state)[1 - mover]
    colour = queries.seat_colours(state)[1 - mover]
    return tag(
        "div",
        tag("span", draw.tile_picture(top, 0, colour, size=44), class_="tos-faded"),
        tag("span", "→ … →", class_="tos-howto-pile", aria_hidden="true"),
        draw.tile_picture(top, 0, colour, size=44),
        class_="tos-howto-tiles",
    )


# ---- the sections -----------------------------------------------------------------------------
def sections() -> list[Section]:
    paving, roof = scores()
    return [
        Section(
            "goal",
            "toscana.howto.goal",
            ("toscana.howto.goal.1", "toscana.howto.goal.2"),
            (Example("toscana.howto.tiles_caption", tiles_example),),
        ),
        Section(
            "turn",
            "toscana.howto.turn",
            ("toscana.howto.turn.1", "toscana.howto.turn.2"),
            (Example("toscana.howto.first_caption", first_tile_example),),
        ),
        Section(
            "touching",
            "toscana.howto.touching",
            ("toscana.howto.touching.1", "toscana.howto.touching.2", "toscana.howto.touching.3"),
            (
                Example("toscana.howto.touch_ok", touching_example(True)),
                Example("toscana.howto.touch_bad", touching_example(False)),
            ),
        ),
        Section(
            "veto",
            "toscana.howto.veto",
            ("toscana.howto.veto.1", "toscana.howto.veto.2"),
            (Example("toscana.howto.veto_caption", veto_example),),
        ),
        Section("pass", "toscana.howto.pass", ("toscana.howto.pass.1",)),
        Section(
            "scoring",
            "toscana.howto.scoring",
            ("toscana.howto.scoring.1", "toscana.howto.scoring.2"),
            (
                Example(
                    "toscana.howto.areas_caption",
                    areas_example,
                    {"paving": paving, "roof": roof},
                ),
            ),
        ),
        Section("match", "toscana.howto.match", ("toscana.howto.match.1",)),
        Section(
            "keys",
            "toscana.howto.keys",
            ("toscana.howto.keys.1", "toscana.howto.keys.2", "toscana.howto.keys.3"),
        ),
    ]


def topic(state, must_pass: bool) -> str | None:
    """The section that explains the mover's step: passing, the first tile, or touching."""
    if GAME.current_player(state) is None:
        return None
    if must_pass:
        return "pass"
    return "turn" if not queries.round_placements(state) else "touching"


OPTION_TOPICS = {"contact": "touching"}
