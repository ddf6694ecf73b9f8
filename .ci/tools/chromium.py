"""Debian's Chromium, which Playwright and Lighthouse drive; neither downloads a browser."""

from __future__ import annotations

import os
import shutil
import subprocess
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


def chinese_font() -> str:
    """Return the family Chromium sets Chinese text in; "" without one (or without fontconfig)."""
    query = ["fc-match", "-f", "%{family[0]}\t%{lang}", "sans-serif:lang=zh-cn"]
    found = (
        subprocess.run(query, capture_output=True, text=True).stdout
        if shutil.which(query[0])
        else ""
    )
    family, _, langs = found.partition("\t")
    return family if "zh-cn" in langs.split("|") else ""
