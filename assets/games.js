// The games the picker offers, in order. Each id matches a card in index.html (data-game), a
// game package's declaration (game/<name>/__init__.py, listed in game/core/registry.py PACKAGES)
// and the "game.<id>.*" keys of assets/strings.json; tests/test_site_static.py checks they agree.
export const GAME_IDS = ["thurn-und-taxis", "toscana", "carcassonne"];
