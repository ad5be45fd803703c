"""Markup of the table around a board: the turn line, the new-game form, the log and the dialogs
(the frame they sit in, with the toolbar, is frame.py).
Pure Python (no browser imports); buttons name their action in data-act, read by the one
delegated click listener in game/ui/inputs.py."""

from game.core.ai import PLAYER_LEVELS as LEVELS  # the levels the computer offers

from .howto import why_button
from .i18n import localized_name
from .markup import empty, esc, tag

TAKEBACKS = ("free", "strict")  # the Match undo policies, as the new-game form offers them
# the heading of the dialog on show, which names it (frame.py: #gt-dialog is a modal dialog)
DIALOG_TITLE = "gt-dialog-title"
DIALOG_TEXT = "gt-dialog-text"  # ... and what it says, where it is a message


def button(tr, act, key, primary=False, disabled=False, pressed=None, **extra):
    return tag(
        "button",
        esc(tr(key)),
        type="button",
        data_act=act,
        disabled=disabled,
        class_="gt-primary" if primary else None,
        aria_pressed=None if pressed is None else ("true" if pressed else "false"),
        **extra,
    )


def turn_line(tr, name, thinking, over, yours=False, why=None, result="", reviewing=False):
    """Whose turn (said to the person at this device when it is theirs); with `why`, the
    topic of the rules that explains the step, a "Why?" button. Once over, the result; in a
    review, that the game waits meanwhile."""
    if reviewing:
        return esc(tr("story.reviewing"))
    if over:
        return esc(f"{tr('gt.over')} {result}".strip())
    if thinking:
        return esc(tr("gt.thinking", player=name)) + tag(
            "span", tag("span", class_="gt-bar-fill"), class_="gt-bar", aria_hidden="true"
        )
    text = esc(tr("gt.turn.you" if yours else "gt.turn", player=name))
    return text + (" " + why_button(tr, why) if why else "")


def log_items(entries, marked=None, current=None):
    """<li> per move, newest last: the move's number, the mover's emblem, a small picture, the
    sentence and its notes. Each entry is a button: pointing at it or pressing it shows the
    move on the board (`marked`: the log index shown so; `current`: the one under review)."""
    items = []
    for entry in entries:
        told = entry.told
        if entry.number == 0:  # an event between moves (game/view/story.py): no move to show
            items.append(
                tag(
                    "li",
                    tag("span", entry.mark, class_="gt-log-mark", aria_hidden="true"),
                    tag("span", esc(told.text), class_="gt-log-text"),
                    class_="gt-log-event",
                    data_seat=entry.seat,
                )
            )
            continue
        notes = "".join(
            tag(
                "span",
                tag("span", mark, class_="gt-log-mark"),
                esc(note.text),
                class_="gt-log-note",
            )
            for note, mark in zip(told.notes, entry.note_marks)
        )
        items.append(
            tag(
                "li",
                tag(
                    "button",
                    tag("span", str(entry.number), class_="gt-log-n"),
                    tag("span", entry.mark, class_="gt-log-mark", aria_hidden="true"),
                    # the sentence beside it says what the picture shows
                    tag("span", told.picture, class_="gt-log-pic", aria_hidden="true")
                    if told.picture
                    else "",
                    tag(
                        "span",
                        esc(told.text),
                        tag("span", notes, class_="gt-log-notes") if notes else "",
                        class_="gt-log-text",
                    ),
                    type="button",
                    data_act=f"entry:{entry.log_index}",
                    data_entry=entry.log_index,
                    aria_pressed="true" if marked == entry.log_index else "false",
                    aria_current="step" if current == entry.log_index else None,
                    class_="gt-log-entry",
                ),
                data_seat=entry.seat if entry.seat is not None else None,
            )
        )
    return "".join(items)


def new_game_form(tr, game, seats, hints, has_hints, options_markup="", undo="free"):
    """Name and kind (a person here, or the computer at a level) for every seat the game allows;
    seats past the minimum may stay empty. Then who starts, take-backs (`undo`: "free" allowed,
    "strict" only within one's own turn), hints and the game's own options."""
    rows = []
    for k in range(game.max_players):
        seat = seats[k] if k < len(seats) else None
        if seat is None:
            kind = "none"
        elif seat["kind"] == "human":
            kind = "human"
        else:
            kind = f"ai-{seat.get('level') or 'medium'}"
        options = [("human", tr("gt.kind.human"))] + [
            (f"ai-{level}", tr(f"gt.kind.ai_{level}")) for level in LEVELS
        ]
        if k >= game.min_players:
            options.append(("none", tr("gt.kind.none")))
        select = tag(
            "select",
            *(
                tag("option", esc(label), value=value, selected=value == kind)
                for value, label in options
            ),
            name=f"kind{k}",
            aria_label=tr("gt.kind_label", n=k + 1),
        )
        name = localized_name(tr, seat["name"]) if seat else tr("gt.seat", n=k + 1)
        rows.append(
            tag(
                "div",
                tag(
                    "label",
                    esc(tr("gt.seat", n=k + 1)),
                    empty("input", name=f"name{k}", value=name, maxlength=20, autocomplete="off"),
                ),
                select,
                class_="gt-seat-row",
            )
        )
    first_key = f"{game.id}.first" if tr.has(f"{game.id}.first") else "gt.first"
    first = tag(
        "label",
        esc(tr(first_key)),
        tag(
            "select",
            *(tag("option", esc(tr("gt.seat", n=k + 1)), value=k) for k in range(game.max_players)),
            name="first",
        ),
    )
    hints_key = f"{game.id}.hints_label" if tr.has(f"{game.id}.hints_label") else "gt.hints_label"
    hint_box = (
        tag(
            "label",
            empty("input", type="checkbox", name="hints", checked=hints),
            esc(tr(hints_key)),
            class_="gt-check",
        )
        if has_hints
        else ""
    )
    takebacks = tag(
        "label",
        esc(tr("story.takebacks")),
        tag(
            "select",
            *(
                tag(
                    "option",
                    esc(tr(f"story.takebacks.{value}")),
                    value=value,
                    selected=value == undo,
                )
                for value in TAKEBACKS
            ),
            name="undo",
        ),
    )
    return tag(
        "form",
        tag("h2", esc(tr("gt.new_title")), id=DIALOG_TITLE),
        *rows,
        first,
        takebacks,
        hint_box,
        options_markup,
        tag(
            "div",
            tag("button", esc(tr("gt.start")), type="submit", class_="gt-primary"),
            button(tr, "dialog-close", "gt.cancel"),
            class_="gt-dialog-actions",
        ),
        id="gt-new-form",
        class_="gt-card",
    )


def seats_from_form(tr, game, data):
    """The seats the form asks for, in playing order (the chosen starter first)."""
    seats, rows = [], []
    for k in range(game.max_players):
        kind = str(data.get(f"kind{k}", "human" if k < game.min_players else "none"))
        if kind == "none" and k >= game.min_players:
            continue
        if kind != "human" and kind[3:] not in LEVELS:
            kind = "human"
        name = " ".join(str(data.get(f"name{k}", "")).split())[:20] or tr("gt.seat", n=k + 1)
        seats.append(
            {
                "name": name,
                "kind": "human" if kind == "human" else "ai",
                "level": None if kind == "human" else kind[3:],
            }
        )
        rows.append(str(k))
    first = rows.index(str(data.get("first", "0"))) if str(data.get("first", "0")) in rows else 0
    return seats[first:] + seats[:first]


def undo_from_form(data):
    """The take-back setting the form asks for (anything else: allowed)."""
    undo = data.get("undo")
    return undo if undo in TAKEBACKS else "free"


def message(tr, title, body_markup, actions, fields=""):
    """A dialog card: a title (the dialog's name), some markup (what it says), `fields` to use
    (not read out with what it says), and (act, key, primary) buttons."""
    return tag(
        "div",
        tag("h2", esc(title), id=DIALOG_TITLE),
        tag("div", body_markup, id=DIALOG_TEXT, class_="gt-card-text"),
        fields,
        tag(
            "div",
            *(button(tr, act, key, primary=primary) for act, key, primary in actions),
            class_="gt-dialog-actions",
        ),
        class_="gt-card",
    )


def share_box(tr, url, words=None):
    """The link to copy, and what to do with it (`words`: sentences; by default that it holds
    the whole game)."""
    return message(
        tr,
        tr("gt.share_title"),
        "".join(tag("p", esc(sentence)) for sentence in words or [tr("gt.share_text")]),
        [("copy-link", "gt.copy", True), ("dialog-close", "gt.close", False)],
        empty(
            "input",
            id="gt-share-url",
            value=url,
            readonly=True,
            class_="gt-url",
            aria_label=tr("gt.share_url"),
        ),
    )
