"""Thurn und Taxis (Karen & Andreas Seyfarth, Hans im Glück 2006): rules engine and map data."""

from game.core.contract import Declaration

DECLARATION = Declaration(
    id="thurn-und-taxis",
    title="Thurn und Taxis",
    min_players=2,
    max_players=4,
    default_players=3,
    package=__name__,
    controller="board:Board",
)
