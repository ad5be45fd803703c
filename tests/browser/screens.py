"""What a screen must give a player at every step, measured in the page from
bounding boxes and computed styles, and the taps that play a turn of each game.

`check(page_or_frame)` returns the problems it finds (an empty list when the screen is right):
- the board's viewport and the step's panel are inside the window together, and the panel
  shows all it holds (nothing hidden in a scroll box of its own);
- the page does not scroll sideways, and the game table not down either;
- every interactive target (buttons, links, fields, summaries, the board's [data-cell] targets)
  that a tap can reach: buttons and fields at least 44 x 44 CSS px, board targets at least
  24 x 24, and no two of them overlap (WCAG 2.2, 2.5.8);
- no text a person can see is under 12 px (SVG text: its font size times its scale on screen).
"""

from pathlib import Path

from browserkit import BOARD_IN_VIEW

RESULTS = Path(__file__).resolve().parents[2] / "test-results" / "screens"

CHECK = r"""
(minBoard) => {
  const problems = [];
  const table = document.documentElement.dataset.view === "table";
  const W = innerWidth, H = innerHeight;
  const root = document.scrollingElement || document.documentElement;
  if (root.scrollWidth > W + 1) problems.push(`the page scrolls sideways (${root.scrollWidth} > ${W})`);
  if (table && root.scrollHeight > H + 1) problems.push(`the page scrolls down (${root.scrollHeight} > ${H})`);
  const screen = { left: 0, top: 0, right: W, bottom: H };
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 0.5 || r.height < 0.5) return null;
    const cs = getComputedStyle(el);
    if (cs.visibility !== "visible" || Number(cs.opacity) === 0) return null;
    return r;
  };
  const inside = (r, box) => r.left >= box.left - 1 && r.top >= box.top - 1 && r.right <= box.right + 1 && r.bottom <= box.bottom + 1;
  const clip = (r, box) => ({ left: Math.max(r.left, box.left), top: Math.max(r.top, box.top),
                              right: Math.min(r.right, box.right), bottom: Math.min(r.bottom, box.bottom) });
  const name = (el) => el.dataset?.act || el.dataset?.cell || el.dataset?.nav || el.id || el.getAttribute("aria-label") || el.textContent.trim().slice(0, 30) || el.tagName;

  // a dialog over the table (the new-game form...) is all there is to see and tap then
  const dialog = document.getElementById("gt-dialog");
  const modal = !!dialog && !dialog.hidden && !dialog.classList.contains("gt-aside");
  const view = table && !modal ? document.getElementById("gt-scroll") : null;
  const viewBox = view && shown(view);
  if (table && !modal && !viewBox && minBoard > 0) problems.push("the board is not shown");
  else if (viewBox) {
    if (!inside(viewBox, screen)) problems.push("the board is not inside the window");
    if (Math.min(viewBox.width, viewBox.height) < minBoard) problems.push(`the board is only ${Math.round(viewBox.width)} x ${Math.round(viewBox.height)} px`);
  }
  for (const id of table ? (modal ? ["gt-dialog"] : ["gt-panel", "gt-pick"]) : []) {
    const box = document.getElementById(id);
    const r = box && shown(box);
    if (!r) continue;
    if (!inside(r, screen)) problems.push(`#${id} is not inside the window`);
    if (box.scrollHeight > box.clientHeight + 2) problems.push(`#${id} hides ${box.scrollHeight - box.clientHeight} px in a scroll box`);
  }

  // the targets a tap can reach: shown, not switched off, and on top where they are
  // an SVG group's tap area is the part of it that takes the pointer (not its decoration)
  // (a round target, or rings around one centre, is a circle: {x, y, r})
  const hitRect = (el) => {
    const parts = el instanceof SVGGElement ? [...el.querySelectorAll("*")] : [el];
    let box = null, round = true;
    for (const part of parts) {
      if (part instanceof SVGTextElement || part instanceof SVGTitleElement || part instanceof SVGGElement) continue;
      if (part !== el && getComputedStyle(part).pointerEvents === "none") continue;
      const r = shown(part);
      if (!r) continue;
      round = round && part instanceof SVGCircleElement;
      box = box ? { left: Math.min(box.left, r.left), top: Math.min(box.top, r.top), right: Math.max(box.right, r.right), bottom: Math.max(box.bottom, r.bottom) } : { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }
    if (!box) return null;
    const out = { ...box, width: box.right - box.left, height: box.bottom - box.top };
    if (round) out.circle = { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2, r: out.width / 2 };
    return out;
  };
  // a round target cut by the viewport's edge is its circle within what shows of it (r)
  const rectsMeet = (a, b) => {
    const c = clip(a, b);
    return c.right - c.left > 0.5 && c.bottom - c.top > 0.5 && (c.right - c.left) * (c.bottom - c.top) > 1;
  };
  const circleMeets = (c, r) => {
    const dx = Math.max(r.left - c.x, 0, c.x - r.right), dy = Math.max(r.top - c.y, 0, c.y - r.bottom);
    return Math.hypot(dx, dy) < c.r - 0.5;
  };
  const overlapping = (a, b) => {
    if (!rectsMeet(a.r, b.r)) return false;
    if (a.circle && b.circle) return Math.hypot(a.circle.x - b.circle.x, a.circle.y - b.circle.y) < a.circle.r + b.circle.r - 0.5;
    if (a.circle) return circleMeets(a.circle, b.r);
    if (b.circle) return circleMeets(b.circle, a.r);
    return true;
  };
  const targets = [];
  for (const el of document.querySelectorAll("button, a[href], input:not([type=hidden]), select, summary, [data-cell]")) {
    let r = hitRect(el);
    if (!r || getComputedStyle(el).pointerEvents === "none" || el.closest("[hidden], [inert]")) continue;
    if (modal && !dialog.contains(el)) continue;
    const onBoard = el instanceof SVGElement;
    if (view && view.contains(el)) {
      r = clip(r, viewBox);
      if (r.right - r.left < 1 || r.bottom - r.top < 1) continue;
    }
    // what a box that scrolls shows of it (the rest is out of reach until scrolled to)
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const cs = getComputedStyle(box);
      if (cs.overflowX !== "visible" || cs.overflowY !== "visible") r = clip(r, box.getBoundingClientRect());
    }
    if (r.right - r.left < 1 || r.bottom - r.top < 1) continue;
    r = clip(r, screen);
    if (r.right - r.left < 1 || r.bottom - r.top < 1) continue;
    const probe = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    const label = el.closest("label");
    if (!probe || !(el.contains(probe) || probe.contains(el) || (label && label.contains(probe)))) continue;
    const full = el.type === "checkbox" && label ? label.getBoundingClientRect() : hitRect(el);
    targets.push({ el, r, full, circle: full.circle || null, onBoard, key: el.dataset?.cell || null, label });
  }
  for (const t of targets) {
    const w = t.full.width, h = t.full.height;
    const need = t.onBoard ? 24 : 44;
    if (w < need - 0.5 || h < need - 0.5) problems.push(`${t.onBoard ? "board target" : "button"} ${name(t.el)} is ${w.toFixed(1)} x ${h.toFixed(1)} px`);
  }
  for (let i = 0; i < targets.length; i++) {
    for (let j = i + 1; j < targets.length; j++) {
      const a = targets[i], b = targets[j];
      if (a.el.contains(b.el) || b.el.contains(a.el) || (a.key && a.key === b.key)) continue;
      if ((a.label && a.label.contains(b.el)) || (b.label && b.label.contains(a.el))) continue;
      if (overlapping(a, b)) problems.push(`targets overlap: ${name(a.el)} and ${name(b.el)}`);
    }
  }

  // text a person can see
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || el.closest("title, script, style, template, option, [hidden]")) continue;
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5 && r.right > 0 && r.bottom > 0 && r.left < W && r.top < H);
    if (!rects.length) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility !== "visible" || Number(cs.opacity) === 0) continue;
    if (view && view.contains(el)) {
      const box = clip(rects[0], viewBox);
      if (box.right - box.left < 1 || box.bottom - box.top < 1) continue; // off the viewport
    }
    let size = parseFloat(cs.fontSize);
    if (el instanceof SVGElement && el.getScreenCTM) {
      const m = el.getScreenCTM();
      size *= Math.hypot(m.a, m.b);
    }
    if (size < 11.95) problems.push(`text "${node.textContent.trim().slice(0, 24)}" is ${size.toFixed(1)} px`);
  }
  return problems;
}
"""


# at rest: the view does not glide and no short animation (a tile dropping in, a +N badge
# popping up) is half way
AT_REST = """() => !document.querySelector('#gt-scroll.gt-moving') && document.getAnimations().every(
    (a) => a.playState !== 'running' || a.effect.getComputedTiming().iterations === Infinity)"""


def check(where, min_board=80):
    """The problems of the screen as it is at rest (see the module's docstring)."""
    where.wait_for_function(AT_REST)
    return where.evaluate(CHECK, min_board)


def assert_screen(where, step, min_board=80):
    problems = check(where, min_board)
    assert problems == [], f"{step}: {problems}"


def screenshot(page_or_element, name):
    """For people to look at: test-results/screens/<name>.png (git-ignored)."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    page_or_element.screenshot(path=str(RESULTS / f"{name}.png"))


# ---- playing by taps ---------------------------------------------------------------------------
LOG = "#gt-log li:not(.gt-log-event)"
VISIBLE_TARGETS = r"""
(selector) => {
  // board targets under `selector` whose centre is in the viewport and answers a tap there
  const view = document.getElementById("gt-scroll").getBoundingClientRect();
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    if (x < view.left + 2 || x > view.right - 2 || y < view.top + 2 || y > view.bottom - 2) continue;
    out.push([x - view.left, y - view.top, el.getAttribute("x"), el.getAttribute("y"), el.getAttribute("cx"), el.getAttribute("cy")]);
  }
  return out;
}
"""


class Player:
    """Plays through `where` (a page or a frame) with taps on a touch screen, clicks elsewhere,
    checking the screen at every step."""

    def __init__(self, where, touch, name, min_board=80):
        self.where = where
        self.touch = touch
        self.name = name
        self.min_board = min_board
        self.steps = 0

    def press(self, selector_or_locator):
        target = (
            self.where.locator(selector_or_locator)
            if isinstance(selector_or_locator, str)
            else selector_or_locator
        )
        if self.touch:
            target.tap()
        else:
            target.click()

    def check(self, step):
        self.steps += 1
        problems = check(self.where, self.min_board)
        if problems:  # the screen as it was, for people to look at
            page = getattr(self.where, "page", self.where)
            screenshot(page, "failed-" + "-".join(f"{self.name} {step}".replace(",", "").split()))
        zoom = self.where.evaluate("document.getElementById('gt-scroll')?.dataset.zoom")
        assert problems == [], f"{self.name}, {step} (zoom {zoom}): {problems[:12]}"

    def moves(self):
        return self.where.locator(LOG).count()

    def wait_moves_over(self, n, timeout=60_000):
        self.where.wait_for_function(
            f"n => document.querySelectorAll('{LOG}').length > n", arg=n, timeout=timeout
        )

    def visible(self, selector):
        self.where.wait_for_function(AT_REST)
        return self.where.evaluate(VISIBLE_TARGETS, selector)

    def board_target(self, hints, cell_of):
        """The [data-cell] target of a hint that is on screen; when none is, the whole board is
        shown ("fit") and a tap on a hint zooms in there, as a person would find it (on a board
        whose taps only choose, that tap chooses it too: assets/board-nav.js)."""
        shown = self.visible(hints)
        if not shown:
            self.press('[data-nav="fit"]')
            self.where.wait_for_function(BOARD_IN_VIEW)
            shown = self.visible(hints)
            assert shown, f"{self.name}: no place to play on the whole board"
            view = self.where.locator("#gt-scroll")
            if "gt-overview" in (view.get_attribute("class") or ""):
                x, y = shown[0][:2]
                view.tap(position={"x": x, "y": y}) if self.touch else view.click(
                    position={"x": x, "y": y}
                )
                # the tap zooms in until the targets can be tapped (assets/board-nav.js)
                self.where.locator("#gt-scroll:not(.gt-overview):not(.gt-moving)").wait_for()
            shown = self.visible(hints)
            assert shown, f"{self.name}: the zoom lost the place to play"
        return self.where.locator(f'#gt-board [data-cell="{cell_of(shown[0])}"]')


def toscana_turn(p, first):
    where = p.where
    where.locator("#gt-panel .gt-actions").wait_for()
    p.check("the turn starts")
    if where.locator("#gt-panel [data-act=pass]").count():
        before = p.moves()
        p.press("#gt-panel [data-act=pass]")
        p.wait_moves_over(before)
        return
    cell = p.board_target(
        "#gt-layer-over .tos-hints circle",
        lambda hint: f"{int(float(hint[4]) // 10)},{int(float(hint[5]) // 10)}",
    )
    chosen = where.locator("#gt-layer-over .tos-selected")
    if chosen.count() == 0:
        p.press(cell)
    else:  # the tap that zoomed in on the whole board chose a spot already (board-nav.js)
        spot = f"{chosen.get_attribute('data-x')},{chosen.get_attribute('data-y')}"
        cell = where.locator(f'#gt-board [data-cell="{spot}"]')
    chosen.wait_for()
    p.check("a spot is chosen")
    actions = where.locator("#gt-panel .gt-actions")
    if first:
        # a tap on the chosen tile turns it (at the board's edge it moves inside); the turn
        # button turns it back, onto the spot chosen
        rot = actions.get_attribute("data-rot")
        p.press(cell)
        where.wait_for_function(
            "r => document.querySelector('#gt-panel .gt-actions').dataset.rot !== r", arg=rot
        )
        p.press("#gt-panel [data-act=rotate-left]")
        where.wait_for_function(
            "r => document.querySelector('#gt-panel .gt-actions').dataset.rot === r", arg=rot
        )
    where.locator("#gt-panel [data-act=place]:not([disabled])").wait_for()  # the spot is legal
    before = p.moves()
    p.press("#gt-panel [data-act=place]")
    p.wait_moves_over(before)


def carcassonne_turn(p, first):
    where = p.where
    where.locator('#gt-panel .gt-actions[data-step="place"]').wait_for()
    p.check("the turn starts")
    square = p.board_target(
        "#gt-layer-over .car-hint",
        lambda hint: f"{int(float(hint[2]) // 100)},{int(float(hint[3]) // 100)}",
    )
    p.press(square)
    where.locator("#gt-layer-over .car-selected").wait_for()
    p.check("a square is chosen")
    before = p.moves()
    p.press("#gt-panel [data-act=lay]")
    where.wait_for_function(
        """n => document.querySelectorAll('#gt-log li:not(.gt-log-event)').length > n
            || document.querySelector('#gt-panel .gt-actions[data-step="follower"]')""",
        arg=before,
    )
    if p.moves() > before:
        return  # no follower could be placed: laying the tile was the move
    p.check("where the follower goes")
    if not first:
        p.press("#gt-panel [data-act=no-follower]")
    elif where.locator("#gt-layer-over .car-spots.gt-coarse").count():
        # the rings are too small to tap here: a tap on the tile opens them magnified, with
        # finger-sized buttons; one tap on one places the follower
        p.press('#gt-layer-over [data-cell="pick"]')
        where.locator("#gt-pick .car-pick").wait_for()
        p.check("the magnified pick")
        p.press(where.locator('#gt-pick [data-act^="meeple:"]').first)
    else:
        p.press(where.locator('#gt-layer-over [data-cell^="m:"]').first)  # one tap places
    p.wait_moves_over(before)


def tnt_turn(p, first):
    where = p.where
    panel = where.locator("#gt-panel")
    panel.locator(".tnt-step.tnt-mine-turn").wait_for()
    while panel.locator("[data-phase=draw].tnt-mine-turn").count():
        p.check("drawing")
        before = p.moves()
        fitting = panel.locator(".tnt-display .tnt-fits:not([disabled])")
        p.press(fitting.first if fitting.count() else panel.locator('[data-act="draw:deck"]'))
        p.wait_moves_over(before)
    panel.locator("[data-phase=play].tnt-mine-turn").wait_for()
    p.check("a card to play")
    if panel.locator(".tnt-hand .tnt-card:not(.tnt-nofit)").count() == 0:
        before = p.moves()
        p.press("#gt-panel [data-act=abandon]")  # nothing fits: give the route up
        p.check("giving the route up")
        p.press("#gt-panel [data-act=abandon-yes]")
        p.wait_moves_over(before)
    p.press(panel.locator(".tnt-hand .tnt-card:not(.tnt-nofit)").first)
    panel.locator(".tnt-ends").wait_for()
    p.check("where the card goes")
    before = p.moves()
    p.press(panel.locator(".tnt-ends .gt-primary:not([disabled])").first)
    p.wait_moves_over(before)
    panel.locator("[data-act=pass], [data-act=close-go]").first.wait_for()
    p.check("closing or ending the turn")
    before = p.moves()
    if panel.locator("[data-act=pass]").count():
        p.press("#gt-panel [data-act=pass]")
    else:
        p.press(panel.locator(".tnt-option").first)
        p.press("#gt-panel [data-act=close-go]")
    p.wait_moves_over(before)
    if panel.locator("[data-phase=discard]").count():
        p.check("keeping 3 cards")
        for k in range(3):
            p.press(f'#gt-panel [data-act="card:{k}"]')
        before = p.moves()
        p.press("#gt-panel [data-act=discard-go]")
        p.wait_moves_over(before)


TURNS = {"toscana": toscana_turn, "carcassonne": carcassonne_turn, "thurn-und-taxis": tnt_turn}
# shown only while the person at the device may play
YOUR_TURN = {
    "toscana": "#gt-panel .gt-actions",
    "carcassonne": '#gt-panel .gt-actions[data-step="place"]',
    "thurn-und-taxis": "#gt-panel .tnt-step.tnt-mine-turn",
}


def play_turns(p, game, turns=5):
    """`turns` turns of the person at the device against the computer (each turn function
    waits for the computer's turn before it to end); then the computer's answer."""
    for turn in range(turns):
        TURNS[game](p, first=turn == 0)
    p.where.locator(YOUR_TURN[game]).wait_for(timeout=60_000)
