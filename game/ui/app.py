"""The game table in the page, composed of its parts (each holds what it needs, nothing more):

  Page      dom.py       boot.js's handshake object, the element the table draws into
  Scene     scene.py     what the parts share: the game and match on the table, the words, who
                         sees the board and whether the person at the device may act now
  Voice     voice.py     what a screen reader hears (the one live status line) and where the
                         keyboard's focus lands
  Dialogs   dialogs.py   the dialog box (modal), "How to play" and the board in words
  Story     story.py     the log, the move marked on the board, the review, the end dialog
  Keeping   keeping.py   the matches kept on this device, saving, the hand-over, files out
  Screen    screen.py    the frame, the board's layers and everything beside it
  Flow      flow.py      what happens when: opening, starting, arriving, playing, the computer
  Inputs    inputs.py    clicks, keys and the pointer -> the flow, the story, the board

A part refers only to parts listed above it, so none imports one that imports it. The pure
decisions and all markup are game/view's and each game's (tested in CPython); the parts set
them into the page. The handshake with assets/boot.js is described in game/ui/__init__.py.
"""

from typing import Any

from js import Date, document, window

from game import games
from game.view.i18n import Translator, load_table
from game.view.library import Library, MemoryStore

from .dialogs import Dialogs
from .dom import LocalStore, Page, new_match_id, nullable, random_bits
from .flow import Flow
from .inputs import Inputs
from .keeping import Keeping
from .scene import Scene
from .screen import Screen
from .story import Story
from .voice import Voice


class App:
    def __init__(self, bridge: Any, strings: dict[str, Any]) -> None:
        self.page = page = Page(bridge)
        library = Library(
            LocalStore() if bridge.storage else MemoryStore(), lambda: int(Date.now())
        )
        library.migrate(games.ids(), new_match_id)
        device = library.device_key(lambda: random_bits(256).to_bytes(32, "big"))
        game_id = str(bridge.game)
        tr = Translator(strings, str(bridge.lang or "en"))
        self.scene = scene = Scene(
            tr, game_id, games.controller(game_id), library.prefs(game_id), device
        )
        self.voice = voice = Voice(page, scene)
        self.dialogs = dialogs = Dialogs(page, scene, voice)
        self.story = story = Story(page, scene, voice, dialogs)
        self.keeping = keeping = Keeping(page, scene, voice, library)
        self.screen = screen = Screen(page, scene, voice, story, keeping)
        self.flow = flow = Flow(page, scene, voice, dialogs, story, keeping, screen, strings)
        self.inputs = Inputs(page, scene, voice, screen, story, dialogs, keeping, flow)
        self.inputs.listen()
        for target, event in ((window, "pagehide"), (document, "visibilitychange")):
            page.listen(target, event, lambda event: keeping.retry_saving())
        bridge.open = page.proxy(flow.open)
        bridge.setLang = page.proxy(flow.set_lang)
        bridge.close = page.proxy(flow.close)
        bridge.forget = page.proxy(keeping.forget)


def start() -> App:
    """Called by main.py: read the strings, make the table, open the first game."""
    bridge = window.bgt
    bridge.stage("game")
    app = App(bridge, load_table("assets/strings.json"))
    app.flow.open(str(bridge.game), nullable(bridge.match))
    return app
