"""Thurn und Taxis (Karen & Andreas Seyfarth, Hans im Glück 2006).

engine.py     the engine's contract (GAME), moves, options
mechanics.py  the state and how moves change it; closing.py: what closing a route places and earns
hidden.py     what each seat may see (views), determinization, redealing the face-down pile
serial.py     the state to and from JSON
data.py       the map, the cards, bonus tiles and carriages, and tables derived from them
queries.py    what the board and the AI ask of a state
draw.py       routes, cities, houses and overlays as SVG markup; draw_map.py: the map picture
controller.py the browser board (`Controller`); panel.py, draw_cards.py: its panel's markup
ai.py         the game's knowledge for the shared AI search
"""

from game.core.contract import Declaration

DECLARATION = Declaration(
    id="thurn-und-taxis",
    title="Thurn und Taxis",
    min_players=2,
    max_players=4,
    default_players=3,
    package=__name__,
)
