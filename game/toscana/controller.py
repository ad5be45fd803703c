"""How a person places a Toscana tile, as a small state machine in pure Python (the browser layer
only forwards pointer and key events and sets the markup this returns).

Pointing at a cell previews the tile with its top-left corner there (moved inside the board when
it would stick out; turned back, it returns to the spot chosen). A click or tap chooses the spot;
a tap on the chosen tile turns it, as do R, a right click and the turn buttons; the Place button
(or Enter) plays it, so a slip of the finger costs nothing. Arrow keys move the preview; V arms
the veto. (The wheel zooms the board.)

Played without sight, each input leaves words for the shell's live line (`spoken`: the square,
what lies there, whether the tile fits and why not; the tile's new turn; the veto; a refused
Enter), and the tile and the board can be described (`piece_words`, `board_words`): the words
are draw_words.py's. The controller remembers whether the last input was a key, so the panel's
hint speaks of keys then and of taps otherwise.

What the person chose so far leaves the controller only as a frozen value, `selection()`
(panel.Selection): panel.py draws the panel, the round's summary and the new-game option.
"""

from game.core.contract import JSON
from game.view.controller import BoardController, Markup
from game.view.howto import Section
from game.view.i18n import Translator
from game.view.story import Told

from . import draw, draw_words, howto, panel, queries, story
from .data import CANONICAL_ROT, CENTRE, DISTINCT_ROTS, SIZE, footprint
from .draw import CELL
from .engine import GAME, Pass, Place, ToscanaMove, ToscanaState
from .panel import Selection

KEY_STEPS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
# why a spot is refused (queries.placement_problem) -> the sentence shown under the board
WHY = {
    "edge": "toscana.why.edge",
    "overlap": "toscana.why.overlap",
    "centre": "toscana.why.centre",
    "touch": "toscana.why.touch",
    "touch_tile": "toscana.why.touch_tile",
}


def parse_target(target: str) -> tuple[int, int]:
    """(x, y) from a square's data-cell "x,y"."""
    x, y = target.split(",")
    return int(x), int(y)


def cells_box(x: int, y: int, rot: int) -> str:
    """ "x y w h" in board units of a tile with its top-left cell at (x, y), turned `rot`."""
    width, height = footprint(rot)
    return f"{x * CELL} {y * CELL} {width * CELL} {height * CELL}"


class Controller(BoardController):
    has_hints = True
    target_units = CELL  # a cell: the board opens zoomed so that a cell is 24 px
    cursor_keys = True

    def __init__(self) -> None:
        super().__init__()
        self.rot = 0
        self.anchor: tuple[int, int] | None = None  # the previewed tile's top-left cell
        self.chosen: tuple[int, int] | None = None  # the anchor as chosen (before a turn moved it)
        self.locked = False  # the spot is chosen: a tap on the tile turns it, Place plays it
        self.veto = False  # the next move carries a veto
        self.by_key = False  # the last input was a key (the hint speaks of keys, not taps)
        self._news: str | None = None  # what the last input did, for `spoken` ("moved", "edge"...)
        self._position: ToscanaState | None = None  # the state the cache below belongs to
        self._legal: dict[tuple[int, int, int], bool] = {}

    # ---- the position ---------------------------------------------------------------------------
    def _sync(self, state: ToscanaState) -> None:
        """Recompute what depends on the position when it changed; a new position starts with no
        spot chosen, no preview (it shows again when the player points: never a stale one after
        the other player's move) and the veto disarmed, but keeps the rotation."""
        if state is self._position:
            return
        self._position = state
        self._legal = {spot: True for spot in queries.legal_placements(state)}
        self.anchor = self.chosen = None
        self._news = None
        self.locked = False
        self.veto = False
        tile = self.tile(state)
        if tile is not None:
            self.rot = CANONICAL_ROT[tile][self.rot]

    def tile(self, state: ToscanaState) -> str | None:
        """The tile the player to move is placing (None: empty pile or match over)."""
        seat = GAME.current_player(state)
        return None if seat is None else queries.top_tiles(state)[seat]

    def colour(self, state: ToscanaState) -> str:
        return queries.seat_colours(state)[GAME.current_player(state)]

    def must_pass(self, state: ToscanaState) -> bool:
        self._sync(state)
        return GAME.current_player(state) is not None and not self._legal

    def veto_possible(self, state: ToscanaState) -> bool:
        return queries.veto_allowed(state)

    def _clamp(self, x: int, y: int) -> tuple[int, int]:
        width, height = footprint(self.rot)
        return min(max(x, 0), SIZE - width), min(max(y, 0), SIZE - height)

    def is_legal(self, state: ToscanaState, anchor: tuple[int, int] | None = None) -> bool:
        self._sync(state)
        anchor = anchor or self.anchor
        return anchor is not None and (anchor[0], anchor[1], self.rot) in self._legal

    def problem(self, state: ToscanaState) -> str | None:
        """Why the previewed spot is not allowed, as a translation key (None when it is); the
        touching rule follows option `contact`."""
        self._sync(state)
        if self.anchor is None or self.is_legal(state):
            return None
        fault = queries.placement_problem(state, *self.anchor, self.rot)
        return None if fault is None else WHY[fault]

    def rotation_has_spots(self, state: ToscanaState) -> bool:
        self._sync(state)
        return any(rot == self.rot for _, _, rot in self._legal)

    # ---- input ------------------------------------------------------------------------------------
    def point(self, state: ToscanaState, target: str) -> bool:
        return self.point_at(state, *parse_target(target))

    def tap(self, state: ToscanaState, target: str) -> ToscanaMove | None:
        return self.tap_at(state, *parse_target(target))

    def point_at(self, state: ToscanaState, x: int, y: int) -> bool:
        """The pointer is over cell (x, y): move the preview unless a spot is chosen. Returns
        whether the overlay changed."""
        self._sync(state)
        self.by_key = False
        if self.locked or self.tile(state) is None:
            return False
        anchor = self._clamp(x, y)
        changed = anchor != self.anchor
        self._move_to(anchor)
        return changed

    def leave(self, state: ToscanaState) -> bool:
        """The pointer left the board: hide an unchosen preview."""
        if self.locked or self.anchor is None:
            return False
        self.anchor = self.chosen = None
        return True

    def _move_to(self, anchor: tuple[int, int]) -> None:
        """The preview goes to `anchor` (inside the board): the spot a later turn keeps to."""
        self.anchor = self.chosen = anchor

    def _covers(self, x: int, y: int) -> bool:
        if self.anchor is None:
            return False
        width, height = footprint(self.rot)
        ax, ay = self.anchor
        return ax <= x < ax + width and ay <= y < ay + height

    def tap_at(self, state: ToscanaState, x: int, y: int) -> ToscanaMove | None:
        """A click or tap on cell (x, y): choose the spot there, or turn the tile when the tap
        lands on the chosen one. Never a move: Place (or Enter) plays."""
        self._sync(state)
        self.by_key = False
        if self.tile(state) is None:
            return None
        if self.locked and self._covers(x, y):
            self.rotate(state, 1)
            return None
        self._move_to(self._clamp(x, y))
        self.locked = True
        self._news = "moved"
        return None

    def confirm(self, state: ToscanaState) -> ToscanaMove | None:
        """The move for the previewed spot, if it is legal."""
        if self.anchor is None or not self.is_legal(state):
            return None
        return Place(self.anchor[0], self.anchor[1], self.rot, self.veto)

    def rotate(self, state: ToscanaState, step: int = 1) -> None:
        """Turn the tile to its next distinct orientation (look-alike turns are skipped). At the
        board's edge a turned tile moves inside; turned back it returns to the spot chosen."""
        self._sync(state)
        tile = self.tile(state)
        if tile is None:
            return
        turns = DISTINCT_ROTS[tile]
        self.rot = turns[(turns.index(CANONICAL_ROT[tile][self.rot]) + step) % len(turns)]
        if self.chosen is not None:
            self.anchor = self._clamp(*self.chosen)
        self._news = "turned"

    def nudge(self, state: ToscanaState, dx: int, dy: int) -> None:
        """An arrow key: the preview one square that way (it stays put at the board's edge)."""
        self._sync(state)
        x, y = self.anchor if self.anchor is not None else CENTRE
        anchor = self._clamp(x + dx, y + dy)
        self._news = "edge" if anchor == self.anchor else "moved"
        self._move_to(anchor)
        self.locked = False

    def cancel(self) -> None:
        self.locked = False

    def toggle_veto(self, state: ToscanaState) -> None:
        self.veto = not self.veto and self.veto_possible(state)
        self._news = "veto"

    def pass_move(self, state: ToscanaState) -> ToscanaMove | None:
        return Pass(self.veto) if self.must_pass(state) else None

    def act(self, state: ToscanaState, name: str) -> ToscanaMove | None:
        """The panel's buttons: turn, place, pass, arm the veto."""
        if name in ("rotate", "rotate-left"):
            self.rotate(state, 1 if name == "rotate" else -1)
        elif name == "place":
            return self._confirm_or_say(state)
        elif name == "pass":
            return self.pass_move(state)
        elif name == "veto":
            self.toggle_veto(state)
        return None

    def turn(self, state: ToscanaState, step: int) -> bool:
        self.by_key = False
        self.rotate(state, step)
        return True

    def key(self, state: ToscanaState, key: str) -> ToscanaMove | None:
        """Keyboard play: arrows move, R turns, Enter places (or passes), V arms the veto, T
        says the tile, Escape lets go of a chosen spot. Returns a move or None."""
        self._sync(state)
        self.by_key = True
        self._news = None
        if key in KEY_STEPS:
            self.nudge(state, *KEY_STEPS[key])
        elif key in ("r", "R"):
            self.rotate(state, -1 if key == "R" else 1)
        elif key in ("v", "V"):
            self.toggle_veto(state)
        elif key in ("t", "T"):
            self._news = "tile"
        elif key == "Escape":
            self.cancel()
        elif key == "Enter":
            return self.pass_move(state) if self.must_pass(state) else self._confirm_or_say(state)
        return None

    def _confirm_or_say(self, state: ToscanaState) -> ToscanaMove | None:
        """The move for the spot, or (refused) the words that say why not."""
        move = self.confirm(state)
        if move is None:
            self._news = "refused"
        return move

    # ---- words for playing without sight (draw_words.py) -------------------------------------
    def spoken(
        self, state: ToscanaState, viewer: int | None, tr: Translator, you: int | None
    ) -> str | None:
        """What the last input changed, said once: the square (its name, what lies there, whether
        the tile fits and why not), the tile's new turn, the veto, or why Enter placed nothing."""
        self._sync(state)
        news, self._news = self._news, None
        tile = self.tile(state)
        if news is None or tile is None:
            return None
        seat = GAME.current_player(state)
        assert seat is not None  # there is a tile to place
        colour = self.colour(state)
        here = "" if self.anchor is None else self._here(state, tr, tile, seat)
        if news == "moved":
            return here
        if news == "edge":  # an arrow against the board's edge: the cursor stays
            return f"{tr('toscana.say.edge_reached')} {here}"
        if news == "turned":
            turned = tr("toscana.say.turned", shape=draw_words.shape(tr, tile, self.rot, colour))
            if not self.rotation_has_spots(state):
                return f"{turned} {tr('toscana.turn_hint.keys')}"
            return f"{turned} {here}".strip()
        if news == "tile":
            return draw_words.piece(tr, tile, self.rot, colour)
        if news == "veto":
            return tr(self._veto_words(state, seat))
        fault = (
            None
            if self.anchor is None
            else queries.placement_problem(state, *self.anchor, self.rot)
        )
        why = draw_words.why(tr, fault or "nowhere")
        return tr("toscana.say.refused", why=why)

    def _here(self, state: ToscanaState, tr: Translator, tile: str, seat: int) -> str:
        """The cursor's square and whether the tile fits on the spot it heads."""
        assert self.anchor is not None
        x, y = self.anchor
        square = draw_words.at(tr, draw_words.grid(state), x, y)
        return f"{square} {draw_words.fit(tr, state, seat, tile, x, y, self.rot)}"

    def _veto_words(self, state: ToscanaState, seat: int) -> str:
        if self.veto:
            return "toscana.say.veto_on"
        if self.veto_possible(state):
            return "toscana.say.veto_off"
        return (
            "toscana.say.veto_short"
            if queries.vetoes_left(state)[seat]
            else "toscana.say.veto_used"
        )

    def piece_words(self, state: ToscanaState, viewer: int | None, tr: Translator) -> str:
        sel = self.selection(state)
        if sel.tile is None or sel.colour is None:
            return ""
        return draw_words.piece(tr, sel.tile, sel.rot, sel.colour)

    def board_words(
        self,
        state: ToscanaState,
        viewer: int | None,
        names: list[str],
        tr: Translator,
        you: int | None,
    ) -> Markup:
        """Each player's largest area, the free squares around the cursor and, for the player
        to move, where the tile fits nearby."""
        self._sync(state)
        mover = GAME.current_player(state)
        placing = mover is not None and viewer in (None, mover) and self.tile(state) is not None
        return draw_words.board(state, names, tr, self.anchor, self.rot, mover if placing else None)

    # ---- output -----------------------------------------------------------------------------------
    def defs(self) -> Markup:
        return draw.defs()

    def viewbox(self, state: ToscanaState) -> str:
        return draw.VIEWBOX

    def focus_box(self, state: ToscanaState) -> str | None:
        last = queries.last_move(state)
        spot = last["placed"] if last and not last["round_end"] else None
        return cells_box(spot["x"], spot["y"], spot["rot"]) if spot else None

    def cursor_box(self, state: ToscanaState) -> str | None:
        return None if self.anchor is None else cells_box(*self.anchor, self.rot)

    def board_markup(
        self, state: ToscanaState, viewer: int | None = None, summary: int | None = None
    ) -> Markup:
        """Board and tiles of the current round plus the last move; with `summary` (a round
        number), that finished round with its scoring areas."""
        if summary is not None:
            return self.round_end_markup(state, summary)
        round_no = queries.board_round(state)
        last = queries.last_move(state)
        spot = last["placed"] if last and not last["round_end"] else None
        return (
            draw.board_layer()
            + draw.tiles_layer(
                queries.round_placements(state, round_no), queries.seat_colours(state, round_no)
            )
            + draw.last_move_layer(spot)
            + draw.hit_layer()
        )

    def overlay_markup(self, state: ToscanaState, viewer: int | None, interactive: bool) -> Markup:
        """Hints and the preview for the player to move (nothing when it is not their turn)."""
        self._sync(state)
        tile = self.tile(state)
        if not interactive or tile is None:
            return ""
        out = ""
        if self.hints:
            out += draw.hints_layer(sorted((x, y) for x, y, rot in self._legal if rot == self.rot))
        if self.anchor is not None:
            out += draw.preview_layer(
                tile, self.rot, *self.anchor, self.colour(state), self.is_legal(state), self.locked
            )
        return out

    def round_end_markup(self, state: ToscanaState, round_no: int) -> Markup:
        """A finished round's board with both largest areas outlined and their tiles counted."""
        placements = queries.round_placements(state, round_no)
        colours = queries.seat_colours(state, round_no)
        areas = queries.largest_areas(placements, round_no)
        scores = [len(areas[colours[seat]]["tiles"]) for seat in (0, 1)]
        return (
            draw.board_layer()
            + draw.tiles_layer(placements, colours)
            + draw.areas_layer(areas, placements, colours, scores)
        )

    # ---- the story: log entries, the review, the end (story.py) -------------------
    def seat_style(self, seat: int) -> tuple[str, str]:
        return story.SEAT_STYLES[seat]

    def seat_mark(self, state: ToscanaState, seat: int) -> Markup:
        return story.seat_mark(state, seat)

    def tell(
        self,
        before: ToscanaState,
        move: JSON,
        after: ToscanaState,
        viewer: int | None,
        names: list[str],
        tr: Translator,
        *,
        you: int | None = None,
    ) -> Told:
        return story.tell(before, move, after, names, tr, you)

    def mark_markup(self, before: ToscanaState, move: JSON, after: ToscanaState) -> Markup:
        return story.mark_markup(after)

    def history_points(self, state: ToscanaState) -> list[int]:
        """Finished rounds plus the largest areas as if the round ended now."""
        return GAME.projected_scores(state)

    def result_notes(self, state: ToscanaState, tr: Translator) -> list[dict[str, str]]:
        return story.result_notes(state, tr)

    # ---- the panel beside the board (panel.py) -------------------------------------------------
    def summary_after(self, state: ToscanaState) -> int | None:
        """The round a move just finished: its scoring is shown before play goes on."""
        last = queries.last_move(state)
        return last["round_end"]["round"] if last and last["round_end"] else None

    def summary(
        self,
        state: ToscanaState,
        which: int,
        names: list[str],
        tr: Translator,
        *,
        you: int | None = None,
    ) -> tuple[str, Markup, str]:
        return panel.summary(state, which, names, tr, you)

    def selection(self, state: ToscanaState) -> Selection:
        """The turn as chosen so far, as one frozen value: all the panel reads of this board."""
        self._sync(state)
        tile = self.tile(state)
        return Selection(
            tile=tile,
            colour=self.colour(state) if tile is not None else None,
            rot=self.rot,
            anchor=self.anchor,
            locked=self.locked,
            fits=self.is_legal(state),
            problem=self.problem(state),
            turn_has_spots=self.rotation_has_spots(state),
            must_pass=self.must_pass(state),
            veto_possible=self.veto_possible(state),
            veto=self.veto,
            by_key=self.by_key,
        )

    def panel_markup(
        self,
        state: ToscanaState,
        viewer: int | None,
        names: list[str],
        tr: Translator,
        interactive: bool,
        *,
        you: int | None = None,
    ) -> Markup:
        return panel.panel(state, self.selection(state), names, tr, interactive)

    def details_markup(
        self,
        state: ToscanaState,
        viewer: int | None,
        names: list[str],
        tr: Translator,
        *,
        you: int | None = None,
    ) -> Markup:
        return panel.details(state, names, tr)

    # ---- how to play ----------------------------------------------------------------------------
    def howto(self) -> list[Section]:
        return howto.sections()

    def howto_topic(self, state: ToscanaState) -> str | None:
        return howto.topic(state, self.must_pass(state))

    # ---- the new-game form (panel.py) ---------------------------------------------------------
    def options_markup(self, tr: Translator, options: dict[str, JSON]) -> Markup:
        return panel.options_form(tr, options)

    def read_options(self, form: dict[str, str | bool]) -> dict[str, JSON]:
        return panel.read_options(form)
