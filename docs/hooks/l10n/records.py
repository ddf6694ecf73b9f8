"""Which English revision a translation was checked against: hashing, reading and writing it.

A translated page keeps a ``source`` record in its front matter; a translated notebook keeps the
same record in its notebook metadata. ``sha256`` is taken over the *words* of the English file:
runs of whitespace (line wrapping, indentation of prose) are collapsed, while fenced code is
kept byte for byte. So reflowing a paragraph marks nothing outdated, and any changed word,
symbol or line of code does. ``blob`` is the git object of the English file whose structure the
translation follows (``mark`` and ``sync`` set it), so the old English is one ``git cat-file``
away; ``unchanged`` is the reason a translator gave for marking a translation that did not
change while the English did. Older records hold a ``commit`` instead of a ``blob``.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
from mkdocs.utils.meta import get_data

from .inline import fenced
from .project import is_notebook

HASH_LENGTH = 12
FIELDS = ("sha256", "commit", "blob", "unchanged")


@dataclass(frozen=True)
class SourceRecord:
    """The English revision a translation says it was translated from (see the module)."""

    sha256: str
    commit: str | None = None
    blob: str | None = None
    unchanged: str | None = None


def normalise_markdown(text: str) -> str:
    """Collapse whitespace outside fenced code; keep fenced blocks (and their fences) exact."""
    out: list[str] = []
    prose: list[str] = []
    lines = text.replace("\r\n", "\n").split("\n")
    for line, code in zip(lines, fenced(lines), strict=True):
        if code:  # the prose before it ends here: one line of its words, then the code
            out += [" ".join(" ".join(prose).split()), line.rstrip()]
            prose = []
        else:
            prose.append(line)
    out.append(" ".join(" ".join(prose).split()))
    return "\n".join(part for part in out if part)


def read_notebook(path: Path) -> Any:
    """Read a notebook as an nbformat v4 node."""
    return nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]


def normalised(name: str, text: str) -> str:
    """Return the text a page's or notebook's hash covers (no outputs, no metadata).

    A notebook's is each cell's type and text: Markdown normalised like a page, code exact.
    """
    if not is_notebook(name):
        return normalise_markdown(text)
    notebook = nbformat.reads(text, as_version=4)  # type: ignore[no-untyped-call]
    cells = [(str(c.cell_type), str(c.source)) for c in notebook.cells]
    texts = [(k, normalise_markdown(s) if k == "markdown" else s) for k, s in cells]
    return json.dumps(texts, ensure_ascii=False)


def text_hash(text: str) -> str:
    """First hex digits of the SHA-256 of already normalised text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_LENGTH]


def source_hash(path: Path) -> str:
    """Hash a page's or notebook's words, so that reflowing or re-saving changes nothing."""
    return text_hash(normalised(path.name, path.read_text(encoding="utf-8")))


def front_matter(path: Path) -> tuple[str, dict[str, Any]]:
    """Split a page into its Markdown body and front matter, as MkDocs does."""
    return get_data(path.read_text(encoding="utf-8"))


def read_record(meta: dict[str, Any]) -> SourceRecord | None:
    """Return the ``source`` record of a page's front matter or a notebook's metadata.

    None when it is absent or malformed (no ``sha256`` text).
    """
    data = meta.get("source")
    if not isinstance(data, dict) or not isinstance(data.get("sha256"), str):
        return None
    return SourceRecord(**{k: v for k, v in data.items() if k in FIELDS and isinstance(v, str)})


def meta_of(path: Path) -> dict[str, Any]:
    """Return a page's front matter or a notebook's metadata: where its record lives."""
    return dict(read_notebook(path).metadata) if is_notebook(path.name) else front_matter(path)[1]


def record_of(path: Path) -> SourceRecord | None:
    """Read the record of a translated page or notebook file."""
    return read_record(meta_of(path))


def outdated_reason(meta: dict[str, Any], english: Path) -> str | None:
    """Why a translation (its front matter or notebook metadata) is outdated, or None."""
    record = read_record(meta)
    current = source_hash(english)
    if record is None:
        return f"no source revision recorded (English is now {current})"
    if record.sha256 != current:
        return f"English changed since {record.sha256} (now {current})"
    return None


def notebook_outdated_reason(notebook: Path, english: Path) -> str | None:
    """Do what :func:`outdated_reason` does for a translated notebook file."""
    return outdated_reason(meta_of(notebook), english)


def translation_hash(name: str, text: str) -> str:
    """Hash a translation's own words: its cells, or its front matter (but the record) and body."""
    if is_notebook(name):
        return text_hash(normalised(name, text))
    body, meta = get_data(text)
    meta = {k: v for k, v in meta.items() if k != "source"}
    return text_hash(json.dumps(meta, sort_keys=True, default=str) + normalise_markdown(body))


def _fields(record: SourceRecord) -> dict[str, str]:
    """Return the record's fields that are set, in the order they are written."""
    return {k: getattr(record, k) for k in FIELDS if getattr(record, k)}


def _record_block(record: SourceRecord) -> list[str]:
    """Write the front matter lines of a record, quoted so a hash never reads as a number."""
    return [
        "source:",
        *(f"  {k}: {json.dumps(v, ensure_ascii=False)}" for k, v in _fields(record).items()),
    ]


def _write_page_record(path: Path, record: SourceRecord) -> None:
    """Put ``record`` into the page's front matter, replacing any earlier ``source`` block."""
    lines = path.read_text(encoding="utf-8").split("\n")
    if lines and lines[0].rstrip() == "---":
        end = next((i for i in range(1, len(lines)) if lines[i].rstrip() in {"---", "..."}), None)
        if end is None:
            raise ValueError(f"{path}: front matter is not closed")
        kept: list[str] = []
        skipping = False
        for line in lines[1:end]:
            if re.match(r"source\s*:", line):
                skipping = True
                continue
            if skipping and (line.startswith((" ", "\t")) or not line.strip()):
                continue
            skipping = False
            kept.append(line)
        new = ["---", *kept, *_record_block(record), *lines[end:]]
    else:
        new = ["---", *_record_block(record), "---", "", *lines]
    path.write_text("\n".join(new), encoding="utf-8")


def _write_notebook_record(path: Path, record: SourceRecord) -> None:
    """Put ``record`` into the notebook metadata, saved the way Jupyter saves it."""
    notebook = read_notebook(path)
    notebook.metadata["source"] = _fields(record)
    path.write_text(nbformat.writes(notebook) + "\n", encoding="utf-8")  # type: ignore[no-untyped-call]


def write_record(path: Path, record: SourceRecord) -> None:
    """Record the English revision in a translated page or notebook."""
    if is_notebook(path.name):
        _write_notebook_record(path, record)
    else:
        _write_page_record(path, record)
