"""The picture of every Carcassonne tile type, drawn by code from its data in data.py (north up,
100 x 100 user units): green fields, light brown roads with darker edges, walled ochre cities, a
shield for a pennant, a small chapel for a monastery, a little house where roads meet, an
envelope on the Courier's letter tiles. The page holds each picture once (`tile_defs`); the
board places a tile with a <use> turned and moved into place (`tile_use`).

Followers stand at a "spot" per feature of a tile. A field's spot and its cells (for the farm
highlight) come from draw_art.py, which scripts/make_carcassonne_art.py computes from these
shapes at build time, so the browser never rasterises a tile.
"""

from typing import Any

from game.view.markup import empty, tag

from . import draw_art
from .data import TILE_TYPES, Feature

Point = tuple[float, float]  # user units
T = 100  # one square in user units
GRID = 20  # field cells per tile side (draw_art.py): 5 user units each
TYPES = {t.id: t for t in TILE_TYPES}
DIRS = ("N", "E", "S", "W")
MID = {"N": (50, 0), "E": (100, 50), "S": (50, 100), "W": (0, 50)}
INWARD = {"N": (0, 1), "E": (-1, 0), "S": (0, -1), "W": (1, 0)}
CITY_FILL = "#e0bf83"


def fmt(v):
    """A coordinate with at most one decimal (short markup)."""
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


# ---- geometry of one tile type (north up) ----------------------------------------------------
def turn(point, rot):
    """`point` turned `rot` quarter turns clockwise about the tile centre."""
    x, y = point
    for _ in range(rot % 4):
        x, y = T - y, x
    return x, y


def _turn_path(path, rot):
    return [(cmd, [turn(p, rot) for p in pts]) for cmd, pts in path]


def path_d(path):
    out = []
    for cmd, pts in path:
        out.append(cmd + " ".join(f"{fmt(x)} {fmt(y)}" for x, y in pts))
    return "".join(out)


def cubic(p0, c1, c2, p1, t):
    """The point at `t` (0 to 1) of the cubic Bezier curve p0 (c1, c2) p1."""
    u = 1 - t
    return (
        u * u * u * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * p1[0],
        u * u * u * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * p1[1],
    )


# City shapes in a canonical orientation: (edges, fill path, wall paths, follower spot, shield)
_CITY_SHAPES = {
    "cap": (
        ("N",),
        [("M", [(0, 0)]), ("L", [(100, 0)]), ("C", [(75, 30), (25, 30), (0, 0)]), ("Z", [])],
        [[("M", [(100, 0)]), ("C", [(75, 30), (25, 30), (0, 0)])]],
        (50, 10),
        (50, 10),
    ),
    "corner": (
        ("N", "E"),
        [
            ("M", [(0, 0)]),
            ("L", [(100, 0)]),
            ("L", [(100, 100)]),
            ("C", [(75, 55), (45, 25), (0, 0)]),
            ("Z", []),
        ],
        [[("M", [(100, 100)]), ("C", [(75, 55), (45, 25), (0, 0)])]],
        (67, 31),
        (87, 13),
    ),
    "band": (
        ("E", "W"),
        [
            ("M", [(0, 0)]),
            ("C", [(30, 34), (70, 34), (100, 0)]),
            ("L", [(100, 100)]),
            ("C", [(70, 66), (30, 66), (0, 100)]),
            ("Z", []),
        ],
        [
            [("M", [(0, 0)]), ("C", [(30, 34), (70, 34), (100, 0)])],
            [("M", [(100, 100)]), ("C", [(70, 66), (30, 66), (0, 100)])],
        ],
        (36, 50),
        (68, 50),
    ),
    "three": (
        ("N", "E", "W"),
        [
            ("M", [(0, 0)]),
            ("L", [(100, 0)]),
            ("L", [(100, 100)]),
            ("C", [(75, 62), (25, 62), (0, 100)]),
            ("Z", []),
        ],
        [[("M", [(100, 100)]), ("C", [(75, 62), (25, 62), (0, 100)])]],
        (50, 35),
        (77, 22),
    ),
    "full": (
        ("N", "E", "S", "W"),
        [("M", [(0, 0)]), ("L", [(100, 0)]), ("L", [(100, 100)]), ("L", [(0, 100)]), ("Z", [])],
        [],
        (50, 50),
        (74, 26),
    ),
}


def _rot_of(edges, canonical):
    """The rotation that turns the canonical edge set into `edges`."""
    want = sorted(edges)
    for rot in range(4):
        if sorted(DIRS[(DIRS.index(e) + rot) % 4] for e in canonical) == want:
            return rot
    raise ValueError(f"no city shape for edges {edges}")


def _city_shape(edges):
    n = len(edges)
    if n == 1:
        name = "cap"
    elif n == 2:
        a, b = sorted(DIRS.index(e) for e in edges)
        name = "band" if b - a == 2 else "corner"
    elif n == 3:
        name = "three"
    else:
        name = "full"
    canonical, fill, walls, spot, shield = _CITY_SHAPES[name]
    rot = _rot_of(edges, canonical)
    return {
        "fill": _turn_path(fill, rot),
        "walls": [_turn_path(w, rot) for w in walls],
        "spot": turn(spot, rot),
        "shield": turn(shield, rot),
    }


def _add(p, q, k=1.0):
    return p[0] + k * q[0], p[1] + k * q[1]


class Art:
    """Everything drawn for one tile type, north up: shapes, follower spots, field regions.
    scripts/make_carcassonne_art.py finds the fields from `cities`, `roads`, `monastery`,
    `junction` and the spots of the other features."""

    def __init__(self, tile_type):
        self.type = tile_type
        features: tuple[Feature, ...] = tile_type.features
        kinds = [f.kind for f in features]
        self.monastery: Point | None = None  # the chapel's centre, or None
        self.junction: Point | None = None  # the house where roads meet, or None
        self.cities: dict[str, dict[str, Any]] = {}  # fid -> city shape
        self.roads: dict[str, list[tuple[str, list[Point]]]] = {}  # fid -> path
        self.spots: dict[str, Point] = {}  # fid -> (x, y)
        one_edge = [f for f in features if f.kind == "road" and len(f.edges) == 1]
        curve = next(
            (
                f
                for f in features
                if f.kind == "road"
                and len(f.edges) == 2
                and (DIRS.index(f.edges[0]) - DIRS.index(f.edges[1])) % 2
            ),
            None,
        )
        if "monastery" in kinds:
            centre: Point = (50, 50)
            if curve is not None:  # the road runs past: the chapel steps away from it
                a, b = MID[curve.edges[0]], MID[curve.edges[1]]
                corner = (a[0] + b[0] - 100, a[1] + b[1] - 100)  # towards the corner it cuts
                centre = (50 - corner[0] * 0.2, 50 - corner[1] * 0.2)
            self.monastery = centre
            self.spots["monastery"] = (centre[0], centre[1] + 2)
        if "city" in kinds:
            for f in features:
                if f.kind == "city":
                    shape = _city_shape(f.edges)
                    shape["pennant"] = f.pennant
                    self.cities[f.id] = shape
                    self.spots[f.id] = shape["spot"]
        if len(one_edge) >= 3 or (one_edge and self.monastery is None and not self.cities):
            self.junction = (50, 50)
        for f in features:
            if f.kind != "road":
                continue
            if len(f.edges) == 2:
                a, b = MID[f.edges[0]], MID[f.edges[1]]
                if f is curve:
                    c1 = _add(a, INWARD[f.edges[0]], 28)
                    c2 = _add(b, INWARD[f.edges[1]], 28)
                    path = [("M", [a]), ("C", [c1, c2, b])]
                    spot = cubic(a, c1, c2, b, 0.5)
                else:
                    path = [("M", [a]), ("L", [b])]
                    spot = (50, 50)
            else:
                d = f.edges[0]
                a = MID[d]
                if self.junction is not None:
                    end = self.junction
                elif self.monastery is not None:
                    end = _add(self.monastery, INWARD[d], -12)
                else:  # into a city gate: the city is drawn over the end
                    end = _add(a, INWARD[d], 36)
                path = [("M", [a]), ("L", [end])]
                spot = _add(a, (end[0] - a[0], end[1] - a[1]), 0.45)
            self.roads[f.id] = path
            self.spots[f.id] = spot
        self._regions = {}

    def spot(self, fid):
        if fid not in self.spots:
            self._fields()
        return self.spots[fid]

    def _fields(self):
        """Field id -> its cells, from draw_art.py (a type without fields is not listed there);
        the fields' follower spots join `spots`."""
        out = {}
        for fid, (x, y, bits) in draw_art.FIELDS.get(self.type.id, {}).items():
            self.spots.setdefault(fid, (x, y))
            mask = int(bits, 16)
            out[fid] = [k for k in range(GRID * GRID) if mask >> k & 1]
        return out

    # ---- markup --------------------------------------------------------------------------------
    def markup(self):
        """The tile's picture, north up, in a 100 x 100 box: the ground only; buildings, shields
        and the letter stay upright whatever the turn (see `extras`)."""
        parts = [empty("rect", width=T, height=T, fill="url(#car-grass)")]
        if self.monastery is not None:
            mx, my = self.monastery
            parts.append(empty("circle", cx=fmt(mx), cy=fmt(my + 1), r=20, class_="car-yard"))
        for path in self.roads.values():
            d = path_d(path)
            parts.append(empty("path", d=d, class_="car-road-edge"))
            parts.append(empty("path", d=d, class_="car-road"))
        if self.junction is not None:
            parts.append(empty("circle", cx=50, cy=50, r=11, class_="car-plaza"))
        for _fid, shape in self.cities.items():
            parts.append(empty("path", d=path_d(shape["fill"]), class_="car-city"))
            for wall in shape["walls"]:
                d = path_d(wall)
                parts.append(empty("path", d=d, class_="car-wall"))
                parts.append(empty("path", d=d, class_="car-wall-top"))
        parts.append(empty("rect", x=0.5, y=0.5, width=T - 1, height=T - 1, class_="car-edge"))
        return "".join(parts)

    def extras(self, rot):
        """What stands upright on the tile turned `rot`: chapel, house, shields, the letter."""
        out = []
        if self.junction is not None:
            out.append(_put("car-house", 50, 50))
        for shape in self.cities.values():
            if shape["pennant"]:
                out.append(_put("car-pennant", *turn(shape["shield"], rot)))
        if self.monastery is not None:
            out.append(_put("car-monastery", *turn(self.monastery, rot)))
        if self.type.letter:
            out.append(_put("car-letter", *turn(self.envelope_spot(), rot)))
        return "".join(out)

    def envelope_spot(self):
        """The corner farthest from every follower spot (for the letter symbol)."""
        self._fields()
        corners = ((16, 14), (84, 14), (84, 86), (16, 86))
        return max(
            corners,
            key=lambda c: (
                min((c[0] - x) ** 2 + (c[1] - y) ** 2 for x, y in self.spots.values()),
                -corners.index(c),
            ),
        )

    def field_mask(self):
        """A mask that lets only the fields of the tile through (for farm highlights)."""
        parts = [empty("rect", width=T, height=T, fill="#fff")]
        for path in self.roads.values():
            parts.append(empty("path", d=path_d(path), stroke="#000", stroke_width=14, fill="none"))
        for shape in self.cities.values():
            parts.append(empty("path", d=path_d(shape["fill"]), fill="#000"))
        return tag(
            "mask",
            *parts,
            id=f"car-fm-{self.type.id}",
            maskContentUnits="userSpaceOnUse",
            x=0,
            y=0,
            width=T,
            height=T,
            maskUnits="userSpaceOnUse",
        )

    def region_path(self, fid):
        """The cells of a field (one cell wider all round) as one path, north up (made once)."""
        known = self._regions.get(fid)
        if known is None:
            known = self._regions[fid] = self._region_path(fid)
        return known

    def _region_path(self, fid):
        cells = self._fields()
        n, step = GRID, T / GRID
        grown = set()
        for k in cells.get(fid, ()):
            i, j = k % n, k // n
            for a in (-1, 0, 1):
                for b in (-1, 0, 1):
                    if 0 <= i + a < n and 0 <= j + b < n:
                        grown.add((j + b) * n + i + a)
        out = []
        for j in range(n):
            i = 0
            while i < n:
                if j * n + i in grown:
                    start = i
                    while i < n and j * n + i in grown:
                        i += 1
                    out.append(
                        f"M{fmt(start * step)} {fmt(j * step)}h{fmt((i - start) * step)}"
                        f"v{fmt(step)}h{fmt(-(i - start) * step)}z"
                    )
                i += 1
        return "".join(out)


_ART: dict[str, Art] = {}


def art(tile):
    """The Art of tile type `tile` (made once)."""
    a = _ART.get(tile)
    if a is None:
        a = _ART[tile] = Art(TYPES[tile])
    return a


def spot(tile, rot, fid, x=0, y=0):
    """Where a follower on feature `fid` stands, for the tile turned `rot` on square (x, y)."""
    sx, sy = turn(art(tile).spot(fid), rot)
    return x * T + sx, y * T + sy


# ---- small pictures ----------------------------------------------------------------------------
def _put(name, x, y):
    """One of the upright pictures of `defs` at (x, y)."""
    return empty("use", href=f"#{name}", x=fmt(x), y=fmt(y))


# upright pictures, each drawn around (0, 0)
SHIELD = tag(
    "g",
    empty("path", d="M-6 -7H6V0C6 4 3 6.5 0 8.5C-3 6.5-6 4-6 0Z", class_="car-shield"),
    empty("path", d="M-4 -1L0 3L4 -1", class_="car-shield-mark"),
    id="car-pennant",
)
CHAPEL = tag(
    "g",  # a monastery: a small chapel with a bell tower and a cross
    empty("rect", x=-11, y=-4, width=19, height=14, class_="car-chapel"),
    empty("path", d="M-13 -3L-1.5 -12L10 -3Z", class_="car-roof"),
    empty("rect", x=6, y=-13, width=7, height=23, class_="car-chapel"),
    empty("path", d="M5 -12.5L9.5 -18L14 -12.5Z", class_="car-roof"),
    empty("path", d="M9.5 -23V-17.5M7.5 -21.5H11.5", class_="car-cross"),
    empty("path", d="M-4.5 10V4.5A2 2 0 0 1 -0.5 4.5V10Z", class_="car-door"),
    id="car-monastery",
)
HOUSE = tag(
    "g",  # where roads meet: a little house on a square
    empty("rect", x=-5.5, y=-3, width=11, height=8, class_="car-chapel"),
    empty("path", d="M-7 -2.5L0 -8.5L7 -2.5Z", class_="car-roof"),
    id="car-house",
)


ENVELOPE = (
    empty("rect", x=-9, y=-6, width=18, height=12, rx=1.5, class_="car-env-paper")
    + empty("path", d="M-9 -5.5L0 1.5L9 -5.5", class_="car-env-line")
    + empty("circle", cx=0, cy=1.5, r=2, class_="car-env-seal")
)
LETTER = tag("g", ENVELOPE, id="car-letter", class_="car-letter")


def tile_defs():
    """The ground patterns, the upright pictures and every tile type north up (once a page)."""
    grass = tag(
        "pattern",
        empty("rect", width=24, height=24, fill="#88b255"),
        empty(
            "path",
            d="M3 7l1.5-3 1.5 3M15 17l1.5-3 1.5 3M17 5l1-2.2 1 2.2M6 19l1-2.2 1 2.2",
            fill="none",
            stroke="#6d963f",
            stroke_width=1.1,
            stroke_linecap="round",
        ),
        empty("circle", cx=11, cy=11, r=0.9, fill="#a7c873"),
        id="car-grass",
        width=24,
        height=24,
        patternUnits="userSpaceOnUse",
    )
    town = tag(
        "pattern",
        empty("rect", width=20, height=20, fill=CITY_FILL),
        empty(
            "path",
            d="M2 8h6v-3l-3-2.5-3 2.5zM12 18h6v-3l-3-2.5-3 2.5z",
            fill="#d5a96b",
            stroke="#b98c52",
            stroke_width=0.6,
        ),
        empty(
            "path",
            d="M1.5 5.3l3.5-3 3.5 3M11.5 15.3l3.5-3 3.5 3",
            fill="none",
            stroke="#b2533a",
            stroke_width=1.3,
        ),
        id="car-town",
        width=20,
        height=20,
        patternUnits="userSpaceOnUse",
    )
    tiles = "".join(tag("g", art(t.id).markup(), id=f"car-t-{t.id}") for t in TILE_TYPES)
    masks = "".join(art(t.id).field_mask() for t in TILE_TYPES)
    return grass + town + SHIELD + CHAPEL + HOUSE + LETTER + tiles + masks


def place(x, y, rot=0):
    """The transform that puts a north-up picture on square (x, y) turned `rot`."""
    move = f"translate({x * T} {y * T})"
    return move + (f" rotate({rot * 90} 50 50)" if rot % 4 else "")


_FRAGMENTS: dict[tuple[str, int], str] = {}


def fragment(tile, rot):
    """The tile turned `rot` on square (0, 0), upright pictures included (made once)."""
    key = (tile, rot)
    text = _FRAGMENTS.get(key)
    if text is None:
        turned = empty(
            "use", href=f"#car-t-{tile}", transform=f"rotate({rot * 90} 50 50)" if rot % 4 else None
        )
        text = _FRAGMENTS[key] = turned + art(tile).extras(rot)
    return text


def tile_use(tile, rot, x, y, **extra):
    """A placed tile: its picture moved to square (x, y)."""
    return tag("g", fragment(tile, rot), transform=f"translate({x * T} {y * T})", **extra)
