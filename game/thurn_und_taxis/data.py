"""Board and component data for Thurn und Taxis (facts from the project's map data file).

Cities, provinces and roads of the base-game board, the bonus-tile stacks (top first), the
carriage values and the officials; then the tables derived from them. Engine code works with
city *indices* (positions in CITIES) so that routes, houses and neighbourhoods are small ints
and bit masks.
"""

# The 9 provinces (card colours) and their cities, in board order.
PROVINCES = {
    "Baden": ("Mannheim", "Carlsruhe", "Freiburg"),
    "Württemberg": ("Stuttgart", "Ulm"),
    "Hohenzollern": ("Sigmaringen",),
    "Schweiz": ("Basel", "Zürich"),
    "Tyrol": ("Innsbruck",),
    "Baiern": (
        "Würzburg",
        "Nürnberg",
        "Regensburg",
        "Ingolstadt",
        "Augsburg",
        "München",
        "Passau",
        "Kempten",
    ),
    "Salzburg": ("Salzburg", "Linz"),
    "Böhmen": ("Pilsen", "Budweis"),
    "Polen": ("Lodz",),
}

CITIES = tuple(city for cities in PROVINCES.values() for city in cities)

# The 45 roads (undirected).
ROADS = (
    ("Augsburg", "Ingolstadt"),
    ("Augsburg", "Innsbruck"),
    ("Augsburg", "Kempten"),
    ("Augsburg", "München"),
    ("Augsburg", "Ulm"),
    ("Basel", "Freiburg"),
    ("Basel", "Zürich"),
    ("Budweis", "Linz"),
    ("Budweis", "Pilsen"),
    ("Carlsruhe", "Freiburg"),
    ("Carlsruhe", "Mannheim"),
    ("Carlsruhe", "Stuttgart"),
    ("Freiburg", "Sigmaringen"),
    ("Freiburg", "Zürich"),
    ("Ingolstadt", "München"),
    ("Ingolstadt", "Nürnberg"),
    ("Ingolstadt", "Regensburg"),
    ("Ingolstadt", "Stuttgart"),
    ("Ingolstadt", "Ulm"),
    ("Innsbruck", "Kempten"),
    ("Innsbruck", "München"),
    ("Innsbruck", "Salzburg"),
    ("Kempten", "Sigmaringen"),
    ("Kempten", "Ulm"),
    ("Kempten", "Zürich"),
    ("Linz", "Passau"),
    ("Linz", "Salzburg"),
    ("Lodz", "Pilsen"),
    ("Mannheim", "Stuttgart"),
    ("Mannheim", "Würzburg"),
    ("München", "Passau"),
    ("München", "Regensburg"),
    ("München", "Salzburg"),
    ("Nürnberg", "Pilsen"),
    ("Nürnberg", "Regensburg"),
    ("Nürnberg", "Stuttgart"),
    ("Nürnberg", "Würzburg"),
    ("Passau", "Regensburg"),
    ("Passau", "Salzburg"),
    ("Pilsen", "Regensburg"),
    ("Sigmaringen", "Stuttgart"),
    ("Sigmaringen", "Ulm"),
    ("Sigmaringen", "Zürich"),
    ("Stuttgart", "Ulm"),
    ("Stuttgart", "Würzburg"),
)

# Approximate city centres in millimetres on the 600 x 420 mm board (for drawing only).
BOARD_XY_MM = {
    "Mannheim": (212, 125),
    "Carlsruhe": (167, 213),
    "Freiburg": (152, 311),
    "Stuttgart": (251, 184),
    "Ulm": (275, 266),
    "Sigmaringen": (213, 278),
    "Basel": (148, 374),
    "Zürich": (210, 399),
    "Innsbruck": (356, 400),
    "Würzburg": (308, 105),
    "Nürnberg": (381, 150),
    "Regensburg": (444, 198),
    "Ingolstadt": (373, 234),
    "Augsburg": (341, 288),
    "München": (415, 320),
    "Passau": (493, 287),
    "Kempten": (292, 356),
    "Salzburg": (545, 390),
    "Linz": (565, 291),
    "Pilsen": (472, 113),
    "Budweis": (561, 190),
    "Lodz": (557, 105),
}

CARDS_PER_CITY = 3
DISPLAY_SIZE = 6
HOUSES_PER_PLAYER = 20
HAND_LIMIT_AFTER_CLOSING = 3
MIN_ROUTE_TO_CLOSE = 3
CARTWRIGHT_BONUS = 2

# Carriages are taken strictly in this order, at most one per closed route; a player's n-th
# carriage needs a route of at least CARRIAGES[n-1] cards. Points of the best one count.
CARRIAGES = (3, 4, 5, 6, 7)
CARRIAGE_POINTS = {3: 2, 4: 3, 5: 5, 6: 7, 7: 10}

# Bonus tile stacks, values top first. Route-length stacks are keyed by route length.
ROUTE_STACKS = {5: (2, 1), 6: (3, 2, 1), 7: (4, 3, 2, 1)}

# Region groups: a player with a house in every city of the group takes the top tile.
REGION_GROUPS = {
    "Baden": (("Mannheim", "Carlsruhe", "Freiburg"), (3, 2, 1)),
    "Württemberg/Hohenzollern": (("Stuttgart", "Ulm", "Sigmaringen"), (3, 2, 1)),
    "Schweiz/Tyrol": (("Basel", "Zürich", "Innsbruck"), (3, 2, 1)),
    "Böhmen/Salzburg": (("Pilsen", "Budweis", "Salzburg", "Linz"), (4, 3, 2)),
    "Baiern": (
        (
            "Würzburg",
            "Nürnberg",
            "Regensburg",
            "Ingolstadt",
            "Augsburg",
            "München",
            "Passau",
            "Kempten",
        ),
        (5, 4, 3, 2),
    ),
}

# "All provinces" (German tile: Außerhalb Baiern): a house in each of these provinces.
ALL_PROVINCES_STACK = (6, 5, 4, 3)
ALL_PROVINCES_GERMAN = (
    "Baden",
    "Württemberg",
    "Hohenzollern",
    "Schweiz",
    "Tyrol",
    "Salzburg",
    "Böhmen",
    "Polen",
)
GAME_END_TILE_POINTS = 1

# The four officials, in the order their moves are listed (docs/architecture.md, Move JSON names).
OFFICIALS = ("postmaster", "carrier", "administrator", "cartwright")


# ---- derived tables ------------------------------------------------------------------------------
def city_mask(cities):
    """The bit mask of city indices."""
    mask = 0
    for c in cities:
        mask |= 1 << c
    return mask


N_CITIES = len(CITIES)
CITY_INDEX = {name: i for i, name in enumerate(CITIES)}
FULL_DECK = (CARDS_PER_CITY,) * N_CITIES  # cards per city of the printed game
PROVINCE_NAMES = tuple(PROVINCES)
CITY_PROVINCE = tuple(k for k, cities in enumerate(PROVINCES.values()) for _ in cities)
PROVINCE_MASK = tuple(city_mask(CITY_INDEX[c] for c in cs) for cs in PROVINCES.values())
_neighbours = [0] * N_CITIES
for _a, _b in ROADS:
    _neighbours[CITY_INDEX[_a]] |= 1 << CITY_INDEX[_b]
    _neighbours[CITY_INDEX[_b]] |= 1 << CITY_INDEX[_a]
NEIGHBOURS = tuple(_neighbours)  # per city: the bit mask of the cities a road joins it to

# Bonus stacks, in this order: route 5, 6, 7, the five region groups, all provinces.
ROUTE_LENGTHS = tuple(sorted(ROUTE_STACKS))  # 5, 6, 7 (7: seven cards or more)
ALL_PROVINCES = "all_provinces"
KINDS = tuple(f"route_{n}" for n in ROUTE_LENGTHS) + tuple(REGION_GROUPS) + (ALL_PROVINCES,)
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
STACK_VALUES = (
    tuple(ROUTE_STACKS[n] for n in ROUTE_LENGTHS)
    + tuple(tiles for _, tiles in REGION_GROUPS.values())
    + (ALL_PROVINCES_STACK,)
)
FIRST_REGION = len(ROUTE_LENGTHS)  # KINDS index of the first region group
ALL_PROVINCES_K = KIND_INDEX[ALL_PROVINCES]
REGION_MASKS = tuple(city_mask(CITY_INDEX[c] for c in cs) for cs, _ in REGION_GROUPS.values())
REQUIRED_GERMAN = tuple(PROVINCE_MASK[PROVINCE_NAMES.index(p)] for p in ALL_PROVINCES_GERMAN)
REQUIRED_ALL_NINE = PROVINCE_MASK
