"""Play-by-link encoding (issue #3): "a URL-safe string, versioned, round-tripping every save;
measure the longest of 100 random 4-player Thurn und Taxis games and keep it under 4,000
characters". Links store each move as its index in `legal_moves`, so golden links pin that order:
if one of them stops decoding to the same game, the link format must get a new version character
(game.core.links.LINK_VERSION), or old links would open the wrong game.

Version 1 links (the first release) must keep opening: tests/golden/links-v1.json holds three of
them with the saves they held when they were made. Version 2 (issue #12) adds a match id and
entropy events (DESIGN.md §2a)."""

import json
from pathlib import Path

import pytest

from game import games
from game.core import Rng
from game.core.links import decode_link
from game.core.match import Match

V1 = json.loads((Path(__file__).parent / "golden" / "links-v1.json").read_text("utf-8"))

GOLDEN_V2 = {
    "toscana": (
        2,
        "2lY1PDsFAFMaxUWElIhaIvIRVJTrCou4gEkshGe2khukbMVNC0xu4gNvYuYOVo3g4gd37_vy-98qnEIEPVpuAIwcX"
        "JKlIq1Bg_2OSg-AvUthJDCnaJDFHMpU4CgU-JkpRg8eCspniZ3HoeJC5__QZZEsXDPgp6L2VGr9noNHywFJNn7C_"
        "1nZDK3uphPmtZKS-PGlGuBD0jg3YmIKEKGMPkvCs0erW2XE4ysHqfrnNIj4Fz5s0i4Xc_LqtPE3v0XZqTqNcqr4B",
    ),
    "carcassonne": (
        3,
        "2lZBBSgNBEEVjlJiFBFzqRqlFBG0hToJCL3KGgEvRoempmbTpqQ7dPcI4zA28gLdxlzt4BS9hTVB0m13x__vFr_rqN"
        "1CABK28ViE4IgQBhpXC2QzpujNYIZAPDawMZWwtq1IRixZf0IKkylomVInsLayq0Z_fQCt24ZMd-Sm0jwICyAbcOhp"
        "H21G7yhv0jEVjMaS5x-6cHznNlS_RM5krG_BP96j0kkPW0H88aOcNdd9JJsmMjQz16rdONFSn2sQa5KwVsN7W4tVTb"
        "oXIV3Dmlo2K4yF6oyO0eyfHB8PDu2EPnj5e3xeFujwVo9HVoN-7f3s--gzjzf5kfjYeXMy_AQ",
    ),
    "thurn-und-taxis": (
        3,
        "2lU9LTsNQDKwTKJseAnnB6kWCVOoip6jEEkH1yDPpo64TvU8FRLkBF-AGHIMdd-A0mHKCbqzxzHhG_ixG7LDBtM1Bq"
        "iyuSvbFRzTole16diTVn6iMYHM34s6LU2mb91aUZDoQYyOZWR12T6qt2b5SuLzByZzir0_0L3G6NxixGbEfku_lCC3"
        "zZgj9wUtLcaOTs1PwaD0F_eDJciSDjtrdf-pkcDjm6fVS44i0vr6uVypkLYsp-DbhVJ4BzC8AZvjw9fax7izocg5Qz"
        "G7fnxc_8eq7mEMJRQm_",
    ),
}


def golden_match(game_id, players):
    """24 moves chosen by a fixed generator (seed 2026, chooser seed 7), handed over twice."""
    game, rng = games.get(game_id), Rng(7)
    match = Match(game_id, players=players, seed=2026, match_id="golden-" + game_id[:4])
    for k in range(24):
        moves = game.legal_moves(match.state)
        match.play(moves[rng.below(len(moves))])
        if k in (7, 15):
            match.hand_over(rng.next_u64())
    return match


@pytest.mark.parametrize("game_id", sorted(V1))
def test_version_1_links_still_open_the_game_they_held(game_id):
    golden = V1[game_id]
    save = decode_link(golden["link"])
    game, setup = games.get(game_id), golden["save"]["setup"]
    assert save["game"] == golden["save"]["game"]
    # options added since then appear with their defaults; everything else is as it was
    assert {**save["setup"], "options": {}} == {**setup, "options": {}}
    for name, value in save["setup"]["options"].items():
        assert value == setup["options"].get(name, game.options[name].default), name
    assert save["moves"] == golden["save"]["moves"] and save["seats"] == golden["save"]["seats"]
    assert "id" not in save  # the first links had no match id
    Match.from_save(save)  # and it replays


@pytest.mark.parametrize("game_id", sorted(GOLDEN_V2))
def test_version_2_golden_links_open_the_same_game(game_id):
    players, link = GOLDEN_V2[game_id]
    match = golden_match(game_id, players)
    assert sum("entropy" in entry for entry in match.log) == 2
    assert decode_link(link) == match.to_save()
    assert match.to_link() == link
    assert Match.from_link(link).state == match.state


def test_longest_of_100_four_player_thurn_und_taxis_links_is_short():
    game = games.get("thurn-und-taxis")
    longest = 0
    for seed in range(1, 101):
        match = Match(
            "thurn-und-taxis",
            players=4,
            seed=seed,
            seats=[{"name": f"Player {k}", "kind": "human"} for k in range(1, 5)],
            match_id=f"longest-{seed}",
        )
        rng = Rng(seed)
        while not match.is_over():
            match.play(game.playout_move(match.state, rng))  # the CLI's random player
            if len(match.log) % 12 == 0:
                match.hand_over(rng.next_u64())  # link play: a hand-over every few turns
        link = match.to_link()
        assert decode_link(link) == match.to_save()
        longest = max(longest, len(link))
    assert longest < 4000, longest
