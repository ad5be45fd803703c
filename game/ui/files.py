"""The Python files of a game arrive when that game is first needed: boot.js writes the core's and
the chosen game's before main.py runs, and another game's when it is opened. An import of a game
module whose files have not arrived yet (a link, a file or a stored match of another game) fetches
its package's bundle here, synchronously, from the list boot.js gives: bgt.files, {package folder:
URL of a JSON {path: source}}. The finder is asked only after the usual ones found nothing."""

import json
import os
import sys
from importlib.machinery import PathFinder

from js import XMLHttpRequest


class GameFiles:
    def __init__(self, pending):
        self.pending = pending  # package folder -> URL of its bundle, not fetched yet

    def find_spec(self, name, path=None, target=None):
        url = self.pending.pop("/".join(name.split(".")[:2]), None)
        if not url:
            return None
        request = XMLHttpRequest.new()
        request.open("GET", url, False)
        request.send(None)
        if request.status != 200:
            raise ImportError(f"{url}: HTTP {request.status}", name=name)
        for rel, source in json.loads(str(request.responseText)).items():
            if not os.path.exists(rel):
                os.makedirs(os.path.dirname(rel), exist_ok=True)
                with open(rel, "w", encoding="utf-8") as out:
                    out.write(source)
        for finder in list(sys.path_importer_cache.values()):
            if finder is not None and hasattr(finder, "invalidate_caches"):
                finder.invalidate_caches()  # the folder's listing was taken without these files
        return PathFinder.find_spec(name, path, target)


def install(bridge):
    """Fetch the files of bridge.files when an import needs them (once per package)."""
    files = getattr(bridge, "files", None)
    pending = files.to_py() if files is not None and hasattr(files, "to_py") else {}
    pending = {str(folder): str(url) for folder, url in pending.items()}
    sys.meta_path.append(GameFiles(pending))
