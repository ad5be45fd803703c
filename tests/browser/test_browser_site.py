"""The landing page and the game table in a real Chromium.

One page for the whole module, in order, so Python boots once: picker -> choose a game ->
click the board -> other game without reload -> language -> imports in the browser.
"""

import json

import build
import pytest
from browserkit import BOOT_TIMEOUT_MS, errors, guard, new_page, start_if_asked, wait_ready

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
    page.context.close()


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
    # clicks from the first paint on, and on while the offline copy downloads in the background
    # (the service worker registers a few seconds after the page has loaded; no Python involved)
    clicks = since_registered = 0
    while since_registered < 6:
        lang, title = [("cs", "Vyberte hru"), ("en", "Choose a game")][clicks % 2]
        page.click(f'.lang[data-lang="{lang}"]')
        page.wait_for_function(
            "t => document.querySelector('#picker h1').textContent === t", arg=title
        )
        clicks += 1
        if since_registered or page.evaluate(
            "navigator.serviceWorker.getRegistration().then(r => !!r)"
        ):
            since_registered += 1
        assert clicks < 2000, "the picker never registered the service worker"
    # (how fast it answers, input to next frame, is measured by scripts/bench.py, not asserted;
    # the last click's frame may still be on its way)
    page.wait_for_function("n => window.__latency.length === n", arg=clicks)
    if clicks % 2:  # the last click chose Czech: the tests that follow read English
        page.click('.lang[data-lang="en"]')
        page.wait_for_function("document.documentElement.lang === 'en'")
    # Python is not loaded while the person reads the picker
    loaded = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert not [u for u in loaded if "pyscript/core" in u or "pyodide" in u], loaded
    assert page.locator('script[type="py"]').count() == 0
    # every game has its Play link
    assert page.locator(".game a.play").count() == 3
    check_clean(page)


def test_a_language_pressed_before_the_scripts_run_is_applied(browser, site):
    # a slow first load: the picker shows (plain HTML) while assets/boot.js is still on its way;
    # a language pressed then is not lost, it applies when the script runs
    page = new_page(browser, site, touch=False, size=(1000, 800))
    held = []
    page.route("**/assets/boot.js", lambda route: held.append(route))  # answered after the press
    with page.expect_request("**/assets/boot.js"):
        page.goto(site.url, wait_until="commit")
    page.locator('.lang[data-lang="cs"]').click()
    assert page.locator("#picker h1").inner_text() == "Choose a game"  # nothing ran it yet
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_function(
        "t => document.querySelector('#picker h1').textContent === t", arg="Vyberte hru"
    )
    assert page.locator('.lang[data-lang="cs"]').get_attribute("aria-pressed") == "true"
    check_clean(page)
    page.context.close()


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
    wait_ready(page, "carcassonne")
    assert page.locator("#table-title").inner_text() == "Carcassonne + The Courier"
    assert page.locator(".gt").get_attribute("data-game") == "carcassonne"
    page.go_back()
    page.locator("#picker").wait_for(state="visible")
    page.click('.game[data-game="toscana"] a.play')
    wait_ready(page, "toscana")
    # the game in progress is still there, restored from the autosave
    assert page.locator("#gt-layer-board .tos-tiles > g").count() >= 2
    page.go_back()
    page.locator("#picker").wait_for(state="visible")
    page.go_forward()
    wait_ready(page, "toscana")
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


# ---- no stored value stops the site --------------------------------------------------------------
def stored_games():
    """localStorage of a device that keeps three games (as the library writes them): a Toscana
    and a Carcassonne game (good), and Toscana game "spoilt-1", whose values get damaged below."""
    from game.core import Rng
    from game.core.match import Match
    from game.view.library import Library, MemoryStore

    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 60_000))
    library = Library(MemoryStore(), lambda: next(clock))
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Ben", "kind": "human"}]
    for game_id, match_id, moves in (
        ("toscana", "good-toscana", 4),
        ("carcassonne", "good-carcassonne", 6),
        ("toscana", "spoilt-1", 2),
    ):
        match = Match(game_id, players=2, seed=5, seats=seats, match_id=match_id)
        rng = Rng(5)
        for _ in range(moves):
            match.play(rng.choice(match.game.legal_moves(match.state)))
        library.save(match, {}, "device")
    return library.store.data


def far_future(data, where):
    """The same storage with "played": 9e15 in the index or in the slot of spoilt-1 (the index
    then damaged as well, so that the picker reads the slots)."""
    data = dict(data)
    if where == "index":
        index = json.loads(data["bgt.games"])
        index["games"] = [
            {**s, "played": 9e15} if s["id"] == "spoilt-1" else s for s in index["games"]
        ]
        data["bgt.games"] = json.dumps(index)
    else:
        slot = json.loads(data["bgt.game.spoilt-1"])
        slot["summary"]["played"] = 9e15
        data["bgt.game.spoilt-1"] = json.dumps(slot)
        data["bgt.games"] = '{"v": 1, "games": [1, 2'
    return data


@pytest.mark.parametrize("where", ["index", "slot"])
def test_a_date_no_clock_can_show_never_stops_the_site(browser, site, where):
    # Stored "played": 9e15 once stopped the whole site for good ("Invalid time value" in the
    # picker: it listed nothing, Play did nothing, ?game=&match= never got ready)
    page = new_page(browser, site, touch=False, size=(1000, 800))
    page.goto(site.url)
    page.evaluate(
        "data => { localStorage.clear(); for (const [k, v] of Object.entries(data)) "
        "localStorage.setItem(k, v); }",
        far_future(stored_games(), where),
    )
    page.reload()
    listed = page.locator("#your-games .saved")
    listed.first.wait_for()
    ids = listed.evaluate_all("items => items.map((li) => li.dataset.match)")
    # the good games are listed; the slot whose own summary is damaged is left out
    expected = {"good-toscana", "good-carcassonne"} | ({"spoilt-1"} if where == "index" else set())
    assert set(ids) == expected
    # Play starts a game: Python sets the damaged data aside (one line says so) and goes on
    page.click('.game[data-game="toscana"] a.play')
    wait_ready(page, "toscana")
    page.locator("#gt-layer-board").wait_for(state="attached")
    line = page.locator("#gt-keep .gt-keep-damaged")
    assert line.count() == 1 and "could not be read" in line.inner_text()
    backups = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('bgt.backup.'))"
        ".map(k => JSON.parse(localStorage.getItem(k)).key)"
    )
    assert sorted(backups) == (
        ["bgt.games"] if where == "index" else ["bgt.game.spoilt-1", "bgt.games"]
    )
    # back on the picker, every game is there again (a damaged summary is made again from its game)
    page.click("#back")
    page.locator("#picker").wait_for(state="visible")
    page.wait_for_function("document.querySelectorAll('#your-games .saved').length === 3")
    # a good game opens by its address
    page.goto(f"{site.url}?game=carcassonne&match=good-carcassonne")
    wait_ready(page, "carcassonne")
    page.wait_for_function(
        "document.querySelectorAll('#gt-log li:not(.gt-log-event)').length === 6"
    )
    check_clean(page)
    page.context.close()
