"""The public parts of the Thurn und Taxis panel beside the map, as markup (pure): a city card,
the open cards and the pile, the officials, every player, the bonus stacks and the final
scoring. The controls of the person to move are panel.py, which passes here the values these
need (which cards may be taken, which officials called, whose turn it is); both read the state
through queries.py.
"""

from collections.abc import Collection
from typing import Any

from game.view.ending import breakdown_table
from game.view.i18n import Translator
from game.view.markup import esc, tag

from . import data, draw, queries
from .engine import GAME

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


# where a province's name may break in a narrow card (a soft hyphen): the longest two
BREAKS = {"Württemberg": "Württem\u00adberg", "Hohenzollern": "Hohen\u00adzollern"}


def card_words(city: str) -> str:
    """A card's own words as it shows them (city and land): every name given to a card starts
    with them, so that what a screen reader says is what the eye reads."""
    province = draw.PROVINCE_OF[city]
    return f"{city} {BREAKS.get(province, province)}"


def tile_name(tr: Translator, kind: str) -> str:
    return tr(f"tnt.tile.{TILE_SLUGS[kind]}")


def card(
    tr: Translator,
    city: str,
    act: str | None = None,
    cell: str | None = None,
    disabled: bool = False,
    pressed: bool | None = None,
    badge: str = "",
    extra_class: str = "",
    label: str | None = None,
) -> str:
    """A city card: its province's colour band, the city, the province (a button with `act`)."""
    province = draw.PROVINCE_OF[city]
    return tag(
        "button" if act else "span",
        tag("span", "", class_="tnt-band", aria_hidden="true"),
        tag("span", esc(city), class_="tnt-card-city"),
        " ",  # its words read as "Ulm Württemberg" (card_words)
        tag("span", esc(BREAKS.get(province, province)), class_="tnt-card-prov"),
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


def display_markup(
    state: Any,
    seen: Any,
    tr: Translator,
    takes: Collection[int | str] | None = None,
    fitting: Collection[int] = (),
) -> str:
    """The six open cards and the pile (face down: only its size). `takes`: the open cards'
    slots (and "deck" for the pile) the person drawing may take now; None when nobody draws
    here (the discard pile's size shows then). `fitting`: the slots marked as fitting."""
    drawing = takes is not None
    takes = takes or ()
    cards = []
    for slot, city in enumerate(queries.display(state)):
        if city is None:
            cards.append(tag("span", esc(tr("tnt.slot_empty")), class_="tnt-card tnt-empty"))
            continue
        legal = slot in takes
        fit = slot in fitting
        label = tr("tnt.card_take", card=card_words(city))
        if fit:
            label += " " + tr("tnt.fits")
        cards.append(
            card(
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
    size = queries.pile_size(seen)
    pile = tag(
        "button",
        tag("span", esc(tr("tnt.pile")), class_="tnt-pile-name"),
        " ",  # its words read as "Pile 58 cards", and its name starts with them
        tag("span", esc(tr("tnt.pile_count", n=size)), class_="tnt-pile-n"),
        type="button",
        data_act="draw:deck",
        disabled="deck" not in takes,
        class_="tnt-card tnt-pile",
        aria_label=tr("tnt.pile_label", pile=f"{tr('tnt.pile')} {tr('tnt.pile_count', n=size)}"),
    )
    discards = tr("tnt.discards", n=queries.discard_pile_size(state))
    return tag(
        "section",
        tag("h3", esc(tr("tnt.display"))),
        tag("div", *cards, pile, class_="tnt-cards tnt-display"),
        "" if drawing else tag("p", esc(discards), class_="gt-muted"),
        class_="tnt-box",
        aria_label=tr("tnt.display"),
    )


def official_what(
    state: Any, tr: Translator, name: str, seat: int, callable: Collection[str]
) -> str:
    """What official `name` does; for the Cartwright when `seat` may call him now (he is in
    `callable`), also the carriage he would bring this route."""
    explain = tr(f"tnt.official.{name}.what")
    if name == "cartwright" and name in callable:
        without = queries.closing_options(state, seat, cartwright=False)
        with_him = queries.closing_options(state, seat, cartwright=True)
        if (
            with_him
            and with_him[0]["carriage"]
            and (not without or without[0]["carriage"] != with_him[0]["carriage"])
        ):
            explain += " " + tr("tnt.official.cartwright.now", value=with_him[0]["carriage"])
    return explain


def officials_markup(
    state: Any, tr: Translator, seat: int, used: str | None, callable: Collection[str]
) -> str:
    """The four officials: what each does (for `seat`, whose turn it is), the one `used` this
    turn; none can be called from here (the step's panel calls them: `officials_now_markup`)."""
    rows = []
    for name in data.OFFICIALS:
        explain = official_what(state, tr, name, seat, callable)
        rows.append(
            tag(
                "li",
                tag(
                    "button",
                    esc(tr(f"tnt.official.{name}")),
                    type="button",
                    data_act=f"official:{name}",
                    disabled=True,
                    class_="tnt-official" + (" tnt-used" if used == name else ""),
                ),
                tag("span", esc(explain), class_="tnt-explain"),
                tag("span", esc(tr("tnt.official.used")), class_="tnt-status")
                if used == name
                else "",
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


def officials_now_markup(state: Any, tr: Translator, seat: int, callable: Collection[str]) -> str:
    """The officials `seat` may call now (the step's panel, `callable`): a button each, saying
    what he does; "" when none may be called."""
    buttons = []
    for name in data.OFFICIALS:
        if name not in callable:
            continue
        what = official_what(state, tr, name, seat, callable)
        buttons.append(
            tag(
                "button",
                tag("span", esc(tr(f"tnt.official.{name}")), class_="tnt-official-name"),
                tag("span", esc(what), class_="tnt-official-what"),
                type="button",
                data_act=f"official:{name}",
                title=what,
                class_="tnt-official tnt-official-now",
            )
        )
    return tag("div", *buttons, class_="tnt-officials-now") if buttons else ""


def players_markup(
    state: Any, seen: Any, names: list[str], tr: Translator, mover: int | None
) -> str:
    """Every player: piece, name, points, houses left, best carriage, bonus tiles (others'
    face down), cards in hand, route length; the game-end tile; `mover` is marked."""
    over = GAME.is_over(state)
    shown = state if over else seen  # at the end every tile is turned up
    scores = GAME.scores(shown)
    rows = []
    for seat in range(queries.seats(state)):
        tiles = queries.tiles(shown, seat)
        carriage = queries.carriage(state, seat)
        stats = [
            tr("tnt.player.houses", n=queries.houses_left(state, seat)),
            tr("tnt.player.carriage", value=carriage) if carriage else tr("tnt.player.no_carriage"),
            tr("tnt.player.cards", n=queries.hand_size(seen, seat)),
            tr("tnt.player.route", n=len(queries.route(state, seat))),
        ]
        if isinstance(tiles, queries.FaceDown):
            n = len(tiles)
            points = (
                tr("tnt.player.points_hidden", n=scores[seat], k=n)
                if n
                else tr("tnt.player.points", n=scores[seat])
            )
            bonus = tr("tnt.player.tiles_hidden", n=n) if n else ""
        else:
            points = tr("tnt.player.points", n=scores[seat])
            bonus = ", ".join(
                tr("tnt.player.tile", tile=tile_name(tr, kind), value=v) for kind, v in tiles
            )
        if queries.end_tile(state) == seat:
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
                class_="tnt-player" + (" gt-to-move" if seat == mover else ""),
                data_seat=seat,
            )
        )
    return tag(
        "section",
        tag("h3", esc(tr("tnt.players"))),
        tag("ol", *rows, class_="tnt-players"),
        class_="tnt-box",
    )


def stacks_markup(state: Any, tr: Translator) -> str:
    """The bonus stacks on the board: which values are still to be taken (public)."""
    items = []
    for kind, values in queries.stacks(state):
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


def final_markup(state: Any, names: list[str], tr: Translator) -> str:
    """The final scoring: best carriage + bonus tiles + game-end tile - houses not placed."""
    seats = range(queries.seats(state))
    styles = [(draw.SEAT_COLOURS[seat], draw.SEAT_SHAPES[seat]) for seat in seats]
    table = breakdown_table(
        tr,
        GAME.id,
        names,
        GAME.score_breakdown(state),
        GAME.scores(state),
        GAME.winners(state),
        styles,
    )
    return tag(
        "section",
        tag("h3", esc(tr("tnt.score.title"))),
        table,
        tag("p", esc(tr("tnt.score.explain")), class_="gt-muted"),
        class_="tnt-box tnt-final",
    )
