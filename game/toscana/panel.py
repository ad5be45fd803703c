"""What the Toscana board writes beside the board: the panel (both players' points, the tile in
hand with its buttons and what to do), the details in "More", the round's summary and the rule
option of the new-game form. Everything here is drawn from values: the state and the turn's
`Selection`, which the `Controller` (controller.py) makes from what the person chose so far.
"""

from typing import NamedTuple

from game.core.contract import JSON
from game.view.controller import Markup
from game.view.howto import howto_link
from game.view.i18n import Translator, about
from game.view.markup import esc, tag
from game.view.widgets import button

from . import draw, draw_words, howto, queries
from .engine import GAME, ToscanaState

CONTACT = GAME.options["contact"]  # the touching rule offered on the new-game form


class Selection(NamedTuple):
    """The turn as the person to move has chosen it so far (`Controller.selection`)."""

    tile: str | None  # the tile in hand (None: empty pile or match over)
    colour: str | None  # the colour it is placed in
    rot: int  # its turn
    anchor: tuple[int, int] | None  # the previewed spot's top-left cell
    locked: bool  # the spot is chosen: Place plays it
    fits: bool  # the tile may go on `anchor` as turned
    problem: str | None  # why not, as a translation key (None: it fits, or no spot)
    turn_has_spots: bool  # the tile fits somewhere as turned
    must_pass: bool  # it fits nowhere: the player passes
    veto_possible: bool  # the rules let the player veto now
    veto: bool  # the next move carries a veto
    by_key: bool = False  # the last input was a key: the hint names keys, not taps


def panel(
    state: ToscanaState, sel: Selection, names: list[str], tr: Translator, interactive: bool
) -> Markup:
    """The step's panel: both players' points on one line, then the tile in hand with its
    buttons and what to do. `names` are the seats' names as typed (escaped here)."""
    mover = GAME.current_player(state)
    strip = tag(
        "ol",
        *(_chip(state, seat, names[seat], tr) for seat in (0, 1)),
        class_="tos-strip",
        aria_label=tr("nav.details"),
    )
    if interactive and mover is not None and sel.tile is not None:
        return strip + _controls(sel, tr)
    return strip


def _chip(state: ToscanaState, seat: int, name: str, tr: Translator) -> Markup:
    """A player's colour, name and points where the eye is, beside the tile: in a round, the
    points the round would give now (the tiles of their largest area), and after the first
    round the total with them; once the match is over, the final total."""
    colour = queries.seat_colours(state)[seat]
    mover = GAME.current_player(state)
    live = GAME.projected_scores(state)[seat]
    now = live - GAME.scores(state)[seat]
    if mover is None:
        shown, said = live, tr("toscana.points_total", n=live)
    elif queries.round_results(state):
        shown, said = now, tr("toscana.points_round_total", n=now, total=live)
    else:
        shown, said = now, tr("toscana.points_round", n=now)
    total = (
        tag(
            "span",
            esc(tr("toscana.strip_total", n=live)),
            class_="tos-strip-total",
            aria_hidden="true",
        )
        if mover is not None and queries.round_results(state)
        else ""
    )
    return tag(
        "li",
        tag("span", "", class_=f"tos-swatch tos-swatch-{colour}", aria_hidden="true"),
        tag("span", esc(name), class_="tos-strip-name"),
        tag("b", str(shown), title=said, aria_hidden="true"),
        total,
        tag("span", esc(said), class_="tos-unseen"),
        class_="gt-to-move" if mover == seat else None,
        data_seat=seat,
    )


def details(state: ToscanaState, names: list[str], tr: Translator) -> Markup:
    """Both players: colour, texture, next tile, pile, veto, points."""
    colours = queries.seat_colours(state)
    tops = queries.top_tiles(state)
    sizes = queries.pile_sizes(state)
    vetoes = queries.vetoes_left(state)
    totals = GAME.scores(state)
    live = GAME.projected_scores(state)
    mover = GAME.current_player(state)
    players = []
    for seat in (0, 1):
        colour = colours[seat]
        top = tops[seat]
        picture = (
            draw.tile_picture(top, 0, colour, size=30, label=tr("toscana.next_tile", tile=top))
            if top
            else tag("span", esc(tr("toscana.pile_empty")), class_="gt-muted")
        )
        veto = tr("toscana.veto_left") if vetoes[seat] else tr("toscana.veto_used")
        players.append(
            tag(
                "li",
                tag("span", "", class_=f"tos-swatch tos-swatch-{colour}", aria_hidden="true"),
                tag("span", esc(names[seat]), class_="gt-name"),
                tag("span", esc(tr(f"toscana.colour.{colour}")), class_="gt-role"),
                tag("span", picture, class_="gt-next"),
                tag("span", esc(tr("toscana.pile", n=sizes[seat])), class_="gt-pile"),
                tag("span", esc(veto), class_="gt-veto"),
                tag(
                    "span",
                    esc(tr("toscana.points", total=totals[seat], now=live[seat] - totals[seat])),
                    class_="gt-points",
                ),
                class_="gt-player" + (" gt-to-move" if mover == seat else ""),
                data_seat=seat,
            )
        )
    return tag("ol", *players, class_="gt-players")


def _controls(sel: Selection, tr: Translator) -> Markup:
    """The tile in hand (named square by square), its buttons (turn, place or pass, veto) and
    what to do, in the words of the last input: keys or taps."""
    assert sel.tile is not None and sel.colour is not None
    label = draw_words.piece(tr, sel.tile, sel.rot, sel.colour)
    buttons = [
        tag(
            "span",
            draw.tile_picture(sel.tile, sel.rot, sel.colour, size=44, label=label),
            class_="tos-hand",
        )
    ]
    keys = ".keys" if sel.by_key else ""
    if sel.must_pass:
        hint = tr("toscana.must_pass" + keys)
        buttons.append(button(tr, "pass", "toscana.pass", primary=True))
    else:
        for act, symbol, label in (
            ("rotate-left", "↺", "toscana.rotate_left"),
            ("rotate", "↻", "toscana.rotate"),
        ):
            buttons.append(
                tag(
                    "button",
                    symbol,
                    type="button",
                    data_act=act,
                    title=tr(label),
                    aria_label=tr(label),
                )
            )
        buttons.append(button(tr, "place", "toscana.place", primary=True, disabled=not sel.fits))
        if sel.problem:
            hint = tr(sel.problem)
        elif sel.locked or (sel.by_key and sel.fits):
            hint = tr("toscana.confirm_hint" + keys)
        elif not sel.turn_has_spots:
            hint = tr("toscana.turn_hint" + keys)
        else:
            hint = tr("toscana.place_hint" + keys)
    if sel.veto_possible:
        explain = tr("toscana.veto_explain")
        buttons.append(
            tag(
                "button",
                esc(tr("toscana.veto")),
                type="button",
                data_act="veto",
                aria_pressed="true" if sel.veto else "false",
                aria_description=explain,
                title=explain,
                class_="gt-veto-button",
            )
        )
        if sel.veto:
            hint += " " + explain
    # not a live region: the shell's one status line speaks (the controller's `spoken`)
    return tag("div", *buttons, class_="gt-actions", data_rot=sel.rot) + tag(
        "p", esc(hint.strip()), class_="gt-hint"
    )


def summary(
    state: ToscanaState, which: int, names: list[str], tr: Translator, you: int | None
) -> tuple[str, Markup, str]:
    """Round end (`which` is the round number): both scores with colour and the round's
    winner (said to `you` when it is them); the title, the body and the button's key."""
    result = queries.round_results(state)[which - 1]
    lines = "".join(
        tag(
            "li",
            tag("span", "", class_=f"tos-swatch tos-swatch-{result['colours'][seat]}"),
            esc(
                tr(
                    "toscana.round_score",
                    player=names[seat],
                    colour=tr(f"toscana.colour.{result['colours'][seat]}"),
                    n=result["scores"][seat],
                )
            ),
        )
        for seat in (0, 1)
    )
    winner = result["winner"]
    verdict = (
        tr("toscana.round_tie")
        if winner is None
        else about(tr, "toscana.round_winner", winner, you, player=names[winner])
    )
    over = GAME.current_player(state) is None
    button_key = "toscana.see_result" if over else "toscana.next_round"
    return (
        tr("toscana.round_over", n=which),
        tag("ul", lines, class_="gt-results") + tag("p", esc(verdict)),
        button_key,
    )


# ---- the new-game form ----------------------------------------------------------------------
def options_form(tr: Translator, options: dict[str, JSON]) -> Markup:
    """The touching rule (option `contact`, docs/rules/toscana.md), with a line on which edition
    plays which."""
    current = (options or {}).get("contact", CONTACT.default)
    return tag(
        "fieldset",
        tag("legend", esc(tr("toscana.opt.legend"))),
        tag(
            "label",
            tag(
                "span",
                esc(tr("toscana.opt.contact")),
                howto_link(tr, howto.OPTION_TOPICS["contact"]),
            ),
            tag(
                "select",
                *(
                    tag(
                        "option",
                        esc(tr(f"toscana.opt.contact.{value}")),
                        value=value,
                        selected=value == current,
                    )
                    for value in CONTACT.choices or ()
                ),
                name="contact",
            ),
        ),
        tag("p", esc(tr("toscana.opt.contact_note")), class_="tos-note"),
        class_="tos-options",
    )


def read_options(form: dict[str, str | bool]) -> dict[str, JSON]:
    """Option `contact` from the form (anything unexpected falls back to the default)."""
    contact = form.get("contact")
    return {"contact": contact if contact in (CONTACT.choices or ()) else CONTACT.default}
