#!/usr/bin/env python3
"""Boot benchmark per browser engine (not a test): navigation -> playable board in
Chromium, Firefox ESR and WebKitGTK, driven as the cross-browser tests drive them
(tests/browser/engines.py), interleaved run by run, with ratios to Chromium from the same runs.

    .venv/bin/python scripts/bench_browsers.py [--runs 5] [--engines chromium,firefox,webkit]

Each run, in a fresh profile of each engine: a first visit to index.html?game=toscana (served by
scripts/serve.py on 127.0.0.1, gzip as a host sends it) that plays two moves against the computer,
and once the offline copy is complete, a revisit (served by the service worker; the game in
progress comes back). Times are the page's own marks, ms from navigation
start: "board-ready" (the board drawn and listening) and the steps before it (boot.js starts,
the WebAssembly compiled, the snapshot fetched and unpacked, Python starts, Pyodide's
JavaScript asks for the WebAssembly, which is then instantiated, Python restored, main.py
starts). The load average is printed with every run.
"""

import argparse
import os
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
    ("WebAssembly compiled (from index.html)", "wasm-compiled"),
    ("snapshot unpacked", "snapshot-unpacked"),
    ("Python starts (boot.js, interpreter.js)", "python-start"),
    ("Pyodide's JavaScript wants the WebAssembly", "wasm-wanted"),
    ("WebAssembly instantiated", "wasm-instantiated"),
    ("Python restored", "python-restored"),
    ("main.py starts", "python-ready"),
    ("board ready", "board-ready"),
]


WASM = """(() => { const e = performance.getEntriesByType('resource')
  .find((r) => r.name.endsWith('pyodide.asm.wasm')); return e ? [e.startTime, e.responseEnd] : null; })()"""
# Two moves against the computer (the same in every engine: events dispatched by the page itself):
# a visit, not only a look; Chrome keeps the WebAssembly compiled only once enough of it ran
CLICK = "document.querySelector(%r).dispatchEvent(new MouseEvent('click', {bubbles: true}))"
HINT = """(() => { const c = document.querySelector('#gt-layer-over .tos-hints circle');
  return c && `#gt-board [data-cell="${Math.floor(c.getAttribute('cx') / 10)},${Math.floor(c.getAttribute('cy') / 10)}"]`; })()"""


def play(session, moves=2):
    session.evaluate(CLICK % "#gt-new-form button[type=submit]")
    for _ in range(moves):
        cell = session.wait(HINT, what="a spot to place on")
        session.evaluate(CLICK % cell)
        session.wait(
            "!!document.querySelector('#gt-layer-over .tos-selected')", what="the chosen spot"
        )
        session.evaluate(CLICK % cell)
        session.wait("!document.querySelector('#gt-turn .gt-bar')", what="the computer's answer")


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
            wasm = session.evaluate(WASM)
            if wasm:
                out[f"{engine} {visit} at: WebAssembly requested"].append(wasm[0])
                out[f"{engine} {visit} at: WebAssembly received"].append(wasm[1])
            if visit == "first visit":
                play(session)
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
    loads = []
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
                loads.append(os.getloadavg()[0])
                load = " ".join(f"{x:.1f}" for x in os.getloadavg())
                print(f"run {i + 1}/{args.runs}, load average {load}", file=sys.stderr, flush=True)
                for engine in wanted:
                    visits(engine, lambda e: openers[e](), server, out)
        finally:
            if bridge:
                bridge.quit()
            if driver:
                driver.quit()
    server.shutdown()

    print(
        f"\nBoot per engine, {args.runs} runs, localhost, gzip ({time.time() - started:.0f} s; load "
        f"average (1 min) {min(loads):.1f}-{max(loads):.1f}, {os.cpu_count()} CPUs)\n"
        f"{'':<66} {'min':>7} {'median':>7} {'max':>7}"
    )
    for name in sorted(out):
        values = out[name]
        if "snapshot used" in name:
            print(f"{name:<66} {sum(values)} of {len(values)}")
        else:
            print(
                f"{name:<66} {min(values):7.0f} {statistics.median(values):7.0f} "
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
