"""Looking back at a match (pure): step through its positions, first to last, with the board
showing each as the viewing seat saw it then, and the score history behind the chart. A review
only reads the match: it never plays, undoes or hands over anything.

Position k is the game after its first k moves (0: before the first move); entropy events (the
hand-overs of link play) are no positions of their own.
"""

from typing import Any

from game.core.savefile import is_move

from .markup import empty, esc, tag
from .story import shown
from .widgets import button

STEPS = ("first", "prev", "next", "last")


def _icon(path: str) -> str:
    return tag(
        "svg", empty("path", d=path), viewBox="0 0 16 16", width=16, height=16, aria_hidden="true"
    )


# drawn, not typed: the media-control characters are missing from many system fonts
ICONS = {
    "first": _icon("M3 3h2v10H3zM13 3v10L6 8z"),
    "prev": _icon("M12 3v10L5 8z"),
    "next": _icon("M4 3v10l7-5z"),
    "last": _icon("M11 3h2v10h-2zM3 3v10l7-5z"),
}


class Review:
    def __init__(self, match: Any, at: int | None = None) -> None:
        self.match = match
        # the log index of each move, in order
        self.moves = [k for k, entry in enumerate(match.log) if is_move(entry)]
        self.at = self.total if at is None else max(0, min(at, self.total))

    @property
    def total(self) -> int:
        """How many moves were played (the last position's number)."""
        return len(self.moves)

    def go(self, k: int) -> bool:
        """Show position k (kept within the game); True when that changed the position."""
        k = max(0, min(k, self.total))
        changed = k != self.at
        self.at = k
        return changed

    def step(self, how: str) -> bool:
        """ "first", "prev", "next" or "last"."""
        target = {"first": 0, "prev": self.at - 1, "next": self.at + 1, "last": self.total}
        return self.go(target[how])

    def state(self, k: int | None = None) -> Any:
        """The full state at position k (default: the one shown)."""
        k = self.at if k is None else k
        return self.match.states[self.moves[k - 1] + 1] if k else self.match.states[0]

    def move_index(self) -> int | None:
        """The log index of the move that led to the position shown (None before the first)."""
        return self.moves[self.at - 1] if self.at else None

    def position_after(self, log_index: int) -> int:
        """The position a log entry's move led to."""
        return self.moves.index(log_index) + 1


def history(match: Any, controller: Any, viewer: int | None) -> list[list[int]]:
    """Per seat, the points at each position of the match: what the score chart draws. While
    the game runs, as `viewer` saw them then (a face-down bonus tile counts only for its owner);
    once it is over every tile is turned up, so the points as they really stood. The board
    chooses which points (`history_points`: banked, or as if the game ended then)."""
    review = Review(match)
    players = len(match.seats)
    over = match.is_over()
    series: list[list[int]] = [[] for _ in range(players)]
    for k in range(review.total + 1):
        state = review.state(k) if over else shown(match.game, review.state(k), viewer)
        points = controller.history_points(state)
        if points is None:
            points = match.game.scores(state)
        for seat in range(players):
            series[seat].append(points[seat])
    return series


def position_words(tr: Any, review: Review) -> str:
    """Where the review stands ("After move 5 of 12")."""
    if review.at:
        return tr("story.position", n=review.at, total=review.total)
    return tr("story.position_start", total=review.total)


def said(tr: Any, review: Review, told: str) -> str:
    """What a screen reader says at each step of the review: where it stands and the move that
    led there (`told`, the log's sentence)."""
    where = position_words(tr, review)
    return f"{where}. {told}" if told else where


def review_bar(tr: Any, review: Review, told: str) -> str:
    """The controls of a review: first / previous / next / last, a slider over every position,
    where it stands and the move that led there, and the way back to the live game."""
    steps = []
    for how in STEPS:
        at_end = review.at == 0 if how in ("first", "prev") else review.at == review.total
        steps.append(
            tag(
                "button",
                ICONS[how],
                type="button",
                data_act=f"review-{how}",
                disabled=at_end,
                title=tr(f"story.{how}"),
                aria_label=tr(f"story.{how}"),
                class_="gt-review-step",
            )
        )
    where = position_words(tr, review)
    slider = empty(
        "input",
        type="range",
        id="gt-review-range",
        min=0,
        max=review.total,
        value=review.at,
        step=1,
        aria_label=tr("story.slider"),
        aria_valuetext=said(tr, review, told),
    )
    return tag(
        "div",
        # the review is a modal dialog named by this heading (game/view/frame.py), unseen: the
        # bar shows what it is
        tag("h2", esc(tr("story.review_label")), id="gt-review-title", class_="sr-only"),
        tag("div", *steps, class_="gt-review-steps"),
        tag("label", slider, class_="gt-review-slider"),
        button(tr, "review-live", "story.live", primary=True),
        tag(
            "p",
            tag("b", esc(where)),
            tag("span", esc(told), class_="gt-review-move") if told else "",
            class_="gt-review-where",
        ),
        class_="gt-review-bar",
        data_at=review.at,
        data_total=review.total,
    )
