"""The table's dialogs (new game, errors, round summaries, the hot-seat curtain), as a part of the
App class in app.py: the markup comes from game.view.widgets, this shows and hides it. The end
dialog is with the rest of the match's story (story.py)."""

from js import window

from game.view import howto as howto_view
from game.view import widgets as views
from game.view.keeping import error_body
from game.view.markup import esc, html_isolates, tag
from game.view.table import default_undo

from .dom import js_object, nullable


class Dialogs:
    def show_dialog(self, name, markup):
        self.dialog = name
        box = self.el("gt-dialog")
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
        if first is not None and not self.bridge.embed:
            first.focus()

    def hide_dialog(self):
        self.dialog = None
        box = self.el("gt-dialog")
        box.hidden = True
        box.innerHTML = ""

    def against_the_computer(self):
        """You and the computer (as many computers as the game's usual table has)."""
        game = self.table.game
        return [{"name": self.tr("gt.you"), "kind": "human", "level": None}] + [
            {
                "name": self.tr("gt.computer")
                if game.default_players == 2
                else f"{self.tr('gt.computer')} {k}",
                "kind": "ai",
                "level": "medium",
            }
            for k in range(1, game.default_players)
        ]

    def quick_start(self):
        """One tap: a game against the computer with the usual rules, no form."""
        seats = self.against_the_computer()
        self.new_match(lambda seed, match_id: self.table.start(seats, seed=seed, match_id=match_id))
        self._fresh_match()

    def new_game_dialog(self):
        game = self.table.game
        seats = self.prefs.get("seats") or self.against_the_computer()
        options = self.table.match.setup["options"] if self.table.match else {}
        undo = self.prefs.get("undo") or default_undo(seats)
        self.show_dialog(
            "new",
            views.new_game_form(
                self.tr,
                game,
                seats,
                self.controller.hints,
                self.controller.has_hints,
                self.controller.options_markup(self.tr, options),
                undo,
            ),
        )

    def show_howto(self, topic=None):
        """How to play, over everything else (a new-game form under it keeps what was typed),
        scrolled to `topic` when one is asked for."""
        box = self.el("gt-howto")
        box.innerHTML = howto_view.markup(self.tr, self.game_id, self.controller.howto(), topic)
        box.hidden = False
        self.howto_shown = topic or ""
        heading = nullable(box.querySelector(".gt-howto-focus h3"))
        if heading is not None:
            heading.scrollIntoView()
        else:
            box.scrollTop = 0
        if not self.bridge.embed:
            target = heading or box.querySelector("[data-act=howto-close]")
            target.focus(js_object({"preventScroll": True}))

    def hide_howto(self):
        self.howto_shown = None
        box = self.el("gt-howto")
        box.hidden = True
        box.innerHTML = ""

    def error_dialog(self, title_key, error):
        """A load error (a SaveError names its sentence in the table, its English text stays
        under Details) or another BadData, and the reassurance that nothing was lost."""
        body = error_body(self.tr, error)
        self.show_dialog(
            "error",
            views.message(self.tr, self.tr(title_key), body, [("dialog-close", "gt.close", True)]),
        )

    def summary_dialog(self):
        """What the board wants shown between rounds (the board layer shows it too)."""
        names = self.table.names()
        title, body, button = self.controller.summary(
            self.table.state, self.summary_shown, names, self.tr, you=self.table.you()
        )
        self.show_dialog(
            "summary", views.message(self.tr, title, body, [("summary-done", button, True)])
        )

    def curtain_dialog(self):
        """Hidden hands at one device: the next person takes the device before seeing."""
        seat = self.table.to_move()
        name = self.table.name(seat)
        self.show_dialog(
            "curtain",
            views.message(
                self.tr,
                self.tr("gt.curtain_title", player=name),
                tag("p", esc(self.tr("gt.curtain_text", player=name))),
                [("reveal", "gt.curtain_button", True)],
            ),
        )

    def _needs_curtain(self):
        """Hidden hands at one device: the person to move has not taken the device yet."""
        return (
            self.controller.hidden_hands
            and self.table.match is not None
            and self.table.human_to_move()
            and self.viewer() != self.table.to_move()
        )
