"""Every game in every browser engine the suite drives (Python started from the memory
snapshot): a game link opens, the person moves by real clicks on the board (and keys
where a board takes them), the computer answers, and a reload shows the same position.

Only the hooks that stay put while the games' panels change are used: `data-cell` targets on the
board SVG (what to click is planned by the game's own board controller, tests/browser/moves.py),
keys, the autosave in localStorage, `#m=` links and <html data-board="ready">. At rest the board
is laid out at the size it shows (sharp in every engine from the first paint).
"""

import json
from collections import Counter

import build
import pytest
import serve
from browserkit import ROOT
from engines import ENGINES
from moves import HUMAN, autosaved, opening, play_turn, wait_autosave

from game import games

# true when some group of the board SVG holds exactly this markup (parsed as the page parses it),
# leaving out the classes the map navigation sets for the zoom (assets/board-nav.js)
SHOWS = """(() => {
  const ns = "http://www.w3.org/2000/svg", probe = document.createElementNS(ns, "g");
  document.createElementNS(ns, "svg").append(probe);
  probe.innerHTML = %s;
  const drawn = (g) => {
    const copy = g.cloneNode(true);
    for (const e of copy.querySelectorAll(".gt-tiny, .gt-coarse")) {
      e.classList.remove("gt-tiny", "gt-coarse");
      if (!e.classList.length) e.removeAttribute("class");
    }
    return copy.innerHTML;
  };
  return [...document.querySelectorAll("#board-host svg g")].some((g) => drawn(g) === probe.innerHTML);
})()"""


# The board at rest, once it has settled: its transform's scale, the width it is laid out at
# (CSS px) and the width its viewBox takes at the view's zoom (assets/board-nav.js).
BOARD_AT_REST = """(() => {
  const view = document.getElementById('gt-scroll'), svg = document.getElementById('gt-board');
  if (!view || !svg || view.classList.contains('gt-moving') || !view.dataset.zoom) return null;
  const m = new DOMMatrix(getComputedStyle(svg).transform);
  return { scale: Math.hypot(m.a, m.b), laid: parseFloat(svg.style.width),
           shown: svg.viewBox.baseVal.width * Number(view.dataset.zoom) };
})()"""


def assert_laid_out_at_its_scale(session):
    """The board is laid out at the size it shows and moved by a transform of scale 1, from the
    first paint on: every engine paints it sharp. (WebKit paints a layer once, at the size it is
    laid out: a 182 px board scaled 3.68 times on its layer stayed blurred until a pan.)"""
    rest = session.wait(BOARD_AT_REST, what="the board at rest")
    assert abs(rest["scale"] - 1) < 1e-3, rest
    assert abs(rest["laid"] - rest["shown"]) <= 0.002 * rest["shown"] + 0.5, rest


@pytest.mark.parametrize("game_id", games.ids())
@pytest.mark.parametrize("engine", ENGINES)
def test_link_moves_computer_and_reload(open_session, site, engine, game_id):
    session = open_session(engine)
    start = opening(game_id)
    session.goto(f"{site.url}?game={game_id}#m={start.to_link()}")
    session.wait_ready(game_id)
    assert_laid_out_at_its_scale(session)
    assert session.evaluate("document.documentElement.dataset.pythonStart") == "snapshot", (
        session.evaluate("window.bgt.snapshotProblem")
    )
    match = autosaved(session, game_id)
    assert match.moves == start.moves  # the link opened: its game, move by move

    match = play_turn(session, game_id, match)
    if not match.is_over():  # the computer answers
        count = len(match.moves)
        match = wait_autosave(
            session,
            game_id,
            lambda m: len(m.moves) > count and (m.is_over() or m.current_player() == HUMAN),
            "the computer's move",
        )

    session.reload()
    session.wait_ready(game_id)
    assert_laid_out_at_its_scale(session)
    assert autosaved(session, game_id).moves == match.moves
    # the board shows that position: what the game's board draws for it, as the page parses it
    drawn = games.controller(game_id).board_markup(match.state, HUMAN)
    assert session.evaluate(SHOWS % json.dumps(drawn)), "the board does not show the position"
    assert session.errors() == []


@pytest.fixture
def own_server():
    """A server of the site for one test: its log holds only that test's requests, and the test
    may stop it (the network gone)."""
    server = serve.start(ROOT)
    yield server
    server.shutdown()
    server.server_close()


# WebKit's automation sessions keep no HTTP cache (they are private), so its worker downloads the
# offline copy again; with a cache (Safari, and the other engines here) it only revalidates (304)
COPIES_WITH_OFFLINE_COPY = {"chromium": 1, "firefox": 1, "webkit": 2}


@pytest.mark.parametrize("engine", ENGINES)
def test_a_first_visit_downloads_every_runtime_file_once(open_session, own_server, engine):
    """Required: no file twice. The page asks for each runtime file once (Resource Timing lists
    every request it made, preloads included), and the server sends each one body, the offline
    copy included (see COPIES_WITH_OFFLINE_COPY)."""
    session = open_session(engine, own_server)
    session.goto(f"{own_server.url}?game=toscana")
    session.wait_ready("toscana")
    session.wait("document.documentElement.dataset.offline === 'ready'", what="the offline copy")
    asked = Counter(
        session.evaluate(
            "performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"
        )
    )
    runtime = {p: n for p, n in asked.items() if p.startswith("/vendor/")}
    for name in build.PYODIDE_FILES + ["snapshot.bin"]:
        assert f"/vendor/pyodide/{name}" in runtime, f"the page never asked for {name}: {runtime}"
    assert {p: n for p, n in runtime.items() if n != 1} == {}, "the page asked twice"
    sent = Counter(path for path, status in own_server.log if status == 200)
    copies = COPIES_WITH_OFFLINE_COPY[engine]
    assert {p: sent[p] for p in runtime if sent[p] != copies} == {}, f"not {copies} downloads"
    assert session.errors() == []


@pytest.mark.parametrize("engine", ENGINES)
def test_after_one_visit_the_game_plays_with_the_network_gone(open_session, own_server, engine):
    session = open_session(engine, own_server)
    start = opening("toscana")
    session.goto(f"{own_server.url}?game=toscana#m={start.to_link()}")
    session.wait_ready("toscana")
    session.wait(
        "document.documentElement.dataset.offline === 'ready' && !!navigator.serviceWorker.controller",
        what="the offline copy",
    )
    own_server.shutdown()  # the network is gone
    own_server.server_close()
    session.goto(f"{own_server.url}?game=toscana")
    session.wait_ready("toscana")
    assert session.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
    match = autosaved(session, "toscana")
    assert match.moves == start.moves  # the game kept on this device
    assert len(play_turn(session, "toscana", match).moves) > len(start.moves)
    assert session.errors() == []
