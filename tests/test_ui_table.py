"""The table controller behind the page (pure Python): seats, AI turns, log lines, saving and
loading without ever losing the game in progress (developers' guide: "Bad input ... gets a clear
message and loses nothing")."""

import json

import pytest

from game import games
from game.core import IllegalMove
from game.core.savefile import SaveError
from game.view.i18n import Translator
from game.view.table import Table

TABLE = {
    "en": {
        "toscana.story.place": "{player} placed a tile on {where}",
        "toscana.log.place": "{player} placed {tile}",
        "toscana.log.pass": "{player} passed",
    }
}
SEATS = [
    {"name": "Ann", "kind": "human", "level": None},
    {"name": "Computer", "kind": "ai", "level": "easy"},
]


def table(seats=SEATS):
    t = Table("toscana", Translator(TABLE, "en"))
    t.start(seats, seed=11)
    return t


def test_undo_policy_follows_the_seats():
    # Required: "Take-backs: allowed / only within my own turn; allowed is the default when
    # one person plays against computers"; friends at one device take back freely
    assert table().match.undo_policy == "free"
    humans = [dict(SEATS[0]), dict(SEATS[0], name="Bob")]
    assert table(humans).match.undo_policy == "free"
    t = Table("carcassonne", Translator(TABLE, "en"))
    t.start(humans + [dict(SEATS[1])], seed=2)  # two people and a computer: fair to both
    assert t.match.undo_policy == "strict"
    t.start(SEATS, seed=2, undo="strict")  # the new-game form's choice wins
    assert t.match.undo_policy == "strict"


def test_log_names_players_and_counts_moves():
    t = table()
    t.play(t.game.legal_moves(t.state)[0])
    (entry,) = t.log_entries(games.controller("toscana"), 0)
    assert entry.number == 1 and entry.seat == 0
    assert entry.told.text.startswith("\u2068Ann\u2069 placed")


def test_ai_search_plays_a_legal_move():
    t = table()
    t.play(t.game.legal_moves(t.state)[0])
    assert t.ai_to_move() and not t.human_to_move()
    search = t.search()
    while not search.done:
        search.run(0.02)
    t.play(search.best_move())
    assert t.human_to_move()


def test_illegal_move_changes_nothing():
    t = table()
    before = t.match.to_save()
    with pytest.raises(IllegalMove):
        t.play({"x": 0, "y": 0, "rot": 0})
    assert t.match.to_save() == before


@pytest.mark.parametrize(
    "text, expected",
    [
        ('{"format": 1, "game": "toscana", "setup"', "not valid JSON"),
        ('{"format": 1, "game": "carcassonne", "setup": {}, "moves": []}', "bad setup"),
        ('{"format": 1, "game": "chess", "setup": {}, "moves": []}', "does not have"),
        ('{"format": 4}', "unknown save format"),
    ],
)
def test_a_bad_file_keeps_the_game_in_progress(text, expected):
    t = table()
    t.play(t.game.legal_moves(t.state)[0])
    before = t.match.to_save()
    with pytest.raises(SaveError, match=expected):
        t.load_save(text)
    assert t.match.to_save() == before


def test_a_bad_move_in_a_save_names_its_number():
    t = table()
    t.play(t.game.legal_moves(t.state)[0])
    save = t.match.to_save()
    save["moves"].append({"x": 0, "y": 0, "rot": 0})
    other = table()
    with pytest.raises(SaveError, match="move 2"):
        other.load_save(json.dumps(save))


def test_a_save_and_a_link_restore_the_exact_position():
    # Required: "a reload mid-game restores the exact position"
    t = table()
    for _ in range(5):
        t.play(t.game.legal_moves(t.state)[-1])
    again = Table("toscana", Translator(TABLE, "en"))
    again.load_save(t.save_text())
    assert again.state == t.state and again.match.seats == t.match.seats
    by_link = Table("toscana", Translator(TABLE, "en"))
    by_link.load_link(t.link())
    assert by_link.state == t.state


def test_new_game_form_reads_seats_in_playing_order():
    from game import games
    from game.view.widgets import seats_from_form

    tr = Translator(TABLE, "en")
    carcassonne = games.get("carcassonne")
    data = {
        "name0": "  Ann  ",
        "kind0": "human",
        "name1": "",
        "kind1": "ai-hard",
        "kind2": "none",
        "name3": "Dee",
        "kind3": "ai-easy",
        "kind4": "none",
        "first": "3",
    }
    seats = seats_from_form(tr, carcassonne, data)
    # seat 3 ("Dee") was chosen to start: the order turns, empty seats drop out
    assert [s["name"] for s in seats] == ["Dee", "Ann", "gt.seat"]
    assert [s["level"] for s in seats] == ["easy", None, "hard"]
    # a hand-edited form cannot ask for an unknown level or too few players
    odd = seats_from_form(tr, carcassonne, {"kind0": "ai-genius", "kind1": "none"})
    assert odd[0]["kind"] == "human" and len(odd) == 2


def test_every_declared_game_has_a_board_controller_following_the_protocol():
    from game.view.controller import BoardController

    for game_id in games.ids():
        if game_id not in ("thurn-und-taxis", "toscana", "carcassonne"):
            continue  # a toy game another test registered
        board = games.controller(game_id)
        assert isinstance(board, BoardController)
        state = Table(game_id, Translator(TABLE, "en")).start(SEATS, seed=3).state
        assert board.viewbox(state) and board.board_markup(state, 0)
