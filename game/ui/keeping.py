"""Keeping games: every match in its own slot of the library (game/view/library.py) over
localStorage, or over memory where the page may not store data (an embed on another site); the
hand-over when a link is shared; files saved; a notice that stays while the browser refuses to
store; one line about damaged data set aside. Which match comes to the table (a link, a file, a
stored one) is the flow's business (flow.py); this keeps them.

A save the store refuses is kept in memory (`unsaved`) and tried again after every move, when
the page is hidden or left, and when another match is opened: play never stops for storage.
"""

from typing import Any

from js import URL, Blob, document, location, navigator

from game.core.match import Match
from game.core.savefile import SaveError
from game.view import keeping as notes
from game.view.library import Library, mode_of

from .dom import Page, js_object, nullable, random_bits
from .scene import Scene
from .voice import Voice

Kept = tuple[Match, dict[str, Any], str]  # a match, its screen state ({"summary": ...}), mode


class Keeping:
    def __init__(self, page: Page, scene: Scene, voice: Voice, library: Library) -> None:
        self.page = page
        self.scene = scene
        self.voice = voice
        self.library = library
        self.mode: str | None = None  # how the match on the table is played: "ai", "device", "link"
        self.unsaved: dict[str, Kept] = {}  # match id -> what the store refused, kept in memory
        self.refused = False  # the store refused the latest try (the notice is on screen)
        self.damaged_told = 0  # how many damaged-data finds the player has dismissed
        self.persist_asked = False
        self.keep_markup: str | None = None  # the notice line now in the page

    def stored(self, match_id: str) -> Kept | None:
        """A stored match (its latest unsaved state if the store refused it); None when it is
        gone or was damaged (the damaged-data line then says so)."""
        if match_id in self.unsaved:
            return self.unsaved[match_id]
        try:
            return self.library.load(str(match_id))
        except SaveError:
            return None

    # ---- saving --------------------------------------------------------------------------------
    def autosave(self) -> None:
        match = self.scene.table.match
        if match is None or match.id is None:
            return
        ui = {"summary": self.scene.summary is not None}
        self.unsaved[match.id] = (match, ui, self.mode or mode_of(match))
        self.retry_saving()

    def retry_saving(self) -> None:
        """Write every match the store has refused so far; the notice goes once all are kept."""
        for match_id, (match, ui, mode) in list(self.unsaved.items()):
            if self.library.save(match, ui, mode):
                del self.unsaved[match_id]
                self.ask_persistence()
        if self.refused and not self.unsaved:
            self.scene.table.notice = ("library.saved_again", {})
        self.refused = bool(self.unsaved)
        self.render_keep()

    def forget(self, match_id: Any) -> None:
        """boot.js: the player deleted this match on the picker; never write it back."""
        self.unsaved.pop(str(match_id), None)

    def ask_persistence(self) -> None:
        """Ask once for storage the browser will not clear under pressure, where it offers it."""
        storage = nullable(getattr(navigator, "storage", None))
        if self.persist_asked or not self.page.bridge.storage or storage is None:
            return
        self.persist_asked = True
        if nullable(getattr(storage, "persist", None)) is not None:
            storage.persisted().then(lambda granted: None if granted else storage.persist())

    def save_prefs(self) -> None:
        self.library.set_prefs(self.scene.game_id, self.scene.prefs)

    def hand_over(self, match: Match) -> tuple[str, bool]:
        """Hand the game over: 64 fresh random bits mixed in (so nobody, the sender included,
        can compute chance beyond this point from the link). The link to share, and whether the
        match changed (a hand-over, or now played by link)."""
        changed = match.hand_over(random_bits(64)) or self.mode != "link"
        if changed:
            self.mode = "link"
            self.autosave()
        base = str(location.origin) + str(location.pathname)
        return f"{base}?game={self.scene.game_id}#m={match.to_link()}", changed

    # ---- the lines that stay on screen ----------------------------------------------------------
    def frame_new(self) -> None:
        """The frame was built again: its notice line is drawn afresh."""
        self.keep_markup = None

    def render_keep(self) -> None:
        element = self.page.el("gt-keep")
        if element is None:
            return
        damaged = len(self.library.problems) > self.damaged_told
        markup = notes.keep_line(self.scene.tr, self.refused, damaged)
        if markup != self.keep_markup:  # only real changes are drawn, and said
            self.keep_markup = markup
            element.innerHTML = markup
            for line in element.querySelectorAll(".gt-keep-line > span"):
                self.voice.add(str(line.textContent))

    def dismiss_damaged(self) -> None:
        self.damaged_told = len(self.library.problems)
        self.render_keep()

    # ---- files out -----------------------------------------------------------------------------
    def download_damaged(self) -> None:
        self.download("bgt-damaged-data.json", self.library.problem_report())

    def download_save(self) -> None:
        self.download(f"{self.scene.game_id}-game.json", self.scene.table.save_text())

    def download(self, filename: str, text: str) -> None:
        blob = Blob.new([text], js_object({"type": "application/json"}))
        url = URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = filename
        link.click()
        URL.revokeObjectURL(url)
