"""The game in progress at first paint (assets/paint.js, game/ui/paint.py): a reload shows the
table Python last drew before Python starts, and that copy is what Python then draws; a stale or
damaged copy is never shown, and the page boots as usual.

Python is held back by holding PyScript's module (vendor/pyscript/core.js) until the test has
looked; service workers are off, so that every request passes the test's route.
"""

import json

import pytest
from browserkit import errors, wait_ready
from moves import opening

# what the copy shows and Python draws again: the board, its overlay, the panel, whose turn,
# the players and the log (the notice line says what happened last: after a reload, "restored")
PARTS = ("gt-layer-board", "gt-layer-over", "gt-panel", "gt-turn", "gt-details", "gt-log")
READ_PARTS = f"""() => Object.fromEntries({json.dumps(PARTS)}.map((id) => {{
  const el = document.getElementById(id);
  return [id, el ? el.innerHTML : null];
}}))"""
PYSCRIPT = "**/vendor/pyscript/core.js"


class Held:
    """Requests for PyScript's module held until release()."""

    def __init__(self, page):
        self.page = page
        self.routes = []
        page.route(PYSCRIPT, self.hold)

    def hold(self, route):
        self.routes.append(route)

    def release(self):
        for route in self.routes:
            route.continue_()
        self.page.unroute(PYSCRIPT, self.hold)


def played(guarded, site, game):
    """A page with a match of `game` opened from a link, drawn and kept (its copy too)."""
    page = guarded(service_workers="block").new_page()
    page.goto(f"{site.url}?game={game}#m={opening(game).to_link()}")
    wait_ready(page, game)
    page.wait_for_function("JSON.parse(localStorage.getItem('bgt.paint') || 'null')?.match")
    kept = json.loads(page.evaluate("localStorage.getItem('bgt.paint')"))
    assert kept["game"] == game and f"match={kept['match']}" in page.url
    return page, kept


def reload_held(page):
    held = Held(page)
    page.reload(wait_until="commit")
    return held


def decided(page):
    """Until boot.js has decided about the copy (it asks for PyScript right after)."""
    page.wait_for_function("performance.getEntriesByName('pyscript-import').length > 0")


@pytest.mark.parametrize("game", ["toscana", "carcassonne", "thurn-und-taxis"])
def test_a_reload_shows_the_saved_table_before_python_and_python_draws_the_same(
    guarded, site, game
):
    page, _ = played(guarded, site, game)
    drawn = page.evaluate(READ_PARTS)
    assert drawn["gt-layer-board"] and drawn["gt-panel"] and drawn["gt-turn"]
    held = reload_held(page)
    page.locator('html[data-paint="shown"]').wait_for(state="attached")
    decided(page)
    # before Python: the copy, a picture said to be starting, no progress overlay over it
    assert page.evaluate("document.documentElement.dataset.board") == "booting"
    assert page.evaluate("typeof window.bgt.open") != "function"  # Python has not run
    host = page.locator("#board-host")
    assert host.get_attribute("aria-busy") == "true" and page.evaluate(
        "document.getElementById('board-host').inert"
    )
    assert page.locator("#boot").is_hidden()
    assert page.locator("#paint-note").is_visible()
    assert page.locator("#paint-note").inner_text() == "Starting…"
    shown = page.evaluate(READ_PARTS)
    assert shown == drawn
    held.release()
    wait_ready(page, game)
    assert page.evaluate(READ_PARTS) == shown  # what Python drew over it
    assert host.get_attribute("aria-busy") is None
    assert not page.evaluate("document.getElementById('board-host').inert")
    assert page.evaluate("document.documentElement.dataset.paint") is None
    assert page.locator("#paint-note").is_hidden()
    assert errors(page) == []


# each: (what it is, JavaScript that spoils what is stored; `kept` is the copy, `slot` its match)
SPOILED = {
    "stale: fewer moves": "kept.moves -= 1",
    "for another match": "kept.match = 'AAAAAAAAAAAAAAAA'",
    "another build": "kept.build = '0000000000000000'",
    "another language": "kept.lang = 'de'",
    "unsafe markup": 'kept.html += \'<img src="x" onerror="window.__ran = 1">\'',
    "edited text": "text = JSON.stringify(kept).slice(0, -20)",
    "match's slot damaged": "localStorage.setItem(slotKey, '{\"v\": 1')",
}
SPOIL = """([kept, how]) => {
  const slotKey = 'bgt.game.' + kept.match;
  let text;
  eval(how);
  localStorage.setItem('bgt.paint', text === undefined ? JSON.stringify(kept) : text);
}"""


def test_a_stale_or_damaged_copy_is_not_shown_and_the_page_boots(guarded, site):
    game = "toscana"
    page, kept = played(guarded, site, game)
    stored = page.evaluate("JSON.stringify(Object.assign({}, localStorage))")
    for what, how in SPOILED.items():
        page.evaluate(
            "(stored) => { localStorage.clear(); Object.assign(localStorage, JSON.parse(stored)); }",
            stored,
        )
        page.evaluate(SPOIL, [kept, how])
        held = reload_held(page)
        decided(page)
        assert page.evaluate("document.documentElement.dataset.paint") is None, what
        assert page.evaluate("document.getElementById('board-host').childElementCount") == 0, what
        assert page.locator("#boot").is_visible(), what  # the usual progress instead
        held.release()
        wait_ready(page, game)
        assert page.evaluate("window.__ran") is None, what
        assert errors(page) == [], what


def test_the_pickers_continue_shows_the_kept_table_and_an_embed_never_does(guarded, site):
    game = "carcassonne"
    page, kept = played(guarded, site, game)
    drawn = page.evaluate(READ_PARTS)
    # the picker (nothing of the table before a game is chosen), then "Continue"
    held = Held(page)
    page.goto(site.url, wait_until="commit")
    go = page.locator(f'#your-games-list [data-match="{kept["match"]}"] .saved-continue')
    go.click()
    page.locator('html[data-paint="shown"]').wait_for(state="attached")
    assert page.evaluate(READ_PARTS) == drawn
    held.release()
    wait_ready(page, game)
    assert page.evaluate(READ_PARTS) == drawn
    # an embed starting at once: no work under a reader, the usual progress
    held = Held(page)
    page.goto(f"{site.url}?game={game}&embed=1&start=1", wait_until="commit")
    decided(page)
    assert page.evaluate("document.documentElement.dataset.paint") is None
    assert page.evaluate("document.getElementById('board-host').childElementCount") == 0
    held.release()
    wait_ready(page, game)
    assert errors(page) == []
