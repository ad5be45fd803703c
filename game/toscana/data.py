"""Toscana's static data: the board and the 16 tile layouts with their rotations (data from
docs/rules/toscana.md, Components and Tile layouts).

Every tile is a 2×4 block of cells: 6 in its owner's colour, 2 "minority" cells in the other
colour. Both sets (roof and paving) use the same 16 layouts with the colours swapped. Each
layout is drawn with the long side horizontal and its cells numbered in reading order:

    row 0:  0 1 2 3
    row 1:  4 5 6 7

The 16 layouts are all ways to pick the 2 minority cells, counting two picks as one layout when
a half turn maps one onto the other (tiles turn on the table but are never flipped).
"""

SIZE = 17  # the board is SIZE × SIZE cells
CENTRE = (8, 8)  # (x, y) of the marked cell; the first tile of a round must cover it

LAYOUT_IDS = tuple(f"T{n:02d}" for n in range(1, 17))

# layout id -> the two minority cells (numbers as drawn above)
MINORITY = {
    "T01": (0, 1),
    "T02": (0, 2),
    "T03": (0, 3),
    "T04": (0, 4),
    "T05": (0, 5),
    "T06": (0, 6),
    "T07": (0, 7),
    "T08": (1, 2),
    "T09": (1, 3),
    "T10": (1, 4),
    "T11": (1, 5),
    "T12": (1, 6),
    "T13": (2, 3),
    "T14": (2, 4),
    "T15": (2, 5),
    "T16": (3, 4),
}

ROTATIONS = (0, 1, 2, 3)  # clockwise quarter turns


def footprint(rot):
    """(width, height) of a tile turned `rot` quarter turns: 4×2 lying, 2×4 standing."""
    return (4, 2) if rot % 2 == 0 else (2, 4)


def layout_cells(layout_id, rot):
    """The 8 cells of a layout turned `rot` clockwise quarter turns, as (dx, dy, minority)
    with (0, 0) the top-left cell of the turned tile, in reading order (row by row)."""
    minority = MINORITY[layout_id]
    cells = [(i % 4, i // 4, i in minority) for i in range(8)]
    height = 2
    for _ in range(rot):
        # a clockwise quarter turn: the top row becomes the right column
        cells = [(height - 1 - dy, dx, m) for dx, dy, m in cells]
        height = 6 - height  # 2 <-> 4
    return tuple(sorted(cells, key=lambda cell: (cell[1], cell[0])))


def _canonical_rotations(layout_id):
    """For each rot, the smallest rot that looks the same (T07, T12, T15, T16: rot 2 = rot 0)."""
    looks = [layout_cells(layout_id, rot) for rot in ROTATIONS]
    return tuple(looks.index(look) for look in looks)


# layout id -> (canonical rot of 0, 1, 2, 3)
CANONICAL_ROT = {layout_id: _canonical_rotations(layout_id) for layout_id in LAYOUT_IDS}

# layout id -> the rotations that give different results, in increasing order
DISTINCT_ROTS = {
    layout_id: tuple(rot for rot in ROTATIONS if CANONICAL_ROT[layout_id][rot] == rot)
    for layout_id in LAYOUT_IDS
}


def picture(layout_id, rot=0, own="#", other="x"):
    """The turned layout as text rows (`own` for the owner's colour): for tests and debugging."""
    width, height = footprint(rot)
    rows = [[own] * width for _ in range(height)]
    for dx, dy, minority in layout_cells(layout_id, rot):
        if minority:
            rows[dy][dx] = other
    return ["".join(row) for row in rows]
