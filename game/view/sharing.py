"""Link play at the table (pure): what "Share link" does with the match on the table, and what
the table says about a game played by link: the invitation and its answers, whose link it waits
for, a seat this device may take over, and what to tell the person a link goes to. The protocol
is game/core's (docs/links.md, "What the page asks of a match"); game/ui/flow.py acts on it.

A game shared for the first time (not yet keyed) is an **invitation**: the sharing device names
the seats it plays from then on. At one device the person holding it is the one who moved last
(or, before any move, the first person's seat: the new-game form's "You"), so that seat is
named. A game with one person (against the computer) is never keyed: its link only moves it to
another device (there is nobody to keep its luck from), as a device that plays nobody in a link
game passes the link on as it came.
"""

from typing import Any, NamedTuple

from game.core.match import Match

from .markup import esc, tag


class Share(NamedTuple):
    """How "Share link" hands the match over: `kind` is "invite", "answer" (the hand-over names
    `seats`), "share" (the seats this device plays) or "plain" (no hand-over: the link as is)."""

    kind: str
    seats: list[int] | None = None


def people(match: Match) -> list[int]:
    """The seats of people (not computers)."""
    return [k for k, seat in enumerate(match.seats) if seat["kind"] == "human"]


def holder(match: Match) -> int:
    """The person holding the device now: who moved last, else the first person's seat."""
    for k in range(len(match.log) - 1, -1, -1):
        seat = match.mover(k)
        if seat is not None and seat in people(match):
            return seat
    return people(match)[0]


def plan_share(match: Match) -> Share:
    if len(people(match)) < 2:
        return Share("plain")
    if not match.is_keyed():
        return Share("invite", [holder(match)])
    status, seat = match.waiting()
    if status == "answer" and seat is not None:
        return Share("answer", sorted({*match.local, seat}))
    if status == "claim" or not match.local:
        return Share("plain")
    return Share("share")


def _secret(tr: Any, game_id: str, player: str) -> str:
    key = f"{game_id}.link_secret"
    return tr(key if tr.has(key) else "link.secret", player=player)


def share_words(tr: Any, match: Match, kind: str, names: list[str]) -> list[str]:
    """What the share dialog tells the person after `kind` ("invite", "answer", "share" or
    "plain"): whom to send the link to, and what nobody can know."""
    if kind == "plain" or not match.is_keyed():
        return [tr("gt.share_text")]
    status, seat = match.waiting()
    if seat is None or status in ("over", "play", "claim"):
        return [tr("link.send_end" if match.is_over() else "link.send_on")]
    player = names[seat]
    if kind == "answer":
        if match.current_player() == seat:
            return [tr("link.answered.first", player=player)]
        key = "link.answered" if match.ledger.count(seat) else "link.answered.on"
        return [tr(key, player=player)]
    words = [tr("link.send", player=player)]
    if match.current_player() == seat or kind == "invite":
        words.append(_secret(tr, match.game.id, player))
    return words


class Line(NamedTuple):
    """What the table says of a link game now: a sentence and, when the person can act, a
    button (its action and words)."""

    text: str
    act: str | None = None
    label: str | None = None


def link_line(tr: Any, match: Match, names: list[str]) -> Line | None:
    """The line about link play on the table (None when there is nothing to say: a game not
    played by link, one to play here now, one that is over)."""
    if not match.is_keyed():
        return None
    status, seat = match.waiting()
    if seat is None:
        return None
    player = names[seat]
    if status == "answer":
        inviter = names[match.ledger.commits[0].entry.seat]
        return Line(
            tr("link.line.answer", inviter=inviter, player=player),
            "share",
            tr("link.answer_as", player=player),
        )
    if status == "share":
        key = "link.line.share_end" if match.is_over() else "link.line.share"
        return Line(tr(key, player=player), "share", tr("gt.share"))
    if status == "elsewhere":
        return Line(tr("link.line.elsewhere", player=player))
    if status == "claim":
        text = f"{tr('link.line.claim', player=player)} {tr('link.claim_note', player=player)}"
        return Line(text, f"claim:{seat}", tr("link.claim", player=player))
    return None


def line_markup(line: Line) -> str:
    """The line as the table's keeping area shows it (game/view/keeping.py keep_line)."""
    action = ""
    if line.act is not None and line.label is not None:
        action = tag(
            "button", esc(line.label), type="button", data_act=line.act, class_="gt-primary"
        )
    return tag("p", tag("span", esc(line.text)), action, class_="gt-keep-line gt-keep-link")
