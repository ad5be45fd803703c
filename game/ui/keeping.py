"""Keeping games (issue #12), as a part of the App class in app.py: every match in its own slot of
the library (game/view/library.py) over localStorage, or over memory where the page may not store
data (an embed on another site); links and files arriving; the hand-over when a link is shared;
a notice that stays while the browser refuses to store; one line about damaged data set aside.

A save the store refuses is kept in memory (`unsaved`) and tried again after every move, when
the page is hidden or left, and when another match is opened: play never stops for storage.
"""

from js import URL, Blob, Date, document, location, navigator, window

from game import games
from game.core.jsontext import MAX_BYTES
from game.core.savefile import SaveError
from game.view import keeping as notes
from game.view import widgets as views
from game.view.library import Library, MemoryStore, mode_of
from game.view.table import read_match

from .dom import LocalStore, js_object, new_match_id, nullable, random_bits


class Keeping:
    def init_keeping(self):
        self.library = Library(
            LocalStore() if self.bridge.storage else MemoryStore(), lambda: int(Date.now())
        )
        self.library.migrate(games.ids(), new_match_id)
        self.mode = None  # how the match on the table is played: "ai", "device" or "link"
        self.unsaved = {}  # match id -> (match, ui, mode) the store refused, kept in memory
        self.refused = False  # the store refused the latest try (the notice is on screen)
        self.damaged_told = 0  # how many damaged-data finds the player has dismissed
        self.persist_asked = False
        self.arriving = None  # a match from a link or file waiting for the player's choice
        self.keep_markup = None
        for target, event in ((window, "pagehide"), (document, "visibilitychange")):
            target.addEventListener(event, self._proxy(lambda event: self.retry_saving()))

    # ---- which match comes to the table --------------------------------------------------------
    def resume(self, match_id):
        """A link in the address (#m=...), else the match asked for, else the game's latest in
        progress; else the new-game form."""
        hash_text = str(location.hash or "")
        link_failed = False
        if hash_text.startswith("#m="):
            window.history.replaceState(None, "", str(location.pathname) + str(location.search))
            if self.open_link(hash_text[3:]):
                return
            link_failed = True  # its message stays up; closing it offers a new game
        if match_id and self.open_stored(match_id):
            return
        latest = self.library.latest(self.game_id)
        if (latest is None or not self.open_stored(latest["id"])) and not link_failed:
            if getattr(self.bridge, "quick", False):  # the embed's "Play against the computer"
                self.bridge.quick = False
                self.quick_start()
            else:
                self.new_game_dialog()

    def open_stored(self, match_id):
        """Put a stored match on the table (its latest unsaved state if the store refused it);
        False when it is gone or was damaged (the damaged-data line then says so)."""
        if match_id in self.unsaved:
            match, ui, mode = self.unsaved[match_id]
        else:
            try:
                match, ui, mode = self.library.load(str(match_id))
            except SaveError:
                return False
        self.take(match, mode, ui, ("table.restored", {}))
        return True

    def take(self, match, mode, ui=None, notice=None):
        """Show `match` (switching to its game's table if need be) as played in `mode`."""
        if match.game.id != self.game_id:
            self.show_game(match.game.id)
        self.table.take(match, notice)
        self.view_serial += 1  # another match: the board's view starts again (board-nav.js)
        self.mode = mode
        self.revealed_to = None
        self.review = self.review_controller = None  # a review is of the match it was opened on
        self.unmark()
        # the screen state kept is only whether a summary was open: the board says which
        open_summary = isinstance(ui, dict) and ui.get("summary") not in (None, False)
        self.summary_shown = self.controller.summary_after(match.state) if open_summary else None
        if self.summary_shown is not None:
            self.summary_dialog()
        self.showing()

    def showing(self):
        """Tell boot.js which game and match are on the table (title and address)."""
        match = self.table.match
        self.bridge.showing(self.game_id, match.id if match is not None else None)

    def new_match(self, start):
        """Start a match with `start(seed, match_id)` (a new game or a rematch): fresh random
        seed and id; the match on the table before stays in its own slot."""
        start(self.fresh_seed(), new_match_id())
        self.mode = mode_of(self.table.match)
        self.showing()

    def fresh_seed(self):
        return random_bits(32)

    # ---- links and files arriving ---------------------------------------------------------------
    def open_link(self, text):
        try:
            match = read_match(text, link=True)
        except SaveError as error:
            self.error_dialog("gt.link_failed", error)
            return False
        self.arrive(match, "link")
        return True

    async def load_file(self, file):
        if int(file.size) > MAX_BYTES:
            error = SaveError("the file is far too large to be a saved game", key="load.too_large")
            self.error_dialog("gt.load_failed", error)
            return
        try:
            match = read_match(str(await file.text()))
        except SaveError as error:
            self.error_dialog("gt.load_failed", error)
            return
        game_before = self.game_id
        self.generation += 1
        self.thinking = None
        self.hide_dialog()
        self.arrive(match, "file")
        if self.game_id != game_before:
            self.bridge.ready(self.game_id)
        self.after_change()

    def arrive(self, match, source):
        """A match from a link or a file: a new slot, the stored one brought up to date, or the
        question whether to keep the stored one or open this one as a copy."""
        verdict, stored = self.library.arrival(match, new_match_id)
        mode = "link" if source == "link" else mode_of(match)
        if verdict == "same":
            self.take(stored[0], stored[2], stored[1], ("library.same", {}))
        elif verdict in ("new", "extends"):
            notice = "library.updated" if verdict == "extends" else "table.loaded"
            self.take(match, mode, None, (notice, {}))
            self.autosave()
        else:
            self.take(stored[0], stored[2], stored[1], ("table.restored", {}))
            self.arriving = (match, mode, verdict, source)
            self.ask_arrival()

    def ask_arrival(self):
        match, _, verdict, source = self.arriving
        question = notes.arrival_question(self.tr, verdict, source, self.table.match, match)
        self.show_dialog("arrival", question)

    def answer_arrival(self, copy):
        """Keep mine (the stored match stays on the table) or open the arriving one as a copy."""
        arriving, self.arriving = self.arriving, None
        self.hide_dialog()
        if copy and arriving is not None:
            match, mode, _, _ = arriving
            match.id = new_match_id()
            self.generation += 1
            self.take(match, mode, None, ("library.copied", {}))
            self.autosave()
        self.after_change()

    # ---- saving --------------------------------------------------------------------------------
    def autosave(self):
        match = self.table.match if self.table is not None else None
        if match is None or match.id is None:
            return
        self.unsaved[match.id] = (match, {"summary": self.summary_shown is not None}, self.mode)
        self.retry_saving()

    def retry_saving(self):
        """Write every match the store has refused so far; the notice goes once all are kept."""
        for match_id, (match, ui, mode) in list(self.unsaved.items()):
            if self.library.save(match, ui, mode):
                del self.unsaved[match_id]
                self.ask_persistence()
        if self.refused and not self.unsaved and self.table is not None:
            self.table.notice = ("library.saved_again", {})
        self.refused = bool(self.unsaved)
        self.render_keep()

    def forget(self, match_id):
        """boot.js: the player deleted this match on the picker; never write it back."""
        self.unsaved.pop(str(match_id), None)

    def ask_persistence(self):
        """Ask once for storage the browser will not clear under pressure, where it offers it."""
        storage = nullable(getattr(navigator, "storage", None))
        if self.persist_asked or not self.bridge.storage or storage is None:
            return
        self.persist_asked = True
        if nullable(getattr(storage, "persist", None)) is not None:
            storage.persisted().then(lambda granted: None if granted else storage.persist())

    def share(self):
        """Hand the game over: 64 fresh random bits mixed in (so nobody, the sender included,
        can compute chance beyond this point from the link), then the link."""
        match = self.table.match
        if match is None:
            return
        if match.hand_over(random_bits(64)) or self.mode != "link":
            self.mode = "link"
            self.autosave()
            self.render_side()
        base = str(location.origin) + str(location.pathname)
        url = f"{base}?game={self.game_id}#m={match.to_link()}"
        self.show_dialog("share", views.share_box(self.tr, url))
        self.el("gt-share-url").select()

    # ---- the lines that stay on screen ----------------------------------------------------------
    def render_keep(self):
        element = self.el("gt-keep")
        if element is None:
            return
        damaged = len(self.library.problems) > self.damaged_told
        markup = notes.keep_line(self.tr, self.refused, damaged)
        if markup != self.keep_markup:  # a live region: only real changes are announced
            self.keep_markup = markup
            element.innerHTML = markup

    def dismiss_damaged(self):
        self.damaged_told = len(self.library.problems)
        self.render_keep()

    def download_damaged(self):
        self.download("bgt-damaged-data.json", self.library.problem_report())

    def download(self, filename, text):
        blob = Blob.new([text], js_object({"type": "application/json"}))
        url = URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = filename
        link.click()
        URL.revokeObjectURL(url)
