"""The table's dialogs (new game, errors, share, round summaries, the hot-seat curtain, the board
in words) and "How to play": the markup comes from game.view (widgets.py, howto.py), this shows
and hides it. The end dialog is with the rest of the match's story (story.py). Each is a modal
dialog named by its heading (game/view/frame.py); the voice (voice.py) keeps the keyboard inside
it and gives the focus back to what opened it."""

from typing import Any

from js import window

from game.view import howto as howto_view
from game.view import widgets as views
from game.view.keeping import error_body
from game.view.markup import esc, html_isolates, tag
from game.view.table import default_undo

from .dom import Page, nullable
from .scene import Scene
from .voice import Voice


class Dialogs:
    def __init__(self, page: Page, scene: Scene, voice: Voice) -> None:
        self.page = page
        self.scene = scene
        self.voice = voice
        self.howto_shown: str | None = None  # "How to play" on show: the topic ("" for none)
        self.again: Any = None  # the dialog on show, made again in another language (or None)

    def show_dialog(self, name: str, markup: str) -> None:
        self.scene.dialog = name
        box = self.page.el("gt-dialog")
        self.voice.opened("gt-dialog")
        box.innerHTML = html_isolates(markup)
        # a message is described by what it says (the new-game form, the result: by nothing)
        text = nullable(box.querySelector(f"#{views.DIALOG_TEXT}"))
        if text is None:
            box.removeAttribute("aria-describedby")
        else:
            box.setAttribute("aria-describedby", views.DIALOG_TEXT)
        # a summary leaves the board in view: it is what it explains; the result sits where it
        # covers neither the side panel nor the title (story.css)
        box.className = {"summary": "gt-dialog gt-aside", "result": "gt-dialog gt-result"}.get(
            name, "gt-dialog"
        )
        box.hidden = False
        # the first control takes the focus (keyboard users start there), but never a text
        # field on a touch screen, where it would pop the keyboard up over the form
        touch = bool(window.matchMedia("(pointer: coarse)").matches)
        first = nullable(box.querySelector("button, select" if touch else "input, button, select"))
        self.voice.focus(first)

    def hide_dialog(self, back: bool = True) -> None:
        """Close the dialog: the focus goes back to what opened it, or (`back` False: the
        dialog led on, as Start does) to the next thing to do."""
        self.scene.dialog = None
        self.again = None
        box = self.page.el("gt-dialog")
        if box.hidden:
            return
        box.hidden = True
        box.innerHTML = ""
        self.voice.closed("gt-dialog", back)

    def against_the_computer(self) -> list[dict[str, Any]]:
        """You and the computer (as many computers as the game's usual table has)."""
        tr, game = self.scene.tr, self.scene.table.game
        return [{"name": tr("gt.you"), "kind": "human", "level": None}] + [
            {
                "name": tr("gt.computer")
                if game.default_players == 2
                else f"{tr('gt.computer')} {k}",
                "kind": "ai",
                "level": "medium",
            }
            for k in range(1, game.default_players)
        ]

    def new_game_dialog(self) -> None:
        scene = self.scene
        match = scene.table.match
        seats = scene.prefs.get("seats") or self.against_the_computer()
        options = match.setup["options"] if match is not None else {}
        undo = scene.prefs.get("undo") or default_undo(seats)
        controller = scene.controller
        self.show_dialog(
            "new",
            views.new_game_form(
                scene.tr,
                scene.table.game,
                seats,
                controller.hints,
                controller.has_hints,
                controller.options_markup(scene.tr, options),
                undo,
            ),
        )
        self.name_rules(self.page.el("gt-new-form"))

    def name_rules(self, form: Any) -> None:
        """A game's rule option is a <label> holding its words, a "?" into the rules and the
        control; the "?" comes first, so the label would name it and not the control: the
        control is named by the label's words."""
        for label in form.querySelectorAll("label:has(.gt-why)"):
            control = nullable(label.querySelector("select, input"))
            if control is None:
                continue
            words = label.cloneNode(True)
            for part in words.querySelectorAll("button, select, input"):
                part.remove()
            control.setAttribute("aria-label", " ".join(str(words.textContent).split()))

    def show_howto(self, topic: str | None = None) -> None:
        """How to play, over everything else (a new-game form under it keeps what was typed),
        scrolled to `topic` when one is asked for."""
        scene = self.scene
        box = self.page.el("gt-howto")
        self.voice.opened("gt-howto")
        box.innerHTML = howto_view.markup(scene.tr, scene.game_id, scene.controller.howto(), topic)
        box.hidden = False
        self.howto_shown = topic or ""
        heading = nullable(box.querySelector(".gt-howto-focus h3"))
        if heading is not None:
            heading.scrollIntoView()
        else:
            box.scrollTop = 0
        self.voice.focus(heading or box.querySelector("[data-act=howto-close]"))

    def hide_howto(self) -> None:
        if self.howto_shown is None:
            return
        self.howto_shown = None
        box = self.page.el("gt-howto")
        box.hidden = True
        box.innerHTML = ""
        self.voice.closed("gt-howto")

    def error_dialog(self, title_key: str, error: Exception) -> None:
        """A load error (a SaveError names its sentence in the table, its English text stays
        under Details) or another BadData, and the reassurance that nothing was lost."""
        tr = self.scene.tr
        body = error_body(tr, error)
        self.show_dialog(
            "error", views.message(tr, tr(title_key), body, [("dialog-close", "gt.close", True)])
        )
        self.again = lambda: self.error_dialog(title_key, error)

    def share_dialog(self, url: str, words: list[str]) -> None:
        """The link that hands the game over, to copy, and whom to send it to."""
        self.show_dialog("share", views.share_box(self.scene.tr, url, words))
        self.again = lambda: self.share_dialog(url, words)
        self.page.el("gt-share-url").select()

    def board_dialog(self) -> None:
        """The board in words (key B, "Describe the board"): the game's own description of the
        position on show, else the players' details."""
        scene = self.scene
        if scene.table.match is None:
            return
        state, controller = scene.position()
        viewer, names, tr, you = scene.viewer(), scene.names(), scene.tr, scene.you()
        words = controller.board_words(state, viewer, names, tr, you)
        if not words:
            words = controller.details_markup(state, viewer, names, tr, you=you)
        self.show_dialog(
            "board",
            views.message(tr, tr("gt.describe_title"), words, [("dialog-close", "gt.close", True)]),
        )
        self.again = self.board_dialog

    def summary_dialog(self) -> None:
        """What the board wants shown between rounds (the board layer shows it too)."""
        scene = self.scene
        title, body, button = scene.controller.summary(
            scene.table.state, scene.summary, scene.names(), scene.tr, you=scene.you()
        )
        self.show_dialog(
            "summary", views.message(scene.tr, title, body, [("summary-done", button, True)])
        )

    def curtain_dialog(self) -> None:
        """Hidden hands at one device: the next person takes the device before seeing, or the
        game goes to their device by link (sharing shows nobody's hand)."""
        tr, table = self.scene.tr, self.scene.table
        seat = table.to_move()
        name = table.name(seat)
        self.show_dialog(
            "curtain",
            views.message(
                tr,
                tr("gt.curtain_title", player=name),
                tag("p", esc(tr("gt.curtain_text", player=name)))
                + tag("p", esc(tr("gt.curtain_share", player=name))),
                [("reveal", "gt.curtain_button", True), ("share", "gt.share", False)],
            ),
        )

    def needs_curtain(self) -> bool:
        """Hidden hands at one device: the person to move has not taken the device yet."""
        scene = self.scene
        return (
            scene.controller.hidden_hands
            and scene.table.match is not None
            and scene.table.human_to_move()
            and scene.viewer() != scene.table.to_move()
        )
