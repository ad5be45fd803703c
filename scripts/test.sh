#!/usr/bin/env bash
# Test: set up if needed (also .venv with requirements-dev.txt), then run the whole suite with
# pytest: engine tests (CPython) and browser tests in Chromium (Playwright), Firefox ESR
# (Puppeteer over WebDriver BiDi) and WebKitGTK (its WebDriver and Selenium, under xvfb-run); see
# tests/browser/engines.py for where each browser is looked for. Extra arguments go to pytest.
# The slowest tests are listed at the end (--durations in pytest.ini).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup.sh

venv_stamp=.venv/.requirements-dev.txt
if [ ! -x .venv/bin/python ] || ! cmp -s requirements-dev.txt "$venv_stamp"; then
  echo "setup: .venv with requirements-dev.txt (pytest, playwright, selenium, ...)"
  python3 -m venv .venv || { echo "setup: python3 -m venv failed (Debian/Ubuntu: apt-get install python3-venv)" >&2; exit 1; }
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
  cp requirements-dev.txt "$venv_stamp"
fi
# two test processes (pytest-xdist), a file each at a time (its module fixtures stay in one
# process); BGT_TEST_PROCESSES=1 runs them in this one
exec .venv/bin/python -m pytest -n "${BGT_TEST_PROCESSES:-2}" --dist loadfile "$@"
