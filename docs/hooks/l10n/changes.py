"""What changed in an English page or notebook since a translation was checked: git and diff.

The record's commit (or, failing that, any commit in the file's history with the same hash)
gives the old English text. The two texts are compared word by word, so a reflow shows
nothing and an inserted word shows only that word, and each change names the section (the
heading above it, or the notebook cell) where it happened.
"""

from __future__ import annotations

import difflib
import json
import re
import subprocess
from pathlib import Path

from .project import is_notebook
from .records import SourceRecord, normalise_markdown, text_hash

CONTEXT = 4  # words of context on each side of a change
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)(?:[ \t]*\{[^}]*\})?[ \t]*$", re.MULTILINE)


def _git_bytes(cwd: Path, *args: str) -> bytes | None:
    """Run git in ``cwd``; its stdout, or None when git or the revision is unavailable."""
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def _git(cwd: Path, *args: str) -> str | None:
    """Run git in ``cwd``; its stdout as text, or None on failure."""
    out = _git_bytes(cwd, *args)
    return None if out is None else out.decode("utf-8", "replace")


def _normalised_bytes(name: str, data: bytes) -> str:
    """Normalise a file's stored bytes the way :func:`records.normalised` does."""
    text = data.decode("utf-8", "replace")
    if not is_notebook(name):
        return normalise_markdown(text)
    cells = json.loads(text).get("cells", [])
    pairs = []
    for cell in cells:
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else str(source)
        kind = str(cell.get("cell_type"))
        pairs.append((kind, normalise_markdown(source) if kind == "markdown" else source))
    return json.dumps(pairs, ensure_ascii=False)


def text_at(english: Path, commit: str) -> str | None:
    """Return the raw text of ``english`` as stored in ``commit``; None if the commit lacks it."""
    data = _git_bytes(english.parent, "show", f"{commit}:./{english.name}")
    return None if data is None else data.decode("utf-8", "replace")


def _hash_at(english: Path, commit: str) -> str | None:
    """Hash ``english`` as stored in ``commit``."""
    text = text_at(english, commit)
    return None if text is None else text_hash(_normalised_bytes(english.name, text.encode()))


def commit_of(english: Path, current: str) -> str | None:
    """Return the last commit holding the words of ``english`` (hash ``current``); None if dirty."""
    commit = _git(english.parent, "log", "-1", "--format=%H", "--", english.name)
    commit = commit.strip() if commit else None
    if commit and _hash_at(english, commit) == current:
        return commit
    return None


def find_commit(english: Path, record: SourceRecord) -> str | None:
    """Find a commit holding the recorded English words: the recorded one, else from history."""
    if record.commit and _hash_at(english, record.commit) == record.sha256:
        return record.commit
    history = _git(english.parent, "log", "--format=%H", "-n", "500", "--", english.name)
    for commit in (history or "").split():
        if _hash_at(english, commit) == record.sha256:
            return commit
    return None


def _sections(name: str, text: str) -> list[tuple[int, str]]:
    """(word offset, section name) of each section start in ``text``."""
    marks: list[tuple[int, str]] = [(0, "the top of the page")]
    if is_notebook(name):
        words = 0
        for number, cell in enumerate(json.loads(text).get("cells", []), 1):
            source = cell.get("source", "")
            source = "".join(source) if isinstance(source, list) else str(source)
            marks.append((words, f"cell {number} ({cell.get('cell_type')})"))
            words += len(source.split())
        return marks
    for match in _HEADING.finditer(text):
        marks.append((len(text[: match.start()].split()), match.group(1).strip()))
    return marks


def _words(name: str, text: str) -> list[str]:
    """List the words of a page, or of a notebook's cell sources in order."""
    if not is_notebook(name):
        return text.split()
    words: list[str] = []
    for cell in json.loads(text).get("cells", []):
        source = cell.get("source", "")
        words += ("".join(source) if isinstance(source, list) else str(source)).split()
    return words


def word_diff(name: str, old: str, new: str) -> tuple[list[str], str]:
    """Compare two raw texts word by word: (changed sections, ``[-old-]{+new+}`` hunks)."""
    before, after = _words(name, old), _words(name, new)
    marks = _sections(name, new)
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    sections: list[str] = []
    hunks: list[str] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        section = [title for start, title in marks if start <= j1][-1]
        if section not in sections:
            sections.append(section)
        removed = "[-" + " ".join(before[i1:i2]) + "-]" if i2 > i1 else ""
        added = "{+" + " ".join(after[j1:j2]) + "+}" if j2 > j1 else ""
        parts = [*after[max(0, j1 - CONTEXT) : j1], removed + added, *after[j2 : j2 + CONTEXT]]
        hunks.append(f"  in {section}: … " + " ".join(parts) + " …")
    return sections, "\n".join(hunks)


def english_diff(english: Path, label: str, record: SourceRecord | None) -> str:
    """Show the English word changes since the recorded revision, or say why they are unknown."""
    if record is None:
        return (
            f"{label} records no source revision: compare it with the English by hand, "
            "then mark it."
        )
    commit = find_commit(english, record)
    if commit is None:
        shallow = _git(english.parent, "rev-parse", "--is-shallow-repository")
        hint = (
            "this is a shallow clone: run `git fetch --unshallow` and try again"
            if shallow and shallow.strip() == "true"
            else "no commit in this clone's history holds that revision"
        )
        return (
            f"Cannot show the English changes for {label}: the recorded revision "
            f"{record.sha256} (commit {record.commit or 'unknown'}) is not available ({hint}). "
            "Compare with the English by hand."
        )
    old = text_at(english, commit) or ""
    sections, hunks = word_diff(english.name, old, english.read_text(encoding="utf-8"))
    if not sections:
        return f"The English words are the same as in commit {commit[:12]} (only layout changed)."
    return f"Changed since {commit[:12]}, in: " + "; ".join(sections) + "\n" + hunks
