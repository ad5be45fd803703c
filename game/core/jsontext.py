"""Reading JSON from outside (files, links, storage) without letting any input hurt the page.

`json.loads` recurses once per nesting level, so text nested 10,000 deep exhausts the interpreter's
stack (in Pyodide: a fatal error, not an exception). The size and the depth are therefore checked
on the raw text, before anything is parsed.
"""

import json
from typing import Any

MAX_BYTES = 1_000_000  # no save, link or stored game comes near this (a long game is ~20 kB)
MAX_DEPTH = 64  # a save nests about 6 deep


class JSONTextError(ValueError):
    """Text that is not JSON, too large or too deeply nested; the message says which."""


def nesting_depth(text: str) -> int:
    """The deepest nesting of [ and { outside strings (a scan, no recursion)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def load_json(text: str | bytes, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """The value `text` holds; JSONTextError for anything else, never another exception."""
    if isinstance(text, bytes):
        if len(text) > max_bytes:
            raise JSONTextError(f"it is too large ({len(text):,} bytes; at most {max_bytes:,})")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JSONTextError("it is not text (UTF-8)") from None
    if not isinstance(text, str):
        raise JSONTextError("it is not text")
    if len(text) > max_bytes:
        raise JSONTextError(f"it is too large ({len(text):,} characters; at most {max_bytes:,})")
    if nesting_depth(text) > max_depth:
        raise JSONTextError(f"it is nested more than {max_depth} levels deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise JSONTextError(f"it is not valid JSON (it may be cut short): {e}") from None
