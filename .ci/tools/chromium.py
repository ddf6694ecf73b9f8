"""Debian's Chromium, which Playwright and Lighthouse drive; neither downloads a browser."""

from __future__ import annotations

import os
from pathlib import Path

CHROMIUM = Path(os.environ.get("DPLESSON_CHROMIUM", "/usr/bin/chromium"))
#: Flags for a quiet, offline-friendly Chromium (Playwright adds ``--headless`` itself).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
