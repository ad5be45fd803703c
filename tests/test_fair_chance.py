"""Fair chance in link play, by commit and reveal (docs/links.md, "Fair chance in link play"), attacked the way
a player could: the sender decodes the link it sent, or plays the receiver's turn in another
browser profile; it shares one position again and again; a seat reveals a secret that breaks its
commitment; a link plays moves without their reveal or holds thousands of hand-overs.

The protocol's rules quoted here are docs/links.md's: "a turn is dealt with a key that combines
the secret its seat committed to before the turn with bits other devices wrote after that
commitment", "every device checks each revealed secret against its commitment and says so to
everyone when it does not match", "a link holds per seat at most one hand-over per move plus two".

Every test runs over every game (`games.ids()`); those that hand a game over need the game's
keyed mode (Game.keyed, to_deal, deal).
"""

import base64
import math
import zlib

import linkplay
import pytest
import toygame
from in_pyodide import printed
from linkplay import Table, chooser_move, device_key, seen_in_turn

from game import games
from game.core import handover
from game.core.contract import IllegalMove, canonical_json
from game.core.match import Match, Waiting
from game.core.rng import Rng
from game.core.savefile import SaveError, is_handover, is_move

games.register(toygame.GAME)
# every game, and the toy game (not the toy game's variants other tests register)
GAMES = [g for g in games.ids() if not isinstance(games.get(g), toygame.Bust) or g == "bust"]
SAMPLES = 200  # games per game for the attacks on prediction


def first_keyed_draw_of_the_receiver(table, at):
    """Stop when the device of `at` got the game at a turn of its own, dealt, after another
    device played keyed moves: the receiver's next draw."""
    match = table.matches[at]
    if match.waiting() != Waiting("play", at):
        return False
    first = match.ledger.first()
    return any(
        is_move(entry) and match.made_by(k) != at for k, entry in enumerate(match.log) if k > first
    )


def to_receiver(game_id, seed, players=2):
    """A link game played until its link reaches a receiver whose turn is dealt there; returns
    (table, receiver seat)."""
    table = Table(game_id, players, seed)
    at = linkplay.play_link_game(table, chooser_seed=seed, stop=first_keyed_draw_of_the_receiver)
    assert table.matches[at].waiting() == Waiting("play", at)
    return table, at


def bound(hits):
    """Hits beyond which a guesser does better than chance, given `hits` of a chance guesser
    over the same number of games (binomial spread, four deviations, and a little room)."""
    return hits + 4 * math.sqrt(hits + 1) + 5


@pytest.mark.parametrize("game_id", GAMES)
def test_the_sender_predicts_the_receivers_next_draw_no_better_than_chance(game_id):
    """The sender knows everything in the link it sent (commitments, bits, its own secrets) and
    can play the receiver's turn in a fresh profile (another device key): neither tells it
    what the receiver is dealt, better than a chance guess does."""
    game = games.get(game_id)
    hits = {"fresh profile": 0, "decoded link": 0, "chance (1 guess)": 0, "chance (3)": 0}
    for seed in range(1, SAMPLES + 1):
        table, at = to_receiver(game_id, seed)
        real = seen_in_turn(game, table.matches[at].state, at, seed)
        link = table.links[-1]
        waiting = Match.from_link(link).state  # a spectator: the receiver's turn waits
        assert game.to_deal(waiting) == at

        spy = Match.from_link(link, device=device_key(f"spy {seed}"))
        assert spy.waiting() == Waiting("claim", at)
        spy.claim(at)
        assert [event.cause for event in spy.redealt] == ["key"]  # a spy is told, too
        hits["fresh profile"] += seen_in_turn(game, spy.state, at, seed) == real

        # every public part of the receiver's deal, as the sender can read it from the link,
        # with the secrets the sender might try: the commitment, nothing, its own secret
        k, deal = next((k, d) for k, d in enumerate(spy.deals) if d is not None and d.seat == at)
        commit = spy.ledger.latest(deal.chain, k + 1)
        others = spy.ledger.later_bits(commit, k + 1)
        sender = next(s for s in table.matches if s != at)
        own = handover.match_key(table.keys[sender], table.id)
        guesses = [commit.entry.commit, bytes(16), handover.secret(own, sender, 0)]
        keys = [handover.deal_key(at, deal.chain, deal.j, deal.ply, g, others) for g in guesses]
        guessed = [seen_in_turn(game, game.deal(waiting, key), at, seed) for key in keys]
        hits["decoded link"] += real in guessed

        chance = Rng(seed * 7919)
        tries = [chance.next_u64() | chance.next_u64() << 64 for _ in range(3)]
        tried = [seen_in_turn(game, game.deal(waiting, key), at, seed) for key in tries]
        hits["chance (1 guess)"] += tried[0] == real
        hits["chance (3)"] += real in tried
    assert hits["chance (1 guess)"] < 0.9 * SAMPLES, hits  # the receiver's turn holds chance
    assert hits["fresh profile"] <= bound(hits["chance (1 guess)"]), hits
    assert hits["decoded link"] <= bound(hits["chance (3)"]), hits


@pytest.mark.parametrize("game_id", GAMES)
def test_sharing_a_position_again_never_changes_what_the_receiver_sees_before_it_commits(
    game_id,
):
    """Invitations of the same position from two devices (other commitments, other bits) give
    the receiver the very same game until it answers: nothing is dealt from the bits before
    the receiver's own commitment."""
    game = games.get(game_id)
    for seed in range(1, 6):
        opened = []
        for creator_key in (device_key("one"), device_key("two")):
            match = Match(
                game_id, players=2, seed=seed, seats=linkplay.people(2),
                match_id="again-001", device=creator_key,
            )  # fmt: skip
            rng = Rng(seed)
            while match.current_player() == 0:  # the creator's first turn, at its own device
                match.play(chooser_move(match, rng))
            seeded = match.state  # dealt from the seed, as in a game at one device
            match.hand_over()
            receiver = Match.from_link(match.to_link(), device=device_key("receiver"))
            assert receiver.waiting().status == "answer"
            assert receiver.state == game.keyed(seeded)  # keyed from the invitation on
            opened.append((canonical_json(game.to_json(receiver.state)), receiver.waiting()))
        assert opened[0] == opened[1]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_device_that_shares_the_same_position_again_sends_the_same_link(game_id):
    """The issue's re-roll: delete the game, open the link before it again, replay the same
    moves, share again. The device's bits and secrets are fixed by its key: the same link."""
    table, at = to_receiver(game_id, seed=3)
    sent, before = table.links[-1], table.links[-2]
    sender = next(s for s in table.matches if s != at)
    again = Match.from_link(before, device=table.keys[sender])  # the game deleted here
    assert again.waiting() == Waiting("claim", sender)
    again.claim(sender)
    assert again.redealt == []  # the same key: its own commitments still hold
    for entry in Match.from_link(sent).log[len(again.log) :]:
        if is_move(entry):
            again.play(entry)
    assert again.hand_over()
    assert again.to_link() == sent


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lost_key_deals_anew_and_everyone_is_told(game_id):
    """A seat whose device lost its key (another profile) plays on with a new secret: its own
    device says so at once, and every other device when the secret is revealed."""
    table, at = to_receiver(game_id, seed=5)
    link = table.links[-1]
    table.keys[at] = device_key("a new profile")
    table.matches[at] = lost = Match.from_link(link, device=table.keys[at])
    assert lost.waiting() == Waiting("claim", at)
    lost.claim(at)
    assert [(e.seat, e.cause) for e in lost.redealt] == [(at, "key")]
    rng = Rng(5)
    while lost.current_player() == at:
        lost.play(chooser_move(lost, rng))
    assert lost.hand_over()
    reveal_at = len(lost.log) - 1
    told = [(reveal_at, at, "reveal")]
    spectator = Match.from_link(lost.to_link())
    assert spectator.state == lost.state
    assert [(e.at, e.seat, e.cause) for e in spectator.redealt] == told
    for seat in table.matches:
        if seat != at:
            seen = table.receive(seat, lost.to_link())
            assert [(e.at, e.seat, e.cause) for e in seen.redealt] == told
            assert seen.log == lost.log and seen.waiting().status != "claim"


def test_a_hand_edited_reveal_is_flagged_and_its_secret_deals():
    # the toy game's move (a card from the hand) does not depend on the deal, so the forged
    # secret replays: the deal uses what was revealed, and everyone is told
    table, at = to_receiver("bust", seed=2)
    match = table.matches[at]
    rng = Rng(2)
    while match.current_player() == at:
        match.play(chooser_move(match, rng))
    match.hand_over()
    save = match.to_save()
    k = len(save["moves"]) - 1
    save["moves"][k]["handover"]["reveal"] = "00" * 16
    forged = Match.from_save(save)
    assert [(e.at, e.seat, e.cause) for e in forged.redealt] == [(k, at, "reveal")]
    assert forged.state != match.state or forged.deals != match.deals


@pytest.mark.parametrize("game_id", GAMES)
def test_moves_without_their_reveal_are_refused(game_id):
    """A link made before its sender handed over holds moves nobody else can deal."""
    table, at = to_receiver(game_id, seed=7)
    match = table.matches[at]
    match.play(chooser_move(match, Rng(7)))
    unshared = match.to_link()
    with pytest.raises(SaveError) as info:
        Match.from_link(unshared, device=device_key("elsewhere"))
    assert info.value.key == "load.unrevealed" and info.value.step == len(match.log)
    # the device itself reopens it (its own key deals the segment in progress)
    again = Match.from_link(unshared, device=table.keys[at], local=[at])
    assert again.state == match.state


@pytest.mark.parametrize("game_id", GAMES)
def test_a_turn_dealt_at_another_device_cannot_be_played_here(game_id):
    table, at = to_receiver(game_id, seed=9)
    match = table.matches[at]
    assert match.hand_over()  # shared before moving: the turn's secret is revealed...
    other = next(s for s in table.matches if s != at)
    there = table.receive(other, match.to_link())
    assert there.waiting() == Waiting("elsewhere", at)  # ...but it is not theirs
    with pytest.raises(IllegalMove, match="another device"):
        there.play(match.game.legal_moves(there.state)[0])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_link_game_replays_exactly_at_every_device(game_id):
    game = games.get(game_id)
    table = Table(game_id, 2, seed=11)
    last = linkplay.play_link_game(table, chooser_seed=11)
    final = table.matches[last]
    assert final.is_over() and final.redealt == []
    assert sum(is_handover(e) for e in final.log) <= 2 * (len(final.moves) + 2)
    for seat in table.matches:
        seen = table.receive(seat, table.links[-1])
        assert seen.state == final.state and seen.waiting() == Waiting("over", None)
    again = Match.from_save(final.to_save())
    assert again.log == final.log and again.states == final.states
    assert game.scores(again.state) == game.scores(final.state)


@pytest.mark.parametrize("game_id", [g for g in GAMES if games.get(g).max_players >= 3])
def test_a_computer_seat_is_dealt_on_the_chain_of_the_person_before_it(game_id):
    # (the first eight of the computer's turns: a whole link game is played by the test above)
    def enough(table, at):
        return sum(d is not None and d.seat == 1 for d in table.matches[at].deals) >= 8

    table = Table(game_id, 3, seed=13, computers=(1,))
    last = linkplay.play_link_game(table, chooser_seed=13, stop=enough)
    final = table.matches[last]
    assert (enough(table, last) or final.is_over()) and final.redealt == []
    chains = {(d.seat, d.chain) for d in final.deals if d is not None}
    assert {chain for seat, chain in chains if seat == 1} == {0}  # seat 0 moves before it
    for seat in table.matches:  # every device takes the last link as it was sent
        received = table.receive(seat, table.links[-1])
        assert received.moves == final.moves and received.redealt == []


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_stays_within_the_segment_and_redo_deals_the_same(game_id):
    table, at = to_receiver(game_id, seed=15)
    match = table.matches[at]
    match.undo_policy = "free"
    assert match.undo_refusal() == "hand_over"  # what was sent is sent
    before = match.state
    match.play(chooser_move(match, Rng(15)))
    after = match.state
    assert match.undo() >= 1 and match.state == before
    assert match.redo() >= 1 and match.state == after
    assert match.hand_over() and not match.can_undo()


@pytest.mark.parametrize("game_id", GAMES)
def test_save_to_file_carries_the_keys_and_another_device_plays_on(game_id):
    table, at = to_receiver(game_id, seed=17)
    match = table.matches[at]
    rng = Rng(17)
    match.play(chooser_move(match, rng))
    assert "keys" not in match.to_save()  # links and kept games never hold keys
    saved = match.to_save(keys=True)
    assert list(saved["keys"]) == [str(at)]
    moved = Match.from_save(saved, device=device_key("the new computer"))
    assert moved.local == [at] and moved.state == match.state
    while moved.current_player() == at:
        moved.play(chooser_move(moved, rng))
    assert moved.hand_over() and moved.redealt == []
    other = next(s for s in table.matches if s != at)
    assert table.receive(other, moved.to_link()).redealt == []


# ---- links too long for their moves ----------------------------------------------------------------
def raw_link(header, items):
    head = canonical_json(header).encode()
    out = bytearray()
    n = len(head)
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(bytes(out) + head + items) + packer.flush()
    return "3" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


HEADER = {"g": "bust", "s": {"players": 2, "seed": 1}, "n": None, "i": "flood-001"}
FIRST = bytes([1, 0, 0]) + bytes(24)  # seat 0's first hand-over
LATER = bytes([1, 0, 1]) + bytes(40)  # and every later one (with a reveal)


@pytest.mark.parametrize("count", [19_999, 20_000])
def test_a_short_link_with_thousands_of_hand_overs_is_refused_before_any_replay(count, monkeypatch):
    link = raw_link(HEADER, FIRST + LATER * (count - 1))
    assert len(link) < 4000  # far shorter than a real game's link
    replayed = []
    monkeypatch.setattr(Match, "_replay", lambda *args: replayed.append(args))
    with pytest.raises(SaveError) as info:
        Match.from_link(link)
    assert info.value.key in ("load.handovers", "link.damaged") and replayed == []


def test_a_seat_has_at_most_one_hand_over_per_move_plus_two():
    move = bytes([2])  # the first legal move (seeded: before the first hand-over)
    assert Match.from_link(raw_link(HEADER, move + FIRST + LATER + LATER)).is_keyed()
    with pytest.raises(SaveError) as info:
        Match.from_link(raw_link(HEADER, move + FIRST + LATER + LATER + LATER))
    assert info.value.key == "load.handovers"


# ---- scenarios ---------------------------------------------------------------------------------------
def fixed_options(game):
    """Options that fix the order of chance for `game`, set to a valid fixed order."""
    state_options = {
        "carcassonne": {"deck": ["E", "U", "V"]},
        "toscana": {"piles": [["T01", "T02"], ["T03", "T04"]]},
        "thurn-und-taxis": {"deck": ["Ulm"] * 3 + ["Basel"] * 3 + ["Linz"] * 3},
    }
    return state_options.get(game.id)


@pytest.mark.parametrize("game_id", [g for g in GAMES if g != "bust"])
def test_a_fixed_deck_or_piles_needs_a_named_scenario(game_id):
    """The issue's hand-made link: options that fix the luck, without a scenario's name, are
    refused with a clear message; the same set-up as a named scenario opens and says so."""
    game = games.get(game_id)
    options = fixed_options(game)
    assert set(options) <= set(game.fixed_chance_options)
    with pytest.raises(SaveError) as info:
        Match(game_id, seed=1, options=options)
    assert info.value.key == "load.scenario"
    scenario = Match(game_id, seed=1, options=options, scenario="A test", match_id="scene-01")
    assert scenario.scenario == "A test"
    link = scenario.to_link()
    assert Match.from_link(link).scenario == "A test"
    header = {"g": game_id, "s": {**scenario.setup}, "n": None, "i": "scene-01"}
    del header["s"]["scenario"]
    for version in ("2", "3"):
        hand_made = version + raw_link(header, b"")[1:]
        with pytest.raises(SaveError) as info:
            Match.from_link(hand_made)
        assert info.value.key == "load.scenario"


# ---- what the protocol does not hide (docs/links.md, "What does not hold") -------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_a_link_still_shows_everything_already_dealt_hands_included(game_id):
    """A decoded link holds the whole position: the hands of every seat (Thurn und Taxis's
    cards, the toy game's cards) are in it. Only what is not dealt yet is nobody's."""
    table, at = to_receiver(game_id, seed=19)
    sender = next(s for s in table.matches if s != at)
    decoded = Match.from_link(table.links[-1])  # anyone holding the link, with no key
    assert decoded.state == table.matches[sender].state
    assert decoded.game.to_json(decoded.state) == table.matches[sender].game.to_json(
        table.matches[sender].state
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_can_compute_its_own_draws_within_its_turn(game_id):
    """The receiver's device knows its turn's key once it is dealt: everything chance brings in
    that turn (a blind draw, a refill) follows from it before the seat chooses."""
    game = games.get(game_id)
    table, at = to_receiver(game_id, seed=21)
    match = table.matches[at]
    deal = next(d for d in reversed(match.deals) if d is not None)
    waiting = Match.from_link(table.links[-1]).state
    assert game.deal(waiting, deal.key) == match.state
    ahead = seen_in_turn(game, game.deal(waiting, deal.key), at, 21)
    assert ahead == seen_in_turn(game, match.state, at, 21)


def test_a_copy_keeps_the_keys_its_seats_committed_with():
    """Opened as a copy (a new id), a match plays on with the keys its seats committed with;
    so a copy is for the player's own use: shared with the same people, its reveals would
    show secrets the original still uses."""
    table, at = to_receiver("bust", seed=23)
    match = table.matches[at]
    key = match.key_of(at)
    match.id = "copy-000001"
    assert match.key_of(at) == key and match.redealt == []
    assert match.hand_over() and Match.from_link(match.to_link()).redealt == []


def test_seats_of_one_device_never_deal_each_other_unless_it_splits_its_shares():
    """Two people at one device share as one group: neither's turn is dealt from the other's
    bits. A site changed to write their hand-overs as two shares would deal them itself."""
    seats = linkplay.people(3)
    together = Match("bust", players=3, seats=seats, match_id="party-01", device=device_key(1))
    together.hand_over([0, 1])
    assert together.waiting() == Waiting("elsewhere", 2) and together.deals == [None, None]
    split = Match("bust", players=3, seats=seats, match_id="party-01", device=device_key(1))
    split.hand_over([0])
    split.hand_over([1])  # seat 1 "answers" seat 0's invitation from the same device
    split.attach([0, 1], {})
    assert split.deals[-1] is not None and split.deals[-1].seat == 0


LINK_GAME = """
import json, sys
sys.path.insert(0, "/repo/tests")
import toygame, linkplay
from game import games
games.register(toygame.GAME)
table = linkplay.Table("bust", 3, 5, computers=(1,))
linkplay.play_link_game(table, chooser_seed=5)
print("LINKS " + json.dumps(table.links))
"""


def test_pyodide_plays_a_link_game_exactly_as_cpython():
    """The browser's interpreter (CPython 3.14 on 32-bit WebAssembly) derives the same keys,
    deals the same turns and writes the same links."""
    links = printed(LINK_GAME, "LINKS")[-1]
    table = Table("bust", 3, 5, computers=(1,))
    linkplay.play_link_game(table, chooser_seed=5)
    assert links == table.links
