"""The synthetic project the ``l10n`` tests break on purpose, and helpers to run the tool.

``tests/fixtures/l10n/`` holds English, Dutch (complete, every file translated and marked) and
German (in progress: one page). Each test copies it, changes one thing and reads the report.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from l10n.changes import english_diff, word_diff
from l10n.commands import main
from l10n.findings import failing_findings, findings
from l10n.project import Project, load_project
from l10n.records import (
    SourceRecord,
    normalise_markdown,
    read_record,
    record_of,
    source_hash,
    write_record,
)
from l10n.report import PageStatus, failing, report

__all__ = [
    "FIXTURE",
    "PageStatus",
    "SourceRecord",
    "cli",
    "copy_fixture",
    "edit",
    "english_diff",
    "failing",
    "failing_findings",
    "findings",
    "git",
    "git_project",
    "normalise_markdown",
    "problems",
    "project",
    "read_record",
    "record_of",
    "report",
    "source_hash",
    "status",
    "word_diff",
    "write_record",
]

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "l10n"


def copy_fixture(target: Path) -> Path:
    """Copy the fixture project to ``target`` and return the copy's root."""
    root = target / "project"
    shutil.copytree(FIXTURE, root)
    return root


def git(root: Path, *args: str) -> str:
    """Run git in the copied project without touching the user's configuration."""
    config = ["-c", "user.name=T", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"]
    done = subprocess.run(
        ["git", *config, *args], cwd=root, capture_output=True, text=True, check=True
    )
    return done.stdout


def git_project(target: Path) -> Path:
    """Copy the fixture into a git repository, Dutch marked against the first commit."""
    root = copy_fixture(target)
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "start")
    assert cli(root, "mark", "nl", "guide.md", "lab.ipynb") == 0
    git(root, "commit", "-q", "-am", "mark")
    return root


def project(root: Path) -> Project:
    """Load the copied project's configuration."""
    return load_project(root / "mkdocs.yml")


def status(root: Path, locale: str, page: str) -> PageStatus:
    """The report's entry for one file."""
    (found,) = report(project(root), [locale], [page])
    return found


def problems(root: Path, locale: str, page: str) -> list[str]:
    """The report's messages for one file, as printed (drift, or structure the English added)."""
    found = status(root, locale, page)
    return [str(p) for p in [*found.problems, *found.pending]]


def edit(path: Path, old: str, new: str) -> None:
    """Replace one occurrence of ``old`` (which must be there) in a file."""
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def cli(root: Path, *args: str) -> int:
    """Run the command line on the copied project; return its exit status."""
    return main(["--config", str(root / "mkdocs.yml"), *args])
