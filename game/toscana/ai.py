"""Toscana knowledge for the generic AI (game/core/ai).

What it adds to the plain search:
- the veto is an option worth keeping: a held veto counts `veto_worth` points in the evaluation,
  so the search spends it only where it gains more than that;
- a veto is never spent on a tile that cannot touch the vetoing player's largest area (such a
  tile can neither cut nor block it): those veto moves are not searched at all;
- a placement more than `blunder_margin` tiles worse one ply deep (both largest areas as if
  the round ended now) than the best is never played.

It asks the state only through queries.py (whose `top_tile_touches_area` works on the
bitboards, fast enough for every node of the search tree) and the Game contract.
"""

from game.core.ai.knowledge import Knowledge

from .queries import last_move, top_tile_touches_area, vetoes_left


class ToscanaKnowledge(Knowledge):
    score_scale = 3.0  # one round is won or lost by a few tiles
    playout_depth = 6
    veto_worth = 0.5  # points a veto still in hand is worth
    blunder_margin = 3  # tiles: never play a placement this much worse, one ply deep, than the best

    def prune(self, game, s, moves, root=False):
        if not moves or not moves[-1].veto:
            return moves
        seat = game.current_player(s)
        if not root:  # cheap: judged on the board before this move
            if top_tile_touches_area(s, seat):
                return moves
            return [m for m in moves if not m.veto]
        kept = []
        for move in moves:
            if move.veto:  # exact: judged on the board after this move's tile
                after = game.clone(s)
                game.apply_in_place(after, move._replace(veto=False))
                if last_move(after)["round_end"] or not top_tile_touches_area(after, seat):
                    continue
            kept.append(move)
        return kept

    def evaluate(self, game, s):
        points = game.projected_scores(s)
        if game.current_player(s) is not None:
            for seat, left in enumerate(vetoes_left(s)):
                if left:
                    points[seat] += self.veto_worth
        return points


KNOWLEDGE = ToscanaKnowledge()
