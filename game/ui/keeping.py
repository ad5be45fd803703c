"""Keeping games: every match in its own slot of the library (game/view/library.py) over
localStorage, or over memory where the page may not store data (an embed on another site); the
hand-over when a link is shared; files saved; a notice that stays while the browser refuses to
store; one line about damaged data set aside. Which match comes to the table (a link, a file, a
stored one) is the flow's business (flow.py); this keeps them.

A save the store refuses is kept in memory (`unsaved`) and tried again every few seconds, when
another tab frees space (a storage event), after every move, when the page is hidden or left,
and when another match is opened: play never stops for storage.

One game, one writer: the tabs of this site tell each other which match they show (a
BroadcastChannel), and each write of a slot must find the write count it last saw (the library's
`Conflict`). A tab that lost its match to another tab, or whose match was deleted on the picker,
stops writing it (`elsewhere`); the flow asks the person whether to continue here.
"""

from collections.abc import Callable
from typing import Any

from js import URL, Blob, document, location, navigator, window

from game.core.jsontext import JSONTextError, load_json
from game.core.match import Match
from game.core.savefile import SaveError
from game.view import keeping as notes
from game.view.library import SLOT_PREFIX, Conflict, Library, mode_of, slot_revision
from game.view.sharing import plan_share

from .dom import Page, js_object, new_match_id, nullable
from .scene import Scene
from .voice import Voice

Kept = tuple[Match, dict[str, Any], str]  # a match, its screen state ({"summary": ...}), mode
RETRY_MS = 3000  # while the store refuses: try again this often
CHANNEL = "bgt.tabs"  # the tabs' messages: {"kind": "took" | "deleted", "match": id, "tab": id}


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
        # why the match on the table is not written here: "taken" (another tab writes it) or
        # "gone" (deleted from Your games); None while this tab keeps it
        self.elsewhere: str | None = None
        self.taken: Callable[[], None] = lambda: None  # the flow's: another tab took the match
        # the flow's: show the table's notice now (set here between moves: saving works again,
        # finished games pruned, the game deleted on the picker)
        self.told: Callable[[], None] = lambda: None
        self.tab = new_match_id()  # this tab, in the messages of the tabs
        self.retrying: Any = None  # the timer that tries saving again
        self.retry_proxy = page.proxy(lambda: self.retry_saving())
        self.channel: Any = None
        if page.bridge.storage:
            if nullable(getattr(window, "BroadcastChannel", None)) is not None:
                self.channel = window.BroadcastChannel.new(CHANNEL)
                page.listen(self.channel, "message", self.on_message)
            page.listen(window, "storage", self.on_storage)

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
        if match is None or match.id is None or self.elsewhere is not None:
            return
        ui = {"summary": self.scene.summary is not None}
        self.unsaved[match.id] = (match, ui, self.mode or mode_of(match))
        self.retry_saving()

    def retry_saving(self) -> None:
        """Write every match the store has refused so far; the notice goes once all are kept."""
        for match_id, (match, ui, mode) in list(self.unsaved.items()):
            try:
                saved = self.library.save(match, ui, mode)
            except Conflict as conflict:  # another tab has it, or it was deleted: never written
                del self.unsaved[match_id]
                self.lost(match_id, conflict.reason)
                continue
            if saved:
                del self.unsaved[match_id]
                self.ask_persistence()
        notice = None
        if self.library.pruned:  # finished games made room: never silently
            notice = ("library.pruned", {"n": len(self.library.pruned)})
            self.library.pruned.clear()
        elif self.refused and not self.unsaved:
            notice = ("library.saved_again", {})
        self.refused = bool(self.unsaved)
        if notice is not None:
            self.scene.table.notice = notice
            self.told()
        self.keep_trying()
        self.render_keep()

    def keep_trying(self) -> None:
        """While the store refuses, try again every RETRY_MS (space may come back any time)."""
        if self.refused and self.retrying is None:
            self.retrying = window.setInterval(self.retry_proxy, RETRY_MS)
        elif not self.refused and self.retrying is not None:
            window.clearInterval(self.retrying)
            self.retrying = None

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

    # ---- one writer: the tabs -------------------------------------------------------------------
    def claim(self) -> None:
        """The match on the table is this tab's to write from now on: the other tabs hear it."""
        match = self.scene.table.match
        self.elsewhere = None
        if self.channel is not None and match is not None and match.id is not None:
            self.channel.postMessage(
                js_object({"kind": "took", "match": match.id, "tab": self.tab})
            )

    def take_over(self) -> Kept | None:
        """Continue here the match another tab took: as that tab left it (None: it is gone)."""
        match = self.scene.table.match
        if match is None or match.id is None:
            return None
        self.unsaved.pop(match.id, None)
        return self.stored(match.id)

    def lost(self, match_id: str, reason: str) -> None:
        """Another tab took the match `match_id` ("taken"), or it was deleted ("gone")."""
        match = self.scene.table.match
        if match is None or match.id != match_id or self.elsewhere is not None:
            return
        self.unsaved.pop(match_id, None)
        self.elsewhere = reason
        if reason == "taken":
            self.taken()
        else:
            self.scene.table.notice = ("library.gone_here", {})
            self.render_keep()
            self.told()

    def on_message(self, event: Any) -> None:
        data = event.data
        kind, match_id = str(getattr(data, "kind", "")), str(getattr(data, "match", ""))
        if kind == "took" and str(getattr(data, "tab", "")) != self.tab:
            self.lost(match_id, "taken")
        elif kind == "deleted":
            self.lost(match_id, "gone")

    def on_storage(self, event: Any) -> None:
        """Another tab wrote or removed a key: the match on the table, or room made."""
        key = nullable(event.key)
        match = self.scene.table.match
        match_id = match.id if match is not None else None
        if key is not None and match_id is not None and str(key) == SLOT_PREFIX + match_id:
            text = nullable(event.newValue)
            if text is None:
                self.lost(match_id, "gone")
            elif slot_revision(_parsed(str(text))) > self.library.revisions.get(match_id, 0):
                self.lost(match_id, "taken")
        if self.unsaved:
            self.retry_saving()

    # ---- the hand-over --------------------------------------------------------------------------
    def hand_over(self, match: Match) -> tuple[str, bool, str]:
        """Hand the game over as link play asks (game/view/sharing.py): the invitation, an
        answer, or this device's share. The link to share, whether the match changed (a hand-
        over, or now played by link), and the kind of share."""
        plan = plan_share(match)
        changed = False
        if plan.kind in ("invite", "answer"):
            changed = match.hand_over(plan.seats)
        elif plan.kind == "share":
            changed = match.hand_over()
        if plan.kind != "plain" and self.mode != "link":
            changed = True
        if changed:
            self.mode = "link"
            self.autosave()
        base = str(location.origin) + str(location.pathname)
        return f"{base}?game={self.scene.game_id}#m={match.to_link()}", changed, plan.kind

    # ---- the lines that stay on screen ----------------------------------------------------------
    def frame_new(self) -> None:
        """The frame was built again: its notice line is drawn afresh."""
        self.keep_markup = None

    def render_keep(self) -> None:
        element = self.page.el("gt-keep")
        if element is None:
            return
        scene = self.scene
        damaged = len(self.library.problems) > self.damaged_told
        match = scene.table.match
        lines = notes.match_lines(scene.tr, match, scene.names()) if match is not None else ""
        gone = self.elsewhere == "gone"
        markup = notes.keep_line(scene.tr, self.refused, damaged, gone, lines)
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


def _parsed(text: str) -> Any:
    """A slot's JSON (None when it is not JSON: its own reader sets it aside)."""
    try:
        return load_json(text)
    except JSONTextError:
        return None
