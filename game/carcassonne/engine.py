"""Carcassonne (base game, 72 tiles) with the fan mini-expansion The Courier, in the engine
contract of game/core/contract.py. Rules: docs/rules/carcassonne.md (decisions
and options) and docs/architecture.md, Move JSON. The state and its mechanics live in
mechanics.py, its JSON form in serial.py.
"""

from typing import Any, ClassVar, NamedTuple

from game.core import BadData, Game, IllegalMove, Option, Rng, reading
from game.core.contract import JSON, dealt_copy

from . import DECLARATION, mechanics, serial
from .data import BASE_TILES, LETTER_TILES, START_TILE
from .mechanics import State
from .tables import (
    CANON,
    FEATURE_IDS,
    FEATURE_INDEX,
    FEATURE_KIND,
    FITS,
    KIND_NAMES,
    LETTER,
    LIMIT,
    TYPE_IDS,
    TYPE_INDEX,
    pack,
    unpack,
)

COURIER_MODES = ("off", "tiles_free", "letter_tiles")
COURIER_STARTS = ("start_tile", "first_letter_tile")
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
    meeple: str | None = None

    def to_json(self) -> dict[str, JSON]:
        return {"x": self.x, "y": self.y, "rot": self.rot, "meeple": self.meeple}


def _check_bool(value: Any) -> bool:
    if type(value) is not bool:
        raise BadData(f"this option is true or false, not {value!r}")
    return value


def _check_tiny_city(value: Any) -> int:
    if type(value) is not int or value not in (2, 4):
        raise BadData(f"option 'tiny_city' is 4 (current rules) or 2 (old rules), not {value!r}")
    return value


def _check_deck(value: Any) -> list[str] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > MAX_DECK:
        raise BadData(f"option 'deck' is a list of at most {MAX_DECK} tile letters")
    for tile in value:
        if tile not in TYPE_INDEX:
            raise BadData(f"option 'deck': unknown tile {tile!r} (tiles are {', '.join(TYPE_IDS)})")
    return list(value)


def standard_deck(courier: str) -> list[int]:
    """The 71 tiles after the start tile (plus the 6 letter tiles), unshuffled."""
    deck = []
    for tile in BASE_TILES + (LETTER_TILES if courier == "letter_tiles" else ()):
        copies = tile.count - (tile.id == START_TILE)
        deck.extend([TYPE_INDEX[tile.id]] * copies)
    return deck


class Carcassonne(Game[Place]):
    declaration = DECLARATION
    options: ClassVar[dict[str, Option]] = {
        "courier": Option(
            "tiles_free",
            choices=COURIER_MODES,
            doc="The Courier: off, without tiles (starts on the start tile), or "
            "with the 6 letter tiles",
        ),
        "courier_start": Option(
            "start_tile",
            choices=COURIER_STARTS,
            doc="with letter tiles the Courier starts on the start tile (the rules' text), or "
            "aside until the first letter tile (how games begun before read it)",
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
    # saves and links made before option courier_start existed meant the old start
    legacy_defaults: ClassVar[dict[str, JSON]] = {"courier_start": "first_letter_tile"}
    fixed_chance_options: ClassVar[tuple[str, ...]] = ("deck",)  # a scenario's order

    # ---- set-up ------------------------------------------------------------------------------
    def new(self, players: int = 2, seed: int = 0, options: dict | None = None) -> State:
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
        s = mechanics.start(players, options, deck, fixed_deck=fixed is not None)
        s.rng = rng
        return s

    # ---- playing ------------------------------------------------------------------------------
    def current_player(self, s: State) -> int | None:
        return None if s.current is None and not s.waiting else s.turn

    def legal_moves(self, s: State) -> list[Place]:
        """Every (square, rotation, meeple) in the order (y, x, rot), then no meeple before the
        tile's features in their listed order; look-alike rotations once (docs/rules/carcassonne.md, Look-alike rotations)."""
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
                taken = mechanics.taken_features(s, pos, k * 4 + rot)
                moves.extend(
                    Place(x, y, rot, fid) for local, fid in enumerate(ids) if not taken >> local & 1
                )
        return moves

    def playout_move(self, s: State, rng: Rng) -> Place:
        """A uniformly random legal move without listing them all: draw (placement, choice)
        uniformly among all placements x (no meeple + every feature) and redraw when the
        feature is taken. Each legal move has the same chance per draw, so it is uniform."""
        # a game in play holds its tile (`current` is None only when over or waiting; no check:
        # hot path)
        k: int = s.current  # type: ignore[assignment]
        placements = s.placements
        choices = 1 + len(FEATURE_IDS[k]) if s.supply[s.turn] else 1
        while True:
            pick = rng.below(len(placements) * choices)
            pos, rot = placements[pick // choices]
            local = pick % choices - 1
            if local < 0 or not mechanics.taken_features(s, pos, k * 4 + rot) >> local & 1:
                x, y = unpack(pos)
                return Place(x, y, rot, None if local < 0 else FEATURE_IDS[k][local])

    def parse_move(self, obj: Any) -> Place:
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

    def clone(self, s: State) -> State:
        return mechanics.clone(s)

    def apply_in_place(self, s: State, move: Place) -> None:
        k = s.current
        if k is None:
            if s.waiting:
                raise IllegalMove("this turn waits for its deal: no tile is drawn yet")
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
            raise IllegalMove(mechanics.mismatch(s, pos, o))
        if local is not None:
            if not s.supply[s.turn]:
                raise IllegalMove("you have no meeples left")
            if mechanics.taken_features(s, pos, o) >> local & 1:
                raise IllegalMove(f"that {KIND_NAMES[FEATURE_KIND[k][local]]} is already occupied")
        mechanics.play(s, pos, o, local)

    def scores(self, s: State) -> list[int]:
        return [sum(s.points[p * 5 : p * 5 + 5]) for p in range(s.players)]

    def score_breakdown(self, s: State) -> list[dict[str, int]]:
        return mechanics.breakdown(s)

    def projected_scores(self, s: State) -> list[int]:
        """Scores as if the game ended now: banked points plus final scoring of the board."""
        totals = self.scores(s)
        if s.final_events is None:
            for p, points, _, _, _ in mechanics.final_scoring(s):
                totals[p] += points
        return totals

    def describe_move(self, s: State, move: Any) -> tuple[str, dict[str, JSON]]:
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

    # ---- chance and hidden information ---------------------------------------------------------
    def redeal_unrevealed(self, s: State) -> None:
        """The face-down stack is shuffled again (the drawn tile is public); a deck fixed by the
        set-up keeps its order, and a keyed pool has none."""
        if not s.fixed_deck and not s.keyed:
            assert s.rng is not None, "mix_entropy shuffles with the state's generator"
            deck = list(s.deck)
            s.rng.shuffle(deck)
            s.deck = tuple(deck)

    def view(self, s: State, player: int | None) -> State:
        """Everything is public except the order of the deck (its composition is public)."""
        v = mechanics.clone(s)
        v.deck, v.hidden, v.rng = tuple(sorted(s.deck)), True, None
        return v

    def determinize(self, v: State, rng: Rng) -> State:
        """The deck's order sampled with `rng` (a keyed pool stays one: its draws come from
        the turn's generator, here a fresh one, or from the next deal)."""
        s = mechanics.clone(v)
        if v.hidden:
            deck = list(v.deck)
            if not v.keyed or v.fixed_deck:
                rng.shuffle(deck)
            s.deck, s.hidden = tuple(deck), False
            s.rng = None if v.waiting else rng.fork()
        return s

    # ---- keyed chance (link play) ---------------------------------------------------------------
    def keyed(self, s: State) -> State:
        """The stack becomes an unordered pool (a deck fixed by the set-up keeps its order) and
        the tile in hand of the seat to move goes back to it (on top of a fixed deck): it is
        drawn again at that seat's deal."""
        c = mechanics.clone(s)
        c.keyed, c.rng = True, None
        if c.current is not None:
            c.deck = (c.current, *c.deck)
            c.current, c.placements, c.waiting = None, [], True
        if not c.fixed_deck:
            c.deck = tuple(sorted(c.deck))
        return c

    def to_deal(self, s: State) -> int | None:
        return s.turn if s.waiting else None

    def deal(self, s: State, key: int) -> State:
        """The seat's tile drawn from the pool with the generator of `key`; tiles that fit
        nowhere leave the game first, as in seeded play."""
        c = dealt_copy(s, key, mechanics.clone)
        mechanics.draw_dealt(c)
        return c

    # ---- serialisation ------------------------------------------------------------------------
    def to_json(self, s: State) -> dict[str, JSON]:
        return serial.to_json(s)

    def from_json(self, obj: JSON) -> State:
        with reading("Carcassonne state"):
            return serial.from_json(obj, self.check_setup)


GAME = Carcassonne()
