"""Thurn und Taxis: the engine's contract (docs/architecture.md, Engine contract
and Move JSON; the rules in docs/rules/thurn-und-taxis.md).

The moves and their JSON, the options, and `GAME`, whose methods are the contract.
How the moves change a state is mechanics.py; what a seat may see and chance nobody has seen are
hidden.py; the state's JSON is serial.py; what boards and the AI ask is queries.py.
"""

from typing import Any, ClassVar, NamedTuple

from game.core import BadData, Game, IllegalMove, Option, Rng
from game.core.contract import JSON

from . import DECLARATION, closing, data, hidden, mechanics, serial
from .data import CITIES, CITY_INDEX, N_CITIES, OFFICIALS
from .mechanics import (
    CARTWRIGHT,
    DISCARD,
    DISPLAY,
    DRAW,
    EMPTY,
    ENDS,
    OVER,
    PLAY,
    TntState,
    fitting_ends,
    sorted_names,
)


# ---- moves (docs/architecture.md, Move JSON); the trailing `kind` keeps moves of different types unequal ------------
class Draw(NamedTuple):
    source: str | int  # "deck" or a display slot 0-5
    kind: str = "draw"

    def to_json(self) -> dict[str, JSON]:
        return {"draw": self.source}


class Official(NamedTuple):
    official: str  # one of data.OFFICIALS
    kind: str = "official"

    def to_json(self) -> dict[str, JSON]:
        return {"official": self.official}


class Play(NamedTuple):
    city: str
    end: str  # "left" or "right"
    kind: str = "play"

    def to_json(self) -> dict[str, JSON]:
        return {"play": self.city, "end": self.end}


class Abandon(NamedTuple):
    kind: str = "abandon"

    def to_json(self) -> dict[str, JSON]:
        return {"abandon": True}


class Close(NamedTuple):
    houses: tuple[str, ...]  # city names, sorted
    kind: str = "close"

    def to_json(self) -> dict[str, JSON]:
        return {"close": {"houses": list(self.houses)}}


class Pass(NamedTuple):
    kind: str = "pass"

    def to_json(self) -> dict[str, JSON]:
        return {"pass": True}


class Discard(NamedTuple):
    cities: tuple[str, ...]  # city names, sorted, repeats allowed
    kind: str = "discard"

    def to_json(self) -> dict[str, JSON]:
        return {"discard": list(self.cities)}


TntMove = Draw | Official | Play | Abandon | Close | Pass | Discard
MOVE_TYPES = (Draw, Official, Play, Abandon, Close, Pass, Discard)
MOVE_SHAPES = (
    '{"draw": "deck" | 0-5}, {"official": NAME}, {"play": CITY, "end": "left" | '
    '"right"}, {"abandon": true}, {"close": {"houses": [CITY...]}}, {"pass": true} '
    'or {"discard": [CITY...]}'
)


# ---- option checks -----------------------------------------------------------------------------
def _check_bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise BadData("option 'all_provinces_includes_baiern' must be true or false")
    return value


def _check_deck(value: Any) -> list[str] | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)):
        raise BadData("option 'deck' must be a list of city names")
    counts: dict[str, int] = {}
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


def _city_name(value: Any) -> str:
    if not isinstance(value, str):
        raise IllegalMove('cities are given by their names on the map, e.g. "München"')
    if value not in CITY_INDEX:
        raise IllegalMove(f"there is no city {value!r} on the map")
    return value


def _city_indices(names: tuple[str, ...]) -> list[int]:
    """Map indices of city names; IllegalMove naming the first unknown one."""
    return [CITY_INDEX[_city_name(name)] for name in names]


def multiset_combinations(cards: tuple, k: int) -> list[tuple[int, ...]]:
    """Every distinct k-card selection from a sorted tuple with repeats, in a fixed order."""
    counts: list[list[int]] = []
    for c in cards:
        if counts and counts[-1][0] == c:
            counts[-1][1] += 1
        else:
            counts.append([c, 1])
    out = []

    def pick(i: int, chosen: list[int], need: int) -> None:
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


class ThurnUndTaxis(Game[TntMove]):
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
    fixed_chance_options: ClassVar[tuple[str, ...]] = ("deck",)  # a scenario's order

    # ---- set-up -------------------------------------------------------------------------------
    def new(self, players: int = 3, seed: int = 0, options: dict | None = None) -> TntState:
        players, seed, full = self.check_setup(players, seed, options)
        rng = Rng(seed)
        if full["deck"] is None:
            deck = [c for c in range(N_CITIES) for _ in range(data.CARDS_PER_CITY)]
            rng.shuffle(deck)
        else:
            deck = [CITY_INDEX[c] for c in full["deck"]]
        fixed = full["deck"] is not None
        return mechanics.new_state(players, rng, deck, fixed, full["all_provinces_includes_baiern"])

    # ---- playing --------------------------------------------------------------------------------
    def current_player(self, state: TntState) -> int | None:
        return None if state.over else state.turn

    def legal_moves(self, state: TntState) -> list[TntMove]:
        """Every legal move of the player to move; [] in a view of another seat (its hand is
        hidden there, and it is not that viewer's decision). Moves added after links of
        version 1 (docs/links.md) come after the moves their position had then."""
        s = state
        step = mechanics.phase(s)
        if step == OVER or s.waiting or (s.is_view and s.viewer != s.turn):
            return []
        p = s.turn
        if step == DISCARD:
            hand = mechanics.own_hand(s, p)
            return [
                Discard(sorted_names(combo))
                for combo in multiset_combinations(hand, s.cards_to_cut)
            ]
        moves: list[TntMove] = []
        if step == DRAW:
            moves = [Draw(slot) for slot in range(DISPLAY) if s.display[slot] != EMPTY]
            if len(s.pile) or s.discard_pile:
                moves.append(Draw("deck"))
            return moves + self._officials(s, step)
        hand = mechanics.own_hand(s, p)
        route = s.routes[p]
        if step == PLAY:
            last = None
            for c in hand:
                if c != last:
                    moves += [Play(CITIES[c], end) for end in fitting_ends(route, c)]
                    last = c
            if route and not s.plays and not s.abandoned:
                moves.append(Abandon())
            moves += self._officials(s, step)
            if mechanics.may_end_plays(s, step):  # the Carrier's second card is optional
                moves += self._endings(s, p)
            return moves
        return self._endings(s, p) + self._officials(s, step)

    @staticmethod
    def _officials(s: TntState, step: str) -> list[TntMove]:
        return [
            Official(name)
            for code, name in enumerate(OFFICIALS, 1)
            if mechanics.official_problem(s, code, step) is None
        ]

    @staticmethod
    def _endings(s: TntState, p: int) -> list[TntMove]:
        """Closing (every house choice) and passing, once the turn's play is made."""
        moves: list[TntMove] = []
        if len(s.routes[p]) >= data.MIN_ROUTE_TO_CLOSE:
            moves = [Close(sorted_names(h)) for h in closing.house_options(s, p)]
        if s.official != CARTWRIGHT:
            moves.append(Pass())
        return moves

    def parse_move(self, obj: Any) -> TntMove:
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

    def clone(self, state: TntState) -> TntState:
        return mechanics.copy_state(state)

    def apply_in_place(self, state: TntState, move: TntMove) -> None:
        s = state
        if s.over:
            raise IllegalMove("the game is over: no more moves can be made")
        if s.waiting:
            raise IllegalMove("this turn waits for its deal: nothing can be drawn before it")
        if type(move) is Draw:
            mechanics.draw(s, move.source, mechanics.phase(s))
        elif type(move) is Official:
            mechanics.call_official(s, move.official, mechanics.phase(s))
        elif type(move) is Play:
            c = CITY_INDEX[_city_name(move.city)]
            if move.end not in ENDS:
                raise IllegalMove('a card is played to the "left" or the "right" end')
            mechanics.play(s, c, move.end, mechanics.phase(s))
        elif type(move) is Abandon:
            mechanics.abandon(s, mechanics.phase(s))
        elif type(move) is Close:
            mechanics.close(s, _city_indices(move.houses), mechanics.phase(s))
        elif type(move) is Pass:
            mechanics.pass_turn(s, mechanics.phase(s))
        elif type(move) is Discard:
            mechanics.cut_hand(s, _city_indices(move.cities), mechanics.phase(s))
        else:
            raise IllegalMove(f"not a Thurn und Taxis move; moves are {MOVE_SHAPES}")

    # ---- scores ---------------------------------------------------------------------------------
    def score_breakdown(self, state: TntState) -> list[dict[str, int]]:
        return mechanics.score_breakdown(state)

    def scores(self, state: TntState) -> list[int]:
        """Banked points (best carriage + bonus tiles + game-end tile); once the game is over,
        minus 1 per house not placed. In a view, others' face-down tiles are not counted."""
        return [sum(parts.values()) for parts in mechanics.score_breakdown(state)]

    def projected_scores(self, state: TntState) -> list[int]:
        """As if the game ended now: the unplaced-house penalty applied."""
        s = state
        return [
            sum(parts.values()) - (0 if s.over else closing.houses_left(s, p))
            for p, parts in enumerate(mechanics.score_breakdown(s))
        ]

    def winners(self, state: TntState) -> list[int]:
        """Tie-break (docs/rules/thurn-und-taxis.md, Final score): the game-end tile holder, else the tied player sitting
        closest after the holder in turn order."""
        s = state
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

    # ---- chance and hidden information ----------------------------------------------------------
    def redeal_unrevealed(self, state: TntState) -> None:
        hidden.redeal_unrevealed(state)

    def view(self, state: TntState, player: int | None) -> TntState:
        return hidden.view(state, player)

    def determinize(self, view: TntState, rng: Rng) -> TntState:
        return hidden.determinize(view, rng)

    def undoable(self, before: TntState, after: TntState) -> bool:
        return hidden.undoable(before, after)

    def keyed(self, state: TntState) -> TntState:
        return hidden.keyed(state)

    def to_deal(self, state: TntState) -> int | None:
        return state.turn if state.waiting else None

    def deal(self, state: TntState, key: int) -> TntState:
        return hidden.deal(state, key)

    # ---- serialisation --------------------------------------------------------------------------
    def to_json(self, state: TntState) -> dict[str, JSON]:
        return serial.state_to_json(state)

    def from_json(self, obj: JSON) -> TntState:
        return serial.state_from_json(obj)

    # ---- helpers for players ---------------------------------------------------------------------
    def playout_move(self, state: TntState, rng: Rng) -> TntMove:
        """A quick random player that prefers useful moves (cards that fit, closing long or
        stranded routes) so that games finish; every choice is a legal move."""
        s = state
        step = mechanics.phase(s)
        p = s.turn
        if step == DISCARD:
            cards = list(mechanics.own_hand(s, p))
            rng.shuffle(cards)
            return Discard(sorted_names(cards[: s.cards_to_cut]))
        route = s.routes[p]
        if step == DRAW:
            if not s.official and not s.draws and rng.below(4) == 0 and mechanics.drawable(s) >= 2:
                return Official("postmaster")
            slots = [k for k in range(DISPLAY) if s.display[k] != EMPTY]
            if route:
                fitting = [k for k in slots if fitting_ends(route, s.display[k])]
                if fitting and rng.below(4):
                    return Draw(fitting[rng.below(len(fitting))])
            if (len(s.pile) or s.discard_pile) and (not slots or rng.below(2)):
                return Draw("deck")
            return Draw(slots[rng.below(len(slots))])
        if step == PLAY:  # the Carrier's optional second card is played too when one fits
            # playouts run on full states, whose hands are never face down (no check: hot path)
            hand: tuple[int, ...] = s.hands[p]  # type: ignore[assignment]
            if not route:
                return Play(CITIES[hand[rng.below(len(hand))]], "right")
            plays = [(c, end) for c in hand for end in fitting_ends(route, c)]
            if plays:
                c, end = plays[rng.below(len(plays))]
                return Play(CITIES[c], end)
            return Abandon()
        # CLOSE step
        length = len(route)
        if (
            not s.official
            and s.plays == 1
            and route
            and rng.below(2)
            and mechanics.can_extend(s, p)
        ):
            return Official("carrier")
        if length < data.MIN_ROUTE_TO_CLOSE:
            return Pass()
        if not s.official and mechanics.cartwright_helps(s, p):
            return Official("cartwright")  # and close below
        nxt = closing.next_carriage(s, p)
        if (
            s.official == CARTWRIGHT
            or nxt is None
            or length >= nxt
            or length >= 7
            or not mechanics.can_extend(s, p)
            or rng.below(3) == 0
        ):
            return Close(sorted_names(self._quick_houses(s, p, rng)))
        return Pass()

    @staticmethod
    def _quick_houses(s: TntState, p: int, rng: Rng) -> list[int]:
        """A legal `houses` choice placing as many houses as the two options allow."""
        cities_of = closing.open_cities(s, p)
        left = closing.houses_left(s, p)
        if not cities_of or not left:
            return []
        provinces = list(cities_of)
        best = max(provinces, key=lambda k: (len(cities_of[k]), -k))
        if min(left, len(cities_of[best])) > min(left, len(provinces)):
            cities = list(cities_of[best])
            rng.shuffle(cities)
            return cities[:left]
        rng.shuffle(provinces)
        return [cities_of[k][rng.below(len(cities_of[k]))] for k in provinces[:left]]

    def describe_move(self, state: TntState, move: Any) -> tuple[str, dict[str, JSON]]:
        s = state
        move = self.parse_move(move)
        p = s.turn
        route = [CITIES[c] for c in s.routes[p]]
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
            end = move.end if len(route) > 1 else "right"
            return "tnt.log.play", {"player": p, "city": move.city, "end": end}
        if isinstance(move, Abandon):
            return "tnt.log.abandon", {
                "player": p,
                "cities": ", ".join(route),
                "length": len(route),
            }
        if isinstance(move, Close):
            return "tnt.log.close", {
                "player": p,
                "cities": ", ".join(route),
                "length": len(route),
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


GAME = ThurnUndTaxis()
