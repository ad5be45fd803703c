"""Thurn und Taxis rules engine (DESIGN.md §2, §3, §5 "Thurn und Taxis"; rules note
../shared/rules/thurn-und-taxis.md).

A turn is a sequence of moves by one player: draw(s) -> play(s) -> close or pass -> discard (only
when the hand must be cut to 3 after closing). At most one official per turn.

Representation (kept flat and small so that a clone is a handful of list copies):
  cities are indices into data.CITIES; hands, known cards and routes are tuples (immutable, so a
  clone shares them); houses are one bit mask per player; the draw pile is a list with its top
  card last (the JSON lists it top first, like the `deck` option); bonus stacks are counts of
  tiles left. Each closed route adds one record to `log` (see _score_route); records are never
  changed once made, so states share them.

Hidden information (removed by `view`): the cards in other players' hands except those everyone
saw them take from the display ("known"), the order of the draw pile, the values of other
players' bonus tiles, and the RNG. Public and kept: display, routes, houses, discards (face up),
carriages, stacks, the score log (with other players' tile values blanked), and the pile's
"batch": the cards the current pile was shuffled from (the discards at the last reshuffle, or the
cards left after dealing the display), minus those since revealed into the display.
"""

from itertools import combinations, pairwise, product
from typing import ClassVar, NamedTuple

from game.core import BadData, Game, IllegalMove, Option, Rng, reading

from . import DECLARATION, data

# ---- precomputed tables ----------------------------------------------------------------------
CITIES = data.CITIES
N_CITIES = len(CITIES)
CITY_INDEX = {name: i for i, name in enumerate(CITIES)}
PROVINCE_NAMES = tuple(data.PROVINCES)
CITY_PROVINCE = tuple(
    PROVINCE_NAMES.index(next(p for p, cs in data.PROVINCES.items() if c in cs)) for c in CITIES
)
PROVINCE_MASK = tuple(sum(1 << CITY_INDEX[c] for c in cs) for cs in data.PROVINCES.values())
NEIGHBOURS = [0] * N_CITIES  # bit mask of the cities joined to each city by a road
for _a, _b in data.ROADS:
    NEIGHBOURS[CITY_INDEX[_a]] |= 1 << CITY_INDEX[_b]
    NEIGHBOURS[CITY_INDEX[_b]] |= 1 << CITY_INDEX[_a]
NEIGHBOURS = tuple(NEIGHBOURS)

# Bonus stacks, in this order: route 5, 6, 7, the five region groups, all provinces.
ROUTE_LENGTHS = tuple(sorted(data.ROUTE_STACKS))  # 5, 6, 7 (7: seven cards or more)
ROUTE_KINDS = tuple(f"route_{n}" for n in ROUTE_LENGTHS)
REGION_KINDS = tuple(data.REGION_GROUPS)
ALL_PROVINCES = "all_provinces"
KINDS = ROUTE_KINDS + REGION_KINDS + (ALL_PROVINCES,)
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
STACK_VALUES = (
    tuple(tuple(data.ROUTE_STACKS[n]) for n in ROUTE_LENGTHS)
    + tuple(tuple(tiles) for _, tiles in data.REGION_GROUPS.values())
    + (data.ALL_PROVINCES_STACK,)
)
REGION_MASKS = tuple(
    sum(1 << CITY_INDEX[c] for c in cities) for cities, _ in data.REGION_GROUPS.values()
)
FIRST_REGION = len(ROUTE_KINDS)  # KINDS index of the first region group
ALL_PROVINCES_K = KIND_INDEX[ALL_PROVINCES]
REQUIRED_GERMAN = tuple(PROVINCE_MASK[PROVINCE_NAMES.index(p)] for p in data.ALL_PROVINCES_GERMAN)
REQUIRED_ALL_NINE = PROVINCE_MASK

OFFICIALS = ("postmaster", "carrier", "administrator", "cartwright")
NO_OFFICIAL, POSTMASTER, CARRIER, ADMINISTRATOR, CARTWRIGHT = 0, 1, 2, 3, 4
OFFICIAL_CODE = {name: k + 1 for k, name in enumerate(OFFICIALS)}

HOUSES = data.HOUSES_PER_PLAYER
DISPLAY = data.DISPLAY_SIZE
EMPTY = -1  # an empty display slot
FULL_DECK = (data.CARDS_PER_CITY,) * N_CITIES
N_CARRIAGES = len(data.CARRIAGES)
ENDS = ("left", "right")

DRAW, PLAY, CLOSE, DISCARD, OVER = "draw", "play", "close", "discard", "over"


# ---- moves (DESIGN §3); the trailing `kind` keeps moves of different types unequal ------------
class Draw(NamedTuple):
    source: object  # "deck" or a display slot 0-5
    kind: str = "draw"

    def to_json(self):
        return {"draw": self.source}


class Official(NamedTuple):
    official: str
    kind: str = "official"

    def to_json(self):
        return {"official": self.official}


class Play(NamedTuple):
    city: str
    end: str
    kind: str = "play"

    def to_json(self):
        return {"play": self.city, "end": self.end}


class Abandon(NamedTuple):
    kind: str = "abandon"

    def to_json(self):
        return {"abandon": True}


class Close(NamedTuple):
    houses: tuple  # city names, sorted
    kind: str = "close"

    def to_json(self):
        return {"close": {"houses": list(self.houses)}}


class Pass(NamedTuple):
    kind: str = "pass"

    def to_json(self):
        return {"pass": True}


class Discard(NamedTuple):
    cities: tuple  # city names, sorted, repeats allowed
    kind: str = "discard"

    def to_json(self):
        return {"discard": list(self.cities)}


MOVE_TYPES = (Draw, Official, Play, Abandon, Close, Pass, Discard)
MOVE_SHAPES = (
    '{"draw": "deck" | 0-5}, {"official": NAME}, {"play": CITY, "end": "left" | '
    '"right"}, {"abandon": true}, {"close": {"houses": [CITY...]}}, {"pass": true} '
    'or {"discard": [CITY...]}'
)


def names(cities):
    return [CITIES[c] for c in cities]


def sorted_names(cities):
    return tuple(sorted(CITIES[c] for c in cities))


def _insert(cards, card):
    """A sorted tuple with one more card."""
    i = 0
    while i < len(cards) and cards[i] < card:
        i += 1
    return cards[:i] + (card,) + cards[i:]


def _remove(cards, card):
    """A tuple without one copy of card (which must be present)."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _mask(cities):
    m = 0
    for c in cities:
        m |= 1 << c
    return m


def carriage_value(count):
    """The value of the best carriage of a player holding `count` carriages (0: none)."""
    return data.CARRIAGES[count - 1] if count else 0


class TntState:
    __slots__ = (
        "abandoned",
        "batch",
        "cards",
        "carriages",
        "discard",
        "discards",
        "display",
        "draws",
        "draws_needed",
        "end_tile",
        "final_round",
        "hands",
        "houses",
        "include_baiern",
        "is_view",
        "known",
        "log",
        "official",
        "over",
        "pile",
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
    )

    def _key(self):
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other):
        return isinstance(other, TntState) and self._key() == other._key()

    __hash__ = None

    def __repr__(self):
        return f"<Thurn und Taxis state, turn {self.turn_number}, seat {self.turn} to move>"


# ---- option checks ---------------------------------------------------------------------------
def _check_bool(value):
    if not isinstance(value, bool):
        raise BadData("option 'all_provinces_includes_baiern' must be true or false")
    return value


def _check_deck(value):
    if value is None:
        return None
    if not isinstance(value, (list, tuple)):
        raise BadData("option 'deck' must be a list of city names")
    counts = {}
    for city in value:
        if city not in CITY_INDEX:
            raise BadData(
                f"option 'deck': unknown city {city!r} (use the German names of the "
                f"map, e.g. 'München')"
            )
        counts[city] = counts.get(city, 0) + 1
        if counts[city] > data.CARDS_PER_CITY:
            raise BadData(f"option 'deck': more than {data.CARDS_PER_CITY} cards of {city}")
    return list(value)


def _city_indices(names):
    """Map indices of city names; IllegalMove naming the first unknown one."""
    out = []
    for name in names:
        c = CITY_INDEX.get(name)
        if c is None:
            raise IllegalMove(f"there is no city {name!r} on the map")
        out.append(c)
    return out


class ThurnUndTaxis(Game):
    declaration = DECLARATION
    options: ClassVar[dict[str, Option]] = {
        "all_provinces_includes_baiern": Option(
            False,
            check=_check_bool,
            doc="the 'all provinces' bonus also needs a house in Baiern (English edition)",
        ),
        "deck": Option(
            None,
            check=_check_deck,
            doc="fixed card order: the first 6 form the display, the rest the pile, "
            "top first (may be shorter than 66)",
        ),
    }

    # ---- set-up -------------------------------------------------------------------------------
    def new(self, players=3, seed=0, options=None):
        players, seed, options = self.check_setup(players, seed, options)
        s = TntState()
        s.rng = Rng(seed)
        if options["deck"] is None:
            deck = [c for c in range(N_CITIES) for _ in range(data.CARDS_PER_CITY)]
            s.rng.shuffle(deck)
        else:
            deck = [CITY_INDEX[c] for c in options["deck"]]
        cards = [0] * N_CITIES
        for c in deck:
            cards[c] += 1
        s.players = players
        s.cards = FULL_DECK if tuple(cards) == FULL_DECK else tuple(cards)
        s.include_baiern = options["all_provinces_includes_baiern"]
        s.display = deck[:DISPLAY] + [EMPTY] * (DISPLAY - len(deck[:DISPLAY]))
        s.pile = deck[DISPLAY:][::-1]  # top card last
        s.batch = [0] * N_CITIES
        for c in s.pile:
            s.batch[c] += 1
        s.discards = []
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
        self._start_turn(s)
        return s

    # ---- small helpers ---------------------------------------------------------------------------
    @staticmethod
    def _pile_size(s):
        return s.pile if isinstance(s.pile, int) else len(s.pile)

    def _drawable(self, s):
        """How many cards could still be drawn this turn (display, pile and discards)."""
        return DISPLAY - s.display.count(EMPTY) + self._pile_size(s) + len(s.discards)

    @staticmethod
    def _hand_size(s, p):
        hand = s.hands[p]
        return hand if isinstance(hand, int) else len(hand)

    def _own_hand(self, s, p):
        hand = s.hands[p]
        if isinstance(hand, int):
            raise IllegalMove(
                "this hand is hidden: moves are applied to full states or the mover's own view"
            )
        return hand

    def _phase(self, s):
        if s.over:
            return OVER
        if s.discard:
            return DISCARD
        if s.draws < s.draws_needed and self._drawable(s):
            return DRAW
        # the postal carrier's second play happens only if a card still fits
        if (
            s.plays < s.plays_needed
            and self._hand_size(s, s.turn)
            and (not s.plays or isinstance(s.hands[s.turn], int) or self._can_extend(s, s.turn))
        ):
            return PLAY
        return CLOSE

    @staticmethod
    def _fits(route, c):
        """The ends ("left"/"right") where city c may join the route; an empty or one-card
        route is listed with "right" only (DESIGN §5)."""
        if not route:
            return ("right",)
        if c in route:
            return ()
        if len(route) == 1:
            return ("right",) if NEIGHBOURS[route[0]] >> c & 1 else ()
        ends = ()
        if NEIGHBOURS[route[0]] >> c & 1:
            ends = ("left",)
        if NEIGHBOURS[route[-1]] >> c & 1:
            ends += ("right",)
        return ends

    def _can_extend(self, s, p):
        """Some card in p's hand fits an end of p's route (any card starts an empty one)."""
        route = s.routes[p]
        if not route:
            return bool(s.hands[p])
        left, right = route[0], route[-1]
        reach = NEIGHBOURS[left] | NEIGHBOURS[right]
        rmask = _mask(route)
        return any(reach >> c & 1 and not rmask >> c & 1 for c in s.hands[p])

    def _two_plays_possible(self, s, p):
        """Some first play (after giving the route up, if still allowed) leaves a card in
        hand that fits the new route: the postal carrier would have an effect."""
        hand, route = s.hands[p], s.routes[p]
        routes = [route]
        if route and not s.abandoned:
            routes.append(())
        for start in routes:
            for c in sorted(set(hand)):
                rest = _remove(hand, c)
                for end in self._fits(start, c):
                    after = start + (c,) if end == "right" else (c,) + start
                    if any(self._fits(after, d) for d in rest):
                        return True
        return False

    def _next_carriage(self, s, p):
        n = s.carriages[p]
        return data.CARRIAGES[n] if n < N_CARRIAGES else None

    def _cartwright_helps(self, s, p):
        """The Cartwright's +2 changes which carriage this route earns (§5c)."""
        length, nxt = len(s.routes[p]), self._next_carriage(s, p)
        return (
            length >= data.MIN_ROUTE_TO_CLOSE
            and nxt is not None
            and length < nxt <= length + data.CARTWRIGHT_BONUS
        )

    def _official_problem(self, s, code, phase):
        """Why official `code` cannot be called now (None: it can). One per turn, in the step
        he belongs to (note §3, §6) and only while he can still have an effect (DESIGN §5):
        the administrator before the first draw, the postmaster before the draws end, the
        postal carrier in the play step before the plays end, the cartwright when closing."""
        if s.official:
            return (
                f"you have already used the {OFFICIALS[s.official - 1]} this turn "
                "(one official per turn)"
            )
        if phase == DISCARD:
            return "discard down to 3 cards first"
        p = s.turn
        if code == ADMINISTRATOR:
            if phase != DRAW or s.draws:
                return "the administrator replaces the display only before your first draw"
            if not (self._pile_size(s) or s.discards):
                return "there are no cards left to replace the display with"
        elif code == POSTMASTER:
            if s.plays or s.abandoned or phase == CLOSE:
                return "the postmaster helps only before you play a card"
            if self._drawable(s) < 2 - s.draws:
                return "there is no second card to draw"
        elif code == CARRIER:
            if phase == DRAW:
                return "the postal carrier helps in the play step: draw first"
            if phase == PLAY and not self._two_plays_possible(s, p):
                return "no two cards of your hand can be played one after the other"
            if phase == CLOSE:
                if s.plays != 1:
                    return "you have no card to play"
                if not self._can_extend(s, p):
                    return (
                        "no card in your hand fits your route: the postal carrier would "
                        "have nothing to do"
                    )
        else:  # CARTWRIGHT
            if phase != CLOSE:
                return "the cartwright helps when you close your route, after your plays"
            if len(s.routes[p]) < data.MIN_ROUTE_TO_CLOSE:
                return "the cartwright helps only when you close a route of at least 3 cards"
            if self._next_carriage(s, p) is None:
                return "you hold the 7-carriage already: the cartwright has nothing to add"
        return None

    def _officials(self, s, phase):
        return [
            Official(name)
            for code, name in enumerate(OFFICIALS, 1)
            if self._official_problem(s, code, phase) is None
        ]

    # ---- playing --------------------------------------------------------------------------------
    def current_player(self, s):
        return None if s.over else s.turn

    def phase(self, s):
        """Where the turn stands: "draw", "play", "close" (close, pass or an official),
        "discard" or "over"."""
        return self._phase(s)

    def legal_moves(self, s):
        """Every legal move of the player to move; [] in a view of another seat (its hand is
        hidden there, and it is not that viewer's decision)."""
        phase = self._phase(s)
        if phase == OVER or (s.is_view and s.viewer != s.turn):
            return []
        p = s.turn
        if phase == DISCARD:
            hand = self._own_hand(s, p)
            return [
                Discard(sorted_names(combo)) for combo in _multiset_combinations(hand, s.discard)
            ]
        moves = []
        if phase == DRAW:
            moves = [Draw(slot) for slot in range(DISPLAY) if s.display[slot] != EMPTY]
            if self._pile_size(s) or s.discards:
                moves.append(Draw("deck"))
            return moves + self._officials(s, phase)
        hand = self._own_hand(s, p)
        route = s.routes[p]
        if phase == PLAY:
            last = None
            for c in hand:
                if c != last:
                    moves += [Play(CITIES[c], end) for end in self._fits(route, c)]
                    last = c
            if route and not s.plays and not s.abandoned:
                moves.append(Abandon())
            return moves + self._officials(s, phase)
        # CLOSE step
        if len(route) >= data.MIN_ROUTE_TO_CLOSE:
            moves = [Close(sorted_names(h)) for h in self._house_options(s, p)]
        if s.official != CARTWRIGHT:
            moves.append(Pass())
        return moves + self._officials(s, phase)

    def parse_move(self, obj):
        if isinstance(obj, MOVE_TYPES):
            return obj
        if not isinstance(obj, dict):
            raise IllegalMove(f"a Thurn und Taxis move is a JSON object: {MOVE_SHAPES}")
        keys = sorted(obj)
        if keys == ["draw"]:
            source = obj["draw"]
            if source == "deck" or (type(source) is int and 0 <= source < DISPLAY):
                return Draw(source)
            raise IllegalMove('draw from "deck" or from a display slot 0-5')
        if keys == ["official"]:
            if obj["official"] in OFFICIALS:
                return Official(obj["official"])
            raise IllegalMove("the officials are " + ", ".join(OFFICIALS))
        if keys == ["end", "play"]:
            if obj["end"] not in ENDS:
                raise IllegalMove('a card is played to the "left" or the "right" end')
            return Play(_city_name(obj["play"]), obj["end"])
        if keys == ["abandon"]:
            if obj["abandon"] is not True:
                raise IllegalMove('to give up your route, send {"abandon": true}')
            return Abandon()
        if keys == ["pass"]:
            if obj["pass"] is not True:
                raise IllegalMove('to end your turn without closing, send {"pass": true}')
            return Pass()
        if keys == ["close"]:
            spec = obj["close"]
            if (
                not isinstance(spec, dict)
                or sorted(spec) != ["houses"]
                or not isinstance(spec["houses"], list)
            ):
                raise IllegalMove('closing is {"close": {"houses": [CITY...]}}')
            return Close(tuple(sorted(_city_name(c) for c in spec["houses"])))
        if keys == ["discard"]:
            if not isinstance(obj["discard"], list):
                raise IllegalMove('discarding is {"discard": [CITY...]}')
            return Discard(tuple(sorted(_city_name(c) for c in obj["discard"])))
        raise IllegalMove(f"not a Thurn und Taxis move; moves are {MOVE_SHAPES}")

    def clone(self, s):
        c = TntState.__new__(TntState)
        c.players, c.cards, c.include_baiern = s.players, s.cards, s.include_baiern
        c.turn, c.turn_number, c.over = s.turn, s.turn_number, s.over
        c.final_round, c.end_tile = s.final_round, s.end_tile
        c.display = s.display[:]
        c.pile = s.pile if isinstance(s.pile, int) else s.pile[:]
        c.batch = s.batch[:]
        c.discards = s.discards[:]
        c.hands = s.hands[:]
        c.known = s.known[:]
        c.routes = s.routes[:]
        c.houses = s.houses[:]
        c.carriages = s.carriages[:]
        c.tiles = s.tiles[:]
        c.stacks = s.stacks[:]
        c.official, c.draws, c.draws_needed = s.official, s.draws, s.draws_needed
        c.plays, c.plays_needed, c.abandoned = s.plays, s.plays_needed, s.abandoned
        c.discard, c.log = s.discard, s.log
        c.is_view, c.viewer = s.is_view, s.viewer
        c.rng = s.rng.copy() if s.rng is not None else None
        return c

    def apply_in_place(self, s, move):
        if s.over:
            raise IllegalMove("the game is over: no more moves can be made")
        handler = _HANDLERS.get(type(move))
        if handler is None:
            raise IllegalMove(f"not a Thurn und Taxis move; moves are {MOVE_SHAPES}")
        handler(self, s, move, self._phase(s))

    # -- draw step --
    def _take_from_pile(self, s):
        """The top card of the pile (reshuffling the discards into a new pile when it is
        empty, DESIGN §5), or EMPTY when there is no card left."""
        if isinstance(s.pile, int):
            raise IllegalMove("the draw pile is hidden in a view")
        if not s.pile:
            if not s.discards:
                return EMPTY
            s.pile, s.discards = s.discards, []
            s.rng.shuffle(s.pile)
            batch = [0] * N_CITIES
            for c in s.pile:
                batch[c] += 1
            s.batch = batch
        return s.pile.pop()

    def _refill(self, s, slot):
        card = self._take_from_pile(s)
        s.display[slot] = card
        if card != EMPTY:
            s.batch[card] -= 1  # seen by everyone: no longer a possible pile card

    def _do_draw(self, s, move, phase):
        if phase != DRAW:
            raise IllegalMove(self._no_draw_reason(s, phase))
        p = s.turn
        hand = self._own_hand(s, p)
        source = move.source
        if source == "deck":
            card = self._take_from_pile(s)
            if card == EMPTY:
                raise IllegalMove("the draw pile and the discards are empty: take a display card")
        elif type(source) is int and 0 <= source < DISPLAY:
            card = s.display[source]
            if card == EMPTY:
                raise IllegalMove(f"display slot {source} is empty")
            s.known[p] = _insert(s.known[p], card)  # everyone saw this card go to the hand
            self._refill(s, source)
        else:
            raise IllegalMove('draw from "deck" or from a display slot 0-5')
        s.hands[p] = _insert(hand, card)
        s.draws += 1

    def _no_draw_reason(self, s, phase):
        if phase == DISCARD:
            return "discard down to 3 cards first"
        if s.draws:
            return "you have drawn all the cards you may draw this turn"
        return "there is no card left to draw"

    # -- officials --
    def _do_official(self, s, move, phase):
        code = OFFICIAL_CODE.get(move.official)
        if code is None:
            raise IllegalMove("the officials are " + ", ".join(OFFICIALS))
        if code == CARRIER:
            self._own_hand(s, s.turn)
        problem = self._official_problem(s, code, phase)
        if problem:
            raise IllegalMove(problem)
        if code == ADMINISTRATOR:
            if isinstance(s.pile, int):
                raise IllegalMove("the draw pile is hidden in a view")
            s.discards.extend(c for c in s.display if c != EMPTY)
            s.display = [EMPTY] * DISPLAY
            for slot in range(DISPLAY):
                self._refill(s, slot)
        elif code == POSTMASTER:
            s.draws_needed = 2
        elif code == CARRIER:
            s.plays_needed = 2
        s.official = code

    # -- play step --
    def _do_play(self, s, move, phase):
        c = CITY_INDEX.get(move.city)
        if c is None:
            raise IllegalMove(f"there is no city {move.city!r} on the map")
        if move.end not in ENDS:
            raise IllegalMove('a card is played to the "left" or the "right" end')
        if phase != PLAY:
            raise IllegalMove(self._no_play_reason(s, phase))
        p = s.turn
        hand = self._own_hand(s, p)
        if c not in hand:
            raise IllegalMove(f"you hold no {move.city} card")
        route = s.routes[p]
        ends = self._fits(route, c)
        if not ends:
            if c in route:
                raise IllegalMove(f"{move.city} is already on your route")
            raise IllegalMove(
                f"no road joins {move.city} to an end of your route; give up the "
                "route if nothing fits"
            )
        end = move.end if len(route) > 1 else "right"  # left and right are one on a short route
        if end not in ends:
            raise IllegalMove(f"no road joins {move.city} to the {end} end of your route")
        s.routes[p] = route + (c,) if end == "right" else (c,) + route
        s.hands[p] = _remove(hand, c)
        if c in s.known[p]:
            s.known[p] = _remove(s.known[p], c)
        s.plays += 1

    def _no_play_reason(self, s, phase):
        if phase == DRAW:
            return "draw a card first"
        if phase == DISCARD:
            return "discard down to 3 cards first"
        if not self._hand_size(s, s.turn):
            return "you have no card to play"
        return "you have played all the cards you may play this turn"

    def _do_abandon(self, s, move, phase):
        if phase != PLAY or s.plays or s.abandoned:
            raise IllegalMove("a route can be given up only before the turn's first play")
        p = s.turn
        if not s.routes[p]:
            raise IllegalMove("you have no route to give up")
        s.discards.extend(s.routes[p])
        s.routes[p] = ()
        s.abandoned = True

    # -- close step --
    def _do_pass(self, s, move, phase):
        if phase != CLOSE:
            raise IllegalMove(self._not_closing_reason(s, phase))
        if s.official == CARTWRIGHT:  # he is called when closing (note §6)
            raise IllegalMove("you called the cartwright: close your route")
        self._end_turn(s)

    def _not_closing_reason(self, s, phase):
        if phase == DRAW:
            return "draw a card first"
        if phase == PLAY:
            return "play a card first"
        return "discard down to 3 cards first"

    def _do_close(self, s, move, phase):
        houses = _city_indices(move.houses)
        if phase != CLOSE:
            raise IllegalMove(self._not_closing_reason(s, phase))
        p = s.turn
        hand = self._own_hand(s, p)
        if len(s.routes[p]) < data.MIN_ROUTE_TO_CLOSE:
            raise IllegalMove("only a route of at least 3 cards can be closed")
        self._check_houses(s, p, houses)
        self._score_route(s, p, houses)
        s.discards.extend(s.routes[p])
        s.routes[p] = ()
        if len(hand) > data.HAND_LIMIT_AFTER_CLOSING:
            s.discard = len(hand) - data.HAND_LIMIT_AFTER_CLOSING
        else:
            self._end_turn(s)

    def _open_cities(self, s, p):
        """{province: [route cities there without p's house]} for provinces with any, in
        province order."""
        own = s.houses[p]
        by_province = {}
        for c in s.routes[p]:
            if not own >> c & 1:
                by_province.setdefault(CITY_PROVINCE[c], []).append(c)
        return {k: sorted(by_province[k]) for k in sorted(by_province)}

    def houses_left(self, s, p):
        return HOUSES - s.houses[p].bit_count()

    def _house_options(self, s, p):
        """Every distinct legal `houses` choice (sorted index tuples) for closing p's route
        (DESIGN §5 "Closing")."""
        open_cities = self._open_cities(s, p)
        left = self.houses_left(s, p)
        if not open_cities or not left:
            return [()]
        options = {}
        for cities in open_cities.values():  # every open route city of one province
            for pick in combinations(cities, min(left, len(cities))):
                options[pick] = None
        provinces = list(open_cities)  # one open route city in each province
        for chosen in combinations(provinces, min(left, len(provinces))):
            for pick in product(*(open_cities[k] for k in chosen)):
                options[tuple(sorted(pick))] = None
        return list(options)

    def _check_houses(self, s, p, houses):
        route, own = s.routes[p], s.houses[p]
        for c in houses:
            if c not in route:
                raise IllegalMove(f"{CITIES[c]} is not on your route")
            if own >> c & 1:
                raise IllegalMove(f"you already have a house in {CITIES[c]}")
        if len(set(houses)) != len(houses):
            raise IllegalMove("you cannot place two houses in one city")
        open_cities = self._open_cities(s, p)
        left = self.houses_left(s, p)
        if not open_cities or not left:
            if houses:
                raise IllegalMove(
                    "you have no house left to place"
                    if not left
                    else "you already have a house in every city of this route"
                )
            return
        provinces = [CITY_PROVINCE[c] for c in houses]
        if (
            provinces
            and len(set(provinces)) == 1
            and len(houses) == min(left, len(open_cities[provinces[0]]))
        ):
            return  # every open route city of one province
        if len(set(provinces)) == len(houses) == min(left, len(open_cities)):
            return  # one route city in each province
        few = f" (you have only {left} houses left)" if left < len(open_cities) else ""
        raise IllegalMove(
            "place a house in every route city of one province, or in one route "
            "city of each province on the route where you can still build" + few
        )

    def _take_tile(self, s, p, k, record):
        value = STACK_VALUES[k][len(STACK_VALUES[k]) - s.stacks[k]]
        s.stacks[k] -= 1
        s.tiles[p] = s.tiles[p] + ((k, value),)
        record["bonuses"].append({"tile": KINDS[k], "value": value})

    def _trigger_end(self, s, p, reason, record):
        if not s.final_round:
            s.final_round = True
            s.end_tile = p
            record["game_end"] = reason

    def _score_route(self, s, p, houses):
        """Steps a-c of closing (rules note §5): houses, bonus tiles, carriage. Appends one
        record to the log saying what the route earned and why."""
        route = s.routes[p]
        record = {
            "turn": s.turn_number,
            "player": p,
            "length": len(route),
            "houses": sorted(names(houses)),
            "bonuses": [],
            "carriage": None,
            "cartwright": s.official == CARTWRIGHT,
            "game_end": None,
        }
        if houses:
            s.houses[p] |= _mask(houses)
            if not self.houses_left(s, p):
                self._trigger_end(s, p, "last_house", record)
        own = s.houses[p]
        held = [k for k, _ in s.tiles[p]]
        # the longest length stack the route reaches; an empty one falls back to a shorter one
        for k in range(len(ROUTE_LENGTHS) - 1, -1, -1):
            if len(route) >= ROUTE_LENGTHS[k] and s.stacks[k]:
                self._take_tile(s, p, k, record)
                break
        for g, mask in enumerate(REGION_MASKS):
            k = FIRST_REGION + g
            if k not in held and own & mask == mask and s.stacks[k]:
                self._take_tile(s, p, k, record)
        required = REQUIRED_ALL_NINE if s.include_baiern else REQUIRED_GERMAN
        if (
            ALL_PROVINCES_K not in held
            and s.stacks[ALL_PROVINCES_K]
            and all(own & m for m in required)
        ):
            self._take_tile(s, p, ALL_PROVINCES_K, record)
        nxt = self._next_carriage(s, p)
        reach = len(route) + (data.CARTWRIGHT_BONUS if s.official == CARTWRIGHT else 0)
        if nxt is not None and reach >= nxt:
            s.carriages[p] += 1
            record["carriage"] = nxt
            if nxt == data.CARRIAGES[-1]:
                self._trigger_end(s, p, "carriage_7", record)
        s.log = s.log + (record,)

    # -- discard --
    def _do_discard(self, s, move, phase):
        cards = _city_indices(move.cities)
        if phase != DISCARD:
            raise IllegalMove("you discard only when your hand is over 3 cards after closing")
        p = s.turn
        hand = self._own_hand(s, p)
        if len(cards) != s.discard:
            raise IllegalMove(f"discard exactly {s.discard} card(s) to keep 3")
        known = s.known[p]
        for c in cards:
            if c not in hand:
                raise IllegalMove(f"you hold no (more) {CITIES[c]} card")
            hand = _remove(hand, c)
            if c in known:
                known = _remove(known, c)
        s.hands[p], s.known[p] = hand, known
        s.discards.extend(sorted(cards))
        s.discard = 0
        self._end_turn(s)

    # -- turn sequence --
    def _end_turn(self, s):
        if s.final_round and s.turn == s.players - 1:
            s.over = True  # the round is finished: seat 0 started it
            return
        s.turn = (s.turn + 1) % s.players
        s.turn_number += 1
        self._start_turn(s)

    def _start_turn(self, s):
        s.official, s.draws, s.draws_needed = NO_OFFICIAL, 0, 1
        s.plays, s.plays_needed, s.abandoned, s.discard = 0, 1, False, 0
        if not self._hand_size(s, s.turn):
            s.official, s.draws_needed = POSTMASTER, 2  # forced; it is the turn's official
            stuck = (
                not self._drawable(s)
                and not any(self._hand_size(s, p) for p in range(s.players))
                and all(len(r) < data.MIN_ROUTE_TO_CLOSE for r in s.routes)
            )
            if stuck:  # nobody can ever draw, play or close again (tiny scenario decks)
                s.over = True

    # ---- scores ---------------------------------------------------------------------------------
    def score_breakdown(self, s):
        out = []
        for p in range(s.players):
            parts = {"carriage": data.CARRIAGE_POINTS.get(carriage_value(s.carriages[p]), 0)}
            tiles = s.tiles[p]
            if not isinstance(tiles, int):  # others' tiles are face down in a view
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
            parts["unplaced_houses"] = -self.houses_left(s, p) if s.over else 0
            out.append(parts)
        return out

    def scores(self, s):
        """Banked points (best carriage + bonus tiles + game-end tile); once the game is over,
        minus 1 per house not placed. In a view, others' face-down tiles are not counted."""
        return [sum(parts.values()) for parts in self.score_breakdown(s)]

    def projected_scores(self, s):
        """As if the game ended now: the unplaced-house penalty applied."""
        return [
            sum(parts.values()) - (0 if s.over else self.houses_left(s, p))
            for p, parts in enumerate(self.score_breakdown(s))
        ]

    def winners(self, s):
        """Tie-break (rules note §8): the game-end tile holder, else the tied player sitting
        closest after the holder in turn order."""
        if not s.over:
            return []
        scores = self.scores(s)
        best = max(scores)
        tied = [p for p in range(s.players) if scores[p] == best]
        if len(tied) == 1 or s.end_tile is None:
            return tied
        for step in range(s.players):
            seat = (s.end_tile + step) % s.players
            if seat in tied:
                return [seat]
        return tied

    # ---- hidden information ----------------------------------------------------------------------
    def view(self, s, player):
        v = self.clone(s)
        v.is_view, v.viewer, v.rng = True, player, None
        v.pile = self._pile_size(s)
        v.hands = [h if p == player else self._hand_size(s, p) for p, h in enumerate(s.hands)]
        v.tiles = [
            t if p == player or isinstance(t, int) else len(t) for p, t in enumerate(s.tiles)
        ]
        v.log = tuple(
            r
            if r["player"] == player or not r["bonuses"]
            else {**r, "bonuses": [{"tile": b["tile"], "value": None} for b in r["bonuses"]]}
            for r in s.log
        )
        return v

    def determinize(self, v, rng):
        if not v.is_view:
            return self.clone(v)
        s = self.clone(v)
        hidden = [p for p in range(v.players) if isinstance(v.hands[p], int)]
        unseen = list(v.cards)
        seen = [c for c in v.display if c != EMPTY] + v.discards
        for p in range(v.players):
            seen += v.routes[p]
            seen += v.known[p] if p in hidden else v.hands[p]
        for c in seen:
            unseen[c] -= 1
        # the pile holds only cards of its batch; the rest of the unseen cards are in hands
        candidates = [c for c in range(N_CITIES) for _ in range(min(unseen[c], v.batch[c]))]
        rng.shuffle(candidates)
        s.pile = candidates[: v.pile]
        for c in s.pile:
            unseen[c] -= 1
        rest = [c for c in range(N_CITIES) for _ in range(unseen[c])]
        rng.shuffle(rest)
        for p in hidden:
            need = v.hands[p] - len(v.known[p])
            if need < 0 or need > len(rest):
                raise BadData("the view is inconsistent: hands and unseen cards disagree")
            s.hands[p] = tuple(sorted(v.known[p] + tuple(rest[:need])))
            rest = rest[need:]
        if rest or len(s.pile) != v.pile or min(unseen) < 0:
            raise BadData("the view is inconsistent: cards do not add up")
        # tiles are taken from public stacks top first, so the log fixes every value
        taken = [0] * len(KINDS)
        tiles = [[] for _ in range(v.players)]
        log = []
        for r in v.log:
            bonuses = []
            for b in r["bonuses"]:
                k = KIND_INDEX[b["tile"]]
                value = STACK_VALUES[k][taken[k]]
                taken[k] += 1
                tiles[r["player"]].append((k, value))
                bonuses.append({"tile": b["tile"], "value": value})
            log.append({**r, "bonuses": bonuses} if bonuses != r["bonuses"] else r)
        s.log = tuple(log)
        s.tiles = [tuple(tiles[p]) if isinstance(t, int) else t for p, t in enumerate(v.tiles)]
        s.is_view, s.viewer, s.rng = False, None, rng.fork()
        return s

    def undoable(self, before, after):
        """No draw, no new display, no RNG use and no bonus tile (its stack's next value shows)."""
        if before.display != after.display or self._pile_size(before) != self._pile_size(after):
            return False
        if before.rng != after.rng:
            return False
        return not any(r["bonuses"] for r in after.log[len(before.log) :])

    # ---- serialisation --------------------------------------------------------------------------
    def to_json(self, s):
        return {
            "players": s.players,
            "cards": None
            if s.cards == FULL_DECK
            else {CITIES[c]: n for c, n in enumerate(s.cards) if n},
            "all_provinces_includes_baiern": s.include_baiern,
            "turn": s.turn,
            "turn_number": s.turn_number,
            "over": s.over,
            "final_round": s.final_round,
            "end_tile": s.end_tile,
            "display": [CITIES[c] if c != EMPTY else None for c in s.display],
            "pile": s.pile if isinstance(s.pile, int) else names(s.pile[::-1]),  # top first
            "pile_batch": {CITIES[c]: n for c, n in enumerate(s.batch) if n},
            "discards": names(s.discards),
            "hands": [h if isinstance(h, int) else names(h) for h in s.hands],
            "known": [names(k) for k in s.known],
            "routes": [names(r) for r in s.routes],
            "houses": [_mask_names(m) for m in s.houses],
            "carriage": [carriage_value(n) for n in s.carriages],
            "tiles": [t if isinstance(t, int) else [[KINDS[k], v] for k, v in t] for t in s.tiles],
            "stacks": {KINDS[k]: n for k, n in enumerate(s.stacks)},
            "step": {
                "official": OFFICIALS[s.official - 1] if s.official else None,
                "draws": s.draws,
                "draws_needed": s.draws_needed,
                "plays": s.plays,
                "plays_needed": s.plays_needed,
                "abandoned": s.abandoned,
                "discard": s.discard,
            },
            "log": [
                {**r, "houses": list(r["houses"]), "bonuses": [dict(b) for b in r["bonuses"]]}
                for r in s.log
            ],  # copies: the state's records are shared, never changed
            "view": {"seat": s.viewer} if s.is_view else None,
            "rng": s.rng.to_json() if s.rng is not None else None,
        }

    def from_json(self, obj):
        with reading("Thurn und Taxis state"):
            return _read_state(obj)

    # ---- helpers for players ---------------------------------------------------------------------
    def playout_move(self, s, rng):
        """A quick random player that prefers useful moves (cards that fit, closing long or
        stranded routes) so that games finish; every choice is a legal move."""
        phase = self._phase(s)
        p = s.turn
        if phase == DISCARD:
            hand = list(s.hands[p])
            rng.shuffle(hand)
            return Discard(sorted_names(hand[: s.discard]))
        route = s.routes[p]
        if phase == DRAW:
            if not s.official and not s.draws and rng.below(4) == 0 and self._drawable(s) >= 2:
                return Official("postmaster")
            slots = [k for k in range(DISPLAY) if s.display[k] != EMPTY]
            if route:
                reach = NEIGHBOURS[route[0]] | NEIGHBOURS[route[-1]]
                rmask = _mask(route)
                fitting = [
                    k for k in slots if reach >> s.display[k] & 1 and not rmask >> s.display[k] & 1
                ]
                if fitting and rng.below(4):
                    return Draw(fitting[rng.below(len(fitting))])
            if (self._pile_size(s) or s.discards) and (not slots or rng.below(2)):
                return Draw("deck")
            return Draw(slots[rng.below(len(slots))])
        if phase == PLAY:
            hand = s.hands[p]
            if not route:
                return Play(CITIES[hand[rng.below(len(hand))]], "right")
            plays = [(c, end) for c in hand for end in self._fits(route, c)]
            if plays:
                c, end = plays[rng.below(len(plays))]
                return Play(CITIES[c], end)
            return Abandon()
        # CLOSE step
        length = len(route)
        if not s.official and s.plays == 1 and route and rng.below(2) and self._can_extend(s, p):
            return Official("carrier")
        if length < data.MIN_ROUTE_TO_CLOSE:
            return Pass()
        if not s.official and self._cartwright_helps(s, p):
            return Official("cartwright")  # and close below
        nxt = self._next_carriage(s, p)
        if (
            s.official == CARTWRIGHT
            or nxt is None
            or length >= nxt
            or length >= 7
            or not self._can_extend(s, p)
            or rng.below(3) == 0
        ):
            return Close(sorted_names(self._quick_houses(s, p, rng)))
        return Pass()

    def _quick_houses(self, s, p, rng):
        """A legal `houses` choice placing as many houses as the two options allow."""
        open_cities = self._open_cities(s, p)
        left = self.houses_left(s, p)
        if not open_cities or not left:
            return ()
        provinces = list(open_cities)
        best = max(provinces, key=lambda k: (len(open_cities[k]), -k))
        if min(left, len(open_cities[best])) > min(left, len(provinces)):
            cities = list(open_cities[best])
            rng.shuffle(cities)
            return cities[:left]
        rng.shuffle(provinces)
        return [open_cities[k][rng.below(len(open_cities[k]))] for k in provinces[:left]]

    def describe_move(self, s, move):
        move = self.parse_move(move)
        p = s.turn
        if isinstance(move, Draw):
            if move.source == "deck":  # the card drawn blind is not named in the public log
                return "tnt.log.draw_deck", {"player": p}
            card = s.display[move.source] if type(move.source) is int else EMPTY
            return "tnt.log.draw_display", {
                "player": p,
                "slot": move.source,
                "city": CITIES[card] if card != EMPTY else "",
            }
        if isinstance(move, Official):
            return "tnt.log.official", {"player": p, "official": move.official}
        if isinstance(move, Play):
            end = move.end if len(s.routes[p]) > 1 else "right"
            return "tnt.log.play", {"player": p, "city": move.city, "end": end}
        if isinstance(move, Abandon):
            return "tnt.log.abandon", {
                "player": p,
                "cities": ", ".join(names(s.routes[p])),
                "length": len(s.routes[p]),
            }
        if isinstance(move, Close):
            return "tnt.log.close", {
                "player": p,
                "cities": ", ".join(names(s.routes[p])),
                "length": len(s.routes[p]),
                "houses": ", ".join(move.houses),
                "count": len(move.houses),
            }
        if isinstance(move, Pass):
            return "tnt.log.pass", {"player": p}
        return "tnt.log.discard", {
            "player": p,
            "cities": ", ".join(move.cities),
            "count": len(move.cities),
        }

    # ---- queries for the board and the AI -------------------------------------------------------
    def _seat(self, s, seat):
        seat = s.turn if seat is None else seat
        if isinstance(s.hands[seat], int):
            raise BadData(f"the hand of seat {seat} is hidden in this view")
        return seat

    def extensions(self, s, seat=None):
        """{"left": [cities], "right": [cities]}: the distinct hand cards of `seat` (default:
        the mover) that fit each end of its route; on an empty or one-card route every fitting
        card is listed under "right"."""
        seat = self._seat(s, seat)
        out = {"left": [], "right": []}
        for c in sorted(set(s.hands[seat])):
            for end in self._fits(s.routes[seat], c):
                out[end].append(CITIES[c])
        return out

    def must_abandon(self, s, seat=None):
        """True when `seat` has a route and no card in its hand fits either end, so the route
        must be given up at its next play unless a fitting card is drawn first."""
        seat = self._seat(s, seat)
        return bool(s.routes[seat]) and not self._can_extend(s, seat)

    def closing_options(self, s, seat=None, cartwright=None):
        """What each legal closing of `seat`'s route would do: a list of
        {"houses", "bonuses": [{"tile", "value"}], "carriage" (value or None), "game_end"
        (None, "last_house" or "carriage_7": it would start the final round), "banked_gain"
        (points banked now), "projected_gain" (banked gain plus the penalty avoided by the
        houses placed)}, in the order of the close moves in legal_moves. `cartwright` None
        uses the current turn's official; True or False previews with or without him. Empty
        when the route is under 3 cards."""
        seat = self._seat(s, seat)
        if len(s.routes[seat]) < data.MIN_ROUTE_TO_CLOSE:
            return []
        before = self.score_breakdown(s)[seat]
        out = []
        for houses in self._house_options(s, seat):
            trial = self.clone(s)
            if cartwright is not None:
                trial.official = CARTWRIGHT if cartwright else NO_OFFICIAL
            trial.log = ()
            self._score_route(trial, seat, list(houses))
            after = self.score_breakdown(trial)[seat]
            gain = sum(after.values()) - sum(before.values())
            record = trial.log[0]
            out.append(
                {
                    "houses": record["houses"],
                    "bonuses": record["bonuses"],
                    "carriage": record["carriage"],
                    "game_end": record["game_end"],
                    "banked_gain": gain,
                    "projected_gain": gain + len(houses),
                }
            )
        return out

    def next_carriage(self, s, seat):
        """The value of the carriage `seat` would take next (None: it holds the 7)."""
        return self._next_carriage(s, seat)


def _mask_names(mask):
    return [CITIES[c] for c in range(N_CITIES) if mask >> c & 1]


def _city_name(value):
    if not isinstance(value, str):
        raise IllegalMove('cities are given by their names on the map, e.g. "München"')
    if value not in CITY_INDEX:
        raise IllegalMove(f"there is no city {value!r} on the map")
    return value


def _multiset_combinations(cards, k):
    """Every distinct k-card selection from a sorted tuple with repeats, in a fixed order."""
    counts = []
    for c in cards:
        if counts and counts[-1][0] == c:
            counts[-1][1] += 1
        else:
            counts.append([c, 1])
    out = []

    def pick(i, chosen, need):
        if need == 0:
            out.append(tuple(chosen))
            return
        if i == len(counts):
            return
        c, n = counts[i]
        for take in range(min(n, need), -1, -1):
            pick(i + 1, chosen + [c] * take, need - take)

    pick(0, [], k)
    return out


_HANDLERS = {
    Draw: ThurnUndTaxis._do_draw,
    Official: ThurnUndTaxis._do_official,
    Play: ThurnUndTaxis._do_play,
    Abandon: ThurnUndTaxis._do_abandon,
    Close: ThurnUndTaxis._do_close,
    Pass: ThurnUndTaxis._do_pass,
    Discard: ThurnUndTaxis._do_discard,
}


# ---- reading a state -------------------------------------------------------------------------
def _fail(text):
    raise BadData(f"not a valid Thurn und Taxis state: {text}")


def _int(value, low, high, what):
    if type(value) is not int or not low <= value <= high:
        _fail(f"{what} must be a whole number from {low} to {high}")
    return value


def _bool(value, what):
    if not isinstance(value, bool):
        _fail(f"{what} must be true or false")
    return value


def _cities(value, what):
    if not isinstance(value, list):
        _fail(f"{what} must be a list of city names")
    out = []
    for name in value:
        if not isinstance(name, str) or name not in CITY_INDEX:
            _fail(f"{what} names an unknown city {name!r}")
        out.append(CITY_INDEX[name])
    return out


def _counts(value, what):
    if not isinstance(value, dict):
        _fail(f"{what} must be an object city -> count")
    counts = [0] * N_CITIES
    for name, n in value.items():
        if name not in CITY_INDEX:
            _fail(f"{what} names an unknown city {name!r}")
        counts[CITY_INDEX[name]] = _int(n, 0, data.CARDS_PER_CITY, f"{what}[{name}]")
    return counts


def _read_state(obj):
    if not isinstance(obj, dict):
        _fail("expected a JSON object")
    s = TntState()
    s.players = n = _int(obj["players"], 2, 4, "players")
    view = obj["view"]
    if view is not None and (not isinstance(view, dict) or sorted(view) != ["seat"]):
        _fail('view must be null or {"seat": SEAT}')
    s.is_view = view is not None
    s.viewer = (
        None if view is None or view["seat"] is None else _int(view["seat"], 0, n - 1, "view seat")
    )
    s.cards = FULL_DECK if obj["cards"] is None else tuple(_counts(obj["cards"], "cards"))
    s.include_baiern = _bool(obj["all_provinces_includes_baiern"], "all_provinces_includes_baiern")
    s.turn = _int(obj["turn"], 0, n - 1, "turn")
    s.turn_number = _int(obj["turn_number"], 1, 10**9, "turn_number")
    s.over = _bool(obj["over"], "over")
    s.final_round = _bool(obj["final_round"], "final_round")
    s.end_tile = None if obj["end_tile"] is None else _int(obj["end_tile"], 0, n - 1, "end_tile")
    if (s.end_tile is None) == s.final_round:
        _fail("the game-end tile belongs to whoever started the final round")
    display = obj["display"]
    if not isinstance(display, list) or len(display) != DISPLAY:
        _fail("display must list 6 slots")
    s.display = [EMPTY if c is None else _cities([c], "display")[0] for c in display]
    pile = obj["pile"]
    if s.is_view and type(pile) is int:
        s.pile = _int(pile, 0, 66, "pile size")
    else:
        s.pile = _cities(pile, "pile")[::-1]  # the JSON lists the top card first
    s.batch = _counts(obj["pile_batch"], "pile_batch")
    s.discards = _cities(obj["discards"], "discards")
    hands, known, routes = obj["hands"], obj["known"], obj["routes"]
    if not all(isinstance(x, list) and len(x) == n for x in (hands, known, routes)):
        _fail("hands, known and routes need one entry per player")
    s.hands, s.known, s.routes = [], [], []
    for p in range(n):
        if s.is_view and p != s.viewer and type(hands[p]) is int:
            s.hands.append(_int(hands[p], 0, 66, "hand size"))
        else:
            s.hands.append(tuple(sorted(_cities(hands[p], "hand"))))
        k = tuple(sorted(_cities(known[p], "known cards")))
        if isinstance(s.hands[p], int):
            if len(k) > s.hands[p]:
                _fail("more known cards than cards in a hand")
        else:
            rest = list(s.hands[p])
            for c in k:
                if c not in rest:
                    _fail("a known card is not in its hand")
                rest.remove(c)
        s.known.append(k)
        route = tuple(_cities(routes[p], "route"))
        if len(set(route)) != len(route) or any(
            not NEIGHBOURS[a] >> b & 1 for a, b in pairwise(route)
        ):
            _fail("a route must join different cities by roads")
        s.routes.append(route)
    houses = obj["houses"]
    if not isinstance(houses, list) or len(houses) != n:
        _fail("houses need one entry per player")
    s.houses = []
    for p in range(n):
        cities = _cities(houses[p], "houses")
        if len(set(cities)) != len(cities):
            _fail("two houses of one player in one city")
        s.houses.append(_mask(cities))
    carriage = obj["carriage"]
    if not isinstance(carriage, list) or len(carriage) != n:
        _fail("carriage needs one entry per player")
    s.carriages = []
    for value in carriage:
        if type(value) is not int or value not in (0,) + data.CARRIAGES:
            _fail("a carriage value is 0 (none) or 3 to 7")
        s.carriages.append(data.CARRIAGES.index(value) + 1 if value else 0)
    stacks = obj["stacks"]
    if not isinstance(stacks, dict) or sorted(stacks) != sorted(KINDS):
        _fail("stacks must give the tiles left on each bonus stack")
    s.stacks = [_int(stacks[k], 0, len(STACK_VALUES[i]), f"stack {k}") for i, k in enumerate(KINDS)]
    tiles = obj["tiles"]
    if not isinstance(tiles, list) or len(tiles) != n:
        _fail("tiles need one entry per player")
    s.tiles = []
    for p in range(n):
        if s.is_view and p != s.viewer and type(tiles[p]) is int:
            s.tiles.append(_int(tiles[p], 0, 30, "tile count"))
            continue
        if not isinstance(tiles[p], list):
            _fail("tiles must be a list of [kind, value]")
        own = []
        for tile in tiles[p]:
            if not isinstance(tile, list) or len(tile) != 2 or tile[0] not in KIND_INDEX:
                _fail("a tile is [kind, value]")
            k = KIND_INDEX[tile[0]]
            if type(tile[1]) is not int or tile[1] not in STACK_VALUES[k]:
                _fail(f"no {tile[0]} tile is worth {tile[1]!r}")
            own.append((k, tile[1]))
        s.tiles.append(tuple(own))
    step = obj["step"]
    if not isinstance(step, dict):
        _fail("step must be an object")
    official = step["official"]
    if official is not None and official not in OFFICIAL_CODE:
        _fail("unknown official")
    s.official = OFFICIAL_CODE[official] if official else NO_OFFICIAL
    s.draws_needed = _int(step["draws_needed"], 1, 2, "draws_needed")
    s.draws = _int(step["draws"], 0, s.draws_needed, "draws")
    s.plays_needed = _int(step["plays_needed"], 1, 2, "plays_needed")
    s.plays = _int(step["plays"], 0, s.plays_needed, "plays")
    s.abandoned = _bool(step["abandoned"], "abandoned")
    s.discard = _int(step["discard"], 0, 66, "discard")
    log = obj["log"]
    if not isinstance(log, list):
        _fail("log must be a list")
    s.log = tuple(_read_record(r, n) for r in log)
    if s.is_view:
        if obj["rng"] is not None:
            _fail("a view holds no RNG")
        s.rng = None
    else:
        if isinstance(s.pile, int) or any(isinstance(h, int) for h in s.hands):
            _fail("a full state shows every hand and the pile")
        s.rng = Rng.from_json(obj["rng"])
        total = [0] * N_CITIES
        for c in (
            [c for c in s.display if c != EMPTY]
            + s.pile
            + s.discards
            + [c for p in range(n) for c in s.hands[p] + s.routes[p]]
        ):
            total[c] += 1
        if tuple(total) != s.cards:
            _fail("the cards in play do not add up to the game's cards")
    return s


def _read_record(r, players):
    """One closing record of the log (see _score_route)."""
    if not isinstance(r, dict) or sorted(r) != sorted(LOG_KEYS):
        _fail("a log entry records one closed route: " + ", ".join(LOG_KEYS))
    out = {
        "turn": _int(r["turn"], 1, 10**9, "log turn"),
        "player": _int(r["player"], 0, players - 1, "log player"),
        "length": _int(r["length"], data.MIN_ROUTE_TO_CLOSE, N_CITIES, "log length"),
        "houses": [CITIES[c] for c in _cities(r["houses"], "log houses")],
        "bonuses": [],
        "carriage": r["carriage"],
        "cartwright": _bool(r["cartwright"], "log cartwright"),
        "game_end": r["game_end"],
    }
    if not isinstance(r["bonuses"], list):
        _fail("log bonuses must be a list")
    for b in r["bonuses"]:
        if not isinstance(b, dict) or sorted(b) != ["tile", "value"] or b["tile"] not in KIND_INDEX:
            _fail("a log bonus is {tile, value}")
        if b["value"] is not None and (
            type(b["value"]) is not int or b["value"] not in STACK_VALUES[KIND_INDEX[b["tile"]]]
        ):
            _fail(f"no {b['tile']} tile is worth {b['value']!r}")
        out["bonuses"].append({"tile": b["tile"], "value": b["value"]})
    if r["carriage"] is not None and r["carriage"] not in data.CARRIAGES:
        _fail("a log carriage is 3 to 7 or null")
    if r["game_end"] not in (None, "last_house", "carriage_7"):
        _fail('a log game_end is null, "last_house" or "carriage_7"')
    return out


LOG_KEYS = ("turn", "player", "length", "houses", "bonuses", "carriage", "cartwright", "game_end")

GAME = ThurnUndTaxis()
