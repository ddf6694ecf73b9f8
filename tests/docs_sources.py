"""Read the Markdown sources: locale pages, their example includes, headings and fences."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import DOCS, IN_PROGRESS, LOCALES

INCLUDE = re.compile(r'^\s*--8<--\s+"([^"]+)"\s*$', re.MULTILINE)
FENCE = re.compile(r"^\s*(```|~~~)", re.MULTILINE)


def pages(locale: str) -> dict[str, Path]:
    """The Markdown pages of one locale, keyed by their path inside the locale folder.

    A language in progress shows English's page wherever it has none of its own yet.
    """
    found: dict[str, Path] = {}
    for code in ("en", locale) if locale in IN_PROGRESS else (locale,):
        folder = DOCS / code
        found |= {p.relative_to(folder).as_posix(): p for p in sorted(folder.rglob("*.md"))}
    return dict(sorted(found.items()))


def includes(path: Path) -> list[str]:
    """The snippet files a page includes, in order."""
    return INCLUDE.findall(path.read_text(encoding="utf-8"))


__all__ = ["FENCE", "INCLUDE", "LOCALES", "includes", "pages"]
