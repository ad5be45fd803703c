"""PyScript entry point: assets/boot.js runs this file (config: pyscript.toml) once a game is chosen."""

import traceback

from js import performance, window

performance.mark("python-ready")

try:
    from game.ui import files

    files.install(window.bgt)  # another game's files arrive when it is first imported
    from game.ui import app

    APP = app.start()
except Exception as error:  # show the person a message, never a blank table
    window.bgt.fail(str(error), traceback.format_exc())
