"""Games handed over before commit and reveal existed (link version 2, save format 2: 64 fresh bits
mixed into the state's generator at each hand-over) still replay exactly, and the decoders of
saves and links of every version give a loaded match or one clear error for any input.

docs/links.md, "Links": "a save or link of an earlier version opens exactly as it did";
the fair chance of link play today is tested in test_fair_chance.py.
"""

import base64
import json
import zlib
from pathlib import Path

import pytest
import toygame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from linkplay import Table, play_link_game

from game import games
from game.core import Rng
from game.core import links as links_module
from game.core.jsontext import MAX_DEPTH, load_json
from game.core.match import Match, decode_link, encode_link
from game.core.savefile import SaveError, entropy_event, load_text

games.register(toygame.GAME)
GAMES = [("thurn-und-taxis", 3), ("toscana", 2), ("carcassonne", 2), ("bust", 3)]


def legacy(game_id, players, seed, moves, entropy_after=()):
    """A format-2 save of `moves` random moves with an entropy event (as a version-2 link's
    hand-over wrote it) after each move number in `entropy_after`, and the state the engine
    reaches through them."""
    game, rng, entries = games.get(game_id), Rng(seed), []
    # a format-2 save names no option: it reads with the rules of its time (legacy_defaults)
    state = game.new(players=players, seed=seed, options=dict(game.legacy_defaults))
    for k in range(moves):
        if game.is_over(state):
            break
        move = rng.choice(game.legal_moves(state))
        state = game.apply(state, move)
        entries.append(move.to_json())
        if k + 1 in entropy_after:
            state = game.mix_entropy(state, seed * 1000 + k)
            entries.append(entropy_event(seed * 1000 + k))
    setup = {"players": players, "seed": seed, "options": {}}
    save = {"format": 2, "game": game_id, "id": f"test-{seed:04d}", "setup": setup}
    return {**save, "moves": entries}, state


def future(match, chooser_seed, moves=60):
    """What chance deals over the next `moves` moves picked by a seeded chooser: every state
    (cards drawn into hands included), without the generator itself."""
    game, state, rng, seen = match.game, match.state, Rng(chooser_seed), []
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        seen.append(json.dumps({**game.to_json(state), "rng": None}, sort_keys=True))
    return seen


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_replays_with_entropy_events_are_exact(game_id, players):
    save, state = legacy(game_id, players, seed=5, moves=30, entropy_after=(4, 11, 19))
    match = Match.from_save(save)
    assert sum("entropy" in entry for entry in match.log) >= 1 and match.state == state
    for again in (
        Match.from_save(json.loads(json.dumps(match.to_save()))),
        Match.from_link(match.to_link()),
    ):
        assert again.log == match.log and again.state == match.state


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_same_link_opened_twice_continues_the_same_way(game_id, players):
    link = Match.from_save(legacy(game_id, players, 8, 12, entropy_after=(6, 12))[0]).to_link()
    assert future(Match.from_link(link), 3) == future(Match.from_link(link), 3)


def test_hand_over_is_once_per_share_and_undo_never_crosses_it():
    # docs/links.md, "Hand-overs": "one hand-over entry per seat the device plays, once per
    # share"; "undo never goes back across a hand-over: what was sent is sent"
    table = Table("bust", 2, seed=3)
    match = table.create()
    match.undo_policy = "free"
    assert match.hand_over([0]) and not match.hand_over()  # a second Share adds nothing
    assert not match.can_undo() and match.undo_refusal() == "hand_over"  # what was sent is sent
    answer = table.send(0, 1)
    assert answer.hand_over([1]) and not answer.hand_over()
    back = table.send(1, 0)
    back.undo_policy = "free"
    back.play(back.game.legal_moves(back.state)[0])
    assert back.undo() == 1 and "handover" in back.log[-1]
    assert back.redo() == 1 and len(back.log) == 3


# ---- decoders: any input gives a loaded match or one clear error --------------------------------
def deep(depth):
    return "[" * depth + "]" * depth


def test_json_nested_ten_thousand_deep_is_refused_before_parsing():
    with pytest.raises(ValueError, match="nested"):
        load_json(deep(10_000))
    assert load_json(deep(MAX_DEPTH)) is not None
    with pytest.raises(SaveError, match="nested"):
        load_text('{"format": 2, "game": "toscana", "setup": ' + deep(10_000) + "}")
    # strings may hold any brackets: only real nesting counts
    assert load_json(json.dumps({"name": "[" * 500})) == {"name": "[" * 500}


def raw_link(header_text, items=b""):
    head = header_text.encode()
    body = (
        bytes([len(head) & 0x7F | 0x80, len(head) >> 7]) if len(head) > 127 else bytes([len(head)])
    )
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(body + head + items) + packer.flush()
    return "2" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


@pytest.mark.parametrize("version", ["2", "3"])
@pytest.mark.parametrize(
    "header",
    [
        deep(10_000),
        '{"g": [], "s": {}, "n": null}',
        '{"g": "chess", "s": {"players": 2, "seed": 1}, "n": null}',
        '{"g": "toscana", "s": {"players": 2, "seed": 1}, "n": [{"name": "A", "kind": "ai", '
        '"level": "genius"}, {"name": "B"}]}',
        '{"g": "toscana", "s": {"players": 2, "seed": 1}, "n": null, "i": "../../etc"}',
    ],
)
def test_hostile_link_headers_give_a_clear_error(header, version):
    with pytest.raises(SaveError) as info:
        decode_link(version + raw_link(header)[1:])
    assert info.value.key.startswith(("link.", "load."))


def test_a_tiny_link_cannot_unpack_to_gigabytes():
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b"\x01" * 5_000_000) + packer.flush()
    with pytest.raises(SaveError, match="more than a game"):
        decode_link("2" + base64.urlsafe_b64encode(bomb).decode())


def good_save():
    """A link game of the toy game, hand-overs and all."""
    table = Table("bust", 2, seed=2)
    last = play_link_game(table, chooser_seed=2)
    return table.matches[last].to_save()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_any_bytes_as_a_save_file_load_or_fail_clearly(data):
    try:
        Match.from_save(load_text(data))
    except SaveError as e:
        assert str(e) and e.key


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_as_a_link_loads_or_fails_clearly(text):
    try:
        Match.from_save(decode_link(text))
    except SaveError as e:
        assert str(e) and e.key


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_save_with_one_value_replaced_loads_or_fails_clearly(data):
    save = good_save()
    junk = st.one_of(
        st.none(), st.booleans(), st.integers(), st.text(max_size=8), st.lists(st.integers())
    )
    key = data.draw(st.sampled_from(sorted(save)))
    if key == "moves" and save["moves"]:
        k = data.draw(st.integers(0, len(save["moves"]) - 1))
        hand_over = st.fixed_dictionaries({"seat": junk, "commit": junk, "bits": junk})
        odd = st.just({"entropy": "xyz"}) | st.builds(lambda h: {"handover": h}, hand_over)
        save["moves"][k] = data.draw(junk | odd)
    else:
        save[key] = data.draw(junk)
    try:
        loaded = Match.from_save(json.loads(json.dumps(save)))
    except SaveError as e:
        assert str(e) and e.key
    else:
        assert loaded.log  # an accepted save replays to a real match
        assert decode_link(encode_link(loaded.to_save())) == loaded.to_save()


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_match_writes_its_link_after_every_move_exactly_as_a_save_encodes(game_id, players):
    # the library keeps every match as its link after every move (game/view/library.py); the
    # match writes only the new entries, so after moves, undo and redo the link must stay the
    # one encode_link makes from the whole save (a game begun with entropy events included)
    match = Match.from_save({**legacy(game_id, players, 9, 6, (3,))[0], "undo": "free"})
    rng = Rng(9)
    for step in range(40):
        if match.is_over():
            break
        match.play(rng.choice(match.game.legal_moves(match.state)))
        if step % 7 == 3:
            match.undo()
        if step % 11 == 5:
            match.redo()
        assert match.to_link() == encode_link(match.to_save())


GOLDEN = Path(__file__).parent / "golden"
V1_LINKS = json.loads((GOLDEN / "links-v1.json").read_text("utf-8"))
V2_LINKS = json.loads((GOLDEN / "links-v2.json").read_text("utf-8"))


@pytest.mark.parametrize("version", ["1", "2", "3"])
@pytest.mark.parametrize(("game_id", "players"), GAMES[:3])
def test_a_match_opened_from_a_link_writes_only_what_is_played_next(
    game_id, players, version, monkeypatch
):
    # a kept match is opened from its link after every reload: the entries it read are not
    # encoded again (no search of the legal moves for them), and the link stays exact, also
    # after a link of an earlier version (its entries then written as version 3 writes them)
    if version == "1":
        link = V1_LINKS[game_id]["link"]
    elif version == "2":
        link = V2_LINKS[game_id]["link"]
    else:
        link = Match.from_save(legacy(game_id, players, 4, 12, (5,))[0]).to_link()
    match = Match.from_link(link)
    searched = []
    search = links_module._move_index
    monkeypatch.setattr(
        links_module, "_move_index", lambda *args: searched.append(args[3]) or search(*args)
    )
    rng = Rng(3)
    for _ in range(2):
        if not match.is_over():
            match.play(rng.choice(match.game.legal_moves(match.state)))
    written = match.to_link()
    monkeypatch.undo()
    new = len(match.log) - len(decode_link(link)["moves"])
    assert searched == list(range(len(match.log) - new + 1, len(match.log) + 1))
    assert written == encode_link(match.to_save())
