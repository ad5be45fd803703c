"""Small helpers for talking to the browser from Python (Pyodide's `js` and `pyodide.ffi`)."""

import json

from js import Object, Promise, window
from pyodide.ffi import jsnull, to_js


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


class Storage:
    """localStorage when the page may use it (not in a cross-site embed with storage refused)."""

    def __init__(self, enabled):
        self.enabled = bool(enabled)

    def get(self, key):
        if not self.enabled:
            return None
        try:
            text = nullable(window.localStorage.getItem(key))
            return None if text is None else json.loads(text)
        except Exception:
            return None

    def set(self, key, value):
        if not self.enabled:
            return False
        try:
            window.localStorage.setItem(key, json.dumps(value))
            return True
        except Exception:
            return False
