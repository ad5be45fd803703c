"""The Thurn und Taxis panel's turn controls, as markup (pure): which step of whose turn and what
to do, the viewer's hand and route, where the chosen card may go, giving the route up, the ways
to close it (with what each builds and earns), ending the turn, and keeping 3 cards. Every
button names a move the engine lists (the board controller checks), read through queries.py.
"""

from typing import TYPE_CHECKING, Any

from game.view.ending import result_title
from game.view.i18n import Translator, about
from game.view.markup import esc, tag

from . import data, draw, queries
from .draw_cards import card, tile_name
from .engine import GAME, Abandon, Pass, Play

if TYPE_CHECKING:
    from .controller import Controller

STEPS = ("draw", "play", "close", "discard")


def step_markup(
    board: "Controller", state: Any, names: list[str], tr: Translator, interactive: bool
) -> str:
    """Which step of whose turn, the hint for it and any warning."""
    now = board.step(state)
    phase, seat = now.phase, now.seat
    if phase == "over":
        title = result_title(tr, names, GAME.winners(state), board.you)
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
            about(tr, f"tnt.final.{reason}", trigger, board.you, player=names[trigger], last=last)
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
    route = queries.route(state, seat)
    stranded = bool(route) and queries.must_abandon(state, seat)
    hint = ""
    if phase == "draw":
        if now.forced_postmaster:
            title, hint = tr("tnt.step.draw_two"), tr("tnt.hint.forced_postmaster")
        elif now.draws_left == 2:
            title = tr("tnt.step.draw_two_plain")
        elif now.draws:
            title = tr("tnt.step.draw_more")
        else:
            title = tr("tnt.step.draw")
        hint = hint or tr("tnt.hint.draw_fit" if route and board.hints else "tnt.hint.draw")
        if stranded:
            warnings.append(tr("tnt.warn.nothing_fits_draw"))
    elif phase == "play":
        if now.plays:  # the Postal Carrier's second card is optional (DESIGN §5)
            title = tr("tnt.step.play_more")
        else:
            title = tr("tnt.step.start") if not route else tr("tnt.step.play")
        chosen = board.selected_city(state)
        if chosen is None:
            hint = tr("tnt.hint.play_more" if now.plays else "tnt.hint.pick")
        elif not queries.ends(state, seat, chosen):
            hint = tr("tnt.hint.in_route" if chosen in route else "tnt.hint.no_road", city=chosen)
        elif not route:
            hint = tr("tnt.hint.start", city=chosen)
        else:
            hint = tr("tnt.hint.where", city=chosen)
        if stranded and not now.plays:
            warnings.append(tr("tnt.warn.must_abandon"))
    elif phase == "close":
        if len(route) >= data.MIN_ROUTE_TO_CLOSE:
            title, hint = tr("tnt.step.close"), tr("tnt.hint.close")
            if now.official == "cartwright":  # called: the route must be closed
                title, hint = tr("tnt.step.close_cartwright"), tr("tnt.hint.close_cartwright")
        else:
            title, hint = tr("tnt.step.end"), tr("tnt.hint.too_short", n=len(route))
        if stranded:
            long_enough = len(route) >= data.MIN_ROUTE_TO_CLOSE
            warnings.append(
                tr("tnt.warn.nothing_fits_close" if long_enough else "tnt.warn.nothing_fits_end")
            )
    else:
        title, hint = tr("tnt.step.discard"), tr("tnt.hint.discard", n=now.cards_to_cut)
    return tag(
        "div",
        tag("p", esc(title), class_="tnt-step-title"),
        tag("ol", crumbs, class_="tnt-crumbs"),
        *(tag("p", esc(w), class_="tnt-warn", role="alert", title=w) for w in warnings),
        tag("p", esc(hint), class_="gt-hint tnt-hint", aria_live="polite"),
        class_="tnt-step tnt-mine-turn",
        data_phase=phase,
    )


def mine_markup(
    board: "Controller", state: Any, seen: Any, viewer: int, tr: Translator, interactive: bool
) -> str:
    """The viewer's hand; in their turn the controls of the step (a card is chosen in the
    hand, then where it goes on the route below it; after the Postal Carrier's first card also
    the ways to close the route or end the turn)."""
    phase = board.step(state).phase if interactive else None
    route = queries.route(seen, viewer)
    hand = queries.hand(seen, viewer)
    parts = [tag("h3", esc(tr("tnt.hand_title", n=len(hand))))]
    if phase == "discard":
        parts.append(discard_markup(board, state, hand, tr))
    elif hand:
        cards = []
        for k, city in enumerate(hand):
            ends = queries.ends(seen, viewer, city)
            fits = bool(route) and bool(ends)
            badge = ""
            if fits:
                badge = "⇆" if len(ends) == 2 else ("◀" if ends == ("left",) else "▶")
            label = tr("tnt.hand_card", city=city, province=draw.PROVINCE_OF[city])
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
                        pressed=board.selected == k,
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
        parts.append(ends_markup(board, state, route, tr))
        if board.offers(state, Pass()) or board.closing(state):  # the Carrier's card is optional
            parts.append(close_markup(board, state, route, tr))
    elif phase == "close":
        parts.append(close_markup(board, state, route, tr))
    return tag("section", *parts, class_="tnt-box tnt-mine", aria_label=tr("tnt.mine"))


def route_markup(state: Any, seen: Any, viewer: int, tr: Translator) -> str:
    """The viewer's route as a row of cards, and the carriage a closed route would bring."""
    route = queries.route(seen, viewer)
    parts = [tag("h3", esc(tr("tnt.route_title", n=len(route))))]
    if route:
        chips = (
            tag("li", esc(c), class_=f"tnt-chip tnt-p{draw.PROVINCE_INDEX[draw.PROVINCE_OF[c]]}")
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


def ends_markup(board: "Controller", state: Any, route: list[str], tr: Translator) -> str:
    """Where the chosen card may go (buttons naming the route end), giving up the route."""
    chosen = board.selected_city(state)
    buttons = []
    if chosen is not None:
        if not route:
            buttons.append(
                tag(
                    "button",
                    esc(tr("tnt.end.start", city=chosen)),
                    type="button",
                    data_act="end:right",
                    disabled=not board.offers(state, Play(chosen, "right")),
                    class_="gt-primary",
                )
            )
        else:
            for end in ("left", "right"):
                if end == "left" and len(route) < 2:
                    continue
                anchor = route[0] if end == "left" else route[-1]
                legal = board.offers(state, Play(chosen, end))
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
    if not board.offers(state, Abandon()) or chosen is not None:
        return out  # (with a card chosen, it is played or let go first: ✕)
    if board.confirm_abandon:
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


def close_markup(board: "Controller", state: Any, route: list[str], tr: Translator) -> str:
    """Every way to close the route with what it would build and earn, then the buttons."""
    options = board.closing(state)
    rows = []
    best = max((o["projected_gain"] for o in options), default=None)
    for k, option in enumerate(options):
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
        current = k == (board.option or 0)  # the one a narrow screen shows
        rows.append(
            tag(
                "button",
                *lines,
                type="button",
                data_act=f"close:{k}",
                data_cell=f"opt:{k}",
                data_houses=",".join(houses),
                aria_pressed="true" if board.option == k else "false",
                class_="tnt-option" + (" tnt-current" if current else ""),
            )
        )
    listed = tag("div", *rows, class_="tnt-options")
    if len(options) > 1:
        # a narrow screen shows one option at a time, and so does any screen when there are
        # more than fit beside the map (MANY_OPTIONS): the arrows go through them
        steps = [
            tag("button", arrow, type="button", data_act=act, aria_label=tr(key), class_=css)
            for arrow, act, key, css in (
                ("◀", "close-prev", "tnt.close.prev", "tnt-option-step"),
                ("▶", "close-next", "tnt.close.next", "tnt-option-step"),
            )
        ]
        many = " tnt-many" if len(options) > MANY_OPTIONS else ""
        listed = tag("div", steps[0], listed, steps[1], class_="tnt-choose" + many)
    buttons = []
    if options:
        buttons.append(
            tag(
                "button",
                esc(tr("tnt.close.go")),
                type="button",
                data_act="close-go",
                disabled=board.option is None,
                class_="gt-primary",
            )
        )
    if board.offers(state, Pass()):
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


def discard_markup(board: "Controller", state: Any, hand: list[str], tr: Translator) -> str:
    """The hand after closing: tap the 3 cards to keep, then discard the rest."""
    cards = [
        card(
            tr,
            city,
            act=f"card:{k}",
            cell=f"card:{city}",
            pressed=k in board.keep,
            badge="✓" if k in board.keep else "",
            extra_class="tnt-keep" if k in board.keep else "tnt-drop",
            label=tr("tnt.keep_card", city=city),
        )
        for k, city in enumerate(hand)
    ]
    go = tag(
        "button",
        esc(tr("tnt.discard_go", n=board.step(state).cards_to_cut)),
        type="button",
        data_act="discard-go",
        disabled=board.discard_move(state) is None,
        class_="gt-primary",
    )
    kept = tag("p", esc(tr("tnt.kept", n=len(board.keep))), class_="gt-muted")
    return (
        tag("div", *cards, class_="tnt-cards tnt-hand") + kept + tag("div", go, class_="gt-actions")
    )
