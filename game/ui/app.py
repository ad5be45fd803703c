"""The game table in the page: DOM glue around the pure parts (table.py, views.py and each game's
board controller). Follows the handshake with assets/boot.js described in game/ui/__init__.py.

Updates cross the Python<->JS boundary once per layer: the board layer is set when the position
changes, the overlay layer (preview, hints) when the pointer moves to another cell, the side
panel when anything it shows changes. The computer thinks in slices of about 12 ms with a yield
to the browser in between, so the page keeps answering while it thinks.
"""

import asyncio
import json

from js import URL, Blob, Object, document, location, navigator, performance, window
from pyodide.ffi import create_proxy, jsnull, to_js

from game.core import BadData, IllegalMove
from game.core.savefile import SaveError

from . import views
from .i18n import Translator
from .markup import esc, tag
from .table import Table

SLICE_SECONDS = 0.012
MIN_THINK_SECONDS = 0.35  # a computer move that appears instantly is easy to miss
ZOOMS = (1.0, 1.6, 2.4)
WHEEL_STEP = 60  # accumulated wheel delta per quarter turn (trackpads send many small steps)


def js_object(values):
    return to_js(values, dict_converter=Object.fromEntries)


def nullable(value):
    """None for JS null (Pyodide gives `jsnull`, not None) and undefined."""
    return None if value is None or value is jsnull else value


def closest(element, selector):
    """element.closest(selector), or None (also for targets that are not elements)."""
    if getattr(element, "closest", None) is None:
        return None
    return nullable(element.closest(selector))


def boards():
    """Game id -> board controller factory, for the games whose board is built."""
    from game.toscana.board import ToscanaBoard
    from game.toscana.draw import VIEWBOX, defs
    return {"toscana": (ToscanaBoard, VIEWBOX, defs)}


class Storage:
    """localStorage when the page may use it (not in a cross-site embed with storage refused)."""

    def __init__(self, enabled):
        self.enabled = bool(enabled)

    def get(self, key):
        if not self.enabled:
            return None
        try:
            text = nullable(window.localStorage.getItem(key))
            return None if text is None else json.loads(text)
        except Exception:  # noqa: BLE001 - refused, full or damaged: behave as if empty
            return None

    def set(self, key, value):
        if not self.enabled:
            return False
        try:
            window.localStorage.setItem(key, json.dumps(value))
            return True
        except Exception:  # noqa: BLE001
            return False


class App:
    def __init__(self, bridge, table_strings):
        self.bridge = bridge
        self.strings = table_strings
        self.tr = Translator(table_strings, str(bridge.lang or "en"))
        self.storage = Storage(bridge.storage)
        self.host = document.getElementById(str(bridge.boardHost or "board-host"))
        self.game_id = None
        self.table = None
        self.board = None
        self.generation = 0  # bumps whenever the match changes under a thinking computer
        self.thinking = None  # the search in progress, if any
        self.dialog = None  # name of the open dialog
        self.round_shown = None  # a finished round on show (Toscana's round end)
        self.zoom = 0
        self.wheel = 0
        self.active = False
        self.prefs = self.storage.get("bgt.prefs") or {}
        self._proxies = {}
        self._listen(self.host, "click", self.on_click)
        self._listen(self.host, "submit", self.on_submit)
        self._listen(self.host, "change", self.on_change)
        self._listen(self.host, "pointermove", self.on_pointer)
        self._listen(self.host, "pointerleave", self.on_leave)
        self._listen(self.host, "contextmenu", self.on_context)
        self._listen(self.host, "wheel", self.on_wheel, passive=False)
        self._listen(document, "keydown", self.on_key)
        bridge.open = self._proxy(self.open)
        bridge.setLang = self._proxy(self.set_lang)
        bridge.close = self._proxy(self.close)

    def _proxy(self, fn):
        proxy = create_proxy(fn)
        self._proxies[fn.__name__] = proxy  # keep a reference: JS holds it
        return proxy

    def _listen(self, target, event, fn, passive=None):
        proxy = self._proxy(fn)
        if passive is None:
            target.addEventListener(event, proxy)
        else:
            target.addEventListener(event, proxy, js_object({"passive": passive}))

    def el(self, element_id):
        return nullable(document.getElementById(element_id))

    # ---- called by boot.js ------------------------------------------------------------------------
    def open(self, game_id):
        game_id = str(game_id)
        self.generation += 1
        self.active = True
        self.game_id = game_id
        self.round_shown = None
        self.dialog = None
        available = boards()
        if game_id not in available:
            self.table = self.board = None
            self.host.innerHTML = self._coming_soon(game_id)
            self.bridge.ready(game_id)
            return
        board_class, viewbox, defs = available[game_id]
        self.board = board_class()
        self.board.hints = self.prefs.get("hints", True)
        self.viewbox = viewbox
        self.defs = defs()
        self.table = Table(game_id, self.tr)
        self._build()
        if not self._resume():
            self.new_game_dialog()
        self.render()
        self.bridge.ready(game_id)
        self.maybe_think()

    def set_lang(self, lang):
        self.tr = Translator(self.strings, str(lang))
        if self.table is not None:
            self.table.tr = self.tr
            self._build()
            self.render()
            if self.dialog == "new":
                self.new_game_dialog()
        elif self.game_id:
            self.host.innerHTML = self._coming_soon(self.game_id)

    def close(self):
        self.active = False
        self.generation += 1  # a thinking computer stops at its next slice
        self.thinking = None

    # ---- building and drawing ----------------------------------------------------------------
    def _coming_soon(self, game_id):
        tr = self.tr
        return tag("div", tag("h2", esc(tr("gt.coming_title", game=tr(f"game.{game_id}.name")))),
                   tag("p", esc(tr("gt.coming_text"))),
                   tag("a", esc(tr("gt.coming_try")), href="?game=toscana", class_="gt-primary"),
                   class_="gt-card gt-coming")

    def _build(self):
        self.host.innerHTML = (tag("svg", self.defs, class_="gt-defs", width="0", height="0",
                                   aria_hidden="true")
                               + views.layout(self.tr, self.game_id, self.viewbox))
        self._apply_zoom()

    def render(self):
        self.render_board()
        self.render_overlay()
        self.render_side()

    def render_board(self):
        state = self.table.state if self.table.match else None
        if state is None:
            markup = ""
        elif self.round_shown is not None:
            markup = self.board.round_end_markup(state, self.round_shown)
        else:
            markup = self.board.board_markup(state)
        self.el("gt-layer-board").innerHTML = markup

    def interactive(self):
        return (self.table.match is not None and self.table.human_to_move()
                and self.round_shown is None and self.thinking is None)

    def render_overlay(self):
        markup = ""
        if self.table.match is not None and self.round_shown is None:
            markup = self.board.overlay_markup(self.table.state, self.interactive())
        self.el("gt-layer-over").innerHTML = markup

    def render_side(self):
        table, tr = self.table, self.tr
        match = table.match
        self.el("gt-tools").innerHTML = views.toolbar(
            tr, match is not None and match.can_undo() and self.thinking is None,
            match is not None and match.can_redo() and self.thinking is None,
            self.board.hints, True, self.storage.enabled)
        if match is None:
            self.el("gt-turn").innerHTML = ""
            self.el("gt-panel").innerHTML = ""
            self.el("gt-log").innerHTML = ""
            return
        seat = table.to_move()
        self.el("gt-turn").innerHTML = views.turn_line(
            tr, table.name(seat) if seat is not None else "", self.thinking is not None,
            match.is_over())
        names = [s["name"] for s in match.seats]
        self.el("gt-panel").innerHTML = self.board.panel_markup(
            table.state, names, tr, self.interactive())
        log = self.el("gt-log")
        log.innerHTML = views.log_items(table.log_lines(), names)
        log.scrollTop = log.scrollHeight
        notice = table.notice
        self.el("gt-notice").textContent = table.text(*notice) if notice else ""

    # ---- dialogs -------------------------------------------------------------------------------------
    def show_dialog(self, name, markup):
        self.dialog = name
        box = self.el("gt-dialog")
        box.innerHTML = markup
        # a round's or the match's summary leaves the board in view: it is what they explain
        box.className = "gt-dialog gt-aside" if name in ("round", "result") else "gt-dialog"
        box.hidden = False
        first = nullable(box.querySelector("input, button, select"))
        if first is not None and not self.bridge.embed:
            first.focus()

    def hide_dialog(self):
        self.dialog = None
        box = self.el("gt-dialog")
        box.hidden = True
        box.innerHTML = ""

    def new_game_dialog(self):
        seats = self.prefs.get("seats") or [
            {"name": self.tr("gt.you"), "kind": "human", "level": None},
            {"name": self.tr("gt.computer"), "kind": "ai", "level": "medium"}]
        self.show_dialog("new", views.new_game_form(self.tr, self.game_id, seats,
                                                    self.board.hints, True))

    def error_dialog(self, title_key, reason):
        body = tag("p", esc(reason)) + tag("p", esc(self.tr("gt.nothing_lost")))
        self.show_dialog("error", views.message(self.tr, self.tr(title_key), body,
                                                [("dialog-close", "gt.close", True)]))

    def round_dialog(self, round_no):
        """Round end: the finished board with both largest areas and their tile counts."""
        from game.toscana.rules import round_results
        tr, table = self.tr, self.table
        result = round_results(table.state)[round_no - 1]
        lines = "".join(
            tag("li", tag("span", "", class_=f"tos-swatch tos-swatch-{result['colours'][seat]}"),
                esc(tr("toscana.round_score", player=table.name(seat),
                       colour=tr(f"toscana.colour.{result['colours'][seat]}"),
                       n=result["scores"][seat])))
            for seat in (0, 1))
        winner = result["winner"]
        verdict = (tr("toscana.round_tie") if winner is None
                   else tr("toscana.round_winner", player=table.name(winner)))
        over = table.match.is_over()
        actions = ([("result", "toscana.see_result", True)] if over
                   else [("next-round", "toscana.next_round", True)])
        self.round_shown = round_no
        self.show_dialog("round", views.message(
            tr, tr("toscana.round_over", n=round_no),
            tag("ul", lines, class_="gt-results") + tag("p", esc(verdict)), actions))

    def result_dialog(self):
        tr, table = self.tr, self.table
        game = table.game
        state = table.state
        winners = game.winners(state)
        scores = game.scores(state)
        if len(winners) == 1:
            title = tr("gt.winner", player=table.name(winners[0]))
        else:
            title = tr("gt.draw")
        rows = "".join(
            tag("li", esc(tr("gt.final_score", player=table.name(seat), n=scores[seat])),
                tag("span", esc(self._breakdown_text(parts)), class_="gt-muted"))
            for seat, parts in enumerate(game.score_breakdown(state)))
        self.show_dialog("result", views.message(
            tr, title, tag("ul", rows, class_="gt-results"),
            [("rematch", "gt.rematch", True), ("new", "gt.new", False),
             ("dialog-close", "gt.look", False)]))

    def _breakdown_text(self, parts):
        """" (round 1: 6, round 2: 17)": each part named through the table when it has a name."""
        named = []
        for name, points in parts.items():
            key = f"{self.game_id}.part.{name.replace(' ', '_')}"
            named.append(f"{self.tr(key) if self.tr.has(key) else name}: {points}")
        return f" ({', '.join(named)})" if named else ""

    # ---- starting, saving, loading ------------------------------------------------------------------
    def _resume(self):
        """A game link in the address (#m=...) or the autosave; False when there is neither."""
        hash_text = str(location.hash or "")
        if hash_text.startswith("#m="):
            window.history.replaceState(None, "", str(location.pathname) + str(location.search))
            try:
                self.table.load_link(hash_text[3:])
                self.autosave()
                return True
            except SaveError as e:
                self._resume_autosave()
                self.error_dialog("gt.link_failed", str(e))
                return True
        return self._resume_autosave()

    def _resume_autosave(self):
        saved = self.storage.get(self._save_key())
        if saved is None:
            return False
        try:
            ui = self.table.restore(saved)
        except BadData:
            return False  # a damaged autosave is ignored, never shown as a crash
        self.round_shown = ui.get("round_shown")
        if self.round_shown:
            self.round_dialog(self.round_shown)
        return True

    def _save_key(self):
        return f"bgt.{self.game_id}.autosave"

    def autosave(self):
        if self.table.match is not None:
            self.storage.set(self._save_key(),
                             self.table.autosave({"round_shown": self.round_shown}))

    def start_from_form(self, form):
        data = {}
        for element in form.elements.to_py():
            if element.name:
                data[str(element.name)] = (bool(element.checked) if str(element.type) == "checkbox"
                                           else str(element.value))
        seats = []
        for k in range(2):
            name = " ".join(data.get(f"name{k}", "").split())[:20] or self.tr("gt.seat", n=k + 1)
            kind = data.get(f"kind{k}", "human")
            seats.append({"name": name, "kind": "human" if kind == "human" else "ai",
                          "level": None if kind == "human" else kind[3:]})
        if data.get("first") == "1":
            seats.reverse()
        self.board.hints = data.get("hints", True)
        self.prefs.update(hints=self.board.hints, seats=seats)
        self.storage.set("bgt.prefs", self.prefs)
        self.generation += 1
        self.thinking = None
        self.round_shown = None
        self.table.start(seats, seed=self._fresh_seed())
        self.hide_dialog()
        self.autosave()
        self.render()
        self.maybe_think()

    def _fresh_seed(self):
        return int(window.Math.floor(window.Math.random() * 2147483647))

    def download_save(self):
        blob = Blob.new([self.table.save_text()], js_object({"type": "application/json"}))
        url = URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"{self.game_id}-game.json"
        link.click()
        URL.revokeObjectURL(url)

    async def load_file(self, file):
        text = str(await file.text())
        try:
            self.table.load_save(text)
        except SaveError as e:
            self.error_dialog("gt.load_failed", str(e))
            return
        self.generation += 1
        self.thinking = None
        self.round_shown = None
        self.hide_dialog()
        self.autosave()
        self.render()
        self.maybe_think()

    def share(self):
        base = str(location.origin) + str(location.pathname)
        url = f"{base}?game={self.game_id}#m={self.table.link()}"
        self.show_dialog("share", views.share_box(self.tr, url))
        field = self.el("gt-share-url")
        field.select()

    # ---- playing ------------------------------------------------------------------------------------
    def play(self, move):
        try:
            key, params = self.table.play(move)
        except IllegalMove as e:
            self.table.notice = ("gt.illegal", {"reason": str(e)})
            self.render_side()
            return
        self.generation += 1
        last = getattr(self.table.state, "last", None) or {}
        round_end = last.get("round_end") if isinstance(last, dict) else None
        if round_end:
            self.round_dialog(round_end["round"])  # shows the finished round's board
        elif self.table.match.is_over():
            self.result_dialog()
        self.autosave()
        self.render()
        performance.mark("move-rendered")
        self.maybe_think()

    def maybe_think(self):
        table = self.table
        if (not self.active or table is None or table.match is None or not table.ai_to_move()
                or self.thinking is not None or self.round_shown is not None
                or self.dialog in ("new", "round", "result")):
            return
        asyncio.ensure_future(self.think())

    async def think(self):
        generation = self.generation
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
        rest = MIN_THINK_SECONDS - (performance.now() - started) / 1000
        if rest > 0:
            await asyncio.sleep(rest)
        if generation != self.generation or not self.active:
            return
        self.thinking = None
        self.play(search.best_move())

    # ---- events -------------------------------------------------------------------------------------
    def on_click(self, event):
        if self.table is None:
            return
        target = event.target
        action = closest(target, "[data-act]")
        if action is not None:
            self.act(str(action.dataset.act))
            return
        cell = closest(target, "[data-cell]")
        if cell is not None and self.interactive() and self.dialog is None:
            x, y = (int(v) for v in str(cell.dataset.cell).split(","))
            move = self.board.tap(self.table.state, x, y)
            if move is not None:
                self.play(move)
            else:
                self.render_overlay()
                self.render_side()

    def act(self, name):
        board, state = self.board, self.table.state if self.table.match else None
        if name == "new":
            self.new_game_dialog()
        elif name == "dialog-close":
            self.hide_dialog()
            self.maybe_think()
        elif name == "undo" and self.thinking is None and self.table.undo():
            self.generation += 1
            self.round_shown = None
            self.autosave()
            self.render()
        elif name == "redo" and self.thinking is None and self.table.redo():
            self.generation += 1
            self.autosave()
            self.render()
            self.maybe_think()
        elif name == "hints":
            board.hints = not board.hints
            self.prefs["hints"] = board.hints
            self.storage.set("bgt.prefs", self.prefs)
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
        elif name in ("zoom-in", "zoom-out", "zoom-fit"):
            self.zoom = {"zoom-in": min(self.zoom + 1, len(ZOOMS) - 1),
                         "zoom-out": max(self.zoom - 1, 0), "zoom-fit": 0}[name]
            self._apply_zoom()
        elif name == "next-round":
            self.round_shown = None
            self.hide_dialog()
            self.autosave()
            self.render()
            self.maybe_think()
        elif name == "result":
            self.result_dialog()
        elif name == "rematch":
            self.generation += 1
            self.round_shown = None
            self.table.rematch(self._fresh_seed())
            self.hide_dialog()
            self.autosave()
            self.render()
            self.maybe_think()
        elif state is not None and self.interactive():
            self._board_action(name, state)

    def _board_action(self, name, state):
        board = self.board
        move = None
        if name == "rotate":
            board.rotate(state, 1)
        elif name == "rotate-left":
            board.rotate(state, -1)
        elif name == "place":
            move = board.confirm(state)
        elif name == "pass":
            move = board.pass_move(state)
        elif name == "veto":
            board.toggle_veto(state)
        if move is not None:
            self.play(move)
        else:
            self.render_overlay()
            self.render_side()

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
            asyncio.ensure_future(self.load_file(target.files.item(0)))
            target.value = ""

    def on_pointer(self, event):
        if str(event.pointerType) == "touch" or not self.interactive() or self.dialog:
            return  # touch has no hover: a tap chooses the spot
        cell = closest(event.target, "[data-cell]")
        if cell is None:
            return
        x, y = (int(v) for v in str(cell.dataset.cell).split(","))
        if self.board.point(self.table.state, x, y):
            self.render_overlay()
            self.render_side()

    def on_leave(self, event):
        if self.table is not None and self.table.match is not None and str(event.target.id) == "gt-board":
            if self.board.leave(self.table.state):
                self.render_overlay()

    def on_context(self, event):
        if closest(event.target, "#gt-board") is not None and self.interactive():
            event.preventDefault()
            self.board.rotate(self.table.state, 1)
            self.render_overlay()
            self.render_side()

    def on_wheel(self, event):
        if closest(event.target, "#gt-board") is None or not self.interactive() or event.ctrlKey:
            return
        event.preventDefault()
        self.wheel += float(event.deltaY)
        if abs(self.wheel) >= WHEEL_STEP:
            self.board.rotate(self.table.state, 1 if self.wheel > 0 else -1)
            self.wheel = 0
            self.render_overlay()
            self.render_side()

    def on_key(self, event):
        if not self.active or self.table is None or self.table.match is None:
            return
        key = str(event.key)
        if self.dialog is not None:
            if key == "Escape" and self.dialog not in ("round",):
                self.hide_dialog()
                self.maybe_think()
            return
        tag_name = str(getattr(event.target, "tagName", "") or "").lower()
        if tag_name in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        if key == "Enter" and tag_name == "button":
            return  # Enter on a focused button presses that button
        if not self.interactive():
            return
        move = self.board.key(self.table.state, key)
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter"):
            event.preventDefault()
        if move is not None:
            self.play(move)
        elif key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "r", "R", "v", "V",
                     "Escape", "Enter"):
            self.render_overlay()
            self.render_side()

    def _apply_zoom(self):
        board = self.el("gt-board")
        if board is not None:
            board.style.width = f"{ZOOMS[self.zoom] * 100:.0f}%"
            board.parentElement.classList.toggle("gt-zoomed", self.zoom > 0)


def start():
    """Called by main.py: read the strings, make the table, open the first game."""
    from .i18n import load_table
    bridge = window.bgt
    bridge.stage("game")
    app = App(bridge, load_table("assets/strings.json"))
    app.open(str(bridge.game))
    return app
