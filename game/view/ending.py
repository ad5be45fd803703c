"""The end of a match (pure markup): who won, and the final table - one column per player, one
row per scoring category and the totals - laid out to fit a phone with five players (names wrap,
nothing is cut), the winners' column marked by more than colour."""

from typing import Any

from .chart import marker_icon
from .i18n import about
from .markup import esc, tag
from .widgets import DIALOG_TITLE, button


def result_title(tr: Any, names: list[str], winners: list[int], you: int | None = None) -> str:
    """Who won: said to the person at this device when it is them ("You win!")."""
    if len(winners) == 1:
        return about(tr, "gt.winner", winners[0], you, player=names[winners[0]])
    return tr("gt.draw")


def part_name(tr: Any, game_id: str, part: str) -> str:
    """A scoring category's name through the table ("<game>.part.<name>"), else as given."""
    key = f"{game_id}.part.{part.replace(' ', '_')}"
    return tr(key) if tr.has(key) else part


def breakdown_table(
    tr: Any,
    game_id: str,
    names: list[str],
    breakdown: list[dict[str, int]],
    scores: list[int],
    winners: list[int],
    styles: list[tuple[str, str]],
    notes: list[dict[str, str]] | None = None,
) -> str:
    """The final table. `notes[seat][part]` adds a small line under a number (e.g. what final
    scoring added); `styles` are the seats' chart styles (colour, shape) for the headers."""
    seats = range(len(scores))
    head = tag(
        "tr",
        tag("th", esc(tr("story.category")), scope="col", class_="gt-part"),
        *(
            tag(
                "th",
                marker_icon(styles[seat], 14),
                tag("span", esc(names[seat]), class_="gt-th-name"),
                tag("span", "★", class_="gt-star", aria_label=tr("story.winner"))
                if seat in winners
                else "",
                scope="col",
                data_seat=seat,
                class_="gt-win" if seat in winners else None,
            )
            for seat in seats
        ),
    )
    rows = []
    for part in breakdown[0] if breakdown else ():
        cells = []
        for seat in seats:
            note = notes[seat].get(part) if notes else None
            cells.append(
                tag(
                    "td",
                    str(breakdown[seat][part]),
                    tag("small", esc(note)) if note else "",
                    class_="gt-win" if seat in winners else None,
                )
            )
        rows.append(
            tag(
                "tr",
                tag("th", esc(part_name(tr, game_id, part)), scope="row", class_="gt-part"),
                *cells,
                data_part=part,
            )
        )
    rows.append(
        tag(
            "tr",
            tag("th", esc(tr("story.total")), scope="row", class_="gt-part"),
            *(
                tag(
                    "td",
                    tag("strong", str(scores[seat])),
                    data_seat=seat,
                    class_="gt-win" if seat in winners else None,
                )
                for seat in seats
            ),
            class_="gt-total",
        )
    )
    return tag(
        "table",
        tag("thead", head),
        tag("tbody", *rows),
        class_="gt-score-table",
        data_players=len(scores),
    )


def result_card(tr: Any, title: str, body: str, actions: list[tuple[str, str, bool]]) -> str:
    """The end dialog: its title and buttons stay in view while the body (the final table, what
    final scoring gave, the score chart) scrolls between them when the screen is short."""
    return tag(
        "div",
        tag("h2", esc(title), id=DIALOG_TITLE),
        # it scrolls on a small screen: the keyboard can reach it to scroll it
        tag(
            "div",
            body,
            class_="gt-card-body",
            tabindex="0",
            role="group",
            aria_label=tr("gt.scores"),
        ),
        tag(
            "div",
            *(button(tr, act, key, primary=primary) for act, key, primary in actions),
            class_="gt-dialog-actions",
        ),
        class_="gt-card gt-result-card",
    )
