"""Finds games by id. Game packages are imported on first use, so the browser loads only the
rules of the game being played."""

import importlib

from .contract import BadData

# id -> module that defines GAME (a Game instance)
_MODULES = {
    "toscana": "game.toscana.rules",
    "carcassonne": "game.carcassonne.rules",
    "thurn-und-taxis": "game.thurn_und_taxis.rules",
}
_loaded = {}


def ids():
    """The registered game ids, in a fixed order."""
    return list(_MODULES)


def get(game_id):
    """The Game for `game_id`; BadData when there is no such game."""
    game = _loaded.get(game_id)
    if game is None:
        module_name = _MODULES.get(game_id)
        if module_name is None:
            known = ", ".join(_MODULES)
            raise BadData(f"unknown game {game_id!r} (known: {known})")
        game = importlib.import_module(module_name).GAME
        _loaded[game_id] = game
    return game


def register(game, module_name=None):
    """Add a game (tests use this for the toy game)."""
    _MODULES[game.id] = module_name or type(game).__module__
    _loaded[game.id] = game
