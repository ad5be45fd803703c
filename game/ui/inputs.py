"""The table's input: clicks, keys, the pointer and the buttons, turned into what they ask for.
One delegated listener per event type on the board host; `data-act` names a button's action
(the `actions` table: name -> handler; "howto:<topic>" and "entry:<n>" carry an argument; any
other name is the board's own, `BoardController.act`) and `data-cell` a board target. Panning
and zooming the board (drags, the wheel, pinches, + / − and Shift+arrows, the map buttons) are
assets/board-nav.js: they never reach Python.

After each input on the board the controller's `spoken` words (or, when it has none, the step's
new prompt) go to the status line (voice.py). The table's own keys: Tab stays inside a dialog,
Escape closes one (where closing makes sense), B describes the board and ? opens the game's keys
in How to play."""

from collections.abc import Callable
from functools import partial
from typing import Any

from js import document, navigator

from game.view.howto import KEYS_TOPIC

from .dialogs import Dialogs
from .dom import Page, closest, nullable
from .flow import Flow
from .keeping import Keeping
from .scene import Scene
from .screen import Screen
from .story import Story
from .voice import Voice

ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")
MENU = ("new", "save", "load", "share", "howto")  # chosen in "More": the drawer closes first
MODIFIERS = ("Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock", "Fn", "OS")
CLOSE_ON_ESCAPE = ("error", "share", "new", "result", "board")  # not a summary nor the curtain
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
        voice: Voice,
        screen: Screen,
        story: Story,
        dialogs: Dialogs,
        keeping: Keeping,
        flow: Flow,
    ) -> None:
        self.page = page
        self.scene = scene
        self.voice = voice
        self.screen = screen
        self.story = story
        self.dialogs = dialogs
        self.flow = flow
        self.pointer_at: tuple[float, float] | None = None  # where the pointer last moved
        self.actions: dict[str, Callable[[], Any]] = {
            "more": lambda: screen.show_more(not screen.more_open),
            "howto": dialogs.show_howto,
            "howto-close": flow.close_howto,
            "status": lambda: screen.show_status(
                not page.el("gt-status").classList.contains("gt-open")
            ),
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
            "describe": dialogs.board_dialog,
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
        """One listener per event type on the board host (and the keys on the document). After
        an action the voice settles: it says what the action brought and catches the focus if
        what had it went (voice.py)."""
        host = self.page.host
        for target, event, handler in (
            (host, "click", self.on_click),
            (host, "submit", self.on_submit),
            (host, "change", self.on_change),
            (host, "input", self.on_input),
            (host, "contextmenu", self.on_context),
            (document, "keydown", self.on_key),
        ):
            self.page.listen(target, event, self.then_settle(handler))
        for target, event, handler in (
            (host, "focusin", self.on_focus),
            (host, "pointermove", self.on_pointer),
            (host, "pointerleave", self.on_leave),
            (document, "pointerdown", self.on_pointer_down),
        ):
            self.page.listen(target, event, handler)

    def then_settle(self, handler: Callable[[Any], Any]) -> Callable[[Any], None]:
        def handle(event: Any) -> None:
            handler(event)
            self.voice.schedule()

        return handle

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
            scene = self.scene
            self.board_answer(scene.controller.act(scene.table.state, name), True)

    def tap_entry(self, argument: str) -> None:
        """A log entry's button ("entry:<n>", n its index in the match's log). The drawer
        closes: the move is on the board, which it covered."""
        if not argument.isdigit():
            return
        self.screen.show_more(False)
        if self.story.tap_entry(int(argument)):
            self.screen.render()  # in a review: the position that move made
            self.story.tell_review()

    def review_step(self, how: str) -> None:
        if self.story.review_step(how):
            self.screen.render()
            self.story.tell_review()

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

    def board_answer(self, move: Any, changed: bool, speak: bool = True) -> None:
        """Play what the board made of an input, or redraw what the input changed (the preview
        and the panel; the log and the toolbar stay as they are) and say it (`speak`: not for
        the pointer moving): the board's own words for it, else the step's prompt when that
        changed (to someone using the keys)."""
        scene, screen = self.scene, self.screen
        words = None
        if speak:  # read once after each input, then the controller forgets them
            words = scene.controller.spoken(
                scene.table.state, scene.viewer(), scene.tr, scene.you()
            )
        if move is not None:
            self.flow.play(move)  # the move is told as the log tells it (Screen.tell)
            return
        hint = screen.hint
        if changed:
            screen.render_overlay()
            screen.render_panel()
        if words:
            self.voice.add(words)
        elif speak and self.voice.keyboard and screen.hint != hint:
            self.voice.add(screen.hint)

    # ---- the pointer ----------------------------------------------------------------------------
    def on_pointer_down(self, event: Any) -> None:
        self.voice.keyboard = False  # prompts in the pointer's words again (at the next redraw)

    def on_click(self, event: Any) -> None:
        if self.screen.more_open and str(event.target.id) == "gt-more":
            box = event.target.getBoundingClientRect()
            inside = (
                box.left <= event.clientX <= box.right and box.top <= event.clientY <= box.bottom
            )
            if not inside:  # the dim around the drawer
                self.screen.show_more(False)
            return
        action = closest(event.target, "[data-act]")
        if action is not None:
            self.act(str(action.dataset.act))
            return
        hint = closest(event.target, "#gt-panel .gt-hint")
        if hint is not None:  # a hint cut to a line or two (a small screen): a tap shows it whole
            hint.classList.toggle("gt-whole")
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
            self.board_answer(None, changed, speak=False)

    def on_focus(self, event: Any) -> None:
        """Keyboard users reach a log entry: its move shows as it would under the pointer."""
        self.voice.held = event.target  # should it go, the focus lands on the next thing to do
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
        if not scene.active or key in MODIFIERS:
            return
        self.voice.keyboard = True
        if key == "Tab":
            self.voice.trap(event)  # inside the dialog on top, if one shows
            return
        if self.dialogs.howto_shown is not None:
            if key == "Escape":
                flow.close_howto()
            return
        if key == "Escape" and self.screen.more_open:
            self.screen.show_more(False)
            return
        if scene.dialog is not None:
            if key == "Escape" and scene.dialog in CLOSE_ON_ESCAPE:
                flow.close_dialog()
            elif key == "Escape" and scene.dialog == "arrival":
                flow.answer_arrival(copy=False)
            return
        if scene.table.match is None:
            return
        if key == "Escape" and scene.review is not None:  # from the slider too
            flow.close_review()
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
        if key == "?":
            self.dialogs.show_howto(KEYS_TOPIC)  # the game's keys (its top, if it lists none)
            return
        if key in ("b", "B"):
            self.dialogs.board_dialog()
            return
        if scene.review is not None:  # arrows, Home and End step through it
            if key in REVIEW_KEYS:
                event.preventDefault()
                self.review_step(REVIEW_KEYS[key])
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
