"""Toscana rules engine (DESIGN.md §5 "Toscana"; research in rules/toscana.md).

Two players lay 2×4 tiles on a 17×17 board: one builds roofs, the other paving. Each tile has 6
cells of its owner's colour and 2 of the other, so every tile also feeds the opponent. A round
ends when neither player can place; each player scores the number of tiles that take part in
their colour's largest connected area. Two rounds with colours swapped make a match.

Board representation: the cells of each colour are bits of one Python int ("bitboard"), cell
(x, y) at bit y*STRIDE + x. The 3 spare bits at the end of each row are always 0, so shifting
a mask by 1 never carries a cell into the next row. Ints are immutable, so copying the board
copies two numbers, and "where does this tile fit" is a handful of shifts for all 289 cells
at once. Bits are always read in increasing order (row by row), never via set or hash order.
"""

from typing import ClassVar, NamedTuple

from game.core import BadData, Game, IllegalMove, Option, Rng, reading

from . import DECLARATION
from .tiles import CANONICAL_ROT, DISTINCT_ROTS, LAYOUT_IDS, footprint, layout_cells

SIZE = 17
CENTRE = (8, 8)  # the marked cell; the first tile of a round must cover it
ROUNDS = 2
PAVING, ROOF = 0, 1
COLOURS = ("paving", "roof")

# ---- bitboard geometry ----------------------------------------------------------------------
STRIDE = SIZE + 3  # 3 spare bits per row: a tile's 4 cells never wrap into the next row
BOARD_MASK = sum(1 << (y * STRIDE + x) for y in range(SIZE) for x in range(SIZE))
CENTRE_BIT = 1 << (CENTRE[1] * STRIDE + CENTRE[0])
LAYOUT_INDEX = {layout_id: k for k, layout_id in enumerate(LAYOUT_IDS)}


def _bit_positions(mask):
    """The set bits of `mask` in increasing order (row by row, left to right)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _neighbours(mask):
    """Cells edge-adjacent to a cell of `mask` (mask's own cells may be included)."""
    return ((mask << 1) | (mask >> 1) | (mask << STRIDE) | (mask >> STRIDE)) & BOARD_MASK


def _shape(layout_id, rot):
    """(own mask, minority mask, offsets of the own cells) of a turned layout at bit 0."""
    own = other = 0
    offsets = []
    for dx, dy, minority in layout_cells(layout_id, rot):
        d = dy * STRIDE + dx
        if minority:
            other |= 1 << d
        else:
            own |= 1 << d
            offsets.append(d)
    return own, other, tuple(offsets)


# [layout index][rot] -> (own mask, minority mask, own offsets)
SHAPES = [[_shape(layout_id, rot) for rot in range(4)] for layout_id in LAYOUT_IDS]
CANONICAL = [CANONICAL_ROT[layout_id] for layout_id in LAYOUT_IDS]
DISTINCT = [DISTINCT_ROTS[layout_id] for layout_id in LAYOUT_IDS]


def _covering_centre(rot):
    """Top-left cells from which a tile turned `rot` covers the centre."""
    own, other, _ = SHAPES[0][rot]
    return sum(CENTRE_BIT >> d for d in _bit_positions(own | other))


# [rot % 2] -> top-left cells of the lying / standing placements that cover the centre
COVERS_CENTRE = [_covering_centre(0), _covering_centre(1)]


def _free_positions(occupied):
    """Top-left cells where a lying (index 0) and a standing (index 1) tile fit on empty
    cells inside the board (spare bits and bits past the last row are never "empty")."""
    empty = BOARD_MASK & ~occupied
    pair = empty & (empty >> 1)
    four = pair & (pair >> 2)  # 4 empty cells in a row from here
    lying = four & (four >> STRIDE)
    pair = empty & (empty >> STRIDE)
    four = pair & (pair >> 2 * STRIDE)  # 4 empty cells in a column from here
    standing = four & (four >> 1)
    return lying, standing


def _position_masks(masks, layout, colour):
    """[(rot, mask of top-left cells where `layout` of the `colour` set may go)] for each
    distinct rotation: on empty cells, covering the centre if the board is empty, otherwise
    with an own cell edge-adjacent to an own-colour cell on the board (rules/toscana.md A1,
    reading "A": own colour on both sides, the touched cell may be on either player's tile)."""
    occupied = masks[PAVING] | masks[ROOF]
    free = _free_positions(occupied)
    if not occupied:
        return [(rot, free[rot & 1] & COVERS_CENTRE[rot & 1]) for rot in DISTINCT[layout]]
    touch = _neighbours(masks[colour]) & ~occupied
    out = []
    for rot in DISTINCT[layout]:
        near = 0
        for d in SHAPES[layout][rot][2]:
            near |= touch >> d
        out.append((rot, free[rot & 1] & near))
    return out


def _placement_error(masks, layout, colour, x, y, rot):
    """Why `layout` (turned `rot`) of the `colour` set may not go at (x, y), or None."""
    width, height = footprint(rot)
    if not (0 <= x <= SIZE - width and 0 <= y <= SIZE - height):
        return "the tile would leave the board"
    own, other, _ = SHAPES[layout][rot]
    p = y * STRIDE + x
    occupied = masks[PAVING] | masks[ROOF]
    if ((own | other) << p) & occupied:
        return "the tile covers another tile"
    if not occupied:
        if not ((own | other) << p) & CENTRE_BIT:
            return f"the first tile must cover the centre cell (x={CENTRE[0]}, y={CENTRE[1]})"
    elif not (own << p) & _neighbours(masks[colour]):
        name = COLOURS[colour]
        return f"no {name} cell of the new tile touches a {name} cell already on the board"
    return None


def _place(masks, tile_masks, layout, colour, x, y, rot):
    own, other, _ = SHAPES[layout][rot]
    p = y * STRIDE + x
    masks[colour] |= own << p
    masks[1 - colour] |= other << p
    tile_masks.append((own | other) << p)


def _components(colour_mask):
    """The edge-connected areas of one colour as masks, in order of their first cell."""
    rest = colour_mask
    while rest:
        area = rest & -rest
        while True:
            grown = (area | _neighbours(area)) & colour_mask
            if grown == area:
                break
            area = grown
        yield area
        rest &= ~area


def _largest_area(colour_mask, tile_masks):
    """(tiles, area mask) of the area with the most tiles; among equals the one whose first
    cell comes first row by row (rules/toscana.md A5: "largest" = most tiles)."""
    best = (0, 0)
    for area in _components(colour_mask):
        tiles = sum(1 for tile in tile_masks if tile & area)
        if tiles > best[0]:
            best = (tiles, area)
    return best


def colour_of(seat, round_no):
    """PAVING or ROOF: seat 0 paves in round 1, colours swap in round 2 (DESIGN §5)."""
    return PAVING if seat == round_no - 1 else ROOF


def paving_seat(round_no):
    return round_no - 1


def _build(placements, round_no):
    """(colour masks, tile masks) of a round's board from its placements."""
    masks, tile_masks = [0, 0], []
    for seat, layout, x, y, rot in placements:
        _place(masks, tile_masks, layout, colour_of(seat, round_no), x, y, rot)
    return masks, tile_masks


def _round_scores(masks, tile_masks, round_no):
    return tuple(_largest_area(masks[colour_of(seat, round_no)], tile_masks)[0] for seat in (0, 1))


# ---- moves ----------------------------------------------------------------------------------
class Place(NamedTuple):
    x: int
    y: int
    rot: int
    veto: bool = False

    def to_json(self):
        out = {"x": self.x, "y": self.y, "rot": self.rot}
        if self.veto:
            out["veto"] = True
        return out


class Pass(NamedTuple):
    veto: bool = False

    def to_json(self):
        return {"pass": True, "veto": True} if self.veto else {"pass": True}


MOVE_SHAPE = (
    'a Toscana move is {"x": column, "y": row, "rot": 0-3} or {"pass": true}, '
    'either with an optional "veto": true'
)


# ---- state ----------------------------------------------------------------------------------
class ToscanaState:
    """One match. `piles[seat]` lists layout indices, top first; `placements` are the current
    round's tiles as (seat, layout index, x, y, rot) in the order played; `masks` and
    `tile_masks` are the bitboards derived from them; `finished` holds each finished round as
    (placements, scores); `fixed_piles` is option `piles` (dealt again in round 2) or None;
    `last` is the public JSON record of the last move; `hidden` marks a view."""

    __slots__ = (
        "finished",
        "fixed_piles",
        "hidden",
        "last",
        "masks",
        "piles",
        "placements",
        "rng",
        "tile_masks",
        "turn",
        "veto_left",
    )

    def _key(self):
        return (
            self.turn,
            self.piles,
            self.veto_left,
            self.placements,
            self.finished,
            self.fixed_piles,
            self.last,
            self.hidden,
            self.rng,
        )

    def __eq__(self, other):
        return isinstance(other, ToscanaState) and self._key() == other._key()

    @property
    def round_no(self):
        """1 or 2 while playing; 3 once both rounds are over."""
        return len(self.finished) + 1


def _read_tile_list(value, what):
    """Layout ids -> indices; BadData for a non-list, unknown ids or repeats."""
    if not isinstance(value, (list, tuple)):
        raise BadData(f"{what} must be a list of tile ids (T01 to T16)")
    out = []
    for tile in value:
        if not isinstance(tile, str) or tile not in LAYOUT_INDEX:
            raise BadData(f"{what}: {tile!r} is not a tile id (T01 to T16)")
        if LAYOUT_INDEX[tile] in out:
            raise BadData(f"{what}: {tile} appears twice")
        out.append(LAYOUT_INDEX[tile])
    return out


def check_piles_option(value):
    """Option `piles`: [[ids of seat 0, top first], [ids of seat 1]], 1 to 16 distinct ids each."""
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise BadData('option "piles" must be two lists of tile ids (T01 to T16), seat 0\'s first')
    for seat, pile in enumerate(value):
        if not _read_tile_list(pile, f'option "piles", seat {seat}'):
            raise BadData(f'option "piles": the pile of seat {seat} is empty')
    return [list(pile) for pile in value]


def _spots(s, seat):
    """Legal (x, y, rot) for the top tile of `seat`, rotation by rotation, row by row."""
    pile = s.piles[seat]
    if not pile:
        return []
    spots = []
    for rot, mask in _position_masks(s.masks, pile[0], colour_of(seat, s.round_no)):
        for p in _bit_positions(mask):
            spots.append((p % STRIDE, p // STRIDE, rot))
    return spots


def can_place(state, seat):
    """Whether `seat`'s top tile fits somewhere on the current board."""
    pile = state.piles[seat]
    if not pile:
        return False
    colour = colour_of(seat, state.round_no)
    return any(mask for _, mask in _position_masks(state.masks, pile[0], colour))


def veto_allowed(state):
    """The player to move may veto: unused this round and the opponent's pile holds ≥ 2."""
    seat = state.turn
    return seat is not None and state.veto_left[seat] and len(state.piles[1 - seat]) >= 2


def _is_seat(value):
    return type(value) is int and value in (0, 1)


def _tile_name(layout):
    return LAYOUT_IDS[layout] if layout is not None else None


def _placement_json(placement):
    seat, layout, x, y, rot = placement
    return {"player": seat, "tile": LAYOUT_IDS[layout], "x": x, "y": y, "rot": rot}


def _last_record(seat, colour, tile, placed, veto, vetoed, round_end):
    """The public record of a move for the board: who, which tile, where (with its cells),
    whether it passed or vetoed (and which tile went under), and a round's end with its scores."""
    spot = None
    if placed is not None:
        x, y, rot = placed
        spot = {
            "x": x,
            "y": y,
            "rot": rot,
            "cells": [list(cell) for cell in placement_cells(tile, rot, x, y, COLOURS[colour])],
        }
    return {
        "player": seat,
        "colour": COLOURS[colour],
        "tile": tile,
        "placed": spot,
        "passed": placed is None,
        "veto": veto,
        "vetoed": vetoed,
        "round_end": None
        if round_end is None
        else {"round": round_end[0], "scores": list(round_end[1])},
    }


# ---- the game -------------------------------------------------------------------------------
class Toscana(Game):
    declaration = DECLARATION
    options: ClassVar[dict[str, Option]] = {
        "piles": Option(
            None,
            check=check_piles_option,
            doc="fixed piles [[seat 0's tile ids], [seat 1's]], top first, used in both rounds",
        ),
    }

    # ---- set-up -----------------------------------------------------------------------------
    def new(self, players=2, seed=0, options=None):
        players, seed, options = self.check_setup(players, seed, options)
        s = ToscanaState()
        s.rng = Rng(seed)
        fixed = options["piles"]
        s.fixed_piles = (
            None
            if fixed is None
            else tuple(tuple(LAYOUT_INDEX[tile] for tile in pile) for pile in fixed)
        )
        s.finished = ()
        s.last = None
        s.hidden = False
        self._start_round(s)
        return s

    def _start_round(self, s):
        """Deal the piles (option `piles`, or fresh shuffles from the state RNG), clear the
        board, give back the vetoes; the paving player starts (rules/toscana.md §3.1)."""
        if s.fixed_piles is not None:
            s.piles = [list(s.fixed_piles[0]), list(s.fixed_piles[1])]
        else:
            s.piles = []
            for _ in (0, 1):
                pile = list(range(len(LAYOUT_IDS)))
                s.rng.shuffle(pile)
                s.piles.append(pile)
        s.placements, s.masks, s.tile_masks = [], [0, 0], []
        s.veto_left = [True, True]
        s.turn = paving_seat(s.round_no)

    # ---- playing ----------------------------------------------------------------------------
    def current_player(self, s):
        return s.turn

    def legal_moves(self, s):
        seat = s.turn
        if seat is None:
            return []
        spots = _spots(s, seat)
        moves = [Place(x, y, rot) for x, y, rot in spots] if spots else [Pass()]
        if veto_allowed(s):
            moves += [move._replace(veto=True) for move in moves]
        return moves

    def parse_move(self, obj):
        if isinstance(obj, (Place, Pass)):
            return obj
        if not isinstance(obj, dict):
            raise IllegalMove(MOVE_SHAPE)
        veto = obj.get("veto", False)
        if type(veto) is not bool:
            raise IllegalMove('"veto" must be true or false')
        if "pass" in obj:
            extra = sorted(str(k) for k in obj if k not in ("pass", "veto"))
            if extra:
                raise IllegalMove(f"a pass has no field {extra[0]!r}")
            if obj["pass"] is not True:
                raise IllegalMove('"pass" must be true')
            return Pass(veto)
        extra = sorted(str(k) for k in obj if k not in ("x", "y", "rot", "veto"))
        if extra:
            raise IllegalMove(f"unknown field {extra[0]!r}: {MOVE_SHAPE}")
        for key in ("x", "y", "rot"):
            if key not in obj:
                raise IllegalMove(f'a placement needs "{key}": {MOVE_SHAPE}')
            if type(obj[key]) is not int:
                raise IllegalMove(f'"{key}" must be a whole number')
        if obj["rot"] not in (0, 1, 2, 3):
            raise IllegalMove('"rot" must be 0, 1, 2 or 3 (clockwise quarter turns)')
        return Place(obj["x"], obj["y"], obj["rot"], veto)

    def clone(self, s):
        c = ToscanaState.__new__(ToscanaState)
        c.turn, c.finished, c.fixed_piles = s.turn, s.finished, s.fixed_piles  # immutable
        c.last, c.hidden = s.last, s.hidden  # `last` is replaced, never changed
        c.piles = [s.piles[0][:], s.piles[1][:]]
        c.veto_left = s.veto_left[:]
        c.placements = s.placements[:]
        c.masks = s.masks[:]
        c.tile_masks = s.tile_masks[:]
        c.rng = s.rng.copy() if s.rng is not None else None
        return c

    def apply_in_place(self, s, move):
        if s.hidden:
            raise IllegalMove(
                "this is a view with the piles hidden: moves are played on full states"
            )
        seat = s.turn
        if seat is None:
            raise IllegalMove("the game is over: no more moves can be made")
        opponent = 1 - seat
        pile = s.piles[seat]
        round_no = s.round_no
        colour = colour_of(seat, round_no)
        if move.veto:
            if not s.veto_left[seat]:
                raise IllegalMove("you have no veto left in this round")
            if len(s.piles[opponent]) < 2:
                # the tile would come straight back to the top (rules/toscana.md A3)
                raise IllegalMove("a veto needs at least 2 tiles in your opponent's pile")
        tile = _tile_name(pile[0]) if pile else None
        if type(move) is Pass:
            spots = _spots(s, seat)
            if spots:
                x, y, rot = spots[0]
                raise IllegalMove(
                    f"you cannot pass: your tile {tile} fits, for example at "
                    f"x={x}, y={y}, rot={rot}"
                )
            placed = None  # a blocked tile stays on top (rules/toscana.md A6)
        else:
            if not pile:
                raise IllegalMove("your pile is empty: you can only pass")
            layout = pile[0]
            rot = CANONICAL[layout][move.rot]  # a look-alike turn is the same placement
            error = _placement_error(s.masks, layout, colour, move.x, move.y, rot)
            if error:
                raise IllegalMove(error)
            _place(s.masks, s.tile_masks, layout, colour, move.x, move.y, rot)
            s.placements.append((seat, layout, move.x, move.y, rot))
            pile.pop(0)
            placed = (move.x, move.y, rot)
        vetoed = None
        if move.veto:
            other_pile = s.piles[opponent]
            vetoed = _tile_name(other_pile[0])
            other_pile.append(other_pile.pop(0))
            s.veto_left[seat] = False
        round_end = None
        if can_place(s, opponent) or can_place(s, seat):
            s.turn = opponent
        else:  # neither can place: the round ends now, nobody has to pass (DESIGN §5)
            scores = _round_scores(s.masks, s.tile_masks, round_no)
            round_end = (round_no, scores)
            s.finished += ((tuple(s.placements), scores),)
            if s.round_no > ROUNDS:
                s.placements, s.masks, s.tile_masks = [], [0, 0], []
                s.turn = None
            else:
                self._start_round(s)
        s.last = _last_record(seat, colour, tile, placed, move.veto, vetoed, round_end)

    # ---- scores -----------------------------------------------------------------------------
    def scores(self, s):
        return [sum(scores[seat] for _, scores in s.finished) for seat in (0, 1)]

    def projected_scores(self, s):
        points = self.scores(s)
        if s.turn is not None:
            current = _round_scores(s.masks, s.tile_masks, s.round_no)
            points = [points[seat] + current[seat] for seat in (0, 1)]
        return points

    def score_breakdown(self, s):
        """Per seat {"round 1": points, "round 2": points}, finished rounds only."""
        return [
            {f"round {k}": scores[seat] for k, (_, scores) in enumerate(s.finished, 1)}
            for seat in (0, 1)
        ]

    def winners(self, s):
        """More rounds won, then the higher total, else both (DESIGN §5; a tied round is won
        by nobody, rules/toscana.md A8)."""
        if s.turn is not None:
            return []
        won = [0, 0]
        for _, (a, b) in s.finished:
            if a != b:
                won[0 if a > b else 1] += 1
        if won[0] != won[1]:
            return [0 if won[0] > won[1] else 1]
        total = self.scores(s)
        if total[0] != total[1]:
            return [0 if total[0] > total[1] else 1]
        return [0, 1]

    # ---- hidden information -----------------------------------------------------------------
    def view(self, s, player):
        """Both top tiles and pile sizes stay; below each top the order is replaced by the
        sorted composition (public: every tile not yet played); no RNG, no round-2 order."""
        v = self.clone(s)
        v.piles = [pile[:1] + sorted(pile[1:]) for pile in s.piles]
        v.fixed_piles = None
        v.rng = None
        v.hidden = True
        return v

    def determinize(self, view, rng):
        s = self.clone(view)
        if not view.hidden:
            return s
        for pile in s.piles:
            below = pile[1:]
            rng.shuffle(below)
            pile[1:] = below
        s.hidden = False
        s.rng = rng.fork()
        return s

    # ---- serialisation ----------------------------------------------------------------------
    def to_json(self, s):
        return {
            "turn": s.turn,
            "piles": [[LAYOUT_IDS[k] for k in pile] for pile in s.piles],
            "veto_left": list(s.veto_left),
            "placements": [_placement_json(p) for p in s.placements],
            "finished": [
                {"placements": [_placement_json(p) for p in placements], "scores": list(scores)}
                for placements, scores in s.finished
            ],
            "fixed_piles": None
            if s.fixed_piles is None
            else [[LAYOUT_IDS[k] for k in pile] for pile in s.fixed_piles],
            "last": s.last,
            "hidden": s.hidden,
            "rng": s.rng.to_json() if s.rng is not None else None,
        }

    def from_json(self, obj):
        with reading("Toscana state"):
            if not isinstance(obj, dict):
                raise BadData("a Toscana state is a JSON object")
            s = ToscanaState()
            s.hidden = obj["hidden"]
            if type(s.hidden) is not bool:
                raise BadData('"hidden" must be true or false')
            if s.hidden:
                if obj["rng"] is not None:
                    raise BadData("a view (hidden piles) carries no RNG")
                s.rng = None
            else:
                s.rng = Rng.from_json(obj["rng"])
            if not isinstance(obj["finished"], list) or len(obj["finished"]) > ROUNDS:
                raise BadData(f'"finished" must list at most {ROUNDS} rounds')
            s.finished = ()
            for round_no, record in enumerate(obj["finished"], 1):
                placements = self._read_placements(record["placements"], round_no)
                masks, tile_masks = _build(placements, round_no)
                scores = _round_scores(masks, tile_masks, round_no)
                if record["scores"] != list(scores):
                    raise BadData(f"round {round_no} scored {list(scores)}, not {record['scores']}")
                s.finished += ((placements, scores),)
            over = s.round_no > ROUNDS
            s.placements = list(self._read_placements(obj["placements"], s.round_no))
            if over and s.placements:
                raise BadData("the match is over but the board holds tiles")
            s.masks, s.tile_masks = _build(s.placements, min(s.round_no, ROUNDS))
            if not isinstance(obj["piles"], list) or len(obj["piles"]) != 2:
                raise BadData('"piles" must hold two piles')
            s.piles = [
                _read_tile_list(pile, f"pile of seat {seat}")
                for seat, pile in enumerate(obj["piles"])
            ]
            played = s.placements if not over else s.finished[-1][0]
            for seat, layout, *_ in played:
                if layout in s.piles[seat]:
                    raise BadData(
                        f"seat {seat} has {LAYOUT_IDS[layout]} both on the board and in the pile"
                    )
            veto_left = obj["veto_left"]
            if (
                not isinstance(veto_left, list)
                or len(veto_left) != 2
                or any(type(v) is not bool for v in veto_left)
            ):
                raise BadData('"veto_left" must be two true/false values')
            s.veto_left = list(veto_left)
            s.turn = obj["turn"]
            if over != (s.turn is None) or not (s.turn is None or _is_seat(s.turn)):
                raise BadData('"turn" must be 0 or 1 while playing and null once the match is over')
            fixed = check_piles_option(obj["fixed_piles"])
            s.fixed_piles = (
                None
                if fixed is None
                else tuple(tuple(LAYOUT_INDEX[tile] for tile in pile) for pile in fixed)
            )
            s.last = self._read_last(obj["last"], s)
        return s

    def _read_placements(self, value, round_no):
        """Placements from JSON, replayed with every placement rule; BadData if one breaks."""
        if not isinstance(value, list):
            raise BadData("placements must be a list")
        placements, masks, tile_masks = [], [0, 0], []
        for k, item in enumerate(value, 1):
            seat, tile = item["player"], item["tile"]
            x, y, rot = item["x"], item["y"], item["rot"]
            if not _is_seat(seat) or tile not in LAYOUT_INDEX:
                raise BadData(f"round {round_no}, tile {k}: unknown player or tile")
            if any(type(v) is not int for v in (x, y, rot)) or rot not in (0, 1, 2, 3):
                raise BadData(
                    f"round {round_no}, tile {k}: x, y, rot must be whole numbers, rot 0-3"
                )
            layout = LAYOUT_INDEX[tile]
            if CANONICAL[layout][rot] != rot:
                raise BadData(
                    f"round {round_no}, tile {k}: {tile} turned {rot} is stored as rot "
                    f"{CANONICAL[layout][rot]}"
                )
            if any(p[0] == seat and p[1] == layout for p in placements):
                raise BadData(f"round {round_no}: seat {seat} placed {tile} twice")
            colour = colour_of(seat, round_no)
            error = _placement_error(masks, layout, colour, x, y, rot)
            if error:
                raise BadData(f"round {round_no}, tile {k}: {error}")
            _place(masks, tile_masks, layout, colour, x, y, rot)
            placements.append((seat, layout, x, y, rot))
        return tuple(placements)

    def _read_last(self, obj, s):
        """The last-move record, accepted only if rebuilding it from its facts gives the same."""
        if obj is None:
            return None
        seat, tile, veto, vetoed = obj["player"], obj["tile"], obj["veto"], obj["vetoed"]
        if not _is_seat(seat) or type(veto) is not bool:
            raise BadData("the last-move record names no player")
        for name in (tile, vetoed):
            if name is not None and name not in LAYOUT_INDEX:
                raise BadData(f"the last-move record names an unknown tile {name!r}")
        spot = obj["placed"]
        if spot is not None and tile is None:
            raise BadData("the last-move record places no tile")
        round_end = obj["round_end"]
        if round_end is None:
            round_no = s.round_no
        else:
            round_no = round_end["round"]
            if round_no != len(s.finished) or type(round_no) is not int:
                raise BadData("the last-move record ends a round that is not the last finished one")
            round_end = (round_no, s.finished[round_no - 1][1])
        if round_no > ROUNDS:
            raise BadData("a finished match needs a last move that ended round 2")
        if veto != (vetoed is not None) or (veto and round_end is None and s.veto_left[seat]):
            raise BadData("the last-move record of a veto does not fit the state")
        placed = None
        if spot is not None:
            board = s.placements if round_end is None else s.finished[round_no - 1][0]
            if not board or board[-1][:2] != (seat, LAYOUT_INDEX[tile]):
                raise BadData("the last-move record does not match the last tile on the board")
            placed = board[-1][2:]
        colour = colour_of(seat, round_no)
        rebuilt = _last_record(seat, colour, tile, placed, veto, vetoed, round_end)
        if rebuilt != obj:
            raise BadData("the last-move record does not fit the state")
        return rebuilt

    # ---- helpers for players ----------------------------------------------------------------
    def describe_move(self, s, move):
        """("toscana.log.place" | "toscana.log.place_veto" | "toscana.log.pass" |
        "toscana.log.pass_veto", params): player, tile (None on an empty pile), x, y, rot for
        a placement; opponent and vetoed (their top tile) with a veto."""
        move = self.parse_move(move)
        seat = s.turn
        pile = s.piles[seat]
        params = {"player": seat, "tile": _tile_name(pile[0]) if pile else None}
        if type(move) is Place:
            rot = CANONICAL[pile[0]][move.rot] if pile else move.rot
            params.update(x=move.x, y=move.y, rot=rot)
            key = "toscana.log.place"
        else:
            key = "toscana.log.pass"
        if move.veto:
            other_pile = s.piles[1 - seat]
            vetoed = _tile_name(other_pile[0]) if other_pile else None
            params.update(opponent=1 - seat, vetoed=vetoed)
            key += "_veto"
        return key, params


GAME = Toscana()


# ---- queries for the board and the AI (pure functions of a state) ---------------------------
def placement_cells(tile, rot, x, y, colour):
    """The 8 cells [(x, y, colour name)] that tile `tile` ("T01"-"T16") of the `colour` set
    ("roof" or "paving") covers, turned `rot`, with its top-left cell at (x, y)."""
    own = colour
    other = COLOURS[1 - COLOURS.index(colour)]
    return [
        (x + dx, y + dy, other if minority else own) for dx, dy, minority in layout_cells(tile, rot)
    ]


def seat_colours(state, round_no=None):
    """["paving", "roof"]-style colour names of seat 0 and seat 1 in a round (default: the
    current one; the last round once the match is over)."""
    round_no = round_no or min(state.round_no, ROUNDS)
    return [COLOURS[colour_of(seat, round_no)] for seat in (0, 1)]


def pile_sizes(state):
    return [len(pile) for pile in state.piles]


def top_tiles(state):
    """The visible top tile id of each seat's pile (None when empty)."""
    return [_tile_name(pile[0]) if pile else None for pile in state.piles]


def vetoes_left(state):
    return list(state.veto_left)


def legal_placements(state):
    """Every legal (x, y, rot) of the mover's top tile, each distinct result once ([] when
    they must pass or the match is over)."""
    if state.turn is None:
        return []
    return _spots(state, state.turn)


def round_placements(state, round_no=None):
    """The tiles on a round's board in the order played, as (seat, tile id, x, y, rot)
    (default: the current round; a finished round's board is kept for the round's end)."""
    if round_no is None or round_no == state.round_no:
        placements = state.placements
    else:
        placements = state.finished[round_no - 1][0]
    return [(seat, LAYOUT_IDS[layout], x, y, rot) for seat, layout, x, y, rot in placements]


def board_cells(placements, round_no):
    """Rows (y) of cells (x): None or (colour name, index of its tile in `placements`), where
    `placements` are (seat, tile id, x, y, rot) as from `round_placements`."""
    grid = [[None] * SIZE for _ in range(SIZE)]
    for index, (seat, tile, x, y, rot) in enumerate(placements):
        for cx, cy, colour in placement_cells(tile, rot, x, y, COLOURS[colour_of(seat, round_no)]):
            grid[cy][cx] = (colour, index)
    return grid


def largest_areas(placements, round_no):
    """For "paving" and "roof": {"cells": [(x, y)...] row by row, "tiles": [indices into
    `placements`]} of that colour's largest area (most tiles; ties: the area whose first cell
    comes first row by row). Placements need not be legal: scoring works on any board."""
    masks, tile_masks = _build(
        [(seat, LAYOUT_INDEX[tile], x, y, rot) for seat, tile, x, y, rot in placements], round_no
    )
    out = {}
    for colour, name in enumerate(COLOURS):
        _, area = _largest_area(masks[colour], tile_masks)
        out[name] = {
            "cells": [(p % STRIDE, p // STRIDE) for p in _bit_positions(area)],
            "tiles": [k for k, tile in enumerate(tile_masks) if tile & area],
        }
    return out


def round_scores(placements, round_no):
    """[seat 0, seat 1] points of a board: tiles in their colour's largest area."""
    areas = largest_areas(placements, round_no)
    return [len(areas[COLOURS[colour_of(seat, round_no)]]["tiles"]) for seat in (0, 1)]


def round_results(state):
    """Each finished round: {"round", "scores", "colours", "winner" (seat or None: a tie)}."""
    out = []
    for round_no, (_, scores) in enumerate(state.finished, 1):
        a, b = scores
        out.append(
            {
                "round": round_no,
                "scores": list(scores),
                "colours": seat_colours(state, round_no),
                "winner": None if a == b else (0 if a > b else 1),
            }
        )
    return out
