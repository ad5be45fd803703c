"""The table's markup for those who do not see the board (pure Python; the page's behaviour is
tests/browser/test_browser_a11y.py): one live region, the status line; the board one focusable
element named for its game and keys; every dialog modal and named by its heading; controls named
with their visible words; pictures beside words hidden from screen readers; the keyboard form of
a text; the board controller's words and their defaults."""

import html
import re
from pathlib import Path

import pytest

from game import games
from game.view import frame, howto, widgets
from game.view.controller import BoardController
from game.view.ending import result_card
from game.view.i18n import LANGUAGES, Translator, load_table
from game.view.markup import ALERT, quiet
from game.view.review import Review, review_bar, said
from game.view.table import Table

ROOT = Path(__file__).resolve().parent.parent
TABLE = load_table(str(ROOT / "assets" / "strings.json"))
EN = Translator(TABLE, "en")
GAMES = ("toscana", "carcassonne", "thurn-und-taxis")
SEATS = [
    {"name": "Ann", "kind": "human", "level": None},
    {"name": "Computer", "kind": "ai", "level": "easy"},
]


def attributes(markup, element_id):
    """The attributes of the element with `element_id` in `markup`, as a dict."""
    found = re.search(rf'<\w+[^>]*\bid="{re.escape(element_id)}"[^>]*>', markup)
    assert found, element_id
    return {k: html.unescape(v) for k, v in re.findall(r'([\w-]+)="([^"]*)"', found.group(0))}


def test_the_keyboard_form_of_a_text_is_preferred_while_the_keys_are_used():
    table = {
        "en": {"x.hint": "Tap a square", "x.hint.keys": "Move with the arrow keys", "x.o": "O"},
        "cs": {"x.hint": "Klepněte", "x.hint.keys": "Šipkami", "x.o": "O"},
    }
    tr = Translator(table, "cs")
    assert tr("x.hint") == "Klepněte"
    assert tr.keyboard()("x.hint") == "Šipkami"
    assert tr.keyboard()("x.o") == "O"  # a text with no keyboard form stays
    assert tr.keyboard() is tr.keyboard()  # made once


def test_a_part_drawn_again_holds_no_live_region():
    markup = '<p class="gt-hint" aria-live="polite">Tap</p><p role="alert" class="w">Careful</p>'
    assert quiet(markup) == f'<p class="gt-hint">Tap</p><p {ALERT}="" class="w">Careful</p>'


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_frame_has_one_live_region_and_the_board_is_one_named_application(game_id, lang):
    tr = Translator(TABLE, lang)
    markup = frame.layout(tr, game_id, "0 0 10 10", games.controller(game_id))
    assert markup.count("aria-live=") == 1 and markup.count('role="status"') == 1
    assert attributes(markup, "gt-say") | {"class": "sr-only"} == attributes(markup, "gt-say")
    assert attributes(markup, "gt-say")["aria-live"] == "polite"
    board = attributes(markup, "gt-board")
    assert board["role"] == "application" and board["tabindex"] == "0"
    assert board["aria-roledescription"] == tr("gt.board_role")
    name = board["aria-label"]
    for key in (f"{game_id}.board_label", f"gt.board_keys.{game_id}", "gt.board_keys"):
        assert tr(key).rstrip(".") in name
    assert markup.count('tabindex="0"') == 1  # the board is the one focusable drawing
    # the three dialogs of the table: modal, each named by its heading
    for box, title in (
        ("gt-dialog", widgets.DIALOG_TITLE),
        ("gt-howto", howto.HOWTO_TITLE),
        ("gt-review", "gt-review-title"),
    ):
        found = attributes(markup, box)
        assert (found["role"], found["aria-modal"], found["aria-labelledby"]) == (
            "dialog",
            "true",
            title,
        )
    # the step's panel under a heading of its own, and the board in words one key away
    assert f'<h2 class="sr-only">{tr("gt.turn_heading")}</h2>' in markup
    assert f'data-act="describe" class="gt-describe">{tr("gt.describe")}</button>' in markup


def test_every_dialog_is_named_by_its_heading_and_described_by_its_words():
    message = widgets.message(EN, "Hand over", "<p>Look away</p>", [("reveal", "gt.close", True)])
    assert f'<h2 id="{widgets.DIALOG_TITLE}">Hand over</h2>' in message
    assert f'id="{widgets.DIALOG_TEXT}" class="gt-card-text"><p>Look away</p></div>' in message
    assert 'role="dialog"' not in message  # the box around it is the dialog (frame.py)
    game = games.get("toscana")
    form = widgets.new_game_form(EN, game, SEATS, True, True)
    assert f'<h2 id="{widgets.DIALOG_TITLE}">{EN("gt.new_title")}</h2>' in form
    result = result_card(EN, "Ann wins!", "<table></table>", [("rematch", "gt.rematch", True)])
    assert f'<h2 id="{widgets.DIALOG_TITLE}">Ann wins!</h2>' in result
    # on a small screen its body scrolls: the keyboard reaches it, and it has a name
    assert f'tabindex="0" role="group" aria-label="{EN("gt.scores")}"' in result
    rules = howto.markup(EN, "toscana", games.controller("toscana").howto())
    assert f'<h2 id="{howto.HOWTO_TITLE}">' in rules
    share = widgets.share_box(EN, "https://example.org/?game=toscana#m=x")
    assert f'aria-label="{EN("gt.share_url")}"' in share


def test_controls_are_named_with_their_visible_words():
    why = howto.why_button(EN, "scoring")
    assert "aria-label" not in why  # named "Why?", as it reads
    assert f">{EN('howto.why')}</button>" in why and f'title="{EN("howto.why_long")}"' in why
    for lang in LANGUAGES:
        tr = Translator(TABLE, lang)
        for game_id in GAMES:
            game = tr(f"game.{game_id}.name")
            assert tr("picker.play_game", game=game).lower().startswith(tr("picker.play").lower())
            howto_name = tr("picker.howto_game", game=game)
            assert howto_name.lower().startswith(tr("picker.howto").lower())


def test_pictures_beside_words_are_hidden_from_screen_readers():
    rules = howto.markup(EN, "toscana", games.controller("toscana").howto())
    figures = re.findall(r"<figure[^>]*>(<\w+[^>]*>)", rules)
    assert figures and all('aria-hidden="true"' in first for first in figures)
    assert all('class="gt-howto-art"' in first for first in figures)
    table = Table("toscana", EN)
    table.start(SEATS, seed=3)
    table.play(table.game.legal_moves(table.state)[0])
    entries = table.log_entries(games.controller("toscana"), 0)
    log = widgets.log_items(entries)
    assert entries[0].told.picture and 'class="gt-log-pic" aria-hidden="true"' in log


def test_the_review_says_where_it_stands_and_the_move_that_led_there():
    table = Table("toscana", EN)
    table.start(SEATS, seed=3)
    for _ in range(2):
        table.play(table.game.legal_moves(table.state)[0])
    review = Review(table.match)
    assert said(EN, review, "Ann placed a tile") == "After move 2 of 2. Ann placed a tile"
    review.go(0)
    assert said(EN, review, "") == EN("story.position_start", total=2)
    bar = review_bar(EN, review, "")
    assert 'id="gt-review-title" class="sr-only"' in bar and "aria-live" not in bar


def test_a_board_says_nothing_unless_it_has_words():
    """The defaults of the board controller's words (each game gives its own)."""
    board = BoardController()
    state = Table("toscana", EN).start(SEATS, seed=3).state
    assert board.spoken(state, 0, EN, 0) is None
    assert board.piece_words(state, 0, EN) == ""
    assert board.board_words(state, 0, ["Ann", "Computer"], EN, 0) == ""
    assert board.cursor_keys is False  # a board without a cursor of its own
