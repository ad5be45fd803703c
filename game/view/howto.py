"""How to play, in pure Python: a game's rules as sections (a title, paragraphs, example boards)
and the markup the table shows them with.

Each game lists its sections in its `howto.py`. Every example board there is a real state:
a fixed set-up (a fixed deck or fixed piles) and moves played through the engine, drawn by the
game's own draw code, so an example can never show something the rules would not allow. The
shell (game/ui) only puts the markup into the page and scrolls to the section asked for.

A section's `topic` is what links point at: the toolbar's "How to play" opens the first one,
the current step's "Why?" (`BoardController.howto_topic`) and each rule option of the new-game
form (`howto_link`) open the one that explains them.
"""

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from game.core.contract import Game, State

from .i18n import Translator
from .markup import esc, tag

Markup = str
HOWTO_TITLE = "gt-howto-title"  # its heading, which names the dialog (game/view/frame.py)
KEYS_TOPIC = "keys"  # the section on the game's keys, which the key ? opens


class Example(NamedTuple):
    """A picture with its caption: `draw(tr)` returns the picture's markup (an <svg> or a small
    piece of the game's panel); the caption is a translation key filled with `params`."""

    caption: str
    draw: Callable[[Translator], Markup]
    params: dict[str, Any] | None = None


class Section(NamedTuple):
    topic: str  # the section's name in links ("scoring"): unique within a game
    title: str  # translation key
    texts: tuple[str, ...]  # translation keys, one paragraph each
    examples: tuple[Example, ...] = ()


def play(game: Game, moves: Sequence[Any], players: int = 2, **options: Any) -> list[State]:
    """Every position of a scenario: the game set up with `options` (seed 0), then `moves`
    (move JSON, or functions state -> move) played one after another through the engine. An
    illegal move raises, so a scenario that the rules do not allow cannot be drawn."""
    states = [game.new(players=players, seed=0, options=options)]
    for move in moves:
        chosen = move(states[-1]) if callable(move) else move
        states.append(game.apply(states[-1], game.parse_move(chosen)))
    return states


def picture(viewbox: str, markup: Markup, css: str = "") -> Markup:
    """An example board: the game's own layers in an <svg> of their own."""
    return tag(
        "svg",
        markup,
        viewBox=viewbox,
        class_=f"gt-howto-board {css}".strip(),
        aria_hidden="true",  # the caption under it says what it shows
        focusable="false",
    )


def howto_link(tr: Translator, topic: str) -> Markup:
    """A small "?" button that opens the rules at `topic` (beside a rule option)."""
    return tag(
        "button",
        "?",
        type="button",
        data_act=f"howto:{topic}",
        class_="gt-why gt-why-small",
        aria_label=tr("howto.explain"),
        title=tr("howto.explain"),
    )


def why_button(tr: Translator, topic: str) -> Markup:
    """The current step's "Why?": opens the rules where they explain this step. Named by its
    word ("Why?"), the longer words its description."""
    return tag(
        "button",
        esc(tr("howto.why")),
        type="button",
        data_act=f"howto:{topic}",
        class_="gt-why",
        title=tr("howto.why_long"),
    )


def topics(sections: Sequence[Section]) -> list[str]:
    return [section.topic for section in sections]


def markup(
    tr: Translator, game_id: str, sections: Sequence[Section], focus: str | None = None
) -> Markup:
    """The whole "How to play" card: a title, the game in short, a list of the sections (each
    a button that scrolls to it) and the sections with their example boards. `focus` marks the
    section asked for (the shell scrolls it into view)."""
    focus = focus if focus in topics(sections) else None
    toc = tag(
        "nav",
        *(
            tag(
                "button",
                esc(tr(section.title)),
                type="button",
                data_act=f"howto:{section.topic}",
                aria_current="true" if section.topic == focus else None,
            )
            for section in sections
        ),
        class_="gt-howto-toc",
        aria_label=tr("howto.contents"),
    )
    parts = []
    for section in sections:
        figures = "".join(
            tag(
                "figure",
                # the caption says what the picture shows (the box takes no room: howto.css)
                tag("div", example.draw(tr), class_="gt-howto-art", aria_hidden="true"),
                tag("figcaption", esc(tr(example.caption, **(example.params or {})))),
                class_="gt-howto-example",
            )
            for example in section.examples
        )
        parts.append(
            tag(
                "section",
                tag("h3", esc(tr(section.title)), tabindex="-1"),
                *(tag("p", esc(tr(text))) for text in section.texts),
                tag("div", figures, class_="gt-howto-examples") if figures else "",
                id=f"gt-howto-{section.topic}",
                class_="gt-howto-section" + (" gt-howto-focus" if section.topic == focus else ""),
                data_topic=section.topic,
            )
        )
    title = tr("howto.title", game=tr(f"game.{game_id}.name"))
    return tag(
        "div",
        tag(
            "header",
            tag("h2", esc(title), id=HOWTO_TITLE),
            tag(
                "button",
                esc(tr("gt.close")),
                type="button",
                data_act="howto-close",
                class_="gt-primary",
            ),
            class_="gt-howto-head",
        ),
        tag("p", esc(tr(f"game.{game_id}.howto")), class_="gt-howto-lead"),
        toc,
        *parts,
        class_="gt-card gt-howto-card",
        data_focus=focus,
    )
