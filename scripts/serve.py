#!/usr/bin/env python3
"""A small threaded static server for the site (the repository root), bound to 127.0.0.1.

    python3 scripts/serve.py [--port 8000] [--dir ROOT] [--dev]

Serves correct MIME types (.wasm must be application/wasm or Pyodide refuses to start) and
`Cache-Control: no-cache` (browsers revalidate, so edits show on reload). The port is the first
free one from --port upward. --dev (used by play.sh) is for working on the site: it serves a
service worker that keeps no offline copy, and refreshes pyscript.toml and vendor/preload.json when
files under game/ change (and the page's copies of them, vendor/py/), so every edit shows on the
next reload. Without --dev the site is
served exactly as deployed (offline play included).

Used by scripts/play.sh, by the browser tests and by the benchmark (`start()` runs it in-process
and counts the body bytes sent, in total, per path and over time: `sent_until(moment)`). `start(..., compress=True)` (the
benchmark) sends text, JavaScript, JSON and WebAssembly gzipped (level 6) as a static host does;
archives, images and the snapshot (already gzip) go as they are.
"""

import argparse
import errno
import functools
import gzip
import io
import os
import socket
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"

MIME = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".bin": "application/octet-stream",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
}


# what a static host compresses (the rest: archives, images, the gzipped snapshot, goes as it is)
COMPRESSED = {
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".json",
    ".webmanifest",
    ".svg",
    ".wasm",
    ".toml",
    ".py",
}

# --dev serves this instead of sw.js: no offline cache (and the deployed worker's cache is removed),
# so an edited file shows on the next reload. Offline play is tested against the real sw.js.
DEV_WORKER = """// Development worker (scripts/serve.py --dev): no offline copy, every request goes to the server.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) if (name.startsWith("board-game-table-")) await caches.delete(name);
  await self.clients.claim();
})()));
"""


class Handler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **MIME}
    server_version = "bgt-serve"
    sys_version = ""

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        path = self.path.split("?")[0]
        self.gzipped = None
        if self.server.dev and path == "/sw.js":
            return self.send_bytes(DEV_WORKER.encode(), "text/javascript; charset=utf-8")
        if self.server.dev and path in ("/pyscript.toml", "/vendor/preload.json"):
            self.server.refresh()
        if (
            self.server.compress
            and Path(path).suffix in COMPRESSED
            and "gzip" in self.headers.get("Accept-Encoding", "")
        ):
            self.gzipped = self.translate_path(self.path)
        return super().send_head()

    def send_header(self, keyword, value):
        # a gzipped answer: the same headers, but the length of what is sent and its encoding
        if self.gzipped and keyword == "Content-Length":
            self.gzipped = self.server.gzip_of(self.gzipped)
            value = str(len(self.gzipped))
            super().send_header("Content-Encoding", "gzip")
            super().send_header("Vary", "Accept-Encoding")
        super().send_header(keyword, value)

    def send_bytes(self, data, mime):
        self.send_response(200)
        self.send_header("Content-Type", mime)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        return io.BytesIO(data)

    def copyfile(self, source, outputfile):
        if isinstance(self.gzipped, bytes):
            source = io.BytesIO(self.gzipped)
        path = self.path.split("?")[0]
        while True:
            chunk = source.read(256 * 1024)
            if not chunk:
                break
            with (
                self.server.lock
            ):  # counted before it is sent: a client that has it sees it counted
                self.server.bytes_sent += len(chunk)
                self.server.sent[path] = self.server.sent.get(path, 0) + len(chunk)
                self.server.chunks.append((time.time(), path, len(chunk)))
            outputfile.write(chunk)

    def log_request(self, code="-", size="-"):
        if code != "-":
            with self.server.lock:
                self.server.log.append((self.path.split("?")[0], int(code)))
        super().log_request(code, size)

    def log_message(self, format, *args):
        if self.server.verbose:
            super().log_message(format, *args)

    def handle_one_request(self):
        try:
            super().handle_one_request()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the browser went away (tests end pages mid-download)


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address, root, dev=False, verbose=False, compress=False):
        super().__init__(address, functools.partial(Handler, directory=str(root)))
        self.root = Path(root)
        self.dev = dev
        self.verbose = verbose
        self.compress = compress
        self.lock = threading.Lock()
        self.bytes_sent = 0
        self.sent = {}  # path -> body bytes sent
        self.chunks = []  # (time written, path, bytes) of every piece of a body
        self.log = []  # (path, status) of every answer
        self._gzip = {}  # (file, mtime) -> gzipped bytes
        self._signature = None

    def reset_counts(self):
        with self.lock:
            self.bytes_sent = 0
            self.sent = {}
            self.chunks = []
            self.log = []

    def sent_until(self, moment):
        """{path: body bytes} written up to `moment` (time.time())."""
        with self.lock:
            out = {}
            for written, path, size in self.chunks:
                if written <= moment:
                    out[path] = out.get(path, 0) + size
            return out

    def gzip_of(self, file):
        key = (file, os.stat(file).st_mtime_ns)
        if key not in self._gzip:
            data = Path(file).read_bytes()
            self._gzip[key] = gzip.compress(data, compresslevel=6, mtime=0)
        return self._gzip[key]

    @property
    def url(self):
        return f"http://{HOST}:{self.server_address[1]}/"

    def refresh(self):
        """--dev: rewrite the generated files when a listed file changed (cheap stat check)."""
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import build

        with self.lock:
            paths = build.precache_list(self.root) + build.game_files(self.root)
            signature = [
                (p, os.stat(self.root / p).st_mtime_ns) for p in paths if (self.root / p).exists()
            ]
            if signature != self._signature:
                build.generate(self.root)
                self._signature = signature


def make_server(root=ROOT, port=0, dev=False, verbose=False, tries=50, compress=False):
    """A Server on the first free port from `port` (0 = any free port)."""
    last = None
    for candidate in [0] if port == 0 else range(port, port + tries):
        try:
            return Server((HOST, candidate), root, dev=dev, verbose=verbose, compress=compress)
        except OSError as error:
            if error.errno not in (errno.EADDRINUSE, errno.EACCES):
                raise
            last = error
    raise SystemExit(f"serve: no free port in {port}..{port + tries - 1}: {last}")


def start(root=ROOT, port=0, dev=False, compress=False):
    """Start a server in a background thread; returns it (server.url, server.shutdown())."""
    server = make_server(root, port, dev=dev, compress=compress)
    threading.Thread(target=server.serve_forever, name="bgt-serve", daemon=True).start()
    return server


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", default=str(ROOT))
    parser.add_argument("--dev", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    server = make_server(Path(args.dir), args.port, dev=args.dev, verbose=args.verbose)
    print(
        f"Serving {args.dir} at {server.url}  (open it in your browser; Ctrl+C stops)", flush=True
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    socket.setdefaulttimeout(None)
    sys.exit(main())
