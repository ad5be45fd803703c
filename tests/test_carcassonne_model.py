"""The engine against a second, deliberately naive model of the same rules.

The model knows only the raw tile data (game/carcassonne/data.py), finds features by flood
fill from scratch on every question, and follows docs/rules/carcassonne.md sentence by sentence:
Tile placement, Followers, Completed features and Scoring during the game, Final scoring and
Farms, and the Courier's sections. Random games (with a taste for roads, cities and monks, so
that features get scored) are replayed in both; every turn must agree on the legal moves, the
score events, the meeples and the Courier.
"""

import pytest

from game import games
from game.carcassonne import queries
from game.carcassonne.data import START_TILE, TILE_TYPES
from game.core import Rng

GAME = games.get("carcassonne")
TYPES = {t.id: t for t in TILE_TYPES}
ORDER = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
HALVES = ["N_w", "N_e", "E_n", "E_s", "S_e", "S_w", "W_s", "W_n"]
ACROSS = {
    "N_w": "S_w",
    "N_e": "S_e",
    "E_n": "W_n",
    "E_s": "W_s",
    "S_w": "N_w",
    "S_e": "N_e",
    "W_n": "E_n",
    "W_s": "E_s",
}
# docs/rules/carcassonne.md, Letter tiles: look-alike rotations, listed once (letter1 is drawn like U)
PERIOD = {"U": 2, "H": 2, "F": 2, "G": 2, "letter1": 2, "B": 1, "C": 1, "X": 1}


def turn_edge(edge, rot):
    return ORDER[(ORDER.index(edge) + rot) % 4]


def turn_half(half, rot):
    return HALVES[(HALVES.index(half) + 2 * rot) % 8]


def ahead(xy, edge):
    return xy[0] + STEP[edge][0], xy[1] + STEP[edge][1]


class Model:
    def __init__(self, players, options):
        self.players, self.options = players, options
        self.tiles = {(0, 0): (TYPES[START_TILE], 0)}
        self.meeples = []  # [seat, (x, y), feature id]
        # seed 002 lines 20-22: he starts on the start tile (with letter tiles unless a game
        # begun before that reading keeps him aside: option courier_start)
        on_start = options["courier"] == "tiles_free" or (
            options["courier"] == "letter_tiles" and options["courier_start"] == "start_tile"
        )
        self.courier = (0, 0) if on_start else None

    # -- geometry --
    def feature_def(self, xy, fid):
        tile, _ = self.tiles[xy]
        return next(f for f in tile.features if f.id == fid)

    def edge_kind(self, xy, edge):
        tile, rot = self.tiles[xy]
        kinds = {"C": "city", "R": "road", "F": "field"}
        return kinds[tile.edges[(ORDER.index(edge) - rot) % 4]]

    def linked(self, segment):
        """Segments on neighbouring tiles that continue this one."""
        xy, fid = segment
        _tile, rot = self.tiles[xy]
        f = self.feature_def(xy, fid)
        out = []
        for edge in f.edges:
            e = turn_edge(edge, rot)
            there = ahead(xy, e)
            if there in self.tiles:
                t2, r2 = self.tiles[there]
                back = ORDER[(ORDER.index(e) + 2) % 4]
                out += [
                    (there, g.id)
                    for g in t2.features
                    if back in [turn_edge(x, r2) for x in g.edges]
                ]
        for half in f.half_edges:
            h = turn_half(half, rot)
            there = ahead(xy, h[0])
            if there in self.tiles:
                t2, r2 = self.tiles[there]
                out += [
                    (there, g.id)
                    for g in t2.features
                    if ACROSS[h] in [turn_half(x, r2) for x in g.half_edges]
                ]
        return out

    def feature(self, segment):
        seen, todo = {segment}, [segment]
        while todo:
            for nxt in self.linked(todo.pop()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return frozenset(seen)

    def kind(self, segment):
        return self.feature_def(*segment).kind

    def complete(self, feature):
        for xy, fid in feature:
            _tile, rot = self.tiles[xy]
            for edge in self.feature_def(xy, fid).edges:
                if ahead(xy, turn_edge(edge, rot)) not in self.tiles:
                    return False
        return True

    def block(self, xy):
        return [
            (xy[0] + dx, xy[1] + dy)
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if (xy[0] + dx, xy[1] + dy) in self.tiles
        ]

    def value(self, feature, kind, completed):
        if kind == "monastery":
            ((xy, _),) = feature
            tiles = self.block(xy)
            return len(tiles), tiles
        tiles = sorted({xy for xy, _ in feature})
        if kind == "road":
            return len(tiles), tiles
        pennants = sum(1 for seg in feature if self.feature_def(*seg).pennant)
        if completed and not (len(tiles) == 2 and self.options["tiny_city"] == 2):
            return 2 * (len(tiles) + pennants), tiles
        return len(tiles) + pennants, tiles

    def feature_of_meeple(self, meeple):
        return self.feature((meeple[1], meeple[2]))

    def winners(self, feature):
        counts = [0] * self.players
        for p, xy, fid in self.meeples:
            if (xy, fid) in feature:
                counts[p] += 1
        best = max(counts)
        return [p for p in range(self.players) if counts[p] == best] if best else []

    # -- moves --
    def fits(self, tile, xy, rot):
        if xy in self.tiles:
            return False
        touching = False
        for edge in ORDER:
            there = ahead(xy, edge)
            if there in self.tiles:
                touching = True
                letter = tile.edges[(ORDER.index(edge) - rot) % 4]
                mine = {"C": "city", "R": "road", "F": "field"}[letter]
                if mine != self.edge_kind(there, ORDER[(ORDER.index(edge) + 2) % 4]):
                    return False
        return touching

    def legal_moves(self, tile_id, supply):
        tile = TYPES[tile_id]
        squares = {ahead(xy, e) for xy in self.tiles for e in ORDER} - set(self.tiles)
        moves = set()
        for xy in squares:
            for rot in range(PERIOD.get(tile_id, 4)):
                if self.fits(tile, xy, rot):
                    moves.add((xy[0], xy[1], rot, None))
                    if supply:
                        self.tiles[xy] = (tile, rot)
                        for f in tile.features:
                            if not self.winners(self.feature((xy, f.id))):
                                moves.add((xy[0], xy[1], rot, f.id))
                        del self.tiles[xy]
        return moves

    def play(self, seat, tile_id, move):
        """Returns the score events of the turn as (seat, points, kind, tiles, reason)."""
        tile = TYPES[tile_id]
        xy = (move["x"], move["y"])
        self.tiles[xy] = (tile, move["rot"])
        if tile.letter and self.options["courier"] == "letter_tiles":
            self.courier = xy
        placed = None
        if move["meeple"] is not None:
            placed = [seat, xy, move["meeple"]]
            self.meeples.append(placed)
        events, scored = [], []
        for f in tile.features:
            if f.kind in ("road", "city"):
                feature = self.feature((xy, f.id))
                if feature not in scored and self.complete(feature):
                    scored.append(feature)
                    points, tiles = self.value(feature, f.kind, True)
                    events += [
                        (p, points, f.kind, tiles, "completed") for p in self.winners(feature)
                    ]
        for p, where, fid in list(self.meeples):
            near = abs(where[0] - xy[0]) <= 1 and abs(where[1] - xy[1]) <= 1
            if fid == "monastery" and near and len(self.block(where)) == 9:
                scored.append(frozenset([(where, fid)]))
                events.append((p, 9, "monastery", self.block(where), "completed"))
        self.meeples = [m for m in self.meeples if not any((m[1], m[2]) in f for f in scored)]
        if placed is not None and placed in self.meeples and self.courier is not None:
            events += self.courier_turn(placed)
        return events

    def courier_turn(self, placed):
        seat, xy, fid = placed
        kind = self.kind((xy, fid))
        if kind == "field" and not self.options["courier_farmers"]:
            return []
        cx, cy = self.courier
        if self.options["courier_reach"] == "line":
            if xy[0] != cx and xy[1] != cy:
                return []
        elif abs(xy[0] - cx) + abs(xy[1] - cy) > 1:
            return []
        self.courier = xy
        if self.options["courier_scoring"] == "pre2024":
            chosen = [placed] if kind != "field" else []
        else:
            chosen = [
                m
                for m in self.meeples
                if abs(m[1][0] - xy[0]) <= 1
                and abs(m[1][1] - xy[1]) <= 1
                and self.kind((m[1], m[2])) != "field"
            ]
        features = []
        for m in chosen:
            f = self.feature_of_meeple(m)
            if f not in features:
                features.append(f)
        events = []
        for f in features:
            kind = self.kind(next(iter(f)))
            points, tiles = self.value(f, kind, False)
            events.append((seat, points, kind, tiles, "courier"))
        return events

    def final(self):
        events, done = [], []
        for m in self.meeples:
            f = self.feature_of_meeple(m)
            if f in done:
                continue
            done.append(f)
            kind = self.kind((m[1], m[2]))
            if kind == "field":
                cities = set()
                for xy, fid in f:
                    for city in self.feature_def(xy, fid).cities:
                        c = self.feature((xy, city))
                        if self.complete(c):
                            cities.add(c)
                points, tiles = 3 * len(cities), sorted({xy for xy, _ in f})
                if not points:
                    continue
            else:
                points, tiles = self.value(f, kind, False)
            events += [(p, points, kind, tiles, "final") for p in self.winners(f)]
        return events


def norm(events):
    return sorted((e[0], e[1], e[2], sorted(tuple(t) for t in e[3]), e[4]) for e in events)


def pick(moves, rng):
    """Random, but half of the time a meeple on a road, city or monastery when there is one."""
    keen = [m for m in moves if m.meeple and m.meeple[0] in "rcm"]
    if keen and rng.below(2):
        return rng.choice(keen)
    return rng.choice(moves)


def play_both(players, seed, options):
    state = GAME.new(players=players, seed=seed, options=options)
    full = GAME.to_json(state)["options"]
    model = Model(players, full)
    rng = Rng(seed + 99)
    scores = [0] * players
    turns = 0
    while not GAME.is_over(state):
        seat, tile = GAME.current_player(state), queries.current_tile(state)
        moves = GAME.legal_moves(state)
        expected = model.legal_moves(tile, queries.meeples_left(state)[seat])
        assert {(m.x, m.y, m.rot, m.meeple) for m in moves} == expected, (seed, turns)
        move = pick(moves, rng).to_json()
        state = GAME.apply(state, move)
        events = model.play(seat, tile, move)
        assert norm(queries.score_events(state)) == norm(events), (seed, turns, move)
        for e in events:
            scores[e[0]] += e[1]
        assert sorted(queries.meeples_on_board(state)) == sorted(
            (p, xy[0], xy[1], fid) for p, xy, fid in model.meeples
        )
        assert queries.courier_position(state) == model.courier
        turns += 1
    final = model.final()
    assert norm(queries.final_events(state)) == norm(final), seed
    for e in final:
        scores[e[0]] += e[1]
    assert GAME.scores(state) == scores
    return turns


@pytest.mark.parametrize(
    "players, options",
    [
        (2, {}),
        (3, {"courier": "off"}),
        (4, {"courier": "letter_tiles"}),
        (5, {"courier_reach": "adjacent", "courier_scoring": "pre2024"}),
        (2, {"courier_farmers": True, "tiny_city": 2}),
        (3, {"courier": "letter_tiles", "courier_reach": "adjacent", "courier_farmers": True}),
        (2, {"courier": "letter_tiles", "courier_start": "first_letter_tile"}),
    ],
)
def test_engine_agrees_with_the_naive_model(players, options):
    for seed in range(1, 4):
        assert play_both(players, seed, options) >= 70


def test_projected_scores_are_final_scoring_now():
    # Required: projected_scores "for each player as if the game ended now".
    state = GAME.new(players=3, seed=11)
    rng = Rng(5)
    for _ in range(40):
        state = GAME.apply(state, pick(GAME.legal_moves(state), rng))
    model = Model(3, GAME.to_json(state)["options"])
    for x, y, tile, rot in queries.placed_tiles(state)[1:]:
        model.tiles[(x, y)] = (TYPES[tile], rot)
    model.meeples = [[p, (x, y), fid] for p, x, y, fid in queries.meeples_on_board(state)]
    expected = GAME.scores(state)
    for e in model.final():
        expected[e[0]] += e[1]
    assert queries.projected_scores(state) == expected
    assert norm(queries.projected_events(state)) == norm(model.final())
