"""Offline play and deploys: after one complete visit the page reloads and plays with
the network gone; a new deploy replaces the old cache with no manual step."""

import os
import re
import shutil

import build
import serve
from browserkit import ROOT, click_changes_board, errors, guard, wait_ready


def test_direct_game_url_boots_at_once_then_plays_offline(guarded, site):
    context = guarded()
    page = context.new_page()
    page_errors = []
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    # a direct game URL boots Python at once: no click needed
    page.goto(site.url + "index.html?game=toscana")
    wait_ready(page, "toscana")
    # Python started from its memory snapshot (the server is near: the same machine)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
    # the service worker is registered only after the board is up (no second download racing the
    # first), then precaches everything and takes control of this first page
    page.wait_for_function(
        "document.documentElement.dataset.offline === 'ready' && !!navigator.serviceWorker.controller",
        timeout=60_000,
    )
    caches = page.evaluate("caches.keys()")
    assert len(caches) == 1 and re.fullmatch(r"board-game-table-[0-9a-f]{12}", caches[0]), caches
    # the gate sees the worker's own requests too: only the worker asks for the large icon
    page_requests = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert not [u for u in page_requests if u.endswith("icon-512.png")]
    assert [u for u in context.seen if u.endswith("assets/icon-512.png")]

    context.set_offline(True)
    responses = []
    page.on("response", lambda r: responses.append((r.url, r.from_service_worker, r.status)))
    page.reload()
    wait_ready(page, "toscana")
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
    click_changes_board(page)
    assert responses, "no responses seen"
    not_from_worker = [r for r in responses if not r[1]]
    assert not_from_worker == [], f"offline, yet served from elsewhere: {not_from_worker}"
    assert any(u.endswith("pyodide.asm.wasm") for u, _, _ in responses)
    assert any(u.endswith(build.SNAPSHOT) for u, _, _ in responses)  # from the offline copy

    # the picker works offline too, and the game comes back from it
    page.click("#back")
    page.locator("#picker").wait_for(state="visible")
    page.click('.game[data-game="toscana"] a.play')
    wait_ready(page, "toscana")
    page.locator("#gt-layer-over .tos-hints").wait_for()
    context.set_offline(False)
    assert context.outside == []
    assert page_errors == [] and errors(page) == []


def copy_site(dest):
    """A deployable copy of the site (vendor/ linked, not copied)."""
    for name in ("index.html", "manifest.webmanifest", "pyscript.toml"):
        shutil.copy2(ROOT / name, dest / name)
    for name in ("assets", "game"):
        shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
    os.symlink(ROOT / "vendor", dest / "vendor")
    build.write_sw(dest)


def test_a_new_deploy_replaces_the_old_cache(browser, tmp_path):
    deployed = tmp_path / "site"
    deployed.mkdir()
    copy_site(deployed)
    server = serve.start(deployed)
    context = browser.new_context()
    try:
        outside = guard(context, server)
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_function(
            "document.documentElement.dataset.offline === 'ready' && !!navigator.serviceWorker.controller",
            timeout=60_000,
        )
        old = build.sw_version(deployed)
        assert page.evaluate("caches.keys()") == [f"board-game-table-{old}"]

        # deploy a new version: one changed file gives a new sw.js VERSION
        index = deployed / "index.html"
        index.write_text(
            index.read_text("utf-8").replace(
                "</head>", '<meta name="deploy" content="2">\n</head>'
            ),
            "utf-8",
        )
        build.write_sw(deployed)
        new = build.sw_version(deployed)
        assert new != old

        # the next visit finds the new worker; while no game runs it takes over, and once it is
        # activated (its activation deletes older caches) the old cache is gone
        page.context.add_init_script(
            "navigator.serviceWorker.addEventListener('controllerchange', "
            "() => { window.__tookOver = true; })"
        )
        page.reload()
        page.wait_for_function(
            "window.__tookOver === true && navigator.serviceWorker.controller.state === 'activated'",
            timeout=60_000,
        )
        assert page.evaluate("caches.keys()") == [f"board-game-table-{new}"]
        page.reload()
        assert page.locator('meta[name="deploy"]').count() == 1
        assert outside == []
    finally:
        context.close()
        server.shutdown()
        server.server_close()
