"""What the board and the AI ask of a Thurn und Taxis state (read-only). They read no state field
themselves: cities come back as their names (data.CITIES), seats as ints. A question about a
hand that the state holds face down (another seat's, in a view) raises BadData, except its size.
"""

from typing import Any, NamedTuple

from game.core import BadData

from . import closing, data, mechanics
from .data import CITIES, CITY_INDEX, KINDS, STACK_VALUES
from .mechanics import CARTWRIGHT, EMPTY, POSTMASTER, FaceDown, TntState, fitting_ends

__all__ = ["FaceDown"]  # the value a face-down hand or set of tiles is in a view


class Step(NamedTuple):
    """Where the turn stands (public)."""

    seat: int  # whose turn it is (the last mover once the game is over)
    number: int  # the turn's number in the game, 1 for the first
    phase: str  # "draw", "play", "close" (close, pass or an official), "discard" or "over"
    official: str | None  # the official called this turn (also the forced Postmaster)
    draws: int  # cards drawn this turn
    draws_left: int  # cards still to draw this turn
    plays: int  # cards played this turn
    forced_postmaster: bool  # the turn began with an empty hand, so the Postmaster helps
    cards_to_cut: int  # cards to discard now to keep 3 after closing


def step(state: TntState) -> Step:
    s = state
    return Step(
        seat=s.turn,
        number=s.turn_number,
        phase=mechanics.phase(s),
        official=data.OFFICIALS[s.official - 1] if s.official else None,
        draws=s.draws,
        draws_left=s.draws_needed - s.draws,
        plays=s.plays,
        forced_postmaster=s.official == POSTMASTER and not s.draws and not len(s.hands[s.turn]),
        cards_to_cut=s.cards_to_cut,
    )


def phase(state: TntState) -> str:
    """Where the turn stands: "draw", "play", "close", "discard" or "over" (Step.phase)."""
    return mechanics.phase(state)


def seats(state: TntState) -> int:
    return state.players


def _seat(state: TntState, seat: int | None) -> int:
    return state.turn if seat is None else seat


def _hand(state: TntState, seat: int) -> tuple[int, ...]:
    hand = state.hands[seat]
    if type(hand) is FaceDown:
        raise BadData(f"the hand of seat {seat} is hidden in this view")
    return hand


# ---- cards -----------------------------------------------------------------------------------
def hand(state: TntState, seat: int | None = None) -> list[str]:
    """The cards of `seat` (default: the player to move), in map order."""
    return [CITIES[c] for c in _hand(state, _seat(state, seat))]


def hand_size(state: TntState, seat: int) -> int:
    return len(state.hands[seat])


def route(state: TntState, seat: int) -> list[str]:
    """`seat`'s route, left end first."""
    return [CITIES[c] for c in state.routes[seat]]


def display(state: TntState) -> list[str | None]:
    """The six open cards by slot (None: an empty slot)."""
    return [CITIES[c] if c != EMPTY else None for c in state.display]


def pile_size(state: TntState) -> int:
    return len(state.pile)


def discard_pile_size(state: TntState) -> int:
    return len(state.discard_pile)


# ---- where cards fit ---------------------------------------------------------------------------
def ends(state: TntState, seat: int, city: str) -> tuple[str, ...]:
    """The ends of `seat`'s route where a `city` card may be played (mechanics.fitting_ends):
    () when it fits nowhere; an empty or one-card route lists "right" only."""
    return fitting_ends(state.routes[seat], CITY_INDEX[city])


def extensions(state: TntState, seat: int | None = None) -> dict[str, list[str]]:
    """{"left": [cities], "right": [cities]}: the distinct hand cards of `seat` (default: the
    mover) that fit each end of its route; on an empty or one-card route every fitting card is
    listed under "right"."""
    seat = _seat(state, seat)
    out: dict[str, list[str]] = {"left": [], "right": []}
    for c in sorted(set(_hand(state, seat))):
        for end in fitting_ends(state.routes[seat], c):
            out[end].append(CITIES[c])
    return out


def must_abandon(state: TntState, seat: int | None = None) -> bool:
    """True when `seat` has a route and no card in its hand fits either end, so the route must
    be given up at its next play unless a fitting card is drawn first."""
    seat = _seat(state, seat)
    _hand(state, seat)
    return bool(state.routes[seat]) and not mechanics.can_extend(state, seat)


def fitting_slots(state: TntState, seat: int) -> list[int]:
    """The display slots whose card fits an end of `seat`'s route ([] without a route)."""
    route = state.routes[seat]
    if not route:
        return []
    return [k for k, c in enumerate(state.display) if c != EMPTY and fitting_ends(route, c)]


# ---- houses, carriages, bonus tiles ----------------------------------------------------------------
def houses(state: TntState, seat: int) -> list[str]:
    """The cities where `seat` has a house, in map order."""
    mask = state.houses[seat]
    return [CITIES[c] for c in range(data.N_CITIES) if mask >> c & 1]


def houses_left(state: TntState, seat: int) -> int:
    return closing.houses_left(state, seat)


def carriage(state: TntState, seat: int) -> int:
    """The value of `seat`'s best carriage (0: none yet)."""
    return closing.carriage_value(state.carriages[seat])


def next_carriage(state: TntState, seat: int) -> int | None:
    """The value of the carriage `seat` would take next (None: it holds the 7)."""
    return closing.next_carriage(state, seat)


def tiles(state: TntState, seat: int) -> list[tuple[str, int]] | FaceDown:
    """`seat`'s bonus tiles as (stack kind, value), or a FaceDown count where the state hides
    their values (another seat's, in a view)."""
    held = state.tiles[seat]
    if type(held) is FaceDown:
        return held
    return [(KINDS[k], value) for k, value in held]


def stacks(state: TntState) -> list[tuple[str, tuple[int, ...]]]:
    """Every bonus stack (data.KINDS order) with the values still on it, top first."""
    return [
        (kind, STACK_VALUES[k][len(STACK_VALUES[k]) - state.stacks[k] :])
        for k, kind in enumerate(KINDS)
    ]


def final_round(state: TntState) -> tuple[str, int] | None:
    """Once the final round has begun: (why: "carriage_7" or "last_house", the seat that
    began it and holds the game-end tile); else None."""
    if not state.final_round or state.end_tile is None:  # the tile comes with the final round
        return None
    reason = next((r["game_end"] for r in state.log if r["game_end"]), "carriage_7")
    return reason, state.end_tile


def closings(state: TntState) -> list[dict[str, Any]]:
    """Every closed route so far, oldest first: {"turn", "player", "length", "houses" (cities),
    "bonuses": [{"tile": stack kind, "value" (None where the state hides it: another seat's,
    in a view)}], "carriage" (value taken, or None), "cartwright", "game_end" (None,
    "last_house" or "carriage_7")}."""
    return [dict(record) for record in state.log]


def end_tile(state: TntState) -> int | None:
    """The seat holding the game-end tile (None before the final round)."""
    return state.end_tile


# ---- closing ---------------------------------------------------------------------------------
def closing_options(
    state: TntState, seat: int | None = None, cartwright: bool | None = None
) -> list[dict[str, Any]]:
    """What each legal closing of `seat`'s route would do: a list of {"houses", "bonuses":
    [{"tile", "value"}], "carriage" (value or None), "game_end" (None, "last_house" or
    "carriage_7": it would start the final round), "banked_gain" (points banked now),
    "projected_gain" (banked gain plus the penalty avoided by the houses placed)}, in the order
    of the close moves in legal_moves. `cartwright` None uses the current turn's official; True
    or False previews with or without him. Empty when the route is under 3 cards."""
    seat = _seat(state, seat)
    _hand(state, seat)
    if len(state.routes[seat]) < data.MIN_ROUTE_TO_CLOSE:
        return []
    before = sum(mechanics.score_breakdown(state)[seat].values())
    called = state.official == CARTWRIGHT if cartwright is None else cartwright
    out = []
    for choice in closing.house_options(state, seat):
        trial = mechanics.copy_state(state)
        record = closing.score_route(trial, seat, list(choice), called)
        gain = sum(mechanics.score_breakdown(trial)[seat].values()) - before
        out.append(
            {
                "houses": record["houses"],
                "bonuses": record["bonuses"],
                "carriage": record["carriage"],
                "game_end": record["game_end"],
                "banked_gain": gain,
                "projected_gain": gain + len(choice),
            }
        )
    return out
