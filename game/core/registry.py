"""The games, each declared once by its package's `__init__.py`.

A game package declares itself with a `Declaration` named `DECLARATION`: its id, title, player
counts and where its engine, board controller and AI knowledge live ("module:attribute",
relative to the package). The registry imports a package's `__init__` to read the declaration
(cheap: it imports nothing heavy) and loads the engine, controller or knowledge only when one is
asked for, so the browser runs only the code of the game being played.

    from game import games
    games.ids()                      # ["thurn-und-taxis", "toscana", "carcassonne"]
    games.get("toscana")             # the Game (engine)
    games.controller("toscana")      # a fresh board controller (presentation layer)
    games.knowledge("toscana")       # the AI's knowledge of the game
"""

import importlib
from typing import Any

from .contract import BadData, Declaration, Game

# The game packages, in the order the picker shows them (assets/games.js must agree; a test checks).
PACKAGES = ("game.thurn_und_taxis", "game.toscana", "game.carcassonne")


_declared: dict[str, Declaration] = {}  # id -> declaration, in PACKAGES order
_extra: dict[str, Game] = {}  # games registered at run time (tests: the toy game)
_loaded: dict[tuple[str, str], Any] = {}


def _declarations() -> dict[str, Declaration]:
    if not _declared:
        for package in PACKAGES:
            declaration = importlib.import_module(package).DECLARATION
            _declared[declaration.id] = declaration
    return _declared


def _load(declaration: Declaration, what: str) -> Any:
    """The object a declaration names for `what` ("engine", "controller" or "knowledge")."""
    key = (declaration.id, what)
    if key not in _loaded:
        module, _, attribute = getattr(declaration, what).partition(":")
        found = importlib.import_module(f"{declaration.package}.{module}")
        _loaded[key] = getattr(found, attribute)
    return _loaded[key]


def ids() -> list[str]:
    """The ids of the declared games, in picker order."""
    return [*_declarations(), *(k for k in _extra if k not in _declared)]


def declaration(game_id: str) -> Declaration:
    """The declaration of `game_id`; BadData when there is no such game."""
    found = _declarations().get(game_id) if isinstance(game_id, str) else None
    if found is None:
        known = ", ".join(ids())
        raise BadData(f"unknown game {game_id!r} (known: {known})")
    return found


def get(game_id: str) -> Game:
    """The engine (a Game) of `game_id`; BadData when there is no such game."""
    if isinstance(game_id, str) and game_id in _extra:
        return _extra[game_id]
    return _load(declaration(game_id), "engine")


def controller(game_id: str) -> Any:
    """A new board controller for `game_id` (pure presentation: game.view.controller)."""
    return _load(declaration(game_id), "controller")()


def knowledge(game_id: str) -> Any:
    """The AI's Knowledge of `game_id`, or None when the game lends none (the search then uses
    its game-agnostic default)."""
    if game_id in _extra:
        return _loaded[(game_id, "knowledge")]
    found = declaration(game_id)
    return None if found.knowledge is None else _load(found, "knowledge")


def register(game: Game, knowledge: Any = None) -> None:
    """Add a game that has no package declaration (tests use this for the toy game)."""
    _extra[game.id] = game
    _loaded[(game.id, "knowledge")] = knowledge
