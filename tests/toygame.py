"""A tiny game used only by the core's own tests ("Bust"): small enough to read at a glance,
yet with everything the real games have: hidden hands, a shuffled deck, chance, 2-3 players.

Rules: 18 cards (values 1-6, three of each) are shuffled; each player holds 2 hidden cards.
On your turn play one card face up onto the common pile and draw one card if the deck has any. Whoever
takes the total above 21 busts and scores 0, everyone else scores 1. If every card is played
without a bust, nobody scores.

Keyed (link play): the deck is an unordered pool, each draw picks from it with the generator
its turn was dealt, and each turn starts by waiting for its deal.
"""

from typing import NamedTuple

from game.core import BadData, Game, IllegalMove, Rng, reading
from game.core.contract import deal_rng

LIMIT = 21
VALUES = (1, 2, 3, 4, 5, 6)


class Play(NamedTuple):
    card: int

    def to_json(self):
        return {"card": self.card}


class BustState:
    __slots__ = (
        "bust",
        "deck",
        "hands",
        "hidden",
        "keyed",
        "pile",
        "players",
        "rng",
        "turn",
        "waiting",
    )

    def __eq__(self, other):
        return isinstance(other, BustState) and GAME.to_json(self) == GAME.to_json(other)


class Bust(Game):
    id = "bust"
    title = "Bust"
    min_players = 2
    max_players = 3

    def new(self, players=2, seed=0, options=None):
        players, seed, _ = self.check_setup(players, seed, options)
        s = BustState()
        s.rng = Rng(seed)
        s.deck = [v for v in VALUES for _ in range(3)]
        s.rng.shuffle(s.deck)
        s.hands = [sorted([s.deck.pop(), s.deck.pop()]) for _ in range(players)]
        s.players, s.pile, s.turn, s.bust, s.hidden = players, [], 0, None, False
        s.keyed = s.waiting = False
        return s

    def current_player(self, s):
        if s.bust is not None or not any(s.hands):
            return None
        return s.turn

    def legal_moves(self, s):
        if self.current_player(s) is None or s.waiting:
            return []
        return [Play(v) for v in sorted(set(s.hands[s.turn]))]

    def parse_move(self, obj):
        if isinstance(obj, Play):
            return obj
        if not isinstance(obj, dict) or set(obj) != {"card"} or type(obj["card"]) is not int:
            raise IllegalMove('a Bust move is {"card": VALUE}')
        return Play(obj["card"])

    def clone(self, s):
        c = BustState()
        c.players, c.turn, c.bust, c.hidden = s.players, s.turn, s.bust, s.hidden
        c.keyed, c.waiting = s.keyed, s.waiting
        c.pile = list(s.pile)
        c.hands = [list(h) if isinstance(h, list) else h for h in s.hands]
        c.deck = list(s.deck) if isinstance(s.deck, list) else s.deck
        c.rng = s.rng.copy() if s.rng else None
        return c

    def apply_in_place(self, s, move):
        hand = s.hands[s.turn]
        if not isinstance(hand, list):
            raise IllegalMove("this hand is hidden: moves are applied to full states, not views")
        if move.card not in hand:
            raise IllegalMove(f"you hold no {move.card}")
        hand.remove(move.card)
        s.pile.append(move.card)
        if sum(s.pile) > LIMIT:
            s.bust = s.turn
            return
        if s.waiting:
            raise IllegalMove("this turn waits for its deal")
        if s.deck:
            if s.hidden and not s.keyed:
                raise IllegalMove("the deck order is hidden in a view")
            if s.keyed:
                hand.append(s.deck.pop(s.rng.below(len(s.deck))))
            else:
                hand.append(s.deck.pop())
            hand.sort()
        for step in range(1, s.players + 1):  # next player who still holds a card
            nxt = (s.turn + step) % s.players
            if s.hands[nxt]:
                s.turn = nxt
                break
        if s.keyed and self.current_player(s) is not None:
            s.rng, s.waiting = None, True

    def scores(self, s):
        if s.bust is None:
            return [0] * s.players
        return [0 if p == s.bust else 1 for p in range(s.players)]

    def score_breakdown(self, s):
        return [{"survived": points} for points in self.scores(s)]

    def keyed(self, s):
        c = self.clone(s)
        c.keyed = True
        if isinstance(c.deck, list):
            c.deck.sort()
        c.rng, c.waiting = None, self.current_player(s) is not None
        return c

    def to_deal(self, s):
        return s.turn if s.waiting and self.current_player(s) is not None else None

    def deal(self, s, key):
        if self.to_deal(s) is None:
            raise BadData("no turn waits for its deal")
        c = self.clone(s)
        c.rng, c.waiting = deal_rng(key), False
        return c

    def view(self, s, player):
        v = self.clone(s)
        v.hidden = True
        v.rng = None
        v.hands = [list(h) if p == player else len(h) for p, h in enumerate(s.hands)]
        v.deck = len(s.deck) if isinstance(s.deck, list) else s.deck
        return v

    def redeal_unrevealed(self, s):
        s.rng.shuffle(s.deck)  # the deck is face down: nobody has seen its order

    def determinize(self, v, rng):
        if not v.hidden:
            return self.clone(v)
        unseen = [val for val in VALUES for _ in range(3)]
        for card in v.pile + [c for h in v.hands if isinstance(h, list) for c in h]:
            unseen.remove(card)  # cards this player has seen are not among the hidden ones
        rng.shuffle(unseen)
        s = self.clone(v)
        s.hidden, s.rng = False, None if v.waiting else rng.fork()
        s.hands = [
            sorted(unseen.pop() for _ in range(h)) if isinstance(h, int) else list(h)
            for h in v.hands
        ]
        s.deck = [unseen.pop() for _ in range(v.deck)]
        if s.keyed:
            s.deck.sort()
        return s

    def to_json(self, s):
        return {
            "players": s.players,
            "hands": s.hands,
            "deck": s.deck,
            "pile": s.pile,
            "turn": s.turn,
            "bust": s.bust,
            "hidden": s.hidden,
            "keyed": s.keyed,
            "waiting": s.waiting,
            "rng": s.rng.to_json() if s.rng else None,
        }

    def from_json(self, obj):
        with reading("Bust state"):
            s = BustState()
            s.players, s.turn, s.bust = obj["players"], obj["turn"], obj["bust"]
            s.pile = [int(c) for c in obj["pile"]]
            s.hidden = bool(obj["hidden"])
            s.keyed, s.waiting = bool(obj["keyed"]), bool(obj["waiting"])
            s.hands = [h if isinstance(h, int) else [int(c) for c in h] for h in obj["hands"]]
            s.deck = obj["deck"] if isinstance(obj["deck"], int) else [int(c) for c in obj["deck"]]
            s.rng = Rng.from_json(obj["rng"]) if obj["rng"] is not None else None
            if len(s.hands) != s.players or not 0 <= s.turn < s.players:
                raise BadData("not a valid Bust state: hands and players disagree")
        return s


GAME = Bust()
