"""The frame of the game table, built once per game: the toolbar (undo, redo), the board's viewport with its
map buttons and the magnified pick, the turn line, the step's panel, and "More" (the game's
menu, the players' details, the moves, how to play), which is a drawer on small screens and a
column beside the board on large ones. assets/site.css places the parts for each screen size;
assets/board-nav.js pans and zooms the board inside its viewport.
Pure Python (no browser imports): buttons name their action in data-act (read by game/ui/inputs.py) or, for
the map buttons, data-nav (read by board-nav.js)."""

from .howto import HOWTO_TITLE
from .markup import empty, esc, tag
from .widgets import DIALOG_TITLE, button


def modal(title_id):
    """The attributes of a modal dialog named by its heading (game/ui/voice.py keeps the
    keyboard inside it while it shows)."""
    return {"role": "dialog", "aria_modal": "true", "aria_labelledby": title_id}


def board_name(tr, game_id):
    """The board's accessible name: the board, the game's main keys, and the shell's own (B
    describes the board, ? opens the keys in How to play)."""
    return " ".join(
        (
            tr(f"{game_id}.board_label").rstrip(".") + ".",
            tr(f"gt.board_keys.{game_id}"),
            tr("gt.board_keys"),
        )
    )


def icon_button(
    tr, act, symbol, key, disabled=False, label=True, pressed=None, title=None, **extra
):
    """A button with a symbol and, on screens wide enough, its word."""
    return tag(
        "button",
        tag("span", symbol, aria_hidden="true", class_="gt-icon"),
        tag("span", esc(tr(key)), class_="gt-label") if label else "",
        type="button",
        data_act=act,
        disabled=disabled,
        aria_pressed=None if pressed is None else ("true" if pressed else "false"),
        aria_label=tr(key),
        title=title or tr(key),
        **extra,
    )


def layout(tr, game_id, viewbox, controller):
    """The table's fixed frame. `controller` is the game's board controller: the sizes of its targets
    and texts and its use of the arrow keys tell the viewport how to zoom."""
    svg = tag(
        "svg",
        tag("g", id="gt-layer-board"),
        tag("g", id="gt-layer-mark", class_="gt-layer-mark"),
        tag("g", id="gt-layer-over"),
        id="gt-board",
        class_="gt-board",
        viewBox=viewbox,
        # one focusable element that takes the game's keys (screen readers pass them on)
        role="application",
        aria_roledescription=tr("gt.board_role"),
        aria_label=board_name(tr, game_id),
        tabindex="0",
        data_target=controller.target_units or None,
        data_text=controller.text_units or None,
        data_arrows="cursor" if controller.cursor_keys else None,
    )
    map_buttons = tag(
        "div",
        *(
            tag("button", symbol, type="button", data_nav=nav, aria_label=tr(key), title=tr(key))
            for nav, symbol, key in (
                ("out", "−", "gt.zoom_out"),
                ("in", "+", "gt.zoom_in"),
                ("fit", "⤢", "gt.zoom_fit"),
                ("last", "◎", "nav.last"),
            )
        ),
        class_="gt-nav",
        role="toolbar",
        aria_label=tr("nav.map"),
    )
    board_box = tag(
        "div",
        tag("div", svg, id="gt-scroll", class_="gt-view"),
        tag("div", id="gt-pick", class_="gt-pick", hidden=True),
        map_buttons,
        class_="gt-board-box",
    )
    status = tag(
        "div",
        tag("p", id="gt-turn", class_="gt-turn"),
        tag("p", id="gt-notice", class_="gt-notice"),
        # the one live region of the table, unseen: what a screen reader says (game/ui/voice.py)
        tag(
            "p",
            id="gt-say",
            class_="sr-only",
            role="status",
            aria_live="polite",
            aria_atomic="true",
        ),
        # in the bar of a small screen the lines are cut to one each: a tap shows them whole
        tag(
            "button",
            type="button",
            data_act="status",
            class_="gt-status-toggle",
            aria_expanded="false",
            aria_controls="gt-status",
            aria_label=tr("gt.status_whole"),
            title=tr("gt.status_whole"),
        ),
        id="gt-status",
        class_="gt-status",
    )
    # the step's panel under a heading of its own, and the board in words: both for those who
    # do not see the board (the button shows only while it has the keyboard's focus)
    turn_head = tag("h2", esc(tr("gt.turn_heading")), class_="sr-only")
    describe = tag(
        "button", esc(tr("gt.describe")), type="button", data_act="describe", class_="gt-describe"
    )
    more = tag(
        "section",
        tag(
            "div",
            tag("h2", esc(tr("nav.more_title"))),
            icon_button(tr, "more", "×", "gt.close", label=False),
            class_="gt-more-head",
        ),
        tag("div", id="gt-menu", class_="gt-menu", role="group", aria_label=tr("gt.tools")),
        tag(
            "details",
            tag("summary", esc(tr("nav.details"))),
            tag("div", id="gt-details"),
            class_="gt-details-box",
            open=True,
        ),
        tag("div", id="gt-chart", class_="gt-chart-box"),  # game/view/chart.py
        tag(
            "details",
            tag("summary", esc(tr("gt.log"))),
            tag("ol", id="gt-log", class_="gt-log"),
            class_="gt-log-box",
            open=True,
        ),
        id="gt-more",
        class_="gt-more",
        aria_label=tr("nav.more_title"),
    )
    return tag(
        "div",
        tag("div", id="gt-tools", class_="gt-tools", role="toolbar", aria_label=tr("gt.tools")),
        tag("div", id="gt-keep", class_="gt-keep"),  # game/view/keeping.py
        # review.py; a modal dialog, as are the two below (each named by its heading)
        tag("div", id="gt-review", class_="gt-review", hidden=True, **modal("gt-review-title")),
        tag(
            "div",
            board_box,
            tag(
                "div",
                status,
                turn_head,
                describe,
                tag("div", id="gt-panel", class_="gt-panel"),
                more,
                class_="gt-side",
            ),
            class_="gt-main",
        ),
        tag("div", id="gt-dialog", class_="gt-dialog", hidden=True, **modal(DIALOG_TITLE)),
        tag("div", id="gt-howto", class_="gt-dialog gt-howto", hidden=True, **modal(HOWTO_TITLE)),
        empty(
            "input",
            type="file",
            id="gt-file",
            accept=".json,application/json",
            hidden=True,
            aria_hidden="true",
        ),
        class_="gt",
        data_game=game_id,
    )


def menu(tr, can_redo, hints, has_hints, game_id=""):
    """The game's own buttons, at the head of "More" (redo too where the toolbar is short). The
    hints toggle is named for what it shows (the game's own words when it has them), so nobody
    takes it for the rules: those are "How to play"."""
    hints_key = f"{game_id}.hints" if tr.has(f"{game_id}.hints") else "gt.hints"
    parts = [icon_button(tr, "redo", "↷", "gt.redo", disabled=not can_redo)]
    parts.append(button(tr, "new", "gt.new"))
    if has_hints:
        parts.append(button(tr, "hints", hints_key, pressed=hints))
    parts.append(button(tr, "howto", "gt.howto"))
    parts += [button(tr, "save", "gt.save"), button(tr, "load", "gt.load")]
    parts.append(button(tr, "share", "gt.share"))
    return "".join(parts)


def toolbar(tr, can_undo, can_redo, more_open, undo_why=None, reviewing=False):
    """Undo, redo, the review and (where "More" is a drawer) the button that opens it. Undo
    that is not available says why (`undo_why`, a translation key) in its tooltip and, pressed
    anyway, in the notice: it stays focusable (aria-disabled)."""
    undo = icon_button(
        tr,
        "undo",
        "↶",
        "gt.undo",
        title=tr(undo_why) if undo_why else None,
        aria_disabled=None if can_undo else "true",
    )
    return (
        undo
        + icon_button(tr, "redo", "↷", "gt.redo", disabled=not can_redo)
        + icon_button(tr, "review", "⇤", "story.review", pressed=reviewing)
        + tag(
            "button",
            tag("span", "☰", aria_hidden="true", class_="gt-icon"),
            tag("span", esc(tr("nav.more")), class_="gt-label"),
            type="button",
            data_act="more",
            aria_controls="gt-more",
            aria_expanded="true" if more_open else "false",
            aria_label=tr("nav.more"),
            class_="gt-more-button",
        )
    )
