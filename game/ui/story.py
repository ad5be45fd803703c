"""The story of the match in the page: the log's entries and the move each one shows on the
board, the review of the whole game with its score chart, and the end dialog. The markup and
every decision come from game/view (story.py, review.py, chart.py, ending.py) and the game's
board controller; this only sets it into the page. Whoever changes what the board shows draws
again (the flow, flow.py, or the input, inputs.py): the story never draws the board itself.

A review reads the match and never changes it: while it is open nobody plays (the computer
waits), undo and redo wait, and the board shows each position as the viewing seat saw it then
(`Scene.position`: with hidden hands, that seat's view).
"""

from typing import Any

from js import document, window

from game import games
from game.core.savefile import is_move
from game.view import widgets as views
from game.view.chart import HEIGHT as CHART_HEIGHT
from game.view.chart import score_chart
from game.view.ending import breakdown_table, result_card, result_title
from game.view.markup import html_isolates, tag
from game.view.review import Review, history, review_bar, said
from game.view.story import LogEntry

from .dialogs import Dialogs
from .dom import Page, nullable
from .scene import Scene
from .voice import Voice

REVIEW_CHART = 100  # the chart's height beside a review (units of a 320 wide chart)


class Story:
    def __init__(self, page: Page, scene: Scene, voice: Voice, dialogs: Dialogs) -> None:
        self.page = page
        self.scene = scene
        self.voice = voice
        self.dialogs = dialogs
        self.marked: int | None = None  # the log entry whose move is shown on the board
        self.sticky = False  # ... and it stays (a tap), not only while pointed at
        self.mark_serial = 0  # bumps with every tap that marks a move: it comes into view
        self.log_drawn: list[LogEntry] = []  # the log's entries now in the page
        self._history: tuple[Any, list[list[int]]] = (None, [])  # the score history, its source

    def frame_new(self) -> None:
        """The frame was built again: its log is empty."""
        self.log_drawn = []

    # ---- the review ---------------------------------------------------------------------------
    def open_review(self) -> None:
        """Look back at the game, from the position now. The computer stops thinking and waits
        until the review is closed."""
        scene = self.scene
        if scene.table.match is None:
            return
        scene.halt()  # a thinking computer drops its search
        self.voice.opened("gt-review")
        if scene.dialog == "result":
            self.dialogs.hide_dialog()
        scene.review = Review(scene.table.match)
        self._review_position()

    def focus_review(self) -> None:
        """The keyboard goes to the review's way back (once the review is drawn)."""
        self.voice.focus(self.page.el("gt-review").querySelector("[data-act=review-live]"))

    def close_review(self) -> None:
        if self.scene.review is None:
            return
        self.scene.review = self.scene.review_controller = None
        self.unmark()
        self.voice.closed("gt-review")

    def tell_review(self) -> None:
        """Say where the review stands and the move that led there."""
        review = self.scene.review
        if review is not None:
            self.voice.add(said(self.scene.tr, review, self.review_told(review)))

    def review_told(self, review: Review) -> str:
        """The log's sentence of the move that led to the position under review ("" before
        the first)."""
        index = review.move_index()
        if index is None:
            return ""
        return next((e.told.text for e in self.log_entries() if e.log_index == index), "")

    def review_to(self, k: int) -> bool:
        """Show position k; True when the position shown changed."""
        review = self.scene.review
        if review is None or not review.go(k):
            return False
        self._review_position()
        return True

    def review_step(self, how: str) -> bool:
        """ "first", "prev", "next" or "last"; True when the position shown changed."""
        review = self.scene.review
        if review is None or not review.step(how):
            return False
        self._review_position()
        return True

    def _review_position(self) -> None:
        """A fresh board for each position: it draws exactly what opening that position would."""
        controller = games.controller(self.scene.game_id)
        controller.hints = False
        self.scene.review_controller = controller
        self.unmark()

    def render_review(self) -> None:
        """The review's bar. While it shows, only its steps and words are set again: the
        slider stays the element being dragged, and the keyboard stays where it was."""
        bar = self.page.el("gt-review")
        review = self.scene.review
        if review is None:
            bar.hidden = True
            bar.innerHTML = ""
            return
        markup = html_isolates(review_bar(self.scene.tr, review, self.review_told(review)))
        slider = nullable(bar.querySelector("#gt-review-range"))
        if slider is None:  # the score chart beside the review (render_chart)
            bar.innerHTML = markup + tag("div", id="gt-review-chart", class_="gt-chart-box")
            bar.hidden = False
            return
        focused = nullable(document.activeElement)
        act = nullable(focused.getAttribute("data-act")) if focused is not None else None
        fresh = document.createElement("div")
        fresh.innerHTML = markup
        for selector in (".gt-review-steps", ".gt-review-where"):
            bar.querySelector(selector).replaceWith(fresh.querySelector(selector))
        slider.max = str(review.total)
        slider.value = str(review.at)
        group = bar.querySelector(".gt-review-bar")
        group.setAttribute("data-at", str(review.at))
        group.setAttribute("data-total", str(review.total))
        slider.setAttribute(
            "aria-valuetext", fresh.querySelector("#gt-review-range").getAttribute("aria-valuetext")
        )
        if act is not None and str(act).startswith("review-"):
            again = nullable(bar.querySelector(f'[data-act="{act}"]:not([disabled])'))
            (again or slider).focus()  # at an end the slider keeps the keyboard

    # ---- the chart and the log -----------------------------------------------------------------
    def history(self) -> list[list[int]]:
        """The score history as the viewer saw it, kept until the match or the viewer changes."""
        scene = self.scene
        match, viewer = scene.table.match, scene.viewer()
        assert match is not None
        key = (match, viewer, match.states[-1])
        if self._history[0] != key:
            self._history = (key, history(match, scene.controller, viewer))
        return self._history[1]

    def styles(self) -> list[tuple[str, str]]:
        scene = self.scene
        return [scene.controller.seat_style(seat) for seat in range(len(scene.names()))]

    def render_chart(self) -> None:
        """The score chart: under the review's bar while a review is open (low, so the board
        keeps its room), else in "More" once the game is over."""
        scene = self.scene
        box = self.page.el("gt-chart")
        box.innerHTML = ""
        match = scene.table.match
        if match is None or (scene.review is None and not match.is_over()):
            return
        if scene.review is not None:
            box, at, height = self.page.el("gt-review-chart"), scene.review.at, REVIEW_CHART
        else:
            at, height = None, CHART_HEIGHT
        box.innerHTML = html_isolates(
            score_chart(self.history(), scene.names(), self.styles(), scene.tr, at, height)
        )

    def log_entries(self) -> list[LogEntry]:
        scene = self.scene
        return scene.table.log_entries(scene.controller, scene.viewer())

    def render_log(self) -> None:
        """The log: only entries that changed are written (a long game's log is large), then
        the entry shown on the board and the one under review are marked."""
        log = self.page.el("gt-log")
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
        review = self.scene.review
        current = review.move_index() if review is not None else None
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
    def mark(self, index: int, sticky: bool = False) -> None:
        """Show log entry `index`'s move on the board; a tap keeps it (`sticky`) until tapped
        again, pointing shows it while the pointer stays."""
        match = self.scene.table.match
        if match is None or not 0 <= index < len(match.log) or not is_move(match.log[index]):
            return
        if sticky and self.sticky and self.marked == index:
            self.unmark()
            return
        if self.marked != index:
            self.page.el("gt-layer-mark").innerHTML = self.scene.controller.mark_markup(
                match.states[index], match.log[index], match.states[index + 1]
            )
        self.marked = index
        self.sticky = sticky or (self.sticky and self.marked == index)
        self._pressed()

    def unmark(self, pointer_only: bool = False) -> None:
        """Clear the highlighted move (`pointer_only`: unless a tap made it stay)."""
        if self.marked is None or (pointer_only and self.sticky):
            return
        self.marked = None
        self.sticky = False
        layer = self.page.el("gt-layer-mark")
        if layer is not None:
            layer.innerHTML = ""
        self._pressed()

    def _pressed(self) -> None:
        """The entry shown on the board is the pressed one (two attributes set, not the log)."""
        log = self.page.el("gt-log")
        if log is None:
            return
        old = nullable(log.querySelector('[aria-pressed="true"]'))
        if old is not None:
            old.setAttribute("aria-pressed", "false")
        if self.marked is not None:
            now = nullable(log.querySelector(f'[data-entry="{self.marked}"]'))
            if now is not None:
                now.setAttribute("aria-pressed", "true")

    def tap_entry(self, index: int) -> bool:
        """A tap or click on a log entry: in a review, go to the position that move made (True:
        the position changed); else keep its move shown on the board (the board scrolls into
        sight if it is away)."""
        review = self.scene.review
        if review is not None:
            return self.review_to(review.position_after(index))
        self.mark(index, sticky=True)
        board = self.page.el("gt-board")
        if self.marked is not None:  # board-nav.js brings the mark into view
            self.mark_serial += 1
            board.dataset.mark = str(self.mark_serial)
        rect = board.getBoundingClientRect()
        if self.marked is not None and (rect.bottom < 0 or rect.top > window.innerHeight):
            board.scrollIntoView()
        return False

    # ---- the end ---------------------------------------------------------------------------------
    def result_dialog(self) -> None:
        """Who won, the final table (every category, every player), what final scoring gave,
        the score history; then review, play again, a new game or a look at the board."""
        scene = self.scene
        tr, table, controller = scene.tr, scene.table, scene.controller
        state, game = table.state, table.game
        names = scene.names()
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
                controller.result_notes(state, tr),
            )
            + controller.result_markup(state, names, tr)
            + score_chart(self.history(), names, styles, tr)
        )
        self.dialogs.show_dialog(
            "result",
            result_card(
                tr,
                result_title(tr, names, winners, scene.you()),
                body,
                [
                    ("review", "story.review_game", True),
                    ("rematch", "gt.rematch", False),
                    ("new", "gt.new", False),
                    ("dialog-close", "gt.close", False),
                ],
            ),
        )
