"""What each seat may see of a Thurn und Taxis state, and chance that nobody has seen yet.

Hidden information (removed by `view`): the cards in other players' hands except those everyone
saw them take from the display ("known"), the order of the draw pile, the values of other
players' bonus tiles, and the RNG. A hidden hand, pile or set of tiles becomes a `FaceDown`
count. Public and kept: display, routes, houses, discard pile (face up), carriages, stacks, the
score log (with other players' tile values blanked), and the pile's "batch": the cards the
current pile was shuffled from (the discards at the last reshuffle, or the cards left after
dealing the display), minus those since revealed into the display.

Keyed play (link play): the pile is an unordered pool (kept sorted) and every card that comes
from it (a blind draw, a display refill, the discards turned into a new pile) is drawn at that
moment with the generator of the turn in progress, which each turn gets at its deal.
"""

from game.core import BadData
from game.core.contract import dealt_copy

from .data import KIND_INDEX, KINDS, N_CITIES, STACK_VALUES
from .mechanics import DISPLAY, EMPTY, FaceDown, card_counts, copy_state, refill_display


def view(s, player):
    v = copy_state(s)
    v.is_view, v.viewer, v.rng = True, player, None
    v.pile = FaceDown(len(s.pile))
    v.hands = [h if p == player else FaceDown(len(h)) for p, h in enumerate(s.hands)]
    v.tiles = [t if p == player else FaceDown(len(t)) for p, t in enumerate(s.tiles)]
    v.log = tuple(
        r
        if r["player"] == player or not r["bonuses"]
        else {**r, "bonuses": [{"tile": b["tile"], "value": None} for b in r["bonuses"]]}
        for r in s.log
    )
    return v


def determinize(v, rng):
    """A full state consistent with view `v`: hidden hands and the pile dealt with `rng` from
    the cards nobody has seen (the pile only from its batch), tile values from the log."""
    s = copy_state(v)
    if not v.is_view:
        return s
    hidden = [p for p in range(v.players) if type(v.hands[p]) is FaceDown]
    unseen = list(v.cards)
    seen = [c for c in v.display if c != EMPTY] + v.discard_pile
    for p in range(v.players):
        seen += v.routes[p]
        seen += v.known[p] if p in hidden else v.hands[p]
    for c in seen:
        unseen[c] -= 1
    # the pile holds only cards of its batch; the rest of the unseen cards are in hands
    candidates = [c for c in range(N_CITIES) for _ in range(min(unseen[c], v.pile_batch[c]))]
    rng.shuffle(candidates)
    s.pile = candidates[: len(v.pile)]
    for c in s.pile:
        unseen[c] -= 1
    rest = [c for c in range(N_CITIES) for _ in range(unseen[c])]
    rng.shuffle(rest)
    for p in hidden:
        need = len(v.hands[p]) - len(v.known[p])
        if need < 0 or need > len(rest):
            raise BadData("the view is inconsistent: hands and unseen cards disagree")
        s.hands[p] = tuple(sorted(v.known[p] + tuple(rest[:need])))
        rest = rest[need:]
    if v.keyed:
        s.pile.sort()  # a pool, drawn from with the turn's generator
    if rest or len(s.pile) != len(v.pile) or min(unseen) < 0:
        raise BadData("the view is inconsistent: cards do not add up")
    # tiles are taken from public stacks top first, so the log fixes every value
    taken = [0] * len(KINDS)
    tiles: list[list[tuple[int, int]]] = [[] for _ in range(v.players)]
    log = []
    for r in v.log:
        bonuses = []
        for b in r["bonuses"]:
            k = KIND_INDEX[b["tile"]]
            value = STACK_VALUES[k][taken[k]]
            taken[k] += 1
            tiles[r["player"]].append((k, value))
            bonuses.append({"tile": b["tile"], "value": value})
        log.append({**r, "bonuses": bonuses} if bonuses != r["bonuses"] else r)
    s.log = tuple(log)
    s.tiles = [tuple(tiles[p]) if type(t) is FaceDown else t for p, t in enumerate(v.tiles)]
    s.is_view, s.viewer, s.rng = False, None, None if v.waiting else rng.fork()
    return s


def keyed(s):
    """The same position for keyed play: the pile becomes a pool (a scenario's fixed order
    stays); a game keyed from its very start (seat 0's first turn, nothing drawn yet) puts its
    opening display back too, to be dealt at seat 0's first deal. Hands stay as they are."""
    if s.is_view:
        raise BadData("a view has no pile to key: key the full state")
    c = copy_state(s)
    c.keyed, c.rng, c.waiting = True, None, not s.over
    if not c.pile_fixed:
        if c.turn_number == 1 and not c.draws:
            c.pile += [card for card in c.display if card != EMPTY]
            c.display = [EMPTY] * DISPLAY
            c.pile_batch = card_counts(c.pile)
        c.pile.sort()
    return c


def deal(s, key):
    """The waiting turn gets the generator of `key`; an opening display still to come is dealt
    from the pool with it (every other empty slot is empty because no card was left)."""
    c = dealt_copy(s, key, copy_state)
    refill_display(c)
    return c


def redeal_unrevealed(s) -> None:
    """Shuffle the face-down pile again with the state's RNG (Game.mix_entropy). The display,
    the hands and the discard pile are public or already decided; a pile still in the order a
    scenario's `deck` option gave stays as it is, and a keyed pool has no order."""
    if not s.pile_fixed and not s.keyed:
        s.rng.shuffle(s.pile)


def undoable(before, after) -> bool:
    """No draw, no new display card, no RNG use and no bonus tile (its stack's next value
    shows): taking the step back tells nobody anything."""
    if before.display != after.display or len(before.pile) != len(after.pile):
        return False
    if before.rng != after.rng:
        return False
    return not any(r["bonuses"] for r in after.log[len(before.log) :])
