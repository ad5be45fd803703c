#!/usr/bin/env python3
"""Build-time: where the fields lie on every Carcassonne tile picture, written to
game/carcassonne/draw_art.py so the browser never rasterises a tile during play.

    python3 scripts/make_carcassonne_art.py            rewrite draw_art.py
    python3 scripts/make_carcassonne_art.py --check    exit 1 when it no longer matches the drawing

Each tile type's picture (game/carcassonne/draw_tiles.py) is sampled on a GRID x GRID raster:
cells not covered by a city, a road, a chapel or a house form connected regions, and each field
of the tile's data takes the region its half-edges touch. draw_art.py keeps, per field, the
region's cells (a hexadecimal bit mask, for the farm highlight) and the farmer's spot: the cell
farthest from the region's border, the tile's edge and the other features' followers.
Run it after changing the drawing (tests/test_carcassonne_board.py checks the file is current).
"""

import argparse
import itertools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.carcassonne.data import TILE_TYPES  # noqa: E402
from game.carcassonne.draw_tiles import GRID, Art, T, cubic, fmt  # noqa: E402

OUTPUT = ROOT / "game" / "carcassonne" / "draw_art.py"
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def sample(path, steps=10):
    """The path as a list of points (curves flattened)."""
    points = []
    for cmd, pts in path:
        if cmd in ("M", "L"):
            points.append(pts[0])
        elif cmd == "C":
            p0 = points[-1]
            points.extend(cubic(p0, pts[0], pts[1], pts[2], k / steps) for k in range(1, steps + 1))
    return points


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


def inside(poly, x, y):
    """Is (x, y) inside the polygon (even-odd rule)?"""
    found = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            found = not found
        j = i
    return found


def near(line, x, y, r):
    """Is (x, y) closer than `r` to the polyline?"""
    for (ax, ay), (bx, by) in itertools.pairwise(line):
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        t = 0 if length == 0 else max(0, min(1, ((x - ax) * dx + (y - ay) * dy) / length))
        px, py = ax + t * dx - x, ay + t * dy - y
        if px * px + py * py < r * r:
            return True
    return False


def blocker(art):
    """A test (x, y) -> is that point of the picture covered by something that is not field?"""
    cities = []
    for shape in art.cities.values():
        poly = sample(shape["fill"])
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        cities.append((poly, (min(xs), min(ys), max(xs), max(ys))))
    road_lines = [sample(path) for path in art.roads.values()]

    def blocked(x, y):
        for poly, (x0, y0, x1, y1) in cities:
            if x0 <= x <= x1 and y0 <= y <= y1 and inside(poly, x, y):
                return True
        if any(near(line, x, y, 8.5) for line in road_lines):
            return True
        if art.monastery is not None:
            mx, my = art.monastery
            if mx - 14 <= x <= mx + 14 and my - 22 <= y <= my + 12:
                return True
        if art.junction is not None:
            jx, jy = art.junction
            if (x - jx) ** 2 + (y - jy) ** 2 < 12**2:
                return True
        return False

    return blocked


def raster(art):
    """(component per cell or -1, {field id: component}, {field id: cells}) of a tile picture."""
    n = GRID
    step = T / n
    blocked = blocker(art)
    free = [not blocked((i + 0.5) * step, (j + 0.5) * step) for j in range(n) for i in range(n)]
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
    for f in art.type.features:
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
    return comp, fields, cells


def field_spot(art, region):
    """The cell of `region` farthest from anything else (the other features' spots count as
    obstacles, the tile's edge as half a cell away, so farmers keep off the edges)."""
    n, step = GRID, T / GRID
    if not region:
        return (50, 50)
    cells = set(region)
    # distance in cells to the nearest cell outside the region (8 neighbours), by layers
    dist = {}
    layer = [
        k
        for k in region
        if any(
            not (0 <= k % n + a < n and 0 <= k // n + b < n) or k + b * n + a not in cells
            for a, b in NEIGHBOURS
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
            for a, b in NEIGHBOURS:
                q = k + b * n + a
                if 0 <= i + a < n and 0 <= j + b < n and q in cells and q not in dist:
                    dist[q] = d
                    nxt.append(q)
        layer = nxt
    others = [
        p
        for fid, p in art.spots.items()
        if fid in art.cities or fid in art.roads or fid == "monastery"
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


def source():
    """The text of draw_art.py: per tile type, per field, the farmer's spot and the raster cells
    as a hexadecimal bit mask."""
    lines = [
        '"""Generated by scripts/make_carcassonne_art.py from the drawing of every tile type: do not edit.',
        "",
        "FIELDS: tile type -> field id -> (x, y of the farmer, raster cells as a hex bit mask).",
        '"""',
        "",
        "FIELDS = {",
    ]
    for t in TILE_TYPES:
        art = Art(t)
        _, _, cells = raster(art)
        fields = []
        for fid, region in cells.items():
            x, y = field_spot(art, region)
            text = f"{sum(1 << k for k in region):x}"
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    args = parser.parse_args()
    text = source()
    if args.check:
        current = OUTPUT.read_text("utf-8") if OUTPUT.exists() else ""
        if current != text:
            raise SystemExit(f"{OUTPUT.relative_to(ROOT)} is out of date: run {__file__}")
        print(f"{OUTPUT.relative_to(ROOT)} matches the drawing")
        return
    OUTPUT.write_text(text, "utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
