"""Information-set Monte Carlo tree search that thinks in small slices.

The search sees only `game.view(state, seat)`. Each iteration samples a full state from that view
(`game.determinize`), which also fixes every future chance event (tile draws, shuffles), walks the
one shared tree with UCB1 over the moves legal in that sample (single-observer ISMCTS with
availability counts, Cowling, Powley & Whitehouse 2012), adds one node, plays a short playout
with the game's playout policy and judges the end position: the real result at the game's end,
or the game's evaluation (projected points) at a cut-off.

Levels fix a budget of iterations, so strength does not depend on the machine, with a cap on
thinking time as a safety net. All the work is a generator of small steps, so the browser can
think in slices on its main thread:

    search = Search(game, state, seat, "hard", seed)
    while not search.done:
        search.run(max_seconds=0.015)      # one slice; returns when it is used up
    move = search.best_move()
"""

import math
import time
from typing import Any

from ..rng import Rng
from .knowledge import knowledge_for, margin_value

# kind: "random" (uniform legal move), "greedy" (best one-ply value), "mcts".
# iterations: the playout budget; max_seconds: cap on thinking time (a safety net, summed over
# slices); rank_root: expand the root's moves best-first by their one-ply value;
# widening: (k, alpha): a node visited n times may have k * (n + 1) ** alpha children;
# tree_depth: moves the tree grows below the root (None: no limit; 1: UCB over the root's
# moves with playouts behind them - cheaper where listing moves is the costly part);
# exploration: the UCB1 constant; temperature: 0 plays the most visited move, > 0 samples
# moves by visits ** (1 / temperature) (varied, weaker play); result_weight: share of the
# win/draw/loss in a finished playout's value (the rest rewards the margin).
# The three levels a player picks share one search and differ in budget and in how varied
# the chosen move is.
_MCTS: dict[str, Any] = {
    "kind": "mcts",
    "max_seconds": 1.0,
    "rank_root": True,
    "widening": (2.0, 0.5),
    "exploration": 0.7,
    "result_weight": 0.8,
}
LEVELS: dict[str, dict[str, Any]] = {
    "random": {"kind": "random"},
    "greedy": {"kind": "greedy"},
    "easy": {**_MCTS, "iterations": 40, "temperature": 1.0},
    "medium": {**_MCTS, "iterations": 200, "temperature": 0.0},
    "hard": {**_MCTS, "iterations": 600, "temperature": 0.0},
}
PLAYER_LEVELS = ("easy", "medium", "hard")  # what a new-game screen offers


def dealt(game, state, rng):
    """`state`, or in keyed play (link games) a turn waiting for its deal dealt from `rng`: to
    the search a deal is chance like any other."""
    if game.to_deal(state) is None:
        return state
    return game.deal(state, rng.next_u64() | rng.next_u64() << 64)


def level_names():
    return list(LEVELS)


def level_params(game, level):
    """The level's parameters for this game (the game's knowledge may override some)."""
    if isinstance(level, dict):
        return dict(level)
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
    params: dict[str, Any] = dict(LEVELS[level])
    params.update(knowledge_for(game).levels.get(level, {}))
    return params


class Node:
    """Statistics of one move in the tree, from the point of view of the seat that made it."""

    __slots__ = ("avail", "children", "mover", "total", "visits")

    def __init__(self, mover):
        self.mover = mover
        self.children = {}  # move -> Node, in expansion order
        self.visits = 0
        self.total = 0.0  # sum of the mover's values
        self.avail = 0  # times this move was legal when its parent was visited


class Search:
    def __init__(self, game, state, seat, level="hard", seed=0, clock=time.perf_counter):
        if game.current_player(state) != seat:
            raise ValueError(f"seat {seat} is not the player to move")
        self.game = game
        self.seat = seat
        self.clock = clock  # what slices and the cap are measured with (the arena: CPU time)
        self.params = level_params(game, level)
        self.knowledge = knowledge_for(game)
        # From here on only the view is used: the AI never reads what `seat` cannot see.
        self.view = game.view(state, seat)
        self.rng = Rng(seed)
        self.moves = game.legal_moves(self.view)
        self.iterations = 0
        self.think_seconds = 0.0
        self.root = Node(None)
        self.root_order = list(self.moves)
        self.root_values = {}  # move -> one-ply value, when ranked
        self._chosen = None
        self.done = len(self.moves) <= 1
        kind = self.params["kind"]
        self._steps = {"random": self._random, "greedy": self._greedy, "mcts": self._mcts}[kind]()

    # ---- the public, sliceable interface ----------------------------------------------------
    def run(self, max_seconds=0.015):
        """Think for about `max_seconds` (one slice), then return; sets `done` when finished."""
        if self.done:
            return
        clock = self.clock
        start = clock()
        deadline = start + max_seconds
        cap = self.params.get("max_seconds")
        cap_deadline = start + cap - self.think_seconds if cap is not None else None
        try:
            while True:
                next(self._steps)
                now = clock()
                if cap_deadline is not None and now >= cap_deadline:
                    self.done = True
                    break
                if now >= deadline:
                    break
        except StopIteration:
            self.done = True
        if self.done:
            self._steps = None  # the generator refers back to self: free the cycle now
        self.think_seconds += clock() - start

    @property
    def progress(self):
        """0..1, for a progress bar."""
        if self.done:
            return 1.0
        budget = self.params.get("iterations") or 1
        cap = self.params.get("max_seconds") or math.inf
        return min(1.0, max(self.iterations / budget, self.think_seconds / cap))

    def best_move(self):
        """The move to play (the best found so far when called before `done`)."""
        if self._chosen is not None:
            return self._chosen
        if len(self.moves) == 1:
            return self.moves[0]
        if self.params["kind"] != "mcts" or not self.root.children:
            if self.root_values:  # stopped (by the time cap) before any playout
                return max(self.root_values, key=lambda move: self.root_values[move])
            return self.root_order[0]
        ranked = self._ranked_children()
        temperature = self.params.get("temperature") or 0.0
        if temperature > 0 and self.done:
            # sample once, from a generator of its own so the choice stays fixed
            weights = [child.visits ** (1.0 / temperature) for _, child in ranked]
            pick = Rng(self.rng.state ^ 0x5EED).random() * sum(weights)
            for (move, _), w in zip(ranked, weights):
                pick -= w
                if pick < 0:
                    self._chosen = move
                    return move
        move = ranked[0][0]
        if self.done:
            self._chosen = move
        return move

    def explain(self, top=5):
        """The best candidates, most visited first, as JSON-ready dicts for a "why" panel:
        move, visits, value (the search's estimate, 0..1, roughly the chance to win) and
        `one_ply` (the move's immediate value in points) when the root was ranked."""
        out = []
        for move, child in self._ranked_children()[:top]:
            item = {
                "move": move.to_json(),
                "visits": child.visits,
                "value": round(child.total / child.visits, 3),
            }
            if move in self.root_values:
                item["one_ply"] = self.root_values[move]
            out.append(item)
        return out

    # ---- internals ----------------------------------------------------------------------------
    def _ranked_children(self):
        order = {move: k for k, move in enumerate(self.root_order)}
        items = [(m, c) for m, c in self.root.children.items() if c.visits > 0]
        items.sort(key=lambda mc: (-mc[1].visits, -mc[1].total / mc[1].visits, order.get(mc[0], 0)))
        return items

    def _random(self):
        self._chosen = self.moves[self.rng.below(len(self.moves))]
        return
        yield  # a generator with no steps

    def _rank_root(self, value):
        """One-ply `value` of every root move on one sample (one step per move, so sliceable);
        sorts `root_order` best first, ties in engine order."""
        sample = self.game.determinize(self.view, self.rng)
        moves = list(self.moves)
        moves = self.knowledge.prune(self.game, sample, moves, root=True) or moves
        yield
        for move in moves:
            self.root_values[move] = value(self.game, sample, move, self.seat)
            yield
        self.root_order = sorted(moves, key=lambda m: -self.root_values[m])
        margin = self.knowledge.blunder_margin
        if margin is not None and self.params["kind"] == "mcts":
            floor = self.root_values[self.root_order[0]] - margin
            self.root_order = [m for m in self.root_order if self.root_values[m] >= floor]

    def _greedy(self):
        yield from self._rank_root(self.knowledge.greedy_value)
        best = self.root_values[self.root_order[0]]
        ties = [m for m in self.root_order if self.root_values[m] == best]
        self._chosen = ties[self.rng.below(len(ties))]

    def _mcts(self):
        if self.params.get("rank_root"):
            yield from self._rank_root(self.knowledge.move_value)
        else:
            sample = self.game.determinize(self.view, self.rng)
            moves = list(self.moves)
            self.root_order = self.knowledge.prune(self.game, sample, moves, root=True) or moves
        budget = self.params["iterations"]
        while self.iterations < budget:
            yield from self._iterate()

    def _allowed_children(self, visits):
        widening = self.params.get("widening")
        if widening is None:
            return math.inf
        k, alpha = widening
        return max(1, int(k * (visits + 1) ** alpha))

    def _iterate(self):
        game, knowledge, rng = self.game, self.knowledge, self.rng
        c = self.params["exploration"]
        state = game.determinize(self.view, rng)
        yield
        node = self.root
        path: list[Any] = []
        tree_depth = self.params.get("tree_depth")
        # selection and expansion
        while True:
            state = dealt(game, state, rng)
            player = game.current_player(state)
            if player is None or (tree_depth is not None and len(path) >= tree_depth):
                break
            if node is self.root:
                moves = self.root_order
            else:
                moves = knowledge.prune(game, state, game.legal_moves(state))
                yield
            children = node.children
            untried = None
            if len(children) < self._allowed_children(node.visits):
                for move in moves:
                    if move not in children:
                        untried = move
                        break
            best, best_score = None, -math.inf
            for move in moves:
                child = children.get(move)
                if child is None:
                    continue
                child.avail += 1
                if untried is None:
                    score = child.total / child.visits + c * math.sqrt(
                        math.log(child.avail) / child.visits
                    )
                    if score > best_score:
                        best, best_score = move, score
            if untried is None and best is None:  # none of the known moves is legal here
                untried = next((m for m in moves if m not in children), None)
                if untried is None:
                    break
            if untried is not None:
                child = children[untried] = Node(player)
                child.avail = 1
                game.apply_in_place(state, untried)
                path.append(child)
                break
            game.apply_in_place(state, best)
            node = children[best]
            path.append(node)
        # playout
        depth = self.params.get("playout_depth", knowledge.playout_depth)
        steps = 0
        while game.current_player(state) is not None and (depth is None or steps < depth):
            state = dealt(game, state, rng)
            game.apply_in_place(state, knowledge.playout_move(game, state, rng))
            steps += 1
            yield
        values = self._values(state)
        for n in path:
            n.visits += 1
            n.total += values[n.mover]
        self.root.visits += 1
        self.iterations += 1

    def _values(self, state):
        """Per seat, how good the end of a playout is, in 0..1."""
        game, knowledge = self.game, self.knowledge
        scale = knowledge.score_scale
        if game.is_over(state):
            winners = game.winners(state)
            scores = game.scores(state)
            w = self.params.get("result_weight", 0.8)
            share = 1.0 / len(winners) if winners else 0.0
            return [
                w * (share if seat in winners else 0.0)
                + (1 - w) * margin_value(scores, seat, scale)
                for seat in range(len(scores))
            ]
        points = knowledge.evaluate(game, state)
        return [margin_value(points, seat, scale) for seat in range(len(points))]


def choose_move(game, state, seat=None, level="hard", seed=0, slice_seconds=0.05):
    """The move `level` plays for `seat` (default: the player to move), in one call."""
    if seat is None:
        seat = game.current_player(state)
    search = Search(game, state, seat, level, seed)
    while not search.done:
        search.run(slice_seconds)
    return search.best_move()
