// The games the picker offers, in order. Written by `python3 scripts/build.py` from the
// games' declarations (game/<name>/__init__.py, in the order of game/core/registry.py
// PACKAGES): do not edit (tests/test_site_static.py checks that it is current, and that
// every id has its card in index.html and its "game.<id>.*" texts in assets/strings.json).
export const GAME_IDS = Object.freeze(["thurn-und-taxis", "toscana", "carcassonne"]);
