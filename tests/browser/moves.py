"""How a person makes a move on any game's board, planned in CPython for the browser tests.

The cross-browser tests drive every game alike through the hooks that stay put while the games'
panels change: the `data-cell` targets on the board SVG, keys, the games kept in localStorage
and `#m=` links. What to click comes from the game's own board controller (the protocol in
game/view/controller.py, made by `games.controller(id)`): the same pure Python the page runs
turns pointer moves and taps on targets into moves, so the plan found here is what the page does.
"""

import html
import json
import re

from browserkit import BOARD_IN_VIEW

from game import games
from game.core.match import Match

TARGET = re.compile(r'data-cell="([^"]*)"')
MAX_TAPS = 4  # choose, confirm, and a piece's own target chosen and confirmed (Carcassonne)
KEYS = ("Enter", "d", "p")  # keys some boards take for moves without a board target


def targets(markup):
    """The data-cell targets in board markup, in order, each once."""
    return list(dict.fromkeys(html.unescape(t) for t in TARGET.findall(markup)))


def plan_move(game_id, state, seat):
    """(inputs, move): the inputs that make a move for `seat` in `state`, each ("tap", target)
    on a board target or ("key", key); None when the board offers neither. Taps alone first;
    then a tap that chooses a spot and Enter that confirms it (where a second tap on the chosen
    spot turns the piece instead)."""
    probe = games.controller(game_id)
    first = targets(probe.overlay_markup(state, seat, True)) + targets(
        probe.board_markup(state, seat)
    )
    for confirm in (False, True):
        for start in dict.fromkeys(first):
            board = games.controller(game_id)
            inputs, target = [], start
            for _ in range(MAX_TAPS):
                before = set(targets(board.overlay_markup(state, seat, True)))
                board.point(state, target)  # a real click moves the pointer there first
                move = board.tap(state, target)
                inputs.append(("tap", target))
                if move is None and confirm:
                    move = board.key(state, "Enter")
                    inputs.append(("key", "Enter"))
                if move is not None:
                    return inputs, move
                shown = targets(board.overlay_markup(state, seat, True))
                taps = [given for kind, given in inputs if kind == "tap"]
                # "pick" opens Carcassonne's magnified pick, shown only while followers are too
                # small to tap; with the board in view here they are not
                new = [t for t in shown if t not in before and t not in taps and t != "pick"]
                target = new[0] if new else target  # a new choice appeared, else confirm the same
    for key in KEYS:
        move = games.controller(game_id).key(state, key)
        if move is not None:
            return [("key", key)], move
    return None


# ---- driving a page (an engines.Session) --------------------------------------------------------
HUMAN = 0
SEATS = [
    {"name": "Ann", "kind": "human", "level": None},
    {"name": "Computer", "kind": "ai", "level": "easy"},
]


def opening(game_id, moves=2):
    """A match of Ann against the computer after a few moves (any legal ones), Ann to move."""
    match = Match(game_id, players=2, seed=11, seats=SEATS)
    while len(match.moves) < moves or match.current_player() != HUMAN:
        match.play(plan_move(game_id, match.state, match.current_player())[1])
    return match


def autosaved(session, game_id):
    """The match of `game_id` the page keeps in localStorage, the most recently played one (the
    library, game/view/library.py: the index bgt.games, one slot bgt.game.<id> holding a link)."""
    index = json.loads(session.evaluate("localStorage.getItem('bgt.games')") or "null")
    for summary in (index or {}).get("games", []):
        if summary["game"] == game_id:
            slot = session.evaluate(f"localStorage.getItem('bgt.game.{summary['id']}')")
            return Match.from_link(json.loads(slot)["link"]) if slot else None
    return None


def wait_autosave(session, game_id, done, what, timeout=120):
    """Until the autosaved match satisfies done(match); returns it."""
    found = []

    def check():
        found[:] = [autosaved(session, game_id)]
        return found[0] is not None and done(found[0])

    session.poll(check, timeout, what)
    return found[0]


def play_turn(session, game_id, match):
    """Ann's moves until the turn passes, given as a person gives them: real clicks on the board's
    targets (keys where the board takes them). Returns the autosaved match after them."""
    # the whole board in view, as the map's "whole board" button shows it (a large board opens
    # zoomed in on the last move, and only what is on screen can be clicked)
    session.click('[data-nav="fit"]')
    session.poll(lambda: session.evaluate(f"({BOARD_IN_VIEW})()"), 10, "the whole board in view")
    while match.current_player() == HUMAN:
        inputs, move = plan_move(game_id, match.state, HUMAN)
        for how, given in inputs:
            if how == "tap":
                session.click(f'#board-host svg [data-cell="{given}"]')
            else:
                session.press(given)
        count = len(match.moves) + 1
        match = wait_autosave(
            session, game_id, lambda m, count=count: len(m.moves) >= count, "Ann's move"
        )
        assert match.moves[count - 1] == move.to_json(), inputs
    return match
