"""Toscana drawn in words, for playing without sight: a square and what lies on it, the tile
in hand square by square, whether it fits on a spot and why not, and the whole board on
request. Pure functions of values (the state is read through queries.py); the controller
(controller.py) decides when which words are said.

Squares are named as the board's edges and the log name them: column letter, row number ("I9").
"""

from game.view.markup import esc, tag

from . import queries
from .data import CENTRE, SIZE, footprint
from .draw import cell_name

DIRECTIONS = (("up", 0, -1), ("down", 0, 1), ("left", -1, 0), ("right", 1, 0))
NEARBY = 4  # fitting spots listed in the board's description


def span(tr, x, y, rot):
    """The squares a tile turned `rot` covers from (x, y), corner to corner: "G9 to J10"."""
    width, height = footprint(rot)
    return tr(
        "toscana.say.span", start=cell_name(x, y), end=cell_name(x + width - 1, y + height - 1)
    )


def grid(state):
    """Rows (y) of squares (x) of the board shown: None or the colour name lying there."""
    round_no = queries.board_round(state)
    cells = queries.board_cells(queries.round_placements(state, round_no), round_no)
    return [[cell and cell[0] for cell in row] for row in cells]


def square(tr, board, x, y):
    """What lies on square (x, y) of `board` (a `grid`): roof, paving or empty, and the mark of
    the centre square."""
    what = tr(f"toscana.say.cell.{board[y][x] or 'empty'}")
    return tr("toscana.say.centre", what=what) if (x, y) == CENTRE else what


def at(tr, board, x, y):
    """ "I9: empty, the marked centre square." """
    return tr("toscana.say.at", square=cell_name(x, y), what=square(tr, board, x, y))


def _line(tr, colours):
    """Four squares of a tile, in order: "roof, paving, paving, paving" or "paving only"."""
    if len(set(colours)) == 1:  # membership only
        return tr(f"toscana.say.only.{colours[0]}")
    return ", ".join(tr(f"toscana.say.cell.{colour}") for colour in colours)


def shape(tr, tile, rot, colour):
    """The tile (of the `colour` set) turned `rot`, square by square: lying, its two rows left
    to right; standing, its two columns top to bottom."""
    cells = {(x, y): c for x, y, c in queries.placement_cells(tile, rot, 0, 0, colour)}
    width, height = footprint(rot)
    if width > height:
        rows = [_line(tr, [cells[x, y] for x in range(width)]) for y in range(height)]
        return tr("toscana.say.lying", top=rows[0], bottom=rows[1])
    columns = [_line(tr, [cells[x, y] for y in range(height)]) for x in range(width)]
    return tr("toscana.say.standing", left=columns[0], right=columns[1])


def piece(tr, tile, rot, colour):
    """The tile in hand: "Your tile (paving). Lying, 4 squares wide. Top row: ..." """
    return tr(
        "toscana.say.tile",
        colour=tr(f"toscana.colour.{colour}"),
        shape=shape(tr, tile, rot, colour),
    )


def why(tr, fault):
    """A refusal (queries.placement_problem's code) as one short phrase."""
    return tr(f"toscana.say.why.{fault}", centre=cell_name(*CENTRE))


def area_after(state, seat, tile, x, y, rot):
    """The tiles `seat`'s largest area would have with `tile` placed there (docs/rules/toscana.md,
    Scoring: the tiles of both sets with a square in the largest area)."""
    round_no = queries.board_round(state)
    placements = queries.round_placements(state, round_no) + [(seat, tile, x, y, rot)]
    return queries.round_scores(placements, round_no)[seat]


def fit(tr, state, seat, tile, x, y, rot):
    """Whether the tile fits on the spot, and if not why; if it does, what it makes of the
    player's largest area."""
    where = span(tr, x, y, rot)
    fault = queries.placement_problem(state, x, y, rot)
    if fault is not None:
        return tr("toscana.say.no", where=where, why=why(tr, fault))
    return tr("toscana.say.fits", where=where, n=area_after(state, seat, tile, x, y, rot))


def relative(tr, dx, dy):
    """Where a square lies from the cursor: "3 up, 1 left" ("here" for the cursor itself)."""
    parts = [
        tr(f"toscana.say.rel.{name}", n=abs(d))
        for name, d in (("up", -dy), ("down", dy), ("left", -dx), ("right", dx))
        if d > 0
    ]
    return ", ".join(parts) or tr("toscana.say.rel.here")


def look(tr, board, x, y, step):
    """From (x, y) in one direction: how many free squares, then what (a colour or the edge)."""
    name, dx, dy = step
    free = 0
    while True:
        x, y = x + dx, y + dy
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            then = tr("toscana.say.the_edge")
            break
        if board[y][x]:
            then = tr(f"toscana.say.cell.{board[y][x]}")
            break
        free += 1
    key = "toscana.say.free" if free else "toscana.say.next"
    return tr(key, dir=tr(f"toscana.say.dir.{name}"), n=free, then=then)


def _extent(cells):
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return cell_name(min(xs), min(ys)), cell_name(max(xs), max(ys))


def board(state, names, tr, cursor, rot, seat):
    """The board on request: the town, each player's largest area (its size and extent), the
    free squares around the cursor (`cursor`: the tile's top-left square, or None) and, for the
    player to move (`seat`, None: nobody), the spots nearby where the tile fits turned `rot`."""
    round_no = queries.board_round(state)
    placements = queries.round_placements(state, round_no)
    board_now = grid(state)
    if placements:
        covered = [(x, y) for y in range(SIZE) for x in range(SIZE) if board_now[y][x]]
        start, end = _extent(covered)
        town = tr("toscana.say.town", n=len(placements), start=start, end=end)
    else:
        town = tr("toscana.say.empty_board", centre=cell_name(*CENTRE))
    colours = queries.seat_colours(state, round_no)
    areas = queries.largest_areas(placements, round_no)
    lines = []
    for who in (0, 1):
        area = areas[colours[who]]
        colour = tr(f"toscana.colour.{colours[who]}")
        if area["tiles"]:
            start, end = _extent(area["cells"])
            text = tr(
                "toscana.say.area",
                player=names[who],
                colour=colour,
                n=len(area["tiles"]),
                start=start,
                end=end,
            )
        else:
            text = tr("toscana.say.area_none", player=names[who], colour=colour)
        lines.append(tag("li", esc(text)))
    x, y = cursor or CENTRE
    around = [at(tr, board_now, x, y)] + [look(tr, board_now, x, y, step) for step in DIRECTIONS]
    out = [
        tag("p", esc(town)),
        tag("h3", esc(tr("toscana.say.areas", n=round_no))),
        tag("ul", *lines),
        tag("h3", esc(tr("toscana.say.around", square=cell_name(x, y)))),
        tag("ul", *(tag("li", esc(line)) for line in around)),
    ]
    if seat is not None:
        out.append(tag("h3", esc(tr("toscana.say.spots"))))
        out.append(nearby(state, tr, x, y, rot))
    return "".join(out)


def nearby(state, tr, x, y, rot):
    """The spots nearest (x, y) where the mover's tile fits turned `rot`, or why there is none."""
    spots = sorted(
        (abs(sx - x) + abs(sy - y), sy, sx)
        for sx, sy, srot in queries.legal_placements(state)
        if srot == rot
    )
    if not spots:
        any_turn = bool(queries.legal_placements(state))
        return tag("p", esc(tr("toscana.turn_hint.keys" if any_turn else "toscana.must_pass.keys")))
    items = (
        tag(
            "li",
            esc(
                tr(
                    "toscana.say.spot",
                    where=span(tr, sx, sy, rot),
                    rel=relative(tr, sx - x, sy - y),
                )
            ),
        )
        for _, sy, sx in spots[:NEARBY]
    )
    return tag("ul", *items)
