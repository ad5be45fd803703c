"""What the board (draw.py, controller.py) and the AI ask of a Toscana state: pure functions,
read-only. Tiles are ids "T01"-"T16", colours "paving" / "roof", seats 0 and 1, cells (x, y)
with row 0 at the top."""

from .data import LAYOUT_IDS, SIZE
from .mechanics import (
    COLOURS,
    LAYOUT_INDEX,
    OWN_BOTH,
    ROUNDS,
    SHAPES,
    STRIDE,
    bit_positions,
    build,
    colour_of,
    largest_area,
    neighbours,
    placement_cells,
    placement_fault,
    position_masks,
    spots,
    tile_name,
)
from .mechanics import veto_allowed as veto_allowed  # the mover may veto (for the board)


# ---- the match --------------------------------------------------------------------------------
def board_round(state):
    """The round whose board is shown: the current one, the last once the match is over."""
    return min(state.round_no, ROUNDS)


def seat_colours(state, round_no=None):
    """["paving", "roof"]-style colour names of seat 0 and seat 1 in a round (default: the
    current one; the last round once the match is over)."""
    round_no = round_no or board_round(state)
    return [COLOURS[colour_of(seat, round_no)] for seat in (0, 1)]


def contact_rule(state):
    """Option `contact`: "own-both" or "own-new" (docs/rules/toscana.md, Contact)."""
    return state.contact


def last_move(state):
    """The public record of the last move (None before the first): "player", "colour", "tile",
    "placed" ({"x", "y", "rot", "cells"} or None), "passed", "veto", "vetoed" (the tile sent
    under, or None), "round_end" ({"round", "scores"} when the move ended a round, else None)."""
    return state.last


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


# ---- piles and vetoes ------------------------------------------------------------------------
def pile_sizes(state):
    return [len(pile) for pile in state.piles]


def top_tiles(state):
    """The visible top tile id of each seat's pile (None when empty, or while it lies face
    down waiting for the deal of its turn: keyed play)."""
    return [
        tile_name(pile[0]) if pile and up else None for pile, up in zip(state.piles, state.face_up)
    ]


def known_bottom(state):
    """Per seat, the tiles everybody knows to lie at the bottom of the pile (sent there by a
    veto), top to bottom."""
    return [
        [LAYOUT_IDS[k] for k in pile[len(pile) - known :]] if known else []
        for pile, known in zip(state.piles, state.known)
    ]


def vetoes_left(state):
    return list(state.veto_left)


# ---- placing ----------------------------------------------------------------------------------
def legal_placements(state):
    """Every legal (x, y, rot) of the mover's top tile, each distinct result once ([] when
    they must pass, while the turn waits for its deal, or the match is over)."""
    if state.turn is None or state.waiting:
        return []
    return spots(state, state.turn)


def placement_problem(state, x, y, rot):
    """Why the mover's top tile may not go at (x, y) turned `rot`: "edge", "overlap",
    "centre", "touch" (own colour must touch own colour), "touch_tile" (own colour must touch a
    placed tile: option contact "own-new"); None when it may, or when there is no tile."""
    seat = state.turn
    if seat is None or not state.piles[seat] or not state.face_up[seat]:
        return None
    layout = state.piles[seat][0]
    colour = colour_of(seat, state.round_no)
    own_both = state.contact == OWN_BOTH
    return placement_fault(state.masks, layout, colour, x, y, rot, own_both)


# [layout index][rot] -> bit offsets of a tile's 8 cells from its top-left cell
_FOOTPRINT = [[bit_positions(own | other) for own, other, _ in shapes] for shapes in SHAPES]


def top_tile_touches_area(state, seat):
    """Can the opponent's visible top tile be placed (legally, anywhere) with a cell next to
    `seat`'s largest area? (On an empty board every tile counts as touching.) The AI asks this
    at every node of its search, so it works on the bitboards directly. False while that tile
    is face down (keyed play: it comes up at the opponent's deal)."""
    opponent = 1 - seat
    pile = state.piles[opponent]
    if not pile or not state.face_up[opponent]:
        return False
    round_no = state.round_no
    _, area = largest_area(state.masks[colour_of(seat, round_no)], state.tile_masks)
    if not area:
        return True
    near = neighbours(area)
    layout = pile[0]
    own_both = state.contact == OWN_BOTH
    for rot, found in position_masks(state.masks, layout, colour_of(opponent, round_no), own_both):
        if found:
            touching = 0
            for d in _FOOTPRINT[layout][rot]:
                touching |= near >> d
            if found & touching:
                return True
    return False


# ---- boards -----------------------------------------------------------------------------------
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
    masks, tile_masks = build(
        [(seat, LAYOUT_INDEX[tile], x, y, rot) for seat, tile, x, y, rot in placements], round_no
    )
    out = {}
    for colour, name in enumerate(COLOURS):
        _, area = largest_area(masks[colour], tile_masks)
        out[name] = {
            "cells": [(p % STRIDE, p // STRIDE) for p in bit_positions(area)],
            "tiles": [k for k, tile in enumerate(tile_masks) if tile & area],
        }
    return out


def round_scores(placements, round_no):
    """[seat 0, seat 1] points of a board: tiles in their colour's largest area."""
    areas = largest_areas(placements, round_no)
    return [len(areas[COLOURS[colour_of(seat, round_no)]]["tiles"]) for seat in (0, 1)]
