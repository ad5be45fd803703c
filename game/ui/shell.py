"""DOM glue for the (placeholder) game table: the handshake with assets/boot.js (see __init__.py),
ONE delegated click listener, and one DOM write per update (crossing Python<->JS per element is slow).
"""

from js import document, window
from pyodide.ffi import create_proxy

from . import placeholder
from .i18n import Translator, load_table


class Shell:
    def __init__(self, bridge, strings):
        self.bridge = bridge
        self.strings = strings
        self.host = document.getElementById(bridge.boardHost or "board-host")
        self.board = None
        self._proxies = [create_proxy(f) for f in (self.on_click, self.open, self.set_lang, self.close)]
        on_click, open_, set_lang, close = self._proxies
        self.host.addEventListener("click", on_click)
        bridge.open = open_
        bridge.setLang = set_lang
        bridge.close = close

    # ---- called by boot.js
    def open(self, game_id):
        self.board = placeholder.new(game_id)
        self.render()
        self.bridge.ready(game_id)

    def set_lang(self, lang):
        self.strings = Translator(self.strings.table, lang)
        if self.board is not None:
            self.render()

    def close(self):
        pass  # nothing runs in the background yet (an AI would pause here)

    # ---- events
    def on_click(self, event):
        cell = event.target.closest("[data-cell]")
        if cell is None or self.board is None:
            return
        x, y = placeholder.parse_cell(cell.getAttribute("data-cell"))
        self.board = placeholder.toggle(self.board, x, y)
        self.render()

    def render(self):
        self.host.innerHTML = placeholder.draw(self.board, self.strings)


def start():
    bridge = window.bgt
    bridge.stage("game")
    strings = Translator(load_table("assets/strings.json"), bridge.lang or "en")
    shell = Shell(bridge, strings)
    shell.open(bridge.game or "toscana")
    return shell
