"""One finding of the report: the file and line it is about, what is wrong, and what to do."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """A reason a translation drifted from its English source, with the fix."""

    file: str  # relative to the docs folder, e.g. "nl/laplace.md"
    line: int  # 1-based; for notebooks the Jupyter cell number
    what: str
    fix: str
    unit: str = "line"  # "line" for pages, "cell" for notebooks

    def __str__(self) -> str:
        """Render as ``nl/laplace.md line 12: what — fix``."""
        return f"{self.file} {self.unit} {self.line}: {self.what} — {self.fix}"


@dataclass(frozen=True)
class Finding:
    """A problem outside the pages (an interface string, a glossary entry) of one locale.

    ``fails`` tells whether it fails the checks (one of ``kind`` ``missing``: the release check
    only), or only informs, like a page that falls back to English in a language in progress.
    """

    locale: str
    section: str  # "strings" (the settings file) or "glossary"
    key: str  # the dotted key ("exercises.check") or the term id ("noise")
    kind: str  # what is wrong, e.g. "missing" or "identical"
    problem: Problem
    fails: bool
