"""A failed start shows a plain message with what to do, never a blank page."""

import pytest
from browserkit import errors, wait_ready


@pytest.mark.parametrize(
    "missing",
    [
        "vendor/pyscript/core.js",
        "vendor/pyodide/pyodide.mjs",
        "vendor/pyodide/pyodide.asm.wasm",
        "game/ui/main.py",
        "vendor/bundles/toscana.json",  # the game's Python files
    ],
)
def test_a_missing_file_gives_a_message_and_try_again_works(guarded, site, missing):
    context = guarded()
    context.route(f"**/{missing}", lambda route: route.fulfill(status=404, body="not found"))
    page = context.new_page()
    page.goto(site.url + "?game=toscana")
    page.locator('html[data-boot="failed"]').wait_for(state="attached", timeout=60_000)
    panel = page.locator("#boot-error")
    assert panel.is_visible()
    assert "could not start" in panel.locator("h2").inner_text()
    assert "try again" in page.locator("#boot-error-text").inner_text().lower()
    assert page.locator("#retry").is_visible()
    if missing.endswith("core.js"):
        # the file is back (a flaky network): "Try again" starts the game
        context.unroute(f"**/{missing}")
        page.click("#retry")
        wait_ready(page, "toscana")
        assert errors(page) == []
    assert context.outside == []


def test_an_old_browser_gets_a_plain_message(guarded, site):
    context = guarded()
    context.add_init_script("delete window.WebAssembly")
    page = context.new_page()
    page.goto(site.url + "?game=toscana")
    banner = page.locator("#unsupported")
    assert banner.is_visible()
    assert "cannot run the games" in banner.inner_text()
    assert page.locator("#picker").is_visible()  # still a page to read, not a blank one
    page.wait_for_function("window.bgt !== undefined")  # boot.js has run all it runs at start
    # and no start began (boot() marks the page "booting" first, before it adds Python's script)
    assert page.evaluate("document.documentElement.dataset.board") is None
    assert page.locator('script[type="py"]').count() == 0
    assert context.outside == []
