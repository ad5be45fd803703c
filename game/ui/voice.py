"""What a screen reader hears at the table, and where the keyboard's focus is.

The status line (#gt-say, game/view/frame.py) is the table's one live region. It is written
once per event and never by a redraw: what one input, one move or one notice makes worth saying
is collected (`add`) and said together when the task that caused it is over (`settle`, on the
next turn of the event loop). A text equal to the one before (the computer drew from the pile
twice) is said again: a no-break space at its end comes and goes.

Focus never falls to the page. When the task is over (`settle`), after everything was drawn:
- a dialog that closed gives it back to what opened it (`opened`, `closed`), or to its
  successor in the page when that was drawn again (the same button, `data-act`);
- after an action that asks for it (`land_later`), or when it fell to the page because what had
  it (`held`) was drawn again or went, it lands on the next thing to do (`land`): the dialog on top's
  first control; else the board, when the game is played on it with the keys
  (`BoardController.cursor_keys`) or nobody may act now; else the step's first control.
While a dialog shows, Tab and Shift+Tab go round inside it (`trap`). Inside an embed the focus
moves only while the frame has it (the host page is never robbed of it).
"""

from typing import Any

from js import document, window

from .dom import Page, closest, js_object, nullable
from .scene import Scene

MODALS = ("gt-howto", "gt-dialog", "gt-review")  # the dialogs of the table, the top-most first
FOCUSABLE = (
    "a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), details > summary,"
    ' select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'
)
CONTROL = "button:not([disabled]), select:not([disabled]), input:not([disabled])"
AGAIN = "\u00a0"  # toggled at the end of a text said twice in a row
ENDS = (".", "!", "?", "…", ":")  # a part said without one of these ends with a full stop
UNSPOKEN = dict.fromkeys(map(ord, "\u2068\u2069"))  # a name's bidi isolate (markup.isolate)


class Voice:
    def __init__(self, page: Page, scene: Scene) -> None:
        self.page = page
        self.scene = scene
        self.keyboard = False  # the person's last input was a key: prompts in keyboard words
        self.said = ""  # what the status line says now
        self.parts: list[str] = []  # what to say when the task is over
        self.openers: dict[str, tuple[Any, str | None]] = {}  # dialog id -> (element, address)
        self.back_to: tuple[Any, str | None] | None = None  # a dialog closed: focus goes back
        self.landing = False  # focus goes to the next thing to do when the task is over
        self.held: Any = None  # what last had the focus in the table (fell: it went)
        self.scheduled = False
        self._settle = page.proxy(self.settle)

    # ---- the status line ---------------------------------------------------------------------
    def add(self, text: str | None, first: bool = False) -> None:
        """Say `text` (with whatever else this task says; `first`: before it) when the task is
        over."""
        text = " ".join((text or "").translate(UNSPOKEN).split())
        if text:
            text = text if text.endswith(ENDS) else text + "."
            self.parts.insert(0 if first else len(self.parts), text)
            self.schedule()

    def frame_new(self) -> None:
        """The frame was built again: its status line is empty."""
        self.said = ""

    def schedule(self) -> None:
        if not self.scheduled:
            self.scheduled = True
            window.setTimeout(self._settle, 0)

    def settle(self, *_: Any) -> None:
        """The task is over and drawn: place the focus, then say what it brought."""
        self.scheduled = False
        self._place_focus()
        text = " ".join(dict.fromkeys(self.parts))
        self.parts = []
        line = self.page.el("gt-say")
        if not text or line is None:
            return
        if text == self.said.rstrip(AGAIN):
            text = self.said.rstrip(AGAIN) + ("" if self.said.endswith(AGAIN) else AGAIN)
        self.said = text
        line.textContent = text

    # ---- the focus ---------------------------------------------------------------------------
    def focus(self, element: Any) -> None:
        """Give `element` the keyboard (never from a host page: an embed must have it first)."""
        if element is None or not self.scene.active:
            return
        if self.page.bridge.embed and not document.hasFocus():
            return
        element.focus(js_object({"preventScroll": str(element.id) == "gt-board"}))
        self.held = element

    def modal(self) -> Any:
        """The dialog on top, if one shows."""
        for element_id in MODALS:
            element = self.page.el(element_id)
            if element is not None and not element.hidden:
                return element
        return None

    def land(self) -> None:
        """Focus the next thing to do (see the module's docstring)."""
        box = self.modal()
        if box is not None:
            self.focus(nullable(box.querySelector(CONTROL)) or box)
            return
        scene = self.scene
        board = self.page.el("gt-board")
        first = nullable(document.querySelector(f"#gt-panel :is({CONTROL})"))
        on_board = scene.controller.cursor_keys or not scene.interactive()
        self.focus(board if on_board or first is None else first)

    def land_later(self) -> None:
        """After this task, focus the next thing to do."""
        self.landing = True
        self.schedule()

    def opened(self, box_id: str) -> None:
        """A dialog opens: remember what had the focus (a dialog drawn again, or followed by
        another in the same place, keeps the first one's)."""
        box = self.page.el(box_id)
        active = nullable(document.activeElement)
        if box is None or (active is not None and box.contains(active)):
            return
        shown = active is not None and not active.isSameNode(document.body)
        self.openers[box_id] = (active, address(active)) if shown else (None, None)

    def closed(self, box_id: str, back: bool = True) -> None:
        """A dialog closed: focus goes back to what opened it (`back`), else (or when that is
        gone) to the next thing to do, once the task is over."""
        opener = self.openers.pop(box_id, None)
        if back and opener is not None and opener[0] is not None:
            self.back_to = opener
        else:
            self.landing = True
        self.schedule()

    def _place_focus(self) -> None:
        back_to, self.back_to = self.back_to, None
        landing, self.landing = self.landing, False
        again = None
        if back_to is not None:
            element, where = back_to
            again = element if usable(element) else None
            if again is None and where:
                again = nullable(document.querySelector(where))
            landing = landing or not usable(again)
        box = self.modal()
        active = nullable(document.activeElement)
        if box is not None:  # a dialog shows (another may have closed under it)
            if active is not None and box.contains(active):
                return
            if usable(again) and box.contains(again):
                self.focus(again)
            else:
                self.land()
            return
        if usable(again):
            self.focus(again)
            return
        on_page = active is None or active.isSameNode(document.body)
        fell = on_page and self.held is not None and not usable(self.held)
        if landing or (fell and self.scene.active):
            self.land()

    def trap(self, event: Any) -> None:
        """Tab inside the dialog on top: from its last control to its first, and back."""
        box = self.modal()
        if box is None:
            return
        items = [el for el in box.querySelectorAll(FOCUSABLE) if usable(el)]
        active = nullable(document.activeElement)
        if not items:
            event.preventDefault()
            return
        first, last = items[0], items[-1]
        inside = active is not None and box.contains(active)
        if not inside:
            target = last if event.shiftKey else first
        elif event.shiftKey and (active.isSameNode(first) or active.isSameNode(box)):
            target = last
        elif not event.shiftKey and active.isSameNode(last):
            target = first
        else:
            return  # the browser moves on inside the dialog
        event.preventDefault()
        self.focus(target)


def usable(element: Any) -> bool:
    """`element` is in the page, shown and can take the focus."""
    return (
        element is not None
        and bool(element.isConnected)
        and not bool(getattr(element, "disabled", False))
        and int(element.getClientRects().length) > 0
        and closest(element, "[hidden], [inert]") is None
    )


def address(element: Any) -> str | None:
    """A selector that finds `element`, or what replaced it when its part was drawn again: its
    id, or its action inside the nearest part with an id."""
    if element.id:
        return f"#{element.id}"
    act = nullable(element.getAttribute("data-act"))
    part = closest(element, "[id]")
    if act is None or part is None:
        return None
    return f'#{part.id} [data-act="{act}"]'
