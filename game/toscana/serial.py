"""A Toscana state to and from JSON. Reading validates everything (a hand-edited or damaged
state fails with BadData naming what is wrong): every placement is replayed with the placement
rules, round scores are recomputed, the last-move record is rebuilt from its facts."""

from game.core import BadData, Rng, reading

from .data import LAYOUT_IDS
from .mechanics import (
    CANONICAL,
    CONTACTS,
    LAYOUT_INDEX,
    OWN_BOTH,
    ROUNDS,
    ToscanaState,
    board_scores,
    build,
    colour_of,
    last_record,
    place,
    placement_error,
    public_pile,
)


def read_tile_list(value, what):
    """Layout ids -> indices; BadData for a non-list, unknown ids or repeats."""
    if not isinstance(value, (list, tuple)):
        raise BadData(f"{what} must be a list of tile ids (T01 to T16)")
    out = []
    for tile in value:
        if not isinstance(tile, str) or tile not in LAYOUT_INDEX:
            raise BadData(f"{what}: {tile!r} is not a tile id (T01 to T16)")
        if LAYOUT_INDEX[tile] in out:
            raise BadData(f"{what}: {tile} appears twice")
        out.append(LAYOUT_INDEX[tile])
    return out


def check_piles_option(value):
    """Option `piles`: [[ids of seat 0, top first], [ids of seat 1]], 1 to 16 distinct ids each."""
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise BadData('option "piles" must be two lists of tile ids (T01 to T16), seat 0\'s first')
    for seat, pile in enumerate(value):
        if not read_tile_list(pile, f'option "piles", seat {seat}'):
            raise BadData(f'option "piles": the pile of seat {seat} is empty')
    return [list(pile) for pile in value]


def fixed_piles(option):
    """Option `piles` (checked) as layout indices, or None."""
    if option is None:
        return None
    return tuple(tuple(LAYOUT_INDEX[tile] for tile in pile) for pile in option)


def _is_seat(value):
    return type(value) is int and value in (0, 1)


def _tile_ids(pile):
    return [LAYOUT_IDS[k] for k in pile]


def _placement_json(placement):
    seat, layout, x, y, rot = placement
    return {"player": seat, "tile": LAYOUT_IDS[layout], "x": x, "y": y, "rot": rot}


def to_json(s):
    return {
        "turn": s.turn,
        "piles": [_tile_ids(pile) for pile in s.piles],
        "known_bottom": list(s.known),
        "veto_left": list(s.veto_left),
        "placements": [_placement_json(p) for p in s.placements],
        "finished": [
            {"placements": [_placement_json(p) for p in placements], "scores": list(scores)}
            for placements, scores in s.finished
        ],
        "fixed_piles": None if s.fixed_piles is None else [_tile_ids(p) for p in s.fixed_piles],
        "contact": s.contact,
        "last": s.last,
        "hidden": s.hidden,
        "keyed": s.keyed,
        "waiting": s.waiting,
        "face_up": list(s.face_up),
        "rng": s.rng.to_json() if s.rng is not None else None,
    }


def from_json(obj):
    with reading("Toscana state"):
        if not isinstance(obj, dict):
            raise BadData("a Toscana state is a JSON object")
        s = ToscanaState()
        s.hidden = obj["hidden"]
        if type(s.hidden) is not bool:
            raise BadData('"hidden" must be true or false')
        if s.hidden and obj["rng"] is not None:
            raise BadData("a view (hidden piles) carries no RNG")
        s.rng = None if obj["rng"] is None else Rng.from_json(obj["rng"])
        s.contact = obj["contact"]
        if s.contact not in CONTACTS:
            raise BadData(f'"contact" must be one of {", ".join(CONTACTS)}')
        if not isinstance(obj["finished"], list) or len(obj["finished"]) > ROUNDS:
            raise BadData(f'"finished" must list at most {ROUNDS} rounds')
        s.finished = ()
        for round_no, record in enumerate(obj["finished"], 1):
            placements = _read_placements(record["placements"], round_no, s.contact)
            masks, tile_masks = build(placements, round_no)
            scores = board_scores(masks, tile_masks, round_no)
            if record["scores"] != list(scores):
                raise BadData(f"round {round_no} scored {list(scores)}, not {record['scores']}")
            s.finished += ((placements, scores),)
        over = s.round_no > ROUNDS
        s.placements = list(_read_placements(obj["placements"], s.round_no, s.contact))
        if over and s.placements:
            raise BadData("the match is over but the board holds tiles")
        s.masks, s.tile_masks = build(s.placements, min(s.round_no, ROUNDS))
        if not isinstance(obj["piles"], list) or len(obj["piles"]) != 2:
            raise BadData('"piles" must hold two piles')
        s.piles = [
            read_tile_list(pile, f"pile of seat {seat}") for seat, pile in enumerate(obj["piles"])
        ]
        played = s.placements if not over else s.finished[-1][0]
        for seat, layout, *_ in played:
            if layout in s.piles[seat]:
                raise BadData(
                    f"seat {seat} has {LAYOUT_IDS[layout]} both on the board and in the pile"
                )
        veto_left = obj["veto_left"]
        if (
            not isinstance(veto_left, list)
            or len(veto_left) != 2
            or any(type(v) is not bool for v in veto_left)
        ):
            raise BadData('"veto_left" must be two true/false values')
        s.veto_left = list(veto_left)
        s.known = _read_known(obj["known_bottom"], s)
        s.turn = obj["turn"]
        if over != (s.turn is None) or not (s.turn is None or _is_seat(s.turn)):
            raise BadData('"turn" must be 0 or 1 while playing and null once the match is over')
        s.fixed_piles = fixed_piles(check_piles_option(obj["fixed_piles"]))
        _read_keyed(obj, s)
        s.last = _read_last(obj["last"], s)
    return s


def _read_keyed(obj, s):
    """Keyed play: the flags agree with the state, pools are sorted, a top tile is face down
    only in a turn waiting for its deal, and such a turn holds no generator."""
    s.keyed, s.waiting, face_up = obj["keyed"], obj["waiting"], obj["face_up"]
    if type(s.keyed) is not bool or type(s.waiting) is not bool:
        raise BadData('"keyed" and "waiting" must be true or false')
    if (
        not isinstance(face_up, list)
        or len(face_up) != 2
        or any(type(f) is not bool for f in face_up)
    ):
        raise BadData('"face_up" must be two true/false values')
    s.face_up = (face_up[0], face_up[1])
    if s.waiting and (not s.keyed or s.turn is None or s.rng is not None):
        raise BadData("only a keyed turn in play, without a generator, waits for its deal")
    if s.rng is None and not s.hidden and not (s.keyed and (s.waiting or s.turn is None)):
        raise BadData("a full state needs its RNG while a turn is played")
    for seat, pile in enumerate(s.piles):
        if not face_up[seat] and (not s.keyed or not pile or not (s.waiting or s.turn is None)):
            raise BadData(f"the top tile of seat {seat} is face down outside a waiting turn")
        pooled = s.keyed and s.fixed_piles is None
        if pooled and public_pile(pile, s.known[seat], face_up[seat]) != pile:
            raise BadData(f"the pile of seat {seat} is a pool: its unknown part is sorted")


def _read_known(value, s):
    """How many bottom tiles of each pile everybody knows: only tiles the opponent's veto sent
    there this round (one veto per round), and only below the top."""
    if not isinstance(value, list) or len(value) != 2 or any(type(k) is not int for k in value):
        raise BadData('"known_bottom" must be two whole numbers')
    for seat, known in enumerate(value):
        vetoed = 0 if s.veto_left[1 - seat] else 1
        if not 0 <= known <= min(vetoed, max(len(s.piles[seat]) - 1, 0)):
            raise BadData(f"the pile of seat {seat} cannot have {known} known tiles at its bottom")
    return list(value)


def _read_placements(value, round_no, contact):
    """Placements from JSON, replayed with every placement rule; BadData if one breaks."""
    if not isinstance(value, list):
        raise BadData("placements must be a list")
    placements: list[tuple[int, int, int, int, int]] = []
    masks: list[int] = [0, 0]
    tile_masks: list[int] = []
    for k, item in enumerate(value, 1):
        seat, tile = item["player"], item["tile"]
        x, y, rot = item["x"], item["y"], item["rot"]
        if not _is_seat(seat) or tile not in LAYOUT_INDEX:
            raise BadData(f"round {round_no}, tile {k}: unknown player or tile")
        if any(type(v) is not int for v in (x, y, rot)) or rot not in (0, 1, 2, 3):
            raise BadData(f"round {round_no}, tile {k}: x, y, rot must be whole numbers, rot 0-3")
        layout = LAYOUT_INDEX[tile]
        if CANONICAL[layout][rot] != rot:
            raise BadData(
                f"round {round_no}, tile {k}: {tile} turned {rot} is stored as rot "
                f"{CANONICAL[layout][rot]}"
            )
        if any(p[0] == seat and p[1] == layout for p in placements):
            raise BadData(f"round {round_no}: seat {seat} placed {tile} twice")
        colour = colour_of(seat, round_no)
        error = placement_error(masks, layout, colour, x, y, rot, contact == OWN_BOTH)
        if error:
            raise BadData(f"round {round_no}, tile {k}: {error}")
        place(masks, tile_masks, layout, colour, x, y, rot)
        placements.append((seat, layout, x, y, rot))
    return tuple(placements)


def _read_last(obj, s):
    """The last-move record, accepted only if rebuilding it from its facts gives the same."""
    if obj is None:
        return None
    seat, tile, veto, vetoed = obj["player"], obj["tile"], obj["veto"], obj["vetoed"]
    if not _is_seat(seat) or type(veto) is not bool:
        raise BadData("the last-move record names no player")
    for name in (tile, vetoed):
        if name is not None and name not in LAYOUT_INDEX:
            raise BadData(f"the last-move record names an unknown tile {name!r}")
    spot = obj["placed"]
    if spot is not None and tile is None:
        raise BadData("the last-move record places no tile")
    round_end = obj["round_end"]
    if round_end is None:
        round_no = s.round_no
    else:
        round_no = round_end["round"]
        if round_no != len(s.finished) or type(round_no) is not int:
            raise BadData("the last-move record ends a round that is not the last finished one")
        round_end = (round_no, s.finished[round_no - 1][1])
    if round_no > ROUNDS:
        raise BadData("a finished match needs a last move that ended round 2")
    if veto != (vetoed is not None) or (veto and round_end is None and s.veto_left[seat]):
        raise BadData("the last-move record of a veto does not fit the state")
    placed = None
    if spot is not None:
        board = s.placements if round_end is None else s.finished[round_no - 1][0]
        if not board or board[-1][:2] != (seat, LAYOUT_INDEX[tile]):
            raise BadData("the last-move record does not match the last tile on the board")
        placed = board[-1][2:]
    colour = colour_of(seat, round_no)
    rebuilt = last_record(seat, colour, tile, placed, veto, vetoed, round_end)
    if rebuilt != obj:
        raise BadData("the last-move record does not fit the state")
    return rebuilt
