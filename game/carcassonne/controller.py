"""How a person plays a Carcassonne turn, as a small state machine in pure Python (the browser
layer only forwards pointer and key events and sets the markup this returns). This is the
`Board` of game/ui/boards.py; board.py next door is the engine's board (state and mechanics).

A turn has two steps.
1. Where: every free square where the tile fits (in some turn) is highlighted. Pointing at one
   previews the tile there, in the current turn when it fits there, else in its first fitting
   turn. R (Shift+R back), the wheel, a right click or the turn buttons cycle only the turns
   that fit on that square. A click or tap chooses the square; a second one on it lays the tile
   (Enter, or the "Lay tile here" button, does the same), so a slip of the finger costs nothing.
2. Who: clickable rings on the tile's features that may take a follower (only those the
   engine's legal moves allow), each explained (road, city, monastery, field) with what it
   would bring this turn, the Courier's message included. Tap a ring to choose it and again to
   play, or use the buttons; "No follower" ends the turn without one. Escape steps back.
"""

from game.view.controller import BoardController
from game.view.markup import empty, esc, tag

from . import draw, queries
from .rules import COURIER_MODES, GAME, Place
from .tables import DISTINCT_ROTS, TYPE_IDS, TYPE_INDEX

KEY_STEPS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
KIND_ORDER = ("city", "road", "monastery", "field")
MIN_SIDE = 4  # the board shows at least 4 x 4 squares (the first turns are not huge)
MARGIN = 30  # user units around the outer ring (room for the enlarged tile on touch screens)
CATEGORIES = ("roads", "cities", "monasteries", "farms", "courier")
EVENT_CATEGORY = {"road": "roads", "city": "cities", "monastery": "monasteries", "field": "farms"}
KINDS = {t: {f.id: f.kind for f in draw.TYPES[t].features} for t in draw.TYPES}


def parse_square(target):
    x, y = target.split(",")
    return int(x), int(y)


def viewbox_of(squares):
    """x0 y0 width height around the squares (each a 100 x 100 tile), at least MIN_SIDE wide and
    high, with an aspect between 4:5 and 8:5 so the board never becomes a thin strip."""
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    x0, x1, y0, y1 = min(xs), max(xs) + 1, min(ys), max(ys) + 1
    w, h = max(x1 - x0, MIN_SIDE), max(y1 - y0, MIN_SIDE)
    w, h = max(w, h * 0.8), max(h, w / 1.6)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    left, top = (cx - w / 2) * draw.T - MARGIN, (cy - h / 2) * draw.T - MARGIN
    return " ".join(
        draw.fmt(v) for v in (left, top, w * draw.T + 2 * MARGIN, h * draw.T + 2 * MARGIN)
    )


class Board(BoardController):
    has_hints = True

    def __init__(self):
        super().__init__()
        self.rot = 0
        self.anchor = None  # the square the tile is previewed on
        self.locked = False  # the square is chosen: the next tap on it lays the tile
        self.step = "place"  # "place" (where) or "follower" (who)
        self.selected = None  # the chosen feature in the follower step
        self.hovered = None  # the feature pointed at in the follower step
        self.show_left = False  # the panel lists what is left in the stack
        self._position = None  # the state the caches below belong to
        self.placed = []
        self.new_discards = []  # tiles that fitted nowhere, removed during the last turn
        self._tr = None  # the latest translator (tooltips on the board)

    # ---- the position ---------------------------------------------------------------------------
    def _sync(self, state):
        """Recompute what depends on the position when it changed; a new position starts a new
        turn: nothing chosen, the new tile north up."""
        if state is self._position:
            return
        before = len(self.placed) if self._position is not None else None
        discarded_before = (
            len(queries.discarded_tiles(self._position)) if self._position is not None else 0
        )
        self._position = state
        self.tile = queries.current_tile(state)
        self.seat = GAME.current_player(state)
        self.placed = queries.placed_tiles(state)
        self.square_of = {(x, y): (tile, rot) for x, y, tile, rot in self.placed}
        self.legal = {}  # (x, y) -> canonical turns that fit there, in order
        self.features = {}  # (x, y, rot) -> features that may take a follower
        for move in GAME.legal_moves(state):
            turns = self.legal.setdefault((move.x, move.y), [])
            if move.meeple is None:
                turns.append(move.rot)
            else:
                self.features.setdefault((move.x, move.y, move.rot), []).append(move.meeple)
        free = {}
        for x, y, _, _ in self.placed:
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                square = (x + dx, y + dy)
                if square not in self.square_of:
                    free[square] = True
        self.free = sorted(free, key=lambda s: (s[1], s[0]))
        self.box = self._box()
        # discarded this very turn (only when the new position follows the one shown before)
        self.new_discards = []
        if before is not None and len(self.placed) == before + 1:
            self.new_discards = queries.discarded_tiles(state)[discarded_before:]
        self.rot, self.anchor, self.locked = 0, None, False
        self.step, self.selected, self.hovered = "place", None, None
        self._outcomes = None
        self._scored = None

    def _box(self):
        """The placed tiles and the ring of free squares around them (no ring once it is over)."""
        ring = 1 if self.tile is not None else 0
        xs = [x for x, _, _, _ in self.placed]
        ys = [y for _, y, _, _ in self.placed]
        return min(xs) - ring, min(ys) - ring, max(xs) + ring, max(ys) + ring

    def turns_at(self, square):
        return self.legal.get(square, [])

    def is_legal(self, state, square=None, rot=None):
        self._sync(state)
        square = square or self.anchor
        return square is not None and (self.rot if rot is None else rot) in self.turns_at(square)

    def follower_options(self, state):
        """[(feature id, kind)] that may take a follower on the chosen square and turn, cities
        first, fields last (the order of the rings' numbers)."""
        self._sync(state)
        if self.anchor is None:
            return []
        fids = self.features.get((*self.anchor, self.rot), [])
        kinds = KINDS[self.tile]
        return sorted(
            ((fid, kinds[fid]) for fid in fids), key=lambda f: (KIND_ORDER.index(f[1]), f[0])
        )

    def outcomes(self, state):
        """What each choice would bring the player this turn: {fid or None: (points from
        completed features, points from the Courier's message)} (the game is played ahead on a
        copy, once per chosen square)."""
        if self._outcomes is None:
            x, y = self.anchor
            out = {}
            base = None
            for fid in [None] + [f for f, _ in self.follower_options(state)]:
                after = GAME.apply(state, Place(x, y, self.rot, fid))
                done = sum(
                    e.points
                    for e in queries.score_events(after)
                    if e.player == self.seat and e.reason == "completed"
                )
                courier = sum(
                    e.points
                    for e in queries.score_events(after)
                    if e.player == self.seat and e.reason == "courier"
                )
                if base is None:
                    base = done
                moved = queries.courier_position(after) != queries.courier_position(state)
                out[fid] = (done - base, courier, moved)
            self._outcomes = out
        return self._outcomes

    # ---- input -----------------------------------------------------------------------------------
    def point(self, state, target):
        self._sync(state)
        if self.tile is None:
            return False
        if target.startswith("m:"):
            fid = target[2:]
            changed = fid != self.hovered
            self.hovered = fid
            return changed
        if self.step == "follower":
            changed = self.hovered is not None
            self.hovered = None
            return changed
        if self.locked:
            return False
        return self._aim(parse_square(target))

    def _aim(self, square):
        """Preview the tile on `square`: keep the turn when it fits there, else the first turn
        (clockwise from it) that fits. Returns whether anything changed."""
        changed = square != self.anchor
        self.anchor = square
        turns = self.turns_at(square)
        if turns and self.rot not in turns:
            order = DISTINCT_ROTS[TYPE_INDEX[self.tile]]
            start = order.index(self.rot) if self.rot in order else 0
            self.rot = next(
                order[(start + k) % len(order)]
                for k in range(len(order))
                if order[(start + k) % len(order)] in turns
            )
            changed = True
        return changed

    def leave(self, state):
        """The pointer left the board: hide a preview nobody chose."""
        if self.locked or self.step != "place" or self.anchor is None:
            if self.hovered is not None:
                self.hovered = None
                return True
            return False
        self.anchor = None
        return True

    def tap(self, state, target):
        """A click or tap: choose a square, lay the tile on the chosen one, choose a follower's
        place, play on a second tap of the same place. Returns the move to play, or None."""
        self._sync(state)
        if self.tile is None:
            return None
        if target.startswith("m:"):
            fid = target[2:]
            if self.step != "follower" or fid not in self.features.get(
                (*self.anchor, self.rot), []
            ):
                return None
            if self.selected == fid:
                return self.confirm(state)
            self.selected = self.hovered = fid
            return None
        square = parse_square(target)
        if self.step == "follower":
            if square == self.anchor:
                return None  # the tile itself, between the rings: nothing to do
            self.step, self.selected = "place", None
        if self.locked and square == self.anchor:
            return self.lay(state)
        self._aim(square)
        self.locked = bool(self.turns_at(square))
        return None

    def lay(self, state):
        """The tile goes on the chosen square: on to the follower step, or straight to the move
        when no follower can be placed."""
        self._sync(state)
        if not self.is_legal(state):
            return None
        self.locked = True
        if not self.follower_options(state):
            return Place(self.anchor[0], self.anchor[1], self.rot, None)
        self.step, self.selected, self.hovered = "follower", None, None
        self._outcomes = None
        return None

    def confirm(self, state):
        """The move for the chosen square, turn and follower (None: without one)."""
        self._sync(state)
        if self.step != "follower" or not self.is_legal(state):
            return None
        if self.selected is not None and self.selected not in self.features.get(
            (*self.anchor, self.rot), []
        ):
            return None
        return Place(self.anchor[0], self.anchor[1], self.rot, self.selected)

    def no_follower(self, state):
        self._sync(state)
        if self.step != "follower" or not self.is_legal(state):
            return None
        return Place(self.anchor[0], self.anchor[1], self.rot, None)

    def choose(self, state, fid):
        self._sync(state)
        if self.step == "follower" and fid in self.features.get((*self.anchor, self.rot), []):
            self.selected = self.hovered = fid

    def rotate(self, state, step=1):
        """Turn the tile: on a square, only through the turns that fit there; elsewhere through
        its distinct turns (look-alike turns are skipped). In the follower step the tile is
        picked up again, still on its square."""
        self._sync(state)
        if self.tile is None:
            return
        if self.step == "follower":
            self.step, self.selected, self.hovered = "place", None, None
        order = list(DISTINCT_ROTS[TYPE_INDEX[self.tile]])
        if self.anchor is not None and self.turns_at(self.anchor):
            order = [r for r in order if r in self.turns_at(self.anchor)]
        if self.rot not in order:
            self.rot = order[0]
            return
        self.rot = order[(order.index(self.rot) + step) % len(order)]

    def back(self, state):
        """Escape: from the follower step back to the chosen square, then let go of it."""
        self._sync(state)
        if self.step == "follower":
            self.step, self.selected, self.hovered = "place", None, None
        elif self.locked:
            self.locked = False
        else:
            self.anchor = None

    def nudge(self, state, dx, dy):
        """Arrow keys: to the nearest highlighted square in that direction (the first press
        starts from the tile laid last)."""
        self._sync(state)
        squares = list(self.legal)
        if not squares:
            return
        ax, ay = self.anchor if self.anchor is not None else self.placed[-1][:2]
        ahead = [s for s in squares if (s[0] - ax) * dx + (s[1] - ay) * dy > 0]
        if not ahead:
            if self.anchor is None:  # from the last tile nothing lies that way: the nearest
                self._aim(min(squares, key=lambda s: (abs(s[0] - ax) + abs(s[1] - ay), s[1], s[0])))
                self.locked = False
            return
        best = min(
            ahead,
            key=lambda s: (
                abs((s[0] - ax) * dx + (s[1] - ay) * dy)
                + 2 * abs((s[0] - ax) * dy + (s[1] - ay) * dx),
                s[1],
                s[0],
            ),
        )
        self._aim(best)
        self.locked = False

    def cycle_follower(self, state, step):
        options = [fid for fid, _ in self.follower_options(state)]
        if not options:
            return
        if self.selected not in options:
            self.selected = options[0 if step > 0 else -1]
        else:
            self.selected = options[(options.index(self.selected) + step) % len(options)]
        self.hovered = self.selected

    def act(self, state, name):
        """The panel's buttons."""
        self._sync(state)
        if name == "rotate":
            self.rotate(state, 1)
        elif name == "rotate-left":
            self.rotate(state, -1)
        elif name == "lay":
            return self.lay(state)
        elif name == "confirm":
            return self.confirm(state)
        elif name == "no-follower":
            return self.no_follower(state)
        elif name == "back":
            self.back(state)
        elif name == "left":
            self.show_left = not self.show_left
        elif name.startswith("meeple:"):
            fid = name[7:]
            if self.selected == fid:
                return self.confirm(state)
            self.choose(state, fid)
        return None

    def wheel(self, state, step):
        self.rotate(state, step)
        return True

    def key(self, state, key):
        """Keyboard play: arrows move between the highlighted squares (or the follower rings),
        R turns (Shift+R back), Enter chooses / lays / plays, N plays without a follower, 1-9
        pick a ring, Escape steps back. Returns a move or None."""
        self._sync(state)
        if self.tile is None:
            return None
        if self.step == "follower":
            if key in ("ArrowRight", "ArrowDown"):
                self.cycle_follower(state, 1)
            elif key in ("ArrowLeft", "ArrowUp"):
                self.cycle_follower(state, -1)
            elif key in ("n", "N", "0"):
                return self.no_follower(state)
            elif key.isdigit():
                options = self.follower_options(state)
                if 1 <= int(key) <= len(options):
                    self.choose(state, options[int(key) - 1][0])
            elif key == "Enter":
                return self.confirm(state)
            elif key == "Escape":
                self.back(state)
            elif key in ("r", "R"):
                self.rotate(state, -1 if key == "R" else 1)
            return None
        if key in KEY_STEPS:
            self.nudge(state, *KEY_STEPS[key])
        elif key in ("r", "R"):
            self.rotate(state, -1 if key == "R" else 1)
        elif key == "Escape":
            self.back(state)
        elif key == "Enter" and self.anchor is not None:
            if self.locked:
                return self.lay(state)
            self.locked = self.is_legal(state)
        return None

    # ---- drawing ---------------------------------------------------------------------------------
    def defs(self):
        return draw.defs()

    def viewbox(self, state):
        self._sync(state)
        x0, y0, x1, y1 = self.box
        return viewbox_of([(x0, y0), (x1, y1)])

    def board_markup(self, state, viewer=None, summary=None):
        """Tiles, the last one framed, followers, the Courier, what the last turn scored (at the
        end: what final scoring gave, each feature outlined), and the free squares to aim at."""
        self._sync(state)
        last = (self.placed[-1][0], self.placed[-1][1]) if len(self.placed) > 1 else None
        titles = {}
        for x, y, tile, _rot in self.placed:
            if queries.tile_info(tile)["inferred"]:
                titles[(x, y)] = (
                    self._tr("carcassonne.letter_title", tile=tile)
                    if self._tr
                    else f"{tile}: letter tile (layout inferred)"
                )
        meeples = [
            (seat, x, y, *self.square_of[(x, y)], fid, KINDS[self.square_of[(x, y)][0]][fid])
            for seat, x, y, fid in queries.meeples_on_board(state)
        ]
        courier = queries.courier_position(state)
        avoid = [
            draw.spot(tile, rot, fid, x, y)
            for _, x, y, tile, rot, fid, _ in meeples
            if (x, y) == courier
        ]
        highlights, badges = self._scored_markup(state)
        return (
            draw.tiles_layer(self.placed, titles)
            + draw.last_layer(last)
            + tag("g", highlights, class_="car-events")
            + draw.meeples_layer(meeples)
            + draw.courier_layer(courier, avoid)
            + tag("g", badges, class_="car-badges")
            + (draw.hits_layer(self.free) if self.tile is not None else "")
        )

    def scored(self, state):
        """The events to show on the board: the last turn's, or final scoring once it is over."""
        if self.tile is None:
            return queries.final_events(state) or []
        return queries.score_events(state)

    def _segments(self, state, event, cache):
        """[(x, y, tile, rot, fid)] of the feature an event scored."""
        if event.kind == "monastery":
            block = event.tiles
            for x, y in block:
                tile, rot = self.square_of[(x, y)]
                if "monastery" in KINDS[tile]:
                    around = sorted(
                        (
                            (x + dx, y + dy)
                            for dy in (-1, 0, 1)
                            for dx in (-1, 0, 1)
                            if (x + dx, y + dy) in self.square_of
                        ),
                        key=lambda s: (s[1], s[0]),
                    )
                    if around == block:
                        return [(x, y, tile, rot, "monastery")]
            return []
        out = []
        for x, y in event.tiles:
            features = cache.get((x, y))
            if features is None:
                features = cache[(x, y)] = queries.tile_features(state, x, y)
            tile, rot = self.square_of[(x, y)]
            for f in features:
                if f["kind"] != event.kind or f["tiles"] != event.tiles:
                    continue
                if event.reason == "final" and not f["followers"][event.player]:
                    continue  # another feature on the same tiles (two farms along a road)
                out.append((x, y, tile, rot, f["id"]))
        return out

    def _scored_markup(self, state):
        if self._scored is not None:
            return self._scored
        highlights, badges = [], []
        cache, used = {}, []
        for k, event in enumerate(self.scored(state)):
            segments = self._segments(state, event, cache)
            if not segments:
                continue
            for x, y, tile, rot, fid in segments:
                highlights.append(draw.highlight(tile, rot, x, y, fid, event.kind, event.player))
            if event.kind == "monastery":
                highlights.append(draw.block_outline(event.tiles, event.player))
            spots = [draw.spot(tile, rot, fid, x, y) for x, y, tile, rot, fid in segments]
            cx = sum(p[0] for p in spots) / len(spots)
            cy = sum(p[1] for p in spots) / len(spots)
            bx, by = min(spots, key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2, p[1], p[0]))
            bx, by = draw.free_spot(bx, by - 30, used)
            badges.append(
                draw.badge(
                    bx,
                    by,
                    event.player,
                    event.points,
                    courier=event.reason == "courier",
                    delay=min(k, 12) * 60,
                )
            )
        self._scored = ("".join(highlights), "".join(badges))
        return self._scored

    def overlay_markup(self, state, viewer, interactive):
        """Hints, the preview and the follower rings for the person to move."""
        self._sync(state)
        if not interactive or self.tile is None:
            return ""
        out = []
        if self.hints:
            if state.options["courier"] != "off":
                out.append(
                    draw.courier_reach_layer(
                        queries.courier_position(state), state.options["courier_reach"], self.box
                    )
                )
            if self.step == "place":
                strong = [s for s, turns in self.legal.items() if self.rot in turns]
                out.append(draw.hints_layer(list(self.legal), strong))
        if self.anchor is not None:
            legal = self.is_legal(state)
            preview = draw.preview_layer(
                self.tile, self.rot, *self.anchor, legal, self.locked or self.step == "follower"
            )
            if self.step == "follower":
                tr = self._tr or (lambda key, **_: "")
                outcomes = self.outcomes(state)
                options = [
                    (fid, kind, tr(f"carcassonne.explain.{kind}"), outcomes[fid][2])
                    for fid, kind in self.follower_options(state)
                ]
                # on a touch screen the tile is lifted and enlarged so its rings are tappable
                out.append(
                    tag(
                        "g",
                        preview,
                        draw.spots_layer(
                            self.tile,
                            self.rot,
                            *self.anchor,
                            options,
                            self.seat,
                            self.selected,
                            self.hovered,
                        ),
                        class_="car-loupe",
                    )
                )
            else:
                out.append(preview)
                if self.locked:
                    out.append(draw.cursor_layer(*self.anchor))
        return "".join(out)

    # ---- the panel beside the board -----------------------------------------------------------
    def panel_markup(self, state, viewer, names, tr, interactive):
        """Players (emblem, name, score, projected score, followers left), the tile to place and
        the controls of the person to move, what the last turn scored, the Courier, the stack."""
        self._sync(state)
        self._tr = tr
        totals = GAME.scores(state)
        live = GAME.projected_scores(state)
        supply = queries.meeples_left(state)
        players = []
        for seat in range(state.players):
            colour = tr(f"carcassonne.colour.{draw.SEAT_NAMES[seat]}")
            info = [
                tag("span", esc(tr("carcassonne.projected", n=live[seat])), class_="car-proj")
                if self.tile is not None
                else "",
                tag(
                    "span",
                    draw.meeple_icon(seat, size=18),
                    esc(tr("carcassonne.meeples_left", n=supply[seat])),
                    class_="car-supply",
                    data_supply=supply[seat],
                ),
            ]
            players.append(
                tag(
                    "li",
                    draw.meeple_icon(seat, label=colour, size=30),
                    tag("span", esc(names[seat]), class_="gt-name"),
                    tag(
                        "span",
                        str(totals[seat]),
                        class_="car-score",
                        data_score=totals[seat],
                        title=tr("carcassonne.points", n=totals[seat]),
                    ),
                    tag("span", *info, class_="car-info"),
                    class_="car-player" + (" gt-to-move" if self.seat == seat else ""),
                    data_seat=seat,
                )
            )
        out = [tag("ol", *players, class_="gt-players")]
        if self.tile is not None:
            out.append(self._now_markup(state, names, tr, interactive))
        out.append(self._last_turn_markup(state, names, tr))
        out.append(self._courier_markup(state, tr))
        out.append(self._stack_markup(state, tr))
        return "".join(out)

    def _tile_text(self, tr):
        info = queries.tile_info(self.tile)
        text = tag("strong", esc(tr("carcassonne.tile", tile=self.tile)))
        if info["letter"]:
            text += tag("span", esc(tr("carcassonne.letter_tile")), class_="car-note")
        return text

    def _now_markup(self, state, names, tr, interactive):
        label = tr("carcassonne.tile", tile=self.tile)
        if not interactive:
            return tag(
                "div",
                tag("div", draw.picture(self.tile, 0, 64, label), class_="car-tile-box"),
                tag(
                    "div",
                    self._tile_text(tr),
                    esc(tr("carcassonne.their_tile", player=names[self.seat])),
                    class_="car-now-text",
                ),
                class_="car-now",
            )
        picture = tag(
            "div",
            draw.picture(self.tile, self.rot, 96, label),
            class_="car-tile-box",
            data_rot=self.rot,
        )
        buttons, hint, extra = [], "", ""
        if self.step == "place":
            buttons.append(
                tag(
                    "button",
                    "↺",
                    type="button",
                    data_act="rotate-left",
                    title=tr("carcassonne.rotate_left"),
                    aria_label=tr("carcassonne.rotate_left"),
                )
            )
            buttons.append(
                tag(
                    "button",
                    "↻",
                    type="button",
                    data_act="rotate",
                    title=tr("carcassonne.rotate"),
                    aria_label=tr("carcassonne.rotate"),
                )
            )
            buttons.append(
                tag(
                    "button",
                    esc(tr("carcassonne.lay")),
                    type="button",
                    class_="gt-primary",
                    data_act="lay",
                    disabled=not (self.anchor is not None and self.is_legal(state)),
                )
            )
            if self.anchor is not None and not self.turns_at(self.anchor):
                hint = tr("carcassonne.why.nofit")
            elif self.locked:
                hint = tr("carcassonne.confirm_hint")
            elif self.anchor is not None:
                hint = tr("carcassonne.aim_hint")
            else:
                hint = tr("carcassonne.place_hint")
            if self.locked and not self.follower_options(state):
                hint += " " + tr(
                    "carcassonne.no_spots"
                    if supply_left(state, self.seat)
                    else "carcassonne.no_meeples"
                )
        else:
            options = self.follower_options(state)
            outcomes = self.outcomes(state)
            choices = []
            for n, (fid, kind) in enumerate(options, 1):
                choices.append(
                    tag(
                        "button",
                        draw.meeple_icon(self.seat, size=22, lying=kind == "field"),
                        esc(f"{n} · {tr(f'carcassonne.kind.{kind}')}"),
                        type="button",
                        data_act=f"meeple:{fid}",
                        aria_pressed="true" if fid == self.selected else "false",
                        class_="car-choice",
                    )
                )
            buttons.append(
                tag("button", esc(tr("carcassonne.back")), type="button", data_act="back")
            )
            buttons.append(
                tag(
                    "button",
                    esc(tr("carcassonne.no_follower")),
                    type="button",
                    data_act="no-follower",
                    class_=None if self.selected else "gt-primary",
                )
            )
            if self.selected:
                buttons.append(
                    tag(
                        "button",
                        esc(tr("carcassonne.confirm")),
                        type="button",
                        class_="gt-primary",
                        data_act="confirm",
                    )
                )
            focus = self.hovered or self.selected
            if focus:
                kind = KINDS[self.tile][focus]
                lines = [tr(f"carcassonne.explain.{kind}")]
                done, courier, moved = outcomes.get(focus, (0, 0, False))
                if done:
                    lines.append(tr("carcassonne.gain_now", n=done))
                if moved:
                    lines.append(tr("carcassonne.gain_courier", n=courier))
                extra = tag("p", esc(" ".join(lines)), class_="car-explain", aria_live="polite")
            hint = tr("carcassonne.follower_hint")
            return (
                tag(
                    "div",
                    picture,
                    tag("div", self._tile_text(tr), class_="car-now-text"),
                    class_="car-now",
                )
                + tag("p", esc(hint), class_="gt-hint", aria_live="polite")
                + tag("div", *choices, class_="car-choices")
                + extra
                + tag("div", *buttons, class_="gt-actions", data_rot=self.rot, data_step=self.step)
            )
        return (
            tag(
                "div",
                picture,
                tag("div", self._tile_text(tr), class_="car-now-text"),
                class_="car-now",
            )
            + tag("div", *buttons, class_="gt-actions", data_rot=self.rot, data_step=self.step)
            + tag("p", esc(hint), class_="gt-hint", aria_live="polite")
        )

    def _event_line(self, event, names, tr):
        feature = tr(f"carcassonne.kind.{event.kind}")
        return tag(
            "li",
            draw.meeple_icon(event.player, size=18),
            esc(
                tr(
                    f"carcassonne.event.{event.reason}",
                    player=names[event.player],
                    n=event.points,
                    feature=feature,
                    tiles=len(event.tiles),
                )
            ),
            data_seat=event.player,
            data_points=event.points,
            data_reason=event.reason,
        )

    def _last_turn_markup(self, state, names, tr):
        parts = []
        for tile in self.new_discards:
            parts.append(
                tag(
                    "p",
                    esc(tr("carcassonne.discarded_now", tile=tile)),
                    class_="car-discard",
                    role="status",
                )
            )
        events = queries.score_events(state)
        if events:
            parts.append(tag("h3", esc(tr("carcassonne.last_turn"))))
            parts.append(
                tag(
                    "ul",
                    *(self._event_line(e, names, tr) for e in events),
                    class_="car-events-list",
                )
            )
        if not parts:
            return ""
        return tag("div", *parts, class_="car-box car-last-turn")

    def _courier_markup(self, state, tr):
        mode = state.options["courier"]
        if mode == "off":
            return ""
        where = queries.courier_position(state)
        if where is None:
            text = tr("carcassonne.courier.waiting")
        else:
            text = tr("carcassonne.courier.at", x=where[0], y=where[1])
        reach = state.options["courier_reach"]
        explain = (
            tr(f"carcassonne.courier.explain_{reach}")
            + " "
            + tr(f"carcassonne.courier.scoring_{state.options['courier_scoring']}")
        )
        if state.options["courier_farmers"]:
            explain += " " + tr("carcassonne.courier.farmers")
        return tag(
            "div",
            tag("h3", draw.envelope_icon(), esc(tr("carcassonne.courier.title"))),
            tag("p", esc(text), class_="car-note"),
            tag("p", esc(explain), class_="car-note"),
            class_="car-box car-courier-box",
        )

    def _stack_markup(self, state, tr):
        left = queries.remaining_tiles(state)
        total = sum(left.values())
        parts = [tag("h3", esc(tr("carcassonne.stack", n=total)), data_left=total)]
        discarded = queries.discarded_tiles(state)
        if discarded:
            parts.append(
                tag(
                    "p",
                    esc(tr("carcassonne.discarded", tiles=", ".join(discarded))),
                    class_="car-note",
                )
            )
        if self.show_left:
            figures = []
            for tile in TYPE_IDS:
                if tile not in left and not (
                    state.options["courier"] == "letter_tiles"
                    or not queries.tile_info(tile)["letter"]
                ):
                    continue
                n = left.get(tile, 0)
                figures.append(
                    tag(
                        "figure",
                        draw.picture(tile, 0, 40, tr("carcassonne.tile", tile=tile)),
                        tag("figcaption", f"×{n}"),
                        class_="car-none" if not n else None,
                    )
                )
            parts.append(tag("div", *figures, class_="car-left-grid"))
        parts.append(
            tag(
                "button",
                esc(tr("carcassonne.hide_left" if self.show_left else "carcassonne.show_left")),
                type="button",
                data_act="left",
                aria_expanded="true" if self.show_left else "false",
            )
        )
        return tag("div", *parts, class_="car-box car-stack")

    # ---- the end of the game ------------------------------------------------------------------
    def summary_after(self, state):
        """The move that ended the game: final scoring is explained before the result."""
        return "final" if GAME.current_player(state) is None else None

    def summary(self, state, which, names, tr):
        """Final scoring: per player and category, what the game gave and what the end added,
        then every final score."""
        breakdown = GAME.score_breakdown(state)
        finals = queries.final_events(state) or []
        added = [{c: 0 for c in CATEGORIES} for _ in range(state.players)]
        for e in finals:
            added[e.player][EVENT_CATEGORY[e.kind]] += e.points
        head = tag(
            "tr",
            tag("th", ""),
            *(
                tag(
                    "th",
                    draw.meeple_icon(seat, size=18),
                    tag("span", esc(names[seat]), class_="car-th-name"),
                    data_seat=seat,
                )
                for seat in range(state.players)
            ),
        )
        rows = []
        for c in CATEGORIES:
            cells = []
            for seat in range(state.players):
                extra = (
                    tag("small", esc(tr("carcassonne.at_end", n=added[seat][c])))
                    if added[seat][c]
                    else ""
                )
                cells.append(tag("td", str(breakdown[seat][c]), extra))
            rows.append(
                tag(
                    "tr",
                    tag("th", esc(tr(f"carcassonne.part.{c}")), scope="row"),
                    *cells,
                    data_part=c,
                )
            )
        rows.append(
            tag(
                "tr",
                tag("th", esc(tr("carcassonne.total")), scope="row"),
                *(
                    tag("td", tag("strong", str(sum(breakdown[seat].values()))), data_seat=seat)
                    for seat in range(state.players)
                ),
                class_="car-total",
            )
        )
        table = tag("table", tag("thead", head), tag("tbody", *rows), class_="car-table")
        lines = tag(
            "ol",
            *(self._event_line(e, names, tr) for e in finals),
            class_="car-final-list car-events-list",
        )
        body = (
            tag("p", esc(tr("carcassonne.final_intro")))
            + tag("div", table, style="overflow-x:auto")
            + (lines if finals else tag("p", esc(tr("carcassonne.final_none"))))
        )
        return tr("carcassonne.final_title"), body, "carcassonne.see_result"

    def log_detail(self, before, move, after, names, tr):
        """What a move also did, for its log line: the follower, the scores, the Courier's
        message, tiles removed because they fitted nowhere, the end."""
        move = GAME.parse_move(move)  # the match keeps moves as JSON
        parts = []
        tile = queries.current_tile(before)
        if move.meeple is not None and tile is not None:
            kind = KINDS[tile].get(move.meeple)
            if kind:
                parts.append(
                    tr(
                        "carcassonne.log.meeple",
                        role=tr(f"carcassonne.role.{kind}"),
                        feature=tr(f"carcassonne.kind.{kind}"),
                    )
                )
        messages = {}  # the Courier's message: one entry per receiver, its features listed
        for e in queries.score_events(after):
            feature = tr(f"carcassonne.kind.{e.kind}")
            if e.reason == "courier":
                messages.setdefault(e.player, []).append((e.points, feature))
            else:
                parts.append(
                    tr(
                        f"carcassonne.log.{e.reason}",
                        player=names[e.player],
                        n=e.points,
                        feature=feature,
                    )
                )
        for seat, scored in messages.items():
            features = (
                scored[0][1]
                if len(scored) == 1
                else ", ".join(f"{feature} +{n}" for n, feature in scored)
            )
            parts.append(
                tr(
                    "carcassonne.log.courier",
                    player=names[seat],
                    n=sum(n for n, _ in scored),
                    feature=features,
                )
            )
        removed = queries.discarded_tiles(after)[len(before.discarded) :]
        if removed:
            parts.append(tr("carcassonne.log.discard", tiles=", ".join(removed)))
        if GAME.current_player(after) is None:
            parts.append(tr("carcassonne.log.end"))
        return "".join(" · " + p for p in parts)

    # ---- options on the new-game form -----------------------------------------------------------
    def options_markup(self, tr, options):
        self._tr = tr
        options = options or {}

        def select(name, values, current, label):
            return tag(
                "label",
                esc(tr(label)),
                tag(
                    "select",
                    *(
                        tag(
                            "option",
                            esc(tr(f"{label}.{v}")),
                            value=v,
                            selected=str(v) == str(current),
                        )
                        for v in values
                    ),
                    name=name,
                ),
            )

        courier = select(
            "courier",
            COURIER_MODES,
            options.get("courier", "tiles_free"),
            "carcassonne.opt.courier",
        )
        return tag(
            "fieldset",
            tag("legend", esc(tr("carcassonne.opt.legend"))),
            courier,
            tag("p", esc(tr("carcassonne.opt.letter_note")), class_="car-note"),
            select(
                "courier_reach",
                ("line", "adjacent"),
                options.get("courier_reach", "line"),
                "carcassonne.opt.reach",
            ),
            select(
                "courier_scoring",
                ("2024", "pre2024"),
                options.get("courier_scoring", "2024"),
                "carcassonne.opt.scoring",
            ),
            tag(
                "label",
                empty(
                    "input",
                    type="checkbox",
                    name="courier_farmers",
                    checked=bool(options.get("courier_farmers", False)),
                ),
                esc(tr("carcassonne.opt.farmers")),
                class_="gt-check",
            ),
            select("tiny_city", ("4", "2"), options.get("tiny_city", 4), "carcassonne.opt.tiny"),
            class_="car-options",
        )

    def read_options(self, form):
        """The rule options from the form (anything unexpected falls back to the default)."""
        courier = form.get("courier")
        reach = form.get("courier_reach")
        scoring = form.get("courier_scoring")
        return {
            "courier": courier if courier in COURIER_MODES else "tiles_free",
            "courier_reach": reach if reach in ("line", "adjacent") else "line",
            "courier_scoring": scoring if scoring in ("2024", "pre2024") else "2024",
            "courier_farmers": form.get("courier_farmers") is True,
            "tiny_city": 2 if form.get("tiny_city") == "2" else 4,
        }


def supply_left(state, seat):
    return queries.meeples_left(state)[seat] > 0
