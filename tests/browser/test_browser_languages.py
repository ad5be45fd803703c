"""Four languages and the illustrated rules in a real Chromium.

For every game, in English, Czech, Slovak and German: the picker, the table mid-game (you
against the computer), the new-game form, "How to play", the share and error dialogs, and at the
end of a game between two people the round summary, the hand-over curtain and the result. On
every screen: no raw translation key, no text left in another language, and no second-person
name in a third-person sentence ("Vy položil(a)"). "How to play" opens in one tap from the
picker, from the table's toolbar, from the current step's "Why?" (at the section that explains
that step) and from a rule option of the new-game form, and its example boards are drawn.

Screenshots for a native speaker's eyes go to test-results/i18n/ (git-ignored).
"""

import json
import re

import pytest
from browserkit import FRIENDS, ROOT, VS_COMPUTER, fit_board, wait_moves, wait_ready
from test_browser_carcassonne import choose_square
from test_browser_toscana import click_move

from game import games
from game.carcassonne.engine import Place
from game.core import Rng
from game.core.match import Match
from game.thurn_und_taxis import data as tnt_data
from game.thurn_und_taxis import queries as tnt_queries
from game.toscana.engine import Pass

STRINGS = json.loads((ROOT / "assets" / "strings.json").read_text("utf-8"))
LANGS = ("en", "cs", "sk", "de")
SHOTS = ROOT / "test-results" / "i18n"

# Words that belong to one language only (whole words, lower case): seeing one of them on a
# screen in another language means a text was left untranslated.
MARKERS = {
    "en": {"the", "your", "and", "with", "this", "points", "tiles", "cards", "player", "turn"},
    "cs": {"jste", "nebo", "když", "které", "který", "se", "jsou", "ještě", "také"},
    "sk": {"ste", "alebo", "keď", "ktoré", "ktorý", "sa", "sú", "ešte", "tiež"},
    "de": {"der", "die", "das", "und", "nicht", "ist", "ein", "eine", "du", "dein", "deine"},
}
# Names that stay as they are in every language (games, map, software)
PROPER = sorted(
    [
        "Thurn und Taxis",
        "Carcassonne",
        "Toscana",
        *tnt_data.CITIES,
        *tnt_data.PROVINCES,
        *("Python", "WebAssembly", "JavaScript", "Firefox", "Chrome", "Edge", "Safari"),
        *("Shift", "Enter", "Escape", "Ann", "Ben"),
    ],
    key=len,
    reverse=True,
)
# A second-person name in a third-person sentence: the name "You" / "Vy" / "Du" followed by a
# third-person verb (in Czech and Slovak any verb after "Vy" would be one: the table says
# "Položil(a) jste", "Položili ste" instead).
WRONG_PERSON = {
    "en": re.compile(r"\bYou (?:is|was|has|wins|placed?s|passes|draws|takes|plays)\b"),
    "cs": re.compile(r"\bVy [a-záčďéěíňóřšťúůýž]"),
    "sk": re.compile(r"\bVy [a-záäčďéíĺľňóôŕšťúýž]"),
    "de": re.compile(r"\bDu (?:ist|hat|kann|muss|darf|wird|legt|nimmt|zieht|gewinnt|spielt)\b"),
}
RAW_KEY = re.compile(
    r"\b(?:gt|table|toscana|carcassonne|tnt|rules|load|link|boot|error|picker|site|game|lang"
    r"|offline|footer|storage|log|thurn-und-taxis)\.[a-z0-9_.-]+"
)

COLLECT = """() => {
  const out = [];
  const shown = (el) => el.checkVisibility({ visibilityProperty: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest(".langs, title, script, style, template") || !shown(el)) continue;
    const text = n.textContent.trim();
    if (text) out.push(text);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], input[value]")) {
    if (el.closest(".langs") || !shown(el)) continue;
    for (const name of ["aria-label", "title"]) if (el.getAttribute(name)) out.push(el.getAttribute(name));
  }
  return out;
}"""


def problems(page, lang, screen):
    """What is wrong with the visible texts of `screen` in `lang` (a list of sentences)."""
    found = []
    for text in page.evaluate(COLLECT):
        if RAW_KEY.search(text):
            found.append(f"{screen}: raw key in {text!r}")
        if WRONG_PERSON[lang].search(text):
            found.append(f"{screen}: second person in a third-person sentence: {text!r}")
        plain = text
        for name in PROPER:
            plain = plain.replace(name, " ")
        words = set(re.findall(r"[^\W\d_]+", plain.lower()))
        for other, markers in MARKERS.items():
            if other != lang and words & markers:
                found.append(f"{screen} ({lang}): {other} words {words & markers} in {text!r}")
    return found


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def shot_howto(page, name):
    """The whole rules card, every section (for a while it lies in the page, not in its
    scrolling overlay)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    rules = page.locator("#gt-howto")
    rules.evaluate("r => { r.style.position = 'absolute'; r.style.bottom = 'auto'; }")
    rules.locator(".gt-howto-card").screenshot(path=str(SHOTS / f"{name}.png"))
    rules.evaluate("r => r.removeAttribute('style')")


def set_lang(page, lang):
    page.click(f'.lang[data-lang="{lang}"]')
    page.wait_for_function(
        "t => document.querySelector('#gt-menu [data-act=new]')?.textContent === t",
        arg=STRINGS[lang]["gt.new"],
    )


def boards_drawn(page, where="#gt-howto"):
    """How many example boards the rules show, each with drawn shapes inside."""
    return page.evaluate(
        """where => [...document.querySelectorAll(where + ' svg.gt-howto-board')]
               .filter(svg => svg.querySelectorAll('rect, path, use, circle').length > 3).length""",
        where,
    )


def open_howto(page, selector):
    page.click(selector)
    page.locator("#gt-howto .gt-howto-card").wait_for()
    return page.locator("#gt-howto .gt-howto-card").get_attribute("data-focus")


def close_howto(page):
    page.click("#gt-howto [data-act=howto-close]")
    page.locator("#gt-howto").wait_for(state="hidden")


def close_dialog(page):
    page.click("#gt-dialog [data-act=dialog-close]")
    page.locator("#gt-dialog").wait_for(state="hidden")


def mid_game(game_id, players, turns):
    """A game against the computer after `turns` moves, with you to move: (link, state)."""
    game = games.get(game_id)
    match = Match(game_id, players=players, seed=5, seats=VS_COMPUTER)
    rng = Rng(9)
    while len(match.log) < turns or match.current_player() != 0 or not fresh_turn(match.state):
        match.play(game.playout_move(match.state, rng))
    return match.to_link(), match.state


def fresh_turn(state):
    """Nothing done yet in this turn (a Thurn und Taxis turn is several moves)."""
    if not hasattr(state, "routes"):
        return True
    step = tnt_queries.step(state)
    return step.phase == "draw" and not step.draws and not step.official


def topic(game_id, state):
    """The rules section the board's "Why?" names for `state` (asked in CPython)."""
    return games.controller(game_id).howto_topic(state)


def played_out(game_id, keep_last=False):
    """A whole game between two people (Ann and Ben), as a link; with `keep_last`, without its
    last move, which is returned (made one with no follower in Carcassonne: easy to click)."""
    game = games.get(game_id)
    state, moves, rng = game.new(players=2, seed=5), [], Rng(9)
    while game.current_player(state) is not None:
        move = game.playout_move(state, rng)
        if keep_last and game_id == "carcassonne":
            move = Place(move.x, move.y, move.rot, None)
        moves.append(move)
        state = game.apply(state, move)
    match = Match(game_id, players=2, seed=5, seats=FRIENDS, undo="free")
    for move in moves[:-1] if keep_last else moves:
        match.play(move)
    return match.to_link(), moves[-1]


def open_game(page, site, game_id, link):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site.url}?game={game_id}#m={link}")
    wait_ready(page, game_id)


def in_every_language(page, screen, shots=None):
    """The problems of the screen on show, switched through the four languages (screenshots
    named `shots`-<lang>)."""
    found = []
    for lang in LANGS:
        set_lang(page, lang)
        found += problems(page, lang, screen)
        if shots:
            shot(page, f"{shots}-{lang}")
    return found


def check_table_screens(page, game_id, lang, found):
    """Table, new-game form (and a rule option's "?"), How to play, share, error, per language."""
    found += problems(page, lang, "table")
    shot(page, f"{game_id}-{lang}-table")
    page.click("#gt-menu [data-act=new]")
    form = page.locator("#gt-new-form")
    form.wait_for()
    found += problems(page, lang, "new-game form")
    shot(page, f"{game_id}-{lang}-new-game")
    # a rule option's "?" opens its explanation over the form, which keeps what was typed
    form.locator("input[name=name0]").fill("Zoë")
    topic = open_howto(page, "#gt-new-form .gt-why-small")
    assert topic and page.locator(f"#gt-howto-{topic}.gt-howto-focus").is_visible()
    found += problems(page, lang, "rules (from an option)")
    close_howto(page)
    assert form.locator("input[name=name0]").input_value() == "Zoë"
    close_dialog(page)
    # How to play from the toolbar: every section, its example boards drawn
    assert open_howto(page, "#gt-menu [data-act=howto]") is None
    assert boards_drawn(page) >= 2
    found += problems(page, lang, "how to play")
    shot_howto(page, f"{game_id}-{lang}-rules")
    close_howto(page)
    page.click("#gt-menu [data-act=share]")
    page.locator("#gt-share-url").wait_for()
    found += problems(page, lang, "share")
    close_dialog(page)
    page.set_input_files(
        "#gt-file", files=[{"name": "x.json", "mimeType": "application/json", "buffer": b"{"}]
    )
    page.locator("#gt-dialog h2").wait_for()
    found += problems(page, lang, "error")
    shot(page, f"{game_id}-{lang}-error")
    close_dialog(page)


def check_why(page, expected_topic):
    """The step's "Why?" opens the rules at the section for this step, in view, boards drawn."""
    topic = open_howto(page, "#gt-turn .gt-why")
    assert topic == expected_topic
    section = page.locator(f"#gt-howto-{topic}")
    assert section.locator("h3").is_visible() and section.locator("h3").evaluate(
        "h => h.getBoundingClientRect().top >= 0 && h.getBoundingClientRect().top < innerHeight"
    )
    assert boards_drawn(page, f"#gt-howto-{topic}") >= 1
    close_howto(page)


def test_picker_in_four_languages_and_how_to_play_from_the_picker(page, site):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site.url, wait_until="domcontentloaded")
    found = []
    for lang in LANGS:
        page.click(f'.lang[data-lang="{lang}"]')
        page.wait_for_function(
            "t => document.querySelector('#picker h1').textContent === t",
            arg=STRINGS[lang]["picker.title"],
        )
        assert page.evaluate("document.documentElement.lang") == lang
        found += problems(page, lang, "picker")
        shot(page, f"picker-{lang}")
    assert found == []
    # the choice is remembered: a new visit opens in German
    page.goto(site.url, wait_until="domcontentloaded")
    page.wait_for_function(
        "t => document.querySelector('#picker h1').textContent === t",
        arg=STRINGS["de"]["picker.title"],
    )
    # one tap on "How to play" opens the game's illustrated rules
    page.click('.game[data-game="carcassonne"] a.howto')
    wait_ready(page, "carcassonne")
    page.locator("#gt-howto .gt-howto-card").wait_for()
    assert boards_drawn(page) >= 6
    title = STRINGS["de"]["howto.title"].format(game=STRINGS["de"]["game.carcassonne.name"])
    assert page.locator("#gt-howto h2").inner_text() == title
    # closing them goes back to the picker, with Python running: another game's rules open the
    # same way
    close_howto(page)
    page.locator("#picker").wait_for(state="visible")
    page.click('.game[data-game="toscana"] a.howto')
    wait_ready(page, "toscana")
    page.locator('#gt-howto .gt-howto-card [data-topic="touching"]').wait_for()
    assert boards_drawn(page) >= 3


@pytest.mark.parametrize(
    "browser_lang, expected", [("sk-SK", "sk"), ("de-AT", "de"), ("cs", "cs"), ("fr-FR", "en")]
)
def test_the_browsers_language_is_the_default(guarded, site, browser_lang, expected):
    page = guarded(locale=browser_lang).new_page()
    page.goto(site.url, wait_until="domcontentloaded")
    page.wait_for_function(
        "t => document.querySelector('#picker h1').textContent === t",
        arg=STRINGS[expected]["picker.title"],
    )
    assert page.evaluate("document.documentElement.lang") == expected


def test_toscana_in_four_languages_with_its_rules(page, site):
    link, state = mid_game("toscana", 2, 6)
    open_game(page, site, "toscana", link)
    found = []
    check_why(page, topic("toscana", state))
    for lang in LANGS:
        set_lang(page, lang)
        check_table_screens(page, "toscana", lang, found)
    # the end of a match between two people: the round summary, then the result
    link, last = played_out("toscana", keep_last=True)
    open_game(page, site, "toscana", link)
    set_lang(page, "en")
    if isinstance(last, Pass):
        page.click("#gt-panel [data-act=pass]")
    else:
        click_move(page, last)
    page.locator("#gt-dialog [data-act=summary-done]").wait_for()
    found += in_every_language(page, "round summary", "toscana-summary")
    page.click("#gt-dialog [data-act=summary-done]")
    page.locator("#gt-dialog [data-act=rematch]").wait_for()
    found += in_every_language(page, "result", "toscana-result")
    assert found == []


def test_carcassonne_in_four_languages_with_its_rules(page, site):
    link, state = mid_game("carcassonne", 2, 8)
    open_game(page, site, "carcassonne", link)
    found = []
    check_why(page, topic("carcassonne", state))
    follower = next(m for m in games.get("carcassonne").legal_moves(state) if m.meeple)
    for lang in LANGS:
        set_lang(page, lang)
        check_table_screens(page, "carcassonne", lang, found)
        # the follower step: "Back" (to the tile) and Undo are different words
        fit_board(page)
        choose_square(page, follower.x, follower.y, follower.rot)
        page.click("#gt-panel [data-act=lay]")
        page.locator('#gt-panel .gt-actions[data-step="follower"]').wait_for()
        back = page.locator("#gt-panel [data-act=back]").inner_text()
        assert back != page.locator("#gt-tools [data-act=undo]").inner_text()
        found += problems(page, lang, "follower step")
        shot(page, f"carcassonne-{lang}-follower-step")
        page.click("#gt-panel [data-act=back]")
        page.locator('#gt-panel .gt-actions[data-step="place"]').wait_for()
        page.keyboard.press("Escape")  # lets go of the square
    # the end of a game between two people: one end dialog, final scoring inside it
    link, last = played_out("carcassonne", keep_last=True)
    open_game(page, site, "carcassonne", link)
    set_lang(page, "en")
    choose_square(page, last.x, last.y, last.rot)
    page.click("#gt-panel [data-act=lay]")
    result = page.locator("#gt-dialog [data-act=rematch]")
    page.locator("#gt-dialog [data-act=rematch], #gt-panel [data-act=no-follower]").wait_for()
    if not result.count():
        page.locator("#gt-panel [data-act=no-follower]").click()
    result.wait_for()
    found += in_every_language(page, "result", "carcassonne-result")
    assert found == []


def test_thurn_und_taxis_in_four_languages_with_its_rules(page, site):
    link, state = mid_game("thurn-und-taxis", 2, 30)
    open_game(page, site, "thurn-und-taxis", link)
    found = []
    check_why(page, topic("thurn-und-taxis", state))
    moves = page.locator("#gt-log li:not(.gt-log-event)").count()
    page.click('#gt-panel [data-act="draw:deck"]')  # a card from the pile
    game = games.get("thurn-und-taxis")
    state = game.apply(state, game.parse_move({"draw": "deck"}))
    wait_moves(page, moves + 1)
    check_why(page, topic("thurn-und-taxis", state))
    for lang in LANGS:
        set_lang(page, lang)
        check_table_screens(page, "thurn-und-taxis", lang, found)
    # a finished game between two people: the last move undone (the curtain: hidden hands),
    # then done again (the result)
    link, _ = played_out("thurn-und-taxis")
    open_game(page, site, "thurn-und-taxis", link)
    page.click("#gt-dialog [data-act=dialog-close]")  # a finished game opens on its result
    page.click("#gt-tools [data-act=undo]")
    page.locator("#gt-dialog [data-act=reveal]").wait_for()
    found += in_every_language(page, "curtain", "thurn-und-taxis-curtain")
    page.click("#gt-dialog [data-act=reveal]")
    page.click("#gt-tools [data-act=redo]")
    page.locator("#gt-dialog [data-act=rematch]").wait_for()
    found += in_every_language(page, "result", "thurn-und-taxis-result")
    assert found == []
