"""The games the site declares, in the picker's order (game/core/registry.py PACKAGES): what
`games.ids()` lists, without the toy game that some tests register at run time."""

import importlib

from game.core.registry import PACKAGES

GAME_IDS = [importlib.import_module(package).DECLARATION.id for package in PACKAGES]
