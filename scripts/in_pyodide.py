"""Python code run inside Pyodide under Node.js (scripts/pyodide_run.mjs), and what it printed:
the one way the parity tests and the benchmarks reach the browser's interpreter."""

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def printed(code, tag, timeout=900):
    """The JSON values of the lines `code` printed as `tag` followed by a space and JSON, in
    order. RuntimeError, with the end of what it wrote to stderr, when the run fails."""
    run = subprocess.run(
        ["node", str(ROOT / "scripts" / "pyodide_run.mjs"), code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if run.returncode:
        raise RuntimeError(f"pyodide_run.mjs failed ({run.returncode}):\n{run.stderr[-3000:]}")
    start = tag + " "
    return [
        json.loads(line[len(start) :]) for line in run.stdout.splitlines() if line.startswith(start)
    ]
