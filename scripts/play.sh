#!/usr/bin/env bash
# Play: set up if needed, then serve the site on http://127.0.0.1:8000 (or the next free port).
# Needs Python 3.11+ and Node 20+ (npm) once for the set-up; serving needs only python3.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup.sh
exec python3 scripts/serve.py --port "${PORT:-8000}" --dev
