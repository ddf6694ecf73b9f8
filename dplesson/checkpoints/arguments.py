"""Input rules for the checker's helpers: a clear ``ValueError``, and nothing run unnamed.

``check_file`` executes Python code, so its path is taken only as given: a ``str`` or an
``os.PathLike`` naming an existing ``.py`` file. ``None`` or any other object is never
turned into a path with ``str()``, which would run a file named ``None`` if one existed.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TypeVar

__all__ = ["check_namespace_argument", "check_path", "check_results"]

Item = TypeVar("Item")


def _describe(value: object) -> str:
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} ({type(value).__name__})"


def check_path(path: object) -> Path:
    """Return ``path`` as a ``Path`` if it is a ``str`` or ``os.PathLike`` naming a ``.py`` file.

    Bytes, ``None`` and every other object are refused without being converted, so no file
    is run that the caller did not name.
    """
    expected = "path must be a str or os.PathLike naming an existing .py file"
    if not isinstance(path, (str, os.PathLike)):
        raise ValueError(f"{expected}; got {_describe(path)}")
    name = os.fspath(path)
    if not isinstance(name, str) or not name:
        raise ValueError(f"{expected}; got {_describe(path)}")
    target = Path(name)
    if target.suffix != ".py":
        raise ValueError(f"path must name a .py file; got {name!r}")
    if not target.is_file():
        raise ValueError(f"path must name an existing file; got {name!r}")
    return target


def check_namespace_argument(namespace: object) -> Mapping[str, object]:
    """Return ``namespace`` if it is a mapping whose keys are all ``str``, like ``globals()``."""
    if not isinstance(namespace, Mapping) or not all(isinstance(k, str) for k in namespace):
        raise ValueError(
            "namespace must be a mapping of names to objects, such as globals() or "
            f"vars(module); got {_describe(namespace)}"
        )
    return namespace


def check_results(results: object, kind: type[Item]) -> Sequence[Item]:
    """Return ``results`` if it is a list or tuple whose items are all ``kind``."""
    if not isinstance(results, (list, tuple)) or not all(isinstance(r, kind) for r in results):
        raise ValueError(
            f"results must be a list or tuple of {kind.__name__} objects, as check, "
            f"check_namespace and check_file return them; got {_describe(results)}"
        )
    return results
