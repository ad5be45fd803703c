"""What the board and the AI ask of a Carcassonne state. Read-only; squares are (x, y) with
x growing east and y growing south; seats are ints; tiles and features use the ids of data.py.
Boards and the AI read no state field themselves: everything they need is here or in the Game
contract.
"""

from typing import Any, NamedTuple

from . import mechanics
from .data import TILE_TYPES
from .engine import GAME
from .mechanics import tiles_of
from .tables import (
    CITY,
    DIRECTIONS,
    DISTINCT_ROTS,
    FEATURE_IDS,
    FEATURE_KIND,
    FIELD,
    FIELD_CITIES,
    HALF_EDGES,
    KIND_NAMES,
    MONASTERY,
    OT_CODE,
    OT_SHAPES,
    ROAD,
    TYPE_IDS,
    TYPE_INDEX,
    pack,
    unpack,
)


class ScoreEvent(NamedTuple):
    player: int
    points: int
    kind: str  # the feature scored: "road", "city", "monastery", "field" (a farm)
    tiles: list  # its squares (x, y); a monastery: the tiles of its 3x3 block
    reason: str  # "completed" (during play), "final" (game end), "courier" (a thank-you message)


def current_tile(state):
    """The tile the player to move must place (public), or None when the game is over."""
    return TYPE_IDS[state.current] if state.current is not None else None


def legal_positions(state):
    """rot -> squares where the current tile fits turned that way (all four rotations, also
    look-alike ones, so the board can show them for whatever rotation the player picked)."""
    k = state.current
    if k is None:
        return {}
    out = {}
    for rot in range(4):
        full = OT_CODE[k * 4 + rot]
        out[rot] = [
            unpack(pos)
            for pos, code in sorted(state.frontier.items())
            if full & _mask(code) == code
        ]
    return out


def _mask(code):
    return sum(3 << (2 * d) for d in range(4) if (code >> (2 * d)) & 3)


def placed_tiles(state):
    """[(x, y, tile, rot)] in the order they were placed (the start tile first)."""
    return [
        (*unpack(pos), TYPE_IDS[o >> 2], o & 3) for pos, o in zip(state.tile_pos, state.tile_ot)
    ]


def tile_shapes(tile, rot):
    """The features of tile type `tile` turned `rot`: [{"id", "kind", "edges", "half_edges",
    "pennant"}] with edges and half-edges named as on the board (N up). A road or city covers
    both halves of each of its edges; a monastery has none."""
    shapes = OT_SHAPES[TYPE_INDEX[tile] * 4 + rot]
    out = []
    for fid, (kind, edges, halves, pennant) in zip(FEATURE_IDS[TYPE_INDEX[tile]], shapes):
        if kind in (ROAD, CITY):
            halves = tuple(sorted(h for d in edges for h in (2 * d, 2 * d + 1)))
        out.append(
            {
                "id": fid,
                "kind": KIND_NAMES[kind],
                "edges": [DIRECTIONS[d] for d in edges],
                "half_edges": [HALF_EDGES[h] for h in halves],
                "pennant": pennant,
            }
        )
    return out


def tile_features(state, x, y):
    """The features of the tile on (x, y) with their shapes and owners, or None if no tile:
    tile_shapes(...) plus "meeples" (seats standing on this very segment) and, for the whole
    feature it belongs to, "tiles" (its squares), "complete" and "followers" (count per seat)."""
    t = state.board.get(pack(x, y))
    if t is None:
        return None
    o = state.tile_ot[t]
    out = tile_shapes(TYPE_IDS[o >> 2], o & 3)
    for local, feature in enumerate(out):
        node = (t << 3) | local
        root = mechanics.find(state.parent, node)
        kind = FEATURE_KIND[o >> 2][local]
        if kind == MONASTERY:
            mask = mechanics.area_mask(state, state.tile_pos[t])
            complete = mask.bit_count() == 9
        else:
            mask = state.tiles[root]
            complete = kind != 0 and state.open_ends[root] == 0  # fields never complete
        packed = state.followers[root]
        feature["meeples"] = [p for p, n in state.meeples if n == node]
        feature["tiles"] = tiles_of(state, mask) if kind != MONASTERY else [(x, y)]
        feature["complete"] = complete
        feature["followers"] = [(packed >> (4 * p)) & 15 for p in range(state.players)]
    return out


def remaining_tiles(state):
    """tile -> copies still in the stack, the current tile not counted (public: the
    composition, never the order)."""
    counts: dict[str, int] = {}
    for k in sorted(state.deck):
        counts[TYPE_IDS[k]] = counts.get(TYPE_IDS[k], 0) + 1
    return counts


def tiles_left(state):
    """How many tiles are still in the stack (the current tile not counted)."""
    return len(state.deck)


def all_tiles():
    """Every tile type, base tiles first, then the Courier's letter tiles."""
    return list(TYPE_IDS)


def distinct_turns(tile):
    """The turns of tile type `tile` that look different (a look-alike turn is listed once)."""
    return list(DISTINCT_ROTS[TYPE_INDEX[tile]])


def feature_kinds(tile):
    """Feature id -> kind ("road", "city", "monastery", "field") of tile type `tile`."""
    return {f.id: f.kind for f in TILE_TYPES[TYPE_INDEX[tile]].features}


def tile_info(tile):
    """{"count", "letter", "inferred"} of a tile type: inferred layouts are marked in the UI."""
    t = TILE_TYPES[TYPE_INDEX[tile]]
    return {"count": t.count, "letter": t.letter, "inferred": t.inferred}


def player_count(state):
    """How many seats play."""
    return state.players


def rule_options(state):
    """The game's rule options (Game.options, without the set-up's deck order)."""
    return dict(state.options)


def meeples_left(state):
    """Meeples in each seat's supply."""
    return list(state.supply)


def meeples_on_board(state):
    """[(seat, x, y, feature id)] in the order they were placed."""
    return [
        (p, *unpack(state.tile_pos[n >> 3]), FEATURE_IDS[state.tile_ot[n >> 3] >> 2][n & 7])
        for p, n in state.meeples
    ]


def courier_position(state):
    """The Courier's square, or None while it is off the board."""
    return unpack(state.courier) if state.courier is not None else None


def discarded_tiles(state):
    """Tiles removed from the game because they fitted nowhere, in order."""
    return [TYPE_IDS[k] for k in state.discarded]


def _events(state, events):
    return [
        ScoreEvent(p, points, KIND_NAMES[kind], tiles_of(state, mask), reason)
        for p, points, kind, mask, reason in events
    ]


def score_events(state):
    """The score events of the last turn (completed features, the Courier's message)."""
    return _events(state, state.events)


def final_events(state):
    """The final-scoring events once the game is over, else None."""
    return _events(state, state.final_events) if state.final_events is not None else None


def projected_events(state):
    """The events final scoring would give if the game ended now."""
    return _events(state, mechanics.final_scoring(state))


def projected_scores(state):
    """Per seat: banked points plus final scoring as if the game ended now."""
    return GAME.projected_scores(state)


def features_near(state, squares):
    """Each feature on the tiles of `squares` (free squares are skipped), once however many of
    them it crosses, in the order met (square by square, the tile's features in order):
    [{"kind", "tiles" (all its squares), "complete", "followers" (count per seat), "points"
    (what it would score if the game ended now: an open road, city or monastery as in final
    scoring, a completed one as when it was completed, a field 3 per completed city it
    borders), "here" (the squares of `squares` it lies on)}]."""
    by_root: dict[int, dict[str, Any]] = {}
    for x, y in squares:
        t = state.board.get(pack(x, y))
        if t is None:
            continue
        kinds = FEATURE_KIND[state.tile_ot[t] >> 2]
        for local, kind in enumerate(kinds):
            node = (t << 3) | local
            root = node if kind == MONASTERY else mechanics.find(state.parent, node)
            feature = by_root.get(root)
            if feature is None:
                feature = by_root[root] = _feature(state, root, kind)
            if (x, y) not in feature["here"]:
                feature["here"].append((x, y))
    return list(by_root.values())


def _feature(state, root, kind):
    if kind == MONASTERY:
        complete = mechanics.area_mask(state, state.tile_pos[root >> 3]).bit_count() == 9
    else:
        complete = kind != FIELD and state.open_ends[root] == 0
    if kind == FIELD:
        points, mask = 3 * len(_cities_beside(state, root)), state.tiles[root]
    else:
        points, mask = mechanics.value(state, root, kind, complete)
    packed = state.followers[root]
    return {
        "kind": KIND_NAMES[kind],
        "tiles": tiles_of(state, mask)
        if kind != MONASTERY
        else [unpack(state.tile_pos[root >> 3])],
        "complete": complete,
        "followers": [(packed >> (4 * p)) & 15 for p in range(state.players)],
        "points": points,
        "here": [],
    }


def _cities_beside(state, field_root):
    """The completed cities a field borders (their roots, in the order met)."""
    found = []
    parent = state.parent
    for t, o in enumerate(state.tile_ot):
        for field_local, city_locals in FIELD_CITIES[o >> 2]:
            if mechanics.find(parent, (t << 3) + field_local) != field_root:
                continue
            for city_local in city_locals:
                city = mechanics.find(parent, (t << 3) + city_local)
                if state.open_ends[city] == 0 and city not in found:
                    found.append(city)
    return found
