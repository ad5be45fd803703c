"""Play-by-link encoding (issue #3): "a URL-safe string, versioned, round-tripping every save;
measure the longest of 100 random 4-player Thurn und Taxis games and keep it under 4,000
characters". Links store each move as its index in `legal_moves`, so the golden links below pin
that order: if one of them stops decoding to the same game, the link format must get a new
version character (savefile.LINK_VERSION), or old links would open the wrong game."""

import pytest

from game import games
from game.core import Rng
from game.core.match import Match
from game.core.savefile import decode_link

GOLDEN = {
    "toscana": (
        2,
        "1W8NYrZSuZKVUkl-cnJiXqKSjlKdkFV2tlJ2ZlwIUzijNTcwDCuaklqXmKFnllebkAFUk5qYC5QJyEitTi"
        "xQMlWp1SFFvpFQbq6NUrGRVrZRfUJKZnwdmFmTmpBZDNNTqKBWAlQL5RkCVqalAk40MjMxqa8VlVEQNS41M"
        "NM15ebhY3I0Y5VllxJlYuQA",
    ),
    "carcassonne": (
        3,
        "1lZBBa8JAEIWrlnrxEOilF6HMoSDsQaOkdH9F71LCsk50yWZWZpNCCPsP_VEdxaJXb8N73xvezGk8wB40WMP"
        "WxBiIEBQQ6O0AtaOdWIeuMSSix1_0oKnzXgjToHjf3vTI7ytI6hE-f5BfQ_pREEEPEI6tC3QZbejYIQvWOo-x"
        "rBjP5a9yWRlukIWsjI940xmNPUjIO7rHow3s6PyLfJlvxNihrf_rtI760rq2B71JCo6XWrJ6La0Q5QrJFCk9v"
        "WWT6UsxxdEo-xx_zZ7V4uO1mE_-AA",
    ),
    "thurn-und-taxis": (
        3,
        "1lY9BCoMwEEUTRc9RZh2hVegip-i-FEl1WoNjFDXSIjlAb92pPYGb4TH_z__MJ1rhCRrmxo8u867OZvOyEyhw"
        "oK8rtNbVLDe-M46XhAsSaOeJ2GE6ZO1C5o3j4QRB7fHnO_0FhJuCCfQK_TDb3m1oiMph7BfrKpxKnuRrhruxOPIH"
        "D0MTKqixav-pQcGw5fF1wXGIXJ8f83MIUSxEkgqRCiliKYSUP0rkFw",
    ),
}


def golden_match(game_id, players):
    """24 moves chosen by a fixed generator (seed 2026, chooser seed 7)."""
    game, match, rng = games.get(game_id), Match(game_id, players=players, seed=2026), Rng(7)
    for _ in range(24):
        moves = game.legal_moves(match.state)
        match.play(moves[rng.below(len(moves))])
    return match


@pytest.mark.parametrize("game_id", sorted(GOLDEN))
def test_golden_links_still_open_the_same_game(game_id):
    players, link = GOLDEN[game_id]
    match = golden_match(game_id, players)
    assert decode_link(link) == match.to_save()
    assert match.to_link() == link


def test_longest_of_100_four_player_thurn_und_taxis_links_is_short():
    game = games.get("thurn-und-taxis")
    longest = 0
    for seed in range(1, 101):
        match = Match(
            "thurn-und-taxis",
            players=4,
            seed=seed,
            seats=[{"name": f"Player {k}", "kind": "human"} for k in range(1, 5)],
        )
        rng = Rng(seed)
        while not match.is_over():
            match.play(game.playout_move(match.state, rng))  # the CLI's random player
        link = match.to_link()
        assert decode_link(link) == match.to_save()
        longest = max(longest, len(link))
    assert longest < 4000, longest
