"""The table's input: clicks, keys, the pointer and the buttons, turned into what they ask for.
One delegated listener per event type on the board host; `data-act` names a button's action
(the `actions` table: name -> handler; "howto:<topic>" and "entry:<n>" carry an argument; any
other name is the board's own, `BoardController.act`) and `data-cell` a board target. Panning
and zooming the board (drags, the wheel, pinches, + / − and Shift+arrows, the map buttons) are
assets/board-nav.js: they never reach Python."""

from collections.abc import Callable
from functools import partial
from typing import Any

from js import document, navigator

from .dialogs import Dialogs
from .dom import Page, closest, nullable
from .flow import Flow
from .keeping import Keeping
from .scene import Scene
from .screen import Screen
from .story import Story

ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")
MENU = ("new", "save", "load", "share", "howto")  # chosen in "More": the drawer closes first
REVIEW_KEYS = {
    "ArrowLeft": "prev",
    "ArrowUp": "prev",
    "ArrowRight": "next",
    "ArrowDown": "next",
    "Home": "first",
    "End": "last",
}


class Inputs:
    def __init__(
        self,
        page: Page,
        scene: Scene,
        screen: Screen,
        story: Story,
        dialogs: Dialogs,
        keeping: Keeping,
        flow: Flow,
    ) -> None:
        self.page = page
        self.scene = scene
        self.screen = screen
        self.story = story
        self.dialogs = dialogs
        self.flow = flow
        self.pointer_at: tuple[float, float] | None = None  # where the pointer last moved
        self.actions: dict[str, Callable[[], Any]] = {
            "more": lambda: screen.show_more(not screen.more_open),
            "howto": dialogs.show_howto,
            "howto-close": dialogs.hide_howto,
            "new": dialogs.new_game_dialog,
            "dialog-close": flow.close_dialog,
            "undo": lambda: flow.take_back("undo"),
            "redo": lambda: flow.take_back("redo"),
            "review": flow.toggle_review,
            "review-live": flow.close_review,
            "hints": flow.toggle_hints,
            "save": keeping.download_save,
            "load": lambda: page.el("gt-file").click(),
            "share": flow.share,
            "copy-link": self.copy_link,
            "summary-done": flow.summary_done,
            "rematch": flow.rematch,
            "keep-mine": lambda: flow.answer_arrival(copy=False),
            "keep-copy": lambda: flow.answer_arrival(copy=True),
            "damaged-download": keeping.download_damaged,
            "damaged-dismiss": keeping.dismiss_damaged,
            "reveal": flow.reveal,
            "take-over": flow.take_over,
        }
        for how in ("first", "prev", "next", "last"):
            self.actions[f"review-{how}"] = partial(self.review_step, how)
        # actions with an argument: "<name>:<argument>"
        self.with_argument: dict[str, Callable[[str], Any]] = {
            "howto": lambda topic: dialogs.show_howto(topic or None),
            "entry": self.tap_entry,
            "claim": flow.claim,
        }

    def listen(self) -> None:
        """One listener per event type on the board host (and the keys on the document)."""
        host = self.page.host
        for target, event, handler in (
            (host, "click", self.on_click),
            (host, "submit", self.on_submit),
            (host, "change", self.on_change),
            (host, "input", self.on_input),
            (host, "focusin", self.on_focus),
            (host, "pointermove", self.on_pointer),
            (host, "pointerleave", self.on_leave),
            (host, "contextmenu", self.on_context),
            (document, "keydown", self.on_key),
        ):
            self.page.listen(target, event, handler)

    # ---- buttons --------------------------------------------------------------------------------
    def act(self, name: str) -> None:
        """A button's `data-act`: the table's own action, or else the board's (its panel)."""
        if name in MENU:
            self.screen.show_more(False)
        kind, colon, argument = name.partition(":")
        if name in self.actions:
            self.actions[name]()
        elif colon and kind in self.with_argument:
            self.with_argument[kind](argument)
        elif self.scene.interactive():
            self.board_answer(self.scene.controller.act(self.scene.table.state, name), True)

    def tap_entry(self, argument: str) -> None:
        """A log entry's button ("entry:<n>", n its index in the match's log)."""
        if argument.isdigit() and self.story.tap_entry(int(argument)):
            self.screen.render()  # in a review: the position that move made

    def review_step(self, how: str) -> None:
        if self.story.review_step(how):
            self.screen.render()

    def copy_link(self) -> None:
        field = self.page.el("gt-share-url")
        clipboard = nullable(getattr(navigator, "clipboard", None))
        if clipboard is not None:
            clipboard.writeText(field.value)
        else:
            field.select()
            document.execCommand("copy")
        self.scene.table.notice = ("gt.copied", {})
        self.dialogs.hide_dialog()
        self.screen.render_side()

    def board_answer(self, move: Any, changed: bool) -> None:
        """Play what the board made of an input, or redraw what the input changed (the preview
        and the panel; the log and the toolbar stay as they are)."""
        if move is not None:
            self.flow.play(move)
        elif changed:
            self.screen.render_overlay()
            self.screen.render_panel()

    # ---- the pointer ----------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        action = closest(event.target, "[data-act]")
        if action is not None:
            self.act(str(action.dataset.act))
            return
        cell = closest(event.target, "[data-cell]")
        if cell is not None and self.scene.interactive() and not in_howto(event):
            move = self.scene.controller.tap(self.scene.table.state, str(cell.dataset.cell))
            if move is None:
                self.screen.show_cursor()  # a spot tapped at the edge of the view glides into it
            self.board_answer(move, True)

    def on_pointer(self, event: Any) -> None:
        entry = closest(event.target, "[data-entry]")
        if entry is not None:  # pointing at a log entry shows its move on the board
            if str(event.pointerType) != "touch":
                self.story.mark(int(str(entry.getAttribute("data-entry"))))
            return
        self.story.unmark(pointer_only=True)
        if str(event.pointerType) == "touch" or not self.scene.interactive():
            return  # touch has no hover: a tap chooses
        where = (float(event.clientX), float(event.clientY))
        if where == self.pointer_at:
            return  # the page moved under a still pointer (a move was drawn): nobody pointed
        self.pointer_at = where
        cell = closest(event.target, "[data-cell]")
        if cell is not None and not in_howto(event):
            scene = self.scene
            changed = scene.controller.point(scene.table.state, str(cell.dataset.cell))
            self.board_answer(None, changed)

    def on_focus(self, event: Any) -> None:
        """Keyboard users reach a log entry: its move shows as it would under the pointer."""
        entry = closest(event.target, "[data-entry]")
        if entry is not None:
            self.story.mark(int(str(entry.getAttribute("data-entry"))))

    def on_leave(self, event: Any) -> None:
        self.story.unmark(pointer_only=True)
        scene = self.scene
        if (
            str(event.target.id) == "gt-board"
            and scene.interactive()
            and scene.controller.leave(scene.table.state)
        ):
            self.screen.render_overlay()

    def on_context(self, event: Any) -> None:
        if closest(event.target, "#gt-board") is not None and self.scene.interactive():
            event.preventDefault()
            self.board_answer(None, self.scene.controller.turn(self.scene.table.state, 1))

    # ---- forms ----------------------------------------------------------------------------------
    def on_submit(self, event: Any) -> None:
        form = event.target
        if str(form.id) == "gt-new-form":
            event.preventDefault()
            self.flow.start_from_form(form)

    def on_change(self, event: Any) -> None:
        target = event.target
        if str(target.id) == "gt-file" and target.files.length:
            self.page.run(self.flow.load_file(target.files.item(0)))
            target.value = ""

    def on_input(self, event: Any) -> None:
        if str(event.target.id) == "gt-review-range" and self.story.review_to(
            int(str(event.target.value))
        ):
            self.screen.render()

    # ---- keys -----------------------------------------------------------------------------------
    def on_key(self, event: Any) -> None:
        key = str(event.key)
        scene, flow = self.scene, self.flow
        if scene.active and self.dialogs.howto_shown is not None:
            if key == "Escape":
                self.dialogs.hide_howto()
            return
        if not scene.active or scene.table.match is None:
            return
        if key == "Escape" and self.screen.more_open:
            self.screen.show_more(False)
            return
        if scene.dialog is not None:
            if key == "Escape" and scene.dialog in ("error", "share", "new"):
                self.dialogs.hide_dialog()
                flow.maybe_think()
            elif key == "Escape" and scene.dialog == "arrival":
                flow.answer_arrival(copy=False)
            return
        tag_name = str(getattr(event.target, "tagName", "") or "").lower()
        if (
            tag_name in ("input", "select", "textarea")
            or event.ctrlKey
            or event.metaKey
            or event.altKey
            or (event.shiftKey and key in ARROWS)  # Shift+arrows pan the map (board-nav.js)
        ):
            return
        if key == "Enter" and tag_name == "button":
            return  # Enter on a focused button presses that button
        if scene.review is not None:  # arrows, Home and End step through it; Escape leaves it
            if key in REVIEW_KEYS:
                event.preventDefault()
                self.review_step(REVIEW_KEYS[key])
            elif key == "Escape":
                flow.close_review()
            return
        if not scene.interactive():
            return
        if key in ARROWS or key == "Enter":
            event.preventDefault()
        move = scene.controller.key(scene.table.state, key)
        if move is None and key in ARROWS:
            self.screen.show_cursor()
        self.board_answer(move, True)


def in_howto(event: Any) -> bool:
    """The event is on the rules card (its example boards name cells too)."""
    return closest(event.target, "#gt-howto") is not None
