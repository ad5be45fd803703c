"""The story of the match in the page, as a part of the App class in app.py: the log's entries
and the move each one shows on the board, the review of the whole game with its score chart,
and the end dialog. The markup and every decision come from game/view (story.py, review.py,
chart.py, ending.py) and the game's board controller; this only sets it into the page.

A review reads the match and never changes it: while it is open nobody plays (the computer
waits), undo and redo wait, and the board shows each position as the viewing seat saw it then
(`story.shown`: with hidden hands, that seat's view).
"""

from js import document, window

from game import games
from game.core.savefile import is_entropy
from game.view import widgets as views
from game.view.chart import score_chart
from game.view.ending import breakdown_table, result_card, result_title
from game.view.markup import html_isolates
from game.view.review import Review, history, review_bar
from game.view.story import shown

from .dom import nullable


class Storyteller:
    # ---- what the board shows: the live game, or the position under review ------------------
    def position(self):
        """(state to draw, board controller to draw it with)."""
        if self.review is None:
            return self.table.state, self.controller
        return shown(self.table.game, self.review.state(), self.viewer()), self.review_controller

    def names(self):
        return self.table.names()

    # ---- the review ---------------------------------------------------------------------------
    def open_review(self):
        """Look back at the game, from the position now. The computer stops thinking and waits
        until the review is closed."""
        if self.table.match is None:
            return
        self.generation += 1  # a thinking computer drops its search
        self.thinking = None
        if self.dialog == "result":
            self.hide_dialog()
        self.review = Review(self.table.match)
        self._review_position()
        self.render()
        self.el("gt-review").querySelector("[data-act=review-live]").focus()

    def close_review(self):
        self.review = self.review_controller = None
        self.unmark()
        self.render()
        self.maybe_think()

    def review_to(self, k):
        if self.review is not None and self.review.go(k):
            self._review_position()
            self.render()

    def review_step(self, how):
        if self.review is not None and self.review.step(how):
            self._review_position()
            self.render()

    def _review_position(self):
        """A fresh board for each position: it draws exactly what opening that position would."""
        self.review_controller = games.controller(self.game_id)
        self.review_controller.hints = False
        self.unmark()

    def render_review(self):
        """The review's bar. While it shows, only its steps and words are set again: the
        slider stays the element being dragged, and the keyboard stays where it was."""
        bar = self.el("gt-review")
        if self.review is None:
            bar.hidden = True
            bar.innerHTML = ""
            return
        index = self.review.move_index()
        told = ""
        if index is not None:
            told = next((e.told.text for e in self.log_entries() if e.log_index == index), "")
        markup = html_isolates(review_bar(self.tr, self.review, told))
        slider = nullable(bar.querySelector("#gt-review-range"))
        if slider is None:
            bar.innerHTML = markup
            bar.hidden = False
            return
        focused = nullable(document.activeElement)
        act = nullable(focused.getAttribute("data-act")) if focused is not None else None
        fresh = document.createElement("div")
        fresh.innerHTML = markup
        for selector in (".gt-review-steps", ".gt-review-where"):
            bar.querySelector(selector).replaceWith(fresh.querySelector(selector))
        slider.max = str(self.review.total)
        slider.value = str(self.review.at)
        group = bar.querySelector(".gt-review-bar")
        group.setAttribute("data-at", str(self.review.at))
        group.setAttribute("data-total", str(self.review.total))
        slider.setAttribute(
            "aria-valuetext", fresh.querySelector("#gt-review-range").getAttribute("aria-valuetext")
        )
        if act is not None and str(act).startswith("review-"):
            again = nullable(bar.querySelector(f'[data-act="{act}"]:not([disabled])'))
            (again or slider).focus()  # at an end the slider keeps the keyboard

    # ---- the chart and the log -----------------------------------------------------------------
    def history(self):
        """The score history as the viewer saw it, kept until the match or the viewer changes."""
        match, viewer = self.table.match, self.viewer()
        key = (match, viewer, match.states[-1])
        if self._history[0] != key:
            self._history = (key, history(match, self.controller, viewer))
        return self._history[1]

    def styles(self):
        return [self.controller.seat_style(seat) for seat in range(len(self.table.match.seats))]

    def render_chart(self):
        box = self.el("gt-chart")
        match = self.table.match
        if match is None or (self.review is None and not match.is_over()):
            box.innerHTML = ""
            return
        at = self.review.at if self.review is not None else None
        box.innerHTML = html_isolates(
            score_chart(self.history(), self.names(), self.styles(), self.tr, at)
        )

    def log_entries(self):
        return self.table.log_entries(self.controller, self.viewer())

    def render_log(self):
        """The log: only entries that changed are written (a long game's log is large), then
        the entry shown on the board and the one under review are marked."""
        log = self.el("gt-log")
        entries = self.log_entries()
        drawn = self.log_drawn
        keep = 0
        while keep < min(len(drawn), len(entries)) and drawn[keep] is entries[keep]:
            keep += 1
        if keep == 0:
            log.innerHTML = ""  # told again (a language, a viewer, another match)
        while log.children.length > keep:  # taken back
            log.lastElementChild.remove()
        if len(entries) > keep:
            log.insertAdjacentHTML("beforeend", html_isolates(views.log_items(entries[keep:])))
        self.log_drawn = entries
        self._pressed()
        current = self.review.move_index() if self.review is not None else None
        old = nullable(log.querySelector("[aria-current]"))
        if old is not None:
            old.removeAttribute("aria-current")
        if current is None:
            log.scrollTop = log.scrollHeight
            return
        item = nullable(log.querySelector(f'[data-entry="{current}"]'))
        if item is not None:  # keep the move under review in sight, inside the log only
            item.setAttribute("aria-current", "step")
            top = item.offsetTop - log.offsetTop
            if top < log.scrollTop or top > log.scrollTop + log.clientHeight - item.offsetHeight:
                log.scrollTop = max(0, top - log.clientHeight / 2)

    # ---- a move pointed at in the log --------------------------------------------------------------
    def mark(self, index, sticky=False):
        """Show log entry `index`'s move on the board; a tap keeps it (`sticky`) until tapped
        again, pointing shows it while the pointer stays."""
        match = self.table.match
        if match is None or not 0 <= index < len(match.log) or is_entropy(match.log[index]):
            return
        if sticky and self.sticky and self.marked == index:
            self.unmark()
            return
        if self.marked != index:
            self.el("gt-layer-mark").innerHTML = self.controller.mark_markup(
                match.states[index], match.log[index], match.states[index + 1]
            )
        self.marked = index
        self.sticky = sticky or (self.sticky and self.marked == index)
        self._pressed()

    def unmark(self, pointer_only=False):
        """Clear the highlighted move (`pointer_only`: unless a tap made it stay)."""
        if self.marked is None or (pointer_only and self.sticky):
            return
        self.marked = None
        self.sticky = False
        layer = self.el("gt-layer-mark")
        if layer is not None:
            layer.innerHTML = ""
        self._pressed()

    def _pressed(self):
        """The entry shown on the board is the pressed one (two attributes set, not the log)."""
        log = self.el("gt-log")
        if log is None:
            return
        old = nullable(log.querySelector('[aria-pressed="true"]'))
        if old is not None:
            old.setAttribute("aria-pressed", "false")
        if self.marked is not None:
            now = nullable(log.querySelector(f'[data-entry="{self.marked}"]'))
            if now is not None:
                now.setAttribute("aria-pressed", "true")

    def tap_entry(self, index):
        """A tap or click on a log entry: in a review, go to the position that move made;
        else keep its move shown on the board (the board scrolls into sight if it is away)."""
        if self.review is not None:
            self.review_to(self.review.position_after(index))
            return
        self.mark(index, sticky=True)
        board = self.el("gt-board")
        rect = board.getBoundingClientRect()
        if self.marked is not None and (rect.bottom < 0 or rect.top > window.innerHeight):
            board.scrollIntoView()

    # ---- the end ---------------------------------------------------------------------------------
    def result_dialog(self):
        """Who won, the final table (every category, every player), what final scoring gave,
        the score history; then review, play again, a new game or a look at the board."""
        tr, table = self.tr, self.table
        state, game = table.state, table.game
        names = self.names()
        winners = game.winners(state)
        styles = self.styles()
        body = (
            breakdown_table(
                tr,
                game.id,
                names,
                game.score_breakdown(state),
                game.scores(state),
                winners,
                styles,
                self.controller.result_notes(state, tr),
            )
            + self.controller.result_markup(state, names, tr)
            + score_chart(self.history(), names, styles, tr)
        )
        self.show_dialog(
            "result",
            result_card(
                tr,
                result_title(tr, names, winners, table.you()),
                body,
                [
                    ("review", "story.review_game", True),
                    ("rematch", "gt.rematch", False),
                    ("new", "gt.new", False),
                    ("dialog-close", "gt.close", False),
                ],
            ),
        )
