"""Carcassonne as SVG markup (pure Python: tested in CPython, set into the page in one DOM write).

Every tile type is drawn once, by code, from its data in tiles.py (north up, 100 x 100 user
units): green fields, light brown roads with darker edges, walled ochre cities, a shield for a
pennant, a small chapel for a monastery, a little house where roads meet, an envelope on the
Courier's letter tiles. The page holds these pictures once (`defs`), and the board places each
tile with a <use> turned and moved into place, so a full board is a few hundred short elements.

Square (x, y) covers [100x, 100x + 100] x [100y, 100y + 100]; y grows south as in the engine.
Followers stand at a "spot" per feature of a tile (fields: found on a coarse raster of the
drawing, the point farthest from roads, walls and other spots). Seats differ by colour AND by
an emblem on the follower (circle, triangle, square, diamond, star), so colour is never the
only clue. Farmers lie down. Layers, bottom to top: tiles, last tile, score highlights,
followers, the Courier, badges, hit squares; the overlay holds hints, the preview and spots.
"""

import itertools

from game.view.markup import empty, esc, tag

from . import art_data
from .tiles import TILE_TYPES

T = 100  # one square in user units
TYPES = {t.id: t for t in TILE_TYPES}
DIRS = ("N", "E", "S", "W")
MID = {"N": (50, 0), "E": (100, 50), "S": (50, 100), "W": (0, 50)}
INWARD = {"N": (0, 1), "E": (-1, 0), "S": (0, -1), "W": (1, 0)}

# seats: colour, outline, emblem colour (dark on the light yellow)
SEATS = (
    ("#d23a2e", "#3b0d08", "#ffffff"),  # red, circle
    ("#2f63c9", "#0c1d44", "#ffffff"),  # blue, triangle
    ("#f2c531", "#4a3600", "#2a2000"),  # yellow, square
    ("#2a2a2e", "#f4efe2", "#ffffff"),  # black, diamond
    ("#9a4fc6", "#2c0d3d", "#ffffff"),  # purple, star
)
SEAT_NAMES = ("red", "blue", "yellow", "black", "purple")
EMBLEMS = ("circle", "triangle", "square", "diamond", "star")
EMBLEM_MARK = ("●", "▲", "■", "◆", "★")  # the same emblems as text (log, dialogs)

ROAD_EDGE, ROAD_FILL = "#866340", "#e6d1a2"
CITY_FILL, WALL, WALL_TOP = "#e0bf83", "#71522f", "#c9a979"


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


def _cubic(p0, c1, c2, p1, t):
    u = 1 - t
    return (
        u * u * u * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * p1[0],
        u * u * u * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * p1[1],
    )


def sample(path, steps=10):
    """The path as a list of points (curves flattened)."""
    points = []
    for cmd, pts in path:
        if cmd in ("M", "L"):
            points.append(pts[0])
        elif cmd == "C":
            p0 = points[-1]
            points.extend(
                _cubic(p0, pts[0], pts[1], pts[2], k / steps) for k in range(1, steps + 1)
            )
    return points


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
    """Everything drawn for one tile type, north up: shapes, follower spots, field regions."""

    def __init__(self, tile_type):
        self.type = tile_type
        features = tile_type.features
        kinds = [f.kind for f in features]
        self.monastery = None
        self.junction = None
        self.cities = {}  # fid -> city shape
        self.roads = {}  # fid -> path
        self.spots = {}  # fid -> (x, y)
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
            centre = (50, 50)
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
                    spot = _cubic(a, c1, c2, b, 0.5)
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
        self._raster = None
        self._regions = {}

    # ---- raster: which fields are where ------------------------------------------------------
    GRID = 20  # cells per side: 5 user units each

    def blocked(self, x, y):
        """Is the point (x, y) covered by something that is not field?"""
        for shape in self.cities.values():
            x0, y0, x1, y1 = shape["bbox"]
            if x0 <= x <= x1 and y0 <= y <= y1 and _inside(shape["polygon"], x, y):
                return True
        for poly in self._road_lines:
            if _near(poly, x, y, 8.5):
                return True
        if self.monastery is not None:
            mx, my = self.monastery
            if mx - 14 <= x <= mx + 14 and my - 22 <= y <= my + 12:
                return True
        if self.junction is not None:
            jx, jy = self.junction
            if (x - jx) ** 2 + (y - jy) ** 2 < 12**2:
                return True
        return False

    def raster(self):
        """(component per cell or -1, {field id: component}, {field id: cells}) of this type,
        computed once when first needed (a few thousand cheap tests)."""
        if self._raster is not None:
            return self._raster
        n = self.GRID
        step = T / n
        for shape in self.cities.values():
            poly = shape["polygon"] = sample(shape["fill"])
            shape["bbox"] = (
                min(p[0] for p in poly),
                min(p[1] for p in poly),
                max(p[0] for p in poly),
                max(p[1] for p in poly),
            )
        self._road_lines = [sample(p) for p in self.roads.values()]
        free = [
            not self.blocked((i + 0.5) * step, (j + 0.5) * step) for j in range(n) for i in range(n)
        ]
        comp = [-1] * (n * n)
        count = 0
        for start in range(n * n):
            if free[start] and comp[start] < 0:
                comp[start] = count
                todo = [start]
                while todo:
                    c = todo.pop()
                    i, j = c % n, c // n
                    for ni, nj in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                        if 0 <= ni < n and 0 <= nj < n:
                            k = nj * n + ni
                            if free[k] and comp[k] < 0:
                                comp[k] = count
                                todo.append(k)
                count += 1
        fields, cells = {}, {}
        for f in self.type.features:
            if f.kind != "field":
                continue
            votes = {}
            for half in f.half_edges:
                for k in half_edge_cells(half, n):
                    if comp[k] >= 0:
                        votes[comp[k]] = votes.get(comp[k], 0) + 1
            best = max(sorted(votes), key=lambda c: votes[c]) if votes else -1
            fields[f.id] = best
            cells[f.id] = [k for k in range(n * n) if comp[k] == best and best >= 0]
        self._raster = (comp, fields, cells)
        for fid, region in cells.items():
            self.spots[fid] = self._field_spot(region)
        return self._raster

    def _field_spot(self, region):
        """The cell of `region` farthest from anything else (other spots count as obstacles,
        the tile's edge as half a cell away, so farmers keep off the edges)."""
        n, step = self.GRID, T / self.GRID
        if not region:
            return (50, 50)
        inside = set(region)
        # distance in cells to the nearest cell outside the region (8 neighbours), by layers
        dist = {}
        layer = [
            k
            for k in region
            if any(
                not (0 <= k % n + a < n and 0 <= k // n + b < n) or k + b * n + a not in inside
                for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
            )
        ]
        for k in layer:
            dist[k] = 1
        d = 1
        while layer:
            d += 1
            nxt = []
            for k in layer:
                i, j = k % n, k // n
                for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
                    q = k + b * n + a
                    if 0 <= i + a < n and 0 <= j + b < n and q in inside and q not in dist:
                        dist[q] = d
                        nxt.append(q)
            layer = nxt
        others = [
            p
            for fid, p in self.spots.items()
            if fid in self.cities or fid in self.roads or fid == "monastery"
        ]
        cx = sum(k % n for k in region) / len(region)
        cy = sum(k // n for k in region) / len(region)
        best, best_key = None, None
        for k in region:
            i, j = k % n, k // n
            px, py = (i + 0.5) * step, (j + 0.5) * step
            clear = min(dist.get(k, 1), i + 0.5, j + 0.5, n - i - 0.5, n - j - 0.5)
            for ox, oy in others:
                clear = min(clear, (((px - ox) ** 2 + (py - oy) ** 2) ** 0.5 - 10) / step)
            key = (-clear, (i - cx) ** 2 + (j - cy) ** 2, k)
            if best_key is None or key < best_key:
                best, best_key = (px, py), key
        return best

    def spot(self, fid):
        if fid not in self.spots:
            self._fields()
        return self.spots[fid]

    def _fields(self):
        """Field spots and cells from art_data.py (made by `art_data_source` from the raster, so
        the browser never rasterises during play); the raster itself for a type not in there."""
        known = art_data.FIELDS.get(self.type.id)
        if known is None:
            self.raster()
            return {fid: cells for fid, cells in self.raster()[2].items()}
        out = {}
        for fid, (x, y, bits) in known.items():
            self.spots.setdefault(fid, (x, y))
            mask = int(bits, 16)
            out[fid] = [k for k in range(self.GRID * self.GRID) if mask >> k & 1]
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
        n, step = self.GRID, T / self.GRID
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


def half_edge_cells(half, n):
    """Raster cells along a half-edge (without the two cells at the edge's middle, where a road
    may run)."""
    inner = range(0, n // 2 - 1)
    outer = range(n // 2 + 1, n)
    return {
        "N_w": [i for i in inner],
        "N_e": [i for i in outer],
        "E_n": [j * n + n - 1 for j in inner],
        "E_s": [j * n + n - 1 for j in outer],
        "S_e": [(n - 1) * n + i for i in outer],
        "S_w": [(n - 1) * n + i for i in inner],
        "W_s": [j * n for j in outer],
        "W_n": [j * n for j in inner],
    }[half]


def _inside(poly, x, y):
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _near(line, x, y, r):
    for (ax, ay), (bx, by) in itertools.pairwise(line):
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        t = 0 if length == 0 else max(0, min(1, ((x - ax) * dx + (y - ay) * dy) / length))
        px, py = ax + t * dx - x, ay + t * dy - y
        if px * px + py * py < r * r:
            return True
    return False


def art_data_source():
    """The text of art_data.py: per tile type, per field, its follower spot and its raster cells
    (a hexadecimal bit mask), computed by `Art.raster`. Regenerate after changing the drawing:
    python3 -c "from game.carcassonne import draw; draw.write_art_data()" (a test checks)."""
    lines = [
        '"""Generated by draw.art_data_source() from the drawing of every tile type: do not edit.',
        "",
        "FIELDS: tile type -> field id -> (x, y of the farmer, raster cells as a hex bit mask).",
        '"""',
        "",
        "FIELDS = {",
    ]
    for t in TILE_TYPES:
        a = Art(t)
        _, _, cells = a.raster()
        fields = []
        for fid, region in cells.items():
            x, y = a.spots[fid]
            mask = sum(1 << k for k in region)
            text = f"{mask:x}"
            chunks = [text[k : k + 64] for k in range(0, len(text), 64)]
            fields.append(
                f'        "{fid}": ({fmt(x)}, {fmt(y)}, "{chunks[0]}"'
                + "".join(f'\n                 "{c}"' for c in chunks[1:])
                + "),"
            )
        if fields:
            lines.append(f'    "{t.id}": {{')
            lines.extend(fields)
            lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_art_data():
    import os

    with open(os.path.join(os.path.dirname(__file__), "art_data.py"), "w", encoding="utf-8") as f:
        f.write(art_data_source())


_ART = {}


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


def envelope(x, y, size=1.0, css="car-envelope"):
    """A letter: the Courier's symbol."""
    return tag(
        "g", ENVELOPE, class_=css, transform=f"translate({fmt(x)} {fmt(y)}) scale({fmt(size)})"
    )


MEEPLE = (
    "M0 -12C3.2 -12 5 -9.7 5 -7.2C5 -5.5 4.3 -4.4 3.5 -3.7L10.2 -1.3C12 -0.6 12.3 1.8 "
    "10.9 2.8C9.6 3.7 7.6 3.3 5.6 2.8L9 10.3C9.6 11.7 8.8 12.5 7.6 12.5H3.4L0 6.6L-3.4 "
    "12.5H-7.6C-8.8 12.5-9.6 11.7-9 10.3L-5.6 2.8C-7.6 3.3-9.6 3.7-10.9 2.8C-12.3 1.8-12 "
    "-0.6-10.2 -1.3L-3.5 -3.7C-4.3 -4.4-5 -5.5-5 -7.2C-5 -9.7-3.2 -12 0 -12Z"
)
EMBLEM_PATHS = (
    "M0 -2.6A2.6 2.6 0 1 1 0 2.6A2.6 2.6 0 1 1 0 -2.6Z",
    "M0 -3.2L3.1 2.3H-3.1Z",
    "M-2.4 -2.4H2.4V2.4H-2.4Z",
    "M0 -3.3L3 0L0 3.3L-3 0Z",
    "M0 -3.5L1 -1.1L3.4 -1.1L1.5 0.5L2.2 3L0 1.6L-2.2 3L-1.5 0.5L-3.4 -1.1L-1 -1.1Z",
)


def _meeple_symbol(seat, lying):
    colour, outline, mark = SEATS[seat]
    body = empty(
        "path", d=MEEPLE, fill=colour, stroke=outline, stroke_width=1.3, stroke_linejoin="round"
    )
    emblem = empty(
        "path",
        d=EMBLEM_PATHS[seat],
        fill=mark,
        stroke=outline,
        stroke_width=0.6,
        transform="translate(0 1)",
    )
    inner = body + emblem
    if lying:  # a farmer lies on his back, head to the west
        inner = tag("g", inner, transform="rotate(-90) scale(0.95)")
    return tag(
        "symbol",
        inner,
        id=f"car-{'f' if lying else 'm'}{seat}",
        viewBox="-14 -14 28 28",
        overflow="visible",
    )


COURIER = tag(
    "symbol",
    empty("ellipse", cx=0, cy=11, rx=9, ry=3.2, class_="car-courier-base"),
    empty("path", d="M-6 11C-6 3-5 -1-3.2 -3H3.2C5 -1 6 3 6 11Z", class_="car-courier-body"),
    empty("circle", cx=0, cy=-7, r=4.6, class_="car-courier-body"),
    empty("path", d="M-6 -9.5C-6 -13 6 -13 6 -9.5L8.5 -8.8H-8.5Z", class_="car-courier-hat"),
    tag(
        "g",
        empty("rect", x=-5, y=1.5, width=10, height=7, rx=1, class_="car-env-paper"),
        empty("path", d="M-5 2L0 5.8L5 2", class_="car-env-line"),
    ),
    id="car-courier",
    viewBox="-14 -14 28 28",
    overflow="visible",
)


def defs():
    """Patterns, every tile type north up, followers of every seat and the Courier (once)."""
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
    meeples = "".join(
        _meeple_symbol(seat, lying) for seat in range(len(SEATS)) for lying in (False, True)
    )
    hatches = "".join(
        tag(
            "pattern",
            empty("rect", width=10, height=10, fill="#fff8e0", opacity=0.35),
            empty("path", d="M-1 11L11 -1M4 11L11 4M-1 6L6 -1", stroke=colour, stroke_width=2.6),
            id=f"car-hatch-{seat}",
            width=10,
            height=10,
            patternUnits="userSpaceOnUse",
        )
        for seat, (colour, _, _) in enumerate(SEATS)
    )
    return tag(
        "defs", grass, town, hatches, SHIELD, CHAPEL, HOUSE, LETTER, tiles, masks, meeples, COURIER
    )


def place(x, y, rot=0):
    """The transform that puts a north-up picture on square (x, y) turned `rot`."""
    move = f"translate({x * T} {y * T})"
    return move + (f" rotate({rot * 90} 50 50)" if rot % 4 else "")


_FRAGMENTS = {}


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


def meeple(seat, x, y, lying=False, size=34, css=None):
    """A follower of `seat` centred on (x, y) (board units)."""
    half = size / 2
    return empty(
        "use",
        href=f"#car-{'f' if lying else 'm'}{seat}",
        x=fmt(x - half),
        y=fmt(y - half),
        width=size,
        height=size,
        class_=css,
    )


def meeple_icon(seat, label="", size=28, lying=False):
    """A follower as a small standalone picture (panel, dialogs)."""
    return tag(
        "svg",
        tag("title", esc(label)) if label else "",
        empty("use", href=f"#car-{'f' if lying else 'm'}{seat}", width=28, height=28),
        viewBox="0 0 28 28",
        width=size,
        height=size,
        class_="car-icon",
        role="img",
        aria_label=label or None,
        aria_hidden=None if label else "true",
    )


def envelope_icon(size=20):
    """The Courier's letter as a small standalone picture."""
    return tag(
        "svg",
        ENVELOPE,
        viewBox="-10 -7 20 14",
        width=size,
        height=round(size * 0.7),
        class_="car-icon",
        aria_hidden="true",
    )


def picture(tile, rot=0, size=96, label="", css="car-picture"):
    """A tile as a small standalone picture (the current tile, what is left)."""
    return tag(
        "svg",
        tag("title", esc(label)) if label else "",
        tile_use(tile, rot, 0, 0),
        viewBox="-2 -2 104 104",
        width=size,
        height=size,
        class_=css,
        role="img",
        aria_label=label or None,
    )


# ---- the board ---------------------------------------------------------------------------------
def tiles_layer(placed, titles=None):
    """Every placed tile: [(x, y, tile, rot)]; `titles` maps a square to a tooltip."""
    titles = titles or {}
    out = []
    for x, y, tile, rot in placed:
        title = titles.get((x, y))
        if title:
            out.append(tag("g", tag("title", esc(title)), tile_use(tile, rot, x, y)))
        else:
            out.append(tile_use(tile, rot, x, y))
    return tag("g", *out, class_="car-tiles")


def last_layer(square):
    if square is None:
        return ""
    x, y = square
    return empty(
        "rect", x=x * T + 2, y=y * T + 2, width=T - 4, height=T - 4, rx=4, class_="car-last"
    )


def meeples_layer(meeples):
    """Followers on the board: [(seat, x, y, tile, rot, fid, kind)]."""
    out = []
    for seat, x, y, tile, rot, fid, kind in meeples:
        sx, sy = spot(tile, rot, fid, x, y)
        out.append(meeple(seat, sx, sy, lying=kind == "field"))
    return tag("g", *out, class_="car-meeples")


def courier_layer(square, avoid=()):
    """The Courier on his square, in the corner farthest from the followers there."""
    if square is None:
        return ""
    x, y = square
    corners = [(x * T + cx, y * T + cy) for cx, cy in ((20, 22), (80, 22), (80, 80), (20, 80))]
    best = max(
        corners,
        key=lambda c: (
            min(((c[0] - a) ** 2 + (c[1] - b) ** 2 for a, b in avoid), default=1e9),
            -corners.index(c),
        ),
    )
    return tag(
        "g",
        empty(
            "use",
            href="#car-courier",
            x=fmt(best[0] - 18),
            y=fmt(best[1] - 18),
            width=36,
            height=36,
        ),
        class_="car-courier",
        data_x=x,
        data_y=y,
    )


def hits_layer(squares):
    """Invisible squares that name their coordinates (the one delegated listener reads
    data-cell): every free square next to a tile."""
    return tag(
        "g",
        *(
            empty("rect", x=x * T, y=y * T, width=T, height=T, data_cell=f"{x},{y}")
            for x, y in squares
        ),
        class_="car-hit",
    )


def highlight(tile, rot, x, y, fid, kind, seat):
    """One segment of a scored feature, outlined in the scorer's colour."""
    a = art(tile)
    colour = SEATS[seat][0]
    if kind == "city":
        inner = empty(
            "path",
            d=path_d(a.cities[fid]["fill"]),
            class_="car-hl-city",
            stroke=colour,
            fill=colour,
        )
    elif kind == "road":
        inner = empty("path", d=path_d(a.roads[fid]), class_="car-hl-road", stroke=colour)
    elif kind == "monastery":
        mx, my = a.monastery
        inner = empty(
            "circle", cx=fmt(mx), cy=fmt(my), r=22, class_="car-hl-monastery", stroke=colour
        )
    else:
        inner = empty(
            "path",
            d=a.region_path(fid),
            mask=f"url(#car-fm-{tile})",
            class_="car-hl-field",
            fill=f"url(#car-hatch-{seat})",
        )
    return tag("g", inner, transform=place(x, y, rot))


def block_outline(squares, seat):
    """The 3 x 3 block a monastery scored with."""
    colour = SEATS[seat][0]
    return "".join(
        empty(
            "rect",
            x=x * T + 3,
            y=y * T + 3,
            width=T - 6,
            height=T - 6,
            rx=5,
            class_="car-hl-block",
            stroke=colour,
        )
        for x, y in squares
    )


def badge(x, y, seat, points, courier=False, delay=0):
    """+N near a scored feature, in the scorer's colour and emblem (an envelope: the Courier's
    message)."""
    colour, outline, mark = SEATS[seat]
    text = f"+{points}"
    icon = 16 if courier else 0
    width = 30 + icon + 10 * len(text)
    left = -width / 2
    parts = [
        empty(
            "rect",
            x=fmt(left),
            y=-12,
            width=fmt(width),
            height=24,
            rx=12,
            fill=colour,
            stroke=outline,
            stroke_width=1.5,
        ),
        empty(
            "path",
            d=EMBLEM_PATHS[seat],
            fill=mark,
            stroke=outline,
            stroke_width=0.5,
            transform=f"translate({fmt(left + 11)} 0) scale(1.3)",
        ),
    ]
    if courier:
        parts.append(envelope(left + 28, 0, size=0.62))
    parts.append(
        tag("text", text, x=fmt(left + 20 + icon), y=6, fill=mark, class_="car-badge-text")
    )
    return tag(
        "g",
        tag(
            "g",
            *parts,
            class_="car-badge-in",
            style=f"animation-delay:{delay}ms" if delay else None,
        ),
        class_="car-badge",
        transform=f"translate({fmt(x)} {fmt(y)})",
        data_seat=seat,
        data_points=points,
    )


def free_spot(x, y, taken):
    """(x, y), or the nearest of a few spots around it that keeps clear of the badges in
    `taken` (which it joins)."""
    for dx, dy in (
        (0, 0),
        (0, -28),
        (0, 28),
        (52, 0),
        (-52, 0),
        (52, -28),
        (-52, -28),
        (52, 28),
        (-52, 28),
        (0, -56),
        (0, 56),
    ):
        px, py = x + dx, y + dy
        if all(abs(px - a) >= 54 or abs(py - b) >= 27 for a, b in taken):
            taken.append((px, py))
            return px, py
    taken.append((x, y))
    return x, y


# ---- the overlay -------------------------------------------------------------------------------
def hints_layer(squares, strong=()):
    """Free squares where the tile fits (in some rotation); `strong`: where it fits as turned."""
    strong = set(strong)  # membership only
    return tag(
        "g",
        *(
            empty(
                "rect",
                x=x * T + 5,
                y=y * T + 5,
                width=T - 10,
                height=T - 10,
                rx=8,
                class_="car-hint" + (" car-hint-now" if (x, y) in strong else ""),
            )
            for x, y in squares
        ),
        class_="car-hints",
    )


def preview_layer(tile, rot, x, y, legal, locked):
    """The tile where the player points: framed green when it fits, red when it cannot go
    there; a chosen spot waits for a second tap."""
    css = "car-preview " + ("car-preview-ok" if legal else "car-preview-bad")
    if locked:
        css += " car-selected"
    return tag(
        "g",
        tile_use(tile, rot, x, y),
        empty(
            "rect",
            x=x * T + 1.5,
            y=y * T + 1.5,
            width=T - 3,
            height=T - 3,
            rx=3,
            class_="car-frame",
        ),
        class_=css,
        data_x=x,
        data_y=y,
        data_rot=rot,
    )


def cursor_layer(x, y):
    """The keyboard's square."""
    return empty(
        "rect", x=x * T + 1, y=y * T + 1, width=T - 2, height=T - 2, rx=4, class_="car-cursor"
    )


def courier_reach_layer(square, reach, box):
    """Where a follower calls the Courier: a dotted golden line along his row and column (or a
    ring of the four squares next to him)."""
    if square is None:
        return ""
    x, y = square
    cx, cy = x * T + T / 2, y * T + T / 2
    if reach == "adjacent":
        d = "".join(
            f"M{fmt(cx + dx * T - 30)} {fmt(cy + dy * T)}h60"
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        )
    else:
        x0, y0, x1, y1 = box
        d = f"M{x0 * T} {fmt(cy)}H{(x1 + 1) * T}M{fmt(cx)} {y0 * T}V{(y1 + 1) * T}"
    return tag("g", empty("path", d=d), class_="car-reach", data_reach=reach)


def spots_layer(tile, rot, x, y, options, seat, selected=None, hovered=None):
    """Follower places on the new tile: [(fid, kind, label, calls the Courier)]; tapping one
    chooses it, tapping it again places the follower there."""
    # the tile itself answers a tap between the rings (it may be drawn enlarged over others)
    out = [
        empty(
            "rect", x=x * T, y=y * T, width=T, height=T, data_cell=f"{x},{y}", class_="car-spot-pad"
        )
    ]
    for n, (fid, kind, label, courier) in enumerate(options, 1):
        sx, sy = spot(tile, rot, fid, x, y)
        css = f"car-spot car-spot-{kind}"
        if fid == selected:
            css += " car-spot-chosen"
        if fid == hovered:
            css += " car-spot-hover"
        body = [
            tag("title", esc(label)) if label else "",
            empty("circle", cx=fmt(sx), cy=fmt(sy), r=18, class_="car-spot-hit"),
            empty("circle", cx=fmt(sx), cy=fmt(sy), r=11, class_="car-spot-ring"),
        ]
        if fid in (selected, hovered):
            body.append(
                meeple(
                    seat,
                    sx,
                    sy,
                    lying=kind == "field",
                    size=30,
                    css="car-ghost" + (" car-ghost-chosen" if fid == selected else ""),
                )
            )
        else:
            body.append(tag("text", str(n), x=fmt(sx), y=fmt(sy + 4.5), class_="car-spot-n"))
        if courier:  # a follower here brings the Courier (and his message)
            body.append(envelope(sx + 13, sy - 11, size=0.55, css="car-spot-courier"))
        out.append(tag("g", *body, class_=css, data_cell=f"m:{fid}", data_kind=kind))
    return tag("g", *out, class_="car-spots")
