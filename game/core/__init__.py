"""Game-agnostic core: the contract, the seeded RNG, matches, saves, links, conformance, AI."""

from .contract import BadData, Game, IllegalMove, Option, reading  # noqa: F401
from .rng import Rng  # noqa: F401
