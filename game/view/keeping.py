"""What the table says about keeping games, as markup: the line that stays while the
browser refuses to store, the line about damaged data set aside, the question when a link or a
file holds a game that is already here, and load errors in the player's language. Pure Python;
game/ui/keeping.py shows it."""

from .markup import esc, isolate, tag
from .sharing import line_markup, link_line
from .widgets import button, message

NOTHING_LOST = "gt.nothing_lost"


def keep_line(tr, unsaved, damaged, gone=False, match_lines=""):
    """The notices that stay on screen until their cause is gone (or, for damaged data, until
    dismissed). `unsaved`: the store refused the latest save; `damaged`: data was set aside;
    `gone`: the game on the table was deleted from Your games (in another tab: it is not
    written back); `match_lines`: what the table says of the match itself (`match_lines`)."""

    def line(kind, words, *buttons):
        return tag(
            "p", tag("span", esc(tr(words))), *buttons, class_=f"gt-keep-line gt-keep-{kind}"
        )

    save = button(tr, "save", "library.save_file", primary=True)
    parts = [match_lines] if match_lines else []
    if gone:
        parts.append(line("gone", "library.gone_here", save))
    if unsaved:
        parts.append(line("full", "library.full", save))
    if damaged:
        parts.append(
            line(
                "damaged",
                "library.damaged",
                button(tr, "damaged-download", "library.damaged_download"),
                button(tr, "damaged-dismiss", "library.dismiss"),
            )
        )
    return "".join(parts)


def match_lines(tr, match, names):
    """What stays on the table about the match itself: a scenario (its luck fixed in advance)
    and, in a link game, the step it waits for (game/view/sharing.py)."""
    out = ""
    if match.scenario is not None:
        out += tag(
            "p",
            tag("span", esc(tr("story.scenario", name=isolate(match.scenario)))),
            class_="gt-keep-line gt-keep-scenario",
        )
    line = link_line(tr, match, names)
    return out + (line_markup(line) if line is not None else "")


def error_text(tr, error):
    """The sentence for a load error: its translation key when it names one (SaveError), else
    its own English text."""
    key = getattr(error, "key", None)
    if isinstance(key, str) and tr.has(key):
        params = {k: v for k, v in getattr(error, "params", {}).items() if k != "reason"}
        return tr(key, **params)
    return str(error)


def error_body(tr, error):
    """A load error's dialog text: the sentence, that nothing was lost, and the technical reason
    (English) folded away for a bug report."""
    sentence = error_text(tr, error)
    body = tag("p", esc(sentence)) + tag("p", esc(tr(NOTHING_LOST)))
    if str(error) != sentence:
        body += tag(
            "details",
            tag("summary", esc(tr("error.detail"))),
            tag("p", esc(str(error)), class_="gt-muted"),
            class_="gt-details",
        )
    return body


def moves_text(tr, match):
    return tr("library.moves", n=len(match.moves))


def arrival_question(tr, verdict, source, mine, theirs):
    """Keep mine / open it as a copy, for a link or file (`source`) of a game already here that
    is `verdict` ("older" or "diverges") than the stored one."""
    players = ", ".join(isolate(seat["name"]) for seat in mine.seats)
    body = (
        tag("p", esc(tr(f"library.arrive.{verdict}.{source}", players=players)))
        + tag(
            "ul",
            tag("li", esc(tr("library.arrive.mine", moves=moves_text(tr, mine)))),
            tag("li", esc(tr(f"library.arrive.theirs.{source}", moves=moves_text(tr, theirs)))),
            class_="gt-results",
        )
        + tag("p", esc(tr("library.arrive.question")))
    )
    return message(
        tr,
        tr("library.arrive.title"),
        body,
        [("keep-mine", "library.arrive.keep", True), ("keep-copy", "library.arrive.copy", False)],
    )
