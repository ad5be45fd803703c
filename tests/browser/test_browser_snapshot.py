"""Python's memory snapshot: whatever is wrong with it, the page starts Python the usual
way within the same page load, says nothing to the player, and the game plays.

(That every game starts from a good snapshot and plays is test_browser_engines.py; offline and in
a cross-site embed: test_browser_offline.py, test_browser_embed.py.)
"""

import gzip
import json

import build
import pytest
from browserkit import ROOT
from moves import autosaved, opening, play_turn

GAME = "toscana"


def snapshot_bytes():
    return (ROOT / build.SNAPSHOT).read_bytes()


def damaged():
    data = bytearray(snapshot_bytes())
    data[len(data) // 2] ^= 0xFF  # gzip's CRC-32 no longer matches
    return bytes(data)


def for_other_files():
    content = gzip.decompress(snapshot_bytes())
    other = build.SNAPSHOT_MAGIC + b"0" * 64 + content[len(build.SNAPSHOT_MAGIC) + 64 :]
    return gzip.compress(other)


def refused_by_pyodide():
    content = gzip.decompress(snapshot_bytes())
    head = len(build.SNAPSHOT_MAGIC) + 64 + 4  # right key and size, but not Pyodide's image
    return gzip.compress(content[:head] + b"\x55" * 100_000)


CASES = {
    "missing": (404, b"not found", "HTTP 404"),
    "damaged": (200, None, "damaged"),
    "made for other files": (200, None, "other runtime files"),
    "refused by Pyodide": (200, None, "Snapshot"),
}
BODIES = {"damaged": damaged, "made for other files": for_other_files}


@pytest.mark.parametrize("case", list(CASES))
def test_a_bad_snapshot_starts_python_the_usual_way_and_the_game_plays(open_session, site, case):
    status, body, reason = CASES[case]
    if body is None:
        body = BODIES.get(case, refused_by_pyodide)()
    session = open_session("chromium")
    session.page.route(
        "**/vendor/pyodide/snapshot.bin", lambda route: route.fulfill(status=status, body=body)
    )
    start = opening(GAME)
    session.goto(f"{site.url}?game={GAME}#m={start.to_link()}")
    session.wait_ready(GAME)
    assert session.evaluate("document.documentElement.dataset.pythonStart") == "fresh"
    assert reason in session.evaluate("window.bgt.snapshotProblem")
    assert session.evaluate("getComputedStyle(document.getElementById('boot')).display") == "none"
    match = play_turn(session, GAME, autosaved(session, GAME))  # the engine answers in the page
    assert len(match.moves) > len(start.moves)
    assert session.errors() == []


def test_a_build_without_a_snapshot_starts_python_the_usual_way(open_session, site):
    """A build made without it (BGT_NO_SNAPSHOT=1): vendor/preload.json names none, the server
    has none; a game chosen on the picker (the start boot.js begins) must not take the missing
    file for a failed start."""
    preload = json.loads((ROOT / "vendor" / "preload.json").read_text("utf-8"))
    del preload["snapshot"]
    session = open_session("chromium")
    session.page.route(
        "**/vendor/preload.json",
        lambda route: route.fulfill(body=json.dumps(preload), content_type="application/json"),
    )
    session.page.route("**/vendor/pyodide/snapshot.bin", lambda route: route.fulfill(status=404))
    session.goto(site.url)
    session.click(f'.game[data-game="{GAME}"] a.play')
    session.wait_ready(GAME)
    assert session.evaluate("document.documentElement.dataset.pythonStart") == "fresh"
    assert session.errors() == []


def test_a_snapshot_unpacked_on_the_way_is_restored_too(open_session, site):
    """A host that sends the .bin with Content-Encoding: gzip hands the page the unpacked bytes."""
    body = gzip.decompress(snapshot_bytes())
    session = open_session("chromium")
    session.page.route("**/vendor/pyodide/snapshot.bin", lambda route: route.fulfill(body=body))
    start = opening(GAME)
    session.goto(f"{site.url}?game={GAME}#m={start.to_link()}")
    session.wait_ready(GAME)
    assert session.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
    match = play_turn(session, GAME, autosaved(session, GAME))
    assert len(match.moves) > len(start.moves)
    assert session.errors() == []


def test_a_game_link_fetches_the_runtime_and_the_snapshot_before_the_scripts_run(
    open_session, site
):
    """index.html's first script asks for the WebAssembly and the snapshot (near server: this
    machine) from the page's first bytes, and a worker unpacks the snapshot while it arrives;
    boot.js, held back here, finds them on their way."""
    session = open_session("chromium")
    page = session.page
    held = []
    page.route("**/assets/boot.js", lambda route: held.append(route))
    asked = []
    page.on("request", lambda request: asked.append(request.url.rsplit("/", 1)[-1]))
    with page.expect_request("**/assets/boot.js"):
        page.goto(f"{site.url}?game={GAME}", wait_until="commit")
    for name in ("pyodide.asm.wasm", "snapshot.bin", "snapshot-worker.js"):
        if name not in asked:  # (events reach the page.on list only while Playwright waits)
            page.wait_for_event("request", lambda request, n=name: request.url.endswith("/" + n))
    assert not [a for a in asked if a.endswith((".py", "core.js", "interpreter.js"))], asked
    held[0].continue_()
    session.wait_ready(GAME)
    assert session.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
    assert session.errors() == []


# Without the snapshot only the chosen game's Python files are in Python's file system at start
# (scripts/build.py, page_files): another game's bundle arrives when it is first needed.
GAME_FILES = """(game) => performance.getEntriesByType('resource')
  .filter((e) => e.name.endsWith(`/vendor/bundles/${game}.json`))
  .map((e) => e.initiatorType)"""


def test_without_the_snapshot_a_link_of_another_game_fetches_that_games_files(open_session, site):
    session = open_session("chromium")
    session.page.route("**/vendor/pyodide/snapshot.bin", lambda route: route.fulfill(status=404))
    start = opening("carcassonne")
    session.goto(f"{site.url}?game={GAME}#m={start.to_link()}")  # the link's game is not ?game=
    session.wait_ready("carcassonne")
    assert session.evaluate("document.documentElement.dataset.pythonStart") == "fresh"
    # Python imported Carcassonne before boot.js could bring its files: game/ui/files.py did
    # (synchronously), and only Carcassonne's
    assert set(session.page.evaluate(GAME_FILES, "carcassonne")) == {"xmlhttprequest"}
    assert session.page.evaluate(GAME_FILES, "thurn-und-taxis") == []
    match = play_turn(session, "carcassonne", autosaved(session, "carcassonne"))
    assert len(match.moves) > len(start.moves)
    assert session.errors() == []


def test_without_the_snapshot_another_game_chosen_on_the_picker_comes_with_its_files(
    open_session, site
):
    session = open_session("chromium")
    session.page.route("**/vendor/pyodide/snapshot.bin", lambda route: route.fulfill(status=404))
    session.goto(f"{site.url}?game={GAME}")
    session.wait_ready(GAME)
    assert session.page.evaluate(GAME_FILES, "carcassonne") == []  # the first board without them
    session.click("#gt-new-form [data-act=dialog-close]")  # no game yet: Cancel goes to the picker
    session.click('.game[data-game="carcassonne"] a.play')
    session.wait_ready("carcassonne")
    # boot.js fetched them (in parallel, not blocking the page) before Python opened the game
    kinds = session.page.evaluate(GAME_FILES, "carcassonne")
    assert kinds and set(kinds) <= {"fetch", "link"}, kinds
    assert session.errors() == []
