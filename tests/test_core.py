"""The core: RNG, contract helpers, conformance on the toy game, matches, saves, links, CLI.

Rules cited here are the project's own contract (docs/architecture.md,
Engine contract) and the requirements of matches, saves and links.
"""

import base64
import json
import subprocess
import sys
import zlib
from typing import Any, ClassVar

import linkplay
import pytest
import toygame

from game import games
from game.core import BadData, IllegalMove, Option, Rng, conformance
from game.core.ai.search import choose_move
from game.core.contract import deal_rng
from game.core.match import Match, decode_link, encode_link
from game.core.savefile import SaveError, load_text

games.register(toygame.GAME)
TOY = toygame.GAME


# ---- RNG -------------------------------------------------------------------------------------
def test_rng_sequence_is_pinned():
    # docs/architecture.md, Engine contract: "the same seed and moves give the same game, in CPython and in Pyodide".
    # SplitMix64 reference values for seed 0 (Vigna's splitmix64.c); a change here breaks saves.
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_rng_below_is_uniform_enough_and_in_range():
    rng = Rng(42)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(900 < c < 1100 for c in counts), counts


def test_rng_round_trips_and_copies():
    rng = Rng(7)
    rng.next_u64()
    again = Rng.from_json(rng.to_json())
    assert again == rng and again.next_u64() == rng.copy().next_u64()
    with pytest.raises(ValueError):
        Rng.from_json("not hex at all!")


# ---- contract helpers -------------------------------------------------------------------------
def test_check_setup_rejects_bad_players_seed_and_options():
    with pytest.raises(BadData, match="2 to 3 players"):
        TOY.new(players=5)
    with pytest.raises(BadData, match="seed"):
        TOY.new(players=2, seed="x")
    with pytest.raises(BadData, match="unknown option"):
        TOY.new(players=2, options={"speed": 3})


def test_registry_names_unknown_games():
    with pytest.raises(BadData, match="unknown game 'chess'"):
        games.get("chess")


def test_apply_never_changes_its_input_even_when_it_raises():
    # docs/architecture.md, Engine contract: "apply never changes the state it is given (also when it raises)".
    state = TOY.new(players=2, seed=3)
    before = TOY.to_json(state)
    TOY.apply(state, TOY.legal_moves(state)[0])
    with pytest.raises(IllegalMove):
        TOY.apply(state, {"card": 99})
    assert TOY.to_json(state) == before


# ---- conformance on the toy game ----------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3])
def test_toy_game_conforms(players):
    digest = conformance.run(TOY, seeds=range(1, 21), players=players)
    assert digest == conformance.run(TOY, seeds=range(1, 21), players=players)
    conformance.check_bad_states(TOY)


def test_conformance_catches_a_broken_engine():
    # A test must be able to fail: an engine whose apply changes its input is caught.
    class Leaky(toygame.Bust):
        def clone(self, s):
            return s

    with pytest.raises(conformance.ConformanceError, match="changed its input"):
        conformance.run(Leaky(), seeds=[1])


def test_conformance_catches_a_view_that_keeps_the_rng():
    # docs/architecture.md, Engine contract: the view removes "the RNG state/seed (they would reveal future draws)".
    class Peeking(toygame.Bust):
        def view(self, s, player):
            v = super().view(s, player)
            v.rng = s.rng
            return v

    with pytest.raises(conformance.ConformanceError, match="RNG"):
        conformance.run(Peeking(), seeds=[1])


def test_conformance_catches_a_determinization_that_ignores_the_view():
    class Forgetful(toygame.Bust):
        def determinize(self, v, rng):
            s = super().determinize(v, rng)
            s.hands = [sorted(h[:1] + [6]) if h else h for h in s.hands]
            return s

    with pytest.raises(conformance.ConformanceError, match="determinize"):
        conformance.run(Forgetful(), seeds=[1])


@pytest.mark.parametrize("players", [2, 3])
def test_toy_game_conforms_when_keyed(players):
    # keyed chance (link play): the deck is a pool, each turn waits for its deal
    digest = conformance.run_keyed(TOY, seeds=range(1, 21), players=players)
    assert digest == conformance.run_keyed(TOY, seeds=range(1, 21), players=players)


def test_keyed_conformance_catches_a_deal_that_ignores_its_key():
    class Deaf(toygame.Bust):
        def deal(self, s, key):
            deal_rng(key)  # refuses what is no key, then ignores it
            return super().deal(s, 7)

    with pytest.raises(conformance.ConformanceError, match="different keys"):
        conformance.run_keyed(Deaf(), seeds=[1])


def test_keyed_conformance_catches_a_turn_that_does_not_wait():
    class Eager(toygame.Bust):
        def apply_in_place(self, s, move):
            super().apply_in_place(s, move)
            if s.waiting:
                s.waiting, s.rng = False, Rng(1)

    with pytest.raises(conformance.ConformanceError):
        conformance.run_keyed(Eager(), seeds=[1])


def test_the_search_deals_waiting_turns_of_a_keyed_game():
    state = TOY.deal(TOY.keyed(TOY.new(players=3, seed=5)), 12345)
    move = choose_move(TOY, state, level="hard", seed=3)
    assert move in TOY.legal_moves(state)


# ---- matches: undo policy, redo, saves ----------------------------------------------------------
def play_to_end(match, rng):
    while not match.is_over():
        moves = match.game.legal_moves(match.state)
        match.play(moves[rng.below(len(moves))])


def test_strict_undo_refuses_after_a_card_is_drawn():
    # Required: undo "only while no hidden or random information has been revealed since".
    match = Match("bust", players=2, seed=1)
    match.play(match.game.legal_moves(match.state)[0])  # plays, then draws: reveals a card
    assert not match.can_undo() and match.undo() == 0 and len(match.moves) == 1


def test_free_undo_steps_back_to_the_last_human_decision_and_redo_replays():
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "ai", "level": "easy"}]
    match = Match("bust", players=2, seed=4, seats=seats, undo="free")
    first = match.game.legal_moves(match.state)[0]
    match.play(first)
    match.play(match.game.legal_moves(match.state)[0])  # the computer's reply
    before = match.game.to_json(match.state)
    assert match.undo() == 2 and match.moves == []
    assert match.redo() == 2 and match.game.to_json(match.state) == before


def test_illegal_move_leaves_the_match_as_it_was():
    match = Match("bust", players=2, seed=2)
    save = match.to_save()
    with pytest.raises(IllegalMove):
        match.play({"card": 42})
    assert match.to_save() == save


def test_save_round_trip_replays_to_the_same_state():
    match = Match("bust", players=3, seed=9)
    play_to_end(match, Rng(1))
    again = Match.from_save(json.loads(json.dumps(match.to_save())))
    assert again.state == match.state and again.moves == match.moves


def finished_save():
    match = Match("bust", players=2, seed=5)
    play_to_end(match, Rng(2))
    return match.to_save()


@pytest.mark.parametrize(
    "damage, expected",
    [
        (lambda s: json.dumps(s)[:40], "not valid JSON"),  # truncated file
        (lambda s: json.dumps({**s, "game": "chess"}), r"does not have \('chess'\)"),
        (lambda s: json.dumps({**s, "format": 7}), "unknown save format 7"),
        (lambda s: json.dumps({**s, "moves": s["moves"][:3] + [{"card": 99}]}), "move 4"),
        (lambda s: json.dumps({**s, "moves": s["moves"][:2] + [{"cards": 1}]}), "move 3"),
        (lambda s: json.dumps({**s, "setup": {**s["setup"], "players": 9}}), "players"),
        (lambda s: json.dumps([1, 2]), "not a saved game"),
    ],
)
def test_bad_saves_name_the_problem_and_step(damage, expected):
    # Required: "a truncated file, a wrong game id, an unknown format version, or an illegal move
    # at step k gives a clear error naming the problem and step ... a Match in progress is left".
    match = Match("bust", players=2, seed=8)
    match.play(match.game.legal_moves(match.state)[0])
    kept = match.to_save()
    with pytest.raises(SaveError, match=expected):
        Match.from_save(load_text(damage(finished_save())))
    assert match.to_save() == kept


def test_illegal_move_error_carries_its_step():
    save = finished_save()
    save["moves"][4] = {"card": 99}
    with pytest.raises(SaveError) as info:
        Match.from_save(save)
    assert info.value.step == 5


# ---- links ------------------------------------------------------------------------------------
def test_links_round_trip_many_games():
    for seed in range(30):
        match = Match(
            "bust",
            players=3,
            seed=seed,
            seats=[{"name": n, "kind": "human"} for n in ("A", "Bé", "C")],
        )
        play_to_end(match, Rng(seed))
        link = match.to_link()
        assert link.isascii() and all(c.isalnum() or c in "-_" for c in link)
        assert decode_link(link) == match.to_save()
        assert Match.from_link(link).state == match.state


@pytest.mark.parametrize(
    "mangle, expected",
    [
        (lambda link: link[: len(link) // 2], "damaged|cut short|not legal"),
        (lambda link: "9" + link[1:], "different version"),
        (lambda link: link[0] + "!!!" + link[4:], "damaged"),
        (lambda link: "", "no game"),
    ],
)
def test_damaged_links_are_rejected_clearly(mangle, expected):
    link = encode_link(finished_save())
    with pytest.raises(SaveError, match=expected):
        decode_link(mangle(link))


# ---- CLI ---------------------------------------------------------------------------------------
def test_cli_replay_prints_scores(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished_save()))
    # the toy game is registered only inside this process, so call main() directly
    from game.core.cli import main

    assert main(["replay", str(path)]) == 0


def test_cli_replay_replays_a_link_game_saved_to_file(tmp_path, capsys):
    table = linkplay.Table("bust", 2, seed=4)
    last = linkplay.play_link_game(table, chooser_seed=4)
    path = tmp_path / "link-game.json"
    path.write_text(json.dumps(table.matches[last].to_save(keys=True)))
    from game.core.cli import main

    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["over"] is True


def test_cli_replay_reports_a_bad_file(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"format": 1, "game": "bust", "setup": ')
    from game.core.cli import main

    assert main(["replay", str(path)]) == 1
    assert "not valid JSON" in capsys.readouterr().err


def test_cli_help_runs_as_a_module():
    out = subprocess.run([sys.executable, "-m", "game", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "replay" in out.stdout


# ---- set-ups: 128-bit seeds, rules of earlier versions, scenarios ----------------------------------
def deck_option(value):
    if value is not None and not isinstance(value, list):
        raise BadData("the deck is a list of cards")
    return value


class Variant(toygame.Bust):
    """The toy game with two options (the rules ignore them): a rule added later, which saves
    and links of earlier versions played as "old", and a fixed deck order (a scenario's)."""

    id = "bust-variant"
    options: ClassVar[dict[str, Option]] = {
        "rule": Option("new", choices=("old", "new")),
        "deck": Option(None, check=deck_option),
    }
    legacy_defaults: ClassVar[dict[str, Any]] = {"rule": "old"}
    fixed_chance_options = ("deck",)


games.register(Variant())


def header_link(version, setup, match_id=None):
    """A link of `version` holding just a set-up (no entries), as that version wrote it."""
    head = json.dumps({"g": "bust-variant", "s": setup, "n": None, "i": match_id}).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(bytes([len(head)]) + head) + packer.flush()
    return version + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_new_games_take_128_bit_seeds_and_older_seeds_play_as_before():
    # docs/architecture.md, Engine contract: "Start seeds: 128 bits"; a seed below 2**64 is the generator's state as before
    wide = Match("bust", seed=(1 << 128) - 1, match_id="wide-seed")
    assert Match.from_link(wide.to_link()).state == wide.state
    assert Match.from_save(json.loads(json.dumps(wide.to_save()))).state == wide.state
    assert (
        TOY.to_json(TOY.new(seed=12345))["hands"]
        == TOY.to_json(Match("bust", seed=12345).state)["hands"]
    )
    assert Rng(12345).state == 12345 and Rng((1 << 64) + 5).state != 5
    for bad in (1 << 128, -1):
        with pytest.raises(BadData, match="seed"):
            Match("bust", seed=bad)


def test_options_earlier_versions_did_not_name_take_the_games_legacy_defaults():
    # contract.Game.legacy_defaults: what saves of formats 1 and 2 and links of versions 1 and 2
    # played by when they did not name an option; today's saves and links take today's default
    setup = {"players": 2, "seed": 1, "options": {}}
    for version, rule in ((1, "old"), (2, "old"), (3, "new")):
        save = {"format": version, "game": "bust-variant", "setup": setup, "moves": []}
        assert Match.from_save(save).setup["options"]["rule"] == rule
    for version, rule in (("1", "old"), ("2", "old"), ("3", "new")):
        match_id = None if version == "1" else "legacy-1"
        assert Match.from_link(header_link(version, setup, match_id)).setup["options"] == {
            "rule": rule,
            "deck": None,
        }
    named = {**setup, "options": {"rule": "new"}}
    assert Match.from_link(header_link("2", named, "legacy-1")).setup["options"]["rule"] == "new"
    assert Match("bust-variant").setup["options"]["rule"] == "new"


def test_options_that_fix_chance_need_a_named_scenario():
    # docs/links.md, "Scenarios": fixed piles and decks exist only in a game started as a named
    # scenario; a save or link that fixes chance without a name is refused
    deck = {"deck": [1, 2, 3]}
    with pytest.raises(SaveError) as info:
        Match("bust-variant", options=deck)
    assert info.value.key == "load.scenario"
    match = Match("bust-variant", options=deck, scenario="Three cards", match_id="scene-1")
    assert match.scenario == "Three cards" and match.setup["scenario"] == "Three cards"
    assert Match.from_link(match.to_link()).scenario == "Three cards"
    assert Match.from_save(match.to_save()).scenario == "Three cards"
    assert Match("bust-variant", scenario="Tutorial").scenario == "Tutorial"  # nothing fixed
    unnamed = match.to_save()
    del unnamed["setup"]["scenario"]
    for version in (1, 2, 3):
        with pytest.raises(SaveError) as info:
            Match.from_save({**unnamed, "format": version})
        assert info.value.key == "load.scenario"
    for version in ("2", "3"):
        with pytest.raises(SaveError) as info:
            Match.from_link(header_link(version, unnamed["setup"], "scene-1"))
        assert info.value.key == "load.scenario"
    for bad in ("", "x" * 61, "tab\there", 7):
        with pytest.raises(SaveError):
            Match("bust-variant", options=deck, scenario=bad)


def test_a_move_is_parsed_once():
    parsed = []

    class Counting(toygame.Bust):
        id = "bust-counting"

        def parse_move(self, obj):
            parsed.append(obj)
            return super().parse_move(obj)

    games.register(Counting())
    match = Match("bust-counting", seed=3)
    match.play(match.game.legal_moves(match.state)[0].to_json())
    assert len(parsed) == 1


def test_a_save_file_with_keys_is_checked():
    save = Match("bust", seed=3, match_id="keys-001").to_save()
    key = "ab" * 32
    assert Match.from_save({**save, "keys": {"1": key}}).local == [1]
    for bad in ({"2": key}, {"x": key}, {"0": "ab"}, [key], {"0": key.upper()}):
        with pytest.raises(SaveError):
            Match.from_save({**save, "keys": bad})
