"""The score history as an SVG chart (pure): one line per player over the moves of a match, each
in the seat's colour AND with its own dash pattern and marker shape (told apart without colour
vision), a legend naming the players with their points, and a mark at the position under review.

A seat's style is (colour, shape), shape one of SHAPES; each board says its seats' styles
(`BoardController.seat_style`), so the chart and the final table match the pieces on the board.
"""

from .markup import empty, esc, icon_svg, tag

SHAPES = ("circle", "square", "triangle", "diamond", "star")
DASHES = (None, "7 3", "2 3", "9 3 2 3", "1 2")
WIDTH, HEIGHT = 320, 160
LEFT, RIGHT, TOP, BOTTOM = 34, 12, 12, 32  # room for the axis labels (13 units high)


def marker(shape, x, y, r, colour, css=None):
    """A point of the chart (or a legend icon) in the seat's shape."""
    paint = {"fill": colour, "stroke": "#2b2119", "stroke_width": 0.9, "class_": css}
    if shape == "square":
        return empty(
            "rect",
            x=_n(x - r * 0.85),
            y=_n(y - r * 0.85),
            width=_n(1.7 * r),
            height=_n(1.7 * r),
            **paint,
        )
    if shape == "triangle":
        points = [(x, y - r * 1.1), (x + r, y + r * 0.75), (x - r, y + r * 0.75)]
    elif shape == "diamond":
        points = [(x, y - r * 1.15), (x + r, y), (x, y + r * 1.15), (x - r, y)]
    elif shape == "star":
        points = []
        for k in range(10):
            radius = r * 1.2 if k % 2 == 0 else r * 0.5
            ux, uy = STAR[k]
            points.append((x + ux * radius, y + uy * radius))
    else:
        return empty("circle", cx=_n(x), cy=_n(y), r=_n(r), **paint)
    return empty("polygon", points=" ".join(f"{_n(px)},{_n(py)}" for px, py in points), **paint)


# unit vectors of a five-pointed star, the first pointing up (sin/cos of k * 36 degrees)
STAR = (
    (0.0, -1.0),
    (0.5878, -0.809),
    (0.9511, -0.309),
    (0.9511, 0.309),
    (0.5878, 0.809),
    (0.0, 1.0),
    (-0.5878, 0.809),
    (-0.9511, 0.309),
    (-0.9511, -0.309),
    (-0.5878, -0.809),
)


def _n(value):
    """A coordinate written short: 12, 12.5 (never 12.000000001)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def marker_icon(style, size=16, label=""):
    """A seat's marker as a small standalone picture (legend, table headers)."""
    colour, shape = style
    return icon_svg(marker(shape, 8, 8, 5.2, colour), 16, size, label, "gt-marker")


def _ticks(top):
    """Round steps for an axis from 0 to `top` (at most about 5 of them)."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if top / step <= 5:
            return step
    return max(1, top // 5)


def score_chart(series, names, styles, tr, at=None, height=HEIGHT):
    """`series[seat]` is that seat's points at each position (0: before the first move). `at`
    marks a position (the one under review); `height` (units of a 320 wide chart) is lower
    beside a review, where the board needs the room. Returns a <figure>: title, SVG, legend."""
    positions = max((len(points) for points in series), default=1)
    last = max(positions - 1, 1)
    low = min(0, *(min(points) for points in series if points))
    high = max(5, *(max(points) for points in series if points))
    step = _ticks(high - low)
    high = -(-high // step) * step
    low = (low // step) * step
    inner_w, inner_h = WIDTH - LEFT - RIGHT, height - TOP - BOTTOM

    def px(k):
        return LEFT + inner_w * k / last

    def py(points):
        return TOP + inner_h * (high - points) / (high - low)

    grid = []
    for value in range(low, high + 1, step):
        y = py(value)
        grid.append(empty("path", d=f"M{LEFT} {_n(y)}H{WIDTH - RIGHT}", class_="gt-chart-grid"))
        grid.append(tag("text", str(value), x=LEFT - 5, y=_n(y + 4.5), class_="gt-chart-y"))
    move_step = _ticks(last)
    for k in range(0, last + 1, move_step):
        grid.append(tag("text", str(k), x=_n(px(k)), y=height - BOTTOM + 15, class_="gt-chart-x"))
    grid.append(
        tag(
            "text",
            esc(tr("story.chart_moves")),
            x=WIDTH - RIGHT,
            y=height - 2,
            class_="gt-chart-axis",
        )
    )
    lines = []
    for seat, points in enumerate(series):
        colour, shape = styles[seat]
        coords = " ".join(f"{_n(px(k))},{_n(py(p))}" for k, p in enumerate(points))
        lines.append(
            empty(
                "polyline",
                points=coords,
                stroke=colour,
                stroke_dasharray=DASHES[seat % len(DASHES)],
                class_="gt-chart-line",
                data_seat=seat,
            )
        )
        k = len(points) - 1 if at is None else min(at, len(points) - 1)
        lines.append(marker(shape, px(k), py(points[k]), 3.6, colour, css="gt-chart-point"))
    cursor = ""
    if at is not None:
        x = _n(px(min(at, last)))
        cursor = empty("path", d=f"M{x} {TOP}V{height - BOTTOM}", class_="gt-chart-at")
    shown_at = positions - 1 if at is None else min(at, positions - 1)
    points_now = [points[min(shown_at, len(points) - 1)] for points in series]
    summary = ", ".join(f"{name} {points}" for name, points in zip(names, points_now))
    label = tr("story.chart_label", n=shown_at, scores=summary)
    legend = tag(
        "ol",
        *(
            tag(
                "li",
                marker_icon(styles[seat], 14),
                tag("span", esc(names[seat]), class_="gt-chart-name"),
                tag("b", str(points_now[seat])),
                data_seat=seat,
            )
            for seat in range(len(series))
        ),
        class_="gt-chart-legend",
    )
    svg = tag(
        "svg",
        tag("title", esc(label)),
        *grid,
        cursor,
        *lines,
        viewBox=f"0 0 {WIDTH} {height}",
        class_="gt-chart-svg",
        role="img",
        aria_label=label,
        data_at=shown_at,
    )
    return tag(
        "figure",
        tag("figcaption", esc(tr("story.chart_title"))),
        svg,
        legend,
        class_="gt-chart",
    )
