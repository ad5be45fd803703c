"""Thurn und Taxis: the state and how moves change it (docs/rules/thurn-und-taxis.md).

A turn is a sequence of moves by one player: draw(s) -> play(s) -> close or pass -> cut the hand
to 3 (only after closing). At most one official per turn.

Representation (kept flat and small so that a clone is a handful of list copies): cities are
indices into data.CITIES; hands, known cards and routes are sorted or ordered tuples (immutable,
so a clone shares them); houses are one bit mask per player; the draw pile is a list with its top
card last (the JSON lists it top first, like the `deck` option); bonus stacks are counts of tiles
left. Each closed route adds one record to `log` (closing.score_route); records are never changed
once made, so states share them. In a view, what the viewer may not see is a `FaceDown` count
(hidden.py).
"""

from typing import Any, final

from game.core import IllegalMove, Rng

from . import data
from .closing import carriage_value, check_houses, houses_left, next_carriage, score_route
from .data import ALL_PROVINCES_K, CITIES, FIRST_REGION, NEIGHBOURS, STACK_VALUES

DRAW, PLAY, CLOSE, DISCARD, OVER = "draw", "play", "close", "discard", "over"
NO_OFFICIAL, POSTMASTER, CARRIER, ADMINISTRATOR, CARTWRIGHT = 0, 1, 2, 3, 4
OFFICIAL_CODE = {name: k + 1 for k, name in enumerate(data.OFFICIALS)}
DISPLAY = data.DISPLAY_SIZE
EMPTY = -1  # an empty display slot
ENDS = ("left", "right")
_NOWHERE: tuple[str, ...] = ()
_LEFT, _RIGHT, _BOTH = ("left",), ("right",), ENDS


@final  # `type(x) is FaceDown` tells a face-down value from the tuple or list it stands for
class FaceDown:
    """Cards or bonus tiles lying face down in a view: how many, never which. `len()` gives the
    count, like the tuple or list it stands for; anything else one would read from it fails."""

    __slots__ = ("count",)

    def __init__(self, count: int) -> None:
        self.count = count

    def __len__(self) -> int:
        return self.count

    def __eq__(self, other: object) -> bool:
        return type(other) is FaceDown and other.count == self.count

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"FaceDown({self.count})"


class TntState:
    __slots__ = (
        "abandoned",
        "cards",
        "cards_to_cut",
        "carriages",
        "discard_pile",
        "display",
        "draws",
        "draws_needed",
        "end_tile",
        "final_round",
        "hands",
        "houses",
        "include_baiern",
        "is_view",
        "keyed",
        "known",
        "log",
        "official",
        "over",
        "pile",
        "pile_batch",
        "pile_fixed",
        "players",
        "plays",
        "plays_needed",
        "rng",
        "routes",
        "stacks",
        "tiles",
        "turn",
        "turn_number",
        "viewer",
        "waiting",
    )
    abandoned: bool  # the route was given up this turn (a play must follow)
    cards: tuple[int, ...]  # cards per city in this game (the printed 3 each, or a scenario deck's)
    cards_to_cut: int  # cards the player must still discard to keep 3 after closing
    carriages: list[int]  # per seat: how many carriages taken (3, 4, 5, 6, 7 in order)
    discard_pile: list[int]  # face up, in the order the cards were put there
    display: list[int]  # the 6 open cards (EMPTY: a slot no card could fill yet)
    draws: int
    draws_needed: int
    end_tile: int | None  # the seat holding the game-end tile (None before the final round)
    final_round: bool
    hands: list[tuple[int, ...] | FaceDown]  # per seat: sorted tuple, or FaceDown in a view
    houses: list[int]  # per seat: bit mask of cities
    include_baiern: bool  # option all_provinces_includes_baiern
    is_view: bool
    keyed: bool  # link play: the pile is an unordered pool, each turn dealt (engine.keyed)
    known: list[tuple[int, ...]]  # per seat: the hand cards everyone saw taken from the display
    log: tuple[dict[str, Any], ...]  # one record per closed route
    official: int  # the official called this turn (a code, NO_OFFICIAL for none)
    over: bool
    pile: list[int] | FaceDown  # top card last; FaceDown in a view
    pile_batch: list[int]  # counts of the cards the pile was shuffled from, not yet seen since
    pile_fixed: bool  # the pile is still in the order the `deck` option gave (a scenario)
    players: int
    plays: int
    plays_needed: int
    rng: Rng | None
    routes: list[tuple[int, ...]]  # per seat: tuple, left end first
    stacks: list[int]  # tiles left per bonus stack (KINDS order)
    # per seat: tuple of (kind index, value), or FaceDown in a view
    tiles: list[tuple[tuple[int, int], ...] | FaceDown]
    turn: int
    turn_number: int
    viewer: int | None  # the seat a view is for (None: a spectator)
    waiting: bool  # keyed: the turn waits for its deal (no generator)

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TntState) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Thurn und Taxis state, turn {self.turn_number}, seat {self.turn} to move>"


def new_state(players: int, rng: Any, deck: list[int], fixed: bool, include_baiern: bool):
    """The table before the first turn: `deck` (city indices) deals the display, then the pile
    (top first); `fixed` says the order is a scenario's, not the shuffle's."""
    s = TntState()
    s.rng, s.players, s.include_baiern = rng, players, include_baiern
    cards = tuple(card_counts(deck))
    s.cards = data.FULL_DECK if cards == data.FULL_DECK else cards
    s.display = deck[:DISPLAY] + [EMPTY] * (DISPLAY - len(deck[:DISPLAY]))
    s.pile = deck[DISPLAY:][::-1]  # top card last
    s.pile_batch = card_counts(s.pile)
    s.pile_fixed = fixed
    s.discard_pile = []
    s.hands = [()] * players
    s.known = [()] * players
    s.routes = [()] * players
    s.houses = [0] * players
    s.carriages = [0] * players
    s.tiles = [()] * players
    s.stacks = [len(values) for values in STACK_VALUES]
    s.turn, s.turn_number, s.over, s.final_round, s.end_tile = 0, 1, False, False, None
    s.log = ()
    s.is_view, s.viewer = False, None
    s.keyed = s.waiting = False
    start_turn(s)
    return s


def copy_state(s):
    c = TntState.__new__(TntState)
    c.players, c.cards, c.include_baiern = s.players, s.cards, s.include_baiern
    c.turn, c.turn_number, c.over = s.turn, s.turn_number, s.over
    c.final_round, c.end_tile = s.final_round, s.end_tile
    c.display = s.display[:]
    c.pile = s.pile[:] if type(s.pile) is list else s.pile  # a FaceDown is never changed
    c.pile_batch = s.pile_batch[:]
    c.pile_fixed = s.pile_fixed
    c.discard_pile = s.discard_pile[:]
    c.hands = s.hands[:]
    c.known = s.known[:]
    c.routes = s.routes[:]
    c.houses = s.houses[:]
    c.carriages = s.carriages[:]
    c.tiles = s.tiles[:]
    c.stacks = s.stacks[:]
    c.official, c.draws, c.draws_needed = s.official, s.draws, s.draws_needed
    c.plays, c.plays_needed, c.abandoned = s.plays, s.plays_needed, s.abandoned
    c.cards_to_cut, c.log = s.cards_to_cut, s.log
    c.is_view, c.viewer = s.is_view, s.viewer
    c.keyed, c.waiting = s.keyed, s.waiting
    c.rng = s.rng.copy() if s.rng is not None else None
    return c


# ---- small helpers -------------------------------------------------------------------------------
def insert(cards: tuple, card: int) -> tuple:
    """A sorted tuple with one more card."""
    i = 0
    while i < len(cards) and cards[i] < card:
        i += 1
    return cards[:i] + (card,) + cards[i:]


def remove(cards: tuple, card: int) -> tuple:
    """A tuple without one copy of card (which must be present)."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def sorted_names(cities) -> tuple[str, ...]:
    return tuple(sorted(CITIES[c] for c in cities))


def own_hand(s: TntState, p: int) -> tuple[int, ...]:
    hand = s.hands[p]
    if type(hand) is FaceDown:
        raise IllegalMove(
            "this hand is hidden: moves are applied to full states or the mover's own view"
        )
    return hand


# ---- where a card fits -----------------------------------------------------------------------
def fitting_ends(route: tuple, c: int) -> tuple[str, ...]:
    """The ends ("left", "right") of `route` (city indices, left end first) where city card `c`
    may be played: a road joins c to the city at that end and c is not on the route yet (rules
    docs/rules/thurn-und-taxis.md, Playing a card). () when it fits nowhere. An empty or one-card route has a single end, listed as
    "right" (docs/rules/thurn-und-taxis.md). The one place the game decides whether a card fits."""
    if not route:
        return _RIGHT
    if c in route:
        return _NOWHERE
    right = NEIGHBOURS[route[-1]] >> c & 1
    if len(route) > 1 and NEIGHBOURS[route[0]] >> c & 1:
        return _BOTH if right else _LEFT
    return _RIGHT if right else _NOWHERE


def can_extend(s, p: int) -> bool:
    """Some card in p's hand fits p's route (any card starts an empty one)."""
    route = s.routes[p]
    return any(fitting_ends(route, c) for c in s.hands[p])


def two_plays_possible(s, p: int) -> bool:
    """Some first play (after giving the route up, if still allowed) leaves a card in hand that
    fits the new route: the postal carrier would have an effect."""
    hand, route = s.hands[p], s.routes[p]
    routes = [route]
    if route and not s.abandoned:
        routes.append(())
    for start in routes:
        for c in sorted(set(hand)):
            rest = remove(hand, c)
            for end in fitting_ends(start, c):
                after = start + (c,) if end == "right" else (c,) + start
                if any(fitting_ends(after, d) for d in rest):
                    return True
    return False


# ---- where the turn stands ---------------------------------------------------------------------
def drawable(s) -> int:
    """How many cards could still be drawn (display, pile and discards)."""
    return DISPLAY - s.display.count(EMPTY) + len(s.pile) + len(s.discard_pile)


def phase(s) -> str:
    """DRAW, PLAY, CLOSE (close, pass or an official), DISCARD or OVER. The postal carrier's
    second play is offered only while a card still fits."""
    if s.over:
        return OVER
    if s.cards_to_cut:
        return DISCARD
    if s.draws < s.draws_needed and drawable(s):
        return DRAW
    hand = s.hands[s.turn]
    if (
        s.plays < s.plays_needed
        and hand
        and (not s.plays or type(hand) is FaceDown or can_extend(s, s.turn))
    ):
        return PLAY
    return CLOSE


def may_end_plays(s, step: str) -> bool:
    """The turn's play is made, so the player may close or pass: the close step, or the
    Postal Carrier's second play, which is optional (docs/rules/thurn-und-taxis.md, Officials)."""
    return step == CLOSE or (step == PLAY and s.plays > 0)


def cartwright_helps(s, p: int) -> bool:
    """The Cartwright's +2 changes which carriage this route earns (docs/rules/thurn-und-taxis.md, Carriages)."""
    length, nxt = len(s.routes[p]), next_carriage(s, p)
    return (
        length >= data.MIN_ROUTE_TO_CLOSE
        and nxt is not None
        and length < nxt <= length + data.CARTWRIGHT_BONUS
    )


def official_problem(s, code: int, step: str) -> str | None:
    """Why official `code` cannot be called now (None: he can). One per turn, in the step he
    belongs to and only while he can still have an effect (docs/rules/thurn-und-taxis.md, Officials): the
    administrator before the first draw, the postmaster before the draws end, the postal
    carrier in the play step before the plays end, the cartwright when closing."""
    if s.official:
        return (
            f"you have already used the {data.OFFICIALS[s.official - 1]} this turn "
            "(one official per turn)"
        )
    if step == DISCARD:
        return "discard down to 3 cards first"
    p = s.turn
    if code == ADMINISTRATOR:
        if step != DRAW or s.draws:
            return "the administrator replaces the display only before your first draw"
        if not (len(s.pile) or s.discard_pile):
            return "there are no cards left to replace the display with"
    elif code == POSTMASTER:
        if s.plays or s.abandoned or step == CLOSE:
            return "the postmaster helps only before you play a card"
        if drawable(s) < 2 - s.draws:
            return "there is no second card to draw"
    elif code == CARRIER:
        if step == DRAW:
            return "the postal carrier helps in the play step: draw first"
        if step == PLAY and not two_plays_possible(s, p):
            return "no two cards of your hand can be played one after the other"
        if step == CLOSE:
            if s.plays != 1:
                return "you have no card to play"
            if not can_extend(s, p):
                return (
                    "no card in your hand fits your route: the postal carrier would "
                    "have nothing to do"
                )
    else:  # CARTWRIGHT
        if step != CLOSE:
            return "the cartwright helps when you close your route, after your plays"
        if len(s.routes[p]) < data.MIN_ROUTE_TO_CLOSE:
            return "the cartwright helps only when you close a route of at least 3 cards"
        if next_carriage(s, p) is None:
            return "you hold the 7-carriage already: the cartwright has nothing to add"
    return None


# ---- the draw step -------------------------------------------------------------------------------
def take_from_pile(s) -> int:
    """The top card of the pile (reshuffling the discards into a new pile when it is empty,
    docs/rules/thurn-und-taxis.md, Empty pile), or EMPTY when there is no card left. Keyed play: the pile is a pool (sorted)
    and the card is drawn from it with the turn's generator; the discards become the pool."""
    if type(s.pile) is FaceDown:
        raise IllegalMove("the draw pile is hidden in a view")
    if not s.pile:
        if not s.discard_pile:
            return EMPTY
        s.pile, s.discard_pile = s.discard_pile, []
        if s.keyed:
            s.pile.sort()
        else:
            s.rng.shuffle(s.pile)
        s.pile_fixed = False
        s.pile_batch = card_counts(s.pile)
    if s.keyed and not s.pile_fixed:
        return s.pile.pop(s.rng.below(len(s.pile)))
    return s.pile.pop()


def card_counts(cards) -> list[int]:
    """How many cards of each city."""
    counts = [0] * data.N_CITIES
    for c in cards:
        counts[c] += 1
    return counts


def refill(s, slot: int) -> None:
    card = take_from_pile(s)
    s.display[slot] = card
    if card != EMPTY:
        s.pile_batch[card] -= 1  # seen by everyone: no longer a possible pile card


def refill_display(s) -> None:
    """Deal into every empty display slot while a card can be drawn for it: cards that reach
    the discards refill slots left empty when pile and discards had run out (docs/rules/thurn-und-taxis.md, Empty pile)."""
    if EMPTY in s.display:
        for slot in range(DISPLAY):
            if s.display[slot] == EMPTY:
                refill(s, slot)


def draw(s, source: Any, step: str) -> None:
    if step != DRAW:
        if step == DISCARD:
            raise IllegalMove("discard down to 3 cards first")
        if s.draws:
            raise IllegalMove("you have drawn all the cards you may draw this turn")
        raise IllegalMove("there is no card left to draw")
    p = s.turn
    hand = own_hand(s, p)
    if source == "deck":
        card = take_from_pile(s)
        if card == EMPTY:
            raise IllegalMove("the draw pile and the discards are empty: take a display card")
    elif type(source) is int and 0 <= source < DISPLAY:
        card = s.display[source]
        if card == EMPTY:
            raise IllegalMove(f"display slot {source} is empty")
        s.known[p] = insert(s.known[p], card)  # everyone saw this card go to the hand
        refill(s, source)
    else:
        raise IllegalMove('draw from "deck" or from a display slot 0-5')
    s.hands[p] = insert(hand, card)
    s.draws += 1


def call_official(s, name: str, step: str) -> None:
    code = OFFICIAL_CODE.get(name)
    if code is None:
        raise IllegalMove("the officials are " + ", ".join(data.OFFICIALS))
    if code == CARRIER:
        own_hand(s, s.turn)
    problem = official_problem(s, code, step)
    if problem:
        raise IllegalMove(problem)
    if code == ADMINISTRATOR:
        if type(s.pile) is FaceDown:
            raise IllegalMove("the draw pile is hidden in a view")
        s.discard_pile.extend(c for c in s.display if c != EMPTY)
        s.display = [EMPTY] * DISPLAY
        refill_display(s)
    elif code == POSTMASTER:
        s.draws_needed = 2
    elif code == CARRIER:
        s.plays_needed = 2
    s.official = code


# ---- the play step -------------------------------------------------------------------------------
def play(s, c: int, end: str, step: str) -> None:
    name = CITIES[c]
    if step != PLAY:
        if step == DRAW:
            raise IllegalMove("draw a card first")
        if step == DISCARD:
            raise IllegalMove("discard down to 3 cards first")
        if not len(s.hands[s.turn]):
            raise IllegalMove("you have no card to play")
        raise IllegalMove("you have played all the cards you may play this turn")
    p = s.turn
    hand = own_hand(s, p)
    if c not in hand:
        raise IllegalMove(f"you hold no {name} card")
    route = s.routes[p]
    ends = fitting_ends(route, c)
    if not ends:
        if c in route:
            raise IllegalMove(f"{name} is already on your route")
        raise IllegalMove(
            f"no road joins {name} to an end of your route; give up the route if nothing fits"
        )
    end = end if len(route) > 1 else "right"  # left and right are one on a short route
    if end not in ends:
        raise IllegalMove(f"no road joins {name} to the {end} end of your route")
    s.routes[p] = route + (c,) if end == "right" else (c,) + route
    s.hands[p] = remove(hand, c)
    if c in s.known[p]:
        s.known[p] = remove(s.known[p], c)
    s.plays += 1


def abandon(s, step: str) -> None:
    if step != PLAY or s.plays or s.abandoned:
        raise IllegalMove("a route can be given up only before the turn's first play")
    p = s.turn
    if not s.routes[p]:
        raise IllegalMove("you have no route to give up")
    s.discard_pile.extend(s.routes[p])
    s.routes[p] = ()
    s.abandoned = True
    refill_display(s)


# ---- the close step ------------------------------------------------------------------------------
def _not_closing_reason(step: str) -> str:
    if step == DRAW:
        return "draw a card first"
    if step == PLAY:
        return "play a card first"
    return "discard down to 3 cards first"


def pass_turn(s, step: str) -> None:
    if not may_end_plays(s, step):
        raise IllegalMove(_not_closing_reason(step))
    if s.official == CARTWRIGHT:  # called when closing (docs/rules/thurn-und-taxis.md, Officials)
        raise IllegalMove("you called the cartwright: close your route")
    end_turn(s)


def close(s, houses: list[int], step: str) -> None:
    if not may_end_plays(s, step):
        raise IllegalMove(_not_closing_reason(step))
    p = s.turn
    hand = own_hand(s, p)
    if len(s.routes[p]) < data.MIN_ROUTE_TO_CLOSE:
        raise IllegalMove("only a route of at least 3 cards can be closed")
    check_houses(s, p, houses)
    score_route(s, p, houses, s.official == CARTWRIGHT)
    s.discard_pile.extend(s.routes[p])
    s.routes[p] = ()
    refill_display(s)
    if len(hand) > data.HAND_LIMIT_AFTER_CLOSING:
        s.cards_to_cut = len(hand) - data.HAND_LIMIT_AFTER_CLOSING
    else:
        end_turn(s)


# ---- cutting the hand to 3, and the turn sequence ------------------------------------------------
def cut_hand(s, cards: list[int], step: str) -> None:
    if step != DISCARD:
        raise IllegalMove("you discard only when your hand is over 3 cards after closing")
    p = s.turn
    hand = own_hand(s, p)
    if len(cards) != s.cards_to_cut:
        raise IllegalMove(f"discard exactly {s.cards_to_cut} card(s) to keep 3")
    known = s.known[p]
    for c in cards:
        if c not in hand:
            raise IllegalMove(f"you hold no (more) {CITIES[c]} card")
        hand = remove(hand, c)
        if c in known:
            known = remove(known, c)
    s.hands[p], s.known[p] = hand, known
    s.discard_pile.extend(sorted(cards))
    s.cards_to_cut = 0
    refill_display(s)
    end_turn(s)


def end_turn(s) -> None:
    if s.final_round and s.turn == s.players - 1:
        s.over = True  # the round is finished: seat 0 started it
    else:
        s.turn = (s.turn + 1) % s.players
        s.turn_number += 1
        start_turn(s)
    if s.keyed:  # the generator goes with the turn; the next one waits for its deal
        s.rng, s.waiting = None, not s.over


def start_turn(s) -> None:
    s.official, s.draws, s.draws_needed = NO_OFFICIAL, 0, 1
    s.plays, s.plays_needed, s.abandoned, s.cards_to_cut = 0, 1, False, 0
    if not len(s.hands[s.turn]):
        s.official, s.draws_needed = POSTMASTER, 2  # forced; it is the turn's official
        stuck = (
            not drawable(s)
            and not any(len(hand) for hand in s.hands)
            and all(len(r) < data.MIN_ROUTE_TO_CLOSE for r in s.routes)
        )
        if stuck:  # nobody can ever draw, play or close again (tiny scenario decks)
            s.over = True


# ---- scores --------------------------------------------------------------------------------------
def score_breakdown(s) -> list[dict[str, int]]:
    out = []
    for p in range(s.players):
        parts = {"carriage": data.CARRIAGE_POINTS.get(carriage_value(s.carriages[p]), 0)}
        tiles = s.tiles[p]
        if type(tiles) is not FaceDown:  # others' tiles are face down in a view
            route = region = every = 0
            for k, value in tiles:
                if k < FIRST_REGION:
                    route += value
                elif k == ALL_PROVINCES_K:
                    every += value
                else:
                    region += value
            parts.update(route_bonus=route, region_bonus=region, all_provinces_bonus=every)
        parts["game_end"] = data.GAME_END_TILE_POINTS if s.end_tile == p else 0
        parts["unplaced_houses"] = -houses_left(s, p) if s.over else 0
        out.append(parts)
    return out
