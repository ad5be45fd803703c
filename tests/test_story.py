"""The table tells the story: the pure parts (CPython): log entries in players' words
built from the engines' queries, the move an entry shows on the board, the review of a whole game
(each position drawn as the viewing seat saw it), the score history and its chart, the final
table, take-backs with their reasons, and no stale preview after the other side's move."""

import random
import re

import pytest
from declared import GAME_IDS

from game import games
from game.carcassonne.story import where
from game.core.match import Match
from game.core.rng import Rng
from game.thurn_und_taxis import queries as tnt_queries
from game.thurn_und_taxis.engine import GAME as TNT
from game.thurn_und_taxis.engine import Close, Draw
from game.toscana.controller import Controller as ToscanaBoard
from game.toscana.engine import GAME as TOSCANA
from game.toscana.engine import Place as ToscanaPlace
from game.view import frame, widgets
from game.view.chart import score_chart
from game.view.ending import breakdown_table, result_title
from game.view.i18n import Translator, load_table
from game.view.markup import isolate
from game.view.review import Review, history, review_bar
from game.view.story import shown
from game.view.table import Table, default_undo

TR = Translator(load_table("assets/strings.json"), "en")
TR_CS = Translator(load_table("assets/strings.json"), "cs")
ANN_VS_COMPUTER = [
    {"name": "Ann", "kind": "human", "level": None},
    {"name": "Computer", "kind": "ai", "level": "easy"},
]


def people(n):
    return [
        {"name": name, "kind": "human", "level": None}
        for name in ("Ann", "Ben", "Cy", "Di", "Ed")[:n]
    ]


def played(game_id, players, seed, moves=None):
    """A match of `game_id` played by random legal moves (to the end, or `moves` moves)."""
    match = Match(game_id, players=players, seed=seed, seats=people(players))
    rng = Rng(seed)
    while not match.is_over() and (moves is None or len(match.log) < moves):
        match.play(match.game.playout_move(match.state, rng))
    return match


# ---- log entries in players' words ------------------------------------------------------------
def test_toscana_entries_name_the_cells_by_the_board_edges_and_show_the_tile():
    # Required: "Toscana shows the tile's small picture and its place"; each seat's colour marks
    # its entries (both players' dots were black)
    table = Table("toscana", TR)
    table.start(people(2), seed=46)
    table.play(ToscanaPlace(6, 8, 0))
    (entry,) = table.log_entries(ToscanaBoard(), 0)
    ann = isolate("Ann")  # the table's names are bidi isolates
    where = "G9\u2060–\u2060J10"  # 4 x 2 cells, A-Q, rows 1-17; word joiners: no break at "–"
    assert entry.told.text == f"{ann} placed a tile on {where}"
    # the status line tells the move as the log does (it said "You placed T10" before)
    assert table.notice_text(ToscanaBoard(), 0) == f"Last move: {ann} placed a tile on {where}"
    assert "<svg" in entry.told.picture and "tos-picture" in entry.told.picture
    board = ToscanaBoard()
    marks = [board.seat_mark(table.state, seat) for seat in (0, 1)]
    assert marks[0] != marks[1] and "tos-swatch-paving" in marks[0]  # seat 0 paves in round 1
    markup = board.board_markup(table.state)
    assert ">G</text>" in markup and ">12</text>" in markup  # the labels the log refers to


def test_carcassonne_places_are_counted_from_the_start_tile():
    # A position players can find, "2 right, 1 up of the start tile"; y grows south (the start
    # tile at (0, 0), docs/rules/carcassonne.md, Set-up). The two steps are joined as each
    # language joins them, never by a comma the language would not put there.
    assert where(TR, 2, -1) == "2 squares right and 1 square up from the start tile"
    assert where(TR, -3, 0) == "3 squares left from the start tile"
    assert where(TR, 0, 4) == "4 squares down from the start tile"
    assert where(TR_CS, 1, 2) == "o 1 políčko vpravo a o 2 políčka dolů od startovní kartičky"
    assert where(TR_CS, -5, 0) == "o 5 políček vlevo od startovní kartičky"
    de = Translator(load_table("assets/strings.json"), "de")
    assert where(de, -1, -5) == "1 Feld links und 5 Felder oberhalb der Startkarte"
    sk = Translator(load_table("assets/strings.json"), "sk")
    assert where(sk, -1, -5) == "o 1 políčko vľavo a o 5 políčok vyššie od štartovacej kartičky"


def test_thurn_und_taxis_tells_a_blind_draw_only_to_the_one_who_drew():
    # docs/rules/thurn-und-taxis.md, Hidden information: hands are hidden; the log is told from the viewer's views (required: "never
    # another seat's hidden cards")
    table = Table("thurn-und-taxis", TR)
    table.start(people(2), seed=5)
    board = games.controller("thurn-und-taxis")
    while not any(m == Draw("deck") for m in TNT.legal_moves(table.state)):
        table.play(TNT.legal_moves(table.state)[0])
    drawer = table.to_move()
    table.play(Draw("deck"))
    drawn = tnt_queries.hand(table.state, drawer)
    mine = table.log_entries(board, drawer)[-1].told.notes
    theirs = table.log_entries(board, 1 - drawer)[-1].told.notes
    public = table.log_entries(board, None)[-1].told.notes
    assert len(mine) == 1 and mine[0].text.startswith("You drew ")
    assert mine[0].text[len("You drew ") :] in drawn
    assert theirs == () and public == ()


def test_a_closed_route_tells_houses_carriage_and_bonus_tiles_face_down_for_others():
    # docs/rules/thurn-und-taxis.md, Closing a route (houses, bonus tiles, carriage) and Hidden
    # information: bonus tile values
    # are hidden from opponents
    board = games.controller("thurn-und-taxis")
    for seed in range(1, 40):
        match = played("thurn-und-taxis", 2, seed, moves=400)
        closes = [
            k
            for k, entry in enumerate(match.log)
            if "close" in entry and tnt_queries.closings(match.states[k + 1])[-1]["bonuses"]
        ]
        if closes:
            break
    k = closes[0]
    seat = match.mover(k)
    record = tnt_queries.closings(match.states[k + 1])[-1]
    names = ["Ann", "Ben"]

    def told(viewer):
        before = shown(TNT, match.states[k], viewer)
        after = shown(TNT, match.states[k + 1], viewer)
        return [n.text for n in board.tell(before, match.log[k], after, viewer, names, TR).notes]

    own, other = told(seat), told(1 - seat)
    assert f"Houses in {', '.join(record['houses'])}" in own
    bonus = record["bonuses"][0]
    value_line = [line for line in own if line.startswith("Bonus tile") and "point" in line]
    assert value_line and str(bonus["value"]) in value_line[0]
    assert any("face down" in line for line in other)
    assert not any(line.startswith("Bonus tile") and "point" in line for line in other)
    assert isinstance(
        board.tell(match.states[k], match.log[k], match.states[k + 1], seat, names, TR).text, str
    )
    assert TNT.parse_move(match.log[k]) == Close(tuple(record["houses"])) or record["houses"] == []


@pytest.mark.parametrize(
    "game_id, players", [(game_id, games.get(game_id).max_players) for game_id in GAME_IDS]
)
def test_every_entry_of_a_whole_game_is_told_in_both_languages_and_marks_its_seat(game_id, players):
    # docs/architecture.md, Look and feel: every string through the one table: each seat's emblem marks its
    # entries
    match = played(game_id, players, seed=3)
    board = games.controller(game_id)
    for tr in (TR, TR_CS):
        table = Table(game_id, tr)
        table.match = match
        entries = table.log_entries(board, 0)
        assert len(entries) == len(match.moves)
        for entry in entries:
            text = entry.told.text + " ".join(n.text for n in entry.told.notes)
            assert not re.search(r"\b(gt|story|toscana|carcassonne|tnt)\.[a-z_]+", text), text
            assert entry.seat == match.mover(entry.log_index) and entry.mark
        marks = {entry.seat: entry.mark for entry in entries}
        assert len(set(marks.values())) == players or game_id == "toscana"
    items = widgets.log_items(entries, marked=entries[3].log_index)
    assert items.count("<li") == len(entries)
    assert items.count('aria-pressed="true"') == 1


def test_entries_are_kept_between_redraws_and_told_again_after_an_undo():
    table = Table("toscana", TR)
    table.start(ANN_VS_COMPUTER, seed=9)
    board = ToscanaBoard()
    table.play(TOSCANA.legal_moves(table.state)[0])
    table.play(TOSCANA.legal_moves(table.state)[0])
    first = table.log_entries(board, 0)
    assert table.log_entries(board, 0)[0] is first[0]  # the same entry object: not told again
    table.undo()
    assert table.log_entries(board, 0) == []


# ---- the move an entry shows on the board ----------------------------------------------------
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_entry_marks_its_move_on_the_board(game_id):
    # Required: "Pointing at or tapping an entry highlights that move on the board (and the
    # features it scored)"
    match = played(game_id, 2, seed=11)
    board = games.controller(game_id)
    marked = 0
    for k, entry in enumerate(match.log):
        markup = board.mark_markup(match.states[k], entry, match.states[k + 1])
        if game_id == "toscana" and "x" in entry:
            assert f'data-x="{entry["x"]}" data-y="{entry["y"]}"' in markup
        if game_id == "carcassonne":
            assert f'data-x="{entry["x"]}" data-y="{entry["y"]}"' in markup and "car-mark" in markup
        if game_id == "thurn-und-taxis" and "play" in entry:
            route = match.states[k + 1].routes[match.mover(k)]
            assert "tnt-mark" in markup and ("tnt-mark-route" in markup or len(route) < 2)
        marked += bool(markup)
    assert marked >= len(match.log) // 4


def test_a_scoring_move_marks_the_features_it_scored():
    board = games.controller("carcassonne")
    match = played("carcassonne", 2, seed=11)
    for k, entry in enumerate(match.log):
        if board.tell(match.states[k], entry, match.states[k + 1], 0, ["A", "B"], TR).notes:
            markup = board.mark_markup(match.states[k], entry, match.states[k + 1])
            assert "car-badge" in markup and "car-hl-" in markup
            return
    raise AssertionError("no move scored in this game")


# ---- the review ---------------------------------------------------------------------------------
def test_review_steps_through_every_position_and_never_changes_the_match():
    handed = played("toscana", 2, seed=4, moves=20).to_save()
    handed["moves"].append({"entropy": "000000000000007b"})  # a hand-over (link version 2)...
    match = Match.from_save({**handed, "format": 2})  # ...is no position of its own
    match.play(match.game.legal_moves(match.state)[0])
    save = match.to_save()
    review = Review(match)
    assert review.total == 21 and review.at == 21
    assert review.step("first") and review.at == 0 and review.state() is match.states[0]
    assert not review.step("prev") and review.at == 0
    assert review.step("next") and review.move_index() == 0
    assert review.go(99) is True and review.at == 21 and not review.step("next")
    assert review.state(21) == match.state
    assert review.position_after(len(match.log) - 1) == 21
    assert match.to_save() == save
    bar = review_bar(TR, review, "Ann placed a tile on G9–H12")
    assert 'max="21"' in bar and 'value="21"' in bar and "After move 21 of 21" in bar
    assert bar.count("disabled") == 2  # next and last, at the last position


@pytest.mark.parametrize(
    "game_id, players", [(game_id, min(3, games.get(game_id).max_players)) for game_id in GAME_IDS]
)
def test_review_draws_each_position_exactly_as_a_replay_of_that_prefix(game_id, players):
    # Required: "review of a game shows at each step exactly the board a replay of that prefix
    # draws"; the review draws from the viewer's view with a fresh board controller
    match = played(game_id, players, seed=7, moves=60)
    review = Review(match)
    summaries = 0
    for k in range(review.total + 1):
        prefix = Match.from_save(
            dict(match.to_save(), moves=[match.log[i] for i in review.moves[:k]])
        )
        board = games.controller(game_id)
        replayed = board.board_markup(prefix.state, 0, board.summary_after(prefix.state))
        seen = shown(match.game, review.state(k), 0)
        board = games.controller(game_id)
        reviewed = board.board_markup(seen, 0, board.summary_after(seen))
        assert reviewed == replayed, k
        summaries += board.summary_after(seen) is not None
    assert summaries or game_id != "toscana"  # a round's end was among the positions


def test_review_never_shows_another_seats_hand():
    # Required: "never another seat's hidden cards (Thurn und Taxis at one device)"
    match = played("thurn-und-taxis", 2, seed=8, moves=120)
    review = Review(match)
    board = games.controller("thurn-und-taxis")
    for k in range(review.total + 1):
        state = review.state(k)
        seen = shown(TNT, state, 1)
        panel = games.controller("thurn-und-taxis").panel_markup(seen, 1, ["Ann", "Ben"], TR, False)
        hand = re.search(
            r'class="(?:tnt-cards tnt-hand|tnt-hand tnt-hand-line)">(.*?)</div>(?!<span)',
            panel,
            re.S,
        )
        shown_hand = re.findall(r'tnt-card-city">([^<]+)<', hand.group(1)) if hand else []
        assert sorted(shown_hand) == sorted(tnt_queries.hand(state, 1)), k
        with pytest.raises(Exception, match="hidden"):
            tnt_queries.hand(seen, 0)
        assert board.board_markup(seen, 1)


# ---- the score history, its chart, the final table ----------------------------------------------
def test_history_has_a_point_per_position_and_ends_on_the_final_scores():
    for game_id, players in (("toscana", 2), ("carcassonne", 4), ("thurn-und-taxis", 3)):
        match = played(game_id, players, seed=2)
        board = games.controller(game_id)
        series = history(match, board, 0)
        assert len(series) == players
        assert all(len(points) == len(match.moves) + 1 for points in series)
        assert [points[-1] for points in series] == match.game.scores(match.state)
        assert all(points[0] == 0 for points in series)


def test_a_running_history_counts_no_face_down_tile_of_another_seat():
    # docs/rules/thurn-und-taxis.md, Hidden information: another seat's bonus tiles are face down until the end
    for seed in range(1, 30):
        match = played("thurn-und-taxis", 2, seed, moves=300)
        if not match.is_over() and any(tnt_queries.tiles(match.state, 0)):
            break
    board = games.controller("thurn-und-taxis")
    assert history(match, board, 1)[0][-1] < TNT.scores(match.state)[0]
    assert history(match, board, 0)[0][-1] == TNT.scores(match.state)[0]


def test_the_chart_draws_a_line_a_marker_and_a_legend_per_player():
    series = [[0, 2, 2, 7], [0, 0, 4, 5], [0, 1, 1, 1]]
    styles = [("#d00", "circle"), ("#00d", "triangle"), ("#0a0", "star")]
    chart = score_chart(series, ["Ann", "Ben", "Cy"], styles, TR, at=2)
    lines = re.findall(r'<polyline points="([^"]+)"', chart)
    assert len(lines) == 3 and all(len(line.split()) == 4 for line in lines)
    assert len(set(re.findall(r'stroke-dasharray="([^"]+)"', chart))) == 2  # + one solid line
    assert "<circle" in chart and "<polygon" in chart  # the seats' shapes
    assert 'data-at="2"' in chart and "gt-chart-at" in chart
    assert "Points after move 2: Ann 2, Ben 4, Cy 1" in chart
    assert re.findall(r"<b>(\d+)</b>", chart) == ["2", "4", "1"]  # the legend: points there


def test_the_final_table_has_every_category_every_player_and_marks_the_winner():
    match = played("carcassonne", 5, seed=3)
    board = games.controller("carcassonne")
    names = ["Ann", "Ben", "Cy", "Di", "Ed"]
    state = match.state
    winners = match.game.winners(state)
    table = breakdown_table(
        TR,
        "carcassonne",
        names,
        match.game.score_breakdown(state),
        match.game.scores(state),
        winners,
        [board.seat_style(seat) for seat in range(5)],
        board.result_notes(state, TR),
    )
    assert table.count('<th scope="col"') == 6 and table.count("<tr data-part=") == 5
    totals = re.search(r'<tr class="gt-total">(.*?)</tr>', table).group(1)
    assert [int(n) for n in re.findall(r"<strong>(\d+)</strong>", totals)] == match.game.scores(
        state
    )
    assert table.count("★") == len(winners)
    assert result_title(TR, names, winners) in (f"{names[winners[0]]} wins!", "A draw!")


# ---- take-backs ---------------------------------------------------------------------------------
def test_allowed_take_backs_take_the_computer_reply_back_with_your_move():
    # Required: "Undo then takes back the computer's replies together with your last move";
    # "after an undo or redo the status line describes the position now"
    table = Table("toscana", TR)
    table.start(ANN_VS_COMPUTER, seed=9)
    assert table.match.undo_policy == "free"
    before = TOSCANA.to_json(table.state)
    table.play(TOSCANA.legal_moves(table.state)[3])
    table.play(TOSCANA.legal_moves(table.state)[0])  # the computer's reply
    assert table.undo() == 2 and TOSCANA.to_json(table.state) == before
    assert table.text(*table.notice) == "2 moves taken back. Your turn."  # Ann is at the device
    assert table.redo() == 2 and table.text(*table.notice) == "2 moves played again. Your turn."
    cs = Table("toscana", TR_CS)
    cs.match, cs.notice = table.match, table.notice
    assert cs.text(*cs.notice) == "Znovu zahrány 2 tahy. Jste na tahu."
    friends = Table("toscana", TR)
    friends.start(people(2), seed=9)
    friends.play(TOSCANA.legal_moves(friends.state)[0])
    friends.undo()  # two people at one device: named
    assert friends.text(*friends.notice) == f"1 move taken back. {isolate('Ann')} to move."


def test_undo_says_why_it_is_not_available():
    # Match undo policies with the reason a player reads (required: "when undo is
    # not available, the button says why")
    match = Match("toscana", seed=1, seats=ANN_VS_COMPUTER, undo="strict")
    assert match.undo_refusal() == "start"
    match.play(match.game.legal_moves(match.state)[0])
    assert match.undo_refusal() == "turn_over"  # the computer is to move: Ann's turn is over
    tnt = Match("thurn-und-taxis", players=2, seed=3, seats=people(2), undo="strict")
    tnt.play(Draw("deck"))  # a blind draw shows a card
    assert tnt.undo_refusal() == "revealed" and not tnt.can_undo()
    free = Match("toscana", seed=1, seats=ANN_VS_COMPUTER, undo="free")
    free.play(free.game.legal_moves(free.state)[0])
    assert free.undo_refusal() is None and free.can_undo()
    sent = {**free.to_save(), "format": 2, "moves": [*free.log, {"entropy": "000000000000004d"}]}
    free = Match.from_save(sent)  # handed over (as link version 2 did)
    assert free.undo_refusal() == "hand_over" and free.undo() == 0  # what was sent is sent
    for reason in ("start", "turn_over", "revealed", "hand_over", "review"):
        assert TR.has(f"story.undo_why.{reason}") and TR_CS.has(f"story.undo_why.{reason}")
    toolbar = frame.toolbar(TR, False, False, False, undo_why="story.undo_why.revealed")
    undo = re.search(r'<button[^>]*data-act="undo"[^>]*>', toolbar).group(0)
    assert 'aria-disabled="true"' in undo and "revealed something new" in undo


def test_the_setting_travels_in_saves_and_links_and_the_form_offers_it():
    # Required: keep saves/links carrying the setting (save key "undo", link header "u")
    match = Match("toscana", seed=5, seats=ANN_VS_COMPUTER, undo="strict")
    assert match.to_save()["undo"] == "strict"
    assert Match.from_link(match.to_link()).undo_policy == "strict"
    assert default_undo(ANN_VS_COMPUTER) == "free"
    assert default_undo(people(2) + ANN_VS_COMPUTER[1:]) == "strict"
    form = widgets.new_game_form(TR, TOSCANA, ANN_VS_COMPUTER, True, True, "", "strict")
    assert 'name="undo"' in form and 'value="strict" selected' in form
    assert widgets.undo_from_form({"undo": "strict"}) == "strict"
    assert widgets.undo_from_form({"undo": "<odd>"}) == "free"


# ---- no stale preview --------------------------------------------------------------------------
def test_no_preview_or_refusal_waits_after_the_other_players_move():
    # Required: "No preview or refusal message is shown until the player points again after the
    # computer moves"
    board = ToscanaBoard()
    state = TOSCANA.new(seed=3)
    board.point_at(state, 0, 0)  # pointing where the tile may not go
    assert board.problem(state) is not None
    state = TOSCANA.apply(state, TOSCANA.legal_moves(state)[0])
    state = TOSCANA.apply(state, TOSCANA.legal_moves(state)[0])  # the computer answered
    assert board.overlay_markup(state, 0, True).count("tos-preview") == 0
    assert board.problem(state) is None
    assert "Not here" not in board.panel_markup(state, 0, ["Ann", "Computer"], TR, True)
    rng = random.Random(1)
    board.point_at(state, rng.randrange(17), rng.randrange(17))  # pointing again: it shows
    assert "tos-preview" in board.overlay_markup(state, 0, True)
