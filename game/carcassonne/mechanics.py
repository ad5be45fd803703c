"""The Carcassonne state and its mechanics: placing a tile, joining features, scoring, the
Courier, drawing the next tile. engine.py wraps this in the engine contract; serial.py reads and
writes the state as JSON.

Features are a union-find over nodes: the feature with local index `local` on the t-th placed
tile is node t * 8 + local. Per node, flat lists of ints hold the parent and, valid at a root,
the open ends (roads and cities), the tiles (a bitmask of tile indices, so a tile counts once
however often a feature passes through it) and the followers (4 bits per player: a count).
Flat lists of ints make `clone` a handful of list copies.

A score event is (player, points, kind, tiles bitmask, reason): kind is the kind code of the
feature scored (tables.FIELD for a farm), reason "completed", "final" or "courier".
"""

from typing import Any

from game.core import IllegalMove, Rng

from .data import MEEPLES_PER_PLAYER, START_TILE
from .tables import (
    AROUND,
    BLOCK,
    CITY,
    DELTA,
    DIRECTION_WORDS,
    FEATURE_KIND,
    FIELD,
    FIELD_CITIES,
    FITS,
    IN_BLOCK,
    KIND_NAMES,
    LETTER,
    MONASTERY,
    MONASTERY_LOCAL,
    OPEN_INIT,
    OT_CONTACTS,
    OT_CONTACTS_TOWARD,
    OT_EDGES,
    OT_PORTS,
    PENNANT,
    ROAD,
    STRIDE,
    TYPE_INDEX,
    pack,
    unpack,
)

CATEGORIES = ("roads", "cities", "monasteries", "farms", "courier")
CATEGORY_OF_KIND = (3, 0, 1, 2)  # field, road, city, monastery -> index in CATEGORIES
COURIER_CATEGORY = 4
_NO_FEATURES = (0,) * 8
Event = tuple[int, int, int, int, str]  # (player, points, kind, tiles bitmask, reason)


class State:
    __slots__ = (
        "board",
        "courier",
        "current",
        "deck",
        "discarded",
        "events",
        "final_events",
        "fixed_deck",
        "followers",
        "frontier",
        "hidden",
        "keyed",
        "meeples",
        "open_ends",
        "options",
        "parent",
        "pennant_tiles",
        "placements",
        "players",
        "points",
        "rng",
        "supply",
        "tile_ot",
        "tile_pos",
        "tiles",
        "turn",
        "waiting",
    )
    players: int  # number of seats
    options: dict[str, Any]  # rule options (without "deck"); never changed, shared by clones
    tile_pos: list[int]  # placed tiles in order: the square of tile t
    tile_ot: list[int]  # the oriented type of tile t
    board: dict[int, int]  # square -> tile index
    frontier: dict[int, int]  # free square touching a tile -> its code
    pennant_tiles: int  # bitmask of the tiles whose city carries a pennant
    parent: list[int]  # per node: the features' union-find (see the module's docstring)
    open_ends: list[int]
    tiles: list[int]
    followers: list[int]
    meeples: list[tuple[int, int]]  # (player, node) in the order they were placed
    supply: list[int]  # meeples left per seat
    courier: int | None  # square of the Courier, or None (off the board)
    turn: int  # seat to move
    current: int | None  # type index of the drawn tile (None: game over, or waiting)
    placements: list[tuple[int, int]]  # (square, canonical rot) where `current` fits
    deck: tuple[int, ...]  # type indices in draw order (in a view: sorted, hidden=True;
    # keyed: an unordered pool, sorted, unless the set-up fixed the order)
    hidden: bool  # a view: the order of the deck is not known
    keyed: bool  # link play: each turn's tile is drawn at its deal (engine.Carcassonne.keyed)
    waiting: bool  # keyed: the seat to move waits for its deal (no tile in hand, no generator)
    fixed_deck: bool  # the order came from the set-up's `deck` option (a scenario): kept
    discarded: list[int]  # type indices of unplaceable tiles removed from the game
    points: list[int]  # per seat, per CATEGORIES: seat * 5 + category
    events: list[Event]  # score events of the last turn
    final_events: list[Event] | None  # final scoring, once the game is over
    rng: Rng | None  # None in a view

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and _essence(self) == _essence(other)


def _essence(s):
    """What the JSON form holds (serial.py); every other field follows from these."""
    return (
        s.players,
        s.options,
        s.tile_pos,
        s.tile_ot,
        s.meeples,
        s.points,
        s.turn,
        s.current,
        s.deck,
        s.hidden,
        s.fixed_deck,
        s.keyed,
        s.waiting,
        s.discarded,
        s.courier,
        s.events,
        s.final_events,
        s.rng,
    )


def empty_state(players, options):
    s = State()
    s.players, s.options = players, options
    s.tile_pos, s.tile_ot, s.board, s.frontier, s.pennant_tiles = [], [], {}, {}, 0
    s.parent, s.open_ends, s.tiles, s.followers = [], [], [], []
    s.meeples, s.supply = [], [MEEPLES_PER_PLAYER] * players
    s.courier = None
    s.turn, s.current, s.placements, s.deck, s.hidden, s.discarded = 0, None, [], (), False, []
    s.fixed_deck = s.keyed = s.waiting = False
    s.points = [0] * (players * len(CATEGORIES))
    s.events, s.final_events, s.rng = [], None, None
    return s


def clone(s):
    c = State()
    c.players, c.options = s.players, s.options
    c.tile_pos, c.tile_ot = s.tile_pos[:], s.tile_ot[:]
    c.board, c.frontier, c.pennant_tiles = s.board.copy(), s.frontier.copy(), s.pennant_tiles
    c.parent, c.open_ends = s.parent[:], s.open_ends[:]
    c.tiles, c.followers = s.tiles[:], s.followers[:]
    c.meeples, c.supply, c.courier = s.meeples[:], s.supply[:], s.courier
    # placements, deck, discarded and events are replaced, never changed in place: shared
    c.turn, c.current, c.placements = s.turn, s.current, s.placements
    c.deck, c.hidden, c.fixed_deck, c.discarded = s.deck, s.hidden, s.fixed_deck, s.discarded
    c.keyed, c.waiting = s.keyed, s.waiting
    c.points, c.events, c.final_events = s.points[:], s.events, s.final_events
    c.rng = s.rng.copy() if s.rng is not None else None
    return c


# ---- features ------------------------------------------------------------------------------------
def find(parent, node):
    while parent[node] != node:
        parent[node] = node = parent[parent[node]]  # path halving
    return node


def node_kind(s, node):
    return FEATURE_KIND[s.tile_ot[node >> 3] >> 2][node & 7]


def _join(s, new, old, closing):
    """Merge the feature of `new` into that of `old`; `closing` open ends meet at the border."""
    parent = s.parent
    a, b = find(parent, new), find(parent, old)
    if a != b:
        parent[a] = b
        s.open_ends[b] += s.open_ends[a]
        s.tiles[b] |= s.tiles[a]
        s.followers[b] += s.followers[a]
    s.open_ends[b] -= closing


def add_tile(s, pos, o):
    """Put oriented tile `o` on square `pos` (already checked) and join its features."""
    t = len(s.tile_pos)
    s.tile_pos.append(pos)
    s.tile_ot.append(o)
    board = s.board
    board[pos] = t
    base, bit = t << 3, 1 << t
    s.parent.extend(range(base, base + 8))
    s.open_ends.extend(OPEN_INIT[o >> 2])
    s.tiles.extend((bit,) * 8)
    s.followers.extend(_NO_FEATURES)
    if PENNANT[o >> 2]:
        s.pennant_tiles |= bit
    frontier = s.frontier
    frontier.pop(pos, None)
    edges, toward, tile_ot = OT_EDGES[o], OT_CONTACTS_TOWARD[o], s.tile_ot
    for d in range(4):
        q = pos + DELTA[d]
        tq = board.get(q)
        if tq is None:  # the free square across edge d must show the same kind on its side d ^ 2
            frontier[q] = frontier.get(q, 0) | ((edges[d] + 1) << (2 * (d ^ 2)))
        else:
            ports, qbase = OT_PORTS[tile_ot[tq]], tq << 3
            for local, port, closing in toward[d]:
                _join(s, base + local, qbase + ports[port], closing)
    return t


def taken_features(s, pos, o):
    """Bitmask of the features of oriented tile `o`, put on `pos`, that would be part of a
    feature with followers. Two features of the new tile that touch the same old feature become
    one (e.g. both fields of a junction tile reaching round a monastery), so "taken" spreads
    along such links."""
    board, parent, followers, tile_ot = s.board, s.parent, s.followers, s.tile_ot
    neighbours = [board.get(pos + step) for step in DELTA]
    taken = 0
    touched: dict[int, int] = {}  # old root -> the first local that touches it
    links = []
    for local, contacts in enumerate(OT_CONTACTS[o]):
        for d, port, _ in contacts:
            tq = neighbours[d]
            if tq is not None:
                root = find(parent, (tq << 3) + OT_PORTS[tile_ot[tq]][port])
                if followers[root]:
                    taken |= 1 << local
                first = touched.setdefault(root, local)
                if first != local:
                    links.append((1 << first) | (1 << local))
    spread = True
    while spread and taken and links:
        spread = False
        for pair in links:
            if taken & pair and taken & pair != pair:
                taken |= pair
                spread = True
    return taken


def area_mask(s, pos):
    """Tiles on the 3x3 block around `pos` (what a monastery there is worth)."""
    board = s.board
    mask = 1 << board[pos]
    for off in AROUND:
        t = board.get(pos + off)
        if t is not None:
            mask |= 1 << t
    return mask


def tiles_of(s, mask):
    """The squares (x, y) of the tiles in a bitmask, north to south, west to east."""
    squares = []
    while mask:
        low = mask & -mask
        squares.append(s.tile_pos[low.bit_length() - 1])
        mask ^= low
    return [unpack(pos) for pos in sorted(squares)]


def value(s, root, kind, completed):
    """(points, tiles bitmask) of a feature: completed during play, or as at game end."""
    if kind == MONASTERY:
        mask = area_mask(s, s.tile_pos[root >> 3])
        return mask.bit_count(), mask  # 9 when complete, else 1 + neighbours
    mask = s.tiles[root]
    tiles = mask.bit_count()
    if kind == ROAD:
        return tiles, mask
    points = tiles + (mask & s.pennant_tiles).bit_count()  # a pennant tile has one city: this
    if completed and not (tiles == 2 and s.options["tiny_city"] == 2):
        points *= 2
    return points, mask


def majority(s, followers):
    """Seats with the most followers in a packed count (ties all win); [] when there are none."""
    counts = [(followers >> (4 * p)) & 15 for p in range(s.players)]
    best = max(counts)
    return [p for p, c in enumerate(counts) if c == best] if best else []


def breakdown(s):
    """Per seat, points per category (CATEGORIES)."""
    return [dict(zip(CATEGORIES, s.points[p * 5 : p * 5 + 5])) for p in range(s.players)]


def _award(s, seats, points, kind, mask, reason, category):
    for p in seats:
        s.points[p * 5 + category] += points
        s.events.append((p, points, kind, mask, reason))


# ---- a turn --------------------------------------------------------------------------------------
def play(s, pos, o, local):
    """One turn with a checked move: place, meeple (local or None), score, Courier, next draw."""
    player = s.turn
    s.events = []  # a new list: clones still hold the previous turn's
    t = add_tile(s, pos, o)
    if LETTER[o >> 2] and s.options["courier"] == "letter_tiles":
        s.courier = pos  # the Courier jumps onto every letter tile at once
    node = None
    if local is not None:
        node = (t << 3) | local
        s.meeples.append((player, node))
        s.supply[player] -= 1
        s.followers[find(s.parent, node)] += 1 << (4 * player)
    _score_completed(s, t, pos)
    if node is not None and s.courier is not None:
        _courier(s, player, node)
    s.turn = (player + 1) % s.players
    if s.keyed:
        wait_for_deal(s)
    else:
        draw(s)


def _score_completed(s, t, pos):
    parent, open_ends, followers = s.parent, s.open_ends, s.followers
    done = []
    base = t << 3
    for local, kind in enumerate(FEATURE_KIND[s.tile_ot[t] >> 2]):
        if kind in (ROAD, CITY):
            root = find(parent, base + local)
            if open_ends[root] == 0 and root not in done:
                done.append(root)
                if followers[root]:
                    points, mask = value(s, root, kind, True)
                    _award(
                        s,
                        majority(s, followers[root]),
                        points,
                        kind,
                        mask,
                        "completed",
                        CATEGORY_OF_KIND[kind],
                    )
    board, tile_ot = s.board, s.tile_ot
    for off in BLOCK:  # monasteries with a monk on the new tile and around it
        tm = board.get(pos + off)
        if tm is not None and MONASTERY_LOCAL[tile_ot[tm] >> 2] >= 0:
            node = (tm << 3) + MONASTERY_LOCAL[tile_ot[tm] >> 2]  # never joined: its own root
            if followers[node] and all(pos + off + step in board for step in AROUND):
                done.append(node)
                points, mask = value(s, node, MONASTERY, True)
                _award(s, majority(s, followers[node]), points, MONASTERY, mask, "completed", 2)
    if done:
        kept = []
        for player, node in s.meeples:
            if find(parent, node) in done:
                s.supply[player] += 1
            else:
                kept.append((player, node))
        s.meeples = kept
        for root in done:
            followers[root] = 0


def _courier(s, player, node):
    """End of turn: the follower placed this turn may call the Courier (docs/rules/carcassonne.md, Courier trigger)."""
    if (player, node) not in s.meeples:
        return  # its feature was completed and scored this turn
    kind = node_kind(s, node)
    options = s.options
    if kind == FIELD and not options["courier_farmers"]:
        return
    where, courier = s.tile_pos[node >> 3], s.courier
    if options["courier_reach"] == "line":
        reached = where % STRIDE == courier % STRIDE or where // STRIDE == courier // STRIDE
    else:
        reached = where - courier in (0, 1, -1, STRIDE, -STRIDE)
    if not reached:
        return
    s.courier = where
    parent = s.parent
    if options["courier_scoring"] == "pre2024":
        targets = [(find(parent, node), kind)] if kind != FIELD else []
    else:
        targets = []
        for _, other in s.meeples:
            other_kind = node_kind(s, other)
            if other_kind != FIELD and s.tile_pos[other >> 3] - where in IN_BLOCK:
                root = find(parent, other)
                if (root, other_kind) not in targets:
                    targets.append((root, other_kind))
    for root, target_kind in targets:
        points, mask = value(s, root, target_kind, False)
        _award(s, [player], points, target_kind, mask, "courier", COURIER_CATEGORY)


def fitting_squares(s, k):
    """(square, canonical rot) where tile type k fits, in frontier order."""
    fits = FITS[k]
    return [(pos, rot) for pos, code in s.frontier.items() for rot in fits[code]]


def mismatch(s, pos, o):
    """The sentence for the first edge of `o` on `pos` that does not match its neighbour."""
    edges = OT_EDGES[o]
    for d in range(4):
        t = s.board.get(pos + DELTA[d])
        if t is not None:
            theirs = OT_EDGES[s.tile_ot[t]][d ^ 2]
            if theirs != edges[d]:
                x, y = unpack(pos + DELTA[d])
                return (
                    f"the {DIRECTION_WORDS[d]} edge ({KIND_NAMES[edges[d]]}) does not "
                    f"match the {KIND_NAMES[theirs]} of the tile at ({x}, {y})"
                )
    return "the tile does not fit there"


def fits_somewhere(s, k):
    """Whether tile type k fits some free square."""
    fits = FITS[k]
    return any(fits[code] for code in s.frontier.values())


def draw(s):
    """The next player's tile: unplaceable tiles leave the game; an empty deck ends it."""
    deck = s.deck
    while deck:
        if s.hidden:
            raise IllegalMove(
                "the order of the tiles is hidden in this view: play on the full game"
            )
        k, deck = deck[0], deck[1:]
        placements = fitting_squares(s, k)
        if placements:
            s.deck, s.current, s.placements = deck, k, placements
            return
        s.discarded = s.discarded + [k]
    _finish(s)


def wait_for_deal(s):
    """Keyed play, at the end of a turn: the next seat's tile is drawn at its deal, so the
    generator goes. When no tile left fits anywhere, whatever the draw, they all leave the
    game (in pool order) and it ends now."""
    s.current, s.placements, s.rng = None, [], None
    if any(fits_somewhere(s, k) for k in dict.fromkeys(s.deck)):
        s.waiting = True
    else:
        s.discarded = s.discarded + list(s.deck)
        _finish(s)


def draw_dealt(s):
    """Keyed play, at a turn's deal: tiles come from the pool with the turn's generator (a
    deck fixed by the set-up: from its top) until one fits; those that fit nowhere leave the
    game (docs/rules/carcassonne.md, Unplaceable tile). Some tile fits: wait_for_deal made sure."""
    deck = list(s.deck)
    while True:
        k = deck.pop(0 if s.fixed_deck else s.rng.below(len(deck)))
        placements = fitting_squares(s, k)
        if placements:
            break
        s.discarded = s.discarded + [k]
    s.deck, s.current, s.placements, s.waiting = tuple(deck), k, placements, False


def _finish(s):
    """The game is over: nothing left to draw; final scoring."""
    s.deck, s.current, s.placements = (), None, []
    s.final_events = final_scoring(s)
    for p, points, kind, _, _ in s.final_events:
        s.points[p * 5 + CATEGORY_OF_KIND[kind]] += points


def final_scoring(s):
    """The events of final scoring (docs/rules/carcassonne.md, Final scoring), without changing the scores."""
    parent = s.parent
    features: dict[int, int] = {}  # root -> kind, in the order the meeples were placed
    for _, node in s.meeples:
        features.setdefault(find(parent, node), node_kind(s, node))
    events = []
    farms: dict[int, dict[int, bool]] = {}  # a field's root -> the completed cities it borders
    for root, kind in features.items():
        if kind == FIELD:
            farms[root] = {}
            continue
        points, mask = value(s, root, kind, False)
        for p in majority(s, s.followers[root]):
            events.append((p, points, kind, mask, "final"))
    if farms:
        open_ends = s.open_ends
        for t, o in enumerate(s.tile_ot):
            for field_local, city_locals in FIELD_CITIES[o >> 2]:
                cities = farms.get(find(parent, (t << 3) + field_local))
                if cities is not None:
                    for city_local in city_locals:
                        city_root = find(parent, (t << 3) + city_local)
                        if open_ends[city_root] == 0:
                            cities[city_root] = True
        for root, cities in farms.items():
            if cities:
                for p in majority(s, s.followers[root]):
                    events.append((p, 3 * len(cities), FIELD, s.tiles[root], "final"))
    return events


def courier_starts_on_board(options):
    """The Courier starts on the start tile (seed 002 lines 20-22, its Example 0), with or
    without letter tiles; letter-tile games begun before that reading (option courier_start
    "first_letter_tile") keep him aside until the first letter tile."""
    mode = options["courier"]
    return mode == "tiles_free" or (
        mode == "letter_tiles" and options["courier_start"] == "start_tile"
    )


def start(players, options, deck, fixed_deck):
    """A new game: the start tile (D, rot 0) at (0, 0), the Courier, the first draw."""
    s = empty_state(players, options)
    add_tile(s, pack(0, 0), TYPE_INDEX[START_TILE] * 4)
    if courier_starts_on_board(options):
        s.courier = pack(0, 0)
    s.deck, s.fixed_deck = tuple(deck), fixed_deck
    draw(s)
    return s
