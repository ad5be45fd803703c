"""What the table (app.py) needs from a game's board, and which games have one.

A board controller is pure Python (game/<name>/board.py, class `Board`): it turns a state into
SVG and panel markup and turns a person's input into moves. The shell owns everything else:
seats, the computer, the log, undo, saving, dialogs. Targets are the opaque `data-cell` strings
the board's own markup puts on clickable things ("3,4" for a square, "city:Ulm" for a city...).
"""

import importlib

# game id -> module defining `Board` (a game missing here shows "the board is on its way")
BOARDS = {
    "toscana": "game.toscana.board",
    "carcassonne": "game.carcassonne.controller",  # its board.py is the engine's board
    "thurn-und-taxis": "game.thurn_und_taxis.board",
}


def board_for(game_id):
    """A fresh controller for `game_id`, or None when its board is not built yet."""
    module = BOARDS.get(game_id)
    return importlib.import_module(module).Board() if module else None


class BoardController:
    """Defaults for everything a board may leave out."""

    has_hints = False  # the new-game form offers "show me where I can play"
    hidden_hands = False  # with two people at one device, cover the screen between their turns

    def __init__(self):
        self.hints = True

    # ---- drawing: `viewer` is the seat whose eyes we draw for (None: only public information)
    def defs(self):
        """SVG <defs> (patterns...) the page holds once per game."""
        return ""

    def viewbox(self, state):
        raise NotImplementedError

    def board_markup(self, state, viewer, summary=None):
        """The board layer; with `summary`, the board as that summary shows it (round end)."""
        raise NotImplementedError

    def overlay_markup(self, state, viewer, interactive):
        """Previews and hints for the person to move (redrawn as the pointer moves)."""
        return ""

    def panel_markup(self, state, viewer, names, tr, interactive):
        """Players, pieces and the controls of the person to move, beside the board."""
        return ""

    # ---- input: each returns a move to play, or None / whether the overlay changed ---------------
    def point(self, state, target):
        return False

    def leave(self, state):
        return False

    def tap(self, state, target):
        return None

    def act(self, state, name):
        """A button of the board's own panel (data-act) was pressed."""
        return None

    def key(self, state, key):
        return None

    def wheel(self, state, step):
        return False

    # ---- pauses between rounds -------------------------------------------------------------------
    def log_detail(self, before, move, after, names, tr):
        """Words added to the log line of `move`, played from `before` to `after` (what it
        scored, what else it set off), starting with their own separator; "" for none."""
        return ""

    def summary_after(self, state):
        """After the move that led to `state`: a summary to show first (e.g. a round number)."""
        return None

    def summary(self, state, which, names, tr):
        """(title, body markup, continue-button key) of that summary."""
        raise NotImplementedError

    # ---- game options on the new-game form ------------------------------------------------------------
    def options_markup(self, tr, options):
        return ""

    def read_options(self, form):
        """Rule options from the new-game form's values (a dict of strings and booleans)."""
        return {}
