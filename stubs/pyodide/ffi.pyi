# pyodide.ffi as far as game/ui uses it: Python values handed to JavaScript and back.
from collections.abc import Callable
from typing import Any

jsnull: Any  # JavaScript's null (JavaScript's undefined arrives as None)

def create_proxy(obj: Callable[..., Any]) -> Any: ...
def to_js(obj: Any, *, dict_converter: Callable[..., Any] | None = None) -> Any: ...
