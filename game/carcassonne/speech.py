"""Carcassonne in words, for a player who hears the landscape instead of seeing it: a tile's
sides and features ("city north, road east and west, field south"), a square and what lies
there or what the tiles next to it ask for, whether the tile in hand fits there and, if not,
why, a follower's place and what it brings, and the features around a square with their
followers and points. Pure: values and queries in, sentences out; controller.py decides what
to say after each input, and the shell speaks it (game.view.controller.BoardController.spoken).
Squares are named as the log names them (story.where).
"""

from collections.abc import Sequence
from typing import NamedTuple

from game.core.contract import State
from game.view.controller import Markup
from game.view.i18n import Translator
from game.view.markup import esc, tag

from . import queries

SIDES = ("N", "E", "S", "W")  # clockwise from north; a square's neighbour on side d is STEP[d]
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
KINDS = ("city", "road", "field")  # what a side can show
KIND_ORDER = ("city", "road", "monastery", "field")

Square = tuple[int, int]


class Outcome(NamedTuple):
    """What one follower choice would bring the player this turn."""

    done: int  # points from features it completes, beyond what placing no follower gives
    courier: int  # points from the Courier's message
    moved: bool  # the Courier moves


def join(tr: Translator, items: Sequence[str], last: str = "carcassonne.join.and") -> str:
    """Words in a row as the language joins them: "a, b and c" (`last`: the joiner of the
    last two; "carcassonne.join.comma" lists them all alike)."""
    text = items[0] if items else ""
    for n, item in enumerate(items[1:], 2):
        text = tr(last if n == len(items) else "carcassonne.join.comma", a=text, b=item)
    return text


def where(tr: Translator, x: int, y: int) -> str:
    """A square as players find it: counted from the start tile, across then up or down (y
    grows south): "2 squares right and 1 square up from the start tile"."""
    if (x, y) == (0, 0):
        return tr("carcassonne.where.start")
    steps = []
    if x:
        steps.append(tr("carcassonne.where.right" if x > 0 else "carcassonne.where.left", n=abs(x)))
    if y:
        steps.append(tr("carcassonne.where.down" if y > 0 else "carcassonne.where.up", n=abs(y)))
    return tr("carcassonne.where.of_start", steps=join(tr, steps))


def sentence(text: str) -> str:
    """Text that starts a sentence starts with a capital ("1 square up..." stays as it is)."""
    return text[:1].upper() + text[1:]


def listing(tr: Translator, items: Sequence[str]) -> str:
    """Items one after the other, each its own ("city north, road east and west")."""
    return join(tr, items, last="carcassonne.join.comma")


def sides_of(tile: str, rot: int) -> dict[str, str]:
    """What each side of the tile shows, turned `rot`: {"N": "city", "E": "road", ...}."""
    shown = dict.fromkeys(SIDES, "field")
    for feature in queries.tile_shapes(tile, rot):
        if feature["kind"] in ("city", "road"):
            for side in feature["edges"]:
                shown[side] = feature["kind"]
    return shown


def side_words(tr: Translator, sides: Sequence[str]) -> str:
    return join(tr, [tr(f"carcassonne.side.{side}") for side in sides])


def tile_words(tr: Translator, tile: str, rot: int) -> str:
    """The tile's features by the sides they reach: each city and road on its own (a city
    with a shield says so), the monastery, then the sides that show field."""
    shapes = queries.tile_shapes(tile, rot)
    parts = []
    for kind in ("city", "road"):
        for feature in shapes:
            if feature["kind"] == kind:
                text = tr(f"carcassonne.say.{kind}", sides=side_words(tr, feature["edges"]))
                if feature["pennant"]:
                    text = tr("carcassonne.say.shield", feature=text)
                parts.append(text)
    if any(feature["kind"] == "monastery" for feature in shapes):
        parts.append(tr("carcassonne.say.monastery"))
    fields = [side for side, kind in sides_of(tile, rot).items() if kind == "field"]
    if fields:
        parts.append(tr("carcassonne.say.field", sides=side_words(tr, fields)))
    return listing(tr, parts)


def piece_words(tr: Translator, tile: str, rot: int) -> str:
    """The tile in hand (or any tile picture): its letter, then its sides."""
    text = tr("carcassonne.say.tile", tile=tile, features=tile_words(tr, tile, rot))
    if queries.tile_info(tile)["letter"]:
        text = listing(tr, [text, tr("carcassonne.say.letter")])
    return text


def asked(square: Square, square_of: dict[Square, tuple[str, int]]) -> dict[str, str]:
    """What the tiles next to a free square show towards it: {side of the square: kind}."""
    out = {}
    x, y = square
    for side in SIDES:
        dx, dy = STEP[side]
        neighbour = square_of.get((x + dx, y + dy))
        if neighbour is not None:
            out[side] = sides_of(*neighbour)[OPPOSITE[side]]
    return out


def asked_words(tr: Translator, wanted: dict[str, str]) -> str:
    """{side: kind} grouped by kind: "city north and west, road south"."""
    parts = []
    for kind in KINDS:
        sides = [side for side in SIDES if wanted.get(side) == kind]
        if sides:
            parts.append(tr(f"carcassonne.say.{kind}", sides=side_words(tr, sides)))
    return listing(tr, parts)


def why_not(tile: str, wanted: dict[str, str]) -> str:
    """Why the tile fits a free square in no turn: the key of one short phrase."""
    if not wanted:
        return "carcassonne.why.alone"
    has = set(sides_of(tile, 0).values())
    for kind in KINDS:
        if kind in wanted.values() and kind not in has:
            return f"carcassonne.why.lacks.{kind}"
    return "carcassonne.why.mismatch"


def meeple_words(tr: Translator, kind: str) -> str:
    """A follower's feature and role: "city (knight)"."""
    return tr(
        "carcassonne.say.meeple",
        role=tr(f"carcassonne.role.{kind}"),
        feature=tr(f"carcassonne.kind.{kind}"),
    )


def square_words(
    tr: Translator,
    state: State,
    names: list[str],
    square: Square,
    square_of: dict[Square, tuple[str, int]],
) -> str:
    """The square as the log names it and what is there: a tile with its features, followers
    and the Courier; or a free square with what the tiles next to it show."""
    here = where(tr, *square)
    if square not in square_of:
        wanted = asked(square, square_of)
        if not wanted:
            return sentence(tr("carcassonne.say.alone", where=here))
        return sentence(tr("carcassonne.say.empty", where=here, edges=asked_words(tr, wanted)))
    tile, rot = square_of[square]
    parts = [
        sentence(
            tr("carcassonne.say.placed", where=here, tile=tile, features=tile_words(tr, tile, rot))
        )
    ]
    kinds = queries.feature_kinds(tile)
    for seat, x, y, fid in queries.meeples_on_board(state):
        if (x, y) == square:
            parts.append(
                tr(
                    "carcassonne.say.follower",
                    player=names[seat],
                    meeple=meeple_words(tr, kinds[fid]),
                )
            )
    if queries.courier_position(state) == square:
        parts.append(tr("carcassonne.say.courier_here"))
    return " ".join(parts)


def fit_words(
    tr: Translator, tile: str, rot: int, turns: list[int], wanted: dict[str, str], taken: bool
) -> str:
    """Whether the tile in hand fits a square: in how many turns (and the one shown), or why
    not (`taken`: a tile lies there; `wanted`: what the tiles next to it show)."""
    if turns:
        return tr("carcassonne.say.fits", n=len(turns), edges=tile_words(tr, tile, rot))
    why = "carcassonne.why.taken" if taken else why_not(tile, wanted)
    return tr("carcassonne.say.nofit", why=tr(why))


def turned_words(tr: Translator, tile: str, rot: int, turns: list[int]) -> str:
    """The tile after a turn; on a square where it fits, which of the fitting turns it is."""
    edges = tile_words(tr, tile, rot)
    if len(turns) == 1 and rot in turns:
        return tr("carcassonne.say.only_turn", edges=edges)
    if rot in turns:
        return tr("carcassonne.say.turned_of", k=turns.index(rot) + 1, n=len(turns), edges=edges)
    return tr("carcassonne.say.turned", edges=edges)


def spot_list(tr: Translator, followers: Sequence[tuple[str, str]]) -> str:
    """The places a follower may take, numbered as the rings: "1: knight on the city, ..."."""
    return listing(
        tr,
        [
            tr("carcassonne.say.spot", n=n, meeple=meeple_words(tr, kind))
            for n, (_, kind) in enumerate(followers, 1)
        ],
    )


def outcome_words(tr: Translator, kind: str, outcome: Outcome) -> str:
    """What a follower on a feature of this kind does and brings this turn (the panel's
    explanation: the rule, the points it completes, the Courier's message)."""
    lines = [tr(f"carcassonne.explain.{kind}")]
    if outcome.done:
        lines.append(tr("carcassonne.gain_now", n=outcome.done))
    if outcome.moved:
        lines.append(tr("carcassonne.gain_courier", n=outcome.courier))
    return " ".join(lines)


def spot_words(
    tr: Translator, followers: Sequence[tuple[str, str]], fid: str, outcome: Outcome
) -> str:
    """The follower's place just chosen: its number among them, what it is and brings."""
    fids = [f for f, _ in followers]
    kind = dict(followers)[fid]
    return tr(
        "carcassonne.say.spot_chosen",
        k=fids.index(fid) + 1,
        n=len(fids),
        what=outcome_words(tr, kind, outcome),
    )


# ---- the landscape around a square, on request ---------------------------------------------------
def around_words(tr: Translator, state: State, names: list[str], centre: Square) -> Markup:
    """The open features on the centre square and the four next to it (each once), with where
    they lie, their size, their followers and what they would score now (fields only with
    farmers: a field nobody holds scores for nobody); then the Courier."""
    x, y = centre
    near = {(x, y): tr("carcassonne.rel.here")}
    for side in SIDES:
        dx, dy = STEP[side]
        near[(x + dx, y + dy)] = tr(f"carcassonne.side.{side}")
    items = []
    features = queries.features_near(state, list(near))
    features.sort(key=lambda f: KIND_ORDER.index(f["kind"]))
    for feature in features:
        if feature["complete"] or (feature["kind"] == "field" and not any(feature["followers"])):
            continue  # scored already, or a field that scores for nobody
        held = [
            tr("carcassonne.board.held", player=names[seat], n=count)
            for seat, count in enumerate(feature["followers"])
            if count
        ]
        who = tr("carcassonne.board.followers", list=listing(tr, held)) if held else ""
        items.append(
            tag(
                "li",
                esc(
                    tr(
                        "carcassonne.board.item",
                        feature=sentence(tr(f"carcassonne.kind.{feature['kind']}")),
                        at=join(tr, [near[square] for square in feature["here"]]),
                        tiles=tr("carcassonne.board.tiles", n=len(feature["tiles"])),
                        who=who or tr("carcassonne.board.nobody"),
                        points=tr("carcassonne.board.points", n=feature["points"]),
                    )
                ),
                data_kind=feature["kind"],
            )
        )
    parts = [tag("h3", esc(sentence(tr("carcassonne.board.title", where=where(tr, x, y)))))]
    if items:
        parts.append(tag("ul", *items, class_="car-around"))
    else:
        parts.append(tag("p", esc(tr("carcassonne.board.none"))))
    courier = queries.courier_position(state)
    if courier is not None:
        parts.append(tag("p", esc(tr("carcassonne.courier.at", where=where(tr, *courier)))))
    return "".join(parts)
