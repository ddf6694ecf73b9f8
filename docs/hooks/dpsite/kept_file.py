"""Values a build makes once and the next build reads: one JSON file under ``.cache/``.

A step that turns the same input into the same output (a formula into MathML, a notebook's
HTML into its page) keeps its outputs in one file named by a digest of what they depend on
besides their keys (its source, a library's version), so a change starts a new file. The
file is rewritten only when a build made a new value, with the values that build used, so
it never grows stale entries. A plain build opens no file and keeps nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any


def digest(parts: Iterable[str | bytes]) -> str:
    """Return a short hex digest of ``parts`` (each one delimited, so none runs into the next)."""
    hasher = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        hasher.update(len(data).to_bytes(8, "big") + data)
    return hasher.hexdigest()[:16]


def tree(root: Path, *names: str) -> list[str | bytes]:
    """Return the path from ``root`` and the bytes of each file ``names`` are or hold."""
    parts: list[str | bytes] = []
    for name in names:
        path = root / name
        for file in [path] if path.is_file() else sorted(path.rglob("*")):
            if file.is_file() and "__pycache__" not in file.parts:
                parts += [file.relative_to(root).as_posix(), file.read_bytes()]
    return parts


def cache_path(config: Any, folder: str, parts: Iterable[str | bytes]) -> Path:
    """Return ``.cache/<folder>/<digest of parts>.json`` beside the project's ``mkdocs.yml``."""
    return Path(config.config_file_path).parent / ".cache" / folder / f"{digest(parts)}.json"


class KeptFile:
    """The values of one JSON file, the ones this build used, and whether any was new."""

    def __init__(self) -> None:
        self.path: Path | None = None
        self.known: dict[str, Any] = {}
        self.used: dict[str, Any] = {}
        self.new = False

    def open(self, path: Path | None) -> None:
        """Start a build that keeps its values in ``path``, read now; ``None`` keeps nothing."""
        if path != self.path:
            self.path, self.known = path, {}
            try:
                data = json.loads(path.read_text(encoding="utf-8")) if path else {}
            except (OSError, ValueError):
                data = {}
            if isinstance(data, dict):
                self.known = {str(key): value for key, value in data.items()}
        self.used, self.new = {}, False

    def get(self, key: str) -> Any:
        """Return the value kept for ``key``, or ``None``."""
        value = self.known.get(key)
        if value is not None:
            self.used[key] = value
        return value

    def put(self, key: str, value: Any) -> None:
        """Keep ``value`` (not ``None``) for ``key``, if a build opened a file."""
        if self.path is not None:
            self.known[key] = self.used[key] = value
            self.new = True

    def save(self) -> None:
        """Write the values this build used, if one of them was new."""
        if self.path is not None and self.new:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            text = json.dumps(self.used, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
            self.path.write_text(text, encoding="utf-8")
            self.new = False
