"""The turn as a Carcassonne player chooses it, and the moves between its choices: the square
the tile is previewed on and the keys' cursor (which may also stand on a laid tile), the tile's
turn, the step (where, then who), the follower's place. `Cursor` is the state half of the
board controller (controller.py turns pointer, key and button input into these moves and draws
them); what was chosen leaves it only as `selection()`, a frozen panel.Selection. Each move
notes what it changed in `news`, which the controller says in words (speech.py).
"""

from game.core.contract import State

from . import queries
from .engine import GAME, Place
from .panel import Selection
from .speech import Outcome

Square = tuple[int, int]  # (x, y) on the board
KIND_ORDER = ("city", "road", "monastery", "field")  # the order of the follower's places


def reading(square: Square) -> tuple[int, int]:
    """Reading order: north to south, then west to east."""
    return square[1], square[0]


class Cursor:
    def __init__(self) -> None:
        super().__init__()
        self.rot = 0
        self.anchor: Square | None = None  # the free square the tile is previewed on
        self.cursor: Square | None = None  # the keys' square (a tile, a free square): None yet
        self.locked = False  # the square is chosen: the next tap on it lays the tile
        self.step = "place"  # "place" (where) or "follower" (who)
        self.selected: str | None = None  # the chosen feature in the follower step
        self.hovered: str | None = None  # the feature pointed at in the follower step
        self.picking = False  # the follower rings are shown magnified over the board
        self.show_left = False  # the panel lists what is left in the stack
        self.by_key = False  # the last input was a key: the hints speak of keys
        self.news: tuple[str, ...] | None = None  # what the last change was (Controller.spoken)
        self._position: State | None = None  # the state the caches below belong to
        self.placed: list[tuple[int, int, str, int]] = []  # (x, y, tile, rot), as placed
        self.new_discards: list[str] = []  # tiles that fitted nowhere, removed during the last turn

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
        self.free = sorted(free, key=reading)
        self.box = self._box()
        # discarded this very turn (only when the new position follows the one shown before:
        # one tile more, or the same tiles and a deal in keyed play)
        self.new_discards = []
        if before is not None and len(self.placed) - before in (0, 1):
            self.new_discards = queries.discarded_tiles(state)[discarded_before:]
        self.rot, self.anchor, self.cursor, self.locked = 0, None, None, False
        self.step, self.selected, self.hovered = "place", None, None
        self.picking, self.news = False, None
        self._outcomes: dict[str | None, Outcome] | None = None

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

    def _go(self, square: Square) -> None:
        """The cursor to `square`; a free square next to the tiles gets the preview."""
        self.cursor, self.locked = square, False
        self.news = ("square",)
        if square in self.legal or (square in self.free and square not in self.square_of):
            self._aim(square)
        else:
            self.anchor = None

    def lay(self, state: State) -> Place | None:
        """The tile goes on the chosen square: on to the follower step, or straight to the move
        when no follower can be placed."""
        self._sync(state)
        if not self.is_legal(state):
            self.news = ("refused", "square")
            return None
        self.locked = True
        if not self.follower_options(state):
            return self._place(None)
        self.step, self.selected, self.hovered = "follower", None, None
        self._outcomes = None
        self.news = ("spots",)
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
            self.news = ("spot",)

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
        self.news = ("turned",)
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
            self.news = ("back",)
        elif self.locked:
            self.locked = False
            self.news = ("let_go",)
        elif self.here() is not None:
            self.anchor = self.cursor = None
            self.news = ("cleared",)

    def here(self) -> Square | None:
        """The square the person is at: the keys' cursor, else the previewed square."""
        return self.cursor if self.cursor is not None else self.anchor

    def nudge(self, state: State, dx: int, dy: int) -> None:
        """Arrow keys: one square that way, tiles and free squares alike, within the tiles and
        the ring of squares around them (the first press starts from the tile laid last)."""
        self._sync(state)
        x, y = self.here() or self.placed[-1][:2]
        x0, y0, x1, y1 = self.box
        square = (min(max(x + dx, x0), x1), min(max(y + dy, y0), y1))
        self._go(square)
        if square == (x, y):
            self.news = ("edge",)

    def jump(self, state: State, step: int) -> None:
        """F (Shift+F back): the next square where the tile fits, in reading order (north to
        south, west to east) from the cursor, round again after the last."""
        self._sync(state)
        order = sorted(self.legal, key=reading, reverse=step < 0)
        at = self.here()
        ahead = [
            s
            for s in order
            if at is None or (reading(s) > reading(at) if step > 0 else reading(s) < reading(at))
        ]
        if order:
            self._go((ahead or order)[0])

    def cycle_follower(self, state: State, step: int) -> None:
        options = [fid for fid, _ in self.follower_options(state)]
        if not options:
            return
        if self.selected not in options:
            fid = options[0 if step > 0 else -1]
        else:
            fid = options[(options.index(self.selected) + step) % len(options)]
        self.choose(state, fid)

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
            keyboard=self.by_key,
        )
