"""Toscana (Niek Neuwahl, Piatnik 2001): roofs against paving, two rounds, 17×17 board."""

from game.core.contract import Declaration

DECLARATION = Declaration(
    id="toscana",
    title="Toscana",
    min_players=2,
    max_players=2,
    default_players=2,
    package=__name__,
    engine="engine:GAME",
    controller="controller:Controller",
    knowledge="ai:KNOWLEDGE",
)
