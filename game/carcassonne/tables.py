"""Tables derived once at import from data.py: everything the engine needs per tile type and
rotation, as tuples of small ints, so that placing a tile is a few lookups.

Names used throughout the engine:
  k       tile type index (position in TILE_TYPES)
  o       oriented tile = k * 4 + rot
  local   index of a feature in its type's feature list (at most 8 per tile)
  pos     board square packed into one int (see `pack`)
  code    what a free square demands of a new tile: 2 bits per direction N, E, S, W, each
          0 (nothing touches there) or 1 + the edge kind the neighbour shows
"""

from .data import TILE_TYPES

FIELD, ROAD, CITY, MONASTERY = 0, 1, 2, 3
KIND_NAMES = ("field", "road", "city", "monastery")
_KIND_OF = {"F": FIELD, "R": ROAD, "C": CITY}
_KIND_CODE = {"field": FIELD, "road": ROAD, "city": CITY, "monastery": MONASTERY}

DIRECTIONS = ("N", "E", "S", "W")  # clockwise; the opposite of d is d ^ 2
DIRECTION_WORDS = ("north", "east", "south", "west")
HALF_EDGES = ("N_w", "N_e", "E_n", "E_s", "S_e", "S_w", "W_s", "W_n")  # clockwise: +2 per turn
OPPOSITE_HALF = (5, 4, 7, 6, 1, 0, 3, 2)  # my N_w touches the northern neighbour's S_w, ...
MAX_FEATURES = 8  # node id of a feature = tile index * 8 + local

# Board squares as ints: x and y stay far inside +-OFFSET (a game has at most a few hundred tiles).
STRIDE = 1024
OFFSET = 512
LIMIT = 400  # |x|, |y| beyond this can never touch a tile
DELTA = (-STRIDE, 1, STRIDE, -1)  # N, E, S, W (y grows south)
AROUND = tuple(dy * STRIDE + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)
BLOCK = (0,) + AROUND  # offsets of the 3x3 block around a square
IN_BLOCK = frozenset(BLOCK)  # for membership tests only: never iterated


def pack(x, y):
    return (y + OFFSET) * STRIDE + x + OFFSET


def unpack(pos):
    return pos % STRIDE - OFFSET, pos // STRIDE - OFFSET


TYPE_IDS = tuple(t.id for t in TILE_TYPES)
TYPE_INDEX = {tid: k for k, tid in enumerate(TYPE_IDS)}
FEATURE_IDS = tuple(tuple(f.id for f in t.features) for t in TILE_TYPES)
FEATURE_INDEX = tuple({fid: i for i, fid in enumerate(ids)} for ids in FEATURE_IDS)
FEATURE_KIND = tuple(tuple(_KIND_CODE[f.kind] for f in t.features) for t in TILE_TYPES)
LETTER = tuple(t.letter for t in TILE_TYPES)
PENNANT = tuple(any(f.pennant for f in t.features) for t in TILE_TYPES)
# open ends a road or city segment brings to its feature: one per edge it reaches
OPEN_INIT = tuple(
    tuple(len(f.edges) for f in t.features) + (0,) * (MAX_FEATURES - len(t.features))
    for t in TILE_TYPES
)
# fields that border cities: (field local, (city locals...))
FIELD_CITIES = tuple(
    tuple(
        (i, tuple(FEATURE_INDEX[k][c] for c in f.cities))
        for i, f in enumerate(t.features)
        if f.cities
    )
    for k, t in enumerate(TILE_TYPES)
)
MONASTERY_LOCAL = tuple(FEATURE_INDEX[k].get("monastery", -1) for k in range(len(TILE_TYPES)))


def _rotated(t, rot):
    """Per feature: (kind, edges, half-edges) as direction / half-edge indices on the board."""
    out = []
    for f in t.features:
        edges = tuple(sorted((DIRECTIONS.index(e) + rot) % 4 for e in f.edges))
        halves = tuple(sorted((HALF_EDGES.index(h) + 2 * rot) % 8 for h in f.half_edges))
        out.append((_KIND_CODE[f.kind], edges, halves, f.pennant))
    return out


_OT_EDGES = []  # o -> kind on each of N, E, S, W
_OT_CODE = []  # o -> the code of a square whose four neighbours all match it
_OT_EDGE_FEATURE = []  # o -> local of the road/city on each edge, -1 for a field edge
_OT_HALF_FEATURE = []  # o -> local of the field on each half-edge, -1 where there is none
_OT_SHAPES = []  # o -> per local: (kind, edges, half-edges, pennant) on the board
_CANON = []  # k -> per rot: (canonical rot, per local: the local it becomes there)
_DISTINCT_ROTS = []  # k -> the canonical rotations (look-alike rotations listed once)

for _k, t in enumerate(TILE_TYPES):
    canon = []
    for rot in range(4):
        shapes = _rotated(t, rot)
        edges = [0] * 4
        edge_feature = [-1] * 4
        half_feature = [-1] * 8
        for d, letter in enumerate(t.edges):
            edges[(d + rot) % 4] = _KIND_OF[letter]
        for local, (_kind, f_edges, f_halves, _) in enumerate(shapes):
            for d in f_edges:
                edge_feature[d] = local
            for h in f_halves:
                half_feature[h] = local
        _OT_EDGES.append(tuple(edges))
        _OT_CODE.append(sum((kind + 1) << (2 * d) for d, kind in enumerate(edges)))
        _OT_EDGE_FEATURE.append(tuple(edge_feature))
        _OT_HALF_FEATURE.append(tuple(half_feature))
        _OT_SHAPES.append(tuple(shapes))
        # the smallest rotation that looks the same, and which feature lands where
        for first in range(rot + 1):
            if sorted(_rotated(t, first)) == sorted(shapes):
                there = _rotated(t, first)
                canon.append((first, tuple(there.index(shape) for shape in shapes)))
                break
    _CANON.append(tuple(canon))
    _DISTINCT_ROTS.append(tuple(rot for rot in range(4) if canon[rot][0] == rot))


def _fits(k):
    """code -> canonical rotations of type k that satisfy it."""
    table = []
    for code in range(256):
        mask = sum(3 << (2 * d) for d in range(4) if (code >> (2 * d)) & 3)
        table.append(
            tuple(rot for rot in _DISTINCT_ROTS[k] if _OT_CODE[k * 4 + rot] & mask == code)
        )
    return tuple(table)


FITS = tuple(_fits(k) for k in range(len(TILE_TYPES)))
OT_EDGES = tuple(_OT_EDGES)
OT_CODE = tuple(_OT_CODE)
OT_EDGE_FEATURE = tuple(_OT_EDGE_FEATURE)
OT_HALF_FEATURE = tuple(_OT_HALF_FEATURE)
OT_SHAPES = tuple(_OT_SHAPES)
CANON = tuple(_CANON)
DISTINCT_ROTS = tuple(_DISTINCT_ROTS)

# Where a feature of a new tile touches its neighbours: per o, per local, (direction, port,
# closing) where port indexes OT_PORTS of the neighbour (0-3 its edges, 4-11 its half-edges) and
# closing is how many open ends the contact closes (2 for a road or city edge, 0 for a field).
OT_PORTS = tuple(OT_EDGE_FEATURE[o] + OT_HALF_FEATURE[o] for o in range(len(OT_EDGES)))
OT_CONTACTS = tuple(
    tuple(
        tuple((d, d ^ 2, 2) for d in edges)
        + tuple((h >> 1, 4 + OPPOSITE_HALF[h], 0) for h in halves)
        for (_, edges, halves, _) in OT_SHAPES[o]
    )
    for o in range(len(OT_EDGES))
)
# the same contacts grouped by direction: per o, per d, (local, port, closing)
OT_CONTACTS_TOWARD = tuple(
    tuple(
        tuple(
            (local, port, closing)
            for local, contacts in enumerate(OT_CONTACTS[o])
            for d2, port, closing in contacts
            if d2 == d
        )
        for d in range(4)
    )
    for o in range(len(OT_EDGES))
)
