"""Placeholder board, shown until a game's real board lands.

It proves the whole browser path: Python draws the board as SVG markup, ONE delegated click
listener (shell.py) hands the clicked cell's `data-cell` to Python, and Python changes the board.
Pure Python: `draw` returns markup (tested in CPython); shell.py puts it into the page.
"""

from typing import NamedTuple

from .markup import esc as escape

SIZE = 8
CELL = 48
PAD = 12

# Each game's table colours (the real boards will carry the full look).
THEMES = {
    "toscana": {"table": "#d9c7a7", "empty": "#b9b4aa", "marked": "#c8553d", "line": "#7d6a55"},
    "carcassonne": {"table": "#56773a", "empty": "#7fa65a", "marked": "#c9a66b", "line": "#3f5a2a"},
    "thurn-und-taxis": {"table": "#cdb387", "empty": "#ead9b5", "marked": "#b0413e", "line": "#8a6a3e"},
}
DEFAULT_THEME = THEMES["toscana"]


class Board(NamedTuple):
    game: str
    size: int = SIZE
    marked: tuple = ()  # sorted (x, y) pairs


def new(game):
    return Board(game)


def toggle(board, x, y):
    """The board with cell (x, y) marked or unmarked; ValueError outside the board."""
    if not (0 <= x < board.size and 0 <= y < board.size):
        raise ValueError(f"cell {x},{y} is not on the board")
    marked = set(board.marked)
    marked.symmetric_difference_update({(x, y)})
    return board._replace(marked=tuple(sorted(marked)))


def parse_cell(text):
    """'3,4' -> (3, 4); ValueError for anything else."""
    x, y = text.split(",")
    return int(x), int(y)


def draw(board, strings):
    """HTML + SVG markup for the whole board area (all text escaped)."""
    theme = THEMES.get(board.game, DEFAULT_THEME)
    name = strings(f"game.{board.game}.name")
    side = board.size * CELL + 2 * PAD
    marked = set(board.marked)
    cells = []
    for y in range(board.size):
        for x in range(board.size):
            on = (x, y) in marked
            px, py = PAD + x * CELL, PAD + y * CELL
            cells.append(
                f'<rect class="cell{" marked" if on else ""}" data-cell="{x},{y}" x="{px + 2}" y="{py + 2}" '
                f'width="{CELL - 4}" height="{CELL - 4}" rx="5" fill="{theme["marked" if on else "empty"]}" '
                f'stroke="{theme["line"]}"/>')
            if on:  # a shape as well as a colour
                cells.append(f'<circle class="pip" cx="{px + CELL // 2}" cy="{py + CELL // 2}" r="{CELL // 6}" '
                             f'fill="#fff8e8" pointer-events="none"/>')
    count = len(marked)
    return (
        f'<p class="board-note">{escape(strings("table.placeholder", game=name))}</p>'
        f'<svg class="board" id="board" viewBox="0 0 {side} {side}" role="img" aria-label="{escape(name)}" '
        f'data-game="{escape(board.game)}" xmlns="http://www.w3.org/2000/svg">'
        f'<rect class="board-bg" width="{side}" height="{side}" rx="14" fill="{theme["table"]}"/>'
        + "".join(cells)
        + "</svg>"
        f'<p class="board-count" id="board-count" data-count="{count}">{escape(strings("table.marked", n=count))}</p>'
    )
