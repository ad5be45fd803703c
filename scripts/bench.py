#!/usr/bin/env python3
"""Boot benchmark (not a test): the real index.html against a bare-Pyodide reference page, on a
desktop profile and on a phone profile.

    .venv/bin/python scripts/bench.py [--runs 5] [--only SCENARIOS] [--json bench-results/boot.json]

Needs the site built (bash scripts/test.sh or scripts/setup.sh) and Chromium ($CHROMIUM or
/usr/bin/chromium). Everything is served by scripts/serve.py on 127.0.0.1 as a static host serves
it: text, JavaScript, JSON and WebAssembly gzipped (level 6), `Cache-Control: no-cache` (repeat
visits revalidate with 304s); it counts the body bytes it sends, so byte counts are what a host
sends. Every run uses a fresh persistent Chromium profile (a real disk cache and code cache);
scenarios are interleaved run by run, so machine load drifts hit all of them alike.

Profiles:
  desktop  1000x800, no throttling (the server is on the same machine)
  mobile   Lighthouse's mobile settings through the DevTools protocol: 4x CPU slowdown, "slow 4G"
           (562.5 ms request latency, 1474.56 kbit/s down, 675 kbit/s up), a 360x640 viewport; the
           site is reached as http://phone.test:PORT (mapped to 127.0.0.1 and treated as secure),
           so that the page does not know it is on this machine (boot.js: a near server)

Scenarios (times in ms from navigation start, min / median / max over the runs):
  ours_direct   fresh profile, open index.html?game=toscana (cold: Python starts from its memory
                snapshot when the server is near, i.e. on the desktop profile), then a new tab in
                the same profile (revisit: served by the service worker, snapshot from its copy).
                Marks: "python-ready" (main.py starts), "board-ready" (board drawn and listening).
                Bytes: until board-ready, and until the offline copy is complete.
  ours_fresh    the same against a copy of the site built without the snapshot (today's start
                before issue #16): the comparison for bytes and for the breakdown.
  bare          scripts/bench_bare.html: loadPyodide() from the same vendor/ files, the same
                [files], the same game/ui/main.py; warm = new tab (HTTP cache). Its mark
                "pyodide-loaded" (right after loadPyodide(), no game code) is the strict reference.
  mobile        ours_direct and bare on the mobile profile (first visit and revisit).
  ours_click    picker, click "Toscana" at first paint / after the offline copy is complete.
  placement     a click that places a Toscana tile -> the next frame (6 per run).
  picker        12 clicks on the picker from its first paint on: input -> next frame.
Breakdown rows ("... at"): when the runtime's WebAssembly had arrived, when it was compiled and
instantiated, when Python was restored or started, when PyScript ran main.py, when the board was up.
"""

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build  # noqa: E402
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
TIMEOUT = 600_000
DESKTOP = {"name": "desktop", "viewport": {"width": 1000, "height": 800}}
MOBILE = {
    "name": "mobile",
    "host": "phone.test",
    "viewport": {"width": 360, "height": 640},
    "cpu": 4,
    "network": {
        "offline": False,
        "latency": 150 * 3.75,
        "downloadThroughput": 1.6 * 1024 * 0.9 * 1024 / 8,
        "uploadThroughput": 750 * 0.9 * 1024 / 8,
    },
}
# when the big steps of a start happened (ms from navigation start): the WebAssembly compiled and
# instantiated, PyScript's progress events
TIMELINE = """
window.__t = {};
const seen = (name) => { if (!(name in window.__t)) window.__t[name] = performance.now(); };
for (const name of ["instantiateStreaming", "instantiate"]) {
  const original = WebAssembly[name];
  WebAssembly[name] = function (...args) {
    const result = original.apply(this, args);
    result.then((r) => { if (r && r.instance) seen("wasm instantiated"); }, () => {});
    return result;
  };
}
addEventListener("py:progress", (e) => seen(String(e.detail)));
addEventListener("click", (e) => { if (e.target.closest && e.target.closest("a.play") && !window.__click)
  window.__click = e.timeStamp; }, true);
"""
MARKS = """() => Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"""
FILES = """() => Object.fromEntries(performance.getEntriesByType('resource')
  .filter(e => /(pyodide\\.asm\\.wasm|python_stdlib\\.zip|snapshot\\.bin)$/.test(e.name))
  .map(e => [e.name.split('/').pop(), e.responseEnd]))"""


def chromium():
    return os.environ.get("CHROMIUM", "/usr/bin/chromium")


class Run:
    """A fresh persistent Chromium profile on one profile (desktop or mobile)."""

    def __init__(self, playwright, server, profile=DESKTOP):
        self.server = server
        self.profile = profile
        self.url = server.url
        args = list(ARGS)
        if "host" in profile:
            self.url = server.url.replace(serve.HOST, profile["host"])
            args += [
                f"--host-resolver-rules=MAP {profile['host']} {serve.HOST}",
                f"--unsafely-treat-insecure-origin-as-secure={self.url.rstrip('/')}",
            ]
        self.dir = tempfile.TemporaryDirectory(prefix="bgt-bench-")
        self.context = playwright.chromium.launch_persistent_context(
            self.dir.name, executable_path=chromium(), args=args, viewport=profile["viewport"]
        )
        self.context.add_init_script(TIMELINE)

    def page(self):
        page = self.context.new_page()
        if "network" in self.profile:
            cdp = self.context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", self.profile["network"])
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.profile["cpu"]})
        return page

    def close(self):
        self.context.close()
        self.dir.cleanup()

    def bytes(self):
        return self.server.bytes_sent

    def reset(self):
        self.server.reset_counts()


def ready(page):
    page.locator('html[data-board="ready"]').wait_for(state="attached", timeout=TIMEOUT)
    return page.evaluate(MARKS)


def visit(run, path):
    """A new tab of the run's profile at `path`, counting bytes from now: (page, marks) once the
    board is up."""
    run.reset()
    page = run.page()
    page.goto(run.url + path)
    return page, ready(page)


def offline_ready(page):
    page.wait_for_function(
        "document.documentElement.dataset.offline === 'ready'", timeout=TIMEOUT, polling=200
    )


def breakdown(page, label, out):
    """The timeline rows of a start that has reached board-ready."""
    marks, steps, files = page.evaluate(MARKS), page.evaluate("window.__t"), page.evaluate(FILES)
    rows = {
        "WebAssembly downloaded": files.get("pyodide.asm.wasm"),
        "snapshot downloaded": files.get("snapshot.bin"),
        "WebAssembly instantiated": steps.get("wasm instantiated"),
        "Python started (restored or fresh)": steps.get("Loaded interpreter"),
        "main.py starts (PyScript ready)": marks.get("python-ready"),
        "board ready": marks.get("board-ready"),
    }
    for name, value in rows.items():
        if value:
            out[f"{label} at: {name}"].append(value)


def ours_direct(p, server, out, profile=DESKTOP, label="ours"):
    run = Run(p, server, profile)
    prefix = "" if profile is DESKTOP else f"{profile['name']}: "
    try:
        page, marks = visit(run, "index.html?game=toscana")
        start = page.evaluate("document.documentElement.dataset.pythonStart")
        out[f"{prefix}{label} direct cold: board-ready"].append(marks["board-ready"])
        out[f"{prefix}{label} direct cold: bytes to board"].append(run.bytes())
        out[f"{prefix}{label} direct cold: snapshot used"].append(start == "snapshot")
        breakdown(page, f"{prefix}{label} direct cold", out)
        offline_ready(page)
        page.wait_for_timeout(500)
        out[f"{prefix}{label} direct cold: bytes incl. offline copy"].append(run.bytes())
        page.close()
        page, marks = visit(run, "index.html?game=toscana")
        assert page.evaluate("!!navigator.serviceWorker.controller")
        start = page.evaluate("document.documentElement.dataset.pythonStart")
        out[f"{prefix}{label} revisit (SW): board-ready"].append(marks["board-ready"])
        out[f"{prefix}{label} revisit (SW): bytes"].append(run.bytes())
        out[f"{prefix}{label} revisit (SW): snapshot used"].append(start == "snapshot")
        breakdown(page, f"{prefix}{label} revisit (SW)", out)
    finally:
        run.close()


def ours_fresh(p, server, out):
    ours_direct(p, server.without_snapshot, out, label="without snapshot")


def bare(p, server, out, profile=DESKTOP):
    run = Run(p, server, profile)
    prefix = "" if profile is DESKTOP else f"{profile['name']}: "
    try:
        page, marks = visit(run, "scripts/bench_bare.html")
        out[f"{prefix}bare cold: loadPyodide() done"].append(marks["pyodide-loaded"])
        out[f"{prefix}bare cold: board-ready"].append(marks["board-ready"])
        out[f"{prefix}bare cold: bytes"].append(run.bytes())
        page.close()
        page, marks = visit(run, "scripts/bench_bare.html")
        out[f"{prefix}bare warm (HTTP cache): loadPyodide() done"].append(marks["pyodide-loaded"])
        out[f"{prefix}bare warm (HTTP cache): board-ready"].append(marks["board-ready"])
    finally:
        run.close()


def mobile(p, server, out):
    bare(p, server, out, MOBILE)
    ours_direct(p, server, out, MOBILE)


def ours_click(p, server, out):
    for wait_for_offline in (False, True):
        run = Run(p, server)
        label = "ours click after SW download" if wait_for_offline else "ours click at first paint"
        try:
            run.reset()
            page = run.page()
            page.goto(run.url, wait_until="commit")
            page.wait_for_function(
                "performance.getEntriesByName('first-contentful-paint').length > 0 && !!window.bgt"
            )
            if wait_for_offline:
                offline_ready(page)
            page.click('.game[data-game="toscana"] a.play')
            marks = ready(page)
            click = page.evaluate("window.__click")
            out[f"{label}: click to board-ready"].append(marks["board-ready"] - click)
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
        page = run.page()
        page.goto(run.url, wait_until="commit")
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
        page = run.page()
        page.goto(run.url + "index.html?game=toscana")
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
            page.locator("#gt-turn .gt-bar").wait_for(state="detached", timeout=TIMEOUT)
    finally:
        run.close()


SCENARIOS = [bare, ours_direct, ours_fresh, mobile, ours_click, placement, picker]


def site_without_snapshot(dest):
    """A copy of the site as built before issue #16 (no snapshot): the pages and code copied,
    the runtime files linked, preload.json and sw.js generated for it."""
    for name in ("index.html", "manifest.webmanifest", "pyscript.toml"):
        shutil.copy2(ROOT / name, dest / name)
    for name in ("assets", "game"):
        shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
    (dest / "vendor" / "pyodide").mkdir(parents=True)
    os.symlink(ROOT / "vendor" / "pyscript", dest / "vendor" / "pyscript")
    for name in build.PYODIDE_FILES:
        os.symlink(ROOT / "vendor" / "pyodide" / name, dest / "vendor" / "pyodide" / name)
    (dest / "vendor" / "preload.json").write_text(build.render_preload(dest))
    build.write_sw(dest)


def row(name, values):
    if "snapshot used" in name:
        return f"{name:<64} {sum(values)} of {len(values)}"
    if "bytes" in name:
        vals = [v / 1e6 for v in values]
        return f"{name:<64} {min(vals):9.2f} {statistics.median(vals):9.2f} {max(vals):9.2f}  MB"
    return f"{name:<64} {min(values):9.0f} {statistics.median(values):9.0f} {max(values):9.0f}  ms"


RATIOS = [
    # (name, numerator, denominator)
    (
        "direct link cold, ours / bare loadPyodide() alone (target <= 0.75)",
        "ours direct cold: board-ready",
        "bare cold: loadPyodide() done",
    ),
    (
        "revisit, ours / bare loadPyodide() alone warm (target <= 0.6)",
        "ours revisit (SW): board-ready",
        "bare warm (HTTP cache): loadPyodide() done",
    ),
    (
        "first-visit bytes to board, ours / without snapshot (target <= 1.15)",
        "ours direct cold: bytes to board",
        "without snapshot direct cold: bytes to board",
    ),
    (
        "first-visit bytes incl. offline copy, ours / without snapshot",
        "ours direct cold: bytes incl. offline copy",
        "without snapshot direct cold: bytes incl. offline copy",
    ),
    (
        "direct link cold, ours / without snapshot (board-ready)",
        "ours direct cold: board-ready",
        "without snapshot direct cold: board-ready",
    ),
    (
        "revisit, ours / without snapshot (board-ready)",
        "ours revisit (SW): board-ready",
        "without snapshot revisit (SW): board-ready",
    ),
    (
        "direct link cold, ours / bare page with the same game (board-ready)",
        "ours direct cold: board-ready",
        "bare cold: board-ready",
    ),
    (
        "click at first paint, ours / bare loadPyodide() alone",
        "ours click at first paint: click to board-ready",
        "bare cold: loadPyodide() done",
    ),
    (
        "mobile: first visit, ours / bare loadPyodide() alone",
        "mobile: ours direct cold: board-ready",
        "mobile: bare cold: loadPyodide() done",
    ),
    (
        "mobile: first visit, ours / bare page with the same game",
        "mobile: ours direct cold: board-ready",
        "mobile: bare cold: board-ready",
    ),
    (
        "mobile: revisit, ours / bare loadPyodide() alone warm",
        "mobile: ours revisit (SW): board-ready",
        "mobile: bare warm (HTTP cache): loadPyodide() done",
    ),
    (
        "mobile: revisit, ours / bare page with the same game warm",
        "mobile: ours revisit (SW): board-ready",
        "mobile: bare warm (HTTP cache): board-ready",
    ),
]


def main(argv=None):
    parser = argparse.ArgumentParser(description="boot benchmark: index.html vs bare Pyodide")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", help="also write the raw numbers here")
    parser.add_argument(
        "--only",
        default=",".join(s.__name__ for s in SCENARIOS),
        help="comma-separated scenarios (default: all)",
    )
    args = parser.parse_args(argv)
    for need in ("vendor/pyodide/pyodide.asm.wasm", "sw.js", build.SNAPSHOT):
        if not (ROOT / need).exists():
            raise SystemExit(f"bench: {need} missing: build the site first (bash scripts/setup.sh)")
    from playwright.sync_api import sync_playwright

    chosen = [s for s in SCENARIOS if s.__name__ in args.only.split(",")]
    out = defaultdict(list)
    server = serve.start(ROOT, compress=True)
    plain = tempfile.TemporaryDirectory(prefix="bgt-bench-site-")
    site_without_snapshot(Path(plain.name))
    server.without_snapshot = serve.start(Path(plain.name), compress=True)
    started = time.time()
    failures = []
    with sync_playwright() as p:
        for i in range(args.runs):
            print(f"run {i + 1}/{args.runs}", file=sys.stderr, flush=True)
            for scenario in chosen:
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
    for s in (server, server.without_snapshot):
        s.shutdown()
    plain.cleanup()

    print(
        f"\nBoot benchmark, {args.runs} runs each, headless Chromium on localhost, gzip as a host "
        f"sends it ({time.time() - started:.0f} s)\n{'':<64} {'min':>9} {'median':>9} {'max':>9}"
    )
    for name in sorted(out):
        print(row(name, out[name]))
    med = {k: statistics.median(v) for k, v in out.items()}
    ratios = {name: med[a] / med[b] for name, a, b in RATIOS if a in med and b in med}
    if failures:
        print(f"\nretried after a failure: {failures}")
    print("\nratios of medians")
    for name, value in ratios.items():
        print(f"  {name:<72} {value:5.2f}")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps({"runs": dict(out), "ratios": ratios}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
