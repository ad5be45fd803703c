"""What the Carcassonne board writes beside the board: the panel (players, the tile to place
with the controls of the person to move, the last turn, the Courier, the stack), the follower
rings (on the board and magnified in the pick) and the rule options of the new-game form.
Everything here is drawn from values: the state and the turn's `Selection`, which the
`Controller` (controller.py) makes from what the person chose so far.
"""

from collections.abc import Mapping
from typing import NamedTuple

from game.core.contract import JSON, State
from game.view.controller import Markup
from game.view.howto import howto_link
from game.view.i18n import Translator, about
from game.view.markup import empty, esc, tag
from game.view.widgets import button

from . import draw, howto, queries, speech, story
from .engine import COURIER_MODES, GAME
from .speech import Outcome


class Selection(NamedTuple):
    """The turn as the person to move has chosen it so far (`Controller.selection`)."""

    seat: int | None  # whose tile it is
    tile: str | None  # the tile to place (None: the game is over)
    rot: int  # its turn, as shown in the hand and the preview
    anchor: tuple[int, int] | None  # the square the tile is previewed on
    locked: bool  # that square is chosen: the next tap on it turns the tile
    step: str  # "place" (where) or "follower" (who)
    fits: bool  # the tile fits on `anchor` in this turn
    fits_here: bool  # some turn of the tile fits on `anchor`
    followers: tuple[tuple[str, str], ...]  # (feature, kind) that may take a follower there
    outcomes: Mapping[str | None, Outcome]  # per follower choice (None: none), follower step only
    selected: str | None  # the chosen feature (follower step)
    hovered: str | None  # the feature pointed at (follower step)
    picking: bool  # the rings are shown magnified over the board
    show_left: bool  # the details list what is left in the stack
    new_discards: tuple[str, ...]  # tiles that fitted nowhere, removed during the last turn
    keyboard: bool = False  # the last input was a key: the hint speaks of keys


# "i" in a circle: the landscape described in words (a drawn icon: fonts lack the sign)
INFO_ICON = (
    '<svg class="car-icon" viewBox="0 0 20 20" width="22" height="22" aria-hidden="true">'
    '<circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" stroke-width="1.8"/>'
    '<circle cx="10" cy="5.8" r="1.4" fill="currentColor"/>'
    '<rect x="8.9" y="8.4" width="2.2" height="7.2" rx="1" fill="currentColor"/></svg>'
)


def panel(
    state: State,
    sel: Selection,
    names: list[str],
    tr: Translator,
    interactive: bool,
    you: int | None,
) -> Markup:
    """The step's panel: the scores on one line with the button that describes the landscape
    (key B), then the tile to place and the controls of the person to move (or whose tile it
    is: said to them when it is `you`). The follower's step shows only its own controls."""
    totals = GAME.scores(state)
    strip = tag(
        "ol",
        *(
            tag(
                "li",
                draw.meeple_icon(seat, size=20),
                tag("span", esc(names[seat]), class_="car-strip-name"),
                tag("b", str(totals[seat]), title=tr("carcassonne.points", n=totals[seat])),
                class_="gt-to-move" if sel.seat == seat else None,
                data_seat=seat,
            )
            for seat in range(queries.player_count(state))
        ),
        class_="car-strip",
        aria_label=tr("nav.details"),
    )
    describe = tag(
        "button",
        INFO_ICON,
        type="button",
        data_act="describe",
        aria_label=tr("carcassonne.describe_name"),
        title=tr("carcassonne.describe_name"),
        aria_keyshortcuts="B",
        class_="car-describe",
    )
    head = tag("div", strip, describe, class_="car-head")
    if sel.tile is None or sel.seat is None:
        return head
    if not interactive:
        return head + _their_tile(sel.tile, sel.seat, names, tr, you)
    if sel.step == "follower":  # a short step that needs all the room: its places first
        return _controls(state, sel, tr)
    return head + _controls(state, sel, tr)


def details(state: State, sel: Selection, names: list[str], tr: Translator) -> Markup:
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
            if sel.tile is not None
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
                class_="car-player" + (" gt-to-move" if sel.seat == seat else ""),
                data_seat=seat,
            )
        )
    return (
        tag("ol", *players, class_="gt-players")
        + _last_turn(state, sel.new_discards, names, tr)
        + _courier(state, tr)
        + _stack(state, sel.show_left, tr)
    )


def rings(sel: Selection, tr: Translator | None) -> Markup:
    """The follower rings on the new tile, each explained (its tooltip; none without `tr`)."""
    if sel.tile is None or sel.anchor is None or sel.seat is None:
        return ""
    options = [
        (fid, kind, tr(f"carcassonne.explain.{kind}") if tr else "", sel.outcomes[fid].moved)
        for fid, kind in sel.followers
    ]
    x, y = sel.anchor
    return draw.spots_layer(sel.tile, sel.rot, x, y, options, sel.seat, sel.selected, sel.hovered)


def pick(sel: Selection, tr: Translator) -> Markup:
    """The new tile magnified over the board with its numbered rings, and its places as
    finger-sized buttons: one tap on either places the follower."""
    if sel.tile is None or sel.anchor is None:
        return ""
    x, y = sel.anchor
    label = tr("carcassonne.pick_title")
    return tag(
        "div",
        tag("p", esc(label), class_="car-pick-title"),
        draw.pick_picture(sel.tile, sel.rot, x, y, rings(sel, tr), label),
        _choices(sel, tr),
        tag("div", *_follower_buttons(sel, tr), class_="gt-actions"),
        class_="car-pick",
    )


def _follower_buttons(sel: Selection, tr: Translator) -> list[Markup]:
    back = tr("carcassonne.back")
    buttons = [
        tag(
            "button",
            esc(tr("carcassonne.back_short")),
            type="button",
            data_act="back",
            aria_label=back,
            title=back,
        )
    ]
    buttons.append(button(tr, "no-follower", "carcassonne.no_follower", primary=not sel.selected))
    if sel.selected:
        buttons.append(button(tr, "confirm", "carcassonne.confirm", primary=True))
    return buttons


def _choices(sel: Selection, tr: Translator) -> Markup:
    """The places a follower may take, numbered as the rings; one press places it there, and
    each says what it brings this turn (points now, the Courier's message)."""
    out = []
    for n, (fid, kind) in enumerate(sel.followers, 1):
        outcome = sel.outcomes.get(fid, Outcome(0, 0, False))
        gains = []  # (a low screen shows only the numbers: the words stay for screen readers)
        if outcome.done:
            word = tag("span", esc(tr("carcassonne.gain.now")), class_="car-gain-word")
            gains.append(tag("span", f"+{outcome.done}", " ", word, class_="car-gain"))
        if outcome.moved:
            word = tag("span", esc(tr("carcassonne.gain.message")), class_="car-gain-word")
            gains.append(
                tag(
                    "span",
                    draw.envelope_icon(14),
                    word,
                    f" +{outcome.courier}",
                    class_="car-gain",
                )
            )
        out.append(
            tag(
                "button",
                draw.meeple_icon(sel.seat, size=22, lying=kind == "field"),
                tag(
                    "span",
                    str(n),
                    tag("span", esc(f" · {tr(f'carcassonne.kind.{kind}')}"), class_="car-kind"),
                ),
                *(" " + gain for gain in gains),  # (spaced: one name "1 · city +4 now")
                type="button",
                data_act=f"meeple:{fid}",
                class_="car-choice" + (" car-choice-on" if fid == sel.selected else ""),
            )
        )
    return tag("div", *out, class_="car-choices")


def _hint(tr: Translator, key: str, keyboard: bool) -> str:
    """A step's hint in the words of the last input: taps and clicks, or keys (`<key>.keys`)."""
    return tr(f"{key}.keys") if keyboard and tr.has(f"{key}.keys") else tr(key)


def _tile_text(tile, tr):
    info = queries.tile_info(tile)
    text = tag("strong", esc(tr("carcassonne.tile", tile=tile)))
    if info["letter"]:
        text += tag("span", esc(tr("carcassonne.letter_tile")), class_="car-note")
    return text


def _their_tile(tile, seat, names, tr, you):
    """Whose tile it is, for everybody but the person placing it."""
    return tag(
        "div",
        tag(
            "div",
            draw.picture(tile, 0, 48, speech.piece_words(tr, tile, 0)),
            class_="car-tile-box",
        ),
        tag(
            "div",
            _tile_text(tile, tr),
            esc(about(tr, "carcassonne.their_tile", seat, you, player=names[seat])),
            class_="car-now-text",
        ),
        class_="car-now",
    )


def _controls(state, sel, tr):
    """The tile in hand and the controls of the step, for the person placing it."""
    if sel.step != "place":
        return _follower_step(sel, tr)
    # the tile in hand, as turned, heads the row of its buttons
    now = tag(
        "span",
        draw.picture(sel.tile, sel.rot, 56, speech.piece_words(tr, sel.tile, sel.rot)),
        class_="car-tile-box",
        data_rot=sel.rot,
    )
    if queries.tile_info(sel.tile)["letter"]:
        now += tag("span", esc(tr("carcassonne.letter_tile")), class_="car-note")
    buttons = [now]
    for act, symbol, key in (
        ("rotate-left", "↺", "carcassonne.rotate_left"),
        ("rotate", "↻", "carcassonne.rotate"),
    ):
        buttons.append(
            tag("button", symbol, type="button", data_act=act, title=tr(key), aria_label=tr(key))
        )
    buttons.append(button(tr, "lay", "carcassonne.lay", primary=True, disabled=not sel.fits))
    if sel.anchor is not None and not sel.fits_here:
        hint = tr("carcassonne.why.nofit")
    elif sel.locked:
        hint = _hint(tr, "carcassonne.confirm_hint", sel.keyboard)
    elif sel.anchor is not None:
        hint = _hint(tr, "carcassonne.aim_hint", sel.keyboard)
    else:
        hint = _hint(tr, "carcassonne.place_hint", sel.keyboard)
    if sel.locked and not sel.followers:
        hint += " " + tr(
            "carcassonne.no_spots" if supply_left(state, sel.seat) else "carcassonne.no_meeples"
        )
    return tag("div", *buttons, class_="gt-actions", data_rot=sel.rot, data_step=sel.step) + tag(
        "p", esc(hint), class_="gt-hint"
    )


def _follower_step(sel, tr):
    """The follower step: the places a follower may take, what the pointed or chosen one
    brings."""
    if sel.picking:  # the pick over the board has the choices and the buttons
        return tag("p", esc(tr("carcassonne.pick_hint")), class_="gt-hint")
    if sel.keyboard:
        explain = tag("p", esc(tr("carcassonne.follower_hint.keys")), class_="gt-hint")
    else:  # a tiny screen has no room for the places: a tap on the tile opens them (CSS)
        explain = tag(
            "p",
            tag("span", esc(tr("carcassonne.follower_hint")), class_="car-hint-places"),
            tag("span", esc(tr("carcassonne.follower_hint.tile")), class_="car-hint-tile"),
            class_="gt-hint",
        )
    focus = sel.hovered or sel.selected
    if focus:
        kind = queries.feature_kinds(sel.tile)[focus]
        words = speech.outcome_words(tr, kind, sel.outcomes.get(focus, Outcome(0, 0, False)))
        explain = tag("p", esc(words), class_="car-explain")
    return (
        tag(
            "div",
            *_follower_buttons(sel, tr),
            class_="gt-actions",
            data_rot=sel.rot,
            data_step=sel.step,
        )
        + explain
        + _choices(sel, tr)
    )


def _last_turn(state, new_discards, names, tr):
    parts = []
    for tile in new_discards:
        parts.append(
            tag(
                "p",
                esc(tr("carcassonne.discarded_now", tile=tile)),
                class_="car-discard",
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


def _stack(state, show_left, tr):
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
    if show_left:
        figures = []
        letters = queries.rule_options(state)["courier"] == "letter_tiles"
        for tile in queries.all_tiles():
            if tile not in left and not (letters or not queries.tile_info(tile)["letter"]):
                continue
            n = left.get(tile, 0)
            figures.append(
                tag(
                    "figure",
                    draw.picture(tile, 0, 40, speech.piece_words(tr, tile, 0)),
                    tag("figcaption", f"×{n}"),
                    class_="car-none" if not n else None,
                )
            )
        parts.append(tag("div", *figures, class_="car-left-grid"))
    parts.append(
        tag(
            "button",
            esc(tr("carcassonne.hide_left" if show_left else "carcassonne.show_left")),
            type="button",
            data_act="left",
            aria_expanded="true" if show_left else "false",
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
