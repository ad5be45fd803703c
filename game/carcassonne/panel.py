"""What the Carcassonne board writes beside the board: the panel (players, the tile to place
with the controls of the person to move, the last turn, the Courier, the stack) and the rule
options of the new-game form.
The panel reads the turn's selection from the `Controller` (controller.py) it is given.
"""

from typing import TYPE_CHECKING

from game.core.contract import JSON, State
from game.view.controller import Markup
from game.view.howto import howto_link
from game.view.i18n import Translator, about
from game.view.markup import empty, esc, tag
from game.view.widgets import button

from . import draw, howto, queries, story
from .engine import COURIER_MODES, GAME

if TYPE_CHECKING:
    from .controller import Controller


def panel(
    board: "Controller", state: State, names: list[str], tr: Translator, interactive: bool
) -> Markup:
    """The step's panel: the scores on one line, then the tile to place and the controls of
    the person to move (or whose tile it is)."""
    totals = GAME.scores(state)
    strip = tag(
        "ol",
        *(
            tag(
                "li",
                draw.meeple_icon(seat, size=20),
                tag("span", esc(names[seat]), class_="car-strip-name"),
                tag("b", str(totals[seat]), title=tr("carcassonne.points", n=totals[seat])),
                class_="gt-to-move" if board.seat == seat else None,
                data_seat=seat,
            )
            for seat in range(queries.player_count(state))
        ),
        class_="car-strip",
        aria_label=tr("nav.details"),
    )
    return strip + (_now(board, state, names, tr, interactive) if board.tile is not None else "")


def details(board: "Controller", state: State, names: list[str], tr: Translator) -> Markup:
    """Players (emblem, name, score, projected score, followers left), what the last turn
    scored, the Courier, the stack."""
    totals = GAME.scores(state)
    live = GAME.projected_scores(state)
    supply = queries.meeples_left(state)
    players = []
    for seat in range(queries.player_count(state)):
        colour = tr(f"carcassonne.colour.{draw.SEAT_NAMES[seat]}")
        info = [
            tag("span", esc(tr("carcassonne.projected", n=live[seat])), class_="car-proj")
            if board.tile is not None
            else "",
            tag(
                "span",
                draw.meeple_icon(seat, size=18),
                esc(tr("carcassonne.meeples_left", n=supply[seat])),
                class_="car-supply",
                data_supply=supply[seat],
            ),
        ]
        players.append(
            tag(
                "li",
                draw.meeple_icon(seat, label=colour, size=30),
                tag("span", esc(names[seat]), class_="gt-name"),
                tag(
                    "span",
                    str(totals[seat]),
                    class_="car-score",
                    data_score=totals[seat],
                    title=tr("carcassonne.points", n=totals[seat]),
                ),
                tag("span", *info, class_="car-info"),
                class_="car-player" + (" gt-to-move" if board.seat == seat else ""),
                data_seat=seat,
            )
        )
    return (
        tag("ol", *players, class_="gt-players")
        + _last_turn(board, state, names, tr)
        + _courier(state, tr)
        + _stack(board, state, tr)
    )


def pick(board: "Controller", state: State, tr: Translator) -> Markup:
    """The follower rings of the new tile, magnified over the board, with the step's buttons."""
    x, y = board.anchor
    buttons = [button(tr, "back", "carcassonne.back")]
    buttons.append(button(tr, "no-follower", "carcassonne.no_follower", primary=not board.selected))
    if board.selected:
        buttons.append(button(tr, "confirm", "carcassonne.confirm", primary=True))
    return tag(
        "div",
        tag("p", esc(tr("carcassonne.pick_title")), class_="car-pick-title"),
        draw.pick_picture(
            board.tile, board.rot, x, y, board.spots(state), tr("carcassonne.pick_title")
        ),
        tag("div", *buttons, class_="gt-actions"),
        class_="car-pick",
    )


def _tile_text(tile, tr):
    info = queries.tile_info(tile)
    text = tag("strong", esc(tr("carcassonne.tile", tile=tile)))
    if info["letter"]:
        text += tag("span", esc(tr("carcassonne.letter_tile")), class_="car-note")
    return text


def _now(board, state, names, tr, interactive):
    label = tr("carcassonne.tile", tile=board.tile)
    if not interactive:
        return tag(
            "div",
            tag("div", draw.picture(board.tile, 0, 48, label), class_="car-tile-box"),
            tag(
                "div",
                _tile_text(board.tile, tr),
                esc(
                    about(
                        tr,
                        "carcassonne.their_tile",
                        board.seat,
                        board.you,
                        player=names[board.seat],
                    )
                ),
                class_="car-now-text",
            ),
            class_="car-now",
        )
    # the tile in hand, as turned, heads the row of its buttons
    now = tag(
        "span",
        draw.picture(board.tile, board.rot, 56, label),
        class_="car-tile-box",
        data_rot=board.rot,
    )
    if queries.tile_info(board.tile)["letter"]:
        now += tag("span", esc(tr("carcassonne.letter_tile")), class_="car-note")
    buttons, hint, extra = [], "", ""
    if board.step == "place":
        buttons.append(now)  # (in the follower step the tile is on the board)
        for act, symbol, key in (
            ("rotate-left", "↺", "carcassonne.rotate_left"),
            ("rotate", "↻", "carcassonne.rotate"),
        ):
            buttons.append(
                tag(
                    "button", symbol, type="button", data_act=act, title=tr(key), aria_label=tr(key)
                )
            )
        fits = board.anchor is not None and board.is_legal(state)
        buttons.append(button(tr, "lay", "carcassonne.lay", primary=True, disabled=not fits))
        if board.anchor is not None and not board.turns_at(board.anchor):
            hint = tr("carcassonne.why.nofit")
        elif board.locked:
            hint = tr("carcassonne.confirm_hint")
        elif board.anchor is not None:
            hint = tr("carcassonne.aim_hint")
        else:
            hint = tr("carcassonne.place_hint")
        if board.locked and not board.follower_options(state):
            hint += " " + tr(
                "carcassonne.no_spots"
                if supply_left(state, board.seat)
                else "carcassonne.no_meeples"
            )
    else:
        options = board.follower_options(state)
        outcomes = board.outcomes(state)
        choices = []
        for n, (fid, kind) in enumerate(options, 1):
            choices.append(
                tag(
                    "button",
                    draw.meeple_icon(board.seat, size=22, lying=kind == "field"),
                    esc(f"{n} · {tr(f'carcassonne.kind.{kind}')}"),
                    type="button",
                    data_act=f"meeple:{fid}",
                    aria_pressed="true" if fid == board.selected else "false",
                    class_="car-choice",
                )
            )
        buttons.append(button(tr, "back", "carcassonne.back"))
        buttons.append(
            button(tr, "no-follower", "carcassonne.no_follower", primary=not board.selected)
        )
        if board.selected:
            buttons.append(button(tr, "confirm", "carcassonne.confirm", primary=True))
        focus = board.hovered or board.selected
        if focus:
            kind = queries.feature_kinds(board.tile)[focus]
            lines = [tr(f"carcassonne.explain.{kind}")]
            done, courier, moved = outcomes.get(focus, (0, 0, False))
            if done:
                lines.append(tr("carcassonne.gain_now", n=done))
            if moved:
                lines.append(tr("carcassonne.gain_courier", n=courier))
            extra = tag("p", esc(" ".join(lines)), class_="car-explain", aria_live="polite")
        if board.picking:  # the pick over the board has the choices and the buttons
            return tag("p", esc(tr("carcassonne.pick_hint")), class_="gt-hint", aria_live="polite")
        # what the chosen place would bring, or else how to choose one
        explain = extra or tag(
            "p", esc(tr("carcassonne.follower_hint")), class_="gt-hint", aria_live="polite"
        )
        return (
            tag("div", *buttons, class_="gt-actions", data_rot=board.rot, data_step=board.step)
            + explain
            + tag("div", *choices, class_="car-choices")
        )
    return tag(
        "div", *buttons, class_="gt-actions", data_rot=board.rot, data_step=board.step
    ) + tag("p", esc(hint), class_="gt-hint", aria_live="polite")


def _last_turn(board, state, names, tr):
    parts = []
    for tile in board.new_discards:
        parts.append(
            tag(
                "p",
                esc(tr("carcassonne.discarded_now", tile=tile)),
                class_="car-discard",
                role="status",
            )
        )
    events = queries.score_events(state)
    if events:
        parts.append(tag("h3", esc(tr("carcassonne.last_turn"))))
        parts.append(
            tag(
                "ul",
                *(story.event_line(e, names, tr) for e in events),
                class_="car-events-list",
            )
        )
    if not parts:
        return ""
    return tag("div", *parts, class_="car-box car-last-turn")


def _courier(state, tr):
    rules = queries.rule_options(state)
    if rules["courier"] == "off":
        return ""
    where = queries.courier_position(state)
    if where is None:
        text = tr("carcassonne.courier.waiting")
    else:
        text = tr("carcassonne.courier.at", where=story.where(tr, *where))
    explain = (
        tr(f"carcassonne.courier.explain_{rules['courier_reach']}")
        + " "
        + tr(f"carcassonne.courier.scoring_{rules['courier_scoring']}")
    )
    if rules["courier_farmers"]:
        explain += " " + tr("carcassonne.courier.farmers")
    return tag(
        "div",
        tag("h3", draw.envelope_icon(), esc(tr("carcassonne.courier.title"))),
        tag("p", esc(text), class_="car-note"),
        tag("p", esc(explain), class_="car-note"),
        class_="car-box car-courier-box",
    )


def _stack(board, state, tr):
    left = queries.remaining_tiles(state)
    total = sum(left.values())
    parts = [tag("h3", esc(tr("carcassonne.stack", n=total)), data_left=total)]
    discarded = queries.discarded_tiles(state)
    if discarded:
        parts.append(
            tag(
                "p",
                esc(tr("carcassonne.discarded", tiles=", ".join(discarded))),
                class_="car-note",
            )
        )
    if board.show_left:
        figures = []
        letters = queries.rule_options(state)["courier"] == "letter_tiles"
        for tile in queries.all_tiles():
            if tile not in left and not (letters or not queries.tile_info(tile)["letter"]):
                continue
            n = left.get(tile, 0)
            figures.append(
                tag(
                    "figure",
                    draw.picture(tile, 0, 40, tr("carcassonne.tile", tile=tile)),
                    tag("figcaption", f"×{n}"),
                    class_="car-none" if not n else None,
                )
            )
        parts.append(tag("div", *figures, class_="car-left-grid"))
    parts.append(
        tag(
            "button",
            esc(tr("carcassonne.hide_left" if board.show_left else "carcassonne.show_left")),
            type="button",
            data_act="left",
            aria_expanded="true" if board.show_left else "false",
        )
    )
    return tag("div", *parts, class_="car-box car-stack")


# ---- options on the new-game form -----------------------------------------------------------
def options_form(tr: Translator, options: dict[str, JSON]) -> Markup:
    options = options or {}

    def explained(label, name):  # the option's words and its "?" into the rules
        return tag("span", esc(tr(label)), howto_link(tr, howto.OPTION_TOPICS[name]))

    def select(name, values, current, label):
        return tag(
            "label",
            explained(label, name),
            tag(
                "select",
                *(
                    tag(
                        "option",
                        esc(tr(f"{label}.{v}")),
                        value=v,
                        selected=str(v) == str(current),
                    )
                    for v in values
                ),
                name=name,
            ),
        )

    courier = select(
        "courier",
        COURIER_MODES,
        options.get("courier", "tiles_free"),
        "carcassonne.opt.courier",
    )
    return tag(
        "fieldset",
        tag("legend", esc(tr("carcassonne.opt.legend"))),
        courier,
        tag("p", esc(tr("carcassonne.opt.letter_note")), class_="car-note"),
        select(
            "courier_reach",
            ("line", "adjacent"),
            options.get("courier_reach", "line"),
            "carcassonne.opt.reach",
        ),
        select(
            "courier_scoring",
            ("2024", "pre2024"),
            options.get("courier_scoring", "2024"),
            "carcassonne.opt.scoring",
        ),
        tag(
            "label",
            empty(
                "input",
                type="checkbox",
                name="courier_farmers",
                checked=bool(options.get("courier_farmers", False)),
            ),
            explained("carcassonne.opt.farmers", "courier_farmers"),
            class_="gt-check",
        ),
        select("tiny_city", ("4", "2"), options.get("tiny_city", 4), "carcassonne.opt.tiny"),
        class_="car-options",
    )


def read_options(form: dict[str, str | bool]) -> dict[str, JSON]:
    """The rule options from the form (anything unexpected falls back to the default)."""
    courier = form.get("courier")
    reach = form.get("courier_reach")
    scoring = form.get("courier_scoring")
    return {
        "courier": courier if courier in COURIER_MODES else "tiles_free",
        "courier_reach": reach if reach in ("line", "adjacent") else "line",
        "courier_scoring": scoring if scoring in ("2024", "pre2024") else "2024",
        "courier_farmers": form.get("courier_farmers") is True,
        "tiny_city": 2 if form.get("tiny_city") == "2" else 4,
    }


def supply_left(state, seat):
    return queries.meeples_left(state)[seat] > 0
