"""Carcassonne (base game, 72 tiles) with the fan mini-expansion The Courier, in the engine
contract of game/core/contract.py. Rules: ../shared/rules/carcassonne-rules.md and DESIGN.md
§3 (move JSON) and §5 (decisions and options). The board mechanics live in board.py.
"""

from typing import ClassVar, NamedTuple

from game.core import BadData, Game, IllegalMove, Option, Rng, reading

from . import DECLARATION, board
from .board import CATEGORIES
from .tables import (
    CANON,
    DELTA,
    DIRECTION_WORDS,
    DISTINCT_ROTS,
    FEATURE_IDS,
    FEATURE_INDEX,
    FEATURE_KIND,
    FITS,
    KIND_NAMES,
    LETTER,
    LIMIT,
    OT_EDGES,
    TYPE_IDS,
    TYPE_INDEX,
    pack,
    unpack,
)
from .tiles import BASE_TILES, LETTER_TILES, MEEPLES_PER_PLAYER, START_TILE

COURIER_MODES = ("off", "tiles_free", "letter_tiles")
REASONS = ("completed", "final", "courier")
MOVE_KEYS = {"x", "y", "rot", "meeple"}
MOVE_SHAPE = (
    'a Carcassonne move is {"x": X, "y": Y, "rot": 0-3, "meeple": null or a feature '
    'of the tile such as "c1"}'
)
MAX_DECK = 300  # a fixed deck longer than this is no game (and keeps coordinates small)


class Place(NamedTuple):
    """Put the current tile on (x, y) turned `rot` quarter turns clockwise; optionally a meeple
    on one of its features (feature id of the tile type, or None)."""

    x: int
    y: int
    rot: int
    meeple: object = None

    def to_json(self):
        return {"x": self.x, "y": self.y, "rot": self.rot, "meeple": self.meeple}


def _check_bool(value):
    if type(value) is not bool:
        raise BadData(f"this option is true or false, not {value!r}")
    return value


def _check_tiny_city(value):
    if type(value) is not int or value not in (2, 4):
        raise BadData(f"option 'tiny_city' is 4 (current rules) or 2 (old rules), not {value!r}")
    return value


def _check_deck(value):
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > MAX_DECK:
        raise BadData(f"option 'deck' is a list of at most {MAX_DECK} tile letters")
    for tile in value:
        if tile not in TYPE_INDEX:
            raise BadData(f"option 'deck': unknown tile {tile!r} (tiles are {', '.join(TYPE_IDS)})")
    return list(value)


def standard_deck(courier):
    """The 71 tiles after the start tile (plus the 6 letter tiles), unshuffled."""
    deck = []
    for tile in BASE_TILES + (LETTER_TILES if courier == "letter_tiles" else ()):
        copies = tile.count - (tile.id == START_TILE)
        deck.extend([TYPE_INDEX[tile.id]] * copies)
    return deck


class Carcassonne(Game):
    declaration = DECLARATION
    options: ClassVar[dict[str, Option]] = {
        "courier": Option(
            "tiles_free",
            choices=COURIER_MODES,
            doc="The Courier: off, without tiles (starts on the start tile), or "
            "with the 6 letter tiles",
        ),
        "courier_reach": Option(
            "line",
            choices=("line", "adjacent"),
            doc="a follower calls the Courier from its row or column, or only from the next tile",
        ),
        "courier_scoring": Option(
            "2024",
            choices=("2024", "pre2024"),
            doc="a message scores every feature with a follower around the "
            "Courier (2024) or only the receiving follower's feature",
        ),
        "courier_farmers": Option(
            False, check=_check_bool, doc="a farmer may call the Courier (its field never scores)"
        ),
        "tiny_city": Option(
            4,
            check=_check_tiny_city,
            doc="a completed 2-tile city scores 4 (current rules) or 2 (old)",
        ),
        "deck": Option(
            None, check=_check_deck, doc="fixed draw order after the start tile (scenarios, tests)"
        ),
    }

    # ---- set-up ------------------------------------------------------------------------------
    def new(self, players=2, seed=0, options=None):
        players, seed, options = self.check_setup(players, seed, options)
        fixed = options.pop("deck")
        rng = Rng(seed)
        if fixed is None:
            deck = standard_deck(options["courier"])
            rng.shuffle(deck)
        else:
            deck = [TYPE_INDEX[tile] for tile in fixed]
            if options["courier"] != "letter_tiles" and any(LETTER[k] for k in deck):
                raise BadData('letter tiles in the deck need the option courier: "letter_tiles"')
        s = board.start(players, options, deck)
        s.rng = rng
        return s

    # ---- playing ------------------------------------------------------------------------------
    def current_player(self, s):
        return None if s.current is None else s.turn

    def legal_moves(self, s):
        """Every (square, rotation, meeple) in the order (y, x, rot), then no meeple before the
        tile's features in their listed order; look-alike rotations once (DESIGN §5)."""
        k = s.current
        if k is None:
            return []
        ids = FEATURE_IDS[k]
        with_meeple = s.supply[s.turn] > 0
        moves = []
        for pos, rot in sorted(s.placements):  # a square's int orders by (y, x)
            x, y = unpack(pos)
            moves.append(Place(x, y, rot, None))
            if with_meeple:
                taken = board.taken_features(s, pos, k * 4 + rot)
                moves.extend(
                    Place(x, y, rot, fid) for local, fid in enumerate(ids) if not taken >> local & 1
                )
        return moves

    def playout_move(self, s, rng):
        """A uniformly random legal move without listing them all: draw (placement, choice)
        uniformly among all placements x (no meeple + every feature) and redraw when the
        feature is taken. Each legal move has the same chance per draw, so it is uniform."""
        k = s.current
        placements = s.placements
        choices = 1 + len(FEATURE_IDS[k]) if s.supply[s.turn] else 1
        while True:
            pick = rng.below(len(placements) * choices)
            pos, rot = placements[pick // choices]
            local = pick % choices - 1
            if local < 0 or not board.taken_features(s, pos, k * 4 + rot) >> local & 1:
                x, y = unpack(pos)
                return Place(x, y, rot, None if local < 0 else FEATURE_IDS[k][local])

    def parse_move(self, obj):
        if isinstance(obj, Place):
            return obj
        if not isinstance(obj, dict) or set(obj) != MOVE_KEYS:
            raise IllegalMove(MOVE_SHAPE)
        x, y, rot, meeple = obj["x"], obj["y"], obj["rot"], obj["meeple"]
        if type(x) is not int or type(y) is not int:
            raise IllegalMove("x and y must be whole numbers")
        if type(rot) is not int or not 0 <= rot <= 3:
            raise IllegalMove("rot must be 0, 1, 2 or 3 (quarter turns clockwise)")
        if meeple is not None and not isinstance(meeple, str):
            raise IllegalMove('meeple must be null or a feature of the tile such as "c1"')
        return Place(x, y, rot, meeple)

    def clone(self, s):
        return board.clone(s)

    def apply_in_place(self, s, move):
        k = s.current
        if k is None:
            raise IllegalMove("the game is over: no more moves can be made")
        x, y, rot, meeple = move
        rot, same_feature = CANON[k][rot]  # a look-alike rotation plays as the listed one
        local = None
        if meeple is not None:
            local = FEATURE_INDEX[k].get(meeple)
            if local is None:
                raise IllegalMove(
                    f"the {TYPE_IDS[k]} tile has no feature {meeple!r} "
                    f"(it has {', '.join(FEATURE_IDS[k])})"
                )
            local = same_feature[local]
        if not (-LIMIT < x < LIMIT and -LIMIT < y < LIMIT):
            raise IllegalMove(f"no tile touches ({x}, {y})")
        pos = pack(x, y)
        code = s.frontier.get(pos)
        if code is None:
            if pos in s.board:
                raise IllegalMove(f"there is already a tile at ({x}, {y})")
            raise IllegalMove(f"no tile touches ({x}, {y})")
        o = k * 4 + rot
        if rot not in FITS[k][code]:
            raise IllegalMove(self._mismatch(s, pos, o))
        if local is not None:
            if not s.supply[s.turn]:
                raise IllegalMove("you have no meeples left")
            if board.taken_features(s, pos, o) >> local & 1:
                raise IllegalMove(f"that {KIND_NAMES[FEATURE_KIND[k][local]]} is already occupied")
        board.play(s, pos, o, local)

    @staticmethod
    def _mismatch(s, pos, o):
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

    def scores(self, s):
        return [sum(s.points[p * 5 : p * 5 + 5]) for p in range(s.players)]

    def score_breakdown(self, s):
        return [dict(zip(CATEGORIES, s.points[p * 5 : p * 5 + 5])) for p in range(s.players)]

    def projected_scores(self, s):
        """Scores as if the game ended now: banked points plus final scoring of the board."""
        totals = self.scores(s)
        if s.current is not None:
            for p, points, _, _, _ in board.final_scoring(s):
                totals[p] += points
        return totals

    def describe_move(self, s, move):
        """("carcassonne.log.place", {player, tile, x, y, rot, meeple}) in the listed form."""
        move = self.parse_move(move)  # the match keeps moves as JSON
        k, rot, meeple = s.current, move.rot, move.meeple
        if k is not None and rot in (0, 1, 2, 3):
            rot, same_feature = CANON[k][rot]
            if meeple in FEATURE_INDEX[k]:
                meeple = FEATURE_IDS[k][same_feature[FEATURE_INDEX[k][meeple]]]
        return "carcassonne.log.place", {
            "player": s.turn,
            "tile": TYPE_IDS[k] if k is not None else None,
            "x": move.x,
            "y": move.y,
            "rot": rot,
            "meeple": meeple,
        }

    # ---- hidden information -------------------------------------------------------------------
    def view(self, s, player):
        """Everything is public except the order of the deck (its composition is public)."""
        v = board.clone(s)
        v.deck, v.hidden, v.rng = tuple(sorted(s.deck)), True, None
        return v

    def determinize(self, v, rng):
        s = board.clone(v)
        if v.hidden:
            deck = list(v.deck)
            rng.shuffle(deck)
            s.deck, s.hidden, s.rng = tuple(deck), False, rng.fork()
        return s

    # ---- serialisation ------------------------------------------------------------------------
    def to_json(self, s):
        tile_pos = s.tile_pos
        return {
            "players": s.players,
            "options": dict(s.options),
            "tiles": [
                [*unpack(pos), TYPE_IDS[o >> 2], o & 3] for pos, o in zip(tile_pos, s.tile_ot)
            ],
            "meeples": [
                [p, *unpack(tile_pos[node >> 3]), FEATURE_IDS[s.tile_ot[node >> 3] >> 2][node & 7]]
                for p, node in s.meeples
            ],
            "score": self.score_breakdown(s),
            "turn": s.turn,
            "current": TYPE_IDS[s.current] if s.current is not None else None,
            "deck": [TYPE_IDS[k] for k in s.deck],
            "hidden": s.hidden,
            "discarded": [TYPE_IDS[k] for k in s.discarded],
            "courier": list(unpack(s.courier)) if s.courier is not None else None,
            "events": [event_json(s, e) for e in s.events],
            "final_events": (
                [event_json(s, e) for e in s.final_events] if s.final_events is not None else None
            ),
            "rng": s.rng.to_json() if s.rng is not None else None,
        }

    def from_json(self, obj):
        with reading("Carcassonne state"):
            return self._read(obj)

    def _read(self, obj):
        if not isinstance(obj, dict):
            raise BadData("a Carcassonne state is a JSON object")
        players = obj["players"]
        players, _, options = self.check_setup(players, 0, obj["options"])
        if options.pop("deck") is not None:
            raise BadData("a state keeps its deck under 'deck', not in the options")
        s = board.empty_state(players, options)
        for i, entry in enumerate(obj["tiles"]):
            x, y, tile, rot = entry
            k = TYPE_INDEX[tile]
            pos = _square(x, y)
            _need(rot in DISTINCT_ROTS[k] and _is_int(rot), f"tile {i} has a bad rotation")
            if i == 0:
                _need(
                    (x, y, tile, rot) == (0, 0, START_TILE, 0),
                    "the first tile is not the start tile",
                )
            else:
                code = s.frontier.get(pos)
                _need(
                    code is not None and rot in FITS[k][code],
                    f"tile {i} at ({x}, {y}) does not fit",
                )
            board.add_tile(s, pos, k * 4 + rot)
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
            root = board.find(s.parent, node)
            s.followers[root] += 1 << (4 * p)
            kind = board.node_kind(s, node)
            _need(
                not ((kind == 1 or kind == 2) and s.open_ends[root] == 0)
                and not (kind == 3 and board.area_mask(s, s.tile_pos[t]).bit_count() == 9),
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
        s.hidden = obj["hidden"]
        _need(type(s.hidden) is bool, "'hidden' is true or false")
        s.discarded = [TYPE_INDEX[tile] for tile in obj["discarded"]]
        courier = obj["courier"]
        if courier is not None:
            s.courier = _square(*courier)
            _need(s.courier in s.board, "the Courier is not on a tile")
        mode = options["courier"]
        _need(
            not (mode == "off" and s.courier is not None)
            and not (mode == "tiles_free" and s.courier is None),
            "the Courier's place does not fit the courier option",
        )
        s.events = [read_event(s, e) for e in obj["events"]]
        final = obj["final_events"]
        s.final_events = [read_event(s, e) for e in final] if final is not None else None
        if s.current is None:
            _need(not s.deck and s.final_events is not None, "a finished game has no deck left")
        else:
            _need(s.final_events is None, "final scoring before the end")
            s.placements = board.fitting_squares(s, s.current)
            _need(bool(s.placements), "the current tile fits nowhere")
        rng = obj["rng"]
        s.rng = Rng.from_json(rng) if rng is not None else None
        return s


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


def event_json(s, event):
    player, points, kind, mask, reason = event
    return {
        "player": player,
        "points": points,
        "kind": KIND_NAMES[kind],
        "tiles": [list(xy) for xy in tiles_of(s, mask)],
        "reason": reason,
    }


def read_event(s, obj):
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


def tiles_of(s, mask):
    """The squares (x, y) of the tiles in a bitmask, north to south, west to east."""
    squares = []
    while mask:
        low = mask & -mask
        squares.append(s.tile_pos[low.bit_length() - 1])
        mask ^= low
    return [unpack(pos) for pos in sorted(squares)]


GAME = Carcassonne()
