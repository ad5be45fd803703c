"""Thurn und Taxis as SVG markup (pure Python, tested in CPython, set into the page in one DOM
write per layer): routes, cities and houses over the map picture of draw_map.py.

Every seat has a colour AND a shape (circle, square, triangle, diamond) and its route a dash
pattern, so the players can be told apart without colour vision.

Layers, bottom to top: the map (static, built once), routes, cities (with their names and the
invisible tap targets "city:NAME"), houses; the overlay (hints, previews) is drawn separately.
"""

import itertools

from game.view.markup import empty, esc, icon_svg, tag

from . import data
from .draw_map import PROVINCE_COLOURS, PROVINCE_OF, VIEWBOX, XY, H, W, fmt, map_href, road_segment

__all__ = ["PROVINCE_OF", "VIEWBOX", "XY"]  # the board and the panel read them here

PROVINCE_INDEX = {province: k for k, province in enumerate(data.PROVINCES)}

# seat colour, shape and route dash pattern (colour AND shape AND pattern differ)
SEAT_COLOURS = ("#c0362c", "#2457a6", "#e3a21a", "#2e7d3a")
SEAT_DARK = ("#6e1a13", "#102c5c", "#6b4a05", "#123d19")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")
SEAT_DASHES = (None, "9 4", "2.5 3.5", "10 3 2.5 3")

# where a city's name goes: (dx, dy, text-anchor); default below the marker
LABELS = {
    "Mannheim": (0, -16, "middle"),
    "Würzburg": (0, -16, "middle"),
    "Nürnberg": (0, -16, "middle"),
    "Pilsen": (0, -16, "middle"),
    "Lodz": (0, -16, "middle"),
    "Carlsruhe": (-15, 4, "end"),
    "Freiburg": (-15, 4, "end"),
    "Basel": (-15, 4, "end"),
    "Stuttgart": (15, -8, "start"),
    "Regensburg": (0, -16, "middle"),
    "Ingolstadt": (-15, -8, "end"),
    "Ulm": (15, -6, "start"),
    "Sigmaringen": (0, 22, "middle"),
    "Augsburg": (-15, 4, "end"),
    "München": (15, 4, "start"),
    "Passau": (15, -6, "start"),
    "Linz": (0, 22, "middle"),
    "Budweis": (0, 22, "middle"),
    "Salzburg": (0, -16, "middle"),
    "Innsbruck": (15, 4, "start"),
    "Zürich": (15, 4, "start"),
    "Kempten": (-15, 4, "end"),
}
# a city's tap area: cities lie at least 62 units apart, so these never overlap
HIT_RADIUS = 24
# houses: each seat has its own place around the city marker (NW, NE, SW, SE)
HOUSE_OFFSETS = ((-9.5, -9.5), (9.5, -9.5), (-9.5, 9.5), (9.5, 9.5))


# ---- the map and the routes on it ------------------------------------------------------------
def route_path(cities):
    """Path data of a route (city names in order) along its roads."""
    if not cities:
        return ""
    x, y = XY[cities[0]]
    return f"M{fmt(x)} {fmt(y)}" + "".join(
        road_segment(a, b) for a, b in itertools.pairwise(cities)
    )


def map_layer():
    """The map under the pieces: a use of the picture the page holds in its defs."""
    return empty("use", href="#tnt-map-img", class_="tnt-map")


def defs():
    """The map picture, held once by the page (see map_href)."""
    return tag(
        "defs",
        empty(
            "image",
            id="tnt-map-img",
            href=map_href(),
            x=0,
            y=0,
            width=W,
            height=H,
            preserveAspectRatio="none",
        ),
    )


# ---- pieces ----------------------------------------------------------------------------------
def shape(seat, x, y, size, css="", extra=None):
    """A seat's piece: its colour and its own shape (size = width)."""
    h = size / 2
    fill, stroke = SEAT_COLOURS[seat], SEAT_DARK[seat]
    attrs = {"fill": fill, "stroke": stroke, "class_": css or None, **(extra or {})}
    kind = SEAT_SHAPES[seat]
    if kind == "circle":
        return empty("circle", cx=fmt(x), cy=fmt(y), r=fmt(h), **attrs)
    if kind == "square":
        return empty(
            "rect",
            x=fmt(x - h * 0.9),
            y=fmt(y - h * 0.9),
            width=fmt(h * 1.8),
            height=fmt(h * 1.8),
            **attrs,
        )
    if kind == "triangle":
        return empty(
            "path",
            d=f"M{fmt(x)} {fmt(y - h * 1.1)}L{fmt(x + h * 1.1)} {fmt(y + h * 0.8)}"
            f"L{fmt(x - h * 1.1)} {fmt(y + h * 0.8)}Z",
            **attrs,
        )
    return empty(
        "path",
        d=f"M{fmt(x)} {fmt(y - h * 1.2)}L{fmt(x + h * 1.05)} {fmt(y)}"
        f"L{fmt(x)} {fmt(y + h * 1.2)}L{fmt(x - h * 1.05)} {fmt(y)}Z",
        **attrs,
    )


def swatch(seat, size=22, label=""):
    """A small standalone picture of a seat's piece (the panel)."""
    piece = shape(seat, 11, 11.5, 17, extra={"stroke_width": 1.4})
    return icon_svg(piece, 22, size, label, "tnt-swatch")


def routes_layer(routes, mover, fresh=()):
    """Every seat's route along the roads: the player to move's broad and on top, the others
    narrower, each with its colour and dash pattern. `fresh`: (seat, city) just added."""
    order = [seat for seat in range(len(routes)) if seat != mover]
    if mover is not None:
        order.append(mover)
    parts = []
    for seat in order:
        cities = routes[seat]
        if not cities:
            continue
        css = "tnt-route tnt-route-mover" if seat == mover else "tnt-route"
        d = route_path(cities)
        dash = SEAT_DASHES[seat]
        if dash and seat == mover:  # the broad line: a longer pattern
            dash = " ".join(fmt(float(x) * 1.8) for x in dash.split())
        parts.append(
            tag(
                "g",
                empty("path", d=d, class_="tnt-route-halo"),
                empty(
                    "path",
                    d=d,
                    class_="tnt-route-line",
                    stroke=SEAT_COLOURS[seat],
                    stroke_dasharray=dash,
                    stroke_linecap="butt" if dash else None,
                ),
                *(
                    empty(
                        "path",
                        d=f"M{fmt(XY[a][0])} {fmt(XY[a][1])}{road_segment(a, b)}",
                        class_="tnt-route-new",
                        stroke=SEAT_COLOURS[seat],
                    )
                    for a, b in itertools.pairwise(cities)
                    if (seat, b) in fresh or ((seat, a) in fresh and a == cities[0])
                ),
                class_=css,
                data_seat=seat,
                data_route=",".join(cities),
            )
        )
    return tag("g", *parts, class_="tnt-routes")


def cities_layer(ends=()):
    """City markers in their province's colour, names, and the tap targets; `ends`: the cities
    at the ends of the player to move's route (ringed)."""
    marks, labels, hits = [], [], []
    for city in data.CITIES:
        x, y = XY[city]
        province = PROVINCE_OF[city]
        marks.append(
            empty(
                "circle",
                cx=x,
                cy=y,
                r=6.2,
                fill=PROVINCE_COLOURS[province],
                class_="tnt-city" + (" tnt-end" if city in ends else ""),
            )
        )
        dx, dy, anchor = LABELS.get(city, (0, 18, "middle"))
        labels.append(
            tag("text", esc(city), x=x + dx, y=y + dy, text_anchor=anchor, class_="tnt-name")
        )
        hits.append(
            tag(
                "circle",
                tag("title", esc(f"{city} ({province})")),
                cx=x,
                cy=y,
                r=HIT_RADIUS,
                data_cell=f"city:{city}",
                class_="tnt-hit",
            )
        )
    return (
        tag("g", *marks, class_="tnt-cities")
        + tag("g", *labels, class_="tnt-names")
        + tag("g", *hits, class_="tnt-hits")
    )


def houses_layer(houses, fresh=()):
    """Each seat's houses (lists of city names) in the seat's corner around the city;
    `fresh`: (seat, city) placed by the last move (they drop in)."""
    parts = []
    for seat, cities in enumerate(houses):
        ox, oy = HOUSE_OFFSETS[seat]
        for city in cities:
            x, y = XY[city]
            parts.append(
                shape(
                    seat,
                    x + ox,
                    y + oy,
                    9.5,
                    css="tnt-house" + (" tnt-new" if (seat, city) in fresh else ""),
                    extra={"data_seat": seat, "data_city": city},
                )
            )
    return tag("g", *parts, class_="tnt-houses")


def around(cities, wide, high):
    """The box ("x y width height", board units) around `cities`, `wide` and `high` beyond."""
    xs = [XY[c][0] for c in cities]
    ys = [XY[c][1] for c in cities]
    return " ".join(
        fmt(v)
        for v in (
            min(xs) - wide,
            min(ys) - high,
            max(xs) - min(xs) + 2 * wide,
            max(ys) - min(ys) + 2 * high,
        )
    )


# ---- the overlay -------------------------------------------------------------------------------
def rings(cities, css, r=11):
    """A ring around each city (hints: where a card could go, the card pointed at...)."""
    return tag(
        "g",
        *(empty("circle", cx=XY[c][0], cy=XY[c][1], r=r, class_=css) for c in cities),
        class_=css + "-group",
    )


def mark_layer(seat, route, cities):
    """A move pointed at in the log: the route it concerned drawn bright over the map, and a
    ring around each city it took, played or built on."""
    line = ""
    if len(route) > 1:
        line = empty(
            "path", d=route_path(route), stroke=SEAT_COLOURS[seat], class_="tnt-mark-route"
        )
    return tag("g", line, rings(cities, "tnt-mark"), class_="tnt-marked", data_seat=seat)


def preview_line(a, b, seat):
    """A dashed road from a route end to the city that would join it."""
    return empty(
        "path",
        d=f"M{fmt(XY[a][0])} {fmt(XY[a][1])}{road_segment(a, b)}",
        stroke=SEAT_COLOURS[seat],
        class_="tnt-preview",
    )


def ghost_houses(seat, cities):
    """Houses a closing option would place (drawn faint, pulsing)."""
    ox, oy = HOUSE_OFFSETS[seat]
    return tag(
        "g",
        *(
            empty(
                "circle", cx=fmt(XY[c][0] + ox), cy=fmt(XY[c][1] + oy), r=9, class_="tnt-ghost-halo"
            )
            for c in cities
        ),
        *(
            shape(seat, XY[c][0] + ox, XY[c][1] + oy, 11, css="tnt-ghost", extra={"data_city": c})
            for c in cities
        ),
        class_="tnt-ghosts",
    )
