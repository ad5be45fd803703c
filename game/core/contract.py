"""The engine contract: one protocol for every game, so that matches, saves, the AI, the CLI,
the board and the tests are written once.

A game is a `Game` subclass with no per-match data (one shared instance in the registry); all
match data lives in a state value. States are values: `apply` returns a new state and never
changes the one it was given, also when it raises. Every random choice comes from the `Rng`
kept inside the state (attribute `rng`), plus the entropy a match mixes in (`mix_entropy`).

Moves are NamedTuples (immutable, hashable, cheap to create) with a `to_json()` method; the
JSON form is the stable public one used by saves, logs and tests (docs/architecture.md, Move JSON).

Subclasses implement the methods that raise NotImplementedError. For speed the AI and the CLI
use `clone` + `apply_in_place` (one copy per playout, not one per move); `apply` is that pair
on a fresh clone, so both paths run the same rules.
"""

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from .rng import Rng

JSON = Any  # a JSON-ready value: dict, list, str, int, float, bool or None
SEED_LIMIT = 1 << 128  # a new game's seed is below this (128 random bits; Rng folds them)


class Move(Protocol):
    """A move value: a small immutable NamedTuple of its game, with its public JSON form."""

    def to_json(self) -> dict[str, JSON]: ...


State = Any  # each game's own state class; treat it as a value (see apply)
MoveT = TypeVar("MoveT", bound=Move)  # a game's own move types (Game[ItsMove]; Game alone: any)


class IllegalMove(ValueError):
    """A move the rules do not allow here. str(error) is a sentence a player can read."""


class BadData(ValueError):
    """Input that is not a valid state, setup, move or save. The message says what and where."""


class Declaration(NamedTuple):
    """What a game package says about itself (in its `__init__.py`, as `DECLARATION`)."""

    id: str  # the public id: registry key, save files, links, URLs (?game=ID), strings.json keys
    title: str  # the name in English (CLI, messages); translated names: strings.json game.ID.name
    min_players: int
    max_players: int
    default_players: int  # what the CLI and a new-game form start from
    package: str  # the package's module name (pass __name__)
    engine: str = "engine:GAME"  # the Game instance
    controller: str = "controller:Controller"  # the board controller class (game.view.controller)
    knowledge: str | None = "ai:KNOWLEDGE"  # the AI's Knowledge instance (None: the default)


class Option:
    """One rule option: its default and either the allowed values or a checking function.

    `check(value)` returns the normalised value or raises BadData.
    """

    def __init__(
        self,
        default: JSON,
        choices: Sequence[JSON] | None = None,
        check: Callable[[Any], JSON] | None = None,
        doc: str = "",
    ) -> None:
        self.default = default
        self.choices = tuple(choices) if choices is not None else None
        self.check = check
        self.doc = doc

    def normalise(self, name: str, value: Any) -> JSON:
        if self.check is not None:
            return self.check(value)
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(json.dumps(c) for c in self.choices)
            raise BadData(f"option {name!r} must be one of {allowed}, not {json.dumps(value)}")
        return value


class Game(Generic[MoveT]):
    """Base class of every game. A subclass names its package's `declaration`, which gives it
    `id`, `title` and the player counts; its methods are the contract. It is declared with its
    move types (`class Toscana(Game[Place | Pass])`), so that its methods may take and give
    them; code written for every game uses plain `Game`."""

    declaration: ClassVar[Declaration | None] = None
    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2  # what the CLI and a new-game screen start from
    options: ClassVar[dict[str, Option]] = {}  # name -> Option
    # What a save or link of an older format meant by an option it does not name, where that
    # differs from today's default (a default changed, or an option added, after it was made):
    # its readers add these before `check_setup`, so such a game keeps playing as it began.
    legacy_defaults: ClassVar[dict[str, JSON]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = cls.__dict__.get("declaration")
        if declared is not None:  # the one place a game's id, title and seat counts are written
            cls.id, cls.title = declared.id, declared.title
            cls.min_players, cls.max_players = declared.min_players, declared.max_players
            cls.default_players = declared.default_players

    # ---- set-up -----------------------------------------------------------------------------
    def check_setup(
        self, players: Any, seed: Any, options: Any
    ) -> tuple[int, int, dict[str, JSON]]:
        """Validated (players, seed, options-with-defaults) or BadData naming the problem."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadData("the number of players must be a whole number")
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                raise BadData(
                    f"{self.title} is for exactly {self.min_players} players, not {players}"
                )
            raise BadData(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
            raise BadData("the seed must be a whole number from 0 to 2**128 - 1")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise BadData("the options must be a JSON object")
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise BadData(f"unknown option {unknown[0]!r} for {self.title} (known: {known})")
        full = {}
        for name, opt in self.options.items():
            full[name] = opt.normalise(name, options[name]) if name in options else opt.default
        return players, seed, full

    def new(self, players: int = 2, seed: int = 0, options: dict | None = None) -> State:
        """The state at the start of a game. Raises BadData for an impossible set-up."""
        raise NotImplementedError

    # ---- playing ----------------------------------------------------------------------------
    def current_player(self, state: State) -> int | None:
        """The seat to move, or None when the game is over."""
        raise NotImplementedError

    def legal_moves(self, state: State) -> list[MoveT]:
        """Every legal move, each distinct result once, in a deterministic order."""
        raise NotImplementedError

    def parse_move(self, obj: Any) -> MoveT:
        """A move value from its JSON form (a move value passes through). IllegalMove when the
        object is not shaped like a move of this game."""
        raise NotImplementedError

    def clone(self, state: State) -> State:
        """An independent copy that `apply_in_place` may change."""
        raise NotImplementedError

    def apply_in_place(self, state: State, move: MoveT) -> None:
        """Play `move` (a parsed move) on `state`, changing it. Raises IllegalMove with a reason
        for anything the rules forbid; the state may then be left half-changed, which is why
        `apply` works on a clone."""
        raise NotImplementedError

    def apply(self, state: State, move: Any) -> State:
        """The state after `move` (a move value or its JSON form); `state` is never changed."""
        if not isinstance(move, tuple):
            move = self.parse_move(move)
        if self.current_player(state) is None:
            raise IllegalMove("the game is over: no more moves can be made")
        if self.to_deal(state) is not None:
            raise IllegalMove("this turn waits for its deal: nothing can be played before it")
        after = self.clone(state)
        self.apply_in_place(after, move)
        return after

    def is_over(self, state: State) -> bool:
        return self.current_player(state) is None

    def scores(self, state: State) -> list[int]:
        """Points banked so far per seat (final scoring included once the game is over)."""
        raise NotImplementedError

    def score_breakdown(self, state: State) -> list[dict[str, int]]:
        """Per seat, a dict category -> points whose values add up to that seat's score."""
        raise NotImplementedError

    def winners(self, state: State) -> list[int]:
        """Seats in first place after the game's tie-breaks; [] while the game is running."""
        if not self.is_over(state):
            return []
        scores = self.scores(state)
        best = max(scores)
        return [seat for seat, points in enumerate(scores) if points == best]

    def projected_scores(self, state: State) -> list[int]:
        """Scores as if the game ended now (what a greedy player and the AI's cut-off use)."""
        return self.scores(state)

    # ---- chance -----------------------------------------------------------------------------
    def mix_entropy(self, state: State, bits: int) -> State:
        """The state with 64 fresh random `bits` folded into its RNG and everything not yet
        revealed (draw piles, the hidden part of a deck) dealt again from the mixed RNG, so
        that nobody who knew the state before can tell what comes next (docs/links.md: the
        browser that hands a game over to another person calls this). Deterministic: the same
        state and bits give the same result. `state` is never changed."""
        if not isinstance(bits, int) or isinstance(bits, bool) or not 0 <= bits < 1 << 64:
            raise BadData("entropy is a whole number of 64 bits")
        if getattr(state, "rng", None) is None:
            raise BadData("a view has no random generator to mix entropy into")
        after = self.clone(state)
        after.rng = after.rng.mixed(bits)
        self.redeal_unrevealed(after)
        return after

    def redeal_unrevealed(self, state: State) -> None:
        """Shuffle again, with `state.rng`, whatever chance has decided but nobody has seen yet
        (in place). What is public stays: face-up cards, a known tile at a pile's bottom, a
        fixed deck given by the set-up (a scenario). Default: nothing is hidden."""

    # ---- keyed chance (link play: docs/links.md) ------------------------------------------------
    # Options that fix the order of chance when set (a deck, piles), e.g. ("deck",): a match
    # with one of them set must be a named scenario (game.core.savefile.check_scenario), so
    # that no link or save can fix the luck of an ordinary game.
    fixed_chance_options: ClassVar[tuple[str, ...]] = ()

    # Played by link, a game's chance is dealt turn by turn from keys that combine a secret the
    # seat to move committed to earlier with bits the other seats revealed after it (game.core.
    # handover). The engine's part: a keyed state keeps nothing face down in any order and holds
    # no generator between turns; each turn starts by waiting for its deal.
    def keyed(self, state: State) -> State:
        """The same position for keyed play. Everything face down becomes an unordered pool
        (kept sorted), the state's generator is dropped, and every turn from the one in progress
        on starts by waiting for its deal (`to_deal`). What the seat to move was dealt but has
        not acted upon, which no other seat may know yet (Carcassonne's tile in hand), goes back
        to its pool and is dealt again by that seat's deal; what is in a hand or face up stays.
        Once the turn passes to another seat, the engine drops the generator again and the new
        turn waits; chance that belongs to that turn (its tile, a new top tile after a veto, the
        opening display) is drawn at its deal, never before. Deterministic; a keyed state
        stays keyed; `state` is never changed. A scenario (a fixed deck or piles) has nothing to
        pool: only the generator goes and turns wait as usual."""
        raise NotImplementedError

    def to_deal(self, state: State) -> int | None:
        """The seat whose turn waits for its deal (keyed play), else None. While a turn waits,
        `current_player` is that seat, `legal_moves` is [] and `apply` raises IllegalMove."""
        return None

    def deal(self, state: State, key: int) -> State:
        """The waiting turn dealt: the state's generator seeded from `key` (a whole number,
        0 <= key < 2**128, `Rng(key)`) and everything that turn was waiting for drawn from it;
        every chance outcome until the turn passes to another seat comes from that generator.
        Deterministic; BadData when no turn waits or the key is not such a number; `state` is
        never changed."""
        raise NotImplementedError

    # ---- hidden information -----------------------------------------------------------------
    def view(self, state: State, player: int | None) -> State:
        """What `player` may see (None: a spectator who sees only public information). Hidden
        hands, face-down values, deck order AND the RNG are removed; the result is a state of
        the same kind that can be drawn and serialised, and `legal_moves` works on it when it
        is `player`'s turn."""
        raise NotImplementedError

    def determinize(self, view: State, rng: Rng) -> State:
        """A full state consistent with `view`: hidden parts sampled with `rng` (an Rng),
        and a fresh state RNG drawn from it."""
        raise NotImplementedError

    def undoable(self, before: State, after: State) -> bool:
        """True when the step before -> after revealed no hidden or random information, so
        taking it back gives nobody an advantage. Default: no (safe)."""
        return False

    # ---- serialisation ----------------------------------------------------------------------
    def to_json(self, state: State) -> dict[str, JSON]:
        """A lossless JSON-ready dict; the state's RNG goes under the key "rng" (None in a view)."""
        raise NotImplementedError

    def from_json(self, obj: JSON) -> State:
        """The state from `to_json`'s output; validates and raises BadData on bad input."""
        raise NotImplementedError

    # ---- helpers for players ----------------------------------------------------------------
    def playout_move(self, state: State, rng: Rng) -> MoveT:
        """A move for a quick random player (CLI `random`, AI playouts). Uniform by default; a
        game may prefer useful moves so random games end, but never bends the rules."""
        return rng.choice(self.legal_moves(state))

    def describe_move(self, state: State, move: Any) -> tuple[str, dict[str, JSON]]:
        """What the log shows for `move` played in `state`, as (message key, parameters): the UI
        looks the key up in the translation table (assets/strings.json) and fills in the
        parameters, e.g. ("toscana.log.place", {"player": 0, "x": 3, "y": 4}). Seats are numbers;
        the UI turns them into names."""
        return "log.move", {
            "player": self.current_player(state),
            "move": json.dumps(move.to_json(), ensure_ascii=False),
        }


KEY_LIMIT = 1 << 128  # a deal's key (keyed play) is below this


def deal_rng(key: Any) -> Rng:
    """The generator a deal seeds from `key` (Game.deal); BadData when it is no such key."""
    if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < KEY_LIMIT:
        raise BadData("a deal's key is a whole number of at most 128 bits")
    return Rng(key)


S = TypeVar("S")


def dealt_copy(state: S, key: Any, copy: Callable[[S], S]) -> S:
    """A `copy` of `state` whose waiting turn has the generator of `key`, the part of Game.deal
    every game shares (the game then deals from it); BadData when no turn waits or it is no key."""
    rng = deal_rng(key)
    if not state.waiting:  # type: ignore[attr-defined]
        raise BadData("no turn waits for its deal")
    c = copy(state)
    c.rng, c.waiting = rng, False  # type: ignore[attr-defined]
    return c


def canonical_json(obj: JSON) -> str:
    """The one text form used for digests and equality checks (sorted keys, no spaces)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@contextmanager
def reading(what: str) -> Iterator[None]:
    """Turns the errors of reading malformed JSON (missing keys, wrong types) into BadData:

    with reading("Toscana state"):
        state.turn = int(obj["turn"]) ...
    """
    try:
        yield
    except BadData:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise BadData(f"not a valid {what}: {type(e).__name__} {e}") from None
