"""What changed in an English page or notebook since a translation was checked: git and diff.

The record's blob (``git cat-file``), else its commit, else any commit in the file's history
whose words have the recorded hash, gives the old English text. The two texts are compared
word by word, so a reflow shows nothing and an inserted word shows only that word, and each
change names the section (the heading above it, with its id, or the notebook cell) where it
happened.
"""

from __future__ import annotations

import difflib
import re
import subprocess
from pathlib import Path

import nbformat

from .project import is_notebook
from .records import SourceRecord, normalised, source_hash, text_hash

CONTEXT = 4  # words of context on each side of a change
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*$", re.MULTILINE)


def _git(cwd: Path, *args: str) -> str | None:
    """Run git in ``cwd``; its stdout as text, or None when git or the revision is unavailable."""
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.decode("utf-8", "replace") if done.returncode == 0 else None


def text_at(english: Path, commit: str) -> str | None:
    """Return the raw text of ``english`` as stored in ``commit``; None if the commit lacks it."""
    return _git(english.parent, "show", f"{commit}:./{english.name}")


def _hash(english: Path, text: str | None) -> str | None:
    """Hash a text of ``english`` (None when there is none), as its record would."""
    return None if text is None else text_hash(normalised(english.name, text))


def blob_of(path: Path) -> str | None:
    """Store ``path`` in git's object database and return its blob id; None without git."""
    blob = _git(path.parent, "hash-object", "-w", "--", path.name)
    return blob.strip() if blob else None


def english_text(english: Path, record: SourceRecord, reviewed: bool = True) -> str | None:
    """Return the English a record points at; None when this clone's git history lacks it.

    ``reviewed``: the English whose words were reviewed (hash ``sha256``); otherwise the English
    whose structure the translation follows (``blob``, which ``sync`` moves ahead).
    """
    if record.blob:
        text = _git(english.parent, "cat-file", "blob", record.blob)
        if text is not None and not (reviewed and _hash(english, text) != record.sha256):
            return text
    history = _git(english.parent, "log", "--format=%H", "-n", "500", "--", english.name)
    for commit in [*([record.commit] if record.commit else []), *(history or "").split()]:
        text = text_at(english, commit)
        if text is not None and _hash(english, text) == record.sha256:
            return text
    return None


def before_english_change(english: Path, translation: Path) -> str | None:
    """Return the translation as it was just before its English last changed its words.

    That is the translation at ``HEAD`` while the English change is not committed yet, else at
    the parent of the last commit that changed the English words (a reflow does not count).
    None without git history, or when the translation did not exist then.
    """
    commits = (_git(english.parent, "log", "--format=%H", "--", english.name) or "").split()
    newest, before = source_hash(english), "HEAD"  # the working tree, then each commit in turn
    for commit in commits:
        stored = _hash(english, text_at(english, commit))
        if stored != newest:
            return text_at(translation, before)
        newest, before = stored, f"{commit}^"
    return None


def _parts(name: str, text: str) -> list[tuple[str, str]]:
    """(section name, text) of each part: a notebook's cells, a page's heading sections."""
    if is_notebook(name):
        cells = nbformat.reads(text, as_version=4).cells  # type: ignore[no-untyped-call]
        return [(f"cell {n} ({c.cell_type})", str(c.source)) for n, c in enumerate(cells, 1)]
    starts = [0, *(m.start() for m in _HEADING.finditer(text)), len(text)]
    titles = ["the top of the page", *(m.group(1) for m in _HEADING.finditer(text))]
    return [(t, text[a:b]) for t, a, b in zip(titles, starts, starts[1:], strict=False)]


def word_diff(name: str, old: str, new: str) -> tuple[list[str], str]:
    """Compare two raw texts word by word: (changed sections, ``[-old-]{+new+}`` hunks)."""
    before = [w for _, part in _parts(name, old) for w in part.split()]
    marks: list[tuple[int, str]] = []
    after: list[str] = []
    for title, part in _parts(name, new):
        marks.append((len(after), title))
        after += part.split()
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
    old = english_text(english, record)
    if old is None:
        shallow = _git(english.parent, "rev-parse", "--is-shallow-repository")
        hint = (
            "this is a shallow clone: run `git fetch --unshallow` and try again"
            if shallow and shallow.strip() == "true"
            else "no commit in this clone's history holds that revision"
        )
        return (
            f"Cannot show the English changes for {label}: the recorded revision "
            f"{record.sha256} is not available ({hint}). Compare with the English by hand."
        )
    sections, hunks = word_diff(english.name, old, english.read_text(encoding="utf-8"))
    if not sections:
        return f"The English words are the same as in {record.sha256} (only layout changed)."
    return f"Changed since {record.sha256}, in: " + "; ".join(sections) + "\n" + hunks
