"""Closing a Thurn und Taxis route (docs/rules/thurn-und-taxis.md, Closing a route, Houses): where the houses
may go, and what the route earns: bonus tiles and the next carriage. Works on the state of
mechanics.py; the close move itself (and the hand cut after it) is there.
"""

from itertools import combinations, product

from game.core import IllegalMove

from . import data
from .data import (
    ALL_PROVINCES_K,
    CARRIAGES,
    CITIES,
    CITY_PROVINCE,
    FIRST_REGION,
    KINDS,
    REGION_MASKS,
    REQUIRED_ALL_NINE,
    REQUIRED_GERMAN,
    ROUTE_LENGTHS,
    STACK_VALUES,
    city_mask,
)

HOUSES = data.HOUSES_PER_PLAYER


def carriage_value(count: int) -> int:
    """The value of the best carriage of a player holding `count` carriages (0: none)."""
    return CARRIAGES[count - 1] if count else 0


def next_carriage(s, p: int) -> int | None:
    """The value of the carriage p would take next (None: p holds the 7)."""
    n = s.carriages[p]
    return CARRIAGES[n] if n < len(CARRIAGES) else None


def houses_left(s, p: int) -> int:
    return HOUSES - s.houses[p].bit_count()


def open_cities(s, p: int) -> dict[int, list[int]]:
    """{province: [route cities there without p's house]} for provinces with any, in province
    order."""
    own = s.houses[p]
    by_province: dict[int, list[int]] = {}
    for c in s.routes[p]:
        if not own >> c & 1:
            by_province.setdefault(CITY_PROVINCE[c], []).append(c)
    return {k: sorted(by_province[k]) for k in sorted(by_province)}


def house_options(s, p: int) -> list[tuple[int, ...]]:
    """Every distinct legal `houses` choice (sorted index tuples) for closing p's route
    (docs/rules/thurn-und-taxis.md, Closing a route "Closing")."""
    cities_of = open_cities(s, p)
    left = houses_left(s, p)
    if not cities_of or not left:
        return [()]
    options: dict[tuple[int, ...], None] = {}
    for cities in cities_of.values():  # every open route city of one province
        for pick in combinations(cities, min(left, len(cities))):
            options[pick] = None
    provinces = list(cities_of)  # one open route city in each province
    for chosen in combinations(provinces, min(left, len(provinces))):
        for pick in product(*(cities_of[k] for k in chosen)):
            options[tuple(sorted(pick))] = None
    return list(options)


def check_houses(s, p: int, houses: list[int]) -> None:
    route, own = s.routes[p], s.houses[p]
    for c in houses:
        if c not in route:
            raise IllegalMove(f"{CITIES[c]} is not on your route")
        if own >> c & 1:
            raise IllegalMove(f"you already have a house in {CITIES[c]}")
    if len(set(houses)) != len(houses):
        raise IllegalMove("you cannot place two houses in one city")
    cities_of = open_cities(s, p)
    left = houses_left(s, p)
    if not cities_of or not left:
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
        and len(houses) == min(left, len(cities_of[provinces[0]]))
    ):
        return  # every open route city of one province
    if len(set(provinces)) == len(houses) == min(left, len(cities_of)):
        return  # one route city in each province
    few = f" (you have only {left} houses left)" if left < len(cities_of) else ""
    raise IllegalMove(
        "place a house in every route city of one province, or in one route "
        "city of each province on the route where you can still build" + few
    )


def _take_tile(s, p: int, k: int, record: dict) -> None:
    value = STACK_VALUES[k][len(STACK_VALUES[k]) - s.stacks[k]]
    s.stacks[k] -= 1
    s.tiles[p] = s.tiles[p] + ((k, value),)
    record["bonuses"].append({"tile": KINDS[k], "value": value})


def _trigger_end(s, p: int, reason: str, record: dict) -> None:
    if not s.final_round:
        s.final_round = True
        s.end_tile = p
        record["game_end"] = reason


def score_route(s, p: int, houses: list[int], cartwright: bool) -> dict:
    """Steps a-c of closing (docs/rules/thurn-und-taxis.md, Closing a route): houses, bonus tiles, carriage (`cartwright`: he
    was called, the route counts 2 longer for it). Appends one record to the log saying what
    the route earned and why, and returns it."""
    route = s.routes[p]
    record = {
        "turn": s.turn_number,
        "player": p,
        "length": len(route),
        "houses": sorted(CITIES[c] for c in houses),
        "bonuses": [],
        "carriage": None,
        "cartwright": cartwright,
        "game_end": None,
    }
    if houses:
        s.houses[p] |= city_mask(houses)
        if not houses_left(s, p):
            _trigger_end(s, p, "last_house", record)
    own = s.houses[p]
    held = [k for k, _ in s.tiles[p]]
    # the longest length stack the route reaches; an empty one falls back to a shorter one
    for k in range(len(ROUTE_LENGTHS) - 1, -1, -1):
        if len(route) >= ROUTE_LENGTHS[k] and s.stacks[k]:
            _take_tile(s, p, k, record)
            break
    for g, mask in enumerate(REGION_MASKS):
        k = FIRST_REGION + g
        if k not in held and own & mask == mask and s.stacks[k]:
            _take_tile(s, p, k, record)
    required = REQUIRED_ALL_NINE if s.include_baiern else REQUIRED_GERMAN
    if ALL_PROVINCES_K not in held and s.stacks[ALL_PROVINCES_K] and all(own & m for m in required):
        _take_tile(s, p, ALL_PROVINCES_K, record)
    nxt = next_carriage(s, p)
    reach = len(route) + (data.CARTWRIGHT_BONUS if cartwright else 0)
    if nxt is not None and reach >= nxt:
        s.carriages[p] += 1
        record["carriage"] = nxt
        if nxt == CARRIAGES[-1]:
            _trigger_end(s, p, "carriage_7", record)
    s.log = s.log + (record,)
    return record
