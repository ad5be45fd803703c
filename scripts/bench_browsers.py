#!/usr/bin/env python3
"""Boot benchmark per browser engine (not a test; issue #15): navigation -> playable board in
Chromium, Firefox ESR and WebKitGTK, driven as the cross-browser tests drive them
(tests/browser/engines.py), interleaved run by run, with ratios to Chromium from the same runs.

    .venv/bin/python scripts/bench_browsers.py [--runs 5] [--engines chromium,firefox,webkit]

Each run, in a fresh profile of each engine: a first visit to index.html?game=toscana (served by
scripts/serve.py on 127.0.0.1, gzip as a host sends it), and once the offline copy is complete,
a revisit (served by the service worker). Times are the page's own marks, ms from navigation
start: "board-ready" (the board drawn and listening) and the steps before it (boot.js starts,
the snapshot fetched and unpacked, PyScript asks for Python, Python restored, main.py starts).
"""

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "tests" / "browser"), str(ROOT)]
import serve  # noqa: E402

MARKS = "Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]))"
STEPS = [  # (row, mark)
    ("boot.js starts", "boot-start"),
    ("snapshot unpacked", "snapshot-unpacked"),
    ("PyScript asks for Python", "python-start"),
    ("Python restored", "python-restored"),
    ("main.py starts", "python-ready"),
    ("board ready", "board-ready"),
]


def visits(engine, open_session, server, out):
    session = open_session(engine)
    try:
        for visit in ("first visit", "revisit"):
            session.goto(f"{server.url}index.html?game=toscana&{visit[0]}")
            session.wait_ready("toscana")
            marks = session.evaluate(MARKS)
            start = session.evaluate("document.documentElement.dataset.pythonStart")
            out[f"{engine} {visit}: board-ready"].append(marks["board-ready"])
            out[f"{engine} {visit}: snapshot used"].append(start == "snapshot")
            for row, mark in STEPS:
                if mark in marks:
                    out[f"{engine} {visit} at: {row}"].append(marks[mark])
            if visit == "first visit":
                session.wait(
                    "document.documentElement.dataset.offline === 'ready' && "
                    "!!navigator.serviceWorker.controller",
                    what="the offline copy",
                )
    finally:
        session.close()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    args = parser.parse_args(argv)
    import engines
    from browserkit import CHROMIUM_ARGS, find_chromium
    from playwright.sync_api import sync_playwright

    wanted = args.engines.split(",")
    server = serve.start(ROOT, compress=True)
    out = defaultdict(list)
    started = time.time()
    with sync_playwright() as p:
        bridge = engines.FirefoxBridge() if "firefox" in wanted else None
        driver = engines.WebKitDriver() if "webkit" in wanted else None
        launch = {"executable_path": find_chromium(), "args": CHROMIUM_ARGS}
        openers = {
            "chromium": lambda: engines.Chromium(p.chromium, launch, server),
            "firefox": lambda: engines.Firefox(bridge),
            "webkit": lambda: engines.WebKit(driver),
        }
        try:
            for i in range(args.runs):
                print(f"run {i + 1}/{args.runs}", file=sys.stderr, flush=True)
                for engine in wanted:
                    visits(engine, lambda e: openers[e](), server, out)
        finally:
            if bridge:
                bridge.quit()
            if driver:
                driver.quit()
    server.shutdown()

    print(
        f"\nBoot per engine, {args.runs} runs, localhost, gzip ({time.time() - started:.0f} s)\n"
        f"{'':<52} {'min':>7} {'median':>7} {'max':>7}"
    )
    for name in sorted(out):
        values = out[name]
        if "snapshot used" in name:
            print(f"{name:<52} {sum(values)} of {len(values)}")
        else:
            print(
                f"{name:<52} {min(values):7.0f} {statistics.median(values):7.0f} "
                f"{max(values):7.0f}  ms"
            )
    med = {k: statistics.median(v) for k, v in out.items() if "snapshot used" not in k}
    print("\nratios of medians to Chromium (navigation -> playable board; target WebKit <= 1.5)")
    for engine in wanted:
        for visit in ("first visit", "revisit"):
            key, base = f"{engine} {visit}: board-ready", f"chromium {visit}: board-ready"
            if key in med and base in med:
                print(f"  {engine} / chromium, {visit:<12} {med[key] / med[base]:5.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
