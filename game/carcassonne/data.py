"""Tile data: the 24 base-game tile types (72 tiles) and the 6 letter tiles of The Courier.

Facts taken from docs/rules/carcassonne.md, Tiles (base game) and the docs/rules/carcassonne.md, Letter tiles
(letter tiles). Pure data, no file I/O, so it loads the same in the browser.

Each type is drawn in one canonical orientation (north up); `rot` in a move turns it clockwise.
Edges are listed N, E, S, W as C (city), R (road) or F (field). Fields own half-edges:
N_w, N_e, E_n, E_s, S_e, S_w, W_s, W_n (the edge, then the corner the half lies toward). A road
with one edge ends on its tile (junction, monastery or city gate). Feature ids are the ones moves
use ("c1", "r2", "f1", "monastery"); a field names the cities of its tile that it borders.
"""

from typing import NamedTuple

START_TILE = "D"  # the start tile is one of the D tiles (its count includes it)
MEEPLES_PER_PLAYER = 7


class Feature(NamedTuple):
    id: str
    kind: str  # "city" | "road" | "field" | "monastery"
    edges: tuple = ()  # city and road: the edges it reaches
    half_edges: tuple = ()  # field: the half-edges it owns
    pennant: bool = False
    cities: tuple = ()  # field: ids of the tile's cities it borders


class TileType(NamedTuple):
    id: str
    count: int  # type: ignore[assignment]  # copies in the box (a field named as tuple.count)
    edges: str  # kinds on N, E, S, W
    features: tuple
    letter: bool = False  # The Courier: carries the letter symbol
    inferred: bool = False  # layout inferred from indirect evidence, not read off a printed tile


def city(fid, edges, pennant=False):
    return Feature(fid, "city", edges=tuple(edges.split()), pennant=pennant)


def road(fid, edges):
    return Feature(fid, "road", edges=tuple(edges.split()))


def field(fid, half_edges, cities=""):
    return Feature(fid, "field", half_edges=tuple(half_edges.split()), cities=tuple(cities.split()))


MONASTERY = Feature("monastery", "monastery")

BASE_TILES = (
    TileType(
        "A", 2, "FFRF", (road("r1", "S"), MONASTERY, field("f1", "N_w N_e E_n E_s S_e S_w W_s W_n"))
    ),
    TileType("B", 4, "FFFF", (MONASTERY, field("f1", "N_w N_e E_n E_s S_e S_w W_s W_n"))),
    TileType("C", 1, "CCCC", (city("c1", "N E S W", pennant=True),)),
    TileType(
        "D",
        4,
        "CRFR",
        (
            city("c1", "N"),
            road("r1", "W E"),
            field("f1", "W_n E_n", "c1"),
            field("f2", "W_s S_w S_e E_s"),
        ),
    ),
    TileType("E", 5, "CFFF", (city("c1", "N"), field("f1", "E_n E_s S_e S_w W_s W_n", "c1"))),
    TileType(
        "F",
        2,
        "FCFC",
        (
            city("c1", "E W", pennant=True),
            field("f1", "N_w N_e", "c1"),
            field("f2", "S_e S_w", "c1"),
        ),
    ),
    TileType(
        "G",
        1,
        "FCFC",
        (city("c1", "E W"), field("f1", "N_w N_e", "c1"), field("f2", "S_e S_w", "c1")),
    ),
    TileType(
        "H", 3, "CFCF", (city("c1", "N"), city("c2", "S"), field("f1", "E_n E_s W_s W_n", "c1 c2"))
    ),
    TileType(
        "I", 2, "CFFC", (city("c1", "N"), city("c2", "W"), field("f1", "E_n E_s S_e S_w", "c1 c2"))
    ),
    TileType(
        "J",
        3,
        "CRRF",
        (
            city("c1", "N"),
            road("r1", "E S"),
            field("f1", "E_n S_w W_s W_n", "c1"),
            field("f2", "E_s S_e"),
        ),
    ),
    TileType(
        "K",
        3,
        "CFRR",
        (
            city("c1", "N"),
            road("r1", "S W"),
            field("f1", "E_n E_s S_e W_n", "c1"),
            field("f2", "S_w W_s"),
        ),
    ),
    TileType(
        "L",
        3,
        "CRRR",
        (
            city("c1", "N"),
            road("r1", "E"),
            road("r2", "S"),
            road("r3", "W"),
            field("f1", "W_n E_n", "c1"),
            field("f2", "E_s S_e"),
            field("f3", "S_w W_s"),
        ),
    ),
    TileType(
        "M", 2, "CCFF", (city("c1", "N E", pennant=True), field("f1", "S_e S_w W_s W_n", "c1"))
    ),
    TileType("N", 3, "CCFF", (city("c1", "N E"), field("f1", "S_e S_w W_s W_n", "c1"))),
    TileType(
        "O",
        2,
        "CRRC",
        (
            city("c1", "N W", pennant=True),
            road("r1", "E S"),
            field("f1", "E_n S_w", "c1"),
            field("f2", "E_s S_e"),
        ),
    ),
    TileType(
        "P",
        3,
        "CRRC",
        (
            city("c1", "N W"),
            road("r1", "E S"),
            field("f1", "E_n S_w", "c1"),
            field("f2", "E_s S_e"),
        ),
    ),
    TileType("Q", 1, "CCFC", (city("c1", "N E W", pennant=True), field("f1", "S_e S_w", "c1"))),
    TileType("R", 3, "CCFC", (city("c1", "N E W"), field("f1", "S_e S_w", "c1"))),
    TileType(
        "S",
        2,
        "CCRC",
        (
            city("c1", "N E W", pennant=True),
            road("r1", "S"),
            field("f1", "S_w", "c1"),
            field("f2", "S_e", "c1"),
        ),
    ),
    TileType(
        "T",
        1,
        "CCRC",
        (city("c1", "N E W"), road("r1", "S"), field("f1", "S_w", "c1"), field("f2", "S_e", "c1")),
    ),
    TileType(
        "U",
        8,
        "RFRF",
        (road("r1", "N S"), field("f1", "N_w W_n W_s S_w"), field("f2", "N_e E_n E_s S_e")),
    ),
    TileType(
        "V",
        9,
        "FFRR",
        (road("r1", "S W"), field("f1", "S_w W_s"), field("f2", "W_n N_w N_e E_n E_s S_e")),
    ),
    TileType(
        "W",
        4,
        "FRRR",
        (
            road("r1", "E"),
            road("r2", "S"),
            road("r3", "W"),
            field("f1", "W_n N_w N_e E_n"),
            field("f2", "E_s S_e"),
            field("f3", "S_w W_s"),
        ),
    ),
    TileType(
        "X",
        1,
        "RRRR",
        (
            road("r1", "N"),
            road("r2", "E"),
            road("r3", "S"),
            road("r4", "W"),
            field("f1", "N_w W_n"),
            field("f2", "N_e E_n"),
            field("f3", "E_s S_e"),
            field("f4", "S_w W_s"),
        ),
    ),
)

# The Courier's letter tiles (option courier: "letter_tiles"). Their pictures were not available:
# the layouts follow the docs/rules/carcassonne.md, Letter tiles (FanCloisterZone tile ids and test games) and are
# INFERRED; the UI says so (`inferred`).
LETTER_TILES = (
    TileType(
        "letter1",
        1,
        "RFRF",
        (  # like U
            road("r1", "N S"),
            field("f1", "N_w W_n W_s S_w"),
            field("f2", "N_e E_n E_s S_e"),
        ),
        letter=True,
        inferred=True,
    ),
    TileType(
        "letter2",
        1,
        "CRRR",
        (  # like L
            city("c1", "N"),
            road("r1", "E"),
            road("r2", "S"),
            road("r3", "W"),
            field("f1", "W_n E_n", "c1"),
            field("f2", "E_s S_e"),
            field("f3", "S_w W_s"),
        ),
        letter=True,
        inferred=True,
    ),
    TileType(
        "letter3",
        1,
        "CRRC",
        (  # like P
            city("c1", "N W"),
            road("r1", "E S"),
            field("f1", "E_n S_w", "c1"),
            field("f2", "E_s S_e"),
        ),
        letter=True,
        inferred=True,
    ),
    TileType(
        "letter4",
        1,
        "FFRR",
        (  # like V, with a monastery the road runs past
            road("r1", "S W"),
            MONASTERY,
            field("f1", "S_w W_s"),
            field("f2", "W_n N_w N_e E_n E_s S_e"),
        ),
        letter=True,
        inferred=True,
    ),
    TileType(
        "letter5",
        1,
        "CFFF",
        (  # like E
            city("c1", "N"),
            field("f1", "E_n E_s S_e S_w W_s W_n", "c1"),
        ),
        letter=True,
        inferred=True,
    ),
    TileType(
        "letter6",
        1,
        "FFFR",
        (  # a monastery with a road ending at it (west)
            road("r1", "W"),
            MONASTERY,
            field("f1", "N_w N_e E_n E_s S_e S_w W_s W_n"),
        ),
        letter=True,
        inferred=True,
    ),
)

TILE_TYPES = BASE_TILES + LETTER_TILES
