"""The Python files of a game arrive when that game is first needed: PyScript writes the core and
the chosen game's before main.py runs, and boot.js another game's when it is opened. An import of
a game module whose files have not arrived yet (a link, a file or a stored match of another game)
fetches them here, synchronously, from the list boot.js gives: bgt.files, {package folder: {path:
URL}}. The finder is asked only after the usual ones found nothing."""

import os
import sys
from importlib.machinery import PathFinder

from js import XMLHttpRequest


class GameFiles:
    def __init__(self, pending):
        self.pending = pending  # package folder -> {path: URL} of its files not fetched yet

    def find_spec(self, name, path=None, target=None):
        files = self.pending.pop("/".join(name.split(".")[:2]), None)
        if not files:
            return None
        for rel, url in files.items():
            if not os.path.exists(rel):
                request = XMLHttpRequest.new()
                request.open("GET", url, False)
                request.send(None)
                if request.status != 200:
                    raise ImportError(f"{rel}: HTTP {request.status}", name=name)
                os.makedirs(os.path.dirname(rel), exist_ok=True)
                with open(rel, "w", encoding="utf-8") as out:
                    out.write(str(request.responseText))
        for finder in list(sys.path_importer_cache.values()):
            if finder is not None and hasattr(finder, "invalidate_caches"):
                finder.invalidate_caches()  # the folder's listing was taken without these files
        return PathFinder.find_spec(name, path, target)


def install(bridge):
    """Fetch the files of bridge.files when an import needs them (once per package)."""
    files = getattr(bridge, "files", None)
    pending = files.to_py() if files is not None and hasattr(files, "to_py") else {}
    pending = {
        str(folder): {str(p): str(u) for p, u in files.items()} for folder, files in pending.items()
    }
    sys.meta_path.append(GameFiles(pending))
