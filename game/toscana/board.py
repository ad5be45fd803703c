"""How a person places a Toscana tile, as a small state machine in pure Python (the browser layer
only forwards pointer and key events and sets the markup this returns).

Pointing at a cell previews the tile with its top-left corner there (moved inside the board when
it would stick out). The first click or tap chooses the spot, a second one on the tile (or Enter,
or the Place button) plays it, so a slip of the finger costs nothing. R, the wheel, a right click
or the Rotate button turn the tile; arrow keys move the preview; V arms the veto.
"""

from game.view.controller import BoardController
from game.view.markup import esc, tag

from . import draw
from .rules import (
    CENTRE,
    GAME,
    SIZE,
    Pass,
    Place,
    board_cells,
    largest_areas,
    legal_placements,
    pile_sizes,
    placement_cells,
    round_placements,
    round_results,
    seat_colours,
    top_tiles,
    veto_allowed,
)
from .tiles import CANONICAL_ROT, DISTINCT_ROTS, footprint

KEY_STEPS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def parse_target(target):
    """(x, y) from a square's data-cell "x,y"."""
    x, y = target.split(",")
    return int(x), int(y)


class Board(BoardController):
    has_hints = True

    def __init__(self):
        super().__init__()
        self.rot = 0
        self.anchor = None  # (x, y) of the previewed tile's top-left cell
        self.locked = False  # the spot is chosen; the next tap on the tile places it
        self.veto = False  # the next move carries a veto
        self._position = None  # the state the caches below belong to
        self._legal = {}
        self._grid = None

    # ---- the position ---------------------------------------------------------------------------
    def _sync(self, state):
        """Recompute what depends on the position when it changed; a new position starts with no
        spot chosen and the veto disarmed, but keeps the rotation and the pointer."""
        if state is self._position:
            return
        self._position = state
        self._legal = {spot: True for spot in legal_placements(state)}
        self._grid = board_cells(round_placements(state), min(state.round_no, 2))
        self.locked = False
        self.veto = False
        tile = self.tile(state)
        if tile is not None:
            self.rot = CANONICAL_ROT[tile][self.rot]
            if self.anchor is not None:
                self.anchor = self._clamp(*self.anchor)

    def tile(self, state):
        """The tile the player to move is placing (None: empty pile or match over)."""
        if state.turn is None:
            return None
        return top_tiles(state)[state.turn]

    def colour(self, state):
        return seat_colours(state)[state.turn]

    def must_pass(self, state):
        self._sync(state)
        return state.turn is not None and not self._legal

    def veto_possible(self, state):
        return state.turn is not None and veto_allowed(state)

    def _clamp(self, x, y):
        width, height = footprint(self.rot)
        return min(max(x, 0), SIZE - width), min(max(y, 0), SIZE - height)

    def is_legal(self, state, anchor=None):
        self._sync(state)
        anchor = anchor or self.anchor
        return anchor is not None and (anchor[0], anchor[1], self.rot) in self._legal

    def problem(self, state):
        """Why the previewed spot is not allowed, as a translation key (None when it is)."""
        self._sync(state)
        if self.anchor is None or self.is_legal(state) or self.tile(state) is None:
            return None
        cells = placement_cells(self.tile(state), self.rot, *self.anchor, self.colour(state))
        if any(self._grid[y][x] is not None for x, y, _ in cells):
            return "toscana.why.overlap"
        if not state.placements:
            return "toscana.why.centre"
        return "toscana.why.touch"

    def rotation_has_spots(self, state):
        self._sync(state)
        return any(rot == self.rot for _, _, rot in self._legal)

    # ---- input ------------------------------------------------------------------------------------
    def point(self, state, target):
        return self.point_at(state, *parse_target(target))

    def tap(self, state, target):
        return self.tap_at(state, *parse_target(target))

    def point_at(self, state, x, y):
        """The pointer is over cell (x, y): move the preview unless a spot is chosen. Returns
        whether the overlay changed."""
        self._sync(state)
        if self.locked or self.tile(state) is None:
            return False
        anchor = self._clamp(x, y)
        changed = anchor != self.anchor
        self.anchor = anchor
        return changed

    def leave(self, state):
        """The pointer left the board: hide an unchosen preview."""
        if self.locked or self.anchor is None:
            return False
        self.anchor = None
        return True

    def _covers(self, x, y):
        width, height = footprint(self.rot)
        ax, ay = self.anchor
        return ax <= x < ax + width and ay <= y < ay + height

    def tap_at(self, state, x, y):
        """A click or tap on cell (x, y): choose the spot, or play it when it was chosen and the
        tap lands on the tile. Returns the move to play, or None."""
        self._sync(state)
        if self.tile(state) is None:
            return None
        if self.locked and self._covers(x, y):
            return self.confirm(state)
        self.anchor = self._clamp(x, y)
        self.locked = self.is_legal(state)
        return None

    def confirm(self, state):
        """The move for the previewed spot, if it is legal."""
        if not self.is_legal(state):
            return None
        return Place(self.anchor[0], self.anchor[1], self.rot, self.veto)

    def rotate(self, state, step=1):
        """Turn the tile to its next distinct orientation (look-alike turns are skipped)."""
        self._sync(state)
        tile = self.tile(state)
        if tile is None:
            return
        turns = DISTINCT_ROTS[tile]
        self.rot = turns[(turns.index(CANONICAL_ROT[tile][self.rot]) + step) % len(turns)]
        if self.anchor is not None:
            self.anchor = self._clamp(*self.anchor)
            self.locked = self.locked and self.is_legal(state)

    def nudge(self, state, dx, dy):
        self._sync(state)
        x, y = self.anchor if self.anchor is not None else CENTRE
        self.anchor = self._clamp(x + dx, y + dy)
        self.locked = False

    def cancel(self):
        self.locked = False

    def toggle_veto(self, state):
        self.veto = not self.veto and self.veto_possible(state)

    def pass_move(self, state):
        return Pass(self.veto) if self.must_pass(state) else None

    def act(self, state, name):
        """The panel's buttons: turn, place, pass, arm the veto."""
        if name in ("rotate", "rotate-left"):
            self.rotate(state, 1 if name == "rotate" else -1)
        elif name == "place":
            return self.confirm(state)
        elif name == "pass":
            return self.pass_move(state)
        elif name == "veto":
            self.toggle_veto(state)
        return None

    def wheel(self, state, step):
        self.rotate(state, step)
        return True

    def key(self, state, key):
        """Keyboard play: arrows move, R turns, Enter places (or passes), V arms the veto,
        Escape lets go of a chosen spot. Returns a move or None."""
        if key in KEY_STEPS:
            self.nudge(state, *KEY_STEPS[key])
        elif key in ("r", "R"):
            self.rotate(state, -1 if key == "R" else 1)
        elif key in ("v", "V"):
            self.toggle_veto(state)
        elif key == "Escape":
            self.cancel()
        elif key == "Enter":
            return self.pass_move(state) if self.must_pass(state) else self.confirm(state)
        return None

    # ---- output -----------------------------------------------------------------------------------
    def defs(self):
        return draw.defs()

    def viewbox(self, state):
        return draw.VIEWBOX

    def board_markup(self, state, viewer=None, summary=None):
        """Board and tiles of the current round plus the last move; with `summary` (a round
        number), that finished round with its scoring areas."""
        if summary is not None:
            return self.round_end_markup(state, summary)
        round_no = min(state.round_no, 2)
        placements = round_placements(state, round_no)
        last = state.last["placed"] if state.last and not state.last["round_end"] else None
        return (
            draw.board_layer()
            + draw.tiles_layer(placements, seat_colours(state, round_no))
            + draw.last_move_layer(last)
            + draw.hit_layer()
        )

    def overlay_markup(self, state, viewer, interactive):
        """Hints and the preview for the player to move (nothing when it is not their turn)."""
        self._sync(state)
        tile = self.tile(state)
        if not interactive or tile is None:
            return ""
        out = ""
        if self.hints:
            out += draw.hints_layer(sorted((x, y) for x, y, rot in self._legal if rot == self.rot))
        if self.anchor is not None:
            out += draw.preview_layer(
                tile, self.rot, *self.anchor, self.colour(state), self.is_legal(state), self.locked
            )
        return out

    def round_end_markup(self, state, round_no):
        """A finished round's board with both largest areas outlined and their tiles counted."""
        placements = round_placements(state, round_no)
        colours = seat_colours(state, round_no)
        areas = largest_areas(placements, round_no)
        scores = [len(areas[colours[seat]]["tiles"]) for seat in (0, 1)]
        return (
            draw.board_layer()
            + draw.tiles_layer(placements, colours)
            + draw.areas_layer(areas, placements, colours, scores)
        )

    # ---- the panel beside the board -----------------------------------------------------------
    def summary_after(self, state):
        """The round a move just finished: its scoring is shown before play goes on."""
        round_end = state.last and state.last["round_end"]
        return round_end["round"] if round_end else None

    def summary(self, state, round_no, names, tr):
        """Round end: both scores with colour and the round's winner."""
        result = round_results(state)[round_no - 1]
        lines = "".join(
            tag(
                "li",
                tag("span", "", class_=f"tos-swatch tos-swatch-{result['colours'][seat]}"),
                esc(
                    tr(
                        "toscana.round_score",
                        player=names[seat],
                        colour=tr(f"toscana.colour.{result['colours'][seat]}"),
                        n=result["scores"][seat],
                    )
                ),
            )
            for seat in (0, 1)
        )
        winner = result["winner"]
        verdict = (
            tr("toscana.round_tie")
            if winner is None
            else tr("toscana.round_winner", player=names[winner])
        )
        button = "toscana.see_result" if state.turn is None else "toscana.next_round"
        return (
            tr("toscana.round_over", n=round_no),
            tag("ul", lines, class_="gt-results") + tag("p", esc(verdict)),
            button,
        )

    def panel_markup(self, state, viewer, names, tr, interactive):
        """Both players (colour, texture, next tile, pile, veto, points) and the controls of the
        player to move. `names` are the seats' names as typed (escaped here)."""
        self._sync(state)
        colours = seat_colours(state)
        tops = top_tiles(state)
        sizes = pile_sizes(state)
        totals = GAME.scores(state)
        live = GAME.projected_scores(state)
        players = []
        for seat in (0, 1):
            colour = colours[seat]
            top = tops[seat]
            picture = (
                draw.tile_picture(top, 0, colour, size=30, label=tr("toscana.next_tile", tile=top))
                if top
                else tag("span", esc(tr("toscana.pile_empty")), class_="gt-muted")
            )
            veto = tr("toscana.veto_left") if state.veto_left[seat] else tr("toscana.veto_used")
            players.append(
                tag(
                    "li",
                    tag("span", "", class_=f"tos-swatch tos-swatch-{colour}", aria_hidden="true"),
                    tag("span", esc(names[seat]), class_="gt-name"),
                    tag("span", esc(tr(f"toscana.colour.{colour}")), class_="gt-role"),
                    tag("span", picture, class_="gt-next"),
                    tag("span", esc(tr("toscana.pile", n=sizes[seat])), class_="gt-pile"),
                    tag("span", esc(veto), class_="gt-veto"),
                    tag(
                        "span",
                        esc(
                            tr("toscana.points", total=totals[seat], now=live[seat] - totals[seat])
                        ),
                        class_="gt-points",
                    ),
                    class_="gt-player" + (" gt-to-move" if state.turn == seat else ""),
                    data_seat=seat,
                )
            )
        out = tag("ol", *players, class_="gt-players")
        if interactive and state.turn is not None:
            out += self._controls_markup(state, names, tr)
        return out

    def _controls_markup(self, state, names, tr):
        buttons = []
        hint = ""
        if self.must_pass(state):
            hint = tr("toscana.must_pass")
            buttons.append(
                tag(
                    "button",
                    esc(tr("toscana.pass")),
                    type="button",
                    class_="gt-primary",
                    data_act="pass",
                )
            )
        else:
            buttons.append(
                tag(
                    "button",
                    "↺",
                    type="button",
                    data_act="rotate-left",
                    title=tr("toscana.rotate_left"),
                    aria_label=tr("toscana.rotate_left"),
                )
            )
            buttons.append(
                tag(
                    "button",
                    "↻",
                    type="button",
                    data_act="rotate",
                    title=tr("toscana.rotate"),
                    aria_label=tr("toscana.rotate"),
                )
            )
            buttons.append(
                tag(
                    "button",
                    esc(tr("toscana.place")),
                    type="button",
                    class_="gt-primary",
                    data_act="place",
                    disabled=not self.is_legal(state),
                )
            )
            problem = self.problem(state)
            if problem:
                hint = tr(problem)
            elif self.locked:
                hint = tr("toscana.confirm_hint")
            elif not self.rotation_has_spots(state):
                hint = tr("toscana.turn_hint")
            else:
                hint = tr("toscana.place_hint")
        if self.veto_possible(state):
            opponent = 1 - state.turn
            buttons.append(
                tag(
                    "button",
                    esc(tr("toscana.veto")),
                    type="button",
                    data_act="veto",
                    aria_pressed="true" if self.veto else "false",
                    class_="gt-veto-button",
                )
            )
            hint += " " + tr("toscana.veto_explain", opponent=names[opponent])
        return tag("div", *buttons, class_="gt-actions", data_rot=self.rot) + tag(
            "p", esc(hint.strip()), class_="gt-hint", aria_live="polite"
        )
