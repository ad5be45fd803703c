# Pyodide's `js` module (the browser's global scope) as far as game/ui uses it. Every value is a
# JavaScript object seen through a JsProxy: its attributes and calls are unknown to Python, so
# they are typed Any.
from typing import Any

Blob: Any
Date: Any
Object: Any
Promise: Any
URL: Any
Uint32Array: Any
XMLHttpRequest: Any
document: Any
location: Any
navigator: Any
performance: Any
window: Any
