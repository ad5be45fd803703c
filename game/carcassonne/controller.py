"""How a person plays a Carcassonne turn, as a small state machine in pure Python (the browser
layer only forwards pointer and key events and sets the markup this returns). This is the
`Controller` the game declares (game.view.controller.BoardController). What the person chose so
far leaves it only as a frozen value, `selection()` (panel.Selection): panel.py draws the panel
beside the board, the follower rings and the new-game options from it; story.py writes the log
entries and the end.

A turn has two steps.
1. Where: every free square where the tile fits (in some turn) is highlighted. Pointing at one
   previews the tile there, in the current turn when it fits there, else in its first fitting
   turn. A click or tap chooses the square; a tap on the chosen tile, R (Shift+R back), a right
   click or the turn buttons cycle only the turns that fit on that square. "Lay tile here" (or
   Enter) lays it, so a slip of the finger costs nothing. (The wheel zooms the board.)
2. Who: clickable rings on the tile's features that may take a follower (only those the
   engine's legal moves allow), each explained (road, city, monastery, field) with what it
   would bring this turn, the Courier's message included. Tap a ring to choose it and again to
   play, or use the buttons; "No follower" ends the turn without one. Escape steps back. When
   the rings are too small to tap on the board, a tap on the tile opens them magnified (the
   pick, drawn over the board).
"""

from typing import Any

from game.core.contract import JSON, State
from game.view.controller import BoardController, Markup
from game.view.howto import Section
from game.view.i18n import Translator
from game.view.markup import tag
from game.view.story import Told

from . import draw, howto, panel, queries, story
from .draw import square_box, viewbox_of
from .draw_tiles import T, spot
from .engine import GAME, Place
from .panel import Outcome, Selection

Square = tuple[int, int]  # (x, y) on the board
KEY_STEPS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
KIND_ORDER = ("city", "road", "monastery", "field")


def parse_square(target: str) -> Square:
    x, y = target.split(",")
    return int(x), int(y)


class Controller(BoardController):
    has_hints = True
    target_units = T  # a square: under 24 px on screen a tap zooms in first
    cursor_keys = True

    def __init__(self) -> None:
        super().__init__()
        self.rot = 0
        self.anchor: Square | None = None  # the square the tile is previewed on
        self.locked = False  # the square is chosen: the next tap on it lays the tile
        self.step = "place"  # "place" (where) or "follower" (who)
        self.selected: str | None = None  # the chosen feature in the follower step
        self.hovered: str | None = None  # the feature pointed at in the follower step
        self.picking = False  # the follower rings are shown magnified over the board
        self.show_left = False  # the panel lists what is left in the stack
        self._position: State | None = None  # the state the caches below belong to
        self.placed: list[tuple[int, int, str, int]] = []  # (x, y, tile, rot), as placed
        self.new_discards: list[str] = []  # tiles that fitted nowhere, removed during the last turn
        self._tr: Translator | None = None  # the latest translator (tooltips on the board)

    # ---- the position ---------------------------------------------------------------------------
    def _sync(self, state: State) -> None:
        """Recompute what depends on the position when it changed; a new position starts a new
        turn: nothing chosen, the new tile north up."""
        if state is self._position:
            return
        before = len(self.placed) if self._position is not None else None
        discarded_before = (
            len(queries.discarded_tiles(self._position)) if self._position is not None else 0
        )
        self._position = state
        self.tile = queries.current_tile(state)
        self.seat = GAME.current_player(state)
        self.placed = queries.placed_tiles(state)
        self.square_of = {(x, y): (tile, rot) for x, y, tile, rot in self.placed}
        # (x, y) -> canonical turns that fit there, in order; (x, y, rot) -> the features
        # that may take a follower there
        self.legal: dict[Square, list[int]] = {}
        self.features: dict[tuple[int, int, int], list[str]] = {}
        for move in GAME.legal_moves(state):
            turns = self.legal.setdefault((move.x, move.y), [])
            if move.meeple is None:
                turns.append(move.rot)
            else:
                self.features.setdefault((move.x, move.y, move.rot), []).append(move.meeple)
        free = {}
        for x, y, _, _ in self.placed:
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                square = (x + dx, y + dy)
                if square not in self.square_of:
                    free[square] = True
        self.free = sorted(free, key=lambda s: (s[1], s[0]))
        self.box = self._box()
        # discarded this very turn (only when the new position follows the one shown before:
        # one tile more, or the same tiles and a deal in keyed play)
        self.new_discards = []
        if before is not None and len(self.placed) - before in (0, 1):
            self.new_discards = queries.discarded_tiles(state)[discarded_before:]
        self.rot, self.anchor, self.locked = 0, None, False
        self.step, self.selected, self.hovered = "place", None, None
        self.picking = False
        self._outcomes: dict[str | None, Outcome] | None = None
        self._scored: tuple[Markup, Markup] | None = None

    def _box(self) -> tuple[int, int, int, int]:
        """The placed tiles and the ring of free squares around them (no ring once it is over)."""
        ring = 1 if self.tile is not None else 0
        xs = [x for x, _, _, _ in self.placed]
        ys = [y for _, y, _, _ in self.placed]
        return min(xs) - ring, min(ys) - ring, max(xs) + ring, max(ys) + ring

    def turns_at(self, square: Square) -> list[int]:
        return self.legal.get(square, [])

    def is_legal(self, state: State, square: Square | None = None, rot: int | None = None) -> bool:
        self._sync(state)
        square = square or self.anchor
        return square is not None and (self.rot if rot is None else rot) in self.turns_at(square)

    def follower_options(self, state: State) -> list[tuple[str, str]]:
        """[(feature id, kind)] that may take a follower on the chosen square and turn, cities
        first, fields last (the order of the rings' numbers)."""
        self._sync(state)
        fids = self._here()
        kinds = queries.feature_kinds(self.tile) if fids else {}
        return sorted(
            ((fid, kinds[fid]) for fid in fids), key=lambda f: (KIND_ORDER.index(f[1]), f[0])
        )

    def _here(self) -> list[str]:
        """The features that may take a follower on the chosen square in the current turn."""
        return [] if self.anchor is None else self.features.get((*self.anchor, self.rot), [])

    def outcomes(self, state: State) -> dict[str | None, Outcome]:
        """What each choice would bring the player this turn: {fid or None: Outcome} (the game
        is played ahead on a copy, once per chosen square)."""
        if self._outcomes is None:
            assert self.anchor is not None
            x, y = self.anchor
            out = {}
            base = None
            for fid in [None] + [f for f, _ in self.follower_options(state)]:
                after = GAME.apply(state, Place(x, y, self.rot, fid))
                done = sum(
                    e.points
                    for e in queries.score_events(after)
                    if e.player == self.seat and e.reason == "completed"
                )
                courier = sum(
                    e.points
                    for e in queries.score_events(after)
                    if e.player == self.seat and e.reason == "courier"
                )
                if base is None:
                    base = done
                moved = queries.courier_position(after) != queries.courier_position(state)
                out[fid] = Outcome(done - base, courier, moved)
            self._outcomes = out
        return self._outcomes

    # ---- input -----------------------------------------------------------------------------------
    def point(self, state: State, target: str) -> bool:
        self._sync(state)
        if self.tile is None:
            return False
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
        return self._aim(parse_square(target))

    def _aim(self, square: Square) -> bool:
        """Preview the tile on `square`: keep the turn when it fits there, else the first turn
        (clockwise from it) that fits. Returns whether anything changed."""
        changed = square != self.anchor
        self.anchor = square
        turns = self.turns_at(square)
        if turns and self.rot not in turns:
            order = queries.distinct_turns(self.tile)
            start = order.index(self.rot) if self.rot in order else 0
            self.rot = next(
                order[(start + k) % len(order)]
                for k in range(len(order))
                if order[(start + k) % len(order)] in turns
            )
            changed = True
        return changed

    def leave(self, state: State) -> bool:
        """The pointer left the board: hide a preview nobody chose."""
        if self.locked or self.step != "place" or self.anchor is None:
            if self.hovered is not None:
                self.hovered = None
                return True
            return False
        self.anchor = None
        return True

    def tap(self, state: State, target: str) -> Place | None:
        """A click or tap: choose a square, lay the tile on the chosen one, choose a follower's
        place, play on a second tap of the same place. Returns the move to play, or None."""
        self._sync(state)
        if self.tile is None:
            return None
        if target == "pick":
            self.picking = self.step == "follower"
            return None
        if target.startswith("m:"):
            fid = target[2:]
            if self.step != "follower" or fid not in self._here():
                return None
            if self.selected == fid:
                return self.confirm(state)
            self.selected = self.hovered = fid
            return None
        square = parse_square(target)
        if self.step == "follower":
            if square == self.anchor:
                return None  # the tile itself, between the rings: nothing to do
            self.step, self.selected, self.picking = "place", None, False
        if self.locked and square == self.anchor:
            self.rotate(state, 1)  # a tap on the chosen tile turns it
            return None
        self._aim(square)
        self.locked = bool(self.turns_at(square))
        return None

    def lay(self, state: State) -> Place | None:
        """The tile goes on the chosen square: on to the follower step, or straight to the move
        when no follower can be placed."""
        self._sync(state)
        if not self.is_legal(state):
            return None
        self.locked = True
        if not self.follower_options(state):
            return self._place(None)
        self.step, self.selected, self.hovered = "follower", None, None
        self._outcomes = None
        return None

    def confirm(self, state: State) -> Place | None:
        """The move for the chosen square, turn and follower (None: without one)."""
        self._sync(state)
        if self.step != "follower" or not self.is_legal(state):
            return None
        if self.selected is not None and self.selected not in self._here():
            return None
        return self._place(self.selected)

    def no_follower(self, state: State) -> Place | None:
        self._sync(state)
        if self.step != "follower" or not self.is_legal(state):
            return None
        return self._place(None)

    def choose(self, state: State, fid: str) -> None:
        self._sync(state)
        if self.step == "follower" and fid in self._here():
            self.selected = self.hovered = fid

    def _place(self, meeple: str | None) -> Place:
        """The move for the chosen square and turn (is_legal said it is one)."""
        assert self.anchor is not None
        return Place(self.anchor[0], self.anchor[1], self.rot, meeple)

    def rotate(self, state: State, step: int = 1) -> None:
        """Turn the tile: on a square, only through the turns that fit there; elsewhere through
        its distinct turns (look-alike turns are skipped). In the follower step the tile is
        picked up again, still on its square."""
        self._sync(state)
        if self.tile is None:
            return
        if self.step == "follower":
            self.step, self.selected, self.hovered = "place", None, None
            self.picking = False
        order = queries.distinct_turns(self.tile)
        if self.anchor is not None and self.turns_at(self.anchor):
            order = [r for r in order if r in self.turns_at(self.anchor)]
        if self.rot not in order:
            self.rot = order[0]
            return
        self.rot = order[(order.index(self.rot) + step) % len(order)]

    def back(self, state: State) -> None:
        """Escape: from the follower step back to the chosen square, then let go of it."""
        self._sync(state)
        if self.step == "follower":
            self.step, self.selected, self.hovered = "place", None, None
            self.picking = False
        elif self.locked:
            self.locked = False
        else:
            self.anchor = None

    def nudge(self, state: State, dx: int, dy: int) -> None:
        """Arrow keys: to the nearest highlighted square in that direction (the first press
        starts from the tile laid last)."""
        self._sync(state)
        squares = list(self.legal)
        if not squares:
            return
        ax, ay = self.anchor if self.anchor is not None else self.placed[-1][:2]
        ahead = [s for s in squares if (s[0] - ax) * dx + (s[1] - ay) * dy > 0]
        if not ahead:
            if self.anchor is None:  # from the last tile nothing lies that way: the nearest
                self._aim(min(squares, key=lambda s: (abs(s[0] - ax) + abs(s[1] - ay), s[1], s[0])))
                self.locked = False
            return
        best = min(
            ahead,
            key=lambda s: (
                abs((s[0] - ax) * dx + (s[1] - ay) * dy)
                + 2 * abs((s[0] - ax) * dy + (s[1] - ay) * dx),
                s[1],
                s[0],
            ),
        )
        self._aim(best)
        self.locked = False

    def cycle_follower(self, state: State, step: int) -> None:
        options = [fid for fid, _ in self.follower_options(state)]
        if not options:
            return
        if self.selected not in options:
            self.selected = options[0 if step > 0 else -1]
        else:
            self.selected = options[(options.index(self.selected) + step) % len(options)]
        self.hovered = self.selected

    def act(self, state: State, name: str) -> Place | None:
        """The panel's buttons."""
        self._sync(state)
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
        elif name.startswith("meeple:"):
            fid = name[7:]
            if self.selected == fid:
                return self.confirm(state)
            self.choose(state, fid)
        return None

    def turn(self, state: State, step: int) -> bool:
        self.rotate(state, step)
        return True

    def key(self, state: State, key: str) -> Place | None:
        """Keyboard play: arrows move between the highlighted squares (or the follower rings),
        R turns (Shift+R back), Enter chooses / lays / plays, N plays without a follower, 1-9
        pick a ring, Escape steps back. Returns a move or None."""
        self._sync(state)
        if self.tile is None:
            return None
        if self.step == "follower":
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
                return self.confirm(state)
            elif key == "Escape":
                self.back(state)
            elif key in ("r", "R"):
                self.rotate(state, -1 if key == "R" else 1)
            return None
        if key in KEY_STEPS:
            self.nudge(state, *KEY_STEPS[key])
        elif key in ("r", "R"):
            self.rotate(state, -1 if key == "R" else 1)
        elif key == "Escape":
            self.back(state)
        elif key == "Enter" and self.anchor is not None:
            if self.locked:
                return self.lay(state)
            self.locked = self.is_legal(state)
        return None

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
        return None if self.anchor is None else square_box(self.anchor)

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
        return "".join(out)

    def pick_markup(self, state: State, tr: Translator) -> Markup:
        """The follower rings magnified, when a tap on the tile asked for them."""
        self._sync(state)
        if not (self.picking and self.step == "follower" and self.tile is not None):
            return ""
        return panel.pick(self.selection(state), tr)

    # ---- beside the board (panel.py) ------------------------------------------------
    def selection(self, state: State) -> Selection:
        """The turn as chosen so far, as one frozen value: all the panel reads of this board."""
        self._sync(state)
        here = self.turns_at(self.anchor) if self.anchor is not None else []
        follower_step = self.step == "follower" and self.anchor is not None
        return Selection(
            seat=self.seat,
            tile=self.tile,
            rot=self.rot,
            anchor=self.anchor,
            locked=self.locked,
            step=self.step,
            fits=self.rot in here,
            fits_here=bool(here),
            followers=tuple(self.follower_options(state)),
            outcomes=self.outcomes(state) if follower_step else {},
            selected=self.selected,
            hovered=self.hovered,
            picking=self.picking,
            show_left=self.show_left,
            new_discards=tuple(self.new_discards),
        )

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
        self._tr = tr
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
