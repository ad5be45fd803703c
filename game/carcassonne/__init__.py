"""Carcassonne (base game) with the fan mini-expansion The Courier.

engine.py      the engine's contract: GAME, the move `Place`, the options
mechanics.py   the state and how a move changes it (features, scoring, the Courier, the draw)
serial.py      the state as JSON and back, validated
data.py        tile data; tables.py: per tile type and rotation, derived at import
queries.py     what the board and the AI ask of a state
draw.py        the board as SVG markup; draw_tiles.py: every tile type's picture;
               draw_art.py: where its fields lie (made by scripts/make_carcassonne_art.py)
controller.py  the board controller `Controller`: a turn as a state machine; panel.py:
               the panel beside the board, the summary, the log lines, the new-game options
ai.py          KNOWLEDGE for the shared search
"""

from game.core.contract import Declaration

DECLARATION = Declaration(
    id="carcassonne",
    title="Carcassonne",
    min_players=2,
    max_players=5,
    default_players=2,
    package=__name__,
)
