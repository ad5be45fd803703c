"""The board-controller protocol: what the table (game/ui) needs from a game's board.

A board controller is pure Python (game/<name>/controller.py, class `Controller`, declared in the
game's `__init__.py`; `games.controller(id)` makes one): it turns a state into SVG and panel
markup and turns a person's input into moves. The shell owns everything else: seats, the
computer, the log, undo, saving, dialogs. Targets are the opaque `data-cell` strings the board's
own markup puts on clickable things ("3,4" for a square, "city:Ulm" for a city...).

A controller reads a state only through its game's `queries` module and the Game contract. What a
person chose so far (a square, a turn, a card...) leaves it only as a frozen value, the game's
`panel.Selection`: the panel and the drawings are functions of values, never of the controller.

`you` is the seat of the person at this device (None: nobody in particular, e.g. friends sharing
the device): sentences about that seat are said to them, in the second person
(game.view.i18n.about). The table passes it to every method that writes such sentences.
"""

from typing import Any

from game.core.contract import JSON, Move, State

from .chart import marker_icon
from .howto import Section
from .i18n import Translator
from .story import Told

Markup = str  # HTML/SVG text, already escaped (game.view.markup)
# seat styles (colour, marker shape) for boards that name none
CHART_STYLES = (
    ("#c0362c", "circle"),
    ("#2457a6", "square"),
    ("#e3a21a", "triangle"),
    ("#2e7d3a", "diamond"),
    ("#7b4fc6", "star"),
)


class BoardController:
    """Defaults for everything a board may leave out."""

    has_hints = False  # the new-game form offers "show me where I can play"
    hidden_hands = False  # with two people at one device, cover the screen between their turns
    # how the table zooms the board (assets/board-nav.js): below 24 CSS px for its smallest tap
    # target (board units) a tap zooms in instead of choosing; the board opens zoomed so that
    # its smallest text a player must read is 12 px (0: no such text)
    target_units = 0.0
    text_units = 0.0
    cursor_keys = False  # the arrow keys move the board's own cursor (Shift+arrows pan the map)

    def __init__(self) -> None:
        self.hints = True  # show where the person to move can play (the table's setting)

    # ---- drawing: `viewer` is the seat whose eyes we draw for (None: only public information)
    def defs(self) -> Markup:
        """SVG <defs> (patterns...) the page holds once per game."""
        return ""

    def viewbox(self, state: State) -> str:
        """The board's SVG viewBox ("x y width height") for this state: everything there is to
        see (the "whole board" the map buttons zoom to)."""
        raise NotImplementedError

    def focus_box(self, state: State) -> str | None:
        """ "x y width height" (board units) of the last move, brought into view when it is new
        and by the "last move" button; None when there is none."""
        return None

    def cursor_box(self, state: State) -> str | None:
        """The board's cursor (board units), kept in view after a key or a tap moved it."""
        return None

    def board_markup(self, state: State, viewer: int | None, summary: Any = None) -> Markup:
        """The board layer; with `summary`, the board as that summary shows it (round end)."""
        raise NotImplementedError

    def overlay_markup(self, state: State, viewer: int | None, interactive: bool) -> Markup:
        """Previews and hints for the person to move (redrawn as the pointer moves)."""
        return ""

    def panel_markup(
        self,
        state: State,
        viewer: int | None,
        names: list[str],
        tr: Translator,
        interactive: bool,
        *,
        you: int | None = None,
    ) -> Markup:
        """The controls the current step needs (always on screen with the board, also on a
        phone): the piece in hand, its buttons, the choices of the step."""
        return ""

    def details_markup(
        self,
        state: State,
        viewer: int | None,
        names: list[str],
        tr: Translator,
        *,
        you: int | None = None,
    ) -> Markup:
        """What the step does not need (every player's details, the stack, reference): in the
        table's "More" drawer on small screens, beside the board on large ones."""
        return ""

    def pick_markup(self, state: State, tr: Translator) -> Markup:
        """A magnified choice shown over the board (targets too close to tap on the board
        itself), "" when there is none."""
        return ""

    # ---- input: each returns a move to play, or None / whether the overlay changed ---------
    def point(self, state: State, target: str) -> bool:
        """The pointer is over `target`; True when the overlay or panel must be redrawn."""
        return False

    def leave(self, state: State) -> bool:
        """The pointer left the board; True when the overlay must be redrawn."""
        return False

    def tap(self, state: State, target: str) -> Move | None:
        """`target` was clicked or tapped: a move to play, or None (the selection changed)."""
        return None

    def act(self, state: State, name: str) -> Move | None:
        """A button of the board's own panel (data-act) was pressed."""
        return None

    def key(self, state: State, key: str) -> Move | None:
        """A key (KeyboardEvent.key) pressed while the board has the turn."""
        return None

    def turn(self, state: State, step: int) -> bool:
        """A right click over the board (+1): turn the piece in hand; True when something
        changed. (The wheel zooms the map; it never turns a piece.)"""
        return False

    # ---- words for those who do not see the board (the shell speaks them: game/ui/voice.py)
    def spoken(
        self, state: State, viewer: int | None, tr: Translator, you: int | None
    ) -> str | None:
        """The words for what the LAST input (`key`, `tap`, `act`, `turn`) changed on the
        board, read once by the shell after each input and then forgotten: after a cursor move
        the square in the log's words, what is there and whether the piece in hand fits there
        (if not, why); after a turn of the piece its new orientation; after a refused Enter,
        why; after a choice, what was chosen. None when the input changed nothing to say (the
        shell then says the step's prompt if that changed)."""
        return None

    def piece_words(self, state: State, viewer: int | None, tr: Translator) -> str:
        """The piece in hand described in words (its colours or edges in the current turn, the
        chosen card); also the name of the panel's picture of it. "" when there is none."""
        return ""

    def board_words(
        self,
        state: State,
        viewer: int | None,
        names: list[str],
        tr: Translator,
        you: int | None,
    ) -> Markup:
        """The board described on request (key B, the "Describe the board" button): headings
        and lists, shown in a dialog. "": the shell shows the players' details instead."""
        return ""

    # ---- the story: the log, the review, the end ------------------------------------------
    def seat_style(self, seat: int) -> tuple[str, str]:
        """The seat's (colour, marker shape) in the score chart and the final table
        (game.view.chart.SHAPES); boards give their pieces' colours and shapes."""
        return CHART_STYLES[seat % len(CHART_STYLES)]

    def seat_mark(self, state: State, seat: int) -> Markup:
        """The seat's emblem as a small picture, as it looks in `state` (log entries)."""
        return marker_icon(self.seat_style(seat), 16)

    def tell(
        self,
        before: State,
        move: JSON,
        after: State,
        viewer: int | None,
        names: list[str],
        tr: Translator,
        *,
        you: int | None = None,
    ) -> Told | None:
        """The log entry of `move` (its JSON), played from `before` to `after`: both are what
        `viewer` saw (game.view.story.shown), so nothing hidden from them can be told. None:
        the engine's describe_move line alone."""
        return None

    def mark_markup(self, before: State, move: JSON, after: State) -> Markup:
        """That move highlighted on the board (where it was played, what it scored), drawn over
        any position of the match; public information only."""
        return ""

    def history_points(self, state: State) -> list[int] | None:
        """The points the score chart draws for a position (None: the banked scores)."""
        return None

    def result_notes(self, state: State, tr: Translator) -> list[dict[str, str]] | None:
        """Per seat and scoring category, a small line under the final table's number."""
        return None

    def result_markup(self, state: State, names: list[str], tr: Translator) -> Markup:
        """What the end dialog shows below the final table (e.g. what final scoring gave)."""
        return ""

    def summary_after(self, state: State) -> Any:
        """After the move that led to `state`: a summary to show first (e.g. a round number),
        or None. The value is JSON-ready: the autosave keeps it."""
        return None

    def summary(
        self, state: State, which: Any, names: list[str], tr: Translator, *, you: int | None = None
    ) -> tuple[str, Markup, str]:
        """(title, body markup, continue-button key) of that summary."""
        raise NotImplementedError

    # ---- how to play (game.view.howto) ------------------------------------------------------
    def howto(self) -> list[Section]:
        """The game's rules, section by section, with example boards (the game's howto)."""
        return []

    def howto_topic(self, state: State) -> str | None:
        """The section of `rules()` that explains the step the person to move is at (the
        step's "Why?"), or None."""
        return None

    # ---- game options on the new-game form ------------------------------------------------
    def options_markup(self, tr: Translator, options: dict[str, JSON]) -> Markup:
        """The game's rule options; each links to its explanation (game.view.howto.howto_link)."""
        return ""

    def read_options(self, form: dict[str, str | bool]) -> dict[str, JSON]:
        """Rule options from the new-game form's values (a dict of strings and booleans)."""
        return {}
