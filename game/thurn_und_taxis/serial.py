"""A Thurn und Taxis state to and from JSON (docs/architecture.md, Engine contract: lossless; reading validates and raises
BadData only).

Cities are written by name, the pile top card first (like the `deck` option). In a view, what is
face down (another seat's hand or bonus tiles, the pile) is written as its count, a plain number,
and read back as a `FaceDown` count: a number is accepted only there.
"""

from itertools import pairwise
from typing import Any, NoReturn

from game.core import BadData, Rng, reading

from . import data
from .closing import carriage_value
from .data import (
    CARRIAGES,
    CITIES,
    CITY_INDEX,
    FULL_DECK,
    KIND_INDEX,
    KINDS,
    N_CITIES,
    STACK_VALUES,
)
from .mechanics import EMPTY, NO_OFFICIAL, OFFICIAL_CODE, FaceDown, TntState

LOG_KEYS = ("turn", "player", "length", "houses", "bonuses", "carriage", "cartwright", "game_end")


def _names(cities) -> list[str]:
    return [CITIES[c] for c in cities]


def state_to_json(s) -> dict[str, Any]:
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
        "pile": s.pile.count if type(s.pile) is FaceDown else _names(s.pile[::-1]),  # top first
        "pile_batch": {CITIES[c]: n for c, n in enumerate(s.pile_batch) if n},
        "pile_fixed": s.pile_fixed,
        "discard_pile": _names(s.discard_pile),
        "hands": [h.count if type(h) is FaceDown else _names(h) for h in s.hands],
        "known": [_names(k) for k in s.known],
        "routes": [_names(r) for r in s.routes],
        "houses": [[CITIES[c] for c in range(N_CITIES) if m >> c & 1] for m in s.houses],
        "carriage": [carriage_value(n) for n in s.carriages],
        "tiles": [
            t.count if type(t) is FaceDown else [[KINDS[k], v] for k, v in t] for t in s.tiles
        ],
        "stacks": {KINDS[k]: n for k, n in enumerate(s.stacks)},
        "step": {
            "official": data.OFFICIALS[s.official - 1] if s.official else None,
            "draws": s.draws,
            "draws_needed": s.draws_needed,
            "plays": s.plays,
            "plays_needed": s.plays_needed,
            "abandoned": s.abandoned,
            "cards_to_cut": s.cards_to_cut,
        },
        "log": [
            {**r, "houses": list(r["houses"]), "bonuses": [dict(b) for b in r["bonuses"]]}
            for r in s.log
        ],  # copies: the state's records are shared, never changed
        "view": {"seat": s.viewer} if s.is_view else None,
        "keyed": s.keyed,
        "waiting": s.waiting,
        "rng": s.rng.to_json() if s.rng is not None else None,
    }


def state_from_json(obj: Any) -> TntState:
    with reading("Thurn und Taxis state"):
        return _read_state(obj)


def _fail(text: str) -> NoReturn:
    raise BadData(f"not a valid Thurn und Taxis state: {text}")


def _int(value: Any, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        _fail(f"{what} must be a whole number from {low} to {high}")
    return value


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        _fail(f"{what} must be true or false")
    return value


def _cities(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        _fail(f"{what} must be a list of city names")
    out = []
    for name in value:
        if not isinstance(name, str) or name not in CITY_INDEX:
            _fail(f"{what} names an unknown city {name!r}")
        out.append(CITY_INDEX[name])
    return out


def _counts(value: Any, what: str) -> list[int]:
    if not isinstance(value, dict):
        _fail(f"{what} must be an object city -> count")
    counts = [0] * N_CITIES
    for name, n in value.items():
        if name not in CITY_INDEX:
            _fail(f"{what} names an unknown city {name!r}")
        counts[CITY_INDEX[name]] = _int(n, 0, data.CARDS_PER_CITY, f"{what}[{name}]")
    return counts


def _face_down(s: TntState, p: int, value: Any) -> bool:
    """A count stands for seat p's hand or tiles: only in a view, for another seat."""
    return s.is_view and p != s.viewer and type(value) is int


def _read_state(obj: Any) -> TntState:
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
    if not isinstance(display, list) or len(display) != data.DISPLAY_SIZE:
        _fail("display must list 6 slots")
    s.display = [EMPTY if c is None else _cities([c], "display")[0] for c in display]
    pile = obj["pile"]
    if s.is_view and type(pile) is int:
        s.pile = FaceDown(_int(pile, 0, 66, "pile size"))
    else:
        s.pile = _cities(pile, "pile")[::-1]  # the JSON lists the top card first
    s.pile_batch = _counts(obj["pile_batch"], "pile_batch")
    s.pile_fixed = _bool(obj["pile_fixed"], "pile_fixed")
    s.discard_pile = _cities(obj["discard_pile"], "discard_pile")
    hands, known, routes = obj["hands"], obj["known"], obj["routes"]
    if not all(isinstance(x, list) and len(x) == n for x in (hands, known, routes)):
        _fail("hands, known and routes need one entry per player")
    s.hands, s.known, s.routes = [], [], []
    for p in range(n):
        if _face_down(s, p, hands[p]):
            s.hands.append(FaceDown(_int(hands[p], 0, 66, "hand size")))
        else:
            s.hands.append(tuple(sorted(_cities(hands[p], "hand"))))
        k = tuple(sorted(_cities(known[p], "known cards")))
        hand = s.hands[p]
        if type(hand) is FaceDown:
            if len(k) > len(hand):
                _fail("more known cards than cards in a hand")
        else:
            rest = list(hand)
            for c in k:
                if c not in rest:
                    _fail("a known card is not in its hand")
                rest.remove(c)
        s.known.append(k)
        route = tuple(_cities(routes[p], "route"))
        if len(set(route)) != len(route) or any(
            not data.NEIGHBOURS[a] >> b & 1 for a, b in pairwise(route)
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
        s.houses.append(data.city_mask(cities))
    carriage = obj["carriage"]
    if not isinstance(carriage, list) or len(carriage) != n:
        _fail("carriage needs one entry per player")
    s.carriages = []
    for value in carriage:
        if type(value) is not int or value not in (0, *CARRIAGES):
            _fail("a carriage value is 0 (none) or 3 to 7")
        s.carriages.append(CARRIAGES.index(value) + 1 if value else 0)
    stacks = obj["stacks"]
    if not isinstance(stacks, dict) or sorted(stacks) != sorted(KINDS):
        _fail("stacks must give the tiles left on each bonus stack")
    s.stacks = [_int(stacks[k], 0, len(STACK_VALUES[i]), f"stack {k}") for i, k in enumerate(KINDS)]
    s.tiles = [_read_tiles(s, p, t) for p, t in enumerate(_per_seat(obj["tiles"], n, "tiles"))]
    _read_step(s, obj["step"])
    log = obj["log"]
    if not isinstance(log, list):
        _fail("log must be a list")
    s.log = tuple(_read_record(r, n) for r in log)
    s.keyed = _bool(obj["keyed"], "keyed")
    s.waiting = _bool(obj["waiting"], "waiting")
    if s.waiting and (not s.keyed or s.over):
        _fail("only a keyed game still in play waits for a deal")
    if s.keyed and not s.pile_fixed and type(s.pile) is list and s.pile != sorted(s.pile):
        _fail("a keyed game's pile is a pool, listed in order")
    if s.is_view or s.waiting or (s.keyed and s.over):
        if obj["rng"] is not None:
            _fail("a view, or a keyed game between turns, holds no RNG")
        s.rng = None
    else:
        s.rng = Rng.from_json(obj["rng"])
    if not s.is_view:
        pile, hands = s.pile, [h for h in s.hands if type(h) is not FaceDown]
        if type(pile) is FaceDown or len(hands) < n:
            _fail("a full state shows every hand and the pile")
        total = [0] * N_CITIES
        for c in (
            [c for c in s.display if c != EMPTY]
            + pile
            + s.discard_pile
            + [c for p in range(n) for c in hands[p] + s.routes[p]]
        ):
            total[c] += 1
        if tuple(total) != s.cards:
            _fail("the cards in play do not add up to the game's cards")
    return s


def _per_seat(value: Any, n: int, what: str) -> list:
    if not isinstance(value, list) or len(value) != n:
        _fail(f"{what} need one entry per player")
    return value


def _read_tiles(s: TntState, p: int, value: Any) -> Any:
    if _face_down(s, p, value):
        return FaceDown(_int(value, 0, 30, "tile count"))
    if not isinstance(value, list):
        _fail("tiles must be a list of [kind, value]")
    own = []
    for tile in value:
        if not isinstance(tile, list) or len(tile) != 2 or tile[0] not in KIND_INDEX:
            _fail("a tile is [kind, value]")
        k = KIND_INDEX[tile[0]]
        if type(tile[1]) is not int or tile[1] not in STACK_VALUES[k]:
            _fail(f"no {tile[0]} tile is worth {tile[1]!r}")
        own.append((k, tile[1]))
    return tuple(own)


def _read_step(s: TntState, step: Any) -> None:
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
    s.cards_to_cut = _int(step["cards_to_cut"], 0, 66, "cards_to_cut")


def _read_record(r: Any, players: int) -> dict:
    """One closing record of the log (see mechanics.score_route)."""
    if not isinstance(r, dict) or sorted(r) != sorted(LOG_KEYS):
        _fail("a log entry records one closed route: " + ", ".join(LOG_KEYS))
    out = {
        "turn": _int(r["turn"], 1, 10**9, "log turn"),
        "player": _int(r["player"], 0, players - 1, "log player"),
        "length": _int(r["length"], data.MIN_ROUTE_TO_CLOSE, N_CITIES, "log length"),
        "houses": _names(_cities(r["houses"], "log houses")),
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
    if r["carriage"] is not None and r["carriage"] not in CARRIAGES:
        _fail("a log carriage is 3 to 7 or null")
    if r["game_end"] not in (None, "last_house", "carriage_7"):
        _fail('a log game_end is null, "last_house" or "carriage_7"')
    return out
