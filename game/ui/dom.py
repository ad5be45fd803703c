"""Small helpers for talking to the browser from Python (Pyodide's `js` and `pyodide.ffi`), and
the `Page` every part of the table draws into."""

import asyncio
import base64
import contextlib
from collections.abc import Callable, Coroutine
from typing import Any

from js import Object, Promise, Uint32Array, document, window
from pyodide.ffi import create_proxy, jsnull, to_js

from game.view.library import StoreFull


def js_object(values):
    return to_js(values, dict_converter=Object.fromEntries)


def nullable(value):
    """None for JS null (Pyodide gives `jsnull`, not None) and undefined."""
    return None if value is None or value is jsnull else value


def next_frame():
    """Awaitable: resolves at the next animation frame (after the browser has painted)."""
    return Promise.new(lambda resolve, reject: window.requestAnimationFrame(resolve))


def closest(element, selector):
    """element.closest(selector), or None (also for targets that are not elements)."""
    if getattr(element, "closest", None) is None:
        return None
    return nullable(element.closest(selector))


class Page:
    """The page around the table: boot.js's handshake object (`bridge`, described in
    game/ui/__init__.py), the element the table draws into, and the Python callables JavaScript
    holds (kept referenced here while it holds them, else they vanish)."""

    def __init__(self, bridge: Any) -> None:
        self.bridge = bridge
        self.host = document.getElementById(str(bridge.boardHost or "board-host"))
        self._proxies: list[Any] = []
        self._tasks: set[asyncio.Future[Any]] = set()

    def el(self, element_id: str) -> Any:
        """The element with this id, or None."""
        return nullable(document.getElementById(element_id))

    def proxy(self, fn: Callable[..., Any]) -> Any:
        """`fn` as a JavaScript function."""
        proxy = create_proxy(fn)
        self._proxies.append(proxy)
        return proxy

    def listen(self, target: Any, event: str, handler: Callable[[Any], Any]) -> None:
        target.addEventListener(event, self.proxy(handler))

    def run(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        """Run a coroutine as a task, keeping a reference until it ends (else it may vanish)."""
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


class LocalStore:
    """The library's Store (game/view/library.py) over localStorage: a write the browser refuses
    (quota reached, storage switched off) raises StoreFull instead of passing unnoticed."""

    def get(self, key):
        try:
            return nullable(window.localStorage.getItem(key))
        except Exception:
            return None

    def set(self, key, text):
        try:
            window.localStorage.setItem(key, text)
        except Exception as error:  # QuotaExceededError, SecurityError
            raise StoreFull(key) from error

    def remove(self, key):
        with contextlib.suppress(Exception):
            window.localStorage.removeItem(key)

    def all_keys(self):
        try:
            storage = window.localStorage
            return [str(storage.key(k)) for k in range(int(storage.length))]
        except Exception:
            return []


def random_bits(count):
    """`count` (a multiple of 32) fresh random bits from crypto.getRandomValues."""
    words = window.crypto.getRandomValues(Uint32Array.new(count // 32)).to_py()
    value = 0
    for word in words:
        value = value << 32 | int(word)
    return value


def fresh_seed():
    """A new game's seed: 128 fresh random bits."""
    return random_bits(128)


def new_match_id():
    """A fresh match id: 96 random bits as 16 URL-safe characters."""
    return base64.urlsafe_b64encode(random_bits(96).to_bytes(12, "big")).decode()
