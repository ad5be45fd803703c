// Which games the picker offers, in order, and how far each one is. This is the ONE list to edit
// when a game's board lands: change its status to "playable".
//   "playable"  the real board is in: the button says "Play"
//   "next"      being built, lands next: the button opens a placeholder board ("Try the preview")
//   "building"  the rules engine is being written: placeholder board only
// Each id matches a card in index.html (data-game), the registry in game/core/registry.py and the
// "game.<id>.*" keys of assets/strings.json.
export const GAMES = [
  { id: "thurn-und-taxis", status: "building" },
  { id: "toscana", status: "next" },
  { id: "carcassonne", status: "building" },
];
