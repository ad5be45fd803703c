"""The Carcassonne state as JSON and back (docs/architecture.md, Engine contract: lossless; reading validates and raises
only BadData). The JSON names tiles, features and squares as moves do (docs/architecture.md, Move JSON); the
engine's derived tables (features, frontier, placements) are rebuilt by replaying the tiles.
"""

from collections.abc import Callable
from typing import Any

from game.core import BadData, Rng
from game.core.contract import JSON

from . import mechanics
from .data import MEEPLES_PER_PLAYER, START_TILE
from .mechanics import CATEGORIES, State, tiles_of
from .tables import (
    CITY,
    DISTINCT_ROTS,
    FEATURE_IDS,
    FEATURE_INDEX,
    FITS,
    KIND_NAMES,
    LIMIT,
    MONASTERY,
    ROAD,
    TYPE_IDS,
    TYPE_INDEX,
    pack,
    unpack,
)

REASONS = ("completed", "final", "courier")
# (players, seed, options) -> the same, checked and completed (Game.check_setup)
SetupCheck = Callable[[Any, Any, Any], tuple[int, int, dict[str, JSON]]]


def to_json(s: State) -> dict[str, JSON]:
    tile_pos = s.tile_pos
    return {
        "players": s.players,
        "options": dict(s.options),
        "tiles": [[*unpack(pos), TYPE_IDS[o >> 2], o & 3] for pos, o in zip(tile_pos, s.tile_ot)],
        "meeples": [
            [p, *unpack(tile_pos[node >> 3]), FEATURE_IDS[s.tile_ot[node >> 3] >> 2][node & 7]]
            for p, node in s.meeples
        ],
        "score": mechanics.breakdown(s),
        "turn": s.turn,
        "current": TYPE_IDS[s.current] if s.current is not None else None,
        "deck": [TYPE_IDS[k] for k in s.deck],
        "hidden": s.hidden,
        "fixed_deck": s.fixed_deck,
        "keyed": s.keyed,
        "waiting": s.waiting,
        "discarded": [TYPE_IDS[k] for k in s.discarded],
        "courier": list(unpack(s.courier)) if s.courier is not None else None,
        "events": [event_json(s, e) for e in s.events],
        "final_events": (
            [event_json(s, e) for e in s.final_events] if s.final_events is not None else None
        ),
        "rng": s.rng.to_json() if s.rng is not None else None,
    }


def from_json(obj: JSON, check_setup: SetupCheck) -> State:
    """The state `to_json` wrote; BadData (or a lookup error that `reading` turns into one)
    for anything else."""
    if not isinstance(obj, dict):
        raise BadData("a Carcassonne state is a JSON object")
    players, _, options = check_setup(obj["players"], 0, obj["options"])
    if options.pop("deck") is not None:
        raise BadData("a state keeps its deck under 'deck', not in the options")
    s = mechanics.empty_state(players, options)
    for i, entry in enumerate(obj["tiles"]):
        x, y, tile, rot = entry
        k = TYPE_INDEX[tile]
        pos = _square(x, y)
        _need(rot in DISTINCT_ROTS[k] and _is_int(rot), f"tile {i} has a bad rotation")
        if i == 0:
            _need(
                (x, y, tile, rot) == (0, 0, START_TILE, 0), "the first tile is not the start tile"
            )
        else:
            code = s.frontier.get(pos)
            _need(code is not None and rot in FITS[k][code], f"tile {i} at ({x}, {y}) does not fit")
        mechanics.add_tile(s, pos, k * 4 + rot)
    _need(len(s.tile_pos) > 0, "no start tile")
    for entry in obj["meeples"]:
        p, x, y, fid = entry
        _need(_is_int(p) and 0 <= p < players, f"bad meeple {entry!r}")
        t = s.board[_square(x, y)]
        node = (t << 3) | FEATURE_INDEX[s.tile_ot[t] >> 2][fid]
        _need(all(node != n for _, n in s.meeples), f"two meeples on {fid} at ({x}, {y})")
        s.meeples.append((p, node))
        s.supply[p] -= 1
        _need(s.supply[p] >= 0, f"player {p} has more than {MEEPLES_PER_PLAYER} meeples")
        root = mechanics.find(s.parent, node)
        s.followers[root] += 1 << (4 * p)
        kind = mechanics.node_kind(s, node)
        _need(
            not (kind in (ROAD, CITY) and s.open_ends[root] == 0)
            and not (kind == MONASTERY and mechanics.area_mask(s, s.tile_pos[t]).bit_count() == 9),
            f"a meeple stands on a completed feature at ({x}, {y})",
        )
    score = obj["score"]
    _need(isinstance(score, list) and len(score) == players, "one score per player")
    for p, parts in enumerate(score):
        _need(
            isinstance(parts, dict) and sorted(parts) == sorted(CATEGORIES),
            f"bad score of player {p}",
        )
        for c, name in enumerate(CATEGORIES):
            _need(_is_int(parts[name]) and parts[name] >= 0, f"bad score of player {p}")
            s.points[p * 5 + c] = parts[name]
    s.turn = obj["turn"]
    _need(_is_int(s.turn) and 0 <= s.turn < players, "bad turn")
    current = obj["current"]
    s.current = TYPE_INDEX[current] if current is not None else None
    s.deck = tuple(TYPE_INDEX[tile] for tile in obj["deck"])
    s.hidden, s.fixed_deck = obj["hidden"], obj["fixed_deck"]
    _need(type(s.hidden) is bool, "'hidden' is true or false")
    _need(type(s.fixed_deck) is bool, "'fixed_deck' is true or false")
    s.keyed, s.waiting = obj["keyed"], obj["waiting"]
    _need(type(s.keyed) is bool and type(s.waiting) is bool, "'keyed' and 'waiting' are booleans")
    _need(
        not s.keyed or s.fixed_deck or list(s.deck) == sorted(s.deck),
        "a keyed game's tiles are a pool, listed in order",
    )
    s.discarded = [TYPE_INDEX[tile] for tile in obj["discarded"]]
    courier = obj["courier"]
    if courier is not None:
        s.courier = _square(*courier)
        _need(s.courier in s.board, "the Courier is not on a tile")
    mode = options["courier"]
    _need(
        not (mode == "off" and s.courier is not None)
        and not (mechanics.courier_starts_on_board(options) and s.courier is None),
        "the Courier's place does not fit the courier option",
    )
    s.events = [read_event(s, e) for e in obj["events"]]
    final = obj["final_events"]
    s.final_events = [read_event(s, e) for e in final] if final is not None else None
    if s.waiting:
        _need(s.keyed and s.current is None, "only a keyed turn with no tile drawn waits")
        _need(s.final_events is None, "final scoring before the end")
        _need(
            any(mechanics.fits_somewhere(s, k) for k in s.deck),
            "a waiting turn has no tile left that fits",
        )
    elif s.current is None:
        _need(not s.deck and s.final_events is not None, "a finished game has no deck left")
    else:
        _need(s.final_events is None, "final scoring before the end")
        s.placements = mechanics.fitting_squares(s, s.current)
        _need(bool(s.placements), "the current tile fits nowhere")
    rng = obj["rng"]
    s.rng = Rng.from_json(rng) if rng is not None else None
    _need(not (s.waiting and s.rng is not None), "a turn waiting for its deal has no generator")
    _need(
        s.rng is not None or s.hidden or (s.keyed and (s.waiting or s.current is None)),
        "a full state needs its generator while a turn is played",
    )
    return s


def event_json(s: State, event: tuple) -> dict[str, JSON]:
    player, points, kind, mask, reason = event
    return {
        "player": player,
        "points": points,
        "kind": KIND_NAMES[kind],
        "tiles": [list(xy) for xy in tiles_of(s, mask)],
        "reason": reason,
    }


def read_event(s: State, obj: JSON) -> tuple:
    player, points, kind, reason = obj["player"], obj["points"], obj["kind"], obj["reason"]
    _need(
        _is_int(player)
        and 0 <= player < s.players
        and _is_int(points)
        and points >= 0
        and kind in KIND_NAMES
        and reason in REASONS,
        f"bad score event {obj!r}",
    )
    mask = 0
    for x, y in obj["tiles"]:
        mask |= 1 << s.board[_square(x, y)]
    return player, points, KIND_NAMES.index(kind), mask, reason


def _is_int(value):
    return type(value) is int


def _square(x, y):
    _need(
        _is_int(x) and _is_int(y) and -LIMIT < x < LIMIT and -LIMIT < y < LIMIT,
        f"({x!r}, {y!r}) is no square of the board",
    )
    return pack(x, y)


def _need(condition, text):
    if not condition:
        raise BadData(f"not a valid Carcassonne state: {text}")
