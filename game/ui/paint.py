"""The table as last drawn, kept for the next start: assets/paint.js shows this copy while Python
starts (a revisit, a reload), when it is the table Python is about to draw. One copy only, the
last drawn game, so that it takes little room; the format is described in assets/paint.js.

Kept after every full redraw of a match that is kept in its slot, in the words it was drawn in
and under the build's key of the drawing (boot.js hands it over, `bridge.build`). Not kept: in
an embed (the site's own copy stays), during a review, and while a hand is shown to the seat the
device was handed to (the next start shows the curtain, never a hand). A match the store refused
takes its copy with it (it would be of another position, and the room is needed); a copy the
store refuses goes too. Saving never waits on this: failures pass silently.
"""

import json

from game.view.library import StoreFull

from .dom import LocalStore, Page
from .keeping import Keeping
from .scene import Scene

KEY = "bgt.paint"  # assets/paint.js PAINT_KEY
VERSION = 1  # assets/paint.js PAINT_VERSION


class Paint:
    def __init__(self, page: Page, scene: Scene, keeping: Keeping) -> None:
        self.page = page
        self.scene = scene
        self.keeping = keeping
        self.store = LocalStore()

    def keep(self) -> None:
        """Keep the table just drawn for the next start, when it is what that start draws."""
        bridge, scene = self.page.bridge, self.scene
        match = scene.table.match
        build = bridge.build
        if not bridge.storage or bridge.embed or not isinstance(build, str) or match is None:
            return
        if match.id in self.keeping.unsaved:
            self.store.remove(KEY)
            return
        if match.id is None or scene.review is not None or scene.revealed_to is not None:
            return
        record = {
            "v": VERSION,
            "build": build,
            "game": scene.game_id,
            "match": match.id,
            "moves": len(match.moves),
            "lang": scene.tr.lang,
            "html": str(self.page.host.innerHTML),
        }
        try:
            self.store.set(KEY, json.dumps(record, ensure_ascii=False))
        except StoreFull:
            self.store.remove(KEY)
