#!/usr/bin/env python3
"""Which modules of Python's standard library the page imports: the list scripts/build.py keeps in
the stdlib it ships (everything else is left out of vendor/pyodide/python_stdlib.zip).

    .venv/bin/python scripts/audit_stdlib.py            rewrite scripts/stdlib.json
    .venv/bin/python scripts/audit_stdlib.py --check    exit 1 when the page now imports a module
                                                        the recorded list lacks (writes nothing)

Measured in the real page, in headless Chromium: a copy of the built site whose stdlib is Pyodide's
whole one (as its npm package ships it) and without the memory snapshot, so that Python starts as
a first visit from a far server does. Once the first board is up, Python code run in the page
opens every game's table through the shell (bgt.open), and for every game imports its engine,
board controller and computer player, plays a short game (computer moves at every level, random
ones in between), draws every position's board, overlay and panel, the end, How to play, the log,
a link and a save read back, and formats a traceback; then it records sys.modules: "modules", the modules imported from the stdlib
archive (what the build keeps), and "imported", every module the page had imported but the game's
own (with those inside the WebAssembly, PyScript's and aliases). tests/test_stdlib.py checks every
import in the page's Python files against them and the shipped archive;
tests/browser/test_browser_site.py imports them in the page.
"""

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "tests" / "browser")]
import build  # noqa: E402
import serve  # noqa: E402

OUTPUT = ROOT / "scripts" / "stdlib.json"
TIMEOUT_MS = 300_000

EXERCISE = """
import json, sys, traceback
from js import document, window
from game import games
from game.core import Rng
from game.core.ai import LEVELS, choose_move
from game.core.match import Match
from game.view.i18n import Translator, load_table
from game.view.table import read_match

tr = Translator(load_table("assets/strings.json"), "en")
for game_id in games.ids():
    window.bgt.open(game_id, None)  # the shell draws the game's table and its new-game form
    game, board = games.get(game_id), games.controller(game_id)
    games.knowledge(game_id)
    players = game.default_players
    match = Match(game_id, players=players, seed=7)
    rng, levels, names = Rng(7), list(LEVELS), ["A", "B", "C", "D", "E"][:players]
    board.howto()
    for k in range(3000):  # to the end: computer moves at every level first, then random ones
        if match.is_over():
            break
        seat = match.current_player()
        if k < len(levels):
            move = choose_move(game, match.state, level=levels[k], slice_seconds=0.01)
        else:
            move = game.playout_move(match.state, rng)
        before = match.state
        match.play(move)
        if k < 40 or match.is_over():
            board.board_markup(match.state, seat)
            board.overlay_markup(match.state, seat, True)
            board.panel_markup(match.state, seat, names, tr, True)
            board.mark_markup(before, match.moves[-1], match.state)
            board.history_points(match.state)
    board.result_markup(match.state, names, tr)
    board.result_notes(match.state, tr)
    read_match(match.to_link(), link=True)
    read_match(json.dumps(match.to_save()))
try:
    games.get("no-such-game")
except Exception:
    traceback.format_exc()
window.bgt.open("toscana", None)

zipped = sorted(
    name for name, module in list(sys.modules.items())
    if ".zip/" in str(getattr(getattr(module, "__spec__", None), "origin", None) or "")
)
document.documentElement.dataset.audit = json.dumps({
    "modules": zipped,
    "imported": sorted(n for n in sys.modules if n != "game" and not n.startswith("game.")),
})
"""


def audit():
    """Run the page with the whole stdlib and return what it imported."""
    from browserkit import CHROMIUM_ARGS, find_chromium
    from playwright.sync_api import sync_playwright

    whole = (build.NODE / "pyodide" / "python_stdlib.zip").read_bytes()
    with tempfile.TemporaryDirectory(prefix="bgt-audit-") as temp:
        site = Path(temp)
        build.site_copy(site, snapshot=False, stdlib=whole)
        server = serve.start(site)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
                context = browser.new_context(service_workers="block")
                page = context.new_page()
                page.goto(server.url + "index.html?game=toscana")
                page.locator('html[data-board="ready"], html[data-board="failed"]').wait_for(
                    state="attached", timeout=TIMEOUT_MS
                )
                if page.evaluate("document.documentElement.dataset.board") == "failed":
                    raise SystemExit("audit: the page failed to start: " + boot_error(page))
                page.evaluate(
                    """code => { const s = document.createElement('script'); s.type = 'py';
                    s.textContent = code; document.body.append(s); }""",
                    EXERCISE,
                )
                page.wait_for_function(
                    "document.documentElement.dataset.audit !== undefined"
                    " || (window.bgtErrors || []).length > 0 || !!document.querySelector('.py-error')",
                    timeout=TIMEOUT_MS,
                )
                found = page.evaluate("document.documentElement.dataset.audit")
                if found is None:
                    raise SystemExit("audit: the exercise failed: " + boot_error(page))
                browser.close()
        finally:
            server.shutdown()
    result = json.loads(found)
    result["pyodide"] = build.pyodide_version()
    return result


def boot_error(page):
    return page.evaluate(
        """() => [document.getElementById('boot-error-detail')?.textContent,
                  ...[...document.querySelectorAll('.py-error')].map(e => e.textContent),
                  ...(window.bgtErrors || [])].filter(Boolean).join('\\n')"""
    )


def render(result):
    return json.dumps(result, indent=1, sort_keys=True) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare only, write nothing")
    args = parser.parse_args(argv)
    result = audit()
    if args.check:
        recorded = json.loads(OUTPUT.read_text("utf-8")) if OUTPUT.exists() else {"modules": []}
        missing = sorted(set(result["modules"]) - set(recorded["modules"]))
        unused = sorted(set(recorded["modules"]) - set(result["modules"]))
        if unused:
            print(f"recorded but no longer imported (could be dropped): {unused}")
        if missing:
            print(f"the page imports stdlib modules {OUTPUT.name} lacks: {missing}")
            print(f"run: .venv/bin/python scripts/{Path(__file__).name}")
            return 1
        print(f"{OUTPUT.relative_to(ROOT)} lists every stdlib module the page imports")
        return 0
    OUTPUT.write_text(render(result), "utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}: {len(result['modules'])} modules from the archive")
    return 0


if __name__ == "__main__":
    sys.exit(main())
