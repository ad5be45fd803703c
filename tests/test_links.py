"""Play-by-link encoding: "a URL-safe string, versioned, round-tripping every save;
measure the longest of 100 random 4-player Thurn und Taxis games and keep it under 4,000
characters". Links store each move as its index in `legal_moves`, so golden links pin that order:
if one of them stops decoding to the same game, the link format must get a new version character
(game.core.links.LINK_VERSION), or old links would open the wrong game.

docs/links.md, "Links": links of versions 1 (the first release) and 2 (match ids and entropy
events) keep opening exactly the game they held: tests/golden/links-v1.json and links-v2.json
hold such links with the saves they held when they were made. Version 3 (hand-overs) is pinned
below."""

import json
from pathlib import Path

import pytest
import toygame
from linkplay import Table, play_link_game

from game import games
from game.core import Rng
from game.core.match import Match, decode_link
from game.core.savefile import entropy_bits, is_entropy

games.register(toygame.GAME)
GOLDEN = Path(__file__).parent / "golden"
V1 = json.loads((GOLDEN / "links-v1.json").read_text("utf-8"))
V2 = json.loads((GOLDEN / "links-v2.json").read_text("utf-8"))


def engine_replay(game, save):
    """The state the engine alone reaches through a save's entries (moves and entropy)."""
    setup = save["setup"]
    state = game.new(players=setup["players"], seed=setup["seed"], options=setup["options"])
    for entry in save["moves"]:
        if is_entropy(entry):
            state = game.mix_entropy(state, entropy_bits(entry))
        else:
            state = game.apply(state, entry)
    return state


def with_defaults(game, setup):
    """A golden save's setup with the options added since, as the game reads old versions:
    its legacy_defaults, else today's defaults."""
    options = {
        name: setup["options"].get(name, game.legacy_defaults.get(name, option.default))
        for name, option in game.options.items()
    }
    return {**setup, "options": options}


@pytest.mark.parametrize(("golden", "game_id"), [(V, g) for V in (V1, V2) for g in sorted(V)])
def test_links_of_earlier_versions_still_open_the_game_they_held(golden, game_id):
    held = golden[game_id]
    game = games.get(game_id)
    match = Match.from_link(held["link"])
    save = match.to_save()
    assert save["game"] == held["save"]["game"] == game_id
    assert save["setup"] == with_defaults(game, held["save"]["setup"])
    assert save["moves"] == held["save"]["moves"] and save["seats"] == held["save"]["seats"]
    assert save.get("id") == held["save"].get("id")  # the first links had no match id
    assert match.state == engine_replay(game, {**held["save"], "setup": save["setup"]})
    if "scores" in held:
        assert game.scores(match.state) == held["scores"]
        assert match.current_player() == held["to_move"]


@pytest.mark.parametrize(("golden", "game_id"), [(V, g) for V in (V1, V2) for g in sorted(V)])
def test_saves_of_earlier_formats_still_load_the_game_they_held(golden, game_id):
    held = golden[game_id]["save"]
    match = Match.from_save(json.loads(json.dumps(held)))
    assert match.state == Match.from_link(golden[game_id]["link"]).state
    assert match.to_save()["format"] == 3  # and it is written in today's format


def golden_match(game_id, players):
    """24 moves chosen by a fixed generator (seed 2026, chooser seed 7), no hand-over."""
    game, rng = games.get(game_id), Rng(7)
    match = Match(game_id, players=players, seed=2026, match_id="golden-" + game_id[:4])
    for _ in range(24):
        moves = game.legal_moves(match.state)
        match.play(moves[rng.below(len(moves))])
    return match


GOLDEN_V3 = {
    "toscana": (
        2,
        "3lY2_CsIwEMaRgrMODrpYTscKmkEkuClugqibOIT2qMH0UprUIqW-qq_iWZ_A7b4_v-_enRpSkOCtixUpiECzSq1JkGZfkx0Ceanhrinh6FZmitg0-EADkkpjuKEy5Oxg1BOLcAFN9E9fQHONwIGsweZeW2rP2JJXseearWhGWPFIrg2630jDqsVZC6YR-ZuYiyUHJUPOF5rpZkjh_tx7jY6b3Xo7DVfBadIdjIP-Bw",
    ),
    "carcassonne": (
        3,
        "3lZBNS8NAEIbBWLEXDwUvXpQ5CUZp0yI1_gnvUsKymaRDN7NldiOEkLs_20lQ7LWnXZ732fnY76SHGnKwRqwJwTMjpEBKau9K5OcxUMKQf_ZwIC412reNYYUOv9BBzq1zapgGNftwpkN5WMGQnuNnZ_prGHYpBMh78MdInqer9a0QimqRHIaiEhzX-cVFZaRBUbMyLuA_FzR2r48c8akerBfi8XeyZbY5DaKRqHg6i7GVhiXaw9-skbgrLMUO8s2QwnGaWfuudWREXVELvmrQTkWEbITh4m4xm19v53WSLN4u32-uXp4eb7f3sx8",
    ),
    "thurn-und-taxis": (
        3,
        "3lY9NCsJADIUho-gxJOspaAUXPYV7ERk7UQdjWuZHlNL7eEyjnsBNeLzv5YW8YMAzNpgvJUpVxFfZPUJCi0Hdc8eepPpAdQSb3YDXIF7RpdycqMl0J8ZGCrMm3I2Ubdk9KS5WONp_8vWf-TWOe4sJmwG7PodOvtIxH_rY3YO0lA46uXgVRxco6gcnx4ksemqvv9bRYv_t0-211hHp-XpZbxQUPZZyDG3GcTIFmM0B5mBgagCM-aiZeQM",
    ),
}


@pytest.mark.parametrize("game_id", sorted(GOLDEN_V3))
def test_version_3_golden_links_open_the_same_game(game_id):
    players, link = GOLDEN_V3[game_id]
    match = golden_match(game_id, players)
    assert match.to_link() == link
    assert decode_link(link) == match.to_save()
    assert Match.from_link(link).state == match.state


GOLDEN_HAND_OVERS = "328BYrZSuZKWUVFpcoqSjlAlk5mTmZesaGBgZGJkBRfKUrKKrlbIz81KAUhmluYl5QMGc1LLUHCWrvNKcHKCKxNxUoFyAgVKtDnEqDZVqY3WUipWsqpXyC0oy8_NAzFodpYKcxMrUIiDHCCibmgo0B-QIoEQpUFdxSVFmcolSLSMDw64Vm6_dmbZjbs7be3aGV705VvM4RuqdCbNgZGSwWFm9uuzFiY_qV63NW85p_FujED9xhX7WemZGBsaKW9a8WeZaRXV3P8lomTFcPPgzImVvs5BU9LVrS4rCdmTeNSrgv8VouI6JkZFx8bZJPKt7BJmy7q60v3Hqt11iQ5i4Iev5P-wH725c_vTykvpXVvUp-WrKTEBzLZbNmGNvKyEpKa90c0qoj8uF74vXSvF8cDNdt0tluuxNrdznX9xkGHf8ZQaam-3VHnb4-R-Rwja2Fs2rE2z-5m8vzVV4EtUu6txbY2Z1yeP3DxaRLDtZkLn9x1bnlM1qiy5_lXXsZu6fzJZ37v9mWX7bdtTklUdDX2wcj-b03A2ndm8Emevis_3vjpDVyq6OVakRLV8urv5hnjODTXq357ybTmwdJ1mcjz3KzTW0TgMA"


def test_a_version_3_golden_link_with_hand_overs_opens_the_same_game():
    # a whole link game of the toy game between two devices (tests/linkplay.py): commitments,
    # bits, reveals and deals pinned
    table = Table("bust", 2, seed=2026)
    last = play_link_game(table, chooser_seed=7)
    assert table.links[-1] == GOLDEN_HAND_OVERS
    assert Match.from_link(GOLDEN_HAND_OVERS).state == table.matches[last].state


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
        link = match.to_link()  # hand-overs add 27 to 43 bytes each (docs/links.md)
        assert decode_link(link) == match.to_save()
        longest = max(longest, len(link))
    assert longest < 4000, longest
