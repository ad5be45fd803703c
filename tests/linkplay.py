"""Link play between devices, the way the page plays it, for the protocol's tests: each person
sits at a device of their own with its own device key; a link travels from device to device and
each one does what `Match.waiting` says (answer, play, share, pass the link on)."""

import hashlib
import json

from game import games
from game.core.contract import canonical_json
from game.core.match import Match
from game.core.rng import Rng


def device_key(name):
    """A device key (32 bytes) named by a string or number: stable across runs."""
    return hashlib.sha256(f"test device {name}".encode()).digest()


def people(players, computers=()):
    return [
        {"name": f"P{k}", "kind": "ai", "level": "easy"}
        if k in computers
        else {"name": f"P{k}", "kind": "human"}
        for k in range(players)
    ]


class Table:
    """The devices of one link game: `keys[seat]` is the key of the device of human `seat`;
    `matches[seat]` what that device keeps (None until the game reached it)."""

    def __init__(self, game_id, players, seed, keys=None, computers=(), match_id=None):
        self.game = games.get(game_id)
        self.seats = people(players, computers)
        humans = [k for k in range(players) if k not in computers]
        self.keys = keys or {seat: device_key(f"{game_id} {seed} {seat}") for seat in humans}
        self.id = match_id or f"link-{seed:06d}"
        self.seed = seed
        self.matches = dict.fromkeys(humans)
        self.links = []  # every link sent, in order

    def create(self, creator=0):
        """The creator's device makes the match (it has played no move yet)."""
        match = Match(
            self.game.id,
            players=len(self.seats),
            seed=self.seed,
            seats=self.seats,
            match_id=self.id,
            device=self.keys[creator],
        )
        self.matches[creator] = match
        return match

    def receive(self, seat, link):
        """The device of `seat` opens `link` (as the library would, with the seats it plays)."""
        kept = self.matches[seat]
        local = kept.local if kept is not None else []
        match = Match.from_link(link, device=self.keys[seat], local=local)
        self.matches[seat] = match
        return match

    def send(self, seat, to):
        """The device of `seat` shares its match with the device of `to`."""
        link = self.matches[seat].to_link()
        self.links.append(link)
        return self.receive(to, link)


def chooser_move(match, rng):
    moves = match.game.legal_moves(match.state)
    return moves[rng.below(len(moves))]


def play_link_game(table, creator=0, chooser_seed=1, stop=None, limit=20_000):
    """Play `table`'s game by link from its creator's first share on: the device holding the
    game does what `waiting` says, people and computers move by a seeded chooser. `stop(table,
    seat)`, asked whenever a device receives the game, ends the run early (returns True). Returns
    the seat whose device holds the game last."""
    rng = Rng(chooser_seed)
    match = table.create(creator)
    at = creator
    match.hand_over([creator])  # the invitation
    for _ in range(limit):
        match = table.matches[at]
        status, seat = match.waiting()
        if status == "over":
            return at
        if status == "play":
            match.play(chooser_move(match, rng))
            continue
        if status == "answer":
            assert match.hand_over([seat])
            status, seat = match.waiting()
        elif status == "share":  # then the link goes to `seat` (also when the game is over)
            assert match.hand_over()
            status = "elsewhere"
        assert status == "elsewhere" and seat is not None and seat != at, (status, seat, at)
        table.send(at, seat)
        at = seat
        if stop is not None and stop(table, at):
            return at
    raise AssertionError("the link game did not end")


def seen_in_turn(game, state, seat, chooser_seed):
    """What `seat` sees of its dealt turn in `state`: its view now and after each of its moves
    chosen by a seeded chooser, until the turn passes (the same chooser on both sides of a
    comparison: the moves differ only where what was dealt differs)."""
    rng, seen = Rng(chooser_seed), []
    while True:
        view = game.to_json(game.view(state, seat))
        seen.append(canonical_json({**view, "rng": None}))
        if game.current_player(state) != seat or game.to_deal(state) is not None:
            return seen
        moves = game.legal_moves(state)
        state = game.apply(state, moves[rng.below(len(moves))])


def save_text(match, keys=False):
    return json.dumps(match.to_save(keys=keys), sort_keys=True)
