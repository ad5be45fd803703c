"""Thurn und Taxis knowledge for the generic AI (game/core/ai).

- Never lose a route for nothing: while a card in hand fits the route, giving the route up is
  not searched; and when no card in hand fits but one on the display does, the draw takes a
  fitting display card (or the Postmaster, for two draws) - not a blind draw, not the
  Administrator.
- Close a route the best way at once: with the most houses and bonus tiles (the search
  still decides whether to close at all, or, after the Postal Carrier's first card, whether to
  play the second one first).
- Never pass with a closable route that nothing in hand or on the display fits: the next
  turn would most likely have to give it up.
- A cut-off playout is judged by the projected score (best carriage + bonus tiles - houses not
  yet placed) plus what the route in progress is likely to bring when it is closed.
Playouts use the engine's own playout policy (it prefers cards that fit and closes sensibly).
It asks the state only through queries.py and the Game contract.
"""

from typing import ClassVar

from game.core.ai.knowledge import Knowledge

from . import queries
from .engine import Abandon, Close, Draw, Official, Pass, Play

POSTMASTER = Official("postmaster")


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
        if len(moves) < 2:
            return moves
        now = queries.step(s)
        seat, phase = now.seat, now.phase
        length = len(queries.route(s, seat))
        if not length:
            return moves
        if phase == "draw":
            if queries.must_abandon(s, seat):
                slots = queries.fitting_slots(s, seat)
                fitting = [m for m in moves if type(m) is Draw and m.source in slots]
                if fitting:
                    return fitting + [m for m in moves if m == POSTMASTER]
            return moves
        if phase == "play" and any(type(m) is Play for m in moves):
            moves = [m for m in moves if type(m) is not Abandon]
        if length >= 3 and any(type(m) is Close for m in moves):  # closing is allowed here
            if root:
                moves = self._best_closings(game, s, moves)
            hopeless = queries.must_abandon(s, seat) and not queries.fitting_slots(s, seat)
            if hopeless:
                return [m for m in moves if type(m) is not Pass]
        return moves

    @staticmethod
    def _best_closings(game, s, moves):
        """Of the ways to close, only those that score best at once (most houses placed,
        bonus tiles taken); passing, playing on and the officials stay."""
        seat = queries.step(s).seat
        gains = {}
        for move in moves:
            if type(move) is Close:
                after = game.clone(s)
                game.apply_in_place(after, move)
                gains[move] = game.projected_scores(after)[seat]
        best = max(gains.values())
        return [m for m in moves if type(m) is not Close or gains[m] == best]

    def evaluate(self, game, s):
        points = game.projected_scores(s)
        if not game.is_over(s):
            for p in range(queries.seats(s)):
                length = len(queries.route(s, p))
                if length >= 3:
                    points[p] += self.route_worth * length
        return points


KNOWLEDGE = ThurnUndTaxisKnowledge()
