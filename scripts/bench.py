#!/usr/bin/env python3
"""Boot benchmark (not a test): the real index.html against bare-Pyodide reference pages, on a
desktop profile and on a phone profile.

    .venv/bin/python scripts/bench.py [--runs 5] [--only SCENARIOS] [--json bench-results/boot.json]
    .venv/bin/python scripts/bench.py --runs 1 --only bare,ours_direct     (smoke: about a minute)

Needs the site built (bash scripts/setup.sh) and Chromium ($CHROMIUM or /usr/bin/chromium).
Everything is served by scripts/serve.py on 127.0.0.1 as a static host serves it: text,
JavaScript, JSON and WebAssembly gzipped (level 6), `Cache-Control: no-cache` (repeat visits
revalidate with 304s); it counts the body bytes it sends per file, so byte counts are what a host
sends. Every run uses a fresh persistent Chromium profile (a real disk cache and code cache);
scenarios are interleaved run by run, so machine load drifts hit all of them alike. The load
average is printed with every run.

Profiles:
  desktop  1000x800, no throttling (the server is on the same machine)
  mobile   Lighthouse's mobile settings through the DevTools protocol: 4x CPU slowdown, "slow 4G"
           (562.5 ms request latency, 1474.56 kbit/s down, 675 kbit/s up), a 360x640 viewport; the
           site is reached as http://phone.test:PORT (mapped to 127.0.0.1 and treated as secure),
           so that the page does not know it is on this machine (boot.js: a near server)

The two references (scripts/bench_bare.html: a bare loadPyodide(), then the same Python files and
the same Toscana board as index.html, no PyScript, no boot loader):
  bare      the fastest bare runtime made from ours: our vendor/pyodide/ files with the stdlib
            precompiled to bytecode (the strict reference for time: the runtime alone, started
            with nothing left to compile)
  bare_dist Pyodide as its npm package ships it (node_modules/pyodide/: the whole stdlib as
            sources, the full package lock): "a bare Pyodide", the reference for bytes

Scenarios (times in ms from navigation start, min / median / max over the runs):
  ours_direct   fresh profile, open index.html?game=toscana (cold: Python starts from its memory
                snapshot when the server is near, i.e. on the desktop profile), play two moves
                against the computer (MOVES), then a new tab in the same profile (revisit: served by
                the service worker, snapshot from its copy; the game in progress comes back).
                Marks: "python-ready" (main.py starts), "board-ready" (board drawn and listening),
                "paint-shown" (revisit: the frame that shows the kept copy of the table, before
                Python starts: assets/paint.js).
                Bytes: what the server wrote before the page's board-ready mark (same clock),
                and until the offline copy is complete.
  ours_fresh    the same against a copy of the site built without the snapshot.
  bare          the strict reference, cold (then two moves, as ours) and warm (a new tab: the HTTP
                cache). Its mark "pyodide-loaded" (right after loadPyodide(), no game code) is the
                time reference.
  bare_dist     the same page on Pyodide as distributed, cold and warm.
  mobile        ours_direct, bare and bare_dist on the mobile profile.
  ours_click    picker, click "Toscana" at first paint / after the offline copy is complete.
  placement     a click that places a Toscana tile -> the next frame (6 per run).
  picker        12 clicks on the picker from its first paint on: input -> next frame, and the
                longest task after the first paint.
Breakdown rows ("... at"): when the runtime's WebAssembly had arrived, when it was compiled and
instantiated, when Python was restored, when PyScript had it (boot.js starts Python before
PyScript asks: assets/interpreter.js), when PyScript ran main.py, when the board was up.
Per-file rows: the bytes the server sent for each file until the board was playable.
"""

import argparse
import io
import json
import os
import statistics
import sys
import tempfile
import time
import zipfile
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
TIMEOUT = 300_000  # a phone-profile first visit takes about a minute on the loaded machine
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
BARE = "scripts/bench_bare.html"
# Moves a first visit plays before it is left (both pages): Chrome keeps the WebAssembly's
# compiled code for the next visit only once enough of it has been optimised, which a page that
# restores Python's memory and then sits idle does not reach (measured: no code cache hit on the
# revisit after an idle visit; a hit after two moves)
MOVES = 2
DIST = "node_modules/pyodide/"  # Pyodide as its npm package ships it
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
FAILED = """() => { const r = document.documentElement;
  return r.dataset.board === 'failed' ? (r.dataset.failure || document.getElementById('boot-error-detail')?.textContent
    || JSON.stringify(window.bgtErrors || [])) : null; }"""


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

    def bytes(self, page=None):
        """Body bytes sent since the last reset; with `page`, only those sent before its board was
        ready (what the worker fetches right after the board is up does not count)."""
        return sum(self.files(page).values())

    def files(self, page=None):
        """Body bytes sent per file since the last reset (hashed chunk names kept); with `page`,
        only up to its board-ready mark."""
        if page is None:
            with self.server.lock:
                return dict(self.server.sent)
        ready_at = page.evaluate(
            "performance.timeOrigin + performance.getEntriesByName('board-ready')[0].startTime"
        )
        return self.server.sent_until(ready_at / 1000)

    def reset(self):
        self.server.reset_counts()


def ready(page):
    """The page's marks once the board is drawn and listening; raises at once when the start
    failed (the page's own message), instead of waiting for the timeout."""
    page.locator('html[data-board="ready"], html[data-board="failed"]').wait_for(
        state="attached", timeout=TIMEOUT
    )
    failure = page.evaluate(FAILED)
    if failure:
        raise RuntimeError(f"{page.url}: the start failed: {failure[:2000]}")
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
        "boot.js starts the start": marks.get("boot-start"),
        "kept table on screen": marks.get("paint-shown"),
        "WebAssembly downloaded": files.get("pyodide.asm.wasm"),
        "snapshot downloaded": files.get("snapshot.bin"),
        "WebAssembly instantiated": steps.get("wasm instantiated"),
        "Python restored (snapshot)": marks.get("python-restored"),
        "PyScript has Python (restored or started)": steps.get("Loaded interpreter"),
        "main.py starts (PyScript ready)": marks.get("python-ready"),
        "board ready": marks.get("board-ready"),
    }
    for name, value in rows.items():
        if value:
            out[f"{label} at: {name}"].append(value)


def file_group(path):
    """The row a file's bytes go to: small files of one kind are summed (game/ per package,
    PyScript's plugin chunks, the site's own CSS and JavaScript)."""
    path = path.lstrip("/").removeprefix("vendor/py/")  # the page's copies of its Python files
    parts = path.split("/")
    if parts[0] == "game":
        return "/".join(parts[:2]) + "/ (Python files)" if len(parts) > 2 else "game/*.py"
    if path.startswith("vendor/pyscript/") and not path.startswith("vendor/pyscript/core"):
        return "vendor/pyscript/ (other chunks)"
    if parts[0] == "assets" and path.endswith((".css", ".js", ".svg", ".png")):
        return "assets/*" + Path(path).suffix
    return path


def per_file(run, page, label, files_out):
    grouped = defaultdict(int)
    for path, sent in run.files(page).items():
        grouped[file_group(path)] += sent
    for group, sent in grouped.items():
        files_out[label][group].append(sent)


def prefix_of(profile):
    return "" if profile is DESKTOP else f"{profile['name']}: "


def ours_direct(p, servers, out, files_out, profile=DESKTOP, label="ours", server=None):
    run = Run(p, server or servers["ours"], profile)
    prefix = prefix_of(profile)
    try:
        page, marks = visit(run, "index.html?game=toscana")
        start = page.evaluate("document.documentElement.dataset.pythonStart")
        out[f"{prefix}{label} direct cold: board-ready"].append(marks["board-ready"])
        out[f"{prefix}{label} direct cold: bytes to board"].append(run.bytes(page))
        out[f"{prefix}{label} direct cold: snapshot used"].append(start == "snapshot")
        per_file(run, page, f"{prefix}{label} direct cold", files_out)
        breakdown(page, f"{prefix}{label} direct cold", out)
        play(page, MOVES)  # a visit, not only a look: the computer's thinking warms the runtime
        offline_ready(page)
        page.wait_for_timeout(500)
        out[f"{prefix}{label} direct cold: bytes incl. offline copy"].append(run.bytes())
        page.close()
        page, marks = visit(run, "index.html?game=toscana")
        assert page.evaluate("!!navigator.serviceWorker.controller")
        start = page.evaluate("document.documentElement.dataset.pythonStart")
        out[f"{prefix}{label} revisit (SW): board-ready"].append(marks["board-ready"])
        if "paint-shown" in marks:  # the game in progress on screen before Python
            out[f"{prefix}{label} revisit (SW): kept table on screen"].append(marks["paint-shown"])
        out[f"{prefix}{label} revisit (SW): bytes"].append(run.bytes())
        out[f"{prefix}{label} revisit (SW): snapshot used"].append(start == "snapshot")
        breakdown(page, f"{prefix}{label} revisit (SW)", out)
    finally:
        run.close()


def ours_fresh(p, servers, out, files_out):
    ours_direct(p, servers, out, files_out, label="without snapshot", server=servers["plain"])


def bare(p, servers, out, files_out, profile=DESKTOP, label="bare", warm=True):
    """The reference page, cold then (when `warm`) warm, on the strict runtime ("bare") or on
    Pyodide as distributed ("bare dist")."""
    server = servers["reference"] if label == "bare" else servers["ours"]
    path = BARE if label == "bare" else f"{BARE}?runtime={DIST}"
    run = Run(p, server, profile)
    prefix = prefix_of(profile)
    try:
        page, marks = visit(run, path)
        out[f"{prefix}{label} cold: loadPyodide() done"].append(marks["pyodide-loaded"])
        out[f"{prefix}{label} cold: board-ready"].append(marks["board-ready"])
        out[f"{prefix}{label} cold: bytes"].append(run.bytes(page))
        per_file(run, page, f"{prefix}{label} cold", files_out)
        play(page, MOVES)
        page.close()
        if warm:
            page, marks = visit(run, path)
            out[f"{prefix}{label} warm (HTTP cache): loadPyodide() done"].append(
                marks["pyodide-loaded"]
            )
            out[f"{prefix}{label} warm (HTTP cache): board-ready"].append(marks["board-ready"])
    finally:
        run.close()


def bare_dist(p, servers, out, files_out):
    bare(p, servers, out, files_out, label="bare dist")


def mobile(p, servers, out, files_out):
    bare(p, servers, out, files_out, MOBILE, warm=True)
    bare(p, servers, out, files_out, MOBILE, label="bare dist", warm=False)
    ours_direct(p, servers, out, files_out, MOBILE)


def ours_click(p, servers, out, files_out):
    for wait_for_offline in (False, True):
        run = Run(p, servers["ours"])
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


def picker(p, servers, out, files_out):
    """Input to next frame for 12 clicks on the picker from its first paint on (about 4 s, while
    the service worker downloads the offline copy), and the longest task after first paint."""
    run = Run(p, servers["ours"])
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


def play(page, moves, measure=None):
    """Start a game against the computer on a Toscana board that is up and place `moves` tiles,
    each answered by the computer (`measure(cell)` makes the placing click instead). Without
    `measure` the clicks are dispatched to the cells (the bare page has no style sheets: what
    covers what there is not the site's)."""
    page.locator("#gt-new-form button[type=submit]").dispatch_event("click")
    for _ in range(moves):
        page.locator("#gt-layer-over .tos-hints circle").first.wait_for(timeout=TIMEOUT)
        x, y = page.evaluate(
            """() => { const c = document.querySelector('#gt-layer-over .tos-hints circle');
            return [Math.floor(c.getAttribute('cx') / 10), Math.floor(c.getAttribute('cy') / 10)]; }"""
        )
        cell = page.locator(f'#gt-board [data-cell="{x},{y}"]')
        cell.click() if measure else cell.dispatch_event("click")  # choose the spot
        page.locator("#gt-layer-over .tos-selected").wait_for(state="attached")
        if measure:
            measure(cell)
        else:
            cell.dispatch_event("click")  # place it
        page.locator("#gt-turn .gt-bar").wait_for(state="detached", timeout=TIMEOUT)


def placement(p, servers, out, files_out):
    run = Run(p, servers["ours"])
    try:
        page = run.page()
        page.goto(run.url + "index.html?game=toscana")
        ready(page)
        page.add_script_tag(content=PLACEMENT_PROBE)

        def measured(cell):
            before = page.evaluate("window.__frames.length")
            cell.click()  # place it: this is the measured click
            page.wait_for_function(f"window.__frames.length > {before}")
            out["placement: click to next frame"].append(page.evaluate("window.__frames.at(-1)"))

        play(page, 6, measured)
    finally:
        run.close()


SCENARIOS = [bare, bare_dist, ours_direct, ours_fresh, mobile, ours_click, placement, picker]


def reference_site(dest):
    """The strict reference's runtime: our vendor/pyodide/ files, the stdlib precompiled to
    bytecode when the site ships it as sources (scripts/compile_stdlib.mjs, cached). True when it
    compiled."""
    stdlib = (ROOT / "vendor" / "pyodide" / "python_stdlib.zip").read_bytes()
    with zipfile.ZipFile(io.BytesIO(stdlib)) as z:
        sources = any(n.endswith(".py") for n in z.namelist())
    build.site_copy(dest, snapshot=False, stdlib=build.compile_stdlib(stdlib) if sources else None)
    return sources


def row(name, values):
    if "snapshot used" in name:
        return f"{name:<64} {sum(values)} of {len(values)}"
    if "bytes" in name:
        vals = [v / 1e6 for v in values]
        return f"{name:<64} {min(vals):9.2f} {statistics.median(vals):9.2f} {max(vals):9.2f}  MB"
    return f"{name:<64} {min(values):9.0f} {statistics.median(values):9.0f} {max(values):9.0f}  ms"


# (name, numerator, denominator): the first-paint table first, by name, then the other comparisons
RATIOS = [
    (
        "direct link, cold, to a playable board: ours / bare loadPyodide() (target <= 1.0)",
        "ours direct cold: board-ready",
        "bare cold: loadPyodide() done",
    ),
    (
        "the same: ours / bare page with the same game",
        "ours direct cold: board-ready",
        "bare cold: board-ready",
    ),
    (
        "revisit: ours / bare warm loadPyodide() (target <= 1.0)",
        "ours revisit (SW): board-ready",
        "bare warm (HTTP cache): loadPyodide() done",
    ),
    (
        "first-visit bytes (near server, snapshot fetched): ours / bare page",
        "ours direct cold: bytes to board",
        "bare cold: bytes",
    ),
    (
        "first-visit bytes (near server, snapshot fetched): ours / bare Pyodide as distributed",
        "ours direct cold: bytes to board",
        "bare dist cold: bytes",
    ),
    (
        "phone profile, first visit: ours / bare page, Pyodide as distributed (target <= 0.75)",
        "mobile: ours direct cold: board-ready",
        "mobile: bare dist cold: board-ready",
    ),
    (
        "phone profile, first visit: ours / bare page on our runtime",
        "mobile: ours direct cold: board-ready",
        "mobile: bare cold: board-ready",
    ),
    (
        "phone profile, first visit: ours / bare loadPyodide() on our runtime",
        "mobile: ours direct cold: board-ready",
        "mobile: bare cold: loadPyodide() done",
    ),
    (
        "phone profile, first-visit bytes: ours / bare Pyodide as distributed",
        "mobile: ours direct cold: bytes to board",
        "mobile: bare dist cold: bytes",
    ),
    (
        "phone profile, revisit: ours / bare warm loadPyodide()",
        "mobile: ours revisit (SW): board-ready",
        "mobile: bare warm (HTTP cache): loadPyodide() done",
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
        "first-visit bytes to board, ours / without snapshot",
        "ours direct cold: bytes to board",
        "without snapshot direct cold: bytes to board",
    ),
    (
        "direct link cold: bare loadPyodide() on Pyodide as distributed / on ours",
        "bare dist cold: loadPyodide() done",
        "bare cold: loadPyodide() done",
    ),
    (
        "click at first paint, ours / bare loadPyodide()",
        "ours click at first paint: click to board-ready",
        "bare cold: loadPyodide() done",
    ),
]
# absolute targets (name, row, limit in the row's unit)
LIMITS = [
    (
        "revisit: the game in progress on screen (target <= 300 ms)",
        "ours revisit (SW): kept table on screen",
        300,
    ),
    (
        "phone profile, revisit: the game in progress on screen (target <= 1 s)",
        "mobile: ours revisit (SW): kept table on screen",
        1000,
    ),
    (
        "phone profile, first-visit bytes to a playable board (target <= 4.5 MB)",
        "mobile: ours direct cold: bytes to board",
        4.5e6,
    ),
]


def file_table(files_out):
    """Median bytes per file and visit label, files in order of size."""
    labels = sorted(files_out)
    if not labels:
        return []
    paths = sorted(
        {p for label in labels for p in files_out[label]},
        key=lambda p: -max(statistics.median(files_out[label].get(p, [0])) for label in labels),
    )
    width = max(len(p) for p in paths) + 2
    lines = [
        "bytes sent per file until the board is playable (median, kB; as gzip where a host gzips):"
    ]
    lines.append(" " * width + "".join(f"{label[:24]:>26}" for label in labels))
    for path in paths:
        cells = []
        for label in labels:
            sent = files_out[label].get(path)
            cells.append(f"{statistics.median(sent) / 1e3:26.1f}" if sent else f"{'-':>26}")
        lines.append(f"{path:<{width}}" + "".join(cells))
    lines.append(
        f"{'total':<{width}}"
        + "".join(
            f"{sum(statistics.median(v) for v in files_out[label].values()) / 1e3:26.1f}"
            for label in labels
        )
    )
    return lines


def load_average():
    return os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)


def main(argv=None):
    parser = argparse.ArgumentParser(description="boot benchmark: index.html vs bare Pyodide")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", help="also write the raw numbers here")
    parser.add_argument(
        "--only",
        default=",".join(s.__name__ for s in SCENARIOS),
        help="comma-separated scenarios (default: all): " + ",".join(s.__name__ for s in SCENARIOS),
    )
    args = parser.parse_args(argv)
    names = [s.__name__ for s in SCENARIOS]
    unknown = [n for n in args.only.split(",") if n not in names]
    if unknown:
        parser.error(f"unknown scenario(s) {unknown}; known: {names}")
    for need in ("vendor/pyodide/pyodide.asm.wasm", "sw.js", "vendor/preload.json", DIST):
        if not (ROOT / need).exists():
            raise SystemExit(f"bench: {need} missing: build the site first (bash scripts/setup.sh)")
    from playwright.sync_api import sync_playwright

    chosen = [s for s in SCENARIOS if s.__name__ in args.only.split(",")]
    out = defaultdict(list)
    files_out = defaultdict(lambda: defaultdict(list))
    loads = []
    temp = tempfile.TemporaryDirectory(prefix="bgt-bench-site-")
    servers = {"ours": serve.start(ROOT, compress=True)}
    wanted = {s.__name__ for s in chosen}
    if "ours_fresh" in wanted:
        plain = Path(temp.name, "plain")
        plain.mkdir()
        build.site_copy(plain, snapshot=False)
        servers["plain"] = serve.start(plain, compress=True)
    if {"bare", "mobile"} & wanted:
        reference = Path(temp.name, "reference")
        reference.mkdir()
        compiled = reference_site(reference)
        servers["reference"] = serve.start(reference, compress=True)
        if compiled:
            print("bench: the strict reference runs our stdlib precompiled", file=sys.stderr)
    started = time.time()
    failures = []
    with sync_playwright() as p:
        for i in range(args.runs):
            loads.append(load_average())
            print(
                f"run {i + 1}/{args.runs}, load average {' '.join(f'{x:.1f}' for x in loads[-1])}",
                file=sys.stderr,
                flush=True,
            )
            for scenario in chosen:
                for attempt in (
                    1,
                    2,
                ):  # a renderer crash on the busy machine: retry once, report it
                    try:
                        scenario(p, servers, out, files_out)
                        break
                    except Exception as error:
                        failures.append(
                            f"{scenario.__name__} run {i + 1}: {str(error).splitlines()[0]}"
                        )
                        if attempt == 2 or "the start failed" in str(error):
                            raise
    loads.append(load_average())
    for s in servers.values():
        s.shutdown()
    temp.cleanup()

    one_minute = [x[0] for x in loads]
    print(
        f"\nBoot benchmark, {args.runs} run(s) each, headless Chromium on localhost, gzip as a host "
        f"sends it ({time.time() - started:.0f} s; load average (1 min) during the runs "
        f"{min(one_minute):.1f}-{max(one_minute):.1f}, {os.cpu_count()} CPUs)\n"
        f"{'':<64} {'min':>9} {'median':>9} {'max':>9}"
    )
    for name in sorted(out):
        print(row(name, out[name]))
    med = {k: statistics.median(v) for k, v in out.items()}
    ratios = {name: med[a] / med[b] for name, a, b in RATIOS if a in med and b in med}
    if failures:
        print(f"\nretried after a failure: {failures}")
    print("\nratios of medians")
    for name, value in ratios.items():
        print(f"  {name:<90} {value:5.2f}")
    for name, key, limit in LIMITS:
        if key in med:
            verdict = "met" if med[key] <= limit else "NOT met"
            value = f"{med[key] / 1e6:5.2f} MB" if "bytes" in key else f"{med[key]:5.0f} ms"
            print(f"  {name:<90} {value} ({verdict})")
    print()
    for line in file_table(files_out):
        print(line)
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(
            json.dumps(
                {
                    "runs": dict(out),
                    "ratios": ratios,
                    "files": {k: dict(v) for k, v in files_out.items()},
                    "load": loads,
                },
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
