"""The Thurn und Taxis map picture: an old map of southern Germany, drawn by code as one
standalone SVG document (built once; the page holds it as an image, see map_href).

One user unit is one millimetre of the printed 600 x 420 mm board (data.BOARD_XY_MM). The
provinces are the Voronoi cells of their cities, merged, clipped to the map and given wobbly
hand-drawn borders; roads are gently bent double lines (routes, drawn by draw.py, follow the
same curves).
"""

import base64
from math import cos, pi, sin

from game.view.markup import empty, esc, tag

from . import data

W, H = 600, 420
VIEWBOX = f"0 0 {W} {H}"
XY = data.BOARD_XY_MM
PROVINCE_OF = {city: province for province, cities in data.PROVINCES.items() for city in cities}

# card colours of the provinces (strong: city markers and cards) and their map tints
PROVINCE_COLOURS = {
    "Baden": "#d4a72c",
    "Württemberg": "#c8603a",
    "Hohenzollern": "#8b6a45",
    "Schweiz": "#c84f72",
    "Tyrol": "#55944a",
    "Baiern": "#4a80b4",
    "Salzburg": "#8a68b0",
    "Böhmen": "#37948c",
    "Polen": "#7d7f8e",
}

# where each province's name is written: (x, y, rotation, font size), a clear spot in its area
PROVINCE_LABELS = {
    "Baden": (105, 190, -62, 11),
    "Württemberg": (250, 243, 0, 8.5),
    "Hohenzollern": (198, 333, 0, 8),
    "Schweiz": (80, 401, 0, 11),
    "Tyrol": (420, 381, 0, 11),
    "Baiern": (455, 258, 0, 11),
    "Salzburg": (589, 352, -90, 10),
    "Böhmen": (510, 230, 0, 11),
    "Polen": (555, 58, 0, 11),
}


def darken(colour, share=0.4):
    """`colour` (#rrggbb) mixed with black."""
    rgb = [int(colour[k : k + 2], 16) for k in (1, 3, 5)]
    return "#" + "".join(f"{round(c * (1 - share)):02x}" for c in rgb)


def fmt(value):
    """A short number for markup (one decimal, no trailing zeros)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


# ---- geometry: provinces as merged Voronoi cells ---------------------------------------------
def _clip(polygon, site, other, label):
    """Keep the part of `polygon` (points with the label of the edge starting there) nearer to
    `site` than to `other`; the new edge along the bisector is labelled `label`."""
    mx, my = (site[0] + other[0]) / 2, (site[1] + other[1]) / 2
    nx, ny = other[0] - site[0], other[1] - site[1]

    def side(p):
        return (p[0] - mx) * nx + (p[1] - my) * ny

    def cut(a, b):
        da, db = side(a), side(b)
        t = da / (da - db)
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)

    out = []
    for k, (a, edge) in enumerate(polygon):
        b = polygon[(k + 1) % len(polygon)][0]
        inside_a, inside_b = side(a) <= 0, side(b) <= 0
        if inside_a:
            out.append((a, edge))
            if not inside_b:
                out.append((cut(a, b), label))
        elif inside_b:
            out.append((cut(a, b), edge))
    return out


def _cells():
    """{city: [(point, neighbour city or None for the frame), ...]}: each city's Voronoi cell
    inside the map, every edge labelled with the city on its other side."""
    cells = {}
    for city in data.CITIES:
        polygon = [((0.0, 0.0), None), ((W, 0.0), None), ((W, H), None), ((0.0, H), None)]
        for other in data.CITIES:
            if other != city:
                polygon = _clip(polygon, XY[city], XY[other], other)
        cells[city] = polygon
    return cells


def _noise(seed):
    """A small deterministic sequence in [-1, 1] (no hash(): Pyodide's differ)."""
    state = seed & 0x7FFFFFFF
    while True:
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        yield (state / 0x7FFFFFFF) * 2 - 1


def _wobble(a, b, seed):
    """Points from a to b along a hand-drawn line (the same line whichever side draws it)."""
    length = ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5
    steps = max(1, int(length / 9))
    nx, ny = (-(b[1] - a[1]) / length, (b[0] - a[0]) / length) if length else (0, 0)
    noise = _noise(seed)
    points = [a]
    for k in range(1, steps):
        t = k / steps
        d = next(noise) * min(2.6, length / 10)
        points.append((a[0] + (b[0] - a[0]) * t + nx * d, a[1] + (b[1] - a[1]) * t + ny * d))
    points.append(b)
    return points


def _border_points(city, other, a, b):
    """The wobbly border between two cities' cells, from a to b."""
    i, j = data.CITIES.index(city), data.CITIES.index(other)
    if i < j:
        return _wobble(a, b, i * 97 + j * 13 + 5)
    return _wobble(b, a, j * 97 + i * 13 + 5)[::-1]


def _key(point):
    return (round(point[0], 1), round(point[1], 1))


def _province_paths(cells):
    """{province: SVG path data of its area} and the markup of the borders between provinces."""
    paths, borders = {}, []
    for province, cities in data.PROVINCES.items():
        edges = {}  # start point key -> list of points to the next start
        for city in cities:
            polygon = cells[city]
            for k, (a, other) in enumerate(polygon):
                b = polygon[(k + 1) % len(polygon)][0]
                if _key(a) == _key(b):
                    continue
                if other is not None and PROVINCE_OF[other] == province:
                    continue  # inside the province
                if other is None:
                    points = [a, b]
                else:
                    points = _border_points(city, other, a, b)
                    if data.CITIES.index(city) < data.CITIES.index(other):
                        borders.append(points)
                edges[_key(a)] = points
        loops = []
        while edges:
            start = next(iter(edges))
            loop = edges.pop(start)[:]
            while _key(loop[-1]) in edges and _key(loop[-1]) != start:
                loop += edges.pop(_key(loop[-1]))[1:]
            loops.append("M" + "L".join(f"{fmt(x)} {fmt(y)}" for x, y in loop[:-1]) + "Z")
        paths[province] = "".join(loops)
    border_d = "".join(
        "M" + "L".join(f"{fmt(x)} {fmt(y)}" for x, y in points) for points in borders
    )
    return paths, border_d


# ---- roads ----------------------------------------------------------------------------------
def _control(a_name, b_name):
    """The control point of the road between two cities (fixed whichever way it is drawn)."""
    first, second = sorted((a_name, b_name), key=data.CITIES.index)
    (ax, ay), (bx, by) = XY[first], XY[second]
    i, j = data.CITIES.index(first), data.CITIES.index(second)
    bend = ((i * 7 + j * 3) % 5 - 2) * 0.045
    return ((ax + bx) / 2 - (by - ay) * bend, (ay + by) / 2 + (bx - ax) * bend)


def road_segment(a_name, b_name):
    """Path data continuing a path from city a to city b along the road."""
    cx, cy = _control(a_name, b_name)
    bx, by = XY[b_name]
    return f"Q{fmt(cx)} {fmt(cy)} {fmt(bx)} {fmt(by)}"


# ---- the static map ----------------------------------------------------------------------------
RHINE = (
    "M122 420C130 398 138 390 136 372C134 350 128 338 132 318C136 296 146 262 150 236"
    "C154 214 160 200 170 178C180 156 190 140 196 120C200 104 204 86 214 60C220 44 226 20 230 0"
)
DANUBE = (
    "M188 292C206 286 222 282 238 276C254 270 262 258 278 252C296 246 318 246 338 240"
    "C356 234 366 224 384 214C402 206 420 210 436 214C452 220 464 234 476 254"
    "C486 272 500 280 518 280C538 280 552 276 570 270C584 266 594 262 600 260"
)
MAIN = (
    "M140 96C168 102 188 96 206 104C226 112 246 98 270 100C290 102 300 90 318 92"
    "C336 94 350 110 364 120"
)
LAKE = "M220 352C230 342 252 340 262 346C270 352 262 362 248 364C236 366 224 362 220 352Z"


def _mountains():
    """Little hills of the Alps along the south edge, old-map style."""
    out = []
    for k, (x, y) in enumerate(
        (
            (262, 412),
            (282, 404),
            (312, 414),
            (330, 382),
            (390, 414),
            (424, 404),
            (450, 416),
            (478, 398),
            (500, 414),
            (604, 0),
        )
    ):
        if x > W:
            continue
        s = 7 + k % 3
        out.append(
            f"M{x - s} {y}L{x} {y - s * 1.2}L{x + s} {y}M{x} {y - s * 1.2}L{x + s * 0.35} {y}"
        )
    return "".join(out)


def _compass(cx, cy, r):
    points = []
    for k in range(16):
        angle = k * pi / 8
        rr = r if k % 4 == 0 else (r * 0.55 if k % 2 == 0 else r * 0.28)
        points.append((cx + rr * sin(angle), cy - rr * cos(angle)))
    star = "M" + "L".join(f"{fmt(x)} {fmt(y)}" for x, y in points) + "Z"
    return tag(
        "g",
        empty("circle", cx=cx, cy=cy, r=r * 0.62, class_="tnt-rose-ring"),
        empty("path", d=star, class_="tnt-rose"),
        tag("text", "N", x=cx, y=cy - r - 3, class_="tnt-rose-n"),
        class_="tnt-compass",
        aria_hidden="true",
    )


MAP_FONT = (
    '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, '
    '"Times New Roman", serif'
)
# the map is a picture of its own (an SVG image: its styles travel with it)
MAP_STYLE = f"""
.tnt-paper {{ fill: #f1e2bd; }}
.tnt-prov {{ opacity: .2; }}
.tnt-border-wash {{ fill: none; stroke: #8a6a3e; stroke-width: 4; opacity: .12; stroke-linejoin: round; }}
.tnt-border {{ fill: none; stroke: #6b4d2a; stroke-width: .8; stroke-dasharray: 3 1.6 .6 1.6; opacity: .75; }}
.tnt-river {{ fill: none; stroke: #6f94a8; stroke-width: 1.6; opacity: .55; stroke-linecap: round; }}
.tnt-lake {{ fill: #a9c3cc; stroke: #6f94a8; stroke-width: .8; opacity: .7; }}
.tnt-hills {{ fill: none; stroke: #8a6a3e; stroke-width: .9; opacity: .55; stroke-linejoin: round; }}
text {{ font-family: {MAP_FONT}; text-anchor: middle; }}
.tnt-prov-name {{ font-style: italic; font-weight: 600; letter-spacing: .26em; opacity: .85;
  paint-order: stroke; stroke: #f1e2bd; stroke-width: 2.5px; }}
.tnt-rose {{ fill: #8a6a3e; opacity: .7; }}
.tnt-rose-ring {{ fill: none; stroke: #8a6a3e; stroke-width: .7; opacity: .6; }}
.tnt-rose-n {{ font-weight: 700; font-size: 9px; fill: #6b4d2a; }}
.tnt-title {{ font-style: italic; font-weight: 700; font-size: 17px; fill: #5a3d1c; }}
.tnt-subtitle {{ font-style: italic; font-size: 10px; fill: #7a5a33; letter-spacing: .2em; }}
.tnt-road-edge {{ fill: none; stroke: #6b4d2a; stroke-width: 3.4; stroke-linecap: round; opacity: .75; }}
.tnt-road {{ fill: none; stroke: #efdcae; stroke-width: 1.6; stroke-linecap: round; }}
.tnt-frame {{ fill: none; stroke: #5a3d1c; stroke-width: 3; }}
.tnt-frame-inner {{ fill: none; stroke: #5a3d1c; stroke-width: 1.2; stroke-dasharray: 12 12; }}
"""


def _build_map():
    """The map as a standalone SVG document: parchment, provinces, borders, rivers, hills, roads,
    province names, compass and title (the cities are drawn on top, by the page)."""
    cells = _cells()
    paths, border_d = _province_paths(cells)
    provinces = "".join(
        empty("path", d=paths[p], fill=PROVINCE_COLOURS[p], class_="tnt-prov", data_province=p)
        for p in data.PROVINCES
    )
    names = "".join(
        tag(
            "text",
            esc(p.upper()),
            x=x,
            y=y,
            class_="tnt-prov-name",
            font_size=size,
            fill=darken(PROVINCE_COLOURS[p]),
            transform=f"rotate({a} {x} {y})" if a else None,
        )
        for p, (x, y, a, size) in PROVINCE_LABELS.items()
    )
    roads = "".join(f"M{fmt(XY[a][0])} {fmt(XY[a][1])}{road_segment(a, b)}" for a, b in data.ROADS)
    vignette = tag(
        "radialGradient",
        empty("stop", offset="55%", stop_color="#7a5523", stop_opacity="0"),
        empty("stop", offset="100%", stop_color="#7a5523", stop_opacity="0.32"),
        id="v",
        cx="50%",
        cy="50%",
        r="75%",
    )
    return tag(
        "svg",
        tag("style", MAP_STYLE),
        tag("defs", vignette),
        empty("rect", x=0, y=0, width=W, height=H, class_="tnt-paper"),
        empty("rect", x=0, y=0, width=W, height=H, fill="url(#v)"),
        provinces,
        empty("path", d=border_d, class_="tnt-border-wash"),
        empty("path", d=border_d, class_="tnt-border"),
        empty("path", d=RHINE + DANUBE + MAIN, class_="tnt-river"),
        empty("path", d=LAKE, class_="tnt-lake"),
        empty("path", d=_mountains(), class_="tnt-hills"),
        names,
        _compass(48, 272, 20),
        tag("text", "Thurn und Taxis", x=70, y=40, class_="tnt-title"),
        tag("text", "Anno MDCL", x=70, y=56, class_="tnt-subtitle"),
        empty("path", d=roads, class_="tnt-road-edge"),
        empty("path", d=roads, class_="tnt-road"),
        empty("rect", x=2, y=2, width=W - 4, height=H - 4, class_="tnt-frame"),
        empty("rect", x=5.5, y=5.5, width=W - 11, height=H - 11, class_="tnt-frame-inner"),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=VIEWBOX,
        width=W,
        height=H,
    )


_MAP = None


def map_svg():
    """The map picture (an SVG document; built once: it never changes)."""
    global _MAP
    if _MAP is None:
        _MAP = _build_map()
    return _MAP


def map_href():
    """The map picture as a data: URL. The browser decodes it once and keeps the picture, so a
    board update repaints one image instead of hundreds of paths and their texts."""
    return "data:image/svg+xml;base64," + base64.b64encode(map_svg().encode("utf-8")).decode(
        "ascii"
    )
