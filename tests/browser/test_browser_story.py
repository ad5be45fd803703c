"""The table tells the story, in a real Chromium: pointing at a log entry shows its move
on the board; the review of a 20-move game draws at each step exactly the board a replay of that
prefix draws; a review at one device never shows another seat's hidden cards; a take-back against
the computer restores the exact earlier state and the status line tells the position now; no
preview or refusal is on screen right after the computer's move; the end dialog fits at 360x640
and 1280x800 with 5 Carcassonne and 4 Thurn und Taxis players (no cut text, its title in view,
its table not covered) and a finished game's link opens on it. The screens are saved under
test-results/ to be looked at.

Games are planned in CPython with the same engines and opened from game links.
"""

from pathlib import Path

import pytest
from browserkit import board_drawn, fit_board, start_if_asked, stored_save, wait_moves, wait_ready

from game import games
from game.core.match import Match
from game.core.rng import Rng
from game.thurn_und_taxis import queries as tnt_queries
from game.view.i18n import Translator, load_table
from game.view.markup import html_isolates, isolate
from game.view.story import shown

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results"
TR = Translator(load_table(str(ROOT / "assets" / "strings.json")), "en")
SIZES = {"phone": (360, 640), "desktop": (1280, 800)}


def people(n):
    return [
        {"name": name, "kind": "human", "level": None}
        for name in ("Ann", "Ben", "Cy", "Di", "Ed")[:n]
    ]


def played(game_id, players, seed, moves=None, seats=None):
    """A match played by random legal moves (to the end, or `moves` moves)."""
    match = Match(game_id, players=players, seed=seed, seats=seats or people(players))
    rng = Rng(seed)
    while not match.is_over() and (moves is None or len(match.log) < moves):
        match.play(match.game.playout_move(match.state, rng))
    return match


def open_link(page, site, match):
    page.goto(f"{site.url}?game={match.game.id}#m={match.to_link()}")
    wait_ready(page, match.game.id)


def shoot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"story-{name}.png"))


def as_the_page_parses(page, markup):
    """SVG markup as the browser serialises it again (what innerHTML of a layer reads back)."""
    return page.evaluate(
        """m => { const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
                  g.innerHTML = m; return g.innerHTML; }""",
        markup,
    )


# ---- the log ----------------------------------------------------------------------------------------
def test_pointing_at_a_log_entry_highlights_its_move_and_what_it_scored(page, site):
    # Required: "Pointing at or tapping an entry highlights that move on the board (and the
    # features it scored)"
    match = played("carcassonne", 2, seed=11, moves=14)
    board = games.controller("carcassonne")
    scoring = next(
        k
        for k, entry in enumerate(match.log)
        if board.tell(match.states[k], entry, match.states[k + 1], 0, ["A", "B"], TR).notes
    )
    open_link(page, site, match)
    entry = page.locator(f'#gt-log [data-entry="{scoring}"]')
    mark = page.locator("#gt-layer-mark .car-marked")
    move = match.log[scoring]
    entry.hover()
    page.locator(
        f'#gt-layer-mark .car-marked[data-x="{move["x"]}"][data-y="{move["y"]}"]'
    ).wait_for()
    assert page.locator("#gt-layer-mark .car-badge").count() >= 1  # the points it scored
    assert page.locator("#gt-layer-mark [class^=car-hl-]").count() >= 1  # the feature outlined
    page.mouse.move(5, 5)  # pointing elsewhere lets go
    mark.wait_for(state="detached")
    entry.click()  # a tap keeps it
    mark.wait_for()
    assert entry.get_attribute("aria-pressed") == "true"
    page.mouse.move(5, 5)
    assert mark.count() == 1
    entry.click()  # a second tap lets go
    mark.wait_for(state="detached")
    # each seat's entries carry its emblem: the two seats' marks differ
    marks = page.locator("#gt-log li:not(.gt-log-event) .gt-log-entry > .gt-log-mark").evaluate_all(
        "els => els.map(e => e.innerHTML)"
    )
    assert len(set(marks)) == 2


def test_toscana_entries_show_the_tile_and_its_cells_and_mark_it(page, site):
    match = played("toscana", 2, seed=46, moves=6)
    open_link(page, site, match)
    last = page.locator("#gt-log li:not(.gt-log-event)").last
    assert last.locator(".gt-log-pic svg").count() == 1  # the tile's small picture
    move = match.log[-1]
    cells = "ABCDEFGHIJKLMNOPQ"[move["x"]] + str(move["y"] + 1)
    assert f"placed a tile on {cells}\u2060–" in last.inner_text()  # kept whole (word joiner)
    swatches = page.locator("#gt-log .gt-log-entry > .gt-log-mark .tos-swatch").evaluate_all(
        "els => els.map(e => e.className)"
    )
    assert len(set(swatches)) == 2  # paving and roofs: the two players differ
    last.locator("button").hover()
    page.locator(
        f'#gt-layer-mark .tos-marked[data-x="{move["x"]}"][data-y="{move["y"]}"]'
    ).wait_for()


# ---- the review -------------------------------------------------------------------------------------
def test_review_of_a_20_move_game_draws_exactly_each_prefix_and_changes_nothing(page, site):
    # Required: "review of a 20-move game shows at each step exactly the board a replay of that
    # prefix draws (compare the markup)"; first / previous / next / last, a slider, arrow keys;
    # back to the live game in one tap; review never changes the match
    match = played("carcassonne", 2, seed=21, moves=20)
    open_link(page, site, match)
    saved = stored_save(page, "carcassonne")
    live = board_drawn(page)
    viewer = match.current_player()  # two people at one device, no hidden hands: the mover

    def expected(k):
        prefix = Match.from_save(dict(match.to_save(), moves=match.log[:k]))
        board = games.controller("carcassonne")
        return board.viewbox(prefix.state), as_the_page_parses(
            page, board.board_markup(prefix.state, viewer)
        )

    bar = page.locator("#gt-review .gt-review-bar")
    page.click("#gt-tools [data-act=review]")
    bar.wait_for()
    assert bar.get_attribute("data-at") == "20" and bar.get_attribute("data-total") == "20"
    page.click("#gt-review [data-act=review-first]")
    page.locator('.gt-review-bar[data-at="0"]').wait_for()
    for k in range(21):
        if k:
            page.keyboard.press("ArrowRight")
            page.locator(f'.gt-review-bar[data-at="{k}"]').wait_for()
        viewbox, markup = expected(k)
        assert board_drawn(page) == markup, k
        assert page.locator("#gt-board").get_attribute("viewBox") == viewbox
        assert page.locator("#gt-layer-over").inner_html() == ""  # nothing to play in a review
        assert page.locator("#gt-review-chart .gt-chart-svg").get_attribute("data-at") == str(k)
        if k:  # the log marks the move that led here
            assert page.locator("#gt-log [aria-current]").get_attribute("data-entry") == str(k - 1)
        if k == 10:
            shoot(page, "carcassonne-review-desktop")
    page.keyboard.press("Home")
    page.locator('.gt-review-bar[data-at="0"]').wait_for()
    page.locator("#gt-review-range").evaluate(
        "r => { r.value = '7'; r.dispatchEvent(new Event('input', {bubbles: true})); }"
    )
    page.locator('.gt-review-bar[data-at="7"]').wait_for()
    assert board_drawn(page) == expected(7)[1]
    page.click("#gt-review [data-act=review-prev]")
    page.locator('.gt-review-bar[data-at="6"]').wait_for()
    page.click("#gt-review [data-act=review-last]")
    page.locator('.gt-review-bar[data-at="20"]').wait_for()
    page.click('#gt-log [data-entry="3"]')  # in a review, a log entry goes to its position
    page.locator('.gt-review-bar[data-at="4"]').wait_for()
    page.click("#gt-review [data-act=review-live]")
    bar.wait_for(state="detached")
    assert board_drawn(page) == live
    assert stored_save(page, "carcassonne") == saved  # the match is as it was


def test_review_at_one_device_never_shows_another_seats_hidden_cards(page, site):
    # Required: "review never shows another seat's hidden cards (Thurn und Taxis at one
    # device)"; docs/rules/thurn-und-taxis.md, Hidden information: hands are hidden, drawn from Game.view of the viewing seat
    match = played("thurn-und-taxis", 2, seed=8, moves=40)
    open_link(page, site, match)
    seat = match.current_player()
    dialog = page.locator("#gt-dialog")
    dialog.locator("[data-act=reveal]").click()  # the curtain: seat `seat` takes the device
    dialog.wait_for(state="hidden")
    page.click("#gt-tools [data-act=review]")
    page.click("#gt-review [data-act=review-first]")
    total = len(match.moves)
    for k in range(total + 1):
        page.locator(f'.gt-review-bar[data-at="{k}"]').wait_for()
        state = match.states[k]  # no hand-overs: position k is states[k]
        hands = page.locator("#gt-panel .tnt-hand")
        assert hands.count() <= 1
        cities = hands.locator(".tnt-card-city").all_inner_texts() if hands.count() else []
        assert sorted(cities) == sorted(tnt_queries.hand(state, seat)), k
        expected = html_isolates(  # names are bidi isolates, <bdi> in HTML
            games.controller("thurn-und-taxis").panel_markup(
                shown(match.game, state, seat), seat, [isolate("Ann"), isolate("Ben")], TR, False
            )
        )
        assert page.locator("#gt-panel").inner_html() == as_html(page, expected), k
        if k < total:
            page.keyboard.press("ArrowRight")
    # the log tells each blind draw only to the one who drew it
    for item in page.locator("#gt-log li:not(.gt-log-event)").all():
        if "You drew" in item.inner_text():
            assert item.get_attribute("data-seat") == str(seat)


def as_html(page, markup):
    return page.evaluate(
        "m => { const d = document.createElement('div'); d.innerHTML = m; return d.innerHTML; }",
        markup,
    )


# ---- take-backs and the computer's moves -------------------------------------------------------------
def test_a_take_back_against_the_computer_restores_the_exact_earlier_state(page, site):
    # Required: take-backs allowed by default against the computer; "Undo then takes back the
    # computer's replies together with your last move"; "after an undo or redo the status line
    # describes the position now"; "no preview or refusal message is shown until the player
    # points again after the computer moves"; "when undo is not available, the button says why"
    page.goto(f"{site.url}?game=toscana")
    wait_ready(page, "toscana")
    form = page.locator("#gt-new-form")
    assert form.locator("select[name=undo]").input_value() == "free"
    start_if_asked(page)
    undo = page.locator("#gt-tools [data-act=undo]")
    assert undo.get_attribute("aria-disabled") == "true"
    assert undo.get_attribute("title") == "Nothing to take back yet."
    undo.click(force=True)  # aria-disabled: it stays pressable and says why
    page.locator("#gt-notice:text-is('Nothing to take back yet.')").wait_for()
    board = board_drawn(page)
    before = stored_save(page, "toscana")
    spot = page.evaluate("""() => {
        const c = document.querySelector('#gt-layer-over .tos-hints circle');
        return [Math.floor(c.getAttribute('cx') / 10), Math.floor(c.getAttribute('cy') / 10)]; }""")
    cell = page.locator(f'#gt-board [data-cell="{spot[0]},{spot[1]}"]')
    fit_board(page)
    cell.click()
    page.locator("#gt-layer-over .tos-selected").wait_for()
    page.keyboard.press("Enter")  # placed: the pointer stays on the cell it now covers
    wait_moves(page, 2)  # the computer answered
    page.locator("#gt-turn:has-text('Your turn')").wait_for()
    assert page.locator("#gt-layer-over .tos-preview").count() == 0
    assert "Not here" not in page.locator("#gt-panel").inner_text()
    shoot(page, "toscana-after-computer-desktop")
    undo.click()
    wait_moves(page, 0)
    assert stored_save(page, "toscana") == before
    assert board_drawn(page) == board
    assert page.locator("#gt-notice").inner_text() == "2 moves taken back. Your turn."
    assert page.locator("#gt-turn").inner_text().startswith("Your turn")
    page.click("#gt-tools [data-act=redo]")
    wait_moves(page, 2)
    assert page.locator("#gt-notice").inner_text() == "2 moves played again. Your turn."


# ---- the end -----------------------------------------------------------------------------------------
GEOMETRY = """() => {
  const box = e => e.getBoundingClientRect();
  const card = document.querySelector('#gt-dialog .gt-result-card');
  const title = card.querySelector('h2'), body = card.querySelector('.gt-card-body');
  const table = body.querySelector('.gt-score-table');
  const inView = r => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  const t = box(title);
  const onTop = (e, r) => e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  const covered = [], cut = [];
  for (const row of table.rows) {
    row.scrollIntoView({block: 'nearest'});
    for (const cell of row.cells) {
      const r = box(cell);
      if (!inView(r) || !onTop(cell, r)) covered.push(cell.textContent);
      if (cell.scrollWidth > cell.clientWidth + 1) cut.push(cell.textContent);
    }
  }
  const side = document.querySelector('.gt-side'), s = box(side), c = box(card);
  const overlap = !(c.right <= s.left || s.right <= c.left || c.bottom <= s.top || s.bottom <= c.top);
  return {
    titleInView: inView(t) && onTop(title, t), titleCut: title.scrollWidth > title.clientWidth + 1,
    tableWide: table.scrollWidth > body.clientWidth + 1, covered, cut,
    cardInView: inView(c), overlapsSide: overlap,
    actionsInView: inView(box(card.querySelector('.gt-dialog-actions'))),
    pageWide: document.scrollingElement.scrollWidth > innerWidth,
  };
}"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("game_id, players", [("carcassonne", 5), ("thurn-und-taxis", 4)])
def test_the_end_dialog_fits_with_the_most_players_and_a_finished_link_opens_on_it(
    guarded, site, game_id, players, size
):
    # Required: "the end screens' geometry at both sizes with the largest player counts (no cut
    # text, title in view, table not covered)"; "a finished game's link opens on the result"
    width, height = SIZES[size]
    page = guarded(viewport={"width": width, "height": height}).new_page()
    match = played(game_id, players, seed=3)
    open_link(page, site, match)
    dialog = page.locator("#gt-dialog .gt-result-card")
    dialog.wait_for()
    winners = match.game.winners(match.state)
    names = [seat["name"] for seat in match.seats]
    title = f"{names[winners[0]]} wins!" if len(winners) == 1 else "A draw!"
    assert dialog.locator("h2").inner_text() == title
    heads = dialog.locator("thead th .gt-th-name").all_inner_texts()
    assert heads == names  # every player's column, whole names
    totals = dialog.locator("tr.gt-total td").all_inner_texts()
    assert [int(t) for t in totals] == match.game.scores(match.state)
    assert dialog.locator(".gt-chart svg polyline").count() == players
    shoot(page, f"{game_id}-end-{size}")
    geometry = page.evaluate(GEOMETRY)
    assert geometry["titleInView"] and not geometry["titleCut"], geometry
    assert not geometry["tableWide"] and geometry["cut"] == [], geometry
    assert geometry["covered"] == [], geometry
    assert geometry["cardInView"] and geometry["actionsInView"], geometry
    assert not geometry["pageWide"], geometry
    if size == "desktop":  # beside the side panel (Thurn und Taxis shows its final table there)
        assert not geometry["overlapsSide"], geometry
    dialog.locator("[data-act=review]").click()  # ... and its review
    page.locator(f'.gt-review-bar[data-at="{len(match.moves)}"]').wait_for()
    assert page.locator("#gt-review-chart .gt-chart-svg").count() == 1
    shoot(page, f"{game_id}-review-end-{size}")


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize(
    "game_id, players", [("toscana", 2), ("carcassonne", 5), ("thurn-und-taxis", 4)]
)
def test_log_review_and_end_screens_of_each_game(guarded, site, game_id, players, size):
    # Required: "Screenshots of the log, review and end screens of each game at both sizes";
    # a finished Toscana game too opens on its result
    width, height = SIZES[size]
    page = guarded(viewport={"width": width, "height": height}).new_page()
    match = played(game_id, players, seed=5)
    open_link(page, site, match)
    page.locator("#gt-dialog .gt-result-card").wait_for()
    shoot(page, f"{game_id}-end-{size}")
    page.click("#gt-dialog [data-act=dialog-close]")
    more = page.locator("#gt-tools [data-act=more]")
    drawer = more.is_visible()  # a narrow screen keeps the log in the More drawer
    if drawer:
        more.click()
    entry = (
        page.locator("#gt-log li:not(.gt-log-event)").nth(len(match.moves) // 2).locator("button")
    )
    entry.scroll_into_view_if_needed()
    entry.hover()
    page.locator("#gt-layer-mark > *").first.wait_for()
    shoot(page, f"{game_id}-log-{size}")
    if drawer:
        page.click("#gt-more .gt-more-head [data-act=more]")
    page.click("#gt-tools [data-act=review]")
    page.locator(".gt-review-bar").wait_for()
    for _ in range(len(match.moves) // 3):
        page.keyboard.press("ArrowLeft")
    page.locator(f'.gt-review-bar[data-at="{len(match.moves) - len(match.moves) // 3}"]').wait_for()
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    shoot(page, f"{game_id}-review-{size}")
