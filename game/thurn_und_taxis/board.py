"""How a person plays Thurn und Taxis, as a small state machine in pure Python (the browser layer
forwards clicks, taps, pointer moves and keys and sets the markup this returns).

A turn is several moves by one player (DESIGN §5): draw (a display card or the pile) -> play
(a hand card to an end of the route) -> close the route (choose where the houses go) or end the
turn -> keep 3 cards when the hand must be cut. The panel always names the step ("Draw a card",
"Play a card to your route", ...) and offers only what `legal_moves` contains; the map shows
where the selected card could go, and what a closing option would build.

Hidden information: everything private is drawn from `GAME.view(state, viewer)`, so another
player's hand, their bonus tile values and the order of the pile never reach the markup of a
viewer who may not see them (the board layer shows only public things: routes and houses).
"""

from game.view.controller import BoardController
from game.view.markup import empty, esc, tag

from . import data, draw
from .rules import (
    CARTWRIGHT,
    CITIES,
    CITY_INDEX,
    DISPLAY,
    EMPTY,
    GAME,
    KINDS,
    NEIGHBOURS,
    OFFICIALS,
    STACK_VALUES,
    Abandon,
    Close,
    Discard,
    Draw,
    Official,
    Pass,
    Play,
    carriage_value,
)

# bonus stack kinds -> translation slugs ("tnt.tile.<slug>")
TILE_SLUGS = {
    "route_5": "route_5",
    "route_6": "route_6",
    "route_7": "route_7",
    "Baden": "baden",
    "Württemberg/Hohenzollern": "wuerttemberg",
    "Schweiz/Tyrol": "schweiz",
    "Böhmen/Salzburg": "boehmen",
    "Baiern": "baiern",
    "all_provinces": "all_provinces",
}
PARTS = (
    "carriage",
    "route_bonus",
    "region_bonus",
    "all_provinces_bonus",
    "game_end",
    "unplaced_houses",
)
STEPS = ("draw", "play", "close", "discard")


def card_city(target):
    """The city a target ("city:X", "card:X") names, or None."""
    kind, _, value = target.partition(":")
    return value if kind in ("city", "card") and value in CITY_INDEX else None


def count(tr, key, n, **params):
    """The text for `n` things: "<key>.one" when n is 1 and the table has it."""
    return tr(f"{key}.one" if n == 1 and tr.has(f"{key}.one") else key, n=n, **params)


def tile_name(tr, kind):
    return tr(f"tnt.tile.{TILE_SLUGS[kind]}")


class Board(BoardController):
    has_hints = True
    hidden_hands = True

    def __init__(self):
        super().__init__()
        self._position = None  # the state the caches and the selection belong to
        self._legal = []
        self._phase = None
        self._views = {}
        self._options = None
        self._drawn = None  # (houses, routes) last drawn: what is new gets a short animation
        self.selected = None  # hand index of the card about to be played
        self.keep = []  # hand indices kept in the discard step
        self.option = None  # index of the chosen closing option
        self.hover = None  # the target the pointer is on
        self.confirm_abandon = False

    # ---- the position ---------------------------------------------------------------------------
    def _sync(self, state):
        if state is self._position:
            return
        before = self._position
        self._position = state
        self._legal = GAME.legal_moves(state)
        self._phase = GAME.phase(state)
        self._views = {}
        self._options = None
        same_turn = (
            before is not None
            and before.turn == state.turn
            and before.turn_number == state.turn_number
        )
        if not same_turn:
            self.hover = None  # another person may hold the device now
        # a new position starts with nothing chosen: the hand or the options changed
        self.selected = self.option = None
        self.keep = []
        self.confirm_abandon = False

    def legal(self, state):
        self._sync(state)
        return self._legal

    def _ok(self, state, move):
        """`move` if the engine lists it, else None: the board never offers anything else."""
        return move if move in self.legal(state) else None

    def seen(self, state, viewer):
        """What `viewer` may see (None: public information only)."""
        self._sync(state)
        if viewer not in self._views:
            self._views[viewer] = GAME.view(state, viewer)
        return self._views[viewer]

    def mover(self, state):
        return GAME.current_player(state)

    def hand(self, state):
        """The hand of the player to move (only used when it is their own input)."""
        return state.hands[state.turn]

    def selected_city(self, state):
        self._sync(state)
        hand = self.hand(state)
        if self.selected is None or self.selected >= len(hand):
            return None
        return CITIES[hand[self.selected]]

    def closing(self, state):
        """Closing options of the player to move, each with its move (engine order)."""
        self._sync(state)
        if self._options is None:
            options = []
            if self._phase == "close":
                for option in GAME.closing_options(state, state.turn):
                    move = Close(tuple(sorted(option["houses"])))
                    if move in self._legal:
                        options.append(dict(option, move=move))
            self._options = options
        return self._options

    @staticmethod
    def fits(route, city):
        """The ends ("left"/"right") of `route` (city names) that `city` may join."""
        c = CITY_INDEX[city]
        if not route:
            return ("right",)
        if city in route:
            return ()
        ends = []
        if len(route) > 1 and NEIGHBOURS[CITY_INDEX[route[0]]] >> c & 1:
            ends.append("left")
        if NEIGHBOURS[CITY_INDEX[route[-1]]] >> c & 1:
            ends.append("right")
        return tuple(ends)

    # ---- input --------------------------------------------------------------------------------
    def act(self, state, name):
        """The panel's buttons (data-act). Returns a legal move or None."""
        self._sync(state)
        kind, _, arg = name.partition(":")
        phase = self._phase
        if kind == "draw" and (arg == "deck" or arg.isdigit()):
            return self._ok(state, Draw("deck" if arg == "deck" else int(arg)))
        if kind == "official" and arg in OFFICIALS:
            return self._ok(state, Official(arg))
        if kind == "card" and arg.isdigit():
            self.pick(state, int(arg))
        elif kind == "end" and arg in ("left", "right"):
            return self.play_to(state, arg)
        elif name == "abandon":
            self.confirm_abandon = self._ok(state, Abandon()) is not None
        elif name == "abandon-yes":
            self.confirm_abandon = False
            return self._ok(state, Abandon())
        elif name == "abandon-no":
            self.confirm_abandon = False
        elif kind == "close" and arg.isdigit():
            k = int(arg)
            if k < len(self.closing(state)):
                self.option = None if self.option == k else k
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

    def pick(self, state, index):
        """A hand card was tapped: choose it to play, or (discard step) keep it or not."""
        hand = self.hand(state)
        if not 0 <= index < len(hand):
            return
        if self._phase == "play":
            self.selected = None if self.selected == index else index
            self.confirm_abandon = False
        elif self._phase == "discard":
            if index in self.keep:
                self.keep.remove(index)
            elif len(self.keep) < data.HAND_LIMIT_AFTER_CLOSING:
                self.keep.append(index)

    def play_to(self, state, end):
        city = self.selected_city(state)
        return None if city is None else self._ok(state, Play(city, end))

    def discard_move(self, state):
        hand = self.hand(state)
        if len(self.keep) != data.HAND_LIMIT_AFTER_CLOSING:
            return None
        thrown = tuple(sorted(CITIES[c] for k, c in enumerate(hand) if k not in self.keep))
        return self._ok(state, Discard(thrown))

    def cancel(self):
        changed = self.selected is not None or self.option is not None or self.confirm_abandon
        self.selected = self.option = None
        self.confirm_abandon = False
        return changed

    def tap(self, state, target):
        """A city on the map: in the play step, choose the hand card of that city, or play the
        chosen card next to that route end (or on its own city when only one end fits); in the
        close step, show the next closing option that builds there."""
        self._sync(state)
        city = card_city(target)
        if city is None or state.over:
            return None
        if self._phase == "play":
            return self._tap_play(state, city)
        if self._phase == "close":
            options = self.closing(state)
            having = [k for k, o in enumerate(options) if city in o["houses"]]
            if having:
                later = [k for k in having if self.option is None or k > self.option]
                self.option = (later or having)[0]
        return None

    def _tap_play(self, state, city):
        route = [CITIES[c] for c in state.routes[state.turn]]
        chosen = self.selected_city(state)
        if chosen is not None:
            ends = [e for e in self.fits(route, chosen) if self._ok(state, Play(chosen, e))]
            if city == chosen:  # its own city again: played when only one end fits
                return Play(chosen, ends[0]) if len(ends) == 1 else None
            if route and city in (route[0], route[-1]):
                end = "left" if city == route[0] and len(route) > 1 else "right"
                if city == route[-1] and "right" in ends:
                    end = "right"
                if end in ends:
                    return Play(chosen, end)
        hand = self.hand(state)
        for k, c in enumerate(hand):
            if CITIES[c] == city:
                self.selected = None if self.selected == k else k
                self.confirm_abandon = False
                break
        return None

    def point(self, state, target):
        if target == self.hover:
            return False
        self.hover = target
        return True

    def leave(self, state):
        if self.hover is None:
            return False
        self.hover = None
        return True

    def key(self, state, key):
        """Escape lets go of a chosen card or closing option; in the draw step 1-6 take a
        display card and D the top of the pile; P ends the turn when that is allowed."""
        self._sync(state)
        if key == "Escape":
            self.cancel()
        elif self._phase == "draw" and key in ("1", "2", "3", "4", "5", "6"):
            return self._ok(state, Draw(int(key) - 1))
        elif self._phase == "draw" and key in ("d", "D"):
            return self._ok(state, Draw("deck"))
        elif key in ("p", "P"):
            return self._ok(state, Pass())
        return None

    # ---- the map --------------------------------------------------------------------------------
    def defs(self):
        return draw.defs()

    def viewbox(self, state):
        return draw.VIEWBOX

    def board_markup(self, state, viewer=None, summary=None):
        """The map, every route (the player to move's on top and broad), the cities and every
        house. All of it is public; new houses and route cards get a short animation."""
        routes = [[CITIES[c] for c in r] for r in state.routes]
        houses = [[CITIES[c] for c in range(len(CITIES)) if m >> c & 1] for m in state.houses]
        fresh_houses, fresh_route = set(), set()
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
        self._drawn = (houses, routes)
        mover = self.mover(state)
        ends = ()
        if mover is not None and routes[mover]:
            ends = (routes[mover][0], routes[mover][-1])
        return (
            draw.map_layer()
            + draw.routes_layer(routes, mover, fresh_route)
            + draw.houses_layer(houses, fresh_houses)
            + draw.cities_layer(ends)
        )

    def overlay_markup(self, state, viewer, interactive):
        """For the person to move: where cards could go, the chosen card's place and the roads
        it could take, the houses a closing option would build, the city pointed at."""
        self._sync(state)
        if not interactive or state.over:
            return ""
        seat = state.turn
        route = [CITIES[c] for c in state.routes[seat]]
        hand = [CITIES[c] for c in self.hand(state)]
        out = []
        pointed = card_city(self.hover or "")
        if self._phase == "play":
            chosen = self.selected_city(state)
            if chosen is not None:
                ends = [e for e in self.fits(route, chosen) if self._ok(state, Play(chosen, e))]
                if not route:
                    out.append(draw.rings([chosen], "tnt-target"))
                for end in ends:
                    if route:
                        anchor = route[0] if end == "left" else route[-1]
                        out.append(draw.preview_line(anchor, chosen, seat))
                        out.append(draw.rings([anchor], "tnt-target"))
                out.append(draw.rings([chosen], "tnt-chosen"))
            elif self.hints:
                fitting = sorted(
                    {c for c in hand if self.fits(route, c)} if route else set(), key=CITY_INDEX.get
                )
                out.append(draw.rings(fitting, "tnt-fit"))
        elif self._phase == "draw" and self.hints and route:
            shown = [CITIES[c] for c in state.display if c != EMPTY]
            out.append(
                draw.rings(
                    sorted({c for c in shown if self.fits(route, c)}, key=CITY_INDEX.get), "tnt-fit"
                )
            )
        elif self._phase == "close":
            options = self.closing(state)
            k = self.option
            if self.hover and self.hover.startswith("opt:") and self.hover[4:].isdigit():
                k = int(self.hover[4:])
            if k is not None and k < len(options):
                out.append(draw.ghost_houses(seat, options[k]["houses"]))
        if pointed is not None:
            out.append(draw.rings([pointed], "tnt-pointed"))
        return "".join(out)

    # ---- the panel ------------------------------------------------------------------------------
    def panel_markup(self, state, viewer, names, tr, interactive):
        """The step and the controls of the person to move, the open cards and the pile, the
        viewer's hand and route, the officials, every player and the bonus tiles left.
        `names` are the seats' names as typed (escaped here)."""
        self._sync(state)
        seen = self.seen(state, viewer)
        parts = [self._step_markup(state, seen, viewer, names, tr, interactive)]
        if state.over:
            parts.append(self._final_markup(state, names, tr))
        parts.append(self._display_markup(state, seen, viewer, tr, interactive))
        if viewer is not None and not state.over:
            parts.append(self._mine_markup(state, seen, viewer, tr, interactive))
        if not state.over:
            parts.append(self._officials_markup(state, tr, interactive))
        parts.append(self._players_markup(state, seen, viewer, names, tr))
        parts.append(self._stacks_markup(state, tr))
        return "".join(parts)

    def _step_markup(self, state, seen, viewer, names, tr, interactive):
        """Which step of whose turn, the hint for it and any warning."""
        if state.over:
            winners = GAME.winners(state)
            title = (
                tr("gt.winner", player=names[winners[0]]) if len(winners) == 1 else tr("gt.draw")
            )
            return tag(
                "div",
                tag("p", esc(title), class_="tnt-step-title"),
                tag("p", esc(tr("tnt.step.over")), class_="gt-hint"),
                class_="tnt-step",
                data_phase="over",
            )
        phase = self._phase
        seat = state.turn
        crumbs = "".join(
            tag(
                "li",
                esc(tr(f"tnt.crumb.{step}")),
                class_="tnt-now" if step == phase else None,
                aria_current="step" if step == phase else None,
            )
            for step in STEPS
            if step != "discard" or phase == "discard"
        )
        warnings = []
        if state.final_round:
            warnings.append(self._final_round_text(state, names, tr))
        if not interactive:
            title = tr("tnt.step.other", player=names[seat], step=tr(f"tnt.crumb.{phase}"))
            return tag(
                "div",
                tag("p", esc(title), class_="tnt-step-title"),
                tag("ol", crumbs, class_="tnt-crumbs"),
                *(tag("p", esc(w), class_="tnt-warn") for w in warnings),
                class_="tnt-step",
                data_phase=phase,
            )
        route = [CITIES[c] for c in state.routes[seat]]
        hint = ""
        if phase == "draw":
            left = state.draws_needed - state.draws
            if state.draws_needed == 2 and not state.draws and not seen.hands[seat]:
                title, hint = tr("tnt.step.draw_two"), tr("tnt.hint.forced_postmaster")
            elif left == 2:
                title = tr("tnt.step.draw_two_plain")
            elif state.draws:
                title = tr("tnt.step.draw_more")
            else:
                title = tr("tnt.step.draw")
            hint = hint or tr("tnt.hint.draw_fit" if route and self.hints else "tnt.hint.draw")
            if route and GAME.must_abandon(state, seat):
                warnings.append(tr("tnt.warn.nothing_fits_draw"))
        elif phase == "play":
            title = (
                tr("tnt.step.play_more")
                if state.plays
                else (tr("tnt.step.start") if not route else tr("tnt.step.play"))
            )
            chosen = self.selected_city(state)
            if chosen is None:
                hint = tr("tnt.hint.pick")
            elif not self.fits(route, chosen):
                hint = tr(
                    "tnt.hint.in_route" if chosen in route else "tnt.hint.no_road", city=chosen
                )
            elif not route:
                hint = tr("tnt.hint.start", city=chosen)
            else:
                hint = tr("tnt.hint.where", city=chosen)
            if route and not state.plays and GAME.must_abandon(state, seat):
                warnings.append(tr("tnt.warn.must_abandon"))
        elif phase == "close":
            if len(route) >= data.MIN_ROUTE_TO_CLOSE:
                title = tr("tnt.step.close")
                hint = tr("tnt.hint.close")
                if state.official == CARTWRIGHT:  # called: the route must be closed
                    title, hint = tr("tnt.step.close_cartwright"), tr("tnt.hint.close_cartwright")
            else:
                title = tr("tnt.step.end")
                hint = tr("tnt.hint.too_short", n=len(route))
            if route and GAME.must_abandon(state, seat):
                warnings.append(
                    tr(
                        "tnt.warn.nothing_fits_close"
                        if len(route) >= data.MIN_ROUTE_TO_CLOSE
                        else "tnt.warn.nothing_fits_end"
                    )
                )
        else:
            title = tr("tnt.step.discard")
            hint = tr("tnt.hint.discard", n=state.discard)
        return tag(
            "div",
            tag("p", esc(title), class_="tnt-step-title"),
            tag("ol", crumbs, class_="tnt-crumbs"),
            *(tag("p", esc(w), class_="tnt-warn", role="alert") for w in warnings),
            tag("p", esc(hint), class_="gt-hint tnt-hint", aria_live="polite"),
            class_="tnt-step tnt-mine-turn",
            data_phase=phase,
        )

    def _final_round_text(self, state, names, tr):
        reason = next((r["game_end"] for r in state.log if r["game_end"]), "carriage_7")
        return tr(
            f"tnt.final.{reason}", player=names[state.end_tile], last=names[state.players - 1]
        )

    def _card(
        self,
        tr,
        city,
        act=None,
        cell=None,
        disabled=False,
        pressed=None,
        badge="",
        extra_class="",
        label=None,
    ):
        """A city card: its province's colour band, the city, the province."""
        province = draw.PROVINCE_OF[city]
        return tag(
            "button" if act else "span",
            tag("span", "", class_="tnt-band", aria_hidden="true"),
            tag("span", esc(city), class_="tnt-card-city"),
            tag("span", esc(province), class_="tnt-card-prov"),
            tag("span", esc(badge), class_="tnt-badge", aria_hidden="true") if badge else "",
            type="button" if act else None,
            data_act=act,
            data_cell=cell,
            disabled=bool(act) and disabled,
            aria_pressed=None if pressed is None else ("true" if pressed else "false"),
            aria_label=label,
            title=label,
            class_=f"tnt-card tnt-p{draw.PROVINCE_INDEX[province]} {extra_class}".strip(),
        )

    def _display_markup(self, state, seen, viewer, tr, interactive):
        """The six open cards and the pile (face down: only its size)."""
        drawing = interactive and self._phase == "draw"
        route = [CITIES[c] for c in state.routes[state.turn]] if drawing else []
        cards = []
        for slot in range(DISPLAY):
            c = state.display[slot]
            if c == EMPTY:
                cards.append(tag("span", esc(tr("tnt.slot_empty")), class_="tnt-card tnt-empty"))
                continue
            city = CITIES[c]
            legal = drawing and self._ok(state, Draw(slot)) is not None
            fit = bool(route) and bool(self.fits(route, city)) and self.hints
            label = tr("tnt.take_card", city=city, province=draw.PROVINCE_OF[city])
            if fit:
                label += " " + tr("tnt.fits")
            cards.append(
                self._card(
                    tr,
                    city,
                    act=f"draw:{slot}",
                    cell=f"card:{city}",
                    disabled=not legal,
                    badge="✓" if fit else "",
                    extra_class="tnt-fits" if fit else "",
                    label=label,
                )
            )
        pile_legal = drawing and self._ok(state, Draw("deck")) is not None
        pile = tag(
            "button",
            tag("span", esc(tr("tnt.pile")), class_="tnt-pile-name"),
            tag("span", esc(count(tr, "tnt.pile_count", seen.pile)), class_="tnt-pile-n"),
            type="button",
            data_act="draw:deck",
            disabled=not pile_legal,
            class_="tnt-card tnt-pile",
            aria_label=tr("tnt.pile_label", n=seen.pile),
        )
        discards = tag("p", esc(count(tr, "tnt.discards", len(state.discards))), class_="gt-muted")
        return tag(
            "section",
            tag("h3", esc(tr("tnt.display"))),
            tag("div", *cards, pile, class_="tnt-cards tnt-display"),
            discards,
            class_="tnt-box",
            aria_label=tr("tnt.display"),
        )

    def _mine_markup(self, state, seen, viewer, tr, interactive):
        """The viewer's hand and route; in their turn the controls of the step (the hand
        first: a card is chosen there, then where it goes on the route below it)."""
        phase = self._phase if interactive else None
        route = [CITIES[c] for c in seen.routes[viewer]]
        hand = [CITIES[c] for c in seen.hands[viewer]]
        parts = [tag("h3", esc(count(tr, "tnt.hand_title", len(hand))))]
        if phase == "discard":
            parts.append(self._discard_markup(state, hand, tr))
        elif hand:
            cards = []
            for k, city in enumerate(hand):
                ends = self.fits(route, city)
                badge = ""
                if route and ends:
                    badge = "⇆" if len(ends) == 2 else ("◀" if ends == ("left",) else "▶")
                label = tr("tnt.hand_card", city=city, province=draw.PROVINCE_OF[city])
                if route and ends:
                    label += " " + tr("tnt.fits")
                css = "tnt-fits" if route and ends else ("tnt-nofit" if route else "")
                if phase == "play":
                    cards.append(
                        self._card(
                            tr,
                            city,
                            act=f"card:{k}",
                            cell=f"card:{city}",
                            pressed=self.selected == k,
                            badge=badge,
                            extra_class=css,
                            label=label,
                        )
                    )
                else:
                    cards.append(self._card(tr, city, badge=badge, extra_class=css, label=label))
            parts.append(tag("div", *cards, class_="tnt-cards tnt-hand"))
        else:
            parts.append(tag("p", esc(tr("tnt.hand_empty")), class_="gt-muted"))
        parts.append(tag("h3", esc(count(tr, "tnt.route_title", len(route)))))
        if route:
            parts.append(
                tag(
                    "ol",
                    *(
                        tag(
                            "li",
                            esc(c),
                            class_=f"tnt-chip tnt-p{draw.PROVINCE_INDEX[draw.PROVINCE_OF[c]]}",
                        )
                        for c in route
                    ),
                    class_="tnt-route-list",
                )
            )
        else:
            parts.append(tag("p", esc(tr("tnt.route_empty")), class_="gt-muted"))
        if phase == "play":
            parts.append(self._ends_markup(state, route, tr))
        elif phase == "close":
            parts.append(self._close_markup(state, route, tr))
        nxt = GAME.next_carriage(state, viewer)
        parts.append(
            tag(
                "p",
                esc(tr("tnt.next_carriage", value=nxt) if nxt else tr("tnt.all_carriages")),
                class_="gt-muted",
            )
        )
        return tag("section", *parts, class_="tnt-box tnt-mine", aria_label=tr("tnt.mine"))

    def _ends_markup(self, state, route, tr):
        """Where the chosen card may go (buttons naming the route end), giving up the route."""
        chosen = self.selected_city(state)
        buttons = []
        if chosen is not None:
            if not route:
                move = self._ok(state, Play(chosen, "right"))
                buttons.append(
                    tag(
                        "button",
                        esc(tr("tnt.end.start", city=chosen)),
                        type="button",
                        data_act="end:right",
                        disabled=move is None,
                        class_="gt-primary",
                    )
                )
            else:
                for end in ("left", "right"):
                    if end == "left" and len(route) < 2:
                        continue
                    anchor = route[0] if end == "left" else route[-1]
                    move = self._ok(state, Play(chosen, end))
                    buttons.append(
                        tag(
                            "button",
                            esc(tr(f"tnt.end.{end}", city=chosen, end=anchor)),
                            type="button",
                            data_act=f"end:{end}",
                            disabled=move is None,
                            class_="gt-primary" if move else None,
                        )
                    )
            buttons.append(tag("button", esc(tr("tnt.cancel")), type="button", data_act="cancel"))
        out = tag("div", *buttons, class_="gt-actions tnt-ends") if buttons else ""
        if self._ok(state, Abandon()) is not None:
            if self.confirm_abandon:
                out += tag(
                    "div",
                    tag("p", esc(count(tr, "tnt.abandon_confirm", len(route)))),
                    tag(
                        "div",
                        tag(
                            "button",
                            esc(tr("tnt.abandon_yes")),
                            type="button",
                            data_act="abandon-yes",
                            class_="gt-primary",
                        ),
                        tag(
                            "button",
                            esc(tr("tnt.abandon_no")),
                            type="button",
                            data_act="abandon-no",
                        ),
                        class_="gt-actions",
                    ),
                    class_="tnt-confirm",
                    role="alertdialog",
                )
            else:
                out += tag(
                    "div",
                    tag(
                        "button",
                        esc(tr("tnt.abandon")),
                        type="button",
                        data_act="abandon",
                        class_="tnt-abandon",
                    ),
                    class_="gt-actions",
                )
        return out

    def _close_markup(self, state, route, tr):
        """Every way to close the route with what it would build and earn, then the buttons."""
        options = self.closing(state)
        rows = []
        best = max((o["projected_gain"] for o in options), default=None)
        for k, option in enumerate(options):
            houses = option["houses"]
            in_order = [c for c in route if c in houses]
            what = (
                tr(
                    "tnt.close.house" if len(houses) == 1 else "tnt.close.houses",
                    n=len(houses),
                    cities=", ".join(in_order),
                )
                if houses
                else tr("tnt.close.no_houses")
            )
            gains = []
            if option["carriage"]:
                gains.append(
                    tr(
                        "tnt.close.carriage",
                        value=option["carriage"],
                        points=data.CARRIAGE_POINTS[option["carriage"]],
                    )
                )
            else:
                gains.append(tr("tnt.close.no_carriage"))
            for bonus in option["bonuses"]:
                gains.append(
                    tr("tnt.close.bonus", tile=tile_name(tr, bonus["tile"]), value=bonus["value"])
                )
            gains.append(tr("tnt.close.gain", n=option["banked_gain"]))
            lines = [
                tag("span", esc(what), class_="tnt-opt-houses"),
                tag("span", esc(" · ".join(gains)), class_="tnt-opt-gain"),
            ]
            if option["game_end"]:
                lines.append(tag("span", esc(tr("tnt.close.ends_game")), class_="tnt-opt-end"))
            if option["projected_gain"] == best and len(options) > 1:
                lines.append(tag("span", esc(tr("tnt.close.best", n=best)), class_="tnt-opt-best"))
            rows.append(
                tag(
                    "button",
                    *lines,
                    type="button",
                    data_act=f"close:{k}",
                    data_cell=f"opt:{k}",
                    data_houses=",".join(houses),
                    aria_pressed="true" if self.option == k else "false",
                    class_="tnt-option",
                )
            )
        buttons = []
        if options:
            buttons.append(
                tag(
                    "button",
                    esc(tr("tnt.close.go")),
                    type="button",
                    data_act="close-go",
                    disabled=self.option is None,
                    class_="gt-primary",
                )
            )
        if self._ok(state, Pass()) is not None:
            buttons.append(
                tag(
                    "button",
                    esc(tr("tnt.pass")),
                    type="button",
                    data_act="pass",
                    class_=None if options else "gt-primary",
                )
            )
        head = tag("h3", esc(tr("tnt.close.title"))) if options else ""
        return (
            head
            + tag("div", *rows, class_="tnt-options")
            + tag("div", *buttons, class_="gt-actions tnt-close-actions")
        )

    def _discard_markup(self, state, hand, tr):
        cards = [
            self._card(
                tr,
                city,
                act=f"card:{k}",
                cell=f"card:{city}",
                pressed=k in self.keep,
                badge="✓" if k in self.keep else "",
                extra_class="tnt-keep" if k in self.keep else "tnt-drop",
                label=tr("tnt.keep_card", city=city),
            )
            for k, city in enumerate(hand)
        ]
        move = self.discard_move(state)
        go = tag(
            "button",
            esc(count(tr, "tnt.discard_go", state.discard)),
            type="button",
            data_act="discard-go",
            disabled=move is None,
            class_="gt-primary",
        )
        kept = tag("p", esc(tr("tnt.kept", n=len(self.keep))), class_="gt-muted")
        return (
            tag("div", *cards, class_="tnt-cards tnt-hand")
            + kept
            + tag("div", go, class_="gt-actions")
        )

    def _officials_markup(self, state, tr, interactive):
        """The four officials: what each does, enabled only when the engine allows him now."""
        rows = []
        used = OFFICIALS[state.official - 1] if state.official else None
        cartwright_note = ""
        if interactive and self._ok(state, Official("cartwright")):
            without = GAME.closing_options(state, state.turn, cartwright=False)
            with_him = GAME.closing_options(state, state.turn, cartwright=True)
            if (
                with_him
                and with_him[0]["carriage"]
                and (not without or without[0]["carriage"] != with_him[0]["carriage"])
            ):
                cartwright_note = tr("tnt.official.cartwright.now", value=with_him[0]["carriage"])
        for name in OFFICIALS:
            legal = interactive and self._ok(state, Official(name)) is not None
            status = ""
            if used == name:
                status = tr("tnt.official.used")
            explain = tr(f"tnt.official.{name}.what")
            if name == "cartwright" and cartwright_note:
                explain += " " + cartwright_note
            rows.append(
                tag(
                    "li",
                    tag(
                        "button",
                        esc(tr(f"tnt.official.{name}")),
                        type="button",
                        data_act=f"official:{name}",
                        disabled=not legal,
                        class_="tnt-official" + (" tnt-used" if used == name else ""),
                    ),
                    tag("span", esc(explain), class_="tnt-explain"),
                    tag("span", esc(status), class_="tnt-status") if status else "",
                    data_official=name,
                )
            )
        note = (
            tr("tnt.officials_used", official=tr(f"tnt.official.{used}"))
            if used
            else tr("tnt.officials_rule")
        )
        return tag(
            "section",
            tag("h3", esc(tr("tnt.officials"))),
            tag("p", esc(note), class_="gt-muted"),
            tag("ul", *rows, class_="tnt-officials"),
            class_="tnt-box",
        )

    def _players_markup(self, state, seen, viewer, names, tr):
        """Every player: piece, name, points, houses left, best carriage, bonus tiles (others'
        face down), cards in hand, route length; the game-end tile."""
        rows = []
        scores = GAME.scores(state if state.over else seen)
        for seat in range(state.players):
            tiles = state.tiles[seat] if state.over else seen.tiles[seat]
            carriage = carriage_value(state.carriages[seat])
            stats = [
                count(tr, "tnt.player.houses", GAME.houses_left(state, seat)),
                tr("tnt.player.carriage", value=carriage)
                if carriage
                else tr("tnt.player.no_carriage"),
                count(
                    tr,
                    "tnt.player.cards",
                    seen.hands[seat]
                    if isinstance(seen.hands[seat], int)
                    else len(seen.hands[seat]),
                ),
                tr("tnt.player.route", n=len(state.routes[seat])),
            ]
            if isinstance(tiles, int):
                points = (
                    tr("tnt.player.points_hidden", n=scores[seat], k=tiles)
                    if tiles
                    else tr("tnt.player.points", n=scores[seat])
                )
                bonus = count(tr, "tnt.player.tiles_hidden", tiles) if tiles else ""
            else:
                points = tr("tnt.player.points", n=scores[seat])
                bonus = ", ".join(
                    tr("tnt.player.tile", tile=tile_name(tr, KINDS[k]), value=v) for k, v in tiles
                )
            if state.end_tile == seat:
                bonus = (bonus + ", " if bonus else "") + tr("tnt.player.end_tile")
            colour = tr(f"tnt.seat.{seat}")
            rows.append(
                tag(
                    "li",
                    draw.swatch(seat, label=colour),
                    tag("span", esc(names[seat]), class_="gt-name"),
                    tag("span", esc(points), class_="tnt-points"),
                    tag("span", esc(" · ".join(stats)), class_="tnt-stats"),
                    tag("span", esc(bonus), class_="tnt-tiles") if bonus else "",
                    class_="tnt-player"
                    + (" gt-to-move" if state.turn == seat and not state.over else ""),
                    data_seat=seat,
                )
            )
        return tag(
            "section",
            tag("h3", esc(tr("tnt.players"))),
            tag("ol", *rows, class_="tnt-players"),
            class_="tnt-box",
        )

    def _stacks_markup(self, state, tr):
        """The bonus stacks on the board: which values are still to be taken (public)."""
        items = []
        for k, kind in enumerate(KINDS):
            values = STACK_VALUES[k][len(STACK_VALUES[k]) - state.stacks[k] :]
            text = "·".join(str(v) for v in values) if values else "—"
            items.append(
                tag(
                    "li",
                    tag("span", esc(tile_name(tr, kind))),
                    tag("b", esc(text)),
                    class_="tnt-empty-stack" if not values else None,
                )
            )
        return tag(
            "section",
            tag("h3", esc(tr("tnt.stacks"))),
            tag("ul", *items, class_="tnt-stacks"),
            class_="tnt-box",
        )

    def _final_markup(self, state, names, tr):
        """The final scoring: best carriage + bonus tiles + game-end tile - houses not placed."""
        breakdown = GAME.score_breakdown(state)
        scores = GAME.scores(state)
        winners = GAME.winners(state)
        head = tag(
            "tr",
            tag("th", ""),
            *(
                tag("th", draw.swatch(seat), esc(names[seat]), scope="col")
                for seat in range(state.players)
            ),
        )
        rows = [
            tag(
                "tr",
                tag("th", esc(tr(f"thurn-und-taxis.part.{part}")), scope="row"),
                *(tag("td", str(breakdown[seat][part])) for seat in range(state.players)),
            )
            for part in PARTS
        ]
        rows.append(
            tag(
                "tr",
                tag("th", esc(tr("tnt.score.total")), scope="row"),
                *(
                    tag(
                        "td",
                        tag("b", str(scores[seat])),
                        class_="tnt-winner" if seat in winners else None,
                    )
                    for seat in range(state.players)
                ),
                class_="tnt-total",
            )
        )
        note = tr("tnt.score.explain")
        return tag(
            "section",
            tag("h3", esc(tr("tnt.score.title"))),
            tag("table", tag("thead", head), tag("tbody", *rows), class_="tnt-score"),
            tag("p", esc(note), class_="gt-muted"),
            class_="tnt-box tnt-final",
        )

    # ---- the new-game form ----------------------------------------------------------------------
    def options_markup(self, tr, options):
        """The rule variant of DESIGN §5: does the "all provinces" bonus need Baiern too?"""
        checked = bool((options or {}).get("all_provinces_includes_baiern", False))
        return tag(
            "fieldset",
            tag("legend", esc(tr("tnt.options"))),
            tag(
                "label",
                empty(
                    "input", type="checkbox", name="all_provinces_includes_baiern", checked=checked
                ),
                esc(tr("tnt.option.baiern")),
                class_="gt-check",
            ),
            class_="tnt-options-form",
        )

    def read_options(self, form):
        return {"all_provinces_includes_baiern": form.get("all_provinces_includes_baiern") is True}
