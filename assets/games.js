// Which games the picker offers, in order, and how far each one is. This is the ONE list to edit
// when a game's board lands: change its status to "playable".
//   "playable"  the real board is in: the button says "Play"
//   "soon"      the rules engine is done, the board is not: no Play button, the card says so
// Each id matches a card in index.html (data-game), the registry in game/core/registry.py and the
// "game.<id>.*" keys of assets/strings.json.
export const GAMES = [
  { id: "thurn-und-taxis", status: "playable" },
  { id: "toscana", status: "playable" },
  { id: "carcassonne", status: "playable" },
];
