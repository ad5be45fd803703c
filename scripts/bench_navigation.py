"""How fast the board follows a pan, a wheel zoom and a pinch with 70 Carcassonne tiles on it
, in headless Chromium. Not a test; prints one JSON line per gesture and round:
- input_to_frame: from each input event's time stamp (when the browser received it) to the end
  of the frame that shows it (requestAnimationFrame, then a task after that frame's rendering),
  median and max in ms;
- dispatch_to_frame: the same from the moment the page's listener runs (what the page's own
  work costs: board-nav.js's handler, the one transform, style, layout and paint);
- frame_gap: the time between two frames while the gesture runs (16.7 ms: none was missed).

    python3 scripts/bench_navigation.py [--rounds 3]

The position is a two-person game played at random up to 70 tiles, opened from a game link
(no computer thinks meanwhile). Desktop gestures run in a 1280 x 800 window; the pinch in a
360 x 640 touch window (touch events through the DevTools protocol).
"""

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import serve  # noqa: E402
from browserkit import CHROMIUM_ARGS, find_chromium  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from game.carcassonne import queries  # noqa: E402
from game.carcassonne.engine import GAME  # noqa: E402
from game.core import Rng  # noqa: E402
from game.core.match import Match  # noqa: E402

TILES = 70
SEATS = [
    {"name": "Ann", "kind": "human", "level": None},
    {"name": "Ben", "kind": "human", "level": None},
]

# installed once per page; START begins a new record. The listeners sit on the window in the
# capture phase: they see each event before board-nav.js (which stops a drag's pointermove).
PROBE = """
window.__lat = []; window.__gaps = []; window.__recording = false;
for (const type of ['pointermove', 'wheel']) {
  addEventListener(type, (e) => {
    if (!window.__recording || !e.target.closest || !e.target.closest('#gt-scroll')) return;
    const t0 = e.timeStamp, t1 = performance.now();
    requestAnimationFrame(() => setTimeout(() => {
      const now = performance.now();
      window.__lat.push([now - t0, now - t1]);
    }, 0));
  }, { capture: true, passive: true });
}
let last = performance.now();
(function tick(now) {
  if (window.__recording) window.__gaps.push(now - last);
  last = now;
  requestAnimationFrame(tick);
})(last);
"""
START = "() => { window.__lat = []; window.__gaps = []; window.__recording = true; }"


def position_link():
    """A game link of a random two-person game with TILES tiles on the board."""
    match = Match("carcassonne", players=2, seed=11, seats=SEATS)
    rng = Rng(11)
    while len(queries.placed_tiles(match.state)) < TILES:
        match.play(GAME.playout_move(match.state, rng))
    return match.to_link()


def transform(page):
    return page.locator("#gt-board").evaluate("e => e.style.transform")


def summary(name, page, before):
    """The record since START; `before` is the board's transform then (the gesture must move it)."""
    page.wait_for_timeout(200)  # the last events' frames
    page.evaluate("window.__recording = false")
    assert transform(page) != before, f"{name}: the board did not move"
    lat = page.evaluate("window.__lat")
    gaps = page.evaluate("window.__gaps.slice(1)")
    from_input = [a for a, _ in lat]
    from_dispatch = [b for _, b in lat]
    return {
        "gesture": name,
        "events": len(lat),
        "input_to_frame_median_ms": round(statistics.median(from_input), 1),
        "input_to_frame_max_ms": round(max(from_input), 1),
        "dispatch_to_frame_median_ms": round(statistics.median(from_dispatch), 1),
        "dispatch_to_frame_max_ms": round(max(from_dispatch), 1),
        "frames": len(gaps),
        "frame_gap_median_ms": round(statistics.median(gaps), 1),
        "frame_gap_max_ms": round(max(gaps), 1),
    }


def open_position(page, url):
    page.goto(url)
    page.locator('html[data-board="ready"]').wait_for(state="attached", timeout=180_000)
    page.locator("#gt-scroll[data-zoom]").wait_for()
    page.wait_for_timeout(800)
    tiles = page.locator("#gt-layer-board .car-tiles > *").count()
    assert tiles >= TILES, tiles


def desktop_round(browser, url):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    open_position(page, url)
    box = page.locator("#gt-scroll").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    out = []
    page.add_script_tag(content=PROBE)
    page.evaluate(START)
    before = transform(page)
    page.mouse.move(x, y)
    page.mouse.down()
    for k in range(1, 61):
        page.mouse.move(x + 4 * k, y + 2 * k)
    page.mouse.up()
    out.append(summary("pan (mouse drag, 60 moves)", page, before))
    page.wait_for_timeout(400)
    page.mouse.move(x, y)
    page.evaluate(START)
    before = transform(page)
    for k in range(40):
        page.mouse.wheel(0, -40 if k < 25 else 40)  # in, then part of the way out
    out.append(summary("zoom (wheel, 40 steps)", page, before))
    context.close()
    return out


def pinch_round(browser, url):
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    open_position(page, url)
    cdp = context.new_cdp_session(page)
    box = page.locator("#gt-scroll").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def touch(kind, points):
        cdp.send(
            "Input.dispatchTouchEvent",
            {
                "type": kind,
                "touchPoints": [{"x": x, "y": y, "id": k} for k, (x, y) in enumerate(points)],
            },
        )

    page.add_script_tag(content=PROBE)
    page.evaluate(START)
    before = transform(page)
    touch("touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for k in range(1, 41):
        d = 20 + 2 * k
        touch("touchMove", [(cx - d, cy + k), (cx + d, cy + k)])
    touch("touchEnd", [])
    result = summary("pinch (two fingers, 40 moves)", page, before)
    context.close()
    return [result]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    server = serve.start(ROOT)
    url = f"{server.url}?game=carcassonne#m={position_link()}"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        for round_no in range(1, args.rounds + 1):
            for row in desktop_round(browser, url) + pinch_round(browser, url):
                print(json.dumps({"round": round_no, "tiles": TILES, **row}), flush=True)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
