"""The table's dialogs (new game, errors, round summaries, the hot-seat curtain) and "How to
play": the markup comes from game.view (widgets.py, howto.py), this shows and hides it. The end
dialog is with the rest of the match's story (story.py)."""

from typing import Any

from js import window

from game.view import howto as howto_view
from game.view import widgets as views
from game.view.keeping import error_body
from game.view.markup import esc, html_isolates, tag
from game.view.table import default_undo

from .dom import Page, js_object, nullable
from .scene import Scene


class Dialogs:
    def __init__(self, page: Page, scene: Scene) -> None:
        self.page = page
        self.scene = scene
        self.howto_shown: str | None = None  # "How to play" on show: the topic ("" for none)

    def show_dialog(self, name: str, markup: str) -> None:
        self.scene.dialog = name
        box = self.page.el("gt-dialog")
        box.innerHTML = html_isolates(markup)
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
        if first is not None and not self.page.bridge.embed:
            first.focus()

    def hide_dialog(self) -> None:
        self.scene.dialog = None
        box = self.page.el("gt-dialog")
        box.hidden = True
        box.innerHTML = ""

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

    def show_howto(self, topic: str | None = None) -> None:
        """How to play, over everything else (a new-game form under it keeps what was typed),
        scrolled to `topic` when one is asked for."""
        scene = self.scene
        box = self.page.el("gt-howto")
        box.innerHTML = howto_view.markup(scene.tr, scene.game_id, scene.controller.howto(), topic)
        box.hidden = False
        self.howto_shown = topic or ""
        heading = nullable(box.querySelector(".gt-howto-focus h3"))
        if heading is not None:
            heading.scrollIntoView()
        else:
            box.scrollTop = 0
        if not self.page.bridge.embed:
            target = heading or box.querySelector("[data-act=howto-close]")
            target.focus(js_object({"preventScroll": True}))

    def hide_howto(self) -> None:
        self.howto_shown = None
        box = self.page.el("gt-howto")
        box.hidden = True
        box.innerHTML = ""

    def error_dialog(self, title_key: str, error: Exception) -> None:
        """A load error (a SaveError names its sentence in the table, its English text stays
        under Details) or another BadData, and the reassurance that nothing was lost."""
        tr = self.scene.tr
        body = error_body(tr, error)
        self.show_dialog(
            "error", views.message(tr, tr(title_key), body, [("dialog-close", "gt.close", True)])
        )

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
