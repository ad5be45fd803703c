"""Board-game table: rules engines (pure Python, CPython and Pyodide) and the browser layer.

from game import games
toscana = games.get("toscana")
"""

from .core import registry as games  # noqa: F401
