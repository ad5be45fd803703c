"""The game table in the page: DOM glue around the pure parts (game/view: table.py, widgets.py,
and each game's board controller, made by `games.controller(id)`). Follows the handshake with assets/boot.js described in
game/ui/__init__.py.

Updates cross the Python<->JS boundary once per layer: the board layer is set when the position
changes, the overlay layer (previews, hints) when the pointer moves to another target, the side
panel when anything it shows changes. The computer thinks in slices of about 12 ms with a yield
to the browser in between, so the page keeps answering while it thinks.
"""

import asyncio

from js import document, performance, window
from pyodide.ffi import create_proxy

from game import games
from game.core import BadData, IllegalMove
from game.view import frame
from game.view import widgets as views
from game.view.ending import result_title
from game.view.i18n import Translator, load_table
from game.view.markup import html_isolates, tag
from game.view.table import Table

from .dialogs import Dialogs
from .dom import closest, next_frame, nullable
from .inputs import Inputs
from .keeping import Keeping
from .story import Storyteller

SLICE_SECONDS = 0.012
MIN_THINK_SECONDS = 0.35  # a computer move that appears instantly is easy to miss
MAX_THINK_SECONDS = 0.9  # wall clock, yields included: a decision never takes over a second
MODAL = ("new", "summary", "result", "curtain", "arrival")  # dialogs during which nobody moves


class App(Dialogs, Inputs, Keeping, Storyteller):
    def __init__(self, bridge, strings):
        self.bridge = bridge
        self.strings = strings
        self.tr = Translator(strings, str(bridge.lang or "en"))
        self.host = document.getElementById(str(bridge.boardHost or "board-host"))
        self.game_id = None
        self.table = None
        self.controller = None
        self.generation = 0  # bumps whenever the match changes under a thinking computer
        self.thinking = None  # the search in progress, if any
        self.dialog = None  # name of the open dialog
        self.summary_shown = None  # the board's summary on show (e.g. a finished round)
        self.revealed_to = None  # hidden hands: the seat the screen was last handed to
        self.review = self.review_controller = None  # the review on show and its board (story.py)
        self.marked, self.sticky = None, False  # the log entry shown on the board
        self.pointer_at = None  # where the pointer last moved over the board (client x, y)
        self.log_drawn = []  # the log's entries now in the page (story.py)
        self._history = (None, None)  # the score history and what it was made from
        self.howto_shown = None  # "How to play" on show: the topic asked for ("" for none)
        self.more_open = False  # the "More" drawer (small screens)
        self.view_serial = 0  # a new match: the board's view starts again (board-nav.js)
        self.cursor_serial = 0  # bumps with every key or tap that moves the board's cursor
        self.active = False
        self._proxies = []
        self._tasks = set()
        for target, event, handler in (
            (self.host, "click", self.on_click),
            (self.host, "submit", self.on_submit),
            (self.host, "change", self.on_change),
            (self.host, "input", self.on_input),
            (self.host, "focusin", self.on_focus),
            (self.host, "pointermove", self.on_pointer),
            (self.host, "pointerleave", self.on_leave),
            (self.host, "contextmenu", self.on_context),
            (document, "keydown", self.on_key),
        ):
            target.addEventListener(event, self._proxy(handler))
        bridge.open = self._proxy(self.open)
        bridge.setLang = self._proxy(self.set_lang)
        bridge.close = self._proxy(self.close)
        bridge.forget = self._proxy(self.forget)
        self.init_keeping()

    def _run(self, coroutine):
        """Run a coroutine as a task, keeping a reference until it ends (else it may vanish)."""
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _proxy(self, fn):
        proxy = create_proxy(fn)
        self._proxies.append(proxy)  # keep a reference while JS holds it
        return proxy

    def el(self, element_id):
        return nullable(document.getElementById(element_id))

    # ---- called by boot.js ------------------------------------------------------------------------
    def open(self, game_id, match_id=None):
        """Show a game: the match `match_id`, a link in the address, the game's latest match in
        progress, or the new-game form (game/ui/keeping.py decides)."""
        self.generation += 1
        self.active = True
        self.thinking = None
        self.retry_saving()
        self.show_game(str(game_id))
        self.resume(nullable(match_id))
        if self.table.match is None:
            self.render()
        else:
            self.after_change()  # the result, or the curtain of a hot-seat game with hands
        if self.bridge.howto:  # the picker's "How to play" opened this game
            self.bridge.howto = False
            self.show_howto()
        self.bridge.ready(self.game_id)

    def show_game(self, game_id):
        """An empty table for `game_id`: its board, its preferences, the frame."""
        self.game_id = game_id
        self.summary_shown = self.dialog = self.revealed_to = self.howto_shown = None
        self.more_open = False
        self.review = self.review_controller = self.marked = None
        self.controller = games.controller(game_id)
        self.prefs = self.library.prefs(game_id)
        self.controller.hints = self.prefs.get("hints", True)
        self.table = Table(game_id, self.tr)
        self._build()

    def set_lang(self, lang):
        self.tr = Translator(self.strings, str(lang))
        if self.table is None:
            return
        self.table.tr = self.tr
        dialog, rules = self.dialog, self.howto_shown
        self._build()
        self.render()
        if rules is not None:
            self.show_howto(rules or None)
        if dialog == "new":
            self.new_game_dialog()
        elif dialog == "summary":
            self.summary_dialog()
        elif dialog == "result":
            self.result_dialog()
        elif dialog == "curtain":
            self.curtain_dialog()
        elif dialog == "arrival":
            self.ask_arrival()

    def close(self):
        self.active = False
        self.generation += 1  # a thinking computer stops at its next slice
        self.thinking = None

    # ---- building and drawing ----------------------------------------------------------------
    def _build(self):
        state = self.table.state if self.table.match else None
        viewbox = self.controller.viewbox(state) if state is not None else "0 0 100 100"
        self.host.innerHTML = tag(
            "svg",
            self.controller.defs(),
            class_="gt-defs",
            width="0",
            height="0",
            aria_hidden="true",
        ) + frame.layout(self.tr, self.game_id, viewbox, self.controller)
        self.el("gt-more").classList.toggle("gt-open", self.more_open)
        self.keep_markup = None  # the frame is new: its notices are drawn again
        self.log_drawn = []  # the log's entries now in the page (story.py)

    def viewer(self):
        """The seat whose eyes the board is drawn for: the person to move; else the only person
        at the table; else nobody in particular (public information only). With hidden hands
        and several people at one device, nobody until the screen was handed over."""
        match = self.table.match
        humans = [k for k, seat in enumerate(match.seats) if seat["kind"] == "human"]
        seat = match.current_player()
        if self.controller.hidden_hands and len(humans) > 1:
            return self.revealed_to
        if seat is not None and seat in humans:
            return seat
        return humans[0] if len(humans) == 1 else None

    def render(self):
        self.render_board()
        self.render_overlay()
        self.render_side()

    def render_board(self):
        layer = self.el("gt-layer-board")
        if self.table.match is None:
            layer.innerHTML = ""
            return
        state, controller = self.position()
        svg = self.el("gt-board")
        svg.setAttribute("viewBox", controller.viewbox(state))
        # a review shows a finished round as the table did then: with its scoring
        summary = self.summary_shown if self.review is None else controller.summary_after(state)
        layer.innerHTML = controller.board_markup(state, self.viewer(), summary)
        self.unmark(pointer_only=True)
        svg.dataset.last = controller.focus_box(state) or ""
        svg.dataset.view = str(self.view_serial)

    def interactive(self):
        table = self.table
        return (
            table is not None
            and table.match is not None
            and table.human_to_move()
            and self.summary_shown is None
            and self.thinking is None
            and self.dialog not in MODAL
            and self.review is None
            and self.viewer() == table.to_move()
        )

    def render_overlay(self):
        """Previews and hints on the board, and the magnified pick over it."""
        markup = pick = ""
        if self.table.match is not None and self.summary_shown is None and self.review is None:
            markup = self.controller.overlay_markup(
                self.table.state, self.viewer(), self.interactive()
            )
            if self.interactive():
                pick = self.controller.pick_markup(self.table.state, self.tr)
        self.el("gt-layer-over").innerHTML = markup
        box = self.el("gt-pick")
        box.innerHTML = pick
        box.hidden = not pick

    def render_side(self):
        """Toolbar, whose turn, the panel, the chart, the log and the notice: after anything
        happened."""
        table, tr = self.table, self.tr
        match = table.match
        idle = self.thinking is None
        reviewing = self.review is not None
        why = "story.undo_why.review" if reviewing else None
        if match is not None and not reviewing:
            refusal = match.undo_refusal()
            why = f"story.undo_why.{refusal}" if refusal else None
        can_redo = match is not None and idle and not reviewing and match.can_redo()
        self.el("gt-tools").innerHTML = frame.toolbar(
            tr, why is None, can_redo, self.more_open, undo_why=why, reviewing=reviewing
        )
        self.el("gt-menu").innerHTML = frame.menu(
            tr, can_redo, self.controller.hints, self.controller.has_hints, self.game_id
        )
        self.render_keep()
        self.render_review()
        if match is None:
            for element_id in ("gt-turn", "gt-panel", "gt-details", "gt-log", "gt-chart"):
                self.el(element_id).innerHTML = ""
            self.log_drawn = []
            return
        seat = table.to_move()
        winners = table.game.winners(table.state)
        self.el("gt-turn").innerHTML = html_isolates(
            views.turn_line(
                tr,
                table.name(seat) if seat is not None else "",
                not idle,
                match.is_over(),
                yours=seat is not None and seat == table.you(),
                why=self.controller.howto_topic(table.state) if self.interactive() else None,
                result=result_title(tr, table.names(), winners, table.you()) if winners else "",
                reviewing=reviewing,
            )
        )
        self.render_panel()
        self.el("gt-details").innerHTML = html_isolates(
            self.controller.details_markup(
                table.state, self.viewer(), table.names(), tr, you=table.you()
            )
        )
        self.render_chart()
        self.render_log()
        self.el("gt-notice").textContent = table.notice_text(self.controller, self.viewer())

    def render_panel(self):
        """Only the board's panel: what a pointer move or a panel button can change."""
        match = self.table.match
        if match is None:
            return
        panel = self.el("gt-panel")
        focused = closest(document.activeElement, "#gt-panel [data-act]")
        state, controller = self.position()
        panel.innerHTML = html_isolates(
            controller.panel_markup(
                state,
                self.viewer(),
                self.names(),
                self.tr,
                self.interactive(),
                you=self.table.you(),
            )
        )
        if focused is not None:  # keyboard play: focus stays in the panel, not lost to the page
            again = nullable(
                panel.querySelector(f'[data-act="{focused.dataset.act}"]:not([disabled])')
            )
            again = again or nullable(panel.querySelector("button[data-act]:not([disabled])"))
            if again is not None:
                again.focus()

    # ---- dialogs -------------------------------------------------------------------------------------
    def after_change(self):
        """Whatever a new position asks for: a summary, the result, a curtain, the computer."""
        if self.summary_shown is None and self.dialog is None and self.table.match.is_over():
            self.result_dialog()
        elif self.dialog is None and self._needs_curtain():
            self.revealed_to = None
            self.curtain_dialog()
        self.render()
        self.maybe_think()

    # ---- starting, saving (game/ui/keeping.py keeps the games) -----------------------------------
    def _fresh_match(self):
        self.generation += 1
        self.view_serial += 1
        self.thinking = None
        self.summary_shown = self.revealed_to = None
        self.review = self.review_controller = None
        self.unmark()
        self.hide_dialog()
        self.autosave()
        self.after_change()

    def start_from_form(self, form):
        data = {}
        for element in form.elements.to_py():
            if element.name:
                data[str(element.name)] = (
                    bool(element.checked) if str(element.type) == "checkbox" else str(element.value)
                )
        game = self.table.game
        seats = views.seats_from_form(self.tr, game, data)
        try:
            options = self.controller.read_options(data)
            undo = views.undo_from_form(data)
            self.new_match(
                lambda seed, match_id: self.table.start(
                    seats, seed=seed, options=options, undo=undo, match_id=match_id
                )
            )
        except BadData as e:
            self.error_dialog("gt.load_failed", e)
            return
        if self.controller.has_hints:
            self.controller.hints = data.get("hints", True)
        self.prefs.update(hints=self.controller.hints, seats=seats, undo=undo)
        self.library.set_prefs(self.game_id, self.prefs)
        self._fresh_match()

    def download_save(self):
        self.download(f"{self.game_id}-game.json", self.table.save_text())

    # ---- playing ------------------------------------------------------------------------------------
    def play(self, move):
        try:
            self.table.play(move)
        except IllegalMove as e:
            self.table.notice = ("gt.illegal", {"reason": str(e)})
            self.render_side()
            return
        self.generation += 1
        self.summary_shown = self.controller.summary_after(self.table.state)
        if self.summary_shown is not None:
            self.summary_dialog()
        self.autosave()
        self.after_change()
        performance.mark("move-rendered")

    def maybe_think(self):
        table = self.table
        if (
            not self.active
            or table is None
            or table.match is None
            or not table.ai_to_move()
            or self.thinking is not None
            or self.summary_shown is not None
            or self.dialog in MODAL
            or self.review is not None
        ):
            return
        self._run(self.think())

    async def think(self):
        generation = self.generation
        claim = self.thinking = object()  # claimed at once: no second search starts meanwhile
        await next_frame()  # the move that handed over the turn is on screen first
        if generation != self.generation or not self.active:
            if self.thinking is claim:
                self.thinking = None
            return
        search = self.table.search()
        self.thinking = search
        self.render_side()
        self.render_overlay()
        started = performance.now()
        while not search.done:
            search.run(SLICE_SECONDS)
            await asyncio.sleep(0)  # let the browser paint and answer input
            if generation != self.generation or not self.active:
                return  # the match changed (new game, undo, load): drop this search
            if (performance.now() - started) / 1000 >= MAX_THINK_SECONDS:
                break  # a slow device: play the best move found so far
        rest = MIN_THINK_SECONDS - (performance.now() - started) / 1000
        if rest > 0:
            await asyncio.sleep(rest)
        if generation != self.generation or not self.active:
            return
        self.thinking = None
        self.play(search.best_move())


def start():
    """Called by main.py: read the strings, make the table, open the first game."""
    bridge = window.bgt
    bridge.stage("game")
    app = App(bridge, load_table("assets/strings.json"))
    app.open(str(bridge.game), nullable(bridge.match))
    return app
