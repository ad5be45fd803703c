"""Toscana knowledge for the generic AI (game/core/ai).

What it adds to the plain search:
- the veto is an option worth keeping: a held veto counts `veto_worth` points in the evaluation,
  so the search spends it only where it gains more than that;
- a veto is never spent on a tile that cannot touch the vetoing player's largest area (such a
  tile can neither cut nor block it): those veto moves are not searched at all;
- a placement more than `blunder_margin` tiles worse one ply deep (both largest areas as if
  the round ended now) than the best is never played.

It reads the engine's bitboards (game/toscana/rules.py) for speed: the checks here run at
every node of the search tree.
"""

from game.core.ai.knowledge import Knowledge

from . import rules

_FOOTPRINT = [
    [rules._bit_positions(own | other) for own, other, _ in shapes] for shapes in rules.SHAPES
]


def top_tile_touches_area(s, seat):
    """Can the opponent's visible top tile be placed (legally, anywhere) with a cell next to
    `seat`'s largest area? (On an empty board every tile counts as touching.)"""
    opponent = 1 - seat
    pile = s.piles[opponent]
    if not pile:
        return False
    round_no = s.round_no
    _, area = rules._largest_area(s.masks[rules.colour_of(seat, round_no)], s.tile_masks)
    if not area:
        return True
    near = rules._neighbours(area)
    layout = pile[0]
    for rot, spots in rules._position_masks(s.masks, layout, rules.colour_of(opponent, round_no)):
        if spots:
            touching = 0
            for d in _FOOTPRINT[layout][rot]:
                touching |= near >> d
            if spots & touching:
                return True
    return False


class ToscanaKnowledge(Knowledge):
    score_scale = 3.0  # one round is won or lost by a few tiles
    playout_depth = 6
    veto_worth = 0.5  # points a veto still in hand is worth
    blunder_margin = 3  # tiles: never play a placement this much worse, one ply deep, than the best

    def prune(self, game, s, moves, root=False):
        if not moves or not moves[-1].veto:
            return moves
        seat = s.turn
        if not root:  # cheap: judged on the board before this move
            if top_tile_touches_area(s, seat):
                return moves
            return [m for m in moves if not m.veto]
        kept = []
        for move in moves:
            if move.veto:  # exact: judged on the board after this move's tile
                after = game.clone(s)
                game.apply_in_place(after, move._replace(veto=False))
                if after.round_no != s.round_no or not top_tile_touches_area(after, seat):
                    continue
            kept.append(move)
        return kept

    def evaluate(self, game, s):
        points = game.projected_scores(s)
        if s.turn is not None:
            for seat in (0, 1):
                if s.veto_left[seat]:
                    points[seat] += self.veto_worth
        return points


KNOWLEDGE = ToscanaKnowledge()
