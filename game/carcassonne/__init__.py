"""Carcassonne (base game) with the fan mini-expansion The Courier.

    rules.py    the engine (GAME), moves, options, JSON
    board.py    the state and the board mechanics (features, scoring, the Courier)
    queries.py  what the board and the AI ask of a state
    tiles.py    tile data; tables.py: per tile type and rotation, derived at import
"""
