"""Toscana mechanics: the state of a match and how tiles change it (docs/rules/toscana.md;
research in rules/toscana.md).

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

from typing import Any

from game.core import Rng

from .data import CANONICAL_ROT, CENTRE, DISTINCT_ROTS, LAYOUT_IDS, SIZE, footprint, layout_cells

ROUNDS = 2
PAVING, ROOF = 0, 1
COLOURS = ("paving", "roof")
# option `contact` (docs/rules/toscana.md, Contact): an own-colour cell of the new tile must share an edge with an
# own-colour cell already on the board ("own-both"), or with any cell of a placed tile ("own-new")
OWN_BOTH, OWN_NEW = "own-both", "own-new"
CONTACTS = (OWN_BOTH, OWN_NEW)

# ---- bitboard geometry ----------------------------------------------------------------------
STRIDE = SIZE + 3  # 3 spare bits per row: a tile's 4 cells never wrap into the next row
BOARD_MASK = sum(1 << (y * STRIDE + x) for y in range(SIZE) for x in range(SIZE))
CENTRE_BIT = 1 << (CENTRE[1] * STRIDE + CENTRE[0])
LAYOUT_INDEX = {layout_id: k for k, layout_id in enumerate(LAYOUT_IDS)}


def bit_positions(mask):
    """The set bits of `mask` in increasing order (row by row, left to right)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def neighbours(mask):
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
    return sum(CENTRE_BIT >> d for d in bit_positions(own | other))


# [rot % 2] -> top-left cells of the lying / standing placements that cover the centre
COVERS_CENTRE = [_covering_centre(0), _covering_centre(1)]


def free_positions(occupied):
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


def position_masks(masks, layout, colour, own_both):
    """[(rot, mask of top-left cells where `layout` of the `colour` set may go)] for each
    distinct rotation: on empty cells, covering the centre if the board is empty, otherwise
    with an own cell edge-adjacent to an own-colour cell on the board (`own_both`; the touched
    cell may be on either player's tile, rules/toscana.md A1 reading "A") or to any placed cell
    (option contact "own-new": the Czech text, seed 001 line 21)."""
    occupied = masks[PAVING] | masks[ROOF]
    free = free_positions(occupied)
    if not occupied:
        return [(rot, free[rot & 1] & COVERS_CENTRE[rot & 1]) for rot in DISTINCT[layout]]
    touch = neighbours(masks[colour] if own_both else occupied) & ~occupied
    out = []
    for rot in DISTINCT[layout]:
        near = 0
        for d in SHAPES[layout][rot][2]:
            near |= touch >> d
        out.append((rot, free[rot & 1] & near))
    return out


def placement_fault(masks, layout, colour, x, y, rot, own_both):
    """Why `layout` (turned `rot`) of the `colour` set may not go at (x, y), as a code: "edge",
    "overlap", "centre", "touch" (own colour to own colour), "touch_tile" (own colour to any
    placed tile); None when it may."""
    width, height = footprint(rot)
    if not (0 <= x <= SIZE - width and 0 <= y <= SIZE - height):
        return "edge"
    own, other, _ = SHAPES[layout][rot]
    p = y * STRIDE + x
    occupied = masks[PAVING] | masks[ROOF]
    if ((own | other) << p) & occupied:
        return "overlap"
    if not occupied:
        return None if ((own | other) << p) & CENTRE_BIT else "centre"
    if own_both:
        return None if (own << p) & neighbours(masks[colour]) else "touch"
    return None if (own << p) & neighbours(occupied) else "touch_tile"


FAULTS = {
    "edge": "the tile would leave the board",
    "overlap": "the tile covers another tile",
    "centre": f"the first tile must cover the centre cell (x={CENTRE[0]}, y={CENTRE[1]})",
    "touch": "no {colour} cell of the new tile touches a {colour} cell already on the board",
    "touch_tile": "no {colour} cell of the new tile touches a tile already on the board",
}


def placement_error(masks, layout, colour, x, y, rot, own_both):
    """`placement_fault` as a sentence a player can read, or None."""
    fault = placement_fault(masks, layout, colour, x, y, rot, own_both)
    return None if fault is None else FAULTS[fault].format(colour=COLOURS[colour])


def place(masks, tile_masks, layout, colour, x, y, rot):
    own, other, _ = SHAPES[layout][rot]
    p = y * STRIDE + x
    masks[colour] |= own << p
    masks[1 - colour] |= other << p
    tile_masks.append((own | other) << p)


def components(colour_mask):
    """The edge-connected areas of one colour as masks, in order of their first cell."""
    rest = colour_mask
    while rest:
        area = rest & -rest
        while True:
            grown = (area | neighbours(area)) & colour_mask
            if grown == area:
                break
            area = grown
        yield area
        rest &= ~area


def largest_area(colour_mask, tile_masks):
    """(tiles, area mask) of the area with the most tiles; among equals the one whose first
    cell comes first row by row (rules/toscana.md A5: "largest" = most tiles)."""
    best = (0, 0)
    for area in components(colour_mask):
        tiles = sum(1 for tile in tile_masks if tile & area)
        if tiles > best[0]:
            best = (tiles, area)
    return best


def colour_of(seat, round_no):
    """PAVING or ROOF: seat 0 paves in round 1, colours swap in round 2 (docs/rules/toscana.md, Colours and start player)."""
    return PAVING if seat == round_no - 1 else ROOF


def paving_seat(round_no):
    return round_no - 1


def build(placements, round_no):
    """(colour masks, tile masks) of a round's board from its placements."""
    masks: list[int] = [0, 0]
    tile_masks: list[int] = []
    for seat, layout, x, y, rot in placements:
        place(masks, tile_masks, layout, colour_of(seat, round_no), x, y, rot)
    return masks, tile_masks


def board_scores(masks, tile_masks, round_no):
    """(seat 0, seat 1) points of a board: tiles in their colour's largest area."""
    return tuple(largest_area(masks[colour_of(seat, round_no)], tile_masks)[0] for seat in (0, 1))


def tile_name(layout):
    return LAYOUT_IDS[layout] if layout is not None else None


def placement_cells(tile, rot, x, y, colour):
    """The 8 cells [(x, y, colour name)] that tile `tile` ("T01"-"T16") of the `colour` set
    ("roof" or "paving") covers, turned `rot`, with its top-left cell at (x, y)."""
    own = colour
    other = COLOURS[1 - COLOURS.index(colour)]
    return [
        (x + dx, y + dy, other if minority else own) for dx, dy, minority in layout_cells(tile, rot)
    ]


def last_record(seat, colour, tile, placed, veto, vetoed, round_end):
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


# ---- state ----------------------------------------------------------------------------------
class ToscanaState:
    """One match. `piles[seat]` lists layout indices, top first; the last `known[seat]` of them
    lie below the top where everybody knows them (vetoed tiles, in order: docs/rules/toscana.md, Veto "piles are
    face up"); `placements` are the current round's tiles as (seat, layout index, x, y, rot) in
    the order played; `masks` and `tile_masks` are the bitboards derived from them; `finished`
    holds each finished round as (placements, scores); `fixed_piles` is option `piles` (dealt
    again in round 2) or None; `contact` is option `contact`; `last` is the public JSON record
    of the last move; `hidden` marks a view.

    Keyed play (link play, engine.Toscana.keyed): `keyed` is set, the unknown middle of each
    pile is an unordered pool (sorted, unless option `piles` fixed the order), and a top tile
    is turned up from it when it is needed: a seat's own next tile at the end of its placement,
    with its turn's generator; the opponent's new top after a veto, and round 2's first tiles,
    at the deal of the turn they belong to. `face_up[seat]` is False while that pile's top
    waits for such a deal; `waiting` says the turn waits for its deal."""

    __slots__ = (
        "contact",
        "face_up",
        "finished",
        "fixed_piles",
        "hidden",
        "keyed",
        "known",
        "last",
        "masks",
        "piles",
        "placements",
        "rng",
        "tile_masks",
        "turn",
        "veto_left",
        "waiting",
    )
    contact: str
    face_up: tuple[bool, bool]
    finished: tuple[tuple[tuple[tuple[int, int, int, int, int], ...], tuple[int, int]], ...]
    fixed_piles: tuple[tuple[int, ...], tuple[int, ...]] | None
    hidden: bool
    keyed: bool
    known: list[int]
    last: dict[str, Any] | None
    masks: list[int]
    piles: list[list[int]]
    placements: list[tuple[int, int, int, int, int]]
    rng: Rng | None
    tile_masks: list[int]
    turn: int | None
    veto_left: list[bool]
    waiting: bool

    def _key(self):
        return (
            self.turn,
            self.piles,
            self.known,
            self.veto_left,
            self.placements,
            self.finished,
            self.fixed_piles,
            self.contact,
            self.last,
            self.hidden,
            self.keyed,
            self.waiting,
            self.face_up,
            self.rng,
        )

    def __eq__(self, other):
        return isinstance(other, ToscanaState) and self._key() == other._key()

    @property
    def round_no(self):
        """1 or 2 while playing; 3 once both rounds are over."""
        return len(self.finished) + 1


def new_state(rng, fixed_piles, contact):
    """The first round's start: piles dealt from `rng` unless `fixed_piles` (layout indices of
    seat 0 and seat 1, top first) are given."""
    s = ToscanaState()
    s.rng = rng
    s.fixed_piles = fixed_piles
    s.contact = contact
    s.finished = ()
    s.last = None
    s.hidden = s.keyed = s.waiting = False
    start_round(s)
    return s


def start_round(s):
    """Deal the piles (option `piles`, or fresh shuffles from the state RNG; keyed: sorted
    pools whose tops are turned up later), clear the board, give back the vetoes; the paving
    player starts (docs/rules/toscana.md, Piles)."""
    s.face_up = (not s.keyed, not s.keyed)
    if s.fixed_piles is not None:
        s.piles = [list(s.fixed_piles[0]), list(s.fixed_piles[1])]
    elif s.keyed:
        s.piles = [list(range(len(LAYOUT_IDS))), list(range(len(LAYOUT_IDS)))]
    else:
        s.piles = []
        for _ in (0, 1):
            pile = list(range(len(LAYOUT_IDS)))
            s.rng.shuffle(pile)
            s.piles.append(pile)
    s.known = [0, 0]
    s.placements, s.masks, s.tile_masks = [], [0, 0], []
    s.veto_left = [True, True]
    s.turn = paving_seat(s.round_no)


def clone(s):
    c = ToscanaState.__new__(ToscanaState)
    c.turn, c.finished, c.fixed_piles = s.turn, s.finished, s.fixed_piles  # immutable
    c.contact, c.last, c.hidden = s.contact, s.last, s.hidden  # `last` is replaced, never changed
    c.keyed, c.waiting, c.face_up = s.keyed, s.waiting, s.face_up  # a tuple, replaced
    c.piles = [s.piles[0][:], s.piles[1][:]]
    c.known = s.known[:]
    c.veto_left = s.veto_left[:]
    c.placements = s.placements[:]
    c.masks = s.masks[:]
    c.tile_masks = s.tile_masks[:]
    c.rng = s.rng.copy() if s.rng is not None else None
    return c


# ---- what a seat can do -----------------------------------------------------------------------
def spots(s, seat):
    """Legal (x, y, rot) for the top tile of `seat`, rotation by rotation, row by row."""
    pile = s.piles[seat]
    if not pile:
        return []
    out = []
    colour = colour_of(seat, s.round_no)
    for rot, mask in position_masks(s.masks, pile[0], colour, s.contact == OWN_BOTH):
        for p in bit_positions(mask):
            out.append((p % STRIDE, p // STRIDE, rot))
    return out


def can_place(s, seat):
    """Whether `seat`'s top tile fits somewhere on the current board."""
    pile = s.piles[seat]
    if not pile:
        return False
    colour = colour_of(seat, s.round_no)
    return any(mask for _, mask in position_masks(s.masks, pile[0], colour, s.contact == OWN_BOTH))


def could_place(s, seat):
    """Whether `seat` can place, or, while its top tile is face down (keyed play), whether any
    tile that may come up fits."""
    if s.face_up[seat]:
        return can_place(s, seat)
    pile = s.piles[seat]
    candidates = pile[:1] if s.fixed_piles is not None else pile[: len(pile) - s.known[seat]]
    colour = colour_of(seat, s.round_no)
    own_both = s.contact == OWN_BOTH
    return any(
        any(mask for _, mask in position_masks(s.masks, layout, colour, own_both))
        for layout in candidates
    )


def veto_allowed(s):
    """The player to move may veto: unused this round and the opponent's pile holds ≥ 2."""
    seat = s.turn
    return seat is not None and s.veto_left[seat] and len(s.piles[1 - seat]) >= 2


# ---- how a move changes the state (validated by the rules first) -------------------------------
def _settle_known(s, seat):
    """Only tiles below the top count as known at the bottom."""
    if s.known[seat] >= len(s.piles[seat]) > 0:
        s.known[seat] = len(s.piles[seat]) - 1


def lay_tile(s, seat, x, y, rot):
    """`seat` lays its top tile at (x, y) turned `rot` (a canonical, legal placement)."""
    layout = s.piles[seat].pop(0)
    place(s.masks, s.tile_masks, layout, colour_of(seat, s.round_no), x, y, rot)
    s.placements.append((seat, layout, x, y, rot))
    if s.known[seat]:
        _settle_known(s, seat)


def send_under(s, seat):
    """A veto: `seat`'s top tile goes to the bottom of its pile, where everybody knows it lies.
    Returns its id."""
    pile = s.piles[seat]
    pile.append(pile.pop(0))
    s.known[seat] += 1
    _settle_known(s, seat)
    return LAYOUT_IDS[pile[-1]]


def end_turn(s, seat):
    """After `seat`'s move: the opponent's turn, or (when neither can place) the round's end
    and the next round's start. Returns (round number, scores) of a round that ended, else
    None. Nobody has to pass first (docs/rules/toscana.md). Keyed play: an opponent whose new top tile is
    still face down gets the turn if any tile that may come up fits; should the one dealt fit
    nowhere either, its only move is a pass that ends the round (Toscana.legal_moves)."""
    opponent = 1 - seat
    if could_place(s, opponent) or can_place(s, seat):
        s.turn = opponent
        return None
    round_no = s.round_no
    scores = board_scores(s.masks, s.tile_masks, round_no)
    s.finished += ((tuple(s.placements), scores),)
    if s.round_no > ROUNDS:
        s.placements, s.masks, s.tile_masks = [], [0, 0], []
        s.turn = None
    else:
        start_round(s)
    return round_no, scores


# ---- keyed play: tops turned up when they are needed ---------------------------------------------
def turn_up(s, seat):
    """`seat`'s next top tile, drawn from the unknown part of its pile with the state's
    generator (fixed piles: the next in order); once that part is gone, the known bottom
    comes up in order."""
    pile = s.piles[seat]
    unknown = len(pile) - s.known[seat]
    if unknown > 1 and s.fixed_piles is None:
        pile.insert(0, pile.pop(s.rng.below(unknown)))
    s.known[seat] = min(s.known[seat], max(len(pile) - 1, 0))
    s.face_up = (True, s.face_up[1]) if seat == 0 else (s.face_up[0], True)


def turn_up_all(s):
    """Every top tile still face down turned up with the state's generator, seat 0 first."""
    for seat in (0, 1):
        if not s.face_up[seat]:
            turn_up(s, seat)


def face_down(s, seat):
    """`seat`'s top tile waits for the deal of its turn (after a veto)."""
    s.face_up = (False, s.face_up[1]) if seat == 0 else (s.face_up[0], False)


def hand_on(s, mover):
    """After `mover`'s move in keyed play: when the turn passes to the other seat the
    generator goes and that turn waits for its deal; when it stays (the paver of round 2 ended
    round 1) round 2's first tiles come up with the generator of the turn in progress."""
    if s.turn is None:
        s.rng = None
    elif s.turn != mover:
        s.rng, s.waiting = None, True
    else:
        turn_up_all(s)


# ---- what is hidden ---------------------------------------------------------------------------
def unknown_part(pile, known, top=True):
    """The slice of `pile` nobody can see: below the top (`top`: it is face up), above the
    known bottom tiles."""
    start = 1 if top else 0
    return slice(start, max(len(pile) - known, start))


def public_pile(pile, known, top=True):
    """What everybody knows of a pile: its top, the rest sorted, the known bottom in order."""
    middle = unknown_part(pile, known, top)
    return pile[: middle.start] + sorted(pile[middle]) + pile[middle.stop :]


def shuffle_unknown(pile, known, rng):
    """Shuffle the unknown middle of `pile` in place with `rng`."""
    middle = unknown_part(pile, known)
    part = pile[middle]
    rng.shuffle(part)
    pile[middle] = part
