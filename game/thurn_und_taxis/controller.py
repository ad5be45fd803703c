"""How a person plays Thurn und Taxis, as a small state machine in pure Python (the browser layer
forwards clicks, taps, pointer moves and keys and sets the markup this returns).

A turn is several moves by one player (docs/rules/thurn-und-taxis.md, Turn): draw (a display card or the pile) -> play
(a hand card to an end of the route) -> close the route (choose where the houses go) or end the
turn -> keep 3 cards when the hand must be cut. The panel always names the step ("Draw a card",
"Play a card to your route", ...) and offers only what `legal_moves` contains; the map shows
where the selected card could go, and what a closing option would build.

Hidden information: everything private is drawn from `GAME.view(state, viewer)`, so another
player's hand, their bonus tile values and the order of the pile never reach the markup of a
viewer who may not see them (the board layer shows only public things: routes and houses).
The state is read through queries.py only. What the person chose so far leaves the controller
only as a frozen value, `selection()` (panel.Selection): panel.py and draw_cards.py draw the
panel from it.
"""

from typing import Any

from game.core.contract import JSON
from game.view.controller import BoardController, Markup
from game.view.howto import Section
from game.view.i18n import Translator
from game.view.story import Told

from . import data, draw, draw_words, howto, panel, queries, story
from .engine import GAME, Abandon, Close, Discard, Draw, Official, Pass, Play, TntMove
from .panel import Selection

KEYS_TO_SLOTS = {str(k + 1): k for k in range(data.DISPLAY_SIZE)}  # keys 1-6 take an open card
WALK_KEYS = (*draw_words.ARROWS, *draw_words.CYCLE, "Home", "End")  # keys that move the city cursor


def card_city(target: str) -> str | None:
    """The city a target ("city:X", "card:X") names, or None."""
    kind, _, value = target.partition(":")
    return value if kind in ("city", "card") and value in data.CITY_INDEX else None


class Controller(BoardController):
    has_hints = True
    hidden_hands = True
    cursor_keys = True  # the arrows walk the cities along the roads (draw_words.py)
    target_units = 2 * draw.HIT_RADIUS  # a city's tap area
    text_units = 11.5  # the cities' names (assets/thurn-und-taxis.css .tnt-name)

    def __init__(self) -> None:
        super().__init__()
        self._position: Any = None  # the state the caches and the selection belong to
        self._legal: list[TntMove] = []
        self._step: queries.Step | None = None
        self._views: dict[int | None, Any] = {}
        self._options: list[dict[str, Any]] | None = None
        self._drawn: Any = None  # (houses, routes) last drawn: what is new gets an animation
        self._touched: list[str] = []  # the cities the last change seen here touched
        self.selected: int | None = None  # hand index of the card about to be played
        self.keep: list[int] = []  # hand indices kept in the discard step
        self.option: int | None = None  # index of the chosen closing option
        self.hover: str | None = None  # the target the pointer is on
        self.confirm_abandon = False
        self.both_ends = False  # the chosen card's own city was asked while it fits both ends
        self.officials_open = False  # a small frame shows the officials instead of the cards
        # the keyboard: the city the cursor is on, whether the last input was a key (the hints
        # then say keys, the cursor is drawn), the city whose roads Page Down/Up go through
        # (and which road), what the last input changed (for `spoken`), the cities it named
        self.cursor: str | None = None
        self.keyed = False
        self._hub: tuple[str, int] | None = None
        self._said: tuple[Any, ...] | None = None
        self._show: list[str] = []

    # ---- the position ---------------------------------------------------------------------------
    def _sync(self, state: Any) -> None:
        if state is self._position:
            return
        before = self._step
        self._position = state
        self._legal = GAME.legal_moves(state)
        self._step = now = queries.step(state)
        self._views = {}
        self._options = None
        if before is None or (before.seat, before.number) != (now.seat, now.number):
            # another person may hold the device now: nothing of the last one's choices stays
            self.hover = self.cursor = self._hub = None
        # a new position starts with nothing chosen: the hand or the options changed
        self.selected = self.option = None
        self.keep = []
        self.confirm_abandon = self.both_ends = self.officials_open = False
        self._said, self._show = None, []

    def step(self, state: Any) -> queries.Step:
        """Where the turn of `state` stands (queries.step, kept for the position)."""
        self._sync(state)
        assert self._step is not None
        return self._step

    def legal(self, state: Any) -> list[TntMove]:
        self._sync(state)
        return self._legal

    def offers(self, state: Any, move: TntMove) -> bool:
        """The engine lists `move` now: the board never offers anything else."""
        return move in self.legal(state)

    def _ok(self, state: Any, move: TntMove) -> TntMove | None:
        return move if self.offers(state, move) else None

    def seen(self, state: Any, viewer: int | None) -> Any:
        """What `viewer` may see (None: public information only)."""
        self._sync(state)
        if viewer not in self._views:
            self._views[viewer] = GAME.view(state, viewer)
        return self._views[viewer]

    def hand(self, state: Any) -> list[str]:
        """The hand of the player to move (only used when it is their own input)."""
        return queries.hand(state, self.step(state).seat)

    def selected_city(self, state: Any) -> str | None:
        hand = self.hand(state)
        if self.selected is None or self.selected >= len(hand):
            return None
        return hand[self.selected]

    def closing(self, state: Any) -> list[dict[str, Any]]:
        """Closing options of the player to move that the engine lists now (in the close step,
        or after the Postal Carrier's first card), each with its move, in engine order."""
        self._sync(state)
        if self._options is None:
            options = []
            if any(type(m) is Close for m in self._legal):
                for option in queries.closing_options(state, self.step(state).seat):
                    move = Close(tuple(sorted(option["houses"])))
                    if move in self._legal:
                        options.append(dict(option, move=move))
            self._options = options
        return self._options

    def _playable_ends(self, state: Any, city: str) -> list[str]:
        """The ends of the mover's route where the engine lets `city` be played now."""
        seat = self.step(state).seat
        return [e for e in queries.ends(state, seat, city) if self.offers(state, Play(city, e))]

    # ---- input --------------------------------------------------------------------------------
    def act(self, state: Any, name: str) -> TntMove | None:
        """The panel's buttons (data-act). Returns a legal move or None."""
        phase = self.step(state).phase
        kind, _, arg = name.partition(":")
        if kind == "draw" and (arg == "deck" or arg.isdigit()):
            return self._ok(state, Draw("deck" if arg == "deck" else int(arg)))
        if kind == "official" and arg in data.OFFICIALS:
            return self._ok(state, Official(arg))
        if kind == "card" and arg.isdigit():
            self.pick(state, int(arg))
            self.said_pick(state, int(arg))
        elif kind == "end" and arg in ("left", "right"):
            return self.play_to(state, arg)
        elif name == "officials":
            self.officials_open = not self.officials_open
        elif name == "abandon":
            self.confirm_abandon = self.offers(state, Abandon())
        elif name == "abandon-yes":  # only while asked: a stale "Yes" gives nothing up
            asked, self.confirm_abandon = self.confirm_abandon, False
            return self._ok(state, Abandon()) if asked else None
        elif name == "abandon-no":
            self.confirm_abandon = False
        elif kind == "close" and arg.isdigit():
            k = int(arg)
            if k < len(self.closing(state)):
                self.option = None if self.option == k else k
                self.said_option(state)
        elif name in ("close-next", "close-prev") and self.closing(state):
            n = len(self.closing(state))
            self.option = ((self.option or 0) + (1 if name == "close-next" else -1)) % n
            self.said_option(state)
        elif name == "close-go":
            options = self.closing(state)
            if self.option is not None and self.option < len(options):
                return self._ok(state, options[self.option]["move"])
        elif name == "pass":
            return self._ok(state, Pass())
        elif name == "discard-go" and phase == "discard":
            return self.discard_move(state)
        elif name == "cancel":
            self.cancel()
        return None

    def said_pick(self, state: Any, index: int) -> None:
        """After a hand card was tapped or keyed: what is chosen (or kept) now, and the cursor
        on its city, which comes into view with the route ends it fits."""
        phase = self.step(state).phase
        hand = self.hand(state)
        if phase == "discard" and index < len(hand):
            self._said = ("kept", hand[index], index in self.keep)
        elif phase == "play":
            chosen = self.selected_city(state)
            self._said = ("chosen",) if chosen else ("let_go",)
            if chosen is not None:
                self.cursor = chosen
                route = queries.route(state, self.step(state).seat)
                ends = self._playable_ends(state, chosen)
                self._show = [chosen, *(route[0 if e == "left" else -1] for e in ends if route)]

    def said_option(self, state: Any) -> None:
        """After a way to close was chosen: it is said, and its houses come into view."""
        options = self.closing(state)
        if self.option is not None and self.option < len(options):
            self._said = ("option", self.option)
            self._show = list(options[self.option]["houses"])

    def pick(self, state: Any, index: int) -> None:
        """A hand card was tapped: choose it to play, or (discard step) keep it or not."""
        if not 0 <= index < len(self.hand(state)):
            return
        phase = self.step(state).phase
        if phase == "play":
            self.selected = None if self.selected == index else index
            self.confirm_abandon = self.both_ends = False
        elif phase == "discard":
            if index in self.keep:
                self.keep.remove(index)
            elif len(self.keep) < data.HAND_LIMIT_AFTER_CLOSING:
                self.keep.append(index)

    def play_to(self, state: Any, end: str) -> TntMove | None:
        city = self.selected_city(state)
        return None if city is None else self._ok(state, Play(city, end))

    def discard_move(self, state: Any) -> TntMove | None:
        if len(self.keep) != data.HAND_LIMIT_AFTER_CLOSING:
            return None
        hand = self.hand(state)
        thrown = tuple(sorted(c for k, c in enumerate(hand) if k not in self.keep))
        return self._ok(state, Discard(thrown))

    def cancel(self) -> bool:
        changed = self.selected is not None or self.option is not None or self.confirm_abandon
        self.selected = self.option = None
        self.confirm_abandon = self.both_ends = False
        return changed

    def tap(self, state: Any, target: str) -> TntMove | None:
        """A city on the map: in the play step, choose the hand card of that city, or play the
        chosen card next to that route end (or on its own city when only one end fits); in the
        close step, show the next closing option that builds there."""
        city = card_city(target)
        self.keyed = False
        if city is None:
            return None
        self.cursor, self._hub = city, None
        move = self.at_city(state, city)
        if move is not None:
            self._said = None  # the table tells the move as the log does
        return move

    def at_city(self, state: Any, city: str) -> TntMove | None:
        """A tap on `city`, or Enter with the cursor there: see `tap`. What it changed is said
        (`spoken`); when it changed nothing, why."""
        phase = self.step(state).phase
        self._said, self._show = ("nothing",), [city]
        if phase == "play":
            return self._tap_play(state, city)
        if phase == "close":
            options = self.closing(state)
            having = [k for k, o in enumerate(options) if city in o["houses"]]
            if having:
                later = [k for k in having if self.option is None or k > self.option]
                self.option = (later or having)[0]
                self.said_option(state)
        return None

    def _tap_play(self, state: Any, city: str) -> TntMove | None:
        route = queries.route(state, self.step(state).seat)
        chosen = self.selected_city(state)
        if chosen is not None:
            ends = self._playable_ends(state, chosen)
            if city == chosen:  # its own city again: played when only one end fits
                if len(ends) == 2:  # else the hint says which ends
                    self.both_ends = True
                    self._said = ("both_ends",)
                return Play(chosen, ends[0]) if len(ends) == 1 else None
            if route and city in (route[0], route[-1]):
                end = "left" if city == route[0] and len(route) > 1 else "right"
                if city == route[-1] and "right" in ends:
                    end = "right"
                if end in ends:
                    return Play(chosen, end)
        for k, c in enumerate(self.hand(state)):
            if c == city:
                self.pick(state, k)
                self.said_pick(state, k)
                break
        return None

    def point(self, state: Any, target: str) -> bool:
        if target == self.hover:
            return False
        self.hover = target
        return True

    def leave(self, state: Any) -> bool:
        if self.hover is None:
            return False
        self.hover = None
        return True

    def key(self, state: Any, key: str) -> TntMove | None:
        """The keyboard (How to play, Keyboard): the arrows, Page Down/Up, Home and End walk
        the cities (draw_words.py), Enter does what a tap on the cursor's city does; Escape lets go
        of a chosen card or closing option; in the draw step 1-6 take an open card and D the
        top of the pile, in the play step 1-9 choose a hand card (in the keep step, keep it or
        not); P ends the turn when that is allowed."""
        self.keyed = True
        move = self._key(state, key)
        if move is not None:
            self._said = None  # the table tells the move as the log does
        return move

    def _key(self, state: Any, key: str) -> TntMove | None:
        phase = self.step(state).phase
        self._said = None
        if key in WALK_KEYS:
            self.walk(state, key)
        elif key == "Enter" and phase != "over":
            if self.cursor is None:
                self.walk(state, key)  # (only puts the cursor on the map)
                return None
            return self.at_city(state, self.cursor)
        elif key == "Escape":
            self._said = ("let_go",) if self.cancel() else None
        elif phase == "draw" and key in KEYS_TO_SLOTS:
            return self._ok(state, Draw(KEYS_TO_SLOTS[key]))
        elif phase == "draw" and key in ("d", "D"):
            return self._ok(state, Draw("deck"))
        elif phase in ("play", "discard") and len(key) == 1 and key in "123456789":
            self.pick(state, int(key) - 1)
            self.said_pick(state, int(key) - 1)
        elif key in ("p", "P"):
            return self._ok(state, Pass())
        return None

    def walk(self, state: Any, key: str) -> None:
        """Move the cursor: the arrows along a road in their direction, Page Down/Up through
        the roads of the city where that began, Home and End to the ends of the mover's route.
        The first key only puts the cursor on the map (see `start_city`)."""
        if self.cursor is None:
            self.cursor = self.start_city(state)
            self._said, self._show = ("city",), [self.cursor]
            return
        here, to = self.cursor, None
        if key in draw_words.ARROWS:
            self._hub, to = None, draw_words.arrows(here).get(key)
            said: tuple[Any, ...] = ("city",) if to else ("no_road", key)
        elif key in draw_words.CYCLE:
            hub, k = self._hub or (here, -1 if draw_words.CYCLE[key] > 0 else 0)
            k = (k + draw_words.CYCLE[key]) % len(draw_words.roads(hub))
            self._hub, to = (hub, k), draw_words.roads(hub)[k]
            said = ("road", hub, k)
        else:
            route = queries.route(state, self.step(state).seat)
            self._hub = None
            to = (route[0] if key == "Home" else route[-1]) if route else None
            said = ("city",) if to else ("no_route",)
        self.cursor = to or here
        self._said, self._show = said, [self.cursor]

    def start_city(self, state: Any, own: bool = True) -> str:
        """Where the cursor starts: the chosen card's city (`own`: for the mover's eyes), else
        the right end of the mover's route, else the city at the middle of the map."""
        route = queries.route(state, self.step(state).seat)
        chosen = self.selected_city(state) if own else None
        return chosen or (route[-1] if route else draw_words.MIDDLE)

    # ---- the map --------------------------------------------------------------------------------
    def defs(self) -> Markup:
        return draw.defs()

    def viewbox(self, state: Any) -> str:
        return draw.VIEWBOX

    def focus_box(self, state: Any) -> str | None:
        """Around the cities the last route card or houses went to; before any was seen here,
        the ends of the route of the player to move."""
        cities = self._touched
        if not cities:
            now = self.step(state)
            route = queries.route(state, now.seat) if now.phase != "over" else []
            cities = [route[0], route[-1]] if route else []
        return draw.around(cities, draw.HIT_RADIUS, draw.HIT_RADIUS) if cities else None

    def cursor_box(self, state: Any) -> str | None:
        """The cities the last input named, with room for their names: the cursor's city after
        a key, the chosen card's city and the route ends it fits (the hint names them), the
        houses of the chosen way to close."""
        # (a name reaches about 48 units sideways and 28 up or down from its city)
        return draw.around(self._show, 48, 28) if self._show else None

    def board_markup(self, state: Any, viewer: int | None = None, summary: Any = None) -> Markup:
        """The map, every route (the player to move's on top and broad), the cities and every
        house. All of it is public; new houses and route cards get a short animation."""
        seats = range(queries.seats(state))
        routes = [queries.route(state, seat) for seat in seats]
        houses = [queries.houses(state, seat) for seat in seats]
        fresh_houses: set[tuple[int, str]] = set()
        fresh_route: set[tuple[int, str]] = set()
        if self._drawn is not None and len(self._drawn[0]) == len(houses):
            old_houses, old_routes = self._drawn
            fresh_houses = {
                (seat, c) for seat, cs in enumerate(houses) for c in cs if c not in old_houses[seat]
            }
            fresh_route = {
                (seat, c) for seat, cs in enumerate(routes) for c in cs if c not in old_routes[seat]
            }
            if len(fresh_houses) > 8:  # a whole new position (loaded, undone): no animation
                fresh_houses = set()
            if fresh_houses or fresh_route:
                self._touched = sorted({city for _, city in fresh_houses | fresh_route})
        self._drawn = (houses, routes)
        mover = GAME.current_player(state)
        ends: tuple[str, ...] = ()
        if mover is not None and routes[mover]:
            ends = (routes[mover][0], routes[mover][-1])
        return (
            draw.map_layer()
            + draw.routes_layer(routes, mover, fresh_route)
            + draw.houses_layer(houses, fresh_houses)
            + draw.cities_layer(ends)
        )

    def overlay_markup(self, state: Any, viewer: int | None, interactive: bool) -> Markup:
        """For the person to move: where cards could go, the chosen card's place and the roads
        it could take, the houses a closing option would build, the city pointed at."""
        now = self.step(state)
        if not interactive or now.phase == "over":
            return ""
        seat = now.seat
        route = queries.route(state, seat)
        out = []
        if now.phase == "play":
            chosen = self.selected_city(state)
            if chosen is not None:
                if not route:
                    out.append(draw.rings([chosen], "tnt-target"))
                for end in self._playable_ends(state, chosen):
                    if route:
                        anchor = route[0] if end == "left" else route[-1]
                        out.append(draw.preview_line(anchor, chosen, seat))
                        out.append(draw.rings([anchor], "tnt-target"))
                out.append(draw.rings([chosen], "tnt-chosen"))
            elif self.hints:
                hand = self.hand(state) if route else []
                fitting = [c for c in data.CITIES if c in hand and queries.ends(state, seat, c)]
                out.append(draw.rings(fitting, "tnt-fit"))
        elif now.phase == "draw" and self.hints and route:
            shown = queries.display(state)
            fitting_cities = {shown[k] for k in queries.fitting_slots(state, seat)}
            out.append(draw.rings([c for c in data.CITIES if c in fitting_cities], "tnt-fit"))
        options = self.closing(state)  # the close step, or after the Carrier's first card
        k = self.option
        if self.hover and self.hover.startswith("opt:") and self.hover[4:].isdigit():
            k = int(self.hover[4:])
        if k is not None and k < len(options):
            out.append(draw.ghost_houses(seat, options[k]["houses"]))
        pointed = card_city(self.hover or "")
        if pointed is not None:
            out.append(draw.rings([pointed], "tnt-pointed"))
        if self.keyed and self.cursor is not None:
            out.append(draw.rings([self.cursor], "tnt-cursor", r=15))
        return "".join(out)

    # ---- in words (draw_words.py) ----------------------------------------------------------------
    def mine(self, state: Any, viewer: int | None) -> draw_words.Mine:
        """The turn of the player to move as the words need it; their hand and what they may
        take only when `viewer` is that player."""
        now = self.step(state)
        own = viewer == now.seat and now.phase != "over"
        takes: dict[str, int] = {}
        if own and now.phase == "draw":
            for slot, city in enumerate(queries.display(state)):
                if city is not None and city not in takes and self.offers(state, Draw(slot)):
                    takes[city] = slot
        return draw_words.Mine(
            seat=now.seat,
            viewer=viewer,
            phase=now.phase,
            route=queries.route(state, now.seat),
            hand=self.hand(state) if own else None,
            chosen=self.selected_city(state) if own else None,
            takes=takes,
        )

    def spoken(self, state: Any, viewer: int | None, tr: Translator, you: int | None) -> str | None:
        """What the last key, tap or panel choice changed, in words (read once: draw_words.say)."""
        said, self._said = self._said, None
        if said is None:
            return None
        mine, cursor = self.mine(state, viewer), self.cursor or ""
        return draw_words.say(tr, state, mine, self.selection(state), said, cursor)

    def piece_words(self, state: Any, viewer: int | None, tr: Translator) -> str:
        """The chosen card and where it fits; with none chosen, the hand."""
        return draw_words.card_words(tr, state, self.mine(state, viewer))

    def board_words(
        self, state: Any, viewer: int | None, names: list[str], tr: Translator, you: int | None
    ) -> Markup:
        """The roads from the cursor's city, every route and house, the open cards, and every
        city with its roads (draw_words.board_words)."""
        mine = self.mine(state, viewer)
        own = mine.hand is not None  # (another viewer: not where the mover's cursor is)
        cursor = (self.cursor if own else None) or self.start_city(state, own)
        return draw_words.board_words(tr, state, mine, names, cursor)

    # ---- the panel (panel.py) -----------------------------------------------------------------
    def selection(self, state: Any) -> Selection:
        """The turn as chosen so far, as one frozen value: all the panel reads of this board."""
        self._sync(state)
        return Selection(
            step=self.step(state),
            offered=frozenset(self._legal),
            hints=self.hints,
            selected=self.selected,
            chosen=self.selected_city(state) if self.selected is not None else None,
            keep=tuple(self.keep),
            discard=self.discard_move(state) if self.step(state).phase == "discard" else None,
            closing=tuple(self.closing(state)),
            option=self.option,
            confirm_abandon=self.confirm_abandon,
            keys=self.keyed,
            officials_open=self.officials_open,
            both_ends=self.both_ends,
        )

    def panel_markup(
        self,
        state: Any,
        viewer: int | None,
        names: list[str],
        tr: Translator,
        interactive: bool,
        *,
        you: int | None = None,
    ) -> Markup:
        """The step and its controls (panel.panel)."""
        seen = self.seen(state, viewer)
        return panel.panel(state, seen, self.selection(state), viewer, names, tr, interactive, you)

    def details_markup(
        self,
        state: Any,
        viewer: int | None,
        names: list[str],
        tr: Translator,
        *,
        you: int | None = None,
    ) -> Markup:
        """The viewer's route, the open cards, the officials, every player, the bonus tiles."""
        return panel.details(
            state, self.seen(state, viewer), self.selection(state), viewer, names, tr
        )

    # ---- the story: log entries, the review (story.py) ----------------------------
    def seat_style(self, seat: int) -> tuple[str, str]:
        return draw.SEAT_COLOURS[seat], draw.SEAT_SHAPES[seat]

    def seat_mark(self, state: Any, seat: int) -> Markup:
        return draw.swatch(seat, size=16)

    def tell(
        self,
        before: Any,
        move: JSON,
        after: Any,
        viewer: int | None,
        names: list[str],
        tr: Translator,
        *,
        you: int | None = None,
    ) -> Told:
        return story.tell(before, move, after, viewer, names, tr, you)

    def mark_markup(self, before: Any, move: JSON, after: Any) -> Markup:
        return story.mark_markup(before, move, after)

    # ---- how to play (howto.py) -----------------------------------------------------------
    def howto(self) -> list[Section]:
        return howto.sections()

    def howto_topic(self, state: Any) -> str | None:
        return howto.topic(self.step(state))

    # ---- the new-game form (panel.py) ---------------------------------------------------------
    def options_markup(self, tr: Translator, options: dict[str, Any]) -> Markup:
        return panel.options_form(tr, options)

    def read_options(self, form: dict[str, str | bool]) -> dict[str, Any]:
        return panel.read_options(form)
