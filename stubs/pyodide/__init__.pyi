# Pyodide (CPython in WebAssembly): only its `ffi` module is used (stubs/pyodide/ffi.pyi).
