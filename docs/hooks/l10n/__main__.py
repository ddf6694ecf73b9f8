"""Run the translation tool: ``PYTHONPATH=docs/hooks python -m l10n --help``."""

import sys

from .commands import main

sys.exit(main())
