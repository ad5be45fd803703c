#!/usr/bin/env bash
# Test: set up if needed (also .venv with requirements-dev.txt), then run the whole suite with
# pytest: engine tests (CPython) and browser tests (Playwright driving the system Chromium;
# set CHROMIUM=/path/to/chromium if it is not /usr/bin/chromium). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup.sh

venv_stamp=.venv/.requirements-dev.txt
if [ ! -x .venv/bin/python ] || ! cmp -s requirements-dev.txt "$venv_stamp"; then
  echo "setup: .venv with requirements-dev.txt (pytest, playwright, pytest-playwright)"
  python3 -m venv .venv || { echo "setup: python3 -m venv failed (Debian/Ubuntu: apt-get install python3-venv)" >&2; exit 1; }
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
  cp requirements-dev.txt "$venv_stamp"
fi
exec .venv/bin/python -m pytest "$@"
