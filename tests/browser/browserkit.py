"""Helpers for the browser tests (used by conftest.py and the test modules).

* Chromium: $CHROMIUM, else /usr/bin/chromium (or chromium / chromium-browser / google-chrome on
  PATH), started with the flags below (no sandbox: containers; no background networking).
* guard(): a route on "**/*" that lets requests to our own test servers through and aborts and
  records every other one. It also sees the service worker's requests. Every test asserts the
  record is empty: the page never leaves its origin.
"""

import json
import os
import re
import shutil
import sys
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BOOT_TIMEOUT_MS = 120_000  # a cold Pyodide start on a busy 2-core machine can take 10+ s

# Records errors in every frame, cross-site iframes too (pageerror does not cover those).
ERROR_PROBE = """
window.__errors = [];
addEventListener("error", (e) => window.__errors.push("error: " + (e.message || e.error || e.type)));
addEventListener("unhandledrejection", (e) => window.__errors.push(
  "rejection: " + String(e.reason && (e.reason.stack || e.reason.message) || e.reason)));
"""


def find_chromium():
    wanted = os.environ.get("CHROMIUM")
    if wanted:
        return shutil.which(wanted) or (wanted if Path(wanted).is_file() else None)
    for candidate in (
        "/usr/bin/chromium",
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ):
        found = shutil.which(candidate)
        if found:
            return found
    return None


def allowed_urls(servers):
    urls = []
    for server in servers:
        urls.append(server.url)
        if getattr(server, "site_url", None):
            urls.append(server.site_url)
    return (*urls, "data:", "blob:")


def watch(context, *servers):
    """Record (without intercepting: Chromium keeps its HTTP cache) every page request that does
    not go to one of `servers`; returns the record. guard() also sees the service worker's."""
    allowed = allowed_urls(servers)
    outside = []
    context.on("request", lambda r: r.url.startswith(allowed) or outside.append(r.url))
    context.add_init_script(ERROR_PROBE)
    return outside


def guard(context, *servers):
    """Abort and record every request that does not go to one of `servers`; returns the record.
    (Intercepting requests turns Chromium's HTTP cache off.)"""
    allowed = allowed_urls(servers)
    outside = []
    context.seen = []  # every URL the gate let through (page AND service worker requests)

    def gate(route):
        url = route.request.url
        if url.startswith(allowed):
            context.seen.append(url)
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", gate)
    context.add_init_script(ERROR_PROBE)
    return outside


def wait_ready(page_or_frame, game=None, timeout=BOOT_TIMEOUT_MS):
    """Wait until Python has drawn the board (of `game`) and listens."""
    selector = 'html[data-board="ready"]' + (f'[data-board-game="{game}"]' if game else "")
    page_or_frame.locator(selector).wait_for(state="attached", timeout=timeout)


VS_COMPUTER = [
    {"name": "You", "kind": "human", "level": None},
    {"name": "Computer", "kind": "ai", "level": "easy"},
]
FRIENDS = [
    {"name": "Ann", "kind": "human", "level": None},
    {"name": "Ben", "kind": "human", "level": None},
]


def new_page(browser, site, *others, touch, size):
    """A page in a context of its own of `size` (a phone's touch when `touch`), guarded (only
    `site` and `others` answer), recording its page errors in `page.page_errors`."""
    options = {"viewport": {"width": size[0], "height": size[1]}}
    if touch:
        options.update(has_touch=True, is_mobile=True)
    context = browser.new_context(**options)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.outside = guard(context, site, *others)
    page.page_errors = []
    page.on("pageerror", lambda e: page.page_errors.append(str(e)))
    return page


def errors(page_or_frame):
    return page_or_frame.evaluate("window.__errors || []")


def start_if_asked(page_or_frame):
    """A first visit opens the new-game form (You against the computer): accept it."""
    form = page_or_frame.locator("#gt-new-form")
    if form.count() and form.is_visible():
        form.locator("button[type=submit]").click()
        form.wait_for(state="detached")


def click_changes_board(page_or_frame, cell="8,8"):
    """Click a cell of a new Toscana game's board and wait until Python has answered by framing
    the chosen spot (the first tile may go at 8,8: it covers the centre). The ONE place that knows
    what "the board changed" looks like."""
    start_if_asked(page_or_frame)
    chosen = page_or_frame.locator("#gt-layer-over .tos-selected")
    assert chosen.count() == 0
    page_or_frame.locator(f'#gt-board [data-cell="{cell}"]').click()
    chosen.wait_for()


# the whole board inside its viewport, at rest (assets/board-nav.js)
BOARD_IN_VIEW = """() => {
  const view = document.getElementById('gt-scroll');
  if (!view || view.classList.contains('gt-moving')) return false;
  const r = document.getElementById('gt-board').getBoundingClientRect(), v = view.getBoundingClientRect();
  return r.left >= v.left - 1 && r.right <= v.right + 1 && r.top >= v.top - 1 && r.bottom <= v.bottom + 1; }"""


# the page's next frame: whatever it asked to draw before (board-nav.js moves the board in an
# animation frame) is drawn by the time this resolves
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => done(true)))"


def fit_board(page_or_frame):
    """Show the whole board, as the "whole board" map button does, so that every square can be
    clicked (the board opens zoomed in on a large one)."""
    page_or_frame.click('[data-nav="fit"]')
    page_or_frame.wait_for_function(BOARD_IN_VIEW)


def wait_moves(page, n):
    """Until the log lists n moves."""
    page.wait_for_function(
        f"document.querySelectorAll('#gt-log li:not(.gt-log-event)').length === {n}"
    )


# Required: "while the computer thinks, the page answers (a requestAnimationFrame counter keeps
# advancing; no long task > 50 ms)". Asserted by order, not by time (a shared test machine is too
# noisy for thresholds): while the computer thinks, frames are painted and the event loop takes
# other tasks in between its slices. The long tasks are printed; scripts/bench.py measures timing.
RESPONSIVENESS_PROBE = """
window.__frames = 0; window.__turns = 0; window.__long = []; window.__thinks = [];
(function tick() { window.__frames++; requestAnimationFrame(tick); })();
(function turn() { window.__turns++; setTimeout(turn, 0); })();
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({ type: "longtask" });
// each spell of the thinking bar, measured in the page: [ms, frames, turns] while it showed
let shown = null;
new MutationObserver(() => {
  const now = [performance.now(), window.__frames, window.__turns];
  const bar = document.querySelector("#gt-turn .gt-bar");
  if (bar && !shown) shown = now;
  if (!bar && shown) {
    window.__thinks.push(now.map((v, k) => v - shown[k]).concat([shown[0]]));
    shown = null;
  }
}).observe(document.body, { childList: true, subtree: true });
"""


# ---- what a screen reader gives ----------------------------------------------------------------
# The text of every live region each time it changes, as a screen reader hears it (add it before
# the page loads): a region inserted with its text already in it is not heard, so not recorded;
# invisible marks (bidi isolates around names, word joiners) are not read.
HEARING = """
window.__heard = [];
(() => {
  const LIVE = '[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log]';
  const last = new Map();
  new MutationObserver((records) => {
    const touched = [];
    for (const record of records) {
      const node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      const live = node && node.closest(LIVE);
      if (live && !touched.includes(live)) touched.push(live);
    }
    for (const live of touched) {
      const text = live.textContent.replace(/[\\u2060\\u2066-\\u2069]/g, "").replace(/\\s+/g, " ").trim();
      if (text && text !== last.get(live)) window.__heard.push(text);
      last.set(live, text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();
"""
UNREAD = re.compile("[\u2060\u2066-\u2069]")  # the marks HEARING leaves out


class ScreenReader:
    """What a screen reader gives: the focused element's role and name from Chromium's
    accessibility tree (DevTools protocol), and what the live regions said since a mark (the
    page was loaded with HEARING)."""

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def focused(self):
        """(role, name) of the focused element; ("body", "") when focus fell to the page."""
        if self.page.evaluate("document.activeElement === document.body"):
            return "body", ""
        found = self.cdp.send("Runtime.evaluate", {"expression": "document.activeElement"})
        nodes = self.cdp.send(
            "Accessibility.getPartialAXTree",
            {"objectId": found["result"]["objectId"], "fetchRelatives": False},
        )["nodes"]
        node = next((n for n in nodes if not n.get("ignored")), nodes[0])
        return node.get("role", {}).get("value", ""), node.get("name", {}).get("value", "")

    def heard(self):
        """A mark: how many texts were said so far."""
        return self.page.evaluate("window.__heard.length")

    def since(self, mark):
        return self.page.evaluate("n => window.__heard.slice(n)", mark)

    def wait(self, mark, wanted=None, timeout=5_000):
        """What was said since `mark`, once something was (something containing `wanted`, if
        given); [] when nothing was in time."""
        try:
            self.page.wait_for_function(
                "([n, w]) => window.__heard.slice(n).some((t) => !w || t.includes(w))",
                arg=[mark, wanted and UNREAD.sub("", wanted)],
                timeout=timeout,
            )
        except PlaywrightTimeout:
            return []
        return self.since(mark)

    def after(self, key, wanted=None, timeout=5_000):
        """Press `key`; what was said until something was (containing `wanted`, if given)."""
        mark = self.heard()
        self.page.keyboard.press(key)
        return self.wait(mark, wanted, timeout)


def watch_responsiveness(page):
    page.add_script_tag(content=RESPONSIVENESS_PROBE)


def responsiveness_mark(page):
    """How many spells of thinking the page has shown so far: take it before the move that sets
    the computer thinking, and give it to assert_answered_since once the computer has moved."""
    return page.evaluate("window.__thinks.length")


def assert_answered_since(page, mark, what="the computer thought"):
    """While the thinking bar showed since `mark`, the page kept answering: several frames were
    painted and the event loop ran other tasks many times (a search that blocked the main thread
    would allow neither). Measured in the page, so a slow test driver does not shorten it."""
    page.wait_for_function("n => window.__thinks.length > n", arg=mark)
    spells, long_tasks = page.evaluate("[window.__thinks, window.__long]")
    spells = spells[mark:]
    ms, frames, turns = (sum(spell[k] for spell in spells) for k in range(3))
    during = [
        round(d) for start, d in long_tasks for spell in spells if 0 <= start - spell[3] <= spell[0]
    ]
    print(f"while {what}: {ms:.0f} ms, {frames} frames, {turns} turns, long tasks {during}")
    # a search that held the thread would let through at most one frame and one turn per spell;
    # a sliced one lets both through between slices (how many depends on the machine's load)
    assert frames >= 3 * len(spells), f"no frames were painted while {what} ({frames})"
    assert turns >= 3 * len(spells), f"the page took no other task while {what} ({turns})"


def stored_save(page_or_frame, game=None):
    """The save of the match most recently played on this device (of `game`), as the library
    keeps it (game/view/library.py: the index bgt.games, one slot bgt.game.<id> holding a link),
    decoded with the project's own code; None when there is none."""
    from game.core.match import decode_link

    index = json.loads(page_or_frame.evaluate("localStorage.getItem('bgt.games')") or "null")
    for summary in (index or {}).get("games", []):
        if game is None or summary["game"] == game:
            slot = page_or_frame.evaluate(
                "k => localStorage.getItem(k)", "bgt.game." + summary["id"]
            )
            return decode_link(json.loads(slot)["link"])
    return None


def wait_stored(page_or_frame, game, moves=None):
    """Until the library keeps a match of `game` (with `moves` moves, if given)."""
    page_or_frame.wait_for_function(
        """([game, moves]) => {
            const index = JSON.parse(localStorage.getItem('bgt.games') || 'null');
            return !!index && index.games.some(s => s.game === game && (moves === null || s.moves === moves));
        }""",
        arg=[game, moves],
    )


def heading(page_or_locator, text):
    """The h2 whose whole text is `text`, names included (a name is a <bdi> element inside it,
    which `:text-is()` does not look into)."""
    return page_or_locator.locator("h2").filter(has_text=re.compile(f"^{re.escape(text)}$"))


# classes the map navigation (assets/board-nav.js) sets on board elements for the current zoom:
# how the board is shown at this size, not what Python drew
_VIEW_CLASSES = re.compile(r" ?\bgt-(?:tiny|coarse)\b")


def board_drawn(page, layer="#gt-layer-board"):
    """The markup of a board layer as Python drew it (without the navigation's zoom classes)."""
    return _VIEW_CLASSES.sub("", page.locator(layer).inner_html()).replace(' class=""', "")
