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
    """mix_entropy (DESIGN.md §2a): deterministic, never changes its input, changes nothing
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
