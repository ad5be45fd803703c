"""The browser layer: the ONLY package that imports `js`, `pyodide` or `pyscript`.

index.html loads Python only when a game is chosen; assets/boot.js then adds
`<script type="py" src="game/ui/main.py" config="pyscript.toml">` and imports PyScript.
main.py runs `app.start()`.

Everything that can be pure lives in game/view (tested in CPython); here is only the DOM glue,
the App composed of parts that each hold what they need (app.py lists them): scene.py (what the
parts share), voice.py (the one live status line, where the focus lands), dialogs.py, story.py
(the log, the review, the end), keeping.py (slots, saving, the hand-over, files out, storage
notices), screen.py (drawing), flow.py (opening a game, matches starting and arriving, playing,
the computer's turns, take-backs) and inputs.py (clicks, keys and the pointer, the buttons'
action table); dom.py (the Page, small browser helpers: localStorage as the library's store,
randomness).

Handshake with assets/boot.js (keep it this small; boot.js documents the same):
  window.bgt, created by boot.js before Python starts
    .game        the game id to show first        .lang       "en" | "cs" | "sk" | "de"
    .match       the match id asked for (?match=ID), or null: then a link in the address
                 (#m=...), else the game's latest match in progress, else the new-game form
    .storage     True when localStorage works (False in a cross-site embed with storage refused:
                 the game must still run, saving says it is off)
    .embed       True inside an embed (never take over the host page: no focus stealing,
                 no history entries, no top-level navigation)
    .boardHost   id of the element to draw into ("board-host")
    .howto       True when "How to play" was asked for (the picker's link, ?rules=1): open()
                 shows the game's rules once the table is drawn and sets it back to False
    .stage(name)          report progress ("game" while importing the game code)
    .ready(game_id)       call once the board is drawn and listening (also after every open());
                          boot.js hides the progress overlay, sets <html data-board="ready"
                          data-board-game=ID> and performance.mark("board-ready")
    .fail(message, detail) show the error panel instead of a game
    .showing(game_id, match_id)  the table now shows this game and match (a new game, a link
                          or file of another game): boot.js sets the title, and the address
                          to ?game=ID&match=MID (not in embeds)
    .back()      leave the table (Close with no game in progress): the picker, or in an embed
                 the start poster again
    .quick       True once: open() starts a game against the computer at once (the embed
                 poster's button), no form; Python sets it back to False
  Python sets on window.bgt (create_proxy'd callables) and boot.js calls:
    .open(game_id, match_id)  show a game (and a match, or null) without reloading (the
                     picker, Back/Forward, a link pasted into the address)
    .forget(match_id) the picker deleted this match: never write it back
    .setLang(lang)   redraw texts in another language
    .close()         the person went back to the picker
  performance.mark("python-ready") is set by main.py as its first act.
Element ids: #board-host (Python's), #table-title and #table-status (boot.js owns them),
#boot (progress overlay), #picker, #your-games (boot.js lists the games kept on this device from
the library's index, bgt.games: game/view/library.py describes the keys).
Texts: assets/strings.json (shipped through pyscript.toml [files]); read it with `i18n.Translator`.
"""
