"""How a person plays a Carcassonne turn, as a small state machine in pure Python (the browser
layer only forwards pointer and key events and sets the markup this returns). This is the
`Controller` the game declares (game.view.controller.BoardController). What the person chose so
far leaves it only as a frozen value, `selection()` (panel.Selection): panel.py draws the panel
beside the board, the follower rings and the new-game options from it; story.py writes the log
entries and the end; speech.py says it all in words for a screen reader (`spoken`).

A turn has two steps.
1. Where: every free square where the tile fits (in some turn) is highlighted. Pointing at one
   previews the tile there, in the current turn when it fits there, else in its first fitting
   turn. A click or tap chooses the square; a tap on the chosen tile, R (Shift+R back), a right
   click or the turn buttons cycle only the turns that fit on that square. "Lay tile here" (or
   Enter) lays it, so a slip of the finger costs nothing. (The wheel zooms the board.) The keys
   walk the landscape square by square (arrows, laid tiles included: each square is said in
   words) or jump to the squares where the tile fits (F, Shift+F back).
2. Who: rings on the tile's features that may take a follower (only those the engine's legal
   moves allow), each explained (road, city, monastery, field) with what it would bring this
   turn, the Courier's message included, and the same places as buttons beside the board. One
   tap on a ring or a button places the follower; "No follower" ends the turn without one. The
   keys choose a place (arrows, 1-9) and Enter places it. Escape steps back. When the rings are
   too small to tap on the board, a tap on the tile opens them magnified, with finger-sized
   buttons (the pick, drawn over the board).
"""

from typing import Any

from game.core.contract import JSON, State
from game.view.controller import BoardController, Markup
from game.view.howto import Section
from game.view.i18n import Translator
from game.view.markup import tag
from game.view.story import Told

from . import draw, howto, panel, queries, speech, story
from .cursor import Cursor, Square
from .draw import square_box, viewbox_of
from .draw_tiles import T, spot
from .engine import Place

KEY_STEPS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def parse_square(target: str) -> Square:
    x, y = target.split(",")
    return int(x), int(y)


class Controller(Cursor, BoardController):
    has_hints = True
    target_units = T  # a square: under 24 px on screen a tap zooms in first
    cursor_keys = True

    def __init__(self) -> None:
        super().__init__()
        self._tr: Translator | None = None  # the latest translator (tooltips on the board)
        self._names: list[str] = []  # the latest seat names (whose followers `spoken` names)
        self._scored: tuple[Markup, Markup] | None = None  # what the last turn scored, drawn

    def _sync(self, state: State) -> None:
        if state is not self._position:
            self._scored = None
        super()._sync(state)

    # ---- input -----------------------------------------------------------------------------------
    def point(self, state: State, target: str) -> bool:
        self._sync(state)
        if self.tile is None:
            return False
        self.by_key = False
        if target.startswith("m:"):
            fid = target[2:]
            changed = fid != self.hovered
            self.hovered = fid
            return changed
        if self.step == "follower":
            changed = self.hovered is not None
            self.hovered = None
            return changed
        if self.locked:
            return False
        self.cursor = None  # the pointer leads: the keys start again from its square
        return self._aim(parse_square(target))

    def leave(self, state: State) -> bool:
        """The pointer left the board: hide a preview nobody chose."""
        if self.locked or self.step != "place" or self.anchor is None or self.cursor:
            if self.hovered is not None:
                self.hovered = None
                return True
            return False
        self.anchor = None
        return True

    def tap(self, state: State, target: str) -> Place | None:
        """A click or tap: choose a square, turn the tile on the chosen one, open the pick,
        place a follower on its ring. Returns the move to play, or None."""
        self._sync(state)
        if self.tile is None:
            return None
        self.by_key, self.news = False, None
        if target == "pick":
            self.picking = self.step == "follower"
            return None
        if target.startswith("m:"):
            fid = target[2:]
            if self.step != "follower" or fid not in self._here():
                return None
            return self._place(fid)  # one tap: the ring says what it brings before it
        square = parse_square(target)
        if self.step == "follower":
            if square == self.anchor:
                return None  # the tile itself, between the rings: nothing to do
            self.step, self.selected, self.picking = "place", None, False
        if self.locked and square == self.anchor:
            self.rotate(state, 1)  # a tap on the chosen tile turns it
            return None
        self._go(square)
        self.locked = bool(self.turns_at(square))
        return None

    def act(self, state: State, name: str) -> Place | None:
        """The panel's buttons."""
        self._sync(state)
        self.news = None
        if name == "rotate":
            self.rotate(state, 1)
        elif name == "rotate-left":
            self.rotate(state, -1)
        elif name == "lay":
            return self.lay(state)
        elif name == "confirm":
            return self.confirm(state)
        elif name == "no-follower":
            return self.no_follower(state)
        elif name == "back":
            self.back(state)
        elif name == "left":
            self.show_left = not self.show_left
        elif name.startswith("meeple:") and self.step == "follower" and name[7:] in self._here():
            return self._place(name[7:])  # a place's button: one press places the follower
        return None

    def turn(self, state: State, step: int) -> bool:
        self.by_key = False
        self.rotate(state, step)
        return True

    def key(self, state: State, key: str) -> Place | None:
        """Keyboard play: arrows walk the landscape (or the follower's places), F jumps to a
        square where the tile fits (Shift+F back), R turns (Shift+R back), Enter chooses / lays
        / places, N plays without a follower, 1-9 choose a place, Escape steps back. Returns a
        move or None."""
        self._sync(state)
        if self.tile is None:
            return None
        self.by_key, self.news = True, None
        if key in ("r", "R"):
            self.rotate(state, -1 if key == "R" else 1)
        elif key == "Escape":
            self.back(state)
        elif self.step == "follower":
            return self._follower_key(state, key)
        elif key in KEY_STEPS:
            self.nudge(state, *KEY_STEPS[key])
        elif key in ("f", "F"):
            self.jump(state, -1 if key == "F" else 1)
        elif key == "Enter":
            return self._enter(state)
        return None

    def _follower_key(self, state: State, key: str) -> Place | None:
        if key in ("ArrowRight", "ArrowDown"):
            self.cycle_follower(state, 1)
        elif key in ("ArrowLeft", "ArrowUp"):
            self.cycle_follower(state, -1)
        elif key in ("n", "N", "0"):
            return self.no_follower(state)
        elif key.isdigit():
            options = self.follower_options(state)
            if 1 <= int(key) <= len(options):
                self.choose(state, options[int(key) - 1][0])
        elif key == "Enter":
            if self.selected is None:
                self.news = ("refused", "no_choice")
                return None
            return self.confirm(state)
        return None

    def _enter(self, state: State) -> Place | None:
        """Enter in the first step: choose the square, then lay the tile; or say why not."""
        at = self.here()
        if at is None:
            self.news = ("refused", "nowhere")
        elif at != self.anchor or not self.is_legal(state):
            self.news = ("refused", "square")
        elif self.locked:
            return self.lay(state)
        else:
            self.locked = True
            self.news = ("chosen",)
        return None

    # ---- in words (speech.py) -------------------------------------------------------------------
    def spoken(
        self, state: State, viewer: int | None, tr: Translator, you: int | None
    ) -> str | None:
        self._sync(state)
        news, self.news = self.news, None
        if news is None or self.tile is None:
            return None
        names = self._names or [
            tr(f"carcassonne.colour.{name}")
            for name in draw.SEAT_NAMES[: queries.player_count(state)]
        ]
        what, at = news[0], self.here()
        if what == "turned":
            turns = self.turns_at(self.anchor) if self.anchor is not None else []
            return speech.turned_words(tr, self.tile, self.rot, turns)
        if what == "spot" and self.selected is not None:
            options = self.follower_options(state)
            return speech.spot_words(
                tr, options, self.selected, self.outcomes(state)[self.selected]
            )
        if what == "spots" and self.anchor is not None:
            options = self.follower_options(state)
            return tr("carcassonne.say.spots", n=len(options), spots=speech.spot_list(tr, options))
        if what == "refused" and news[1] != "square":
            return tr(f"carcassonne.refuse.{news[1]}")
        if what == "cleared":
            return tr("carcassonne.say.cleared")
        if at is None:
            return None
        if what == "chosen":
            return tr("carcassonne.say.chosen", where=speech.where(tr, *at))
        if what == "back":
            return tr("carcassonne.say.back", where=speech.where(tr, *at))
        if what == "let_go":
            return tr("carcassonne.say.let_go")
        fit = speech.fit_words(
            tr,
            self.tile,
            self.rot,
            self.turns_at(at),
            speech.asked(at, self.square_of),
            at in self.square_of,
        )
        if what == "refused":
            return fit
        words = speech.square_words(tr, state, names, at, self.square_of) + " " + fit
        return tr("carcassonne.say.edge") + " " + words if what == "edge" else words

    def piece_words(self, state: State, viewer: int | None, tr: Translator) -> str:
        self._sync(state)
        return speech.piece_words(tr, self.tile, self.rot) if self.tile is not None else ""

    def board_words(
        self, state: State, viewer: int | None, names: list[str], tr: Translator, you: int | None
    ) -> Markup:
        """The open features on the cursor's square and next to it (else around the tile
        previewed, else the tile laid last)."""
        self._sync(state)
        return speech.around_words(tr, state, names, self.here() or self.placed[-1][:2])

    # ---- drawing ---------------------------------------------------------------------------------
    def defs(self) -> Markup:
        return draw.defs()

    def viewbox(self, state: State) -> str:
        self._sync(state)
        x0, y0, x1, y1 = self.box
        return viewbox_of([(x0, y0), (x1, y1)])

    def focus_box(self, state: State) -> str | None:
        self._sync(state)
        return square_box(self.placed[-1][:2])

    def cursor_box(self, state: State) -> str | None:
        at = self.here()
        return None if at is None else square_box(at)

    def board_markup(self, state: State, viewer: int | None = None, summary: Any = None) -> Markup:
        """Tiles, the last one framed, followers, the Courier, what the last turn scored (at the
        end: what final scoring gave, each feature outlined), and the free squares to aim at."""
        self._sync(state)
        last = (self.placed[-1][0], self.placed[-1][1]) if len(self.placed) > 1 else None
        titles = {}
        for x, y, tile, _rot in self.placed:
            if queries.tile_info(tile)["inferred"]:
                titles[(x, y)] = (
                    self._tr("carcassonne.letter_title", tile=tile)
                    if self._tr
                    else f"{tile}: letter tile (layout inferred)"
                )
        meeples = []
        for seat, x, y, fid in queries.meeples_on_board(state):
            tile, rot = self.square_of[(x, y)]
            meeples.append((seat, x, y, tile, rot, fid, queries.feature_kinds(tile)[fid]))
        courier = queries.courier_position(state)
        avoid = [
            spot(tile, rot, fid, x, y)
            for _, x, y, tile, rot, fid, _ in meeples
            if (x, y) == courier
        ]
        highlights, badges = self._scored_markup(state)
        return (
            draw.tiles_layer(self.placed, titles)
            + draw.start_marker()
            + draw.last_layer(last)
            + tag("g", highlights, class_="car-events")
            + draw.meeples_layer(meeples)
            + draw.courier_layer(courier, avoid)
            + tag("g", badges, class_="car-badges")
            + (draw.hits_layer(self.free) if self.tile is not None else "")
        )

    def scored(self, state: State) -> list[queries.ScoreEvent]:
        """The events to show on the board: the last turn's, or final scoring once it is over."""
        if self.tile is None:
            return queries.final_events(state) or []
        return queries.score_events(state)

    def _scored_markup(self, state: State) -> tuple[Markup, Markup]:
        if self._scored is None:
            self._scored = draw.scored_layers(state, self.scored(state), self.square_of)
        return self._scored

    def overlay_markup(self, state: State, viewer: int | None, interactive: bool) -> Markup:
        """Hints, the preview and the follower rings for the person to move."""
        self._sync(state)
        if not interactive or self.tile is None:
            return ""
        out = []
        if self.hints:
            rules = queries.rule_options(state)
            if rules["courier"] != "off":
                out.append(
                    draw.courier_reach_layer(
                        queries.courier_position(state), rules["courier_reach"], self.box
                    )
                )
            if self.step == "place":
                strong = [s for s, turns in self.legal.items() if self.rot in turns]
                out.append(draw.hints_layer(list(self.legal), strong))
        if self.anchor is not None:
            legal = self.is_legal(state)
            preview = draw.preview_layer(
                self.tile, self.rot, *self.anchor, legal, self.locked or self.step == "follower"
            )
            if self.step == "follower":
                out.append(preview + panel.rings(self.selection(state), self._tr))
            else:
                out.append(preview)
                if self.locked:
                    out.append(draw.cursor_layer(*self.anchor))
        if self.cursor is not None and self.cursor != self.anchor:  # the keys on a laid tile
            out.append(draw.cursor_layer(*self.cursor))
        return "".join(out)

    def pick_markup(self, state: State, tr: Translator) -> Markup:
        """The follower rings magnified, when a tap on the tile asked for them."""
        self._sync(state)
        if not (self.picking and self.step == "follower" and self.tile is not None):
            return ""
        return panel.pick(self.selection(state), tr)

    # ---- beside the board (panel.py) ------------------------------------------------
    def panel_markup(
        self,
        state: State,
        viewer: int | None,
        names: list[str],
        tr: Translator,
        interactive: bool,
        *,
        you: int | None = None,
    ) -> Markup:
        """The tile to place with the controls of the step."""
        self._tr, self._names = tr, names
        return panel.panel(state, self.selection(state), names, tr, interactive, you)

    def details_markup(
        self,
        state: State,
        viewer: int | None,
        names: list[str],
        tr: Translator,
        *,
        you: int | None = None,
    ) -> Markup:
        """Players, the last turn, the Courier, the stack."""
        return panel.details(state, self.selection(state), names, tr)

    # ---- the story: log entries, the review, the end (story.py) ----------------------
    def seat_style(self, seat: int) -> tuple[str, str]:
        return draw.SEATS[seat][0], story.SHAPES[seat]

    def seat_mark(self, state: State, seat: int) -> Markup:
        return draw.meeple_icon(seat, size=18)

    def tell(
        self,
        before: State,
        move: JSON,
        after: State,
        viewer: int | None,
        names: list[str],
        tr: Translator,
        *,
        you: int | None = None,
    ) -> Told:
        return story.tell(before, move, after, names, tr, you)

    def mark_markup(self, before: State, move: JSON, after: State) -> Markup:
        return story.mark_markup(move, after)

    def result_notes(self, state: State, tr: Translator) -> list[dict[str, str]]:
        return story.result_notes(state, tr)

    def result_markup(self, state: State, names: list[str], tr: Translator) -> Markup:
        return story.result_markup(state, names, tr)

    # ---- how to play (howto.py) -------------------------------------------------------------
    def howto(self) -> list[Section]:
        return howto.sections()

    def howto_topic(self, state: State) -> str | None:
        self._sync(state)
        return howto.topic(self.step) if self.tile is not None else None

    def options_markup(self, tr: Translator, options: dict[str, JSON]) -> Markup:
        self._tr = tr
        return panel.options_form(tr, options)

    def read_options(self, form: dict[str, str | bool]) -> dict[str, JSON]:
        return panel.read_options(form)
