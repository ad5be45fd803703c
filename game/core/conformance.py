"""The conformance suite every game plugs into (modelled on OpenSpiel's random_sim_test).

It plays random games to the end and checks the engine contract at every step. It is plain
Python with no test framework, so the very same run works under pytest in CPython and inside
Pyodide; `run` returns a digest of everything it saw, and equal digests on both interpreters
prove they play the same games.
"""

import hashlib
import json
from typing import Any

from .contract import BadData, IllegalMove, canonical_json
from .rng import Rng

# JSON values that are no move of any game
GARBAGE_MOVES: tuple[Any, ...] = (
    None,
    0,
    "move",
    [],
    {},
    {"nonsense": True},
    [1, 2],
    {"x": "a", "y": None},
)


class ConformanceError(AssertionError):
    pass


def _fail(game, seed, step, text):
    raise ConformanceError(f"{game.id} seed {seed} step {step}: {text}")


def near_misses(move_json, rng):
    """JSON objects one field away from `move_json`: an int nudged, a bool or null flipped, a
    string replaced, a key dropped or added."""
    out = []
    for key, value in move_json.items():
        if isinstance(value, bool):
            out.append({**move_json, key: not value})
        elif isinstance(value, int):
            out.append({**move_json, key: value + 1})
            out.append({**move_json, key: value - 1})
            out.append({**move_json, key: value + 17 + rng.below(50)})
            out.append({**move_json, key: str(value)})
        elif isinstance(value, str):
            out.append({**move_json, key: value + "x"})
            out.append({**move_json, key: 3})
        elif value is None:
            out.append({**move_json, key: "c9"})
        elif isinstance(value, (list, dict)):
            out.append({**move_json, key: None})
        dropped = dict(move_json)
        del dropped[key]
        out.append(dropped)
    out.append({**move_json, "extra": 1})
    return out


def _json_text(game, state):
    return canonical_json(game.to_json(state))


def check_step(game, state, seed, step, rng, sample):
    """All per-state checks; returns the legal moves."""
    text = _json_text(game, state)
    # lossless, validating serialisation (through real JSON text)
    again = game.from_json(json.loads(json.dumps(game.to_json(state))))
    if again != state or _json_text(game, again) != text:
        _fail(game, seed, step, "from_json(to_json(s)) differs from s")
    moves = game.legal_moves(state)
    if [m.to_json() for m in game.legal_moves(state)] != [m.to_json() for m in moves]:
        _fail(game, seed, step, "legal_moves is not deterministic")
    player = game.current_player(state)
    if player is None:
        if moves:
            _fail(game, seed, step, "a finished game lists legal moves")
        return moves
    if not moves:
        _fail(
            game, seed, step, "no legal move although the game is not over (a pass must be listed)"
        )
    move_texts = [canonical_json(m.to_json()) for m in moves]
    if len(set(move_texts)) != len(move_texts):
        _fail(game, seed, step, "legal_moves lists a move twice")
    legal_texts = set(move_texts)
    results = None  # texts of the states each legal move leads to, computed when needed

    # every legal move (or a sample) is accepted by apply, through its JSON form too
    picks = moves if len(moves) <= sample else [moves[rng.below(len(moves))] for _ in range(sample)]
    for move in picks:
        parsed = game.parse_move(json.loads(json.dumps(move.to_json())))
        if parsed != move:
            _fail(game, seed, step, f"parse_move(to_json(m)) != m for {move.to_json()}")
        try:
            game.apply(state, move.to_json())
        except IllegalMove as e:
            _fail(game, seed, step, f"legal move {move.to_json()} rejected: {e}")
        if _json_text(game, state) != text:
            _fail(game, seed, step, f"apply({move.to_json()}) changed its input state")

    # near-miss and garbage moves are rejected with a reason (or are an equivalent legal move)
    base = moves[rng.below(len(moves))].to_json()
    for bad in list(GARBAGE_MOVES) + near_misses(base, rng):
        if isinstance(bad, dict) and canonical_json(bad) in legal_texts:
            continue
        try:
            after = game.apply(state, bad)
        except IllegalMove as e:
            if not str(e).strip():
                _fail(game, seed, step, f"{bad!r} rejected without a reason")
        except Exception as e:
            _fail(
                game, seed, step, f"{bad!r} raised {type(e).__name__}: {e} (expected IllegalMove)"
            )
        else:
            if results is None:
                results = {_json_text(game, game.apply(state, m)) for m in moves}
            if _json_text(game, after) not in results:
                _fail(game, seed, step, f"illegal move {bad!r} was accepted")
        if _json_text(game, state) != text:
            _fail(game, seed, step, f"apply({bad!r}) changed its input state")

    # view: a state differing only in what p may not see has the same view
    for p in range(len(game.scores(state))):
        view = game.view(state, p)
        view_text = _json_text(game, view)
        if game.to_json(view).get("rng") is not None:
            _fail(game, seed, step, f"view for seat {p} still holds the RNG state")
        other = game.determinize(view, Rng(seed * 1000 + step * 10 + p))
        if _json_text(game, game.view(other, p)) != view_text:
            _fail(game, seed, step, f"view(determinize(view(s,{p})),{p}) != view(s,{p})")
        if game.from_json(json.loads(json.dumps(game.to_json(view)))) != view:
            _fail(game, seed, step, f"view for seat {p} does not round-trip through JSON")
        if p == player:
            if [m.to_json() for m in game.legal_moves(view)] != [m.to_json() for m in moves]:
                _fail(game, seed, step, "legal moves differ in the mover's own view")
            if [m.to_json() for m in game.legal_moves(other)] != [m.to_json() for m in moves]:
                _fail(
                    game, seed, step, "legal moves differ in a determinization of the mover's view"
                )
    return moves


def _future(game, state, chooser_seed, limit):
    """The states (without their RNG) over up to `limit` moves picked by a seeded chooser (the
    k-th legal move, whatever the list): the same chooser on two states shows whether what
    chance holds for them differs: a deck dealt again, or draws still to come."""
    chooser, seen = Rng(chooser_seed), []
    for _ in range(limit):
        seen.append(canonical_json({**game.to_json(state), "rng": None}))
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.apply(state, moves[chooser.below(len(moves))])
    return seen


def check_entropy(game, state, seed, step, deep, chance=True):
    """mix_entropy (docs/links.md): deterministic, never changes its input, changes nothing
    anyone can see now, and (checked where `deep`) different entropy gives a different future;
    without `chance` (options that fix everything, a scenario) the very same future."""
    text = _json_text(game, state)
    bits = Rng(seed * 7 + step).next_u64()
    mixed = game.mix_entropy(state, bits)
    if _json_text(game, state) != text:
        _fail(game, seed, step, "mix_entropy changed its input state")
    if _json_text(game, game.mix_entropy(state, bits)) != _json_text(game, mixed):
        _fail(game, seed, step, "the same state and entropy gave different states")
    for p in [None, *range(len(game.scores(state)))]:
        if _json_text(game, game.view(mixed, p)) != _json_text(game, game.view(state, p)):
            _fail(game, seed, step, f"mix_entropy changed what seat {p} sees")
    if [m.to_json() for m in game.legal_moves(mixed)] != [
        m.to_json() for m in game.legal_moves(state)
    ]:
        _fail(game, seed, step, "mix_entropy changed the legal moves")
    if deep and not game.is_over(state):
        other = game.mix_entropy(state, bits ^ 0x9E3779B97F4A7C15)
        same = _future(game, mixed, seed, 400) == _future(game, other, seed, 400)
        if chance and same:
            _fail(game, seed, step, "different entropy gave the same future")
        if not chance and not same:
            _fail(game, seed, step, "entropy changed the future of a game with nothing to chance")


def check_end(game, state, seed, step):
    scores = game.scores(state)
    winners = game.winners(state)
    breakdown = game.score_breakdown(state)
    if len(breakdown) != len(scores):
        _fail(game, seed, step, "score_breakdown has the wrong number of seats")
    for seat, parts in enumerate(breakdown):
        if sum(parts.values()) != scores[seat]:
            _fail(
                game,
                seed,
                step,
                f"breakdown of seat {seat} adds up to {sum(parts.values())}, "
                f"score is {scores[seat]}",
            )
    if not game.is_over(state):
        if winners:
            _fail(game, seed, step, "winners named before the game is over")
        return
    if not winners or any(scores[w] != max(scores) for w in winners):
        _fail(game, seed, step, f"winners {winners} disagree with scores {scores}")


def play_one(game, players, seed, options, sample=8, chance=True):
    """One random game with every check; returns (moves as JSON, final state)."""
    state = game.new(players=players, seed=seed, options=options)
    rng = Rng(seed ^ 0x5EED)
    log: list[Any] = []
    step = 0
    while True:
        moves = check_step(game, state, seed, step, rng, sample)
        check_end(game, state, seed, step)
        check_entropy(game, state, seed, step, deep=step in (0, 10), chance=chance)
        if not moves:
            return log, state
        move = moves[rng.below(len(moves))]
        log.append(move.to_json())
        state = game.apply(state, move)
        step += 1


def run(game, seeds, players=2, options=None, sample=8, chance=True):
    """Plays one checked game per seed; returns a digest of all moves and final states.
    `chance=False`: the options leave nothing to chance (fixed piles or decks), so entropy
    must not change the future either.

    Also checks determinism: replaying the same moves from the same seed gives the same game.
    """
    digest = hashlib.sha256()
    for seed in seeds:
        log, final = play_one(game, players, seed, options, sample, chance)
        replay = game.new(players=players, seed=seed, options=options)
        for _k, move in enumerate(log):
            replay = game.apply(replay, move)
        if _json_text(game, replay) != _json_text(game, final):
            _fail(game, seed, len(log), "the same seed and moves gave a different game")
        digest.update(
            canonical_json(
                {
                    "seed": seed,
                    "moves": log,
                    "final": game.to_json(final),
                    "scores": game.scores(final),
                }
            ).encode()
        )
    return digest.hexdigest()


def check_bad_states(game, seed=1):
    """from_json rejects damaged states with BadData, never another exception."""
    good = game.to_json(game.new(players=game.min_players, seed=seed))
    damaged: list[Any] = [None, [], "state", {}]
    for key in good:
        damaged.append({k: v for k, v in good.items() if k != key})
        damaged.append({**good, key: "garbage"})
        damaged.append({**good, key: None})
    for obj in damaged:
        try:
            game.from_json(obj)
        except BadData:
            continue
        except Exception as e:
            raise ConformanceError(
                f"{game.id}: from_json({obj!r:.80}) raised {type(e).__name__}: {e}"
            ) from e


# ---- keyed chance (link play) ----------------------------------------------------------------------
def _key(rng):
    return rng.next_u64() | rng.next_u64() << 64


def _keyed_future(game, state, chooser_seed, limit):
    """Like _future, for a keyed game: every waiting turn is dealt with a key from the chooser.
    The states are compared without their generator, which always follows its key."""
    chooser, seen = Rng(chooser_seed), []
    for _ in range(limit):
        if game.to_deal(state) is not None:
            state = game.deal(state, _key(chooser))
        seen.append(canonical_json({**game.to_json(state), "rng": None}))
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.apply(state, moves[chooser.below(len(moves))])
    return seen


def check_keyed(game, state, seed, step):
    """Game.keyed: deterministic, never changes its input, idempotent, JSON-lossless, and the
    turn in progress waits for its deal."""
    text = _json_text(game, state)
    keyed = game.keyed(state)
    if _json_text(game, state) != text:
        _fail(game, seed, step, "keyed changed its input state")
    if _json_text(game, game.keyed(state)) != _json_text(game, keyed):
        _fail(game, seed, step, "keyed is not deterministic")
    if _json_text(game, game.keyed(keyed)) != _json_text(game, keyed):
        _fail(game, seed, step, "keyed of a keyed state changed it")
    if game.to_deal(keyed) != game.current_player(keyed):
        _fail(game, seed, step, "after keyed the turn in progress does not wait for its deal")
    return keyed


def check_waiting(game, state, seed, step, rng, chance):
    """A turn waiting for its deal: nothing can be played, nothing of chance is in the state,
    and deal is deterministic, never changes its input and fills exactly that turn. Unless
    `chance` is None, the futures of two keys are compared too: the same without chance (a
    fixed deck or piles), else returned as `differed` (a single deal may hold no chance: the
    rest of a turn keyed in its middle, a draw from a pool of equal tiles)."""
    seat = game.to_deal(state)
    text = _json_text(game, state)
    if game.current_player(state) != seat:
        _fail(game, seed, step, f"seat {seat} waits for its deal but another seat is to move")
    if game.legal_moves(state):
        _fail(game, seed, step, "a turn waiting for its deal lists legal moves")
    if game.to_json(state).get("rng") is not None:
        _fail(game, seed, step, "a turn waiting for its deal holds a random generator")
    again = game.from_json(json.loads(json.dumps(game.to_json(state))))
    if again != state or _json_text(game, again) != text:
        _fail(game, seed, step, "a waiting state does not round-trip through JSON")
    for p in range(len(game.scores(state))):
        view = game.view(state, p)
        if game.from_json(json.loads(json.dumps(game.to_json(view)))) != view:
            _fail(game, seed, step, f"the view of a waiting state for seat {p} does not round-trip")
    for bad in (-1, 1 << 128, "key", None, True):
        try:
            game.deal(state, bad)
        except BadData:
            continue
        _fail(game, seed, step, f"deal accepted the key {bad!r}")
    key = _key(rng)
    dealt = game.deal(state, key)
    if _json_text(game, state) != text:
        _fail(game, seed, step, "deal changed its input state")
    if _json_text(game, game.deal(state, key)) != _json_text(game, dealt):
        _fail(game, seed, step, "the same waiting turn and key gave different deals")
    if game.to_deal(dealt) is not None:
        _fail(game, seed, step, "a dealt turn still waits for its deal")
    if game.current_player(dealt) != seat:
        _fail(game, seed, step, "the deal gave the turn to another seat")
    for move in game.legal_moves(dealt)[:3]:
        try:
            game.apply(state, move)
        except IllegalMove:
            continue
        _fail(game, seed, step, f"a waiting turn accepted {move.to_json()}")
    try:
        game.deal(dealt, key)
    except BadData:
        pass
    else:
        _fail(game, seed, step, "deal accepted a turn that does not wait")
    differed = None
    if chance is not None:  # with chance, a few other keys (a small pool repeats its draws)
        future = _keyed_future(game, dealt, seed, 400)
        differed = any(
            _keyed_future(game, game.deal(state, key ^ 0x9E3779B97F4A7C15 << 16 * k), seed, 400)
            != future
            for k in range(4 if chance else 1)
        )
        if not chance and differed:
            _fail(game, seed, step, "a key changed the future of a game with nothing to chance")
    return key, dealt, differed


def play_keyed(game, players, seed, options, sample=4, chance=True):
    """One random game that goes keyed (link play) at an early step; every waiting turn is
    dealt with a key from a seeded chooser and all the per-state checks run on the dealt
    states. Returns (log, final state): the log holds the moves' JSON, {"keyed": True} and
    {"key": k} in the order they happened."""
    state = game.new(players=players, seed=seed, options=options)
    rng = Rng(seed ^ 0xD3A1)
    convert_at = rng.below(4)
    log: list[Any] = []
    step = 0
    # futures are compared (hundreds of moves each) at the first deal without chance, and with
    # chance deal after deal until two keys gave different ones
    compare = True
    while True:
        if step == convert_at and not log.count({"keyed": True}) and not game.is_over(state):
            state = check_keyed(game, state, seed, step)
            log.append({"keyed": True})
        if game.to_deal(state) is not None:
            key, state, differed = check_waiting(
                game, state, seed, step, rng, chance if compare else None
            )
            compare = compare and chance and not differed
            log.append({"key": key})
            continue
        moves = check_step(game, state, seed, step, rng, sample)
        check_end(game, state, seed, step)
        if not moves:
            if chance and compare and log.count({"keyed": True}):
                _fail(game, seed, step, "different keys never gave different futures")
            return log, state
        move = moves[rng.below(len(moves))]
        log.append(move.to_json())
        before = game.current_player(state)
        state = game.apply(state, move)
        step += 1
        after = game.current_player(state)
        if log.count({"keyed": True}) and after is not None:
            waits = game.to_deal(state)
            if after != before and waits != after:
                _fail(game, seed, step, "the turn passed to another seat without its deal")
            if after == before and waits is not None:
                _fail(game, seed, step, "a turn waits for a deal in its middle")


def run_keyed(game, seeds, players=2, options=None, sample=4, chance=True):
    """play_keyed for each seed, then a replay of its log from the start must give the same
    game; returns a digest of everything played."""
    digest = hashlib.sha256()
    for seed in seeds:
        log, final = play_keyed(game, players, seed, options, sample, chance)
        replay = game.new(players=players, seed=seed, options=options)
        for entry in log:
            if entry == {"keyed": True}:
                replay = game.keyed(replay)
            elif isinstance(entry, dict) and set(entry) == {"key"}:
                replay = game.deal(replay, entry["key"])
            else:
                replay = game.apply(replay, entry)
        if _json_text(game, replay) != _json_text(game, final):
            _fail(game, seed, len(log), "the same keys and moves gave a different keyed game")
        digest.update(
            canonical_json({"seed": seed, "log": log, "final": game.to_json(final)}).encode()
        )
    return digest.hexdigest()
