"""What happens when, at the table: a game opens (boot.js asks: game/ui/__init__.py), a match
starts, arrives (a link, a file, a stored one) or is put aside; a move is played; the computer
takes its turn; a move is taken back; a review opens and closes. The flow changes the scene
(scene.py) and tells the parts (dialogs, story, keeping, screen) what to show; the input
(inputs.py) calls it.

The computer thinks in slices of about 12 ms with a yield to the browser in between, so the page
keeps answering while it thinks.
"""

import asyncio
from collections.abc import Callable
from typing import Any

from js import location, performance, window

from game import games
from game.core import BadData, IllegalMove
from game.core.jsontext import MAX_BYTES
from game.core.match import Match
from game.core.savefile import SaveError
from game.view import keeping as notes
from game.view import widgets as views
from game.view.i18n import Translator
from game.view.library import mode_of
from game.view.markup import esc, tag
from game.view.sharing import link_line, share_words
from game.view.table import read_match

from .dialogs import Dialogs
from .dom import Page, fresh_seed, new_match_id, next_frame, nullable
from .keeping import Keeping
from .scene import MODAL, Scene
from .screen import Screen
from .story import Story
from .voice import Voice

SLICE_SECONDS = 0.012
MIN_THINK_SECONDS = 0.35  # a computer move that appears instantly is easy to miss
MAX_THINK_SECONDS = 0.9  # wall clock, yields included: a decision never takes over a second


class Flow:
    def __init__(
        self,
        page: Page,
        scene: Scene,
        voice: Voice,
        dialogs: Dialogs,
        story: Story,
        keeping: Keeping,
        screen: Screen,
        strings: dict[str, Any],
    ) -> None:
        self.page = page
        self.scene = scene
        self.voice = voice
        self.dialogs = dialogs
        self.story = story
        self.keeping = keeping
        self.screen = screen
        self.strings = strings  # every language's texts (a new language needs no download)
        # a match from a link or file waiting for the player's choice: (match, mode, verdict,
        # source)
        self.arriving: tuple[Match, str, str, str] | None = None
        self.share_asked: tuple[Any, int] | None = None  # (match, log length) asked to share
        keeping.taken = self.taken_elsewhere
        keeping.told = self.screen.render_side
        self.howto_from_picker = False  # the picker's "How to play" opened this: Close goes back

    # ---- called by boot.js ------------------------------------------------------------------------
    def open(self, game_id: Any, match_id: Any = None) -> None:
        """Show a game: the match `match_id`, a link in the address, the game's latest match in
        progress, or the new-game form (`resume` decides)."""
        scene, bridge = self.scene, self.page.bridge
        scene.halt()
        scene.active = True
        self.keeping.retry_saving()
        self.show_game(str(game_id))
        self.resume(nullable(match_id))
        if scene.table.match is None:
            self.screen.render()
        else:
            self.after_change()  # the result, or the curtain of a hot-seat game with hands
        self.howto_from_picker = bool(bridge.howto)  # the picker's "How to play" opened this game
        if self.howto_from_picker:
            bridge.howto = False
            self.dialogs.show_howto()
        bridge.ready(scene.game_id)

    def show_game(self, game_id: str) -> None:
        """An empty table for `game_id`: its board, its preferences, the frame."""
        controller = games.controller(game_id)
        prefs = self.keeping.library.prefs(game_id)
        controller.hints = prefs.get("hints", True)
        self.scene.set_game(game_id, controller, prefs)
        self.dialogs.howto_shown = None
        self.screen.more_open = False
        self.story.marked = None
        self.screen.build()

    def set_lang(self, lang: Any) -> None:
        """Everything drawn again in another language, the dialogs on show too (each still
        gives the focus back to what opened it)."""
        scene = self.scene
        scene.tr = scene.table.tr = Translator(self.strings, str(lang))
        dialog, howto, again = scene.dialog, self.dialogs.howto_shown, self.dialogs.again
        openers = dict(self.voice.openers)
        self.screen.build()
        self.screen.render()
        remade: dict[str | None, Callable[[], None]] = {
            "new": self.dialogs.new_game_dialog,
            "summary": self.dialogs.summary_dialog,
            "result": self.story.result_dialog,
            "curtain": self.dialogs.curtain_dialog,
            "arrival": self.ask_arrival,
            "tab": self.taken_elsewhere,
            "share-step": self.share_step,
        }
        if dialog in remade:
            remade[dialog]()
        elif again is not None:  # share, an error, the board in words
            again()
        if howto is not None:  # over the dialog it was opened from
            self.dialogs.show_howto(howto or None)
        self.voice.openers.update(openers)

    def close_howto(self) -> None:
        """How to play closes: back to the table, or to the picker when that is where it was
        opened (the person came to read the rules, not to start a game)."""
        self.dialogs.hide_howto()
        if self.howto_from_picker:
            self.howto_from_picker = False
            self.page.bridge.back()

    def close(self) -> None:
        self.scene.active = False
        self.scene.halt()  # a thinking computer stops at its next slice

    # ---- whatever a new position asks for ---------------------------------------------------------
    def after_change(self) -> None:
        """A summary, the result, a curtain, the computer: whatever a new position asks for."""
        scene = self.scene
        match = scene.table.match
        if scene.summary is None and scene.dialog is None and match and match.is_over():
            self.story.result_dialog()
        elif scene.dialog is None and self.dialogs.needs_curtain():
            scene.revealed_to = None
            self.dialogs.curtain_dialog()
        elif scene.dialog is None and scene.summary is None and self.share_due():
            self.share_step()  # in a link game the next turn is elsewhere: no curtain, a link
        self.screen.render()
        self.maybe_think()

    # ---- which match comes to the table -----------------------------------------------------------
    def resume(self, match_id: Any) -> None:
        """A link in the address (#m=...), else the match asked for, else the game's latest in
        progress; else the new-game form."""
        hash_text = str(location.hash or "")
        link_failed = False
        if hash_text.startswith("#m="):
            window.history.replaceState(None, "", str(location.pathname) + str(location.search))
            if self.open_link(hash_text[3:]):
                return
            link_failed = True  # its message stays up; closing it offers a new game
        if match_id and self.open_stored(str(match_id)):
            return
        latest = self.keeping.library.latest(self.scene.game_id)
        if (latest is None or not self.open_stored(latest["id"])) and not link_failed:
            if getattr(self.page.bridge, "quick", False):  # the embed's "Play against the computer"
                self.page.bridge.quick = False
                self.quick_start()
            else:
                self.dialogs.new_game_dialog()

    def open_stored(self, match_id: str) -> bool:
        """Put a stored match on the table; False when it is gone or was damaged."""
        kept = self.keeping.stored(match_id)
        if kept is None:
            return False
        match, ui, mode = kept
        self.take(match, mode, ui, ("table.restored", {}))
        return True

    def take(self, match: Match, mode: str, ui: Any = None, notice: Any = None) -> None:
        """Show `match` (switching to its game's table if need be) as played in `mode`."""
        scene = self.scene
        if match.game.id != scene.game_id:
            self.show_game(match.game.id)
        scene.table.take(match, notice)
        self.screen.new_view()
        self.keeping.mode = mode
        self.keeping.claim()  # this tab writes it now: another tab showing it hears so
        scene.revealed_to = None
        scene.review = scene.review_controller = None  # a review is of the match it was opened on
        self.story.unmark()
        # the screen state kept is only whether a summary was open: the board says which
        open_summary = isinstance(ui, dict) and ui.get("summary") not in (None, False)
        scene.summary = scene.controller.summary_after(match.state) if open_summary else None
        if scene.summary is not None:
            self.dialogs.summary_dialog()
        self.showing()

    def showing(self) -> None:
        """Tell boot.js which game and match are on the table (title and address)."""
        match = self.scene.table.match
        self.page.bridge.showing(self.scene.game_id, match.id if match is not None else None)

    def open_link(self, text: str) -> bool:
        try:
            match = read_match(text, link=True, library=self.keeping.library)
        except SaveError as error:
            self.dialogs.error_dialog("gt.link_failed", error)
            return False
        self.arrive(match, "link")
        return True

    async def load_file(self, file: Any) -> None:
        if int(file.size) > MAX_BYTES:
            error = SaveError("the file is far too large to be a saved game", key="load.too_large")
            self.dialogs.error_dialog("gt.load_failed", error)
            return
        try:
            match = read_match(str(await file.text()), device=self.keeping.library.device)
        except SaveError as error:
            self.dialogs.error_dialog("gt.load_failed", error)
            return
        game_before = self.scene.game_id
        self.scene.halt()
        self.dialogs.hide_dialog()
        self.arrive(match, "file")
        if self.scene.game_id != game_before:
            self.page.bridge.ready(self.scene.game_id)
        self.after_change()

    def arrive(self, match: Match, source: str) -> None:
        """A match from a link or a file: a new slot, the stored one brought up to date, or the
        question whether to keep the stored one or open this one as a copy."""
        verdict, stored = self.keeping.library.arrival(match, new_match_id)
        mode = "link" if source == "link" else mode_of(match)
        if verdict in ("new", "extends"):
            notice = "library.updated" if verdict == "extends" else "table.loaded"
            self.take(match, mode, None, (notice, {}))
            self.keeping.autosave()
            return
        assert stored is not None  # every other verdict is about the match stored here
        if verdict == "same":
            self.take(stored[0], stored[2], stored[1], ("library.same", {}))
        else:
            self.take(stored[0], stored[2], stored[1], ("table.restored", {}))
            self.arriving = (match, mode, verdict, source)
            self.ask_arrival()

    def ask_arrival(self) -> None:
        if self.arriving is None:
            return
        match, _, verdict, source = self.arriving
        question = notes.arrival_question(
            self.scene.tr, verdict, source, self.scene.table.match, match
        )
        self.dialogs.show_dialog("arrival", question)

    def answer_arrival(self, copy: bool) -> None:
        """Keep mine (the stored match stays on the table) or open the arriving one as a copy."""
        arriving, self.arriving = self.arriving, None
        self.dialogs.hide_dialog(back=False)
        if copy and arriving is not None:
            match, mode, _, _ = arriving
            match.id = new_match_id()
            self.scene.generation += 1
            self.take(match, mode, None, ("library.copied", {}))
            self.keeping.autosave()
        self.after_change()

    # ---- starting a match -----------------------------------------------------------------------
    def new_match(self, start: Callable[[int, str], Match]) -> None:
        """Start a match with `start(seed, match_id)` (a new game or a rematch): fresh random
        seed and id; the match on the table before stays in its own slot."""
        self.keeping.mode = mode_of(start(fresh_seed(), new_match_id()))
        self.keeping.claim()
        self.showing()

    def fresh_match(self) -> None:
        scene = self.scene
        scene.halt()
        self.screen.new_view()
        scene.summary = scene.revealed_to = None
        scene.review = scene.review_controller = None
        self.story.unmark()
        self.dialogs.hide_dialog(back=False)
        self.voice.land_later()  # the board, or the step's first control
        self.keeping.autosave()
        self.after_change()

    def quick_start(self) -> None:
        """One tap: a game against the computer with the usual rules, no form."""
        seats = self.dialogs.against_the_computer()
        table = self.scene.table
        self.new_match(lambda seed, match_id: table.start(seats, seed=seed, match_id=match_id))
        self.fresh_match()

    def rematch(self) -> None:
        self.new_match(self.scene.table.rematch)
        self.fresh_match()

    def start_from_form(self, form: Any) -> None:
        scene = self.scene
        data: dict[str, str | bool] = {}
        for element in form.elements.to_py():
            if element.name:
                data[str(element.name)] = (
                    bool(element.checked) if str(element.type) == "checkbox" else str(element.value)
                )
        table, controller = scene.table, scene.controller
        seats = views.seats_from_form(scene.tr, table.game, data)
        try:
            options = controller.read_options(data)
            undo = views.undo_from_form(data)
            self.new_match(
                lambda seed, match_id: table.start(
                    seats, seed=seed, options=options, undo=undo, match_id=match_id
                )
            )
        except BadData as e:
            self.dialogs.error_dialog("gt.load_failed", e)
            return
        if controller.has_hints:
            controller.hints = bool(data.get("hints", True))
        scene.prefs.update(hints=controller.hints, seats=seats, undo=undo)
        self.keeping.save_prefs()
        self.fresh_match()

    # ---- playing -------------------------------------------------------------------------------------
    def play(self, move: Any) -> None:
        scene = self.scene
        try:
            scene.table.play(move)
        except IllegalMove as e:
            scene.table.notice = ("gt.illegal", {"reason": str(e)})
            self.screen.render_side()
            return
        scene.generation += 1
        scene.summary = scene.controller.summary_after(scene.table.state)
        if scene.summary is not None:
            self.dialogs.summary_dialog()
        self.keeping.autosave()
        self.after_change()
        performance.mark("move-rendered")

    def maybe_think(self) -> None:
        scene = self.scene
        if (
            not scene.active
            or scene.table.match is None
            or not scene.table.ai_to_move()
            or scene.thinking is not None
            or scene.summary is not None
            or scene.dialog in MODAL
            or scene.review is not None
        ):
            return
        self.page.run(self.think())

    async def think(self) -> None:
        scene = self.scene
        generation = scene.generation
        claim = scene.thinking = object()  # claimed at once: no second search starts meanwhile
        await next_frame()  # the move that handed over the turn is on screen first
        if generation != scene.generation or not scene.active:
            if scene.thinking is claim:
                scene.thinking = None
            return
        search = scene.table.search()
        scene.thinking = search
        self.screen.render_side()
        self.screen.render_overlay()
        started = performance.now()
        while not search.done:
            search.run(SLICE_SECONDS)
            await asyncio.sleep(0)  # let the browser paint and answer input
            if generation != scene.generation or not scene.active:
                return  # the match changed (new game, undo, load): drop this search
            if (performance.now() - started) / 1000 >= MAX_THINK_SECONDS:
                break  # a slow device: play the best move found so far
        rest = MIN_THINK_SECONDS - (performance.now() - started) / 1000
        if rest > 0:
            await asyncio.sleep(rest)
        if generation != scene.generation or not scene.active:
            return
        scene.thinking = None
        self.play(search.best_move())

    def take_back(self, name: str) -> None:
        """Undo or redo as the match's take-back setting allows; when it does not, the notice
        says why. Undo may interrupt the computer's thinking (its reply is what goes back)."""
        scene = self.scene
        table = scene.table
        match = table.match
        if match is None:
            return
        refusal = "review" if scene.review is not None else match.undo_refusal()
        if name == "undo" and refusal is not None:
            table.notice = (f"story.undo_why.{refusal}", {})
            self.screen.render_side()
            return
        if name == "redo" and (scene.review is not None or scene.thinking is not None):
            return
        if name == "undo" and scene.thinking is not None:
            scene.halt()  # the search in progress is dropped
        if table.undo() if name == "undo" else table.redo():
            scene.generation += 1
            scene.summary = None
            self.keeping.autosave()
            self.after_change()

    # ---- the dialogs' buttons and the menu ------------------------------------------------------
    def close_dialog(self) -> None:
        """The dialog's Close (or Escape): back to the table, or to a new game when there is no
        match; with nothing at this table at all, back to the picker (or poster)."""
        scene = self.scene
        if scene.dialog == "new" and scene.table.match is None:
            self.dialogs.hide_dialog()
            self.page.bridge.back()
            return
        self.dialogs.hide_dialog()
        if scene.table.match is None:
            self.dialogs.new_game_dialog()  # e.g. a link that failed: nothing else to show
        self.maybe_think()

    def summary_done(self) -> None:
        self.scene.summary = None
        self.dialogs.hide_dialog(back=False)
        self.keeping.autosave()
        self.after_change()

    def reveal(self) -> None:
        """The curtain's button: the person to move has the device now."""
        self.scene.revealed_to = self.scene.table.to_move()
        self.dialogs.hide_dialog(back=False)
        self.screen.render()

    def toggle_hints(self) -> None:
        scene = self.scene
        scene.controller.hints = not scene.controller.hints
        scene.prefs["hints"] = scene.controller.hints
        self.keeping.save_prefs()
        self.screen.render_overlay()
        self.screen.render_side()

    def share(self) -> None:
        """Hand the game over (keeping.py: the invitation, an answer or this device's share)
        and show its link with whom to send it to."""
        scene = self.scene
        match = scene.table.match
        if match is None:
            return
        url, changed, kind = self.keeping.hand_over(match)
        if changed:
            scene.revealed_to = None  # who sees the board may have changed: this device's seats
            scene.table.notice = (f"link.done.{kind}", {})
            self.screen.render()
        self.dialogs.share_dialog(url, share_words(scene.tr, match, kind, scene.names()))

    # ---- link play -------------------------------------------------------------------------------
    def share_due(self) -> bool:
        """A link game whose next step is this device's share, not asked about at this point
        yet (the person may take their move back first, or share later from the line)."""
        match = self.scene.table.match
        if match is None or not match.is_keyed() or match.waiting().status != "share":
            return False
        return self.share_asked != (match, len(match.log))

    def share_step(self) -> None:
        """The turn goes on at another device: share the link now, or not yet."""
        scene = self.scene
        match = scene.table.match
        line = link_line(scene.tr, match, scene.names()) if match is not None else None
        if match is None or line is None:
            return
        self.share_asked = (match, len(match.log))
        self.dialogs.show_dialog(
            "share-step",
            views.message(
                scene.tr,
                scene.tr("link.step_title"),
                tag("p", esc(line.text)),
                [("share", "gt.share", True), ("dialog-close", "link.not_yet", False)],
            ),
        )

    def claim(self, seat: str) -> None:
        """Play a seat whose device is elsewhere here (its luck re-dealt, told to everyone)."""
        match = self.scene.table.match
        if match is None or not seat.isdigit() or match.waiting() != ("claim", int(seat)):
            return
        match.claim(int(seat))
        self.scene.generation += 1
        self.scene.revealed_to = None
        self.keeping.mode = "link"
        self.scene.table.notice = ("link.claimed", {"player": int(seat)})
        self.keeping.autosave()
        self.after_change()

    def taken_elsewhere(self) -> None:
        """Another tab shows this match now and writes it: this one waits until asked back."""
        self.scene.halt()  # a thinking computer stops: the other tab plays on
        tr = self.scene.tr
        self.dialogs.show_dialog(
            "tab",
            views.message(
                tr,
                tr("tab.title"),
                tag("p", esc(tr("tab.text"))),
                [("take-over", "tab.take", True)],
            ),
        )
        self.screen.render_side()

    def take_over(self) -> None:
        """Continue here: the match as the other tab left it, written by this tab again."""
        kept = self.keeping.take_over()
        self.dialogs.hide_dialog()
        if kept is None:  # deleted meanwhile: nothing to continue
            self.scene.table.match = None
            self.screen.render()
            self.dialogs.new_game_dialog()
            return
        match, ui, mode = kept
        self.scene.generation += 1
        self.take(match, mode, ui, ("tab.here", {}))
        self.after_change()

    # ---- the review ---------------------------------------------------------------------------
    def open_review(self) -> None:
        if self.scene.table.match is None:
            return
        self.story.open_review()
        self.screen.render()
        self.story.focus_review()

    def close_review(self) -> None:
        self.story.close_review()
        self.screen.render()
        self.maybe_think()

    def toggle_review(self) -> None:
        if self.scene.review is not None:
            self.close_review()
        else:
            self.open_review()
