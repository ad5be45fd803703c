"""`python -m game ...`: see game/core/cli.py."""

import sys

from .core.cli import main

sys.exit(main())
