"""The table's input: clicks, keys, pointer and the panel's buttons, as a part of the App class
in app.py. One delegated listener per event type on the board host; `data-act` names a button's
action and `data-cell` a board target. Panning and zooming the board (drags, the wheel, pinches,
+ / − and Shift+arrows, the map buttons) are assets/board-nav.js: they never reach Python."""

from js import document, navigator

from .dom import closest, nullable

ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")
MENU = ("new", "save", "load", "share", "howto")  # chosen in "More": the drawer closes first


class Inputs:
    def on_click(self, event):
        if self.table is None:
            return
        action = closest(event.target, "[data-act]")
        if action is not None:
            self.act(str(action.dataset.act))
            return
        cell = closest(event.target, "[data-cell]")
        if cell is not None and self.interactive() and not self.in_howto(event):
            move = self.controller.tap(self.table.state, str(cell.dataset.cell))
            if move is None:
                self.show_cursor()  # a spot tapped at the edge of the view glides into it
            self.board_answer(move, True)

    def in_howto(self, event):
        """The event is on the rules card (its example boards name cells too)."""
        return closest(event.target, "#gt-howto") is not None

    def board_answer(self, move, changed):
        """Play what the board made of an input, or redraw what the input changed (the preview
        and the panel; the log and the toolbar stay as they are)."""
        if move is not None:
            self.play(move)
        elif changed:
            self.render_overlay()
            self.render_panel()

    def act(self, name):
        table = self.table
        if name in MENU or name == "more":
            self.show_more(name == "more" and not self.more_open)
        if name == "more":
            return
        if name == "howto" or name.startswith("howto:"):
            self.show_howto(name.partition(":")[2] or None)
        elif name == "howto-close":
            self.hide_howto()
        elif name == "new":
            self.new_game_dialog()
        elif name == "dialog-close":
            if self.dialog == "new" and table.match is None:
                self.hide_dialog()
                self.bridge.back()  # nothing to go back to at this table: the picker (or poster)
                return
            self.hide_dialog()
            if table.match is None:
                self.new_game_dialog()  # e.g. a link that failed: nothing else to show
            self.maybe_think()
        elif name in ("undo", "redo"):
            self.take_back(name)
        elif name == "review" and self.review is not None:
            self.close_review()
        elif name == "review":
            self.open_review()
        elif name in ("review-first", "review-prev", "review-next", "review-last"):
            self.review_step(name[7:])
        elif name == "review-live":
            self.close_review()
        elif name.startswith("entry:") and name[6:].isdigit():
            self.tap_entry(int(name[6:]))
        elif name == "hints":
            self.controller.hints = not self.controller.hints
            self.prefs["hints"] = self.controller.hints
            self.library.set_prefs(self.game_id, self.prefs)
            self.render_overlay()
            self.render_side()
        elif name == "save":
            self.download_save()
        elif name == "load":
            self.el("gt-file").click()
        elif name == "share":
            self.share()
        elif name == "copy-link":
            self._copy_link()
        elif name == "summary-done":
            self.summary_shown = None
            self.hide_dialog()
            self.autosave()
            self.after_change()
        elif name == "rematch":
            self.new_match(table.rematch)
            self._fresh_match()
        elif name in ("keep-mine", "keep-copy"):
            self.answer_arrival(copy=name == "keep-copy")
        elif name == "damaged-download":
            self.download_damaged()
        elif name == "damaged-dismiss":
            self.dismiss_damaged()
        elif name == "reveal":
            self.revealed_to = table.to_move()
            self.hide_dialog()
            self.render()
        elif self.interactive():
            self.board_answer(self.controller.act(table.state, name), True)

    def take_back(self, name):
        """Undo or redo as the match's take-back setting allows; when it does not, the notice
        says why. Undo may interrupt the computer's thinking (its reply is what goes back)."""
        table = self.table
        match = table.match
        if match is None:
            return
        refusal = "review" if self.review is not None else match.undo_refusal()
        if name == "undo" and refusal is not None:
            table.notice = (f"story.undo_why.{refusal}", {})
            self.render_side()
            return
        if name == "redo" and (self.review is not None or self.thinking is not None):
            return
        if name == "undo" and self.thinking is not None:
            self.generation += 1  # the search in progress is dropped
            self.thinking = None
        if table.undo() if name == "undo" else table.redo():
            self.generation += 1
            self.summary_shown = None
            self.autosave()
            self.after_change()

    def _copy_link(self):
        field = self.el("gt-share-url")
        clipboard = nullable(getattr(navigator, "clipboard", None))
        if clipboard is not None:
            clipboard.writeText(field.value)
        else:
            field.select()
            document.execCommand("copy")
        self.table.notice = ("gt.copied", {})
        self.hide_dialog()
        self.render_side()

    def on_submit(self, event):
        form = event.target
        if str(form.id) == "gt-new-form":
            event.preventDefault()
            self.start_from_form(form)

    def on_change(self, event):
        target = event.target
        if str(target.id) == "gt-file" and target.files.length:
            self._run(self.load_file(target.files.item(0)))
            target.value = ""

    def on_pointer(self, event):
        if self.table is None:
            return
        entry = closest(event.target, "[data-entry]")
        if entry is not None:  # pointing at a log entry shows its move on the board
            if str(event.pointerType) != "touch":
                self.mark(int(str(entry.getAttribute("data-entry"))))
            return
        self.unmark(pointer_only=True)
        if str(event.pointerType) == "touch" or not self.interactive():
            return  # touch has no hover: a tap chooses
        where = (float(event.clientX), float(event.clientY))
        if where == self.pointer_at:
            return  # the page moved under a still pointer (a move was drawn): nobody pointed
        self.pointer_at = where
        cell = closest(event.target, "[data-cell]")
        if cell is not None and not self.in_howto(event):
            self.board_answer(None, self.controller.point(self.table.state, str(cell.dataset.cell)))

    def on_focus(self, event):
        """Keyboard users reach a log entry: its move shows as it would under the pointer."""
        entry = closest(event.target, "[data-entry]")
        if entry is not None and self.table is not None:
            self.mark(int(str(entry.getAttribute("data-entry"))))

    def on_input(self, event):
        if str(event.target.id) == "gt-review-range":
            self.review_to(int(str(event.target.value)))

    def on_leave(self, event):
        if self.table is not None:
            self.unmark(pointer_only=True)
        if (
            str(event.target.id) == "gt-board"
            and self.interactive()
            and self.controller.leave(self.table.state)
        ):
            self.render_overlay()

    def on_context(self, event):
        if closest(event.target, "#gt-board") is not None and self.interactive():
            event.preventDefault()
            self.board_answer(None, self.controller.turn(self.table.state, 1))

    def show_more(self, open_it):
        """Open or close the "More" drawer (small screens; large ones show it beside the board)."""
        if open_it == self.more_open:
            return
        self.more_open = open_it
        self.el("gt-more").classList.toggle("gt-open", open_it)
        toggle = nullable(document.querySelector("#gt-tools [data-act=more]"))
        if toggle is not None:
            toggle.setAttribute("aria-expanded", "true" if open_it else "false")
        target = "#gt-more .gt-more-head button" if open_it else "#gt-tools [data-act=more]"
        if open_it or closest(document.activeElement, "#gt-more") is not None:
            element = nullable(document.querySelector(target))
            if element is not None:
                element.focus()

    def on_key(self, event):
        key = str(event.key)
        if self.active and self.howto_shown is not None:
            if key == "Escape":
                self.hide_howto()
            return
        if not self.active or self.table is None or self.table.match is None:
            return
        if key == "Escape" and self.more_open:
            self.show_more(False)
            return
        if self.dialog is not None:
            if key == "Escape" and self.dialog in ("error", "share", "new"):
                self.hide_dialog()
                self.maybe_think()
            elif key == "Escape" and self.dialog == "arrival":
                self.answer_arrival(copy=False)
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
        if self.review is not None:
            self.review_key(event, key)
            return
        if not self.interactive():
            return
        if key in ARROWS or key == "Enter":
            event.preventDefault()
        move = self.controller.key(self.table.state, key)
        if move is None and key in ARROWS:
            self.show_cursor()
        self.board_answer(move, True)

    def show_cursor(self):
        """The board's cursor moved (a key or a tap): board-nav.js keeps it in view."""
        box = self.controller.cursor_box(self.table.state)
        if box:
            self.cursor_serial += 1
            self.el("gt-board").dataset.cursor = f"{box} {self.cursor_serial}"

    def review_key(self, event, key):
        """In a review: arrows step through the moves, Home and End jump to the first and the
        last position, Escape goes back to the game."""
        steps = {
            "ArrowLeft": "prev",
            "ArrowUp": "prev",
            "ArrowRight": "next",
            "ArrowDown": "next",
            "Home": "first",
            "End": "last",
        }
        if key in steps:
            event.preventDefault()
            self.review_step(steps[key])
        elif key == "Escape":
            self.close_review()
