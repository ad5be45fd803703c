"""Thurn und Taxis knowledge for the generic AI (game/core/ai).

- Never lose a route for nothing: while a card in hand fits the route, giving the route up is
  not searched; and when no card in hand fits but one on the display does, the draw takes a
  fitting display card (or the Postmaster, for two draws) - not a blind draw, not the
  Administrator.
- Close a route the best way at once: with the most houses and bonus tiles (the search
  still decides whether to close at all).
- Never pass with a closable route that nothing in hand or on the display fits: the next
  turn would most likely have to give it up.
- A cut-off playout is judged by the projected score (best carriage + bonus tiles - houses not
  yet placed) plus what the route in progress is likely to bring when it is closed.
Playouts use the engine's own playout policy (it prefers cards that fit and closes sensibly).
"""

from typing import ClassVar

from game.core.ai.knowledge import Knowledge

from . import rules
from .rules import Abandon, Close, Draw, Official, Pass, Play

POSTMASTER = Official("postmaster")


def _fits(route, c):
    """Card c can extend the (non-empty) route at one of its ends."""
    if c in route:
        return False
    reach = rules.NEIGHBOURS[route[0]] | rules.NEIGHBOURS[route[-1]]
    return bool(reach >> c & 1)


class ThurnUndTaxisKnowledge(Knowledge):
    score_scale = 4.0
    playout_depth = 20  # moves (a turn is 3-6 moves)
    levels: ClassVar[dict] = {
        "easy": {"iterations": 30},
        "medium": {"iterations": 100},
        "hard": {"iterations": 300},
    }
    route_worth = 0.5  # points per card of a route of 3+ cards, still to be closed

    def prune(self, game, s, moves, root=False):
        p = s.turn
        route = s.routes[p]
        if not route or len(moves) < 2:
            return moves
        phase = game.phase(s)
        if phase == "play":
            if any(type(m) is Play for m in moves):
                return [m for m in moves if type(m) is not Abandon]
        elif phase == "draw":
            if not any(_fits(route, c) for c in s.hands[p]):
                fitting = [
                    m
                    for m in moves
                    if type(m) is Draw and m.source != "deck" and _fits(route, s.display[m.source])
                ]
                if fitting:
                    return fitting + [m for m in moves if m == POSTMASTER]
        elif phase == "close" and len(route) >= 3:
            if root:
                moves = self._best_closings(game, s, moves)
            hopeless = not any(_fits(route, c) for c in s.hands[p]) and not any(
                c != rules.EMPTY and _fits(route, c) for c in s.display
            )
            if hopeless and any(type(m) is Close for m in moves):
                return [m for m in moves if type(m) is not Pass]
        return moves

    @staticmethod
    def _best_closings(game, s, moves):
        """Of the ways to close, only those that score best at once (most houses placed,
        bonus tiles taken); passing and the officials stay."""
        seat = s.turn
        gains = {}
        for move in moves:
            if type(move) is Close:
                after = game.clone(s)
                game.apply_in_place(after, move)
                gains[move] = game.projected_scores(after)[seat]
        if not gains:
            return moves
        best = max(gains.values())
        return [m for m in moves if type(m) is not Close or gains[m] == best]

    def evaluate(self, game, s):
        points = game.projected_scores(s)
        if not s.over:
            for p in range(s.players):
                length = len(s.routes[p])
                if length >= 3:
                    points[p] += self.route_worth * length
        return points


KNOWLEDGE = ThurnUndTaxisKnowledge()
