"""The small interface through which a game lends its knowledge to the generic search.

A game declares its `Knowledge` instance in its package's `__init__.py` (game.core.registry);
`knowledge_for(game)` finds it there, and falls back to this base class, which knows nothing about
any game and is still a correct (if slower-witted) player of every game.

The interface (every part has a safe default):
    score_scale, playout_depth, blunder_margin, levels     numbers that tune the search
    prune(game, state, moves, root)    which moves to search, best first (cheap in the tree)
    playout_move(game, state, rng)     the playout policy
    evaluate(game, state)              per-seat points of a cut-off position
    move_value / greedy_value          one-ply values (root ordering / the greedy baseline)

Every method gets full states only: the search hands it determinized states (sampled from what
the acting seat may see), never the true hidden state.
"""

import math
from typing import ClassVar

from .. import registry
from ..contract import BadData


class Knowledge:
    # Points that make a clear lead: a cut-off position leading by `score_scale` points counts
    # as about 73 % won (logistic of margin / scale). Games tune this to their score range.
    score_scale = 10.0
    # Moves a playout makes before the position is judged by `evaluate` (None: play to the end).
    playout_depth: int | None = None
    # Moves whose one-ply value (`move_value`) trails the best one by more than this are
    # never played by the searching levels: the "visible blunder" guard (None: off).
    blunder_margin: float | None = None
    # Per-level overrides of the search budget (see ai.search.LEVELS), e.g.
    # {"hard": {"iterations": 800}}; a game's playouts differ a lot in cost.
    levels: ClassVar[dict[str, dict]] = {}

    def prune(self, game, state, moves, root=False):
        """The candidates worth searching, best first (the tree expands them in this order).
        Called at every visited tree node, so it must be cheap; once with `root=True` for the
        decision itself, where it may take a few milliseconds. Default: all, engine order."""
        return moves

    def move_value(self, game, state, move, seat):
        """One-ply value of playing `move` in `state` for `seat`, by `evaluate`: the search
        expands the root's moves in this order (and `blunder_margin` is measured on it)."""
        after = game.clone(state)
        game.apply_in_place(after, move)
        points = game.scores(after) if game.is_over(after) else self.evaluate(game, after)
        return lead(points, seat)

    def playout_move(self, game, state, rng):
        """The move a playout makes: better than uniform pays (default: the engine's own)."""
        return game.playout_move(state, rng)

    def evaluate(self, game, state):
        """Per-seat points of a cut-off position, on the scale of the game's scores."""
        return game.projected_scores(state)

    def greedy_value(self, game, state, move, seat):
        """The greedy baseline's value of `move`: the change it makes to the projected scores,
        `projected[me] - max(projected[others])` just after it."""
        after = game.clone(state)
        game.apply_in_place(after, move)
        return lead(game.projected_scores(after), seat)


DEFAULT = Knowledge()


def knowledge_for(game):
    """The knowledge the game's package declares (game.core.registry), else the default."""
    try:
        found = registry.knowledge(game.id)
    except BadData:  # a game nobody registered (a test's own): it plays with the default
        found = None
    return DEFAULT if found is None else found


def lead(points, seat):
    """How far `seat` is ahead of the best other seat (negative: behind)."""
    return points[seat] - max(p for s, p in enumerate(points) if s != seat)


def margin_value(points, seat, scale):
    """The lead of `seat` as a value in (0, 1): logistic of lead / scale."""
    x = lead(points, seat) / scale
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
