"""Carcassonne knowledge for the generic AI (game/core/ai).

- Evaluation of a cut-off position: the projected scores (banked points plus the board scored
  as if the game ended now) plus `meeple_worth` points per follower still in the supply while
  tiles remain. Without that term the search, like the greedy baseline, puts a follower on
  every road and has none left for the big cities and the Courier's messages.
- Playouts: the engine's uniform move, but a follower only now and then and never a farmer, so
  playouts do not burn every meeple in the first few turns.
- The tree stays one move deep: listing the moves of a position is the costly part here, so
  the time buys more playouts instead (UCB over the decision's moves, best one-ply first).
- Visible blunders are not searched: the last follower on a small road early in the game (see
  `wastes_last_meeple`), and moves `blunder_margin` points worse one ply deep than the best.
"""

from typing import ClassVar

from game.core import Game, Rng
from game.core.ai.knowledge import Knowledge
from game.core.contract import State

from . import queries
from .engine import Place


class CarcassonneKnowledge(Knowledge):
    score_scale = 20.0  # a lead of 20 points counts as about 73 % won
    playout_depth = 4
    levels: ClassVar[dict] = {
        "easy": {"iterations": 60, "tree_depth": 1},
        "medium": {"iterations": 400, "tree_depth": 1},
        "hard": {"iterations": 2500, "tree_depth": 1},
    }
    blunder_margin = 10  # points
    meeple_keep = 0.33  # playouts keep a drawn follower this often (uniform play places ~75 %)
    meeple_worth = 3.0  # points a follower in the supply is worth while tiles remain
    last_meeple_tiles = 24  # with at least this many tiles left the last follower is precious

    def playout_move(self, game: Game, s: State, rng: Rng) -> Place:
        move = game.playout_move(s, rng)
        if move.meeple is not None and (move.meeple[0] == "f" or rng.random() >= self.meeple_keep):
            move = move._replace(meeple=None)  # the bare placement is always legal
        return move

    def evaluate(self, game: Game, s: State) -> list[float]:
        points: list[float] = list(game.projected_scores(s))
        if not game.is_over(s):
            supply = queries.meeples_left(s)
            turns_left = (queries.tiles_left(s) + 1) / queries.player_count(s)
            for p, left in enumerate(supply):
                points[p] += self.meeple_worth * min(left, turns_left / 2)
        return points

    def wastes_last_meeple(self, game: Game, s: State, move: Place) -> bool:
        """Does `move` put the player's last follower on a small road (2 tiles or fewer) early
        in the game, where it stays and banks nothing this turn?"""
        me = game.current_player(s)
        if (
            move.meeple is None
            or move.meeple[0] != "r"
            or me is None
            or queries.meeples_left(s)[me] != 1
            or queries.tiles_left(s) < self.last_meeple_tiles
        ):
            return False
        after = game.clone(s)
        game.apply_in_place(after, move)
        if game.scores(after)[me] > game.scores(s)[me]:
            return False  # it scored at once: a completed road or a Courier message
        for feature in queries.tile_features(after, move.x, move.y):
            if me in feature["meeples"]:
                return len(feature["tiles"]) <= 2
        return False  # its road was completed and the follower came back

    def prune(self, game: Game, s: State, moves: list, root: bool = False) -> list:
        if not root:
            return moves
        me = game.current_player(s)
        if me is None or queries.meeples_left(s)[me] != 1:
            return moves
        kept = [m for m in moves if not self.wastes_last_meeple(game, s, m)]
        return kept or moves


KNOWLEDGE = CarcassonneKnowledge()
