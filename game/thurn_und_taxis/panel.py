"""The Thurn und Taxis panel, as markup (pure): which step of whose turn and what to do, the
viewer's hand and route, where the chosen card may go, giving the route up, the ways to close
it (with what each builds and earns), ending the turn, and keeping 3 cards; the details in
"More" (draw_cards.py draws the public parts); the rule option of the new-game form.

Everything here is drawn from values: the state, what the viewer may see of it (`seen`) and the
turn's `Selection`, which the `Controller` (controller.py) makes. Every button names a move the
engine lists now (`Selection.offered`); the state is read through queries.py.
"""

from typing import Any, NamedTuple

from game.core.contract import JSON, Move
from game.view.ending import result_title
from game.view.howto import howto_link
from game.view.i18n import Translator, about
from game.view.markup import empty, esc, tag

from . import data, draw, draw_cards, howto, queries
from .draw_cards import card, card_words, tile_name
from .engine import GAME, Abandon, Draw, Official, Pass, Play

STEPS = ("draw", "play", "close", "discard")


class Selection(NamedTuple):
    """The turn as the person to move has chosen it so far (`Controller.selection`), with the
    moves the engine lists now: the panel offers nothing else."""

    step: queries.Step  # where the turn stands
    offered: frozenset[Move]  # the engine's legal moves now
    hints: bool  # mark what fits (the table's setting)
    selected: int | None  # hand index of the card about to be played
    chosen: str | None  # that card's city
    keep: tuple[int, ...]  # hand indices kept in the discard step
    discard: Move | None  # the move the kept cards make (None until enough are kept)
    closing: tuple[dict[str, Any], ...]  # the ways to close the route now, each with its move
    option: int | None  # the chosen way to close
    confirm_abandon: bool  # "give up the route?" is being asked
    keys: bool = False  # the last input was a key: the hint says keys ("<key>.keys" texts)
    officials_open: bool = False  # a small frame shows the officials instead of the cards
    both_ends: bool = False  # the chosen card's own city was asked while it fits both ends


def panel(
    state: Any,
    seen: Any,
    sel: Selection,
    viewer: int | None,
    names: list[str],
    tr: Translator,
    interactive: bool,
    you: int | None,
) -> str:
    """The step and its controls: which step of whose turn; to draw, the open cards and the
    pile; the officials who may be called now; the viewer's hand with the play, close and keep
    controls. `names` are the seats' names as typed (escaped here)."""
    now = sel.step
    parts = [step_markup(state, sel, names, tr, interactive, you)]
    if now.phase == "over":
        return parts[0] + draw_cards.final_markup(state, names, tr)
    if interactive and now.phase == "draw":
        takes: list[int | str] = [s for s in range(data.DISPLAY_SIZE) if Draw(s) in sel.offered]
        if Draw("deck") in sel.offered:
            takes.append("deck")
        fitting = queries.fitting_slots(state, now.seat) if sel.hints else []
        parts.append(draw_cards.display_markup(state, seen, tr, takes, fitting))
    if interactive:
        parts.append(draw_cards.officials_now_markup(state, tr, now.seat, callable_now(sel)))
    if viewer is not None:
        parts.append(mine_markup(state, seen, sel, viewer, tr, interactive))
    return "".join(parts)


def details(
    state: Any, seen: Any, sel: Selection, viewer: int | None, names: list[str], tr: Translator
) -> str:
    """The viewer's route, the open cards (when not drawing), the officials, every player
    and the bonus tiles left."""
    now = sel.step
    parts = []
    if viewer is not None and now.phase != "over":
        parts.append(route_markup(state, seen, viewer, tr))
    if now.phase != "draw" or viewer != now.seat:
        parts.append(draw_cards.display_markup(state, seen, tr))
    if now.phase != "over":
        officials = callable_now(sel)
        parts.append(draw_cards.officials_markup(state, tr, now.seat, now.official, officials))
    mover = None if GAME.is_over(state) else now.seat
    parts.append(draw_cards.players_markup(state, seen, names, tr, mover))
    parts.append(draw_cards.stacks_markup(state, tr))
    return "".join(parts)


def callable_now(sel: Selection) -> tuple[str, ...]:
    """The officials the engine lets the player to move call now."""
    return tuple(name for name in data.OFFICIALS if Official(name) in sel.offered)


def step_markup(
    state: Any, sel: Selection, names: list[str], tr: Translator, interactive: bool, you: int | None
) -> str:
    """Which step of whose turn, the hint for it and any warning (said to `you` when it is
    about them)."""
    now = sel.step
    phase, seat = now.phase, now.seat
    if phase == "over":
        title = result_title(tr, names, GAME.winners(state), you)
        return tag(
            "div",
            tag("p", esc(title), class_="tnt-step-title"),
            tag("p", esc(tr("tnt.step.over")), class_="gt-hint"),
            class_="tnt-step",
            data_phase="over",
        )
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
    final = queries.final_round(state)
    if final is not None:
        reason, trigger = final
        last = names[queries.seats(state) - 1]
        warnings.append(
            about(tr, f"tnt.final.{reason}", trigger, you, player=names[trigger], last=last)
        )
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
    title, hint = step_words(state, sel, tr)
    route = queries.route(state, seat)
    if route and queries.must_abandon(state, seat):  # nothing in the hand fits the route
        if phase == "draw":
            warnings.append(tr("tnt.warn.nothing_fits_draw"))
        elif phase == "play" and not now.plays:
            warnings.append(tr("tnt.warn.must_abandon"))
        elif phase == "close":
            long_enough = len(route) >= data.MIN_ROUTE_TO_CLOSE
            warnings.append(
                tr("tnt.warn.nothing_fits_close" if long_enough else "tnt.warn.nothing_fits_end")
            )
    toggle = ""
    if callable_now(sel):  # a small frame folds the officials into this button
        toggle = tag(
            "button",
            esc(tr("tnt.officials")),
            type="button",
            data_act="officials",
            aria_expanded="true" if sel.officials_open else "false",
            class_="tnt-officials-toggle",
        )
    # (no live region: the table's status line says what changed; tabindex: a tap on the words
    # that a small frame shows in two lines opens them whole, thurn-und-taxis.css)
    words = tag(
        "div",
        tag("p", esc(title), class_="tnt-step-title"),
        tag("ol", crumbs, class_="tnt-crumbs"),
        *(tag("p", esc(w), class_="tnt-warn") for w in warnings),
        tag("p", esc(hint), class_="gt-hint tnt-hint"),
        class_="tnt-step-words",
        tabindex="-1",
    )
    return tag("div", words, toggle, class_="tnt-step tnt-mine-turn", data_phase=phase)


def step_words(state: Any, sel: Selection, tr: Translator) -> tuple[str, str]:
    """The title and the hint of the step of the person to move; the hint in keyboard words
    ("<key>.keys") when their last input was a key."""
    now = sel.step
    phase, seat = now.phase, now.seat

    def hint(key: str, **params: Any) -> str:
        return tr(f"{key}.keys" if sel.keys and tr.has(f"{key}.keys") else key, **params)

    route = queries.route(state, seat)
    if phase == "draw":
        if now.forced_postmaster:
            return tr("tnt.step.draw_two"), hint("tnt.hint.forced_postmaster")
        if now.draws_left == 2:
            title = tr("tnt.step.draw_two_plain")
        else:
            title = tr("tnt.step.draw_more" if now.draws else "tnt.step.draw")
        return title, hint("tnt.hint.draw_fit" if route and sel.hints else "tnt.hint.draw")
    if phase == "play":
        if now.plays:  # the Postal Carrier's second card is optional (docs/rules/thurn-und-taxis.md, Officials)
            title = tr("tnt.step.play_more")
        else:
            title = tr("tnt.step.start") if not route else tr("tnt.step.play")
        chosen = sel.chosen
        if chosen is None:
            return title, hint("tnt.hint.play_more" if now.plays else "tnt.hint.pick")
        if not queries.ends(state, seat, chosen):
            key = "tnt.hint.in_route" if chosen in route else "tnt.hint.no_road"
            return title, hint(key, city=chosen)
        if not route:
            return title, hint("tnt.hint.start", city=chosen)
        if sel.both_ends:
            return title, hint("tnt.hint.both_ends", city=chosen, left=route[0], right=route[-1])
        return title, hint("tnt.hint.where", city=chosen)
    if phase == "close":
        if len(route) < data.MIN_ROUTE_TO_CLOSE:
            return tr("tnt.step.end"), hint("tnt.hint.too_short", n=len(route))
        if now.official == "cartwright":  # called: the route must be closed
            return tr("tnt.step.close_cartwright"), hint("tnt.hint.close_cartwright")
        return tr("tnt.step.close"), hint("tnt.hint.close")
    if phase == "discard":
        return tr("tnt.step.discard"), hint("tnt.hint.discard", n=now.cards_to_cut)
    return "", ""


def mine_markup(
    state: Any, seen: Any, sel: Selection, viewer: int, tr: Translator, interactive: bool
) -> str:
    """The viewer's hand; in their turn the controls of the step (a card is chosen in the
    hand, then where it goes on the route below it; after the Postal Carrier's first card also
    the ways to close the route or end the turn)."""
    phase = sel.step.phase if interactive else None
    route = queries.route(seen, viewer)
    hand = queries.hand(seen, viewer)
    parts = [tag("h3", esc(tr("tnt.hand_title", n=len(hand))))]
    if phase == "discard":
        parts.append(discard_markup(sel, hand, tr))
    elif hand:
        cards = []
        for k, city in enumerate(hand):
            ends = queries.ends(seen, viewer, city)
            fits = bool(route) and bool(ends)
            badge = ""
            if fits:
                badge = "⇆" if len(ends) == 2 else ("◀" if ends == ("left",) else "▶")
            label = card_words(city)
            if fits:
                label += " " + tr("tnt.fits")
            css = "tnt-fits" if fits else ("tnt-nofit" if route else "")
            if phase == "play":
                cards.append(
                    card(
                        tr,
                        city,
                        act=f"card:{k}",
                        cell=f"card:{city}",
                        pressed=sel.selected == k,
                        badge=badge,
                        extra_class=css,
                        label=label,
                    )
                )
            else:
                cards.append(card(tr, city, badge=badge, extra_class=css, label=label))
        # to play, a card each; else a line of small cards (nothing to tap in them)
        css = "tnt-cards tnt-hand" if phase == "play" else "tnt-hand tnt-hand-line"
        parts.append(tag("div", *cards, class_=css))
    if phase == "play":
        parts.append(ends_markup(sel, route, tr))
        if Pass() in sel.offered or sel.closing:  # the Carrier's card is optional
            parts.append(close_markup(sel, route, tr, side_by_side(seen, viewer, phase)))
    elif phase == "close":
        parts.append(close_markup(sel, route, tr, side_by_side(seen, viewer, phase)))
    return tag("section", *parts, class_="tnt-box tnt-mine", aria_label=tr("tnt.mine"))


def route_markup(state: Any, seen: Any, viewer: int, tr: Translator) -> str:
    """The viewer's route as a row of cards, and the carriage a closed route would bring."""
    route = queries.route(seen, viewer)
    parts = [tag("h3", esc(tr("tnt.route_title", n=len(route))))]
    if route:
        chips = (
            tag("li", esc(c), class_=f"tnt-stop tnt-p{draw.PROVINCE_INDEX[draw.PROVINCE_OF[c]]}")
            for c in route
        )
        parts.append(tag("ol", *chips, class_="tnt-route-list"))
    else:
        parts.append(tag("p", esc(tr("tnt.route_empty")), class_="gt-muted"))
    nxt = queries.next_carriage(state, viewer)
    parts.append(
        tag(
            "p",
            esc(tr("tnt.next_carriage", value=nxt) if nxt else tr("tnt.all_carriages")),
            class_="gt-muted",
        )
    )
    return tag("section", *parts, class_="tnt-box tnt-route-box")


def ends_markup(sel: Selection, route: list[str], tr: Translator) -> str:
    """Where the chosen card may go (buttons naming the route end), giving up the route."""
    chosen = sel.chosen
    buttons = []
    if chosen is not None:
        if not route:
            buttons.append(
                tag(
                    "button",
                    esc(tr("tnt.end.start", city=chosen)),
                    type="button",
                    data_act="end:right",
                    disabled=Play(chosen, "right") not in sel.offered,
                    class_="gt-primary",
                )
            )
        else:
            for end in ("left", "right"):
                if end == "left" and len(route) < 2:
                    continue
                anchor = route[0] if end == "left" else route[-1]
                legal = Play(chosen, end) in sel.offered
                buttons.append(
                    tag(
                        "button",
                        esc(tr(f"tnt.end.{end}", city=chosen, end=anchor)),
                        type="button",
                        data_act=f"end:{end}",
                        disabled=not legal,
                        class_="gt-primary" if legal else None,
                    )
                )
        buttons.append(
            tag(
                "button",
                tag("span", "✕", aria_hidden="true", class_="tnt-cancel-x"),
                tag("span", esc(tr("tnt.cancel")), class_="tnt-cancel-word"),
                type="button",
                data_act="cancel",
                aria_label=tr("tnt.cancel"),
            )
        )
    out = tag("div", *buttons, class_="gt-actions tnt-ends") if buttons else ""
    if Abandon() not in sel.offered or chosen is not None:
        return out  # (with a card chosen, it is played or let go first: ✕)
    if sel.confirm_abandon:
        yes = tag(
            "button",
            esc(tr("tnt.abandon_yes")),
            type="button",
            data_act="abandon-yes",
            class_="gt-primary",
        )
        no = tag("button", esc(tr("tnt.abandon_no")), type="button", data_act="abandon-no")
        return out + tag(
            "div",
            tag("p", esc(tr("tnt.abandon_confirm", n=len(route)))),
            tag("div", yes, no, class_="gt-actions"),
            class_="tnt-confirm",
            role="alertdialog",
        )
    give_up = tag(
        "button", esc(tr("tnt.abandon")), type="button", data_act="abandon", class_="tnt-abandon"
    )
    return out + tag("div", give_up, class_="gt-actions")


MANY_OPTIONS = 4  # ways to close a route that a wide panel lists side by side (two rows of two)


def side_by_side(state: Any, seat: int, phase: str) -> int:
    """How many ways to close a wide panel lists at once: two rows of two, or one row when a
    warning of the step (step_markup: the final round; closing with no card that fits the
    route) takes the room of the second."""
    warned = queries.final_round(state) is not None or (
        phase == "close" and bool(queries.route(state, seat)) and queries.must_abandon(state, seat)
    )
    return 2 if warned else MANY_OPTIONS


def close_markup(
    sel: Selection, route: list[str], tr: Translator, side_by_side: int = MANY_OPTIONS
) -> str:
    """Every way to close the route with what it would build and earn, then the buttons. A
    wide panel lists up to `side_by_side` of them at once, else one at a time."""
    options = sel.closing
    rows = []
    best = max((o["projected_gain"] for o in options), default=None)
    for k, option in enumerate(options):
        what, gains = option_words(option, route, tr)
        lines = [
            tag("span", esc(what), class_="tnt-opt-houses"),
            tag("span", esc(gains), class_="tnt-opt-gain"),
        ]
        if option["game_end"]:
            lines.append(tag("span", esc(tr("tnt.close.ends_game")), class_="tnt-opt-end"))
        if option["projected_gain"] == best and len(options) > 1:
            lines.append(tag("span", esc(tr("tnt.close.best", n=best)), class_="tnt-opt-best"))
        current = k == (sel.option or 0)  # the one a narrow screen shows
        rows.append(
            tag(
                "button",
                *lines,
                type="button",
                data_act=f"close:{k}",
                data_cell=f"opt:{k}",
                data_houses=",".join(option["houses"]),
                aria_pressed="true" if sel.option == k else "false",
                class_="tnt-option" + (" tnt-current" if current else ""),
            )
        )
    listed = tag("div", *rows, class_="tnt-options")
    if len(options) > 1:
        # a narrow screen shows one option at a time, and so does any screen when there are
        # more than fit beside the map (`side_by_side`): the arrows go through them
        steps = [
            tag("button", arrow, type="button", data_act=act, aria_label=tr(key), class_=css)
            for arrow, act, key, css in (
                ("◀", "close-prev", "tnt.close.prev", "tnt-option-step"),
                ("▶", "close-next", "tnt.close.next", "tnt-option-step"),
            )
        ]
        many = " tnt-many" if len(options) > side_by_side else ""
        listed = tag("div", steps[0], listed, steps[1], class_="tnt-choose" + many)
    buttons = []
    if options:
        buttons.append(
            tag(
                "button",
                esc(tr("tnt.close.go")),
                type="button",
                data_act="close-go",
                disabled=sel.option is None,
                class_="gt-primary",
            )
        )
    if Pass() in sel.offered:
        buttons.append(
            tag(
                "button",
                esc(tr("tnt.pass")),
                type="button",
                data_act="pass",
                class_=None if options else "gt-primary",
            )
        )
    head = tag("h3", esc(tr("tnt.close.title")), class_="tnt-close-title") if options else ""
    return head + listed + tag("div", *buttons, class_="gt-actions tnt-close-actions")


def option_words(option: dict[str, Any], route: list[str], tr: Translator) -> tuple[str, str]:
    """A way to close, in words: the houses it builds (in route order), and what it earns."""
    houses = option["houses"]
    in_order = [c for c in route if c in houses]
    what = (
        tr("tnt.close.houses", n=len(houses), cities=", ".join(in_order))
        if houses
        else tr("tnt.close.no_houses")
    )
    gains = []
    if option["carriage"]:
        points = data.CARRIAGE_POINTS[option["carriage"]]
        gains.append(tr("tnt.close.carriage", value=option["carriage"], points=points))
    else:
        gains.append(tr("tnt.close.no_carriage"))
    for bonus in option["bonuses"]:
        gains.append(tr("tnt.close.bonus", tile=tile_name(tr, bonus["tile"]), value=bonus["value"]))
    gains.append(tr("tnt.close.gain", n=option["banked_gain"]))
    return what, " · ".join(gains)


def discard_markup(sel: Selection, hand: list[str], tr: Translator) -> str:
    """The hand after closing: tap the 3 cards to keep, then discard the rest."""
    cards = [
        card(
            tr,
            city,
            act=f"card:{k}",
            cell=f"card:{city}",
            pressed=k in sel.keep,
            badge="✓" if k in sel.keep else "",
            extra_class="tnt-keep" if k in sel.keep else "tnt-drop",
            label=tr("tnt.card_keep", card=card_words(city)),
        )
        for k, city in enumerate(hand)
    ]
    go = tag(
        "button",
        esc(tr("tnt.discard_go", n=sel.step.cards_to_cut)),
        type="button",
        data_act="discard-go",
        disabled=sel.discard is None,
        class_="gt-primary",
    )
    kept = tag("p", esc(tr("tnt.kept", n=len(sel.keep))), class_="gt-muted")
    return (
        tag("div", *cards, class_="tnt-cards tnt-hand") + kept + tag("div", go, class_="gt-actions")
    )


# ---- the new-game form ----------------------------------------------------------------------
def options_form(tr: Translator, options: dict[str, JSON]) -> str:
    """The rule variant (docs/rules/thurn-und-taxis.md): does the "all provinces" bonus need
    Baiern too?"""
    checked = bool((options or {}).get("all_provinces_includes_baiern", False))
    return tag(
        "fieldset",
        tag("legend", esc(tr("tnt.options"))),
        tag(
            "label",
            empty("input", type="checkbox", name="all_provinces_includes_baiern", checked=checked),
            esc(tr("tnt.option.baiern")),
            howto_link(tr, howto.OPTION_TOPICS["all_provinces_includes_baiern"]),
            class_="gt-check",
        ),
        class_="tnt-options-form",
    )


def read_options(form: dict[str, str | bool]) -> dict[str, JSON]:
    return {"all_provinces_includes_baiern": form.get("all_provinces_includes_baiern") is True}
