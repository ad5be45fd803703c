"""Toscana as SVG markup (pure Python: tested in CPython, set into the page in one DOM write).

One board unit is one cell (CELL user units). Roofs are terracotta with rows of curved tiles,
paving is grey with laid stones: the two colours also differ by texture, so they can be told
apart without colour vision. Layers, bottom to top: board, tiles, hints, last move, preview,
round-end areas.
"""

from functools import cache, lru_cache

from game.view.markup import empty, esc, tag

from .data import CENTRE, SIZE, footprint
from .queries import placement_cells

CELL = 10
MARGIN = 6
COLUMNS = "ABCDEFGHIJKLMNOPQ"  # the column letters on the board's edge, west to east


def cell_name(x, y):
    """A cell as players find it by the board's edge labels: column letter, row number ("F4")."""
    return f"{COLUMNS[x]}{y + 1}"


VIEWBOX = f"{-MARGIN} {-MARGIN} {SIZE * CELL + 2 * MARGIN} {SIZE * CELL + 2 * MARGIN}"
FILL = {"roof": "url(#tos-roof)", "paving": "url(#tos-paving)"}


def defs():
    """The textures every Toscana picture refers to; the page holds them once, in an SVG of its
    own that stays rendered (patterns inside a hidden SVG would not paint)."""
    roof = tag(
        "pattern",
        empty("rect", width=5, height=5, fill="#c4563b"),
        empty(
            "path",
            d="M0 4.6 Q1.25 2.4 2.5 4.6 Q3.75 2.4 5 4.6",
            fill="none",
            stroke="#8b2f1d",
            stroke_width=0.55,
        ),
        empty("path", d="M0 2.1 H5", stroke="#e07a5a", stroke_width=0.35, opacity=0.7),
        id="tos-roof",
        width=5,
        height=5,
        patternUnits="userSpaceOnUse",
    )
    paving = tag(
        "pattern",
        empty("rect", width=5, height=5, fill="#aaa59a"),
        empty(
            "path",
            d="M0 0.2 H5 M0 2.7 H5 M1.2 0.2 V2.7 M3.7 2.7 V5.2",
            fill="none",
            stroke="#77736b",
            stroke_width=0.45,
        ),
        empty("circle", cx=2.6, cy=1.4, r=0.35, fill="#8d897f"),
        id="tos-paving",
        width=5,
        height=5,
        patternUnits="userSpaceOnUse",
    )
    return tag("defs", roof, paving)


@cache
def board_layer():
    """The empty board: frame, cells and the marked centre cell (the same every time)."""
    side = SIZE * CELL
    lines = "".join(f"M{k * CELL} 0V{side}M0 {k * CELL}H{side}" for k in range(1, SIZE))
    cx, cy = (CENTRE[0] + 0.5) * CELL, (CENTRE[1] + 0.5) * CELL
    rose = empty(
        "path",
        d=(
            f"M{cx} {cy - 4.2}L{cx + 1.1} {cy - 1.1}L{cx + 4.2} {cy}L{cx + 1.1} "
            f"{cy + 1.1}L{cx} {cy + 4.2}L{cx - 1.1} {cy + 1.1}L{cx - 4.2} {cy}"
            f"L{cx - 1.1} {cy - 1.1}Z"
        ),
        fill="#9b6b3d",
        opacity=0.75,
    )
    return tag(
        "g",
        empty(
            "rect",
            x=-MARGIN,
            y=-MARGIN,
            width=side + 2 * MARGIN,
            height=side + 2 * MARGIN,
            rx=3,
            fill="#7a4f2c",
        ),
        empty("rect", x=0, y=0, width=side, height=side, fill="#efe3c8"),
        empty("path", d=lines, stroke="#cdbb98", stroke_width=0.4, fill="none"),
        empty(
            "rect", x=CENTRE[0] * CELL, y=CENTRE[1] * CELL, width=CELL, height=CELL, fill="#e3cfa6"
        ),
        rose,
        edge_labels(),
        class_="tos-board",
    )


def edge_labels():
    """Column letters above and below the board, row numbers left and right of it."""
    side = SIZE * CELL
    out = []
    for k in range(SIZE):
        middle = (k + 0.5) * CELL
        for y in (-1.9, side + 4.6):
            out.append(tag("text", COLUMNS[k], x=middle, y=y))
        for x in (-3, side + 3):
            out.append(tag("text", str(k + 1), x=x, y=middle + 1.3))
    return tag("g", *out, class_="tos-edge", aria_hidden="true")


def tile_markup(tile, rot, x, y, colour, css="tos-tile", extra=None):
    """One tile: its 8 textured cells and a frame around the whole tile."""
    return _tile_markup(tile, rot, x, y, colour, css, tuple(sorted((extra or {}).items())))


@lru_cache(maxsize=4096)  # a round places at most 32 tiles: their markup is built once
def _tile_markup(tile, rot, x, y, colour, css, extra):
    width, height = footprint(rot)
    cells = "".join(
        empty("rect", x=cx * CELL, y=cy * CELL, width=CELL, height=CELL, fill=FILL[c])
        for cx, cy, c in placement_cells(tile, rot, x, y, colour)
    )
    frame = empty(
        "rect",
        x=x * CELL + 0.4,
        y=y * CELL + 0.4,
        width=width * CELL - 0.8,
        height=height * CELL - 0.8,
        rx=1,
        class_="tos-frame",
    )
    return tag("g", cells, frame, class_=css, **dict(extra))


def tiles_layer(placements, colours):
    """Tiles on the board; `placements` are (seat, tile, x, y, rot), `colours` [seat 0, seat 1]."""
    return tag(
        "g",
        *(
            tile_markup(tile, rot, x, y, colours[seat], extra={"data_tile": k})
            for k, (seat, tile, x, y, rot) in enumerate(placements)
        ),
        class_="tos-tiles",
    )


@cache
def hit_layer():
    """Invisible cells that name their coordinates: the one delegated listener reads data-cell.
    A tap only chooses a spot (Place confirms), so on the whole board, where cells are too small
    to aim at, a tap zooms in and chooses at once (data-overview, assets/board-nav.js)."""
    return tag(
        "g",
        *(
            empty("rect", x=x * CELL, y=y * CELL, width=CELL, height=CELL, data_cell=f"{x},{y}")
            for y in range(SIZE)
            for x in range(SIZE)
        ),
        class_="tos-hit",
        data_overview="choose",
    )


def hints_layer(anchors):
    """A dot on every cell where the tile's top-left corner may go with the chosen turn."""
    return tag(
        "g",
        *(empty("circle", cx=(x + 0.5) * CELL, cy=(y + 0.5) * CELL, r=1.6) for x, y in anchors),
        class_="tos-hints",
    )


def last_move_layer(spot):
    """A bright frame around the tile placed last (spot: {"x","y","rot"} or None)."""
    if not spot:
        return ""
    width, height = footprint(spot["rot"])
    return empty(
        "rect",
        x=spot["x"] * CELL - 0.6,
        y=spot["y"] * CELL - 0.6,
        width=width * CELL + 1.2,
        height=height * CELL + 1.2,
        rx=1.6,
        class_="tos-last",
    )


def mark_layer(tile, rot, x, y, colour):
    """A move pointed at in the log: its tile on its spot (also when the board shows another
    round), framed brightly, with the names of its corner squares as the log gives them ("G9",
    "J10") written on them, readable where the edge labels are too small to show."""
    width, height = footprint(rot)
    names = "".join(
        tag(
            "text",
            cell_name(cx, cy),
            x=(cx + 0.5) * CELL,
            y=(cy + 0.5) * CELL + 1.9,
            class_="tos-mark-name",
        )
        for cx, cy in ((x, y), (x + width - 1, y + height - 1))
    )
    return tag(
        "g",
        tile_markup(tile, rot, x, y, colour, css="tos-mark-tile"),
        empty(
            "rect",
            x=x * CELL - 1,
            y=y * CELL - 1,
            width=width * CELL + 2,
            height=height * CELL + 2,
            rx=2,
            class_="tos-mark",
        ),
        names,
        class_="tos-marked",
        data_x=x,
        data_y=y,
    )


def preview_layer(tile, rot, x, y, colour, legal, selected):
    """The tile the player is about to place, where they point: framed green when it may go
    there, red and dashed when it may not; a chosen spot waits for a second tap to confirm."""
    state = "ok" if legal else "bad"
    css = f"tos-preview tos-preview-{state}" + (" tos-selected" if selected else "")
    return tile_markup(
        tile, rot, x, y, colour, css=css, extra={"data_x": x, "data_y": y, "data_rot": rot}
    )


def areas_layer(areas, placements, colours, scores, mask_id="tos-area-mask"):
    """Round end: everything but the two largest areas dimmed, each area outlined, every
    counted tile numbered (`mask_id`: unique in the page, e.g. for an example in the rules)."""
    side = SIZE * CELL
    holes = "".join(
        empty("rect", x=x * CELL, y=y * CELL, width=CELL, height=CELL, fill="#000")
        for colour in colours
        for x, y in areas[colour]["cells"]
    )
    parts = [
        tag(
            "mask",
            empty("rect", x=0, y=0, width=side, height=side, fill="#fff"),
            holes,
            id=mask_id,
        ),
        empty("rect", x=0, y=0, width=side, height=side, mask=f"url(#{mask_id})", class_="tos-dim"),
    ]
    for _seat, colour in enumerate(colours):
        area = areas[colour]
        cells = "".join(f"M{x * CELL} {y * CELL}h{CELL}v{CELL}h{-CELL}z" for x, y in area["cells"])
        parts.append(empty("path", d=cells, class_=f"tos-area tos-area-{colour}"))
        in_area = {tuple(cell) for cell in area["cells"]}  # membership only, never iterated
        for n, k in enumerate(area["tiles"], 1):
            owner, tile, x, y, rot = placements[k]
            # number the tile on its first cell that belongs to the area
            cx, cy = next(
                (cx, cy)
                for cx, cy, _ in placement_cells(tile, rot, x, y, colours[owner])
                if (cx, cy) in in_area
            )
            parts.append(
                tag(
                    "g",
                    empty("circle", cx=(cx + 0.5) * CELL, cy=(cy + 0.5) * CELL, r=4.3),
                    tag("text", str(n), x=(cx + 0.5) * CELL, y=(cy + 0.5) * CELL + 1.8),
                    class_=f"tos-count tos-count-{colour}",
                )
            )
    return tag("g", *parts, class_="tos-areas", data_scores=",".join(map(str, scores)))


def tile_picture(tile, rot, colour, size=44, label=""):
    """A small standalone picture of a tile (the next tiles beside the board)."""
    width, height = footprint(rot)
    cells = "".join(
        empty("rect", x=cx * CELL, y=cy * CELL, width=CELL, height=CELL, fill=FILL[c])
        for cx, cy, c in placement_cells(tile, rot, 0, 0, colour)
    )
    frame = empty(
        "rect",
        x=0.4,
        y=0.4,
        width=width * CELL - 0.8,
        height=height * CELL - 0.8,
        rx=1,
        class_="tos-frame",
    )
    return tag(
        "svg",
        tag("title", esc(label)) if label else "",
        cells,
        frame,
        viewBox=f"-1 -1 {width * CELL + 2} {height * CELL + 2}",
        width=size * width // 2,
        height=size * height // 2,
        class_="tos-picture",
        role="img",
        aria_label=label or None,
    )
