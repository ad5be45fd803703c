"""The landing page and the game table in a real Chromium (issue #2).

One page for the whole module, in order, so Python boots once: picker -> choose a game ->
click the board -> other game without reload -> language -> imports in the browser.
"""

import json

import build
import pytest
from browserkit import BOOT_TIMEOUT_MS, errors, guard, start_if_asked, wait_ready

LATENCY_PROBE = """
window.__latency = [];
document.addEventListener("click", (e) => {
  const t0 = e.timeStamp;
  requestAnimationFrame(() => setTimeout(() => window.__latency.push(performance.now() - t0), 0));
}, true);
window.__long = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch (e) {}
"""


@pytest.fixture(scope="module")
def table(browser, site):
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    context.set_default_timeout(30_000)
    outside = guard(context, site)
    context.add_init_script(LATENCY_PROBE)
    page = context.new_page()
    page.outside = outside
    page.requests = []
    page.on("request", lambda r: page.requests.append(r.url))
    page.page_errors = []
    page.on("pageerror", lambda e: page.page_errors.append(str(e)))
    yield page
    context.close()


def check_clean(page):
    assert page.outside == [], f"requests left the origin: {page.outside}"
    assert page.page_errors == [], page.page_errors
    assert errors(page) == []


def test_picker_is_plain_html_and_works_before_python(table, site):
    page = table
    page.goto(site.url, wait_until="commit")
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
    # the three games, their descriptions and a link to how to play are in the page itself
    assert page.locator(".game").count() == 3
    for game in ("thurn-und-taxis", "toscana", "carcassonne"):
        card = page.locator(f'.game[data-game="{game}"]')
        assert card.locator("h2").inner_text()
        assert card.locator("a.howto").get_attribute("href") == f"?game={game}&rules=1"
    # clicks from the first paint on for about 4 s, also while the service worker downloads the
    # runtime in the background (it registers 2.5 s after the page has loaded)
    for lang, title in [("cs", "Vyberte hru"), ("en", "Choose a game")] * 6:
        page.click(f'.lang[data-lang="{lang}"]')
        page.wait_for_function(
            "t => document.querySelector('#picker h1').textContent === t", arg=title
        )
        page.wait_for_timeout(250)
    # (how fast it answers, input to next frame, is measured by scripts/bench.py, not asserted)
    assert len(page.evaluate("window.__latency")) == 12
    # the offline copy starts downloading while the person reads (no Python involved)
    for _ in range(50):
        if page.evaluate("navigator.serviceWorker.getRegistration().then(r => !!r)"):
            break
        page.wait_for_timeout(200)
    else:
        raise AssertionError("the picker never registered the service worker")
    # Python is not loaded while the person reads the picker
    loaded = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert not [u for u in loaded if "pyscript/core" in u or "pyodide" in u], loaded
    assert page.locator('script[type="py"]').count() == 0
    # every game has its Play link
    assert page.locator(".game a.play").count() == 3
    check_clean(page)


def test_choosing_a_game_boots_python_from_local_files(table, site):
    page = table
    page.click('.game[data-game="toscana"] a.play')
    assert page.locator("#boot").is_visible() or page.locator("html[data-board='ready']").count()
    wait_ready(page, "toscana")
    assert page.url.endswith("?game=toscana")
    assert page.locator("#table-title").inner_text() == "Toscana"
    marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    assert "python-ready" in marks and "board-ready" in marks
    runtime = [u for u in page.requests if "/vendor/pyodide/" in u or "/vendor/pyscript/" in u]
    for name in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "core.js"):
        assert any(u.endswith(name) for u in runtime), f"{name} not loaded: {runtime}"
    assert all(u.startswith(site.url) for u in page.requests), page.requests
    assert page.locator("#boot").is_hidden()
    # PyScript started on the in-memory IndexedDB; the page has the real one back for saves
    assert page.evaluate("window.bgtMemoryIDB === false && indexedDB instanceof IDBFactory")
    check_clean(page)


def test_a_click_on_the_svg_reaches_python_and_changes_the_board(table):
    page = table
    start_if_asked(page)
    cell = page.locator('#gt-board [data-cell="8,8"]')
    assert cell.evaluate("e => e.namespaceURI") == "http://www.w3.org/2000/svg"
    tiles = page.locator("#gt-layer-board .tos-tiles > g")
    assert tiles.count() == 0
    cell.click()  # first click: the tile waits there, framed
    page.locator("#gt-layer-over .tos-selected").wait_for()
    page.click("#gt-panel [data-act=place]")  # placed, and the computer answers
    page.wait_for_function(
        "document.querySelectorAll('#gt-layer-board .tos-tiles > g').length >= 2", timeout=60_000
    )
    check_clean(page)


def test_another_game_opens_without_reloading_python(table, site):
    page = table
    page.evaluate("window.__same_page = true")
    wasm_loads = sum(u.endswith("pyodide.asm.wasm") for u in page.requests)
    page.click("#back")
    page.locator("#picker").wait_for(state="visible")
    assert "game=" not in page.url
    page.click('.game[data-game="carcassonne"] a.play')
    wait_ready(page, "carcassonne", timeout=10_000)
    assert page.locator("#table-title").inner_text() == "Carcassonne + The Courier"
    assert page.locator(".gt").get_attribute("data-game") == "carcassonne"
    page.go_back()
    page.locator("#picker").wait_for(state="visible")
    page.click('.game[data-game="toscana"] a.play')
    wait_ready(page, "toscana", timeout=10_000)
    # the game in progress is still there, restored from the autosave
    assert page.locator("#gt-layer-board .tos-tiles > g").count() >= 2
    page.go_back()
    page.locator("#picker").wait_for(state="visible")
    page.go_forward()
    wait_ready(page, "toscana", timeout=10_000)
    assert page.evaluate("window.__same_page") is True
    assert sum(u.endswith("pyodide.asm.wasm") for u in page.requests) == wasm_loads
    check_clean(page)


def test_language_switch_reaches_python(table):
    page = table
    page.click('.lang[data-lang="cs"]')
    page.wait_for_function(
        "document.querySelector('#gt-menu [data-act=new]').textContent === 'Nová hra'"
    )
    assert page.locator("#table-title").inner_text() == "Toscana"
    assert page.evaluate("document.documentElement.lang") == "cs"
    page.click('.lang[data-lang="en"]')
    page.wait_for_function(
        "document.querySelector('#gt-menu [data-act=new]').textContent === 'New game'"
    )
    check_clean(page)


def page_modules():
    """Every stdlib module the page's Python files import, and every module of those files (the
    other games' too: their files arrive when first imported, game/ui/files.py)."""
    game = [build.module_name(f) for f in build.python_files() if f.endswith(".py")]
    skip = ("game.ui.main", "game.ui.app")  # main.py started the app: importing it would again
    return (
        sorted(build.page_stdlib_imports()) + [m for m in game if m not in skip] + ["game.ui.app"]
    )


def test_stdlib_and_game_code_import_in_the_browser(table):
    """The browser's stdlib is trimmed (scripts/build.py): every stdlib module the page's files
    import must be there, and every module of those files must import in Pyodide."""
    page = table
    modules = page_modules()
    code = (
        "import importlib, json\nfrom js import document\nfailed = {}\n"
        f"for name in {modules!r}:\n"
        "    try:\n        importlib.import_module(name)\n"
        "    except BaseException as e:\n        failed[name] = type(e).__name__ + ': ' + str(e)\n"
        "document.documentElement.dataset.importResult = json.dumps(failed)\n"
    )
    page.evaluate(
        """code => { const s = document.createElement('script'); s.type = 'py';
                              s.textContent = code; document.body.append(s); }""",
        code,
    )
    page.wait_for_function(
        "document.documentElement.dataset.importResult !== undefined", timeout=BOOT_TIMEOUT_MS
    )
    failed = json.loads(page.evaluate("document.documentElement.dataset.importResult"))
    assert failed == {}, f"imports that fail in the browser: {failed}"
    check_clean(page)
