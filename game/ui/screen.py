"""The table on screen: the frame (built once per game and language), the board's three layers
and everything beside it, drawn from the scene (scene.py) with game/view's markup and the
game's board controller.

Updates cross the Python<->JS boundary once per layer: the board layer is set when the position
changes, the overlay layer (previews, hints) when the pointer moves to another target, the side
panel when anything it shows changes. A part beside the board is written only when its markup
changed (a key that changes nothing, Tab, redraws nothing), and the keyboard's focus inside it
stays on the same control.

What the redraw brings is told on the status line (voice.py): a new notice (the move just
played, a take-back, a refusal), whose turn it is when a person's turn begins, and, to someone
playing with the keys, the step's prompt in keyboard words (the panel is drawn with
`Translator.keyboard()` then).
"""

from typing import Any

from js import document

from game.view import frame
from game.view import widgets as views
from game.view.ending import result_title
from game.view.markup import ALERT, html_isolates, quiet, tag

from .dom import Page, closest, nullable
from .keeping import Keeping
from .scene import Scene
from .story import Story
from .voice import Voice

TOLD_ALREADY = ("story.undone", "story.redone")  # notices that say whose turn it is


class Screen:
    def __init__(
        self, page: Page, scene: Scene, voice: Voice, story: Story, keeping: Keeping
    ) -> None:
        self.page = page
        self.scene = scene
        self.voice = voice
        self.story = story
        self.keeping = keeping
        self.more_open = False  # the "More" drawer (small screens)
        self.view_serial = 0  # a new match: the board's view starts again (board-nav.js)
        self.cursor_serial = 0  # bumps with every key or tap that moves the board's cursor
        self.drawn: dict[str, str] = {}  # element id -> the markup it holds
        self.hint = ""  # the step's prompt as the panel shows it
        self.notice_told: Any = None  # the notice the status line said last
        self.seat_told: int | None = None  # whose turn it said last (None: nobody's since)
        self.step_told: int | None = None  # the log's length when it said the prompt last
        self.alerts: list[str] = []  # the panel's warnings on show (said once as they appear)

    def build(self) -> None:
        """The frame of the game on the table (its SVG defs, the board, the panels)."""
        scene = self.scene
        state = scene.table.state if scene.table.match else None
        viewbox = scene.controller.viewbox(state) if state is not None else "0 0 100 100"
        self.page.host.innerHTML = tag(
            "svg",
            scene.controller.defs(),
            class_="gt-defs",
            width="0",
            height="0",
            aria_hidden="true",
        ) + frame.layout(scene.tr, scene.game_id, viewbox, scene.controller)
        self.page.el("gt-more").classList.toggle("gt-open", self.more_open)
        self.drawn = {}
        self.keeping.frame_new()
        self.story.frame_new()
        self.voice.frame_new()

    def set_part(self, element_id: str, markup: str) -> bool:
        """Write a part of the frame when its markup changed (True then). The keyboard's focus
        in it stays on the same control (its action), else on the part's first control."""
        if self.drawn.get(element_id) == markup:
            return False
        self.drawn[element_id] = markup
        element = self.page.el(element_id)
        focused = closest(document.activeElement, f"#{element_id} [data-act]")
        element.innerHTML = markup
        if focused is not None:  # keyboard play: focus stays in the part, not lost to the page
            act = focused.getAttribute("data-act")
            again = nullable(element.querySelector(f'[data-act="{act}"]:not([disabled])'))
            again = again or nullable(element.querySelector("button[data-act]:not([disabled])"))
            if again is not None:
                self.voice.focus(again)
        return True

    def new_view(self) -> None:
        """Another match: the board's view starts again (board-nav.js)."""
        self.view_serial += 1

    def render(self) -> None:
        self.render_board()
        self.render_overlay()
        self.render_side()

    def render_board(self) -> None:
        layer = self.page.el("gt-layer-board")
        scene = self.scene
        if scene.table.match is None:
            layer.innerHTML = ""
            return
        state, controller = scene.position()
        svg = self.page.el("gt-board")
        svg.setAttribute("viewBox", controller.viewbox(state))
        # a review shows a finished round as the table did then: with its scoring
        summary = scene.summary if scene.review is None else controller.summary_after(state)
        layer.innerHTML = controller.board_markup(state, scene.viewer(), summary)
        self.story.unmark(pointer_only=True)
        svg.dataset.last = controller.focus_box(state) or ""
        # a review's position is looked at, never tapped: it has no targets and a view of its
        # own, the whole position where its text stays readable (board-nav.js)
        view = str(self.view_serial)
        if scene.review is not None:
            view += f"-{scene.review.at}"
        svg.dataset.target = "" if scene.review is not None else (controller.target_units or "")
        svg.dataset.view = view

    def render_overlay(self) -> None:
        """Previews and hints on the board, and the magnified pick over it."""
        scene = self.scene
        markup = pick = ""
        if scene.table.match is not None and scene.summary is None and scene.review is None:
            interactive = scene.interactive()
            markup = scene.controller.overlay_markup(scene.table.state, scene.viewer(), interactive)
            if interactive:
                pick = scene.controller.pick_markup(scene.table.state, scene.tr)
        self.page.el("gt-layer-over").innerHTML = markup
        box = self.page.el("gt-pick")
        box.innerHTML = pick
        box.hidden = not pick

    def render_side(self) -> None:
        """Toolbar, whose turn, the panel, the chart, the log and the notice: after anything
        happened."""
        scene, el = self.scene, self.page.el
        table, tr, controller = scene.table, scene.tr, scene.controller
        match = table.match
        idle = scene.thinking is None
        reviewing = scene.review is not None
        why = "story.undo_why.review" if reviewing else None
        if match is not None and not reviewing:
            refusal = match.undo_refusal()
            why = f"story.undo_why.{refusal}" if refusal else None
        can_redo = match is not None and idle and not reviewing and match.can_redo()
        self.set_part(
            "gt-tools",
            frame.toolbar(
                tr, why is None, can_redo, self.more_open, undo_why=why, reviewing=reviewing
            ),
        )
        self.set_part(
            "gt-menu",
            frame.menu(tr, can_redo, controller.hints, controller.has_hints, scene.game_id),
        )
        self.keeping.render_keep()
        self.story.render_review()
        if match is None:
            for element_id in ("gt-turn", "gt-panel", "gt-details"):
                self.set_part(element_id, "")
            for element_id in ("gt-log", "gt-chart"):
                el(element_id).innerHTML = ""
            self.story.frame_new()
            self.hint = ""
            return
        seat = table.to_move()
        winners = table.game.winners(table.state)
        you = scene.you()
        self.set_part(
            "gt-turn",
            html_isolates(
                views.turn_line(
                    tr,
                    table.name(seat) if seat is not None else "",
                    not idle,
                    match.is_over(),
                    yours=seat is not None and seat == you,
                    why=controller.howto_topic(table.state) if scene.interactive() else None,
                    result=result_title(tr, scene.names(), winners, you) if winners else "",
                    reviewing=reviewing,
                )
            ),
        )
        self.render_panel()
        self.set_part(
            "gt-details",
            quiet(
                html_isolates(
                    controller.details_markup(
                        table.state, scene.viewer(), scene.names(), tr, you=you
                    )
                )
            ),
        )
        self.story.render_chart()
        self.story.render_log()
        notice = table.notice_text(controller, scene.viewer())
        el("gt-notice").textContent = notice
        self.show_status(False)  # new words: the line is short again
        self.tell(notice)

    def tell(self, notice: str) -> None:
        """The status line after a redraw: a new notice; when a person's turn begins, whose
        turn it is; to someone playing with the keys, the prompt of each new step."""
        scene, table, voice = self.scene, self.scene.table, self.voice
        if table.notice != self.notice_told:  # a new one (each move makes its own)
            self.notice_told = table.notice
            voice.add(notice, first=True)  # what happened, before what it brought
        if not scene.interactive() or table.match is None:
            self.seat_told = self.step_told = None
            return
        seat, step = table.to_move(), len(table.match.log)
        if seat != self.seat_told:
            self.seat_told = seat
            key = table.notice[0] if table.notice else ""
            if not key.startswith(TOLD_ALREADY):
                yours = seat == scene.you()
                voice.add(scene.tr("gt.turn.you" if yours else "gt.turn", player=table.name(seat)))
        if step != self.step_told:
            self.step_told = step
            if voice.keyboard:
                voice.add(self.hint)

    def render_panel(self) -> None:
        """Only the board's panel: what a pointer move or a panel button can change. Its words
        are the keyboard's while the person plays with the keys; it holds no live region."""
        scene = self.scene
        if scene.table.match is None:
            return
        state, controller = scene.position()
        tr = scene.tr.keyboard() if self.voice.keyboard else scene.tr
        markup = controller.panel_markup(
            state, scene.viewer(), scene.names(), tr, scene.interactive(), you=scene.you()
        )
        if self.set_part("gt-panel", quiet(html_isolates(markup))):
            panel = self.page.el("gt-panel")
            hint = nullable(panel.querySelector(".gt-hint"))
            self.hint = str(hint.textContent) if hint is not None else ""
            alerts = [str(a.textContent) for a in panel.querySelectorAll(f"[{ALERT}]")]
            for alert in alerts:
                if alert not in self.alerts:
                    self.voice.add(alert)
            self.alerts = alerts

    def show_more(self, open_it: bool) -> None:
        """Open or close the "More" drawer (small screens; large ones show it beside the board)."""
        if open_it == self.more_open:
            return
        self.more_open = open_it
        self.page.el("gt-more").classList.toggle("gt-open", open_it)
        toggle = nullable(document.querySelector("#gt-tools [data-act=more]"))
        if toggle is not None:
            toggle.setAttribute("aria-expanded", "true" if open_it else "false")
        target = "#gt-more .gt-more-head button" if open_it else "#gt-tools [data-act=more]"
        if open_it or closest(document.activeElement, "#gt-more") is not None:
            element = nullable(document.querySelector(target))
            if element is not None:
                element.focus()

    def show_status(self, whole: bool) -> None:
        """The turn line and the notice whole over the board, or one line each in the bar."""
        box = self.page.el("gt-status")
        box.classList.toggle("gt-open", whole)
        box.querySelector("[data-act=status]").setAttribute("aria-expanded", str(whole).lower())

    def show_cursor(self) -> None:
        """The board's cursor moved (a key or a tap): board-nav.js keeps it in view."""
        box = self.scene.controller.cursor_box(self.scene.table.state)
        if box:
            self.cursor_serial += 1
            self.page.el("gt-board").dataset.cursor = f"{box} {self.cursor_serial}"
