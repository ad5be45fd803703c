#!/usr/bin/env bash
# Shared set-up for play.sh and test.sh (source it; it changes nothing that is already current):
#   npm ci       when node_modules is missing or older than package-lock.json (the runtime: pyodide,
#                @pyscript/core; for the tests: puppeteer-core, which drives Firefox; it downloads
#                no browser: the tests use the system's)
#   build.py     copies the runtime into vendor/, writes sw.js, refreshes pyscript.toml [files]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

need() { command -v "$1" >/dev/null 2>&1 || { echo "setup: '$1' not found: $2" >&2; exit 1; }; }
need python3 "install Python 3.11+ (Debian/Ubuntu: apt-get install python3 python3-venv)"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
  || { echo "setup: Python 3.11+ is needed (found $(python3 --version))" >&2; exit 1; }
need npm "install Node.js 20+ with npm (https://nodejs.org or your distribution's nodejs package)"

stamp=node_modules/.package-lock.json   # npm writes it on every install
if [ ! -d node_modules/pyodide ] || [ ! -d node_modules/@pyscript/core ] || [ ! -d node_modules/puppeteer-core ] \
   || [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "setup: npm ci (pyodide, @pyscript/core, puppeteer-core; pinned in package-lock.json)"
  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
  touch "$stamp"
fi
python3 scripts/build.py
