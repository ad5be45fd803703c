"""What the parts of the table share (app.py composes them): the game and the match on the table,
the words they are shown in, and the few facts that decide whose eyes the board is drawn for and
whether the person at the device may act now. Every part keeps the rest of its state to itself:
the dialogs theirs (dialogs.py), the story its log, marks and review (story.py), the keeping its
storage (keeping.py), the screen its drawer and view (screen.py)."""

from typing import Any

from game.core.contract import State
from game.view.controller import BoardController
from game.view.i18n import Translator
from game.view.review import Review
from game.view.story import shown
from game.view.table import Table

# dialogs during which nobody moves ("tab": another tab plays this match now)
MODAL = ("new", "summary", "result", "curtain", "arrival", "board", "tab")


class Scene:
    def __init__(
        self,
        tr: Translator,
        game_id: str,
        controller: BoardController,
        prefs: dict[str, Any],
        device: bytes | None = None,
    ) -> None:
        self.tr = tr
        self.device = device  # this device's key: link play's hand-overs derive from it
        self.active = False  # on screen (False once the person went back to the picker)
        self.generation = 0  # bumps whenever the match changes under a thinking computer
        self.thinking: Any = None  # the computer's search in progress (or its claim), if any
        self.set_game(game_id, controller, prefs)

    def set_game(self, game_id: str, controller: BoardController, prefs: dict[str, Any]) -> None:
        """An empty table for `game_id` (another game, or the same one afresh)."""
        self.game_id = game_id
        self.table = Table(game_id, self.tr, self.device)
        self.controller = controller  # the game's board controller (game.view.controller)
        self.prefs = prefs  # the game's preferences on this device (the library keeps them)
        self.dialog: str | None = None  # name of the open dialog (dialogs.py)
        self.summary: Any = None  # the board's summary on show (e.g. a finished round)
        self.revealed_to: int | None = None  # hidden hands: the seat the device was handed to
        self.review: Review | None = None  # the look back at the match, when open (story.py)
        self.review_controller: BoardController | None = None  # a fresh board for its position

    def halt(self) -> None:
        """The match changes under a thinking computer: its search is dropped."""
        self.generation += 1
        self.thinking = None

    def names(self) -> list[str]:
        return self.table.names()

    def you(self) -> int | None:
        """The seat of the person at this device (game.view.table.Table.you)."""
        return self.table.you()

    def viewer(self) -> int | None:
        """The seat whose eyes the board is drawn for: the person to move; else the only person
        at the table; else nobody in particular (public information only). With hidden hands
        and several people at one device, nobody until the device was handed over. The people
        at the table are those at this device (in a link game: the seats it plays)."""
        match = self.table.match
        if match is None:
            return None
        people = self.table.people()
        seat = match.current_player()
        if self.controller.hidden_hands and len(people) > 1:
            return self.revealed_to
        if seat is not None and seat in people:
            return seat
        return people[0] if len(people) == 1 else None

    def interactive(self) -> bool:
        """The person at the device may act on the board now."""
        table = self.table
        return (
            table.match is not None
            and table.human_to_move()
            and self.summary is None
            and self.thinking is None
            and self.dialog not in MODAL
            and self.review is None
            and self.viewer() == table.to_move()
        )

    def position(self) -> tuple[State, BoardController]:
        """(state to draw, board controller to draw it with): the live game, or the position
        under review as the viewer saw it then."""
        if self.review is None or self.review_controller is None:
            return self.table.state, self.controller
        state = shown(self.table.game, self.review.state(), self.viewer())
        return state, self.review_controller
