"""Carcassonne as SVG markup (pure Python: tested in CPython, set into the page in one DOM write).

The tile pictures are draw_tiles.py's; this module draws the board around them. Square (x, y)
covers [100x, 100x + 100] x [100y, 100y + 100]; y grows south as in the engine. Seats differ by
colour AND by an emblem on the follower (circle, triangle, square, diamond, star), so colour is
never the only clue. Farmers lie down. Layers, bottom to top: tiles, last tile, score
highlights, followers, the Courier, badges, hit squares; the overlay holds hints, the preview
and the follower spots.
"""

from itertools import combinations
from math import dist

from game.view.chart import STAR
from game.view.markup import empty, esc, icon_svg, tag

from . import queries
from .draw_tiles import ENVELOPE, T, art, fmt, path_d, place, spot, tile_defs, tile_use

# seats: colour, outline, emblem colour (dark on the light yellow)
SEATS = (
    ("#d23a2e", "#3b0d08", "#ffffff"),  # red, circle
    ("#2f63c9", "#0c1d44", "#ffffff"),  # blue, triangle
    ("#f2c531", "#4a3600", "#2a2000"),  # yellow, square
    ("#2a2a2e", "#f4efe2", "#ffffff"),  # black, diamond
    ("#9a4fc6", "#2c0d3d", "#ffffff"),  # purple, star
)
SEAT_NAMES = ("red", "blue", "yellow", "black", "purple")

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
    """Every tile type north up with its patterns, followers of every seat, the hatches of the
    farm highlights and the Courier (once a page)."""
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
    return tag("defs", tile_defs(), hatches, meeples, COURIER)


def envelope(x, y, size=1.0, css="car-envelope"):
    """A letter: the Courier's symbol."""
    return tag(
        "g", ENVELOPE, class_=css, transform=f"translate({fmt(x)} {fmt(y)}) scale({fmt(size)})"
    )


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
    follower = empty("use", href=f"#car-{'f' if lying else 'm'}{seat}", width=28, height=28)
    return icon_svg(follower, 28, size, label, "car-icon")


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
MIN_SIDE = 4  # the board shows at least 4 x 4 squares (the first turns are not huge)
MARGIN = 30  # user units around the outer ring (room for the enlarged tile on touch screens)


def viewbox_of(squares):
    """x0 y0 width height around the squares (each a 100 x 100 tile), at least MIN_SIDE wide and
    high, with an aspect between 4:5 and 8:5 so the board never becomes a thin strip."""
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    x0, x1, y0, y1 = min(xs), max(xs) + 1, min(ys), max(ys) + 1
    w, h = float(max(x1 - x0, MIN_SIDE)), float(max(y1 - y0, MIN_SIDE))
    w, h = max(w, h * 0.8), max(h, w / 1.6)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    left, top = (cx - w / 2) * T - MARGIN, (cy - h / 2) * T - MARGIN
    return " ".join(fmt(v) for v in (left, top, w * T + 2 * MARGIN, h * T + 2 * MARGIN))


def square_box(square):
    """ "x y w h" in board units of a square."""
    return f"{square[0] * T} {square[1] * T} {T} {T}"


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


def start_marker():
    """A small star in the start tile's corner: the log counts every place from it."""
    points = " ".join(
        f"{fmt(12 + ux * (7 if k % 2 == 0 else 3))},{fmt(12 + uy * (7 if k % 2 == 0 else 3))}"
        for k, (ux, uy) in enumerate(STAR)
    )
    return tag(
        "g",
        empty("circle", cx=12, cy=12, r=9.5),
        empty("polygon", points=points),
        class_="car-start",
    )


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


def _segments(state, event, square_of, cache):
    """[(x, y, tile, rot, fid)] of the feature an event scored."""
    if event.kind == "monastery":
        block = event.tiles
        for x, y in block:
            tile, rot = square_of[(x, y)]
            if "monastery" in queries.feature_kinds(tile):
                around = sorted(
                    (
                        (x + dx, y + dy)
                        for dy in (-1, 0, 1)
                        for dx in (-1, 0, 1)
                        if (x + dx, y + dy) in square_of
                    ),
                    key=lambda s: (s[1], s[0]),
                )
                if around == block:
                    return [(x, y, tile, rot, "monastery")]
        return []
    out = []
    for x, y in event.tiles:
        features = cache.get((x, y))
        if features is None:
            features = cache[(x, y)] = queries.tile_features(state, x, y)
        tile, rot = square_of[(x, y)]
        for f in features:
            if f["kind"] != event.kind or f["tiles"] != event.tiles:
                continue
            if event.reason == "final" and not f["followers"][event.player]:
                continue  # another feature on the same tiles (two farms along a road)
            out.append((x, y, tile, rot, f["id"]))
    return out


def scored_layers(state, events, square_of):
    """(highlights, badges): each feature the events scored outlined in the scorer's colour,
    and a +N badge near it; `square_of` maps each placed square to its (tile, rot)."""
    highlights, badges = [], []
    cache: dict[tuple[int, int], list[dict]] = {}  # a square's features, asked once
    used: list[tuple[float, float]] = []  # where badges went (free_spot keeps them apart)
    for k, event in enumerate(events):
        segments = _segments(state, event, square_of, cache)
        if not segments:
            continue
        for x, y, tile, rot, fid in segments:
            highlights.append(highlight(tile, rot, x, y, fid, event.kind, event.player))
        if event.kind == "monastery":
            highlights.append(block_outline(event.tiles, event.player))
        spots = [spot(tile, rot, fid, x, y) for x, y, tile, rot, fid in segments]
        cx = sum(p[0] for p in spots) / len(spots)
        cy = sum(p[1] for p in spots) / len(spots)
        bx, by = min(spots, key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2, p[1], p[0]))
        bx, by = free_spot(bx, by - 30, used)
        badges.append(
            badge(
                bx,
                by,
                event.player,
                event.points,
                courier=event.reason == "courier",
                delay=min(k, 12) * 60,
            )
        )
    return "".join(highlights), "".join(badges)


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
    """Follower places on the new tile: [(fid, kind, label, calls the Courier)]; pointing at one
    says what it brings, tapping it places the follower there. The rings' tap areas never overlap
    (their radius is half the closest distance, at most 18); data-fine tells the board's
    viewport their size: when they are under 24 px on screen (class gt-coarse) they are not
    tapped on the board, a tap on the tile opens the magnified pick (with finger-sized buttons)
    instead."""
    places = [spot(tile, rot, fid, x, y) for fid, *_ in options]
    closest = min((dist(a, b) for a, b in combinations(places, 2)), default=36.0)
    reach = min(18.0, closest / 2)
    # between the rings the tile answers nothing; when they are too small it opens the pick
    out = [
        empty("rect", x=x * T, y=y * T, width=T, height=T, class_="car-spot-pad"),
        empty("rect", x=x * T, y=y * T, width=T, height=T, data_cell="pick", class_="car-pick-pad"),
    ]
    for n, ((fid, kind, label, courier), (sx, sy)) in enumerate(zip(options, places), 1):
        css = f"car-spot car-spot-{kind}"
        if fid == selected:
            css += " car-spot-chosen"
        if fid == hovered:
            css += " car-spot-hover"
        body = [
            tag("title", esc(label)) if label else "",
            empty("circle", cx=fmt(sx), cy=fmt(sy), r=fmt(reach), class_="car-spot-hit"),
            # (the ring and its stroke stay inside the tap area)
            empty(
                "circle",
                cx=fmt(sx),
                cy=fmt(sy),
                r=fmt(min(11.0, reach - 2)),
                class_="car-spot-ring",
            ),
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
    return tag("g", *out, class_="car-spots", data_fine=fmt(2 * reach))


def pick_picture(tile, rot, x, y, spots, label):
    """The new tile alone, large, with its follower rings (`spots`: spots_layer's markup): the
    magnified pick shown over the board."""
    return tag(
        "svg",
        tag("title", esc(label)),
        tile_use(tile, rot, x, y),
        spots,
        viewBox=f"{x * T - 18} {y * T - 18} {T + 36} {T + 36}",  # room for the rings' tap areas
        class_="car-pick-picture",
        role="group",
        aria_label=label,
    )
