"""What the checkers' command lines share: reading and running the reader's file.

``python -m dplesson.checkpoints`` and ``python -m dplesson.capstone`` both check a Python file the
reader names; a file that is missing or fails to run gets the same two messages, in the reader's
language, from the checker's own message table.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

Checked = TypeVar("Checked")


def run_checker(
    path: Path,
    lang: str,
    check_file: Callable[[Path, str], Checked],
    message: Callable[..., str],
) -> Checked | None:
    """Return ``check_file(path, lang)``, or None after saying on stderr why it could not run."""
    if not path.is_file():
        error = "no such file" if not path.exists() else "not a file"
        print(message(lang, "missing_file", path=path, error=error), file=sys.stderr)
        return None
    try:
        return check_file(path, lang)
    except Exception as error:  # the reader's file may fail in any way
        print(message(lang, "broken_file", path=path, error=repr(error)), file=sys.stderr)
        traceback.print_exc(limit=-3, file=sys.stderr)
        return None
