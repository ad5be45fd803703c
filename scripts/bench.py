#!/usr/bin/env python3
"""Boot benchmark (not a test): the real index.html against a bare-Pyodide reference page.

    .venv/bin/python scripts/bench.py [--runs 5] [--json bench-results/boot.json]

Needs the site built (bash scripts/test.sh or scripts/setup.sh) and Chromium ($CHROMIUM or
/usr/bin/chromium). Everything is served by scripts/serve.py on 127.0.0.1 (no compression,
Cache-Control: no-cache, so repeat visits revalidate with 304s), which also counts the body bytes
it sends. Every run uses a fresh persistent Chromium profile (a real disk cache and code cache);
ours and the reference are interleaved run by run, so machine load drifts hit both alike.

Scenarios (times in ms, min / median / max over the runs):
  ours direct, cold    fresh profile, open index.html?game=toscana: navigation start ->
                       performance marks "python-ready" (main.py starts) and "board-ready" (board
                       drawn and listening). Bytes: until board-ready, and until the service
                       worker's offline copy is complete (shows whether anything is fetched twice).
  ours warm (SW)       same profile, new tab, same URL, served by the service worker.
  ours click, at once  fresh profile, open the picker, click "Toscana" as soon as it is painted
                       and its script runs: click -> board-ready (the runtime downloads after
                       the click; a click before the script runs follows the link to ?game=).
  ours click, later    fresh profile, open the picker, wait until the service worker has
                       downloaded the runtime in the background (a person reading), then click.
  bare cold / warm     scripts/bench_bare.html: loadPyodide() from the same vendor/ files, the
                       same [files] written into the FS, the same game/ui/main.py; warm = new tab
                       (HTTP cache). Its mark "pyodide-loaded" (right after loadPyodide(), no game
                       code at all) is the strict reference: a bare loadPyodide() page.
  picker               12 clicks on the picker from its first paint on: input -> next frame, and
                       the longest task after first paint (target: answers within 100 ms).
  placement            a booted Toscana table (against the computer): a click that places a tile
                       -> the next frame (requestAnimationFrame after the click's task), i.e. the
                       Python move, the redraw and the paint; 6 placements per run.
Ratios are medians, ours / bare cold (the target is <= 1.10 for click-to-playable-board).
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import serve  # noqa: E402

ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT = 180_000
CLICK_PROBE = """
addEventListener("click", (e) => { if (e.target.closest && e.target.closest("a.play") && !window.__click)
  window.__click = e.timeStamp; }, true);
"""
MARKS = """() => Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"""


def chromium():
    return os.environ.get("CHROMIUM", "/usr/bin/chromium")


class Run:
    def __init__(self, playwright, server):
        self.playwright = playwright
        self.server = server
        self.dir = tempfile.TemporaryDirectory(prefix="bgt-bench-")
        self.context = playwright.chromium.launch_persistent_context(
            self.dir.name,
            executable_path=chromium(),
            args=ARGS,
            viewport={"width": 1000, "height": 800},
        )
        self.context.add_init_script(CLICK_PROBE)

    def close(self):
        self.context.close()
        self.dir.cleanup()

    def bytes(self):
        return self.server.bytes_sent

    def reset(self):
        self.server.bytes_sent = 0


def ready(page):
    page.locator('html[data-board="ready"]').wait_for(state="attached", timeout=TIMEOUT)
    return page.evaluate(MARKS)


def offline_ready(page):
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=TIMEOUT)


def ours_direct(p, server, out):
    run = Run(p, server)
    try:
        run.reset()
        page = run.context.new_page()
        page.goto(server.url + "index.html?game=toscana")
        marks = ready(page)
        out["ours direct cold: python-ready"].append(marks["python-ready"])
        out["ours direct cold: board-ready"].append(marks["board-ready"])
        out["ours direct cold: bytes to board"].append(run.bytes())
        offline_ready(page)
        page.wait_for_timeout(500)
        out["ours direct cold: bytes incl. offline copy"].append(run.bytes())
        page.close()
        run.reset()
        page = run.context.new_page()
        page.goto(server.url + "index.html?game=toscana")
        marks = ready(page)
        assert page.evaluate("!!navigator.serviceWorker.controller")
        out["ours warm (SW): python-ready"].append(marks["python-ready"])
        out["ours warm (SW): board-ready"].append(marks["board-ready"])
        out["ours warm (SW): bytes"].append(run.bytes())
    finally:
        run.close()


def ours_click_later(p, server, out):
    ours_click(p, server, out, wait_for_offline=True)


def ours_click(p, server, out, wait_for_offline=False):
    run = Run(p, server)
    label = "ours click after SW download" if wait_for_offline else "ours click at first paint"
    try:
        run.reset()
        page = run.context.new_page()
        page.goto(server.url, wait_until="commit")
        page.wait_for_function(
            "performance.getEntriesByName('first-contentful-paint').length > 0 && !!window.bgt"
        )
        if wait_for_offline:
            offline_ready(page)
        page.click('.game[data-game="toscana"] a.play')
        marks = ready(page)
        click = page.evaluate("window.__click")
        out[f"{label}: click to board-ready"].append(marks["board-ready"] - click)
        out[f"{label}: bytes to board"].append(run.bytes())
        offline_ready(page)
        page.wait_for_timeout(500)
        out[f"{label}: bytes incl. offline copy"].append(run.bytes())
    finally:
        run.close()


PLACEMENT_PROBE = """
window.__frames = [];
addEventListener("click", (e) => {
  if (!e.target.closest || !e.target.closest("#gt-board")) return;
  const t0 = e.timeStamp;
  requestAnimationFrame(() => window.__frames.push(performance.now() - t0));
}, true);
"""


PICKER_PROBE = """
window.__latency = []; window.__long = [];
document.addEventListener("click", (e) => {
  const t0 = e.timeStamp;
  requestAnimationFrame(() => setTimeout(() => window.__latency.push(performance.now() - t0), 0));
}, true);
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def picker(p, server, out):
    """Input to next frame for 12 clicks on the picker from its first paint on (about 4 s, while
    the service worker downloads the offline copy), and the longest task after first paint."""
    run = Run(p, server)
    try:
        run.context.add_init_script(PICKER_PROBE)
        page = run.context.new_page()
        page.goto(server.url, wait_until="commit")
        page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
        fcp = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
        for lang, title in [("cs", "Vyberte hru"), ("en", "Choose a game")] * 6:
            page.click(f'.lang[data-lang="{lang}"]')
            page.wait_for_function(
                "t => document.querySelector('#picker h1').textContent === t", arg=title
            )
            page.wait_for_timeout(250)
        out["picker: click to next frame"] += page.evaluate("window.__latency")
        longest = max([d for start, d in page.evaluate("window.__long") if start >= fcp], default=0)
        out["picker: longest task after first paint"].append(longest)
    finally:
        run.close()


def placement(p, server, out):
    run = Run(p, server)
    try:
        page = run.context.new_page()
        page.goto(server.url + "index.html?game=toscana")
        ready(page)
        page.click("#gt-new-form button[type=submit]")
        page.add_script_tag(content=PLACEMENT_PROBE)
        for _ in range(6):
            page.locator("#gt-layer-over .tos-hints circle").first.wait_for(timeout=TIMEOUT)
            x, y = (
                page.evaluate("""() => { const c = document.querySelector('#gt-layer-over .tos-hints circle');
                return [Math.floor(c.getAttribute('cx') / 10), Math.floor(c.getAttribute('cy') / 10)]; }""")
            )
            cell = page.locator(f'#gt-board [data-cell="{x},{y}"]')
            cell.click()  # choose the spot
            page.locator("#gt-layer-over .tos-selected").wait_for()
            before = page.evaluate("window.__frames.length")
            cell.click()  # place it: this is the measured click
            page.wait_for_function(f"window.__frames.length > {before}")
            out["placement: click to next frame"].append(page.evaluate("window.__frames.at(-1)"))
            page.locator("#gt-turn .gt-bar").wait_for(
                state="detached", timeout=TIMEOUT
            )  # computer done
    finally:
        run.close()


def bare(p, server, out):
    run = Run(p, server)
    try:
        run.reset()
        page = run.context.new_page()
        page.goto(server.url + "scripts/bench_bare.html")
        marks = ready(page)
        out["bare cold: loadPyodide() done"].append(marks["pyodide-loaded"])
        out["bare cold: python-ready"].append(marks["python-ready"])
        out["bare cold: board-ready"].append(marks["board-ready"])
        out["bare cold: bytes"].append(run.bytes())
        page.close()
        run.reset()
        page = run.context.new_page()
        page.goto(server.url + "scripts/bench_bare.html")
        marks = ready(page)
        out["bare warm (HTTP cache): python-ready"].append(marks["python-ready"])
        out["bare warm (HTTP cache): board-ready"].append(marks["board-ready"])
        out["bare warm (HTTP cache): bytes"].append(run.bytes())
    finally:
        run.close()


def main(argv=None):
    parser = argparse.ArgumentParser(description="boot benchmark: index.html vs bare Pyodide")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", help="also write the raw numbers here")
    parser.add_argument(
        "--only",
        default="bare,ours_direct,ours_click,ours_click_later,placement,picker",
        help="comma-separated scenarios (default: all)",
    )
    args = parser.parse_args(argv)
    for need in ("vendor/pyodide/pyodide.asm.wasm", "sw.js"):
        if not (ROOT / need).exists():
            raise SystemExit(f"bench: {need} missing: build the site first (bash scripts/setup.sh)")
    from collections import defaultdict

    from playwright.sync_api import sync_playwright

    out = defaultdict(list)
    server = serve.start(ROOT)
    started = time.time()
    with sync_playwright() as p:
        failures = []
        for i in range(args.runs):
            print(f"run {i + 1}/{args.runs}", file=sys.stderr, flush=True)
            for scenario in (bare, ours_direct, ours_click, ours_click_later, placement, picker):
                if scenario.__name__ not in args.only.split(","):
                    continue
                for attempt in (
                    1,
                    2,
                ):  # a renderer crash on the busy machine: retry once, report it
                    try:
                        scenario(p, server, out)
                        break
                    except Exception as error:
                        failures.append(
                            f"{scenario.__name__} run {i + 1}: {str(error).splitlines()[0]}"
                        )
                        if attempt == 2:
                            raise
    server.shutdown()

    def row(name, values):
        if "bytes" in name:
            vals = [v / 1e6 for v in values]
            return (
                f"{name:<52} {min(vals):9.2f} {statistics.median(vals):9.2f} {max(vals):9.2f}  MB"
            )
        return (
            f"{name:<52} {min(values):9.0f} {statistics.median(values):9.0f} {max(values):9.0f}  ms"
        )

    print(
        f"\nBoot benchmark, {args.runs} runs each, headless Chromium on localhost "
        f"({time.time() - started:.0f} s)\n{'':<52} {'min':>9} {'median':>9} {'max':>9}"
    )
    for name in sorted(out):
        print(row(name, out[name]))
    med = {k: statistics.median(v) for k, v in out.items()}
    if "bare cold: board-ready" not in med or "ours direct cold: board-ready" not in med:
        return 0
    bare_board = med["bare cold: board-ready"]
    ratios = {
        "ours direct cold / bare cold (navigation -> board-ready)": med[
            "ours direct cold: board-ready"
        ]
        / bare_board,
        "ours direct cold / bare cold (navigation -> python-ready)": med[
            "ours direct cold: python-ready"
        ]
        / med["bare cold: python-ready"],
        "ours click at first paint / bare cold (click -> board-ready)": med[
            "ours click at first paint: click to board-ready"
        ]
        / bare_board,
        "ours click after SW download / bare cold (click -> board-ready)": med[
            "ours click after SW download: click to board-ready"
        ]
        / bare_board,
        "ours click at first paint / bare loadPyodide() alone (strict reference)": med[
            "ours click at first paint: click to board-ready"
        ]
        / med["bare cold: loadPyodide() done"],
        "ours click after SW download / bare loadPyodide() alone (strict reference)": med[
            "ours click after SW download: click to board-ready"
        ]
        / med["bare cold: loadPyodide() done"],
        "ours warm (SW) / bare warm (HTTP cache) (board-ready)": med["ours warm (SW): board-ready"]
        / med["bare warm (HTTP cache): board-ready"],
        "ours bytes to board / bare bytes": med["ours direct cold: bytes to board"]
        / med["bare cold: bytes"],
    }
    if failures:
        print(f"\nretried after a failure: {failures}")
    print("\nratios of medians (target: click-to-playable-board <= 1.10 x bare)")
    for name, value in ratios.items():
        print(f"  {name:<66} {value:5.2f}")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps({"runs": dict(out), "ratios": ratios}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
