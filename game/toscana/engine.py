"""Toscana in the engine contract of game/core/contract.py: the Game, its moves and options
(docs/architecture.md, Move JSON; the rules decisions in docs/rules/toscana.md). How tiles change the
state lives in mechanics.py, the state's JSON in serial.py."""

from typing import Any, ClassVar, NamedTuple

from game.core import Game, IllegalMove, Option, Rng
from game.core.contract import JSON, dealt_copy

from . import DECLARATION, serial
from .mechanics import (
    CANONICAL,
    CONTACTS,
    OWN_BOTH,
    OWN_NEW,
    ToscanaState,
    board_scores,
    can_place,
    clone,
    colour_of,
    end_turn,
    face_down,
    hand_on,
    last_record,
    lay_tile,
    new_state,
    placement_error,
    public_pile,
    send_under,
    shuffle_unknown,
    spots,
    tile_name,
    turn_up,
    turn_up_all,
    veto_allowed,
)


# ---- moves ----------------------------------------------------------------------------------
class Place(NamedTuple):
    """Lay the top tile with its top-left cell at (x, y), turned `rot` clockwise quarter turns;
    `veto`: the opponent's top tile then goes under their pile."""

    x: int
    y: int
    rot: int
    veto: bool = False

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"x": self.x, "y": self.y, "rot": self.rot}
        if self.veto:
            out["veto"] = True
        return out


class Pass(NamedTuple):
    """Nothing fits (or the pile is empty); `veto` as for Place."""

    veto: bool = False

    def to_json(self) -> dict[str, JSON]:
        return {"pass": True, "veto": True} if self.veto else {"pass": True}


ToscanaMove = Place | Pass

MOVE_SHAPE = (
    'a Toscana move is {"x": column, "y": row, "rot": 0-3} or {"pass": true}, '
    'either with an optional "veto": true'
)


# ---- the game -------------------------------------------------------------------------------
class Toscana(Game[ToscanaMove]):
    declaration = DECLARATION
    options: ClassVar[dict[str, Option]] = {
        "piles": Option(
            None,
            check=serial.check_piles_option,
            doc="fixed piles [[seat 0's tile ids], [seat 1's]], top first, used in both rounds",
        ),
        "contact": Option(
            OWN_NEW,
            choices=CONTACTS,
            doc='what an own-colour cell of a new tile must touch: "own-new" any placed tile '
            '(the Czech text, seed 001 line 21), "own-both" an own-colour cell on the board '
            "(most other editions)",
        ),
    }
    # saves and links made before "own-new" became the default meant "own-both"
    legacy_defaults: ClassVar[dict[str, JSON]] = {"contact": OWN_BOTH}
    fixed_chance_options: ClassVar[tuple[str, ...]] = ("piles",)  # a scenario's order

    # ---- set-up -----------------------------------------------------------------------------
    def new(self, players: int = 2, seed: int = 0, options: dict | None = None) -> ToscanaState:
        players, seed, options = self.check_setup(players, seed, options)
        return new_state(Rng(seed), serial.fixed_piles(options["piles"]), options["contact"])

    # ---- playing ----------------------------------------------------------------------------
    def current_player(self, s: ToscanaState) -> int | None:
        return s.turn

    def legal_moves(self, s: ToscanaState) -> list[ToscanaMove]:
        seat = s.turn
        if seat is None or s.waiting:
            return []
        found = spots(s, seat)
        if not found and s.keyed and not can_place(s, 1 - seat):
            return [Pass()]  # keyed: the tile dealt fits nowhere either, this pass ends the round
        moves: list[ToscanaMove] = [Place(x, y, rot) for x, y, rot in found] if found else [Pass()]
        if veto_allowed(s):
            moves += [move._replace(veto=True) for move in moves]
        return moves

    def parse_move(self, obj: Any) -> ToscanaMove:
        if isinstance(obj, (Place, Pass)):
            return obj
        if not isinstance(obj, dict):
            raise IllegalMove(MOVE_SHAPE)
        veto = obj.get("veto", False)
        if type(veto) is not bool:
            raise IllegalMove('"veto" must be true or false')
        if "pass" in obj:
            extra = sorted(str(k) for k in obj if k not in ("pass", "veto"))
            if extra:
                raise IllegalMove(f"a pass has no field {extra[0]!r}")
            if obj["pass"] is not True:
                raise IllegalMove('"pass" must be true')
            return Pass(veto)
        extra = sorted(str(k) for k in obj if k not in ("x", "y", "rot", "veto"))
        if extra:
            raise IllegalMove(f"unknown field {extra[0]!r}: {MOVE_SHAPE}")
        for key in ("x", "y", "rot"):
            if key not in obj:
                raise IllegalMove(f'a placement needs "{key}": {MOVE_SHAPE}')
            if type(obj[key]) is not int:
                raise IllegalMove(f'"{key}" must be a whole number')
        if obj["rot"] not in (0, 1, 2, 3):
            raise IllegalMove('"rot" must be 0, 1, 2 or 3 (clockwise quarter turns)')
        return Place(obj["x"], obj["y"], obj["rot"], veto)

    def clone(self, s: ToscanaState) -> ToscanaState:
        return clone(s)

    def apply_in_place(self, s: ToscanaState, move: ToscanaMove) -> None:
        if s.hidden:
            raise IllegalMove(
                "this is a view with the piles hidden: moves are played on full states"
            )
        seat = s.turn
        if seat is None:
            raise IllegalMove("the game is over: no more moves can be made")
        if s.waiting:
            raise IllegalMove("this turn waits for its deal: its tiles are not turned up yet")
        opponent = 1 - seat
        pile = s.piles[seat]
        colour = colour_of(seat, s.round_no)
        if move.veto:
            if not s.veto_left[seat]:
                raise IllegalMove("you have no veto left in this round")
            if len(s.piles[opponent]) < 2:
                # the tile would come straight back to the top (rules/toscana.md A3)
                raise IllegalMove("a veto needs at least 2 tiles in your opponent's pile")
        tile = tile_name(pile[0]) if pile else None
        if isinstance(move, Pass):
            found = spots(s, seat)
            if found:
                x, y, rot = found[0]
                raise IllegalMove(
                    f"you cannot pass: your tile {tile} fits, for example at "
                    f"x={x}, y={y}, rot={rot}"
                )
            if move.veto and s.keyed and not can_place(s, opponent):
                raise IllegalMove("neither player can place: this pass only ends the round")
            placed = None  # a blocked tile stays on top (rules/toscana.md A6)
        else:
            if not pile:
                raise IllegalMove("your pile is empty: you can only pass")
            layout = pile[0]
            rot = CANONICAL[layout][move.rot]  # a look-alike turn is the same placement
            own_both = s.contact == OWN_BOTH
            error = placement_error(s.masks, layout, colour, move.x, move.y, rot, own_both)
            if error:
                raise IllegalMove(error)
            lay_tile(s, seat, move.x, move.y, rot)
            if s.keyed:  # the next tile shows at once: the opponent decides a veto on it
                turn_up(s, seat)
            placed = (move.x, move.y, rot)
        vetoed = None
        if move.veto:
            vetoed = send_under(s, opponent)
            s.veto_left[seat] = False
            if s.keyed:  # the opponent's next tile comes up at the deal of its turn
                face_down(s, opponent)
        round_end = end_turn(s, seat)
        s.last = last_record(seat, colour, tile, placed, move.veto, vetoed, round_end)
        if s.keyed:
            hand_on(s, seat)

    # ---- scores -----------------------------------------------------------------------------
    def scores(self, s: ToscanaState) -> list[int]:
        return [sum(scores[seat] for _, scores in s.finished) for seat in (0, 1)]

    def projected_scores(self, s: ToscanaState) -> list[int]:
        points = self.scores(s)
        if s.turn is not None:
            current = board_scores(s.masks, s.tile_masks, s.round_no)
            points = [points[seat] + current[seat] for seat in (0, 1)]
        return points

    def score_breakdown(self, s: ToscanaState) -> list[dict[str, int]]:
        """Per seat {"round 1": points, "round 2": points}, finished rounds only."""
        return [
            {f"round {k}": scores[seat] for k, (_, scores) in enumerate(s.finished, 1)}
            for seat in (0, 1)
        ]

    def winners(self, s: ToscanaState) -> list[int]:
        """More rounds won, then the higher total, else both (docs/rules/toscana.md, Ties; a tied round is won
        by nobody, rules/toscana.md A8)."""
        if s.turn is not None:
            return []
        won = [0, 0]
        for _, (a, b) in s.finished:
            if a != b:
                won[0 if a > b else 1] += 1
        if won[0] != won[1]:
            return [0 if won[0] > won[1] else 1]
        total = self.scores(s)
        if total[0] != total[1]:
            return [0 if total[0] > total[1] else 1]
        return [0, 1]

    # ---- chance and hidden information --------------------------------------------------------
    def redeal_unrevealed(self, s: ToscanaState) -> None:
        """Shuffle what nobody has seen: each pile below its top, above the tiles a veto sent
        to the bottom (docs/rules/toscana.md, Veto: piles are face up, a vetoed tile is known to lie at the
        bottom). Fixed piles (option `piles`) are a scenario and stay as they are; keyed pools
        have no order."""
        if s.fixed_piles is None and not s.keyed:
            for seat, pile in enumerate(s.piles):
                shuffle_unknown(pile, s.known[seat], s.rng)

    def view(self, s: ToscanaState, player: int | None) -> ToscanaState:
        """Both top tiles and pile sizes stay, and the tiles a veto sent to the bottom, in
        order; between them the order is replaced by the sorted composition (public: every tile
        not yet played); no RNG, no round-2 order."""
        v = clone(s)
        v.piles = [
            public_pile(pile, known, top) for pile, known, top in zip(s.piles, s.known, s.face_up)
        ]
        v.fixed_piles = None
        v.rng = None
        v.hidden = True
        return v

    def determinize(self, view: ToscanaState, rng: Rng) -> ToscanaState:
        """The unknown middles sampled with `rng` (keyed: they stay pools, drawn from by the
        turn's generator, here a fresh one, or by the next deal)."""
        s = clone(view)
        if not view.hidden:
            return s
        if not view.keyed:
            for seat, pile in enumerate(s.piles):
                shuffle_unknown(pile, s.known[seat], rng)
        s.hidden = False
        s.rng = None if view.waiting else rng.fork()
        return s

    # ---- keyed chance (link play) -------------------------------------------------------------
    def keyed(self, s: ToscanaState) -> ToscanaState:
        """The piles' unknown middles become sorted pools (fixed piles keep their order); the
        top tiles are face up and public, so they stay; the turn in progress waits."""
        c = clone(s)
        c.keyed, c.rng, c.waiting = True, None, c.turn is not None
        if c.fixed_piles is None:
            c.piles = [
                public_pile(pile, known, top)
                for pile, known, top in zip(c.piles, c.known, c.face_up)
            ]
        return c

    def to_deal(self, s: ToscanaState) -> int | None:
        return s.turn if s.waiting else None

    def deal(self, s: ToscanaState, key: int) -> ToscanaState:
        """The generator of the turn from `key`; a top tile still face down (the mover's after
        a veto, both at round 2's start) is turned up with it."""
        c = dealt_copy(s, key, clone)
        turn_up_all(c)
        return c

    # ---- serialisation ----------------------------------------------------------------------
    def to_json(self, s: ToscanaState) -> dict[str, JSON]:
        return serial.to_json(s)

    def from_json(self, obj: JSON) -> ToscanaState:
        return serial.from_json(obj)

    # ---- helpers for players ----------------------------------------------------------------
    def describe_move(self, s: ToscanaState, move: Any) -> tuple[str, dict[str, JSON]]:
        """("toscana.log.place" | "toscana.log.place_veto" | "toscana.log.pass" |
        "toscana.log.pass_veto", params): player, tile (None on an empty pile), x, y, rot for
        a placement; opponent and vetoed (their top tile) with a veto."""
        move = self.parse_move(move)
        seat = s.turn
        if seat is None:
            raise IllegalMove("the game is over: no more moves can be made")
        pile = s.piles[seat]
        params: dict[str, JSON] = {"player": seat, "tile": tile_name(pile[0]) if pile else None}
        if isinstance(move, Place):
            rot = CANONICAL[pile[0]][move.rot] if pile else move.rot
            params.update(x=move.x, y=move.y, rot=rot)
            key = "toscana.log.place"
        else:
            key = "toscana.log.pass"
        if move.veto:
            other_pile = s.piles[1 - seat]
            vetoed = tile_name(other_pile[0]) if other_pile else None
            params.update(opponent=1 - seat, vetoed=vetoed)
            key += "_veto"
        return key, params


GAME = Toscana()
