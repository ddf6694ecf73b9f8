"""Read the sources: the navigation, locale pages, their includes, figures and fences.

The navigation in ``mkdocs.yml`` is the one list of the pages and of the chapters (its first
section, the course); every per-chapter check derives its chapters from :func:`chapters`.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from tests.conftest import DOCS, IN_PROGRESS, LOCALES, ROOT

INCLUDE = re.compile(r'^\s*--8<--\s+"([^"]+)"\s*$', re.MULTILINE)
FENCE = re.compile(r"^\s*(```|~~~)", re.MULTILINE)
FIGURE = re.compile(r'^<div data-figure="([\w-]+)"></div>$', re.MULTILINE)


class _Loader(yaml.SafeLoader):
    """Reads ``mkdocs.yml`` as plain data: python tags (toc slugify) and ``!ENV`` read as None."""


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda *_: None)
_Loader.add_constructor("!ENV", lambda *_: None)


def glossary_entries() -> list[dict[str, Any]]:
    """The terms of ``docs/hooks/glossary.yml``, freshly read (callers may add keys)."""
    entries: list[dict[str, Any]] = yaml.safe_load(
        (DOCS / "hooks" / "glossary.yml").read_text("utf-8")
    )["terms"]
    return entries


@cache
def config() -> dict[str, Any]:
    """``mkdocs.yml`` as data (python tags read as None)."""
    found: dict[str, Any] = yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), Loader=_Loader)
    return found


def _files(items: list[Any]) -> list[str]:
    found: list[str] = []
    for item in items:
        if isinstance(item, dict):
            for value in item.values():
                found += _files(value) if isinstance(value, list) else [str(value)]
        else:
            found.append(str(item))
    return found


def nav_files() -> tuple[str, ...]:
    """Every page and notebook of the navigation, in its order (``index.md``, ``lab.ipynb``)."""
    return tuple(_files(config()["nav"]))


def not_in_nav() -> list[str]:
    """The pages mkdocs.yml builds outside the nav (its ``not_in_nav``: the printable edition)."""
    return str(config().get("not_in_nav") or "").split()


def nav_sections() -> list[tuple[str, list[str]]]:
    """The navigation by section: (English title, [page file, ...]); a lone page's title is ""."""
    found: list[tuple[str, list[str]]] = []
    for item in config()["nav"]:
        if isinstance(item, dict):
            ((title, children),) = item.items()
            found.append((str(title), _files(children)))
        else:
            found.append(("", [str(item)]))
    return found


def chapters() -> tuple[str, ...]:
    """The chapters: the stems of the pages of the navigation's first section, in order."""
    section = next(item for item in config()["nav"] if isinstance(item, dict))
    return tuple(Path(name).stem for name in _files([section]))


def figures(path: Path) -> list[str]:
    """The ids of the figures a page places (``<div data-figure="ID"></div>``), in order."""
    return FIGURE.findall(path.read_text(encoding="utf-8"))


def placed_figures() -> dict[str, list[str]]:
    """Each page of the navigation that places figures: its stem and the ids, in page order.

    The English page is the one source of where a figure goes (translations keep its lines).
    """
    found = {}
    for name in nav_files():
        if name.endswith(".md") and (ids := figures(DOCS / "en" / name)):
            found[name.removesuffix(".md")] = ids
    return found


def own_pages(locale: str) -> dict[str, Path]:
    """The Markdown pages ``locale`` has itself (a language in progress: the ones translated)."""
    folder = DOCS / locale
    return {p.relative_to(folder).as_posix(): p for p in sorted(folder.rglob("*.md"))}


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


__all__ = [
    "FENCE",
    "INCLUDE",
    "LOCALES",
    "chapters",
    "config",
    "figures",
    "includes",
    "nav_files",
    "nav_sections",
    "own_pages",
    "pages",
    "placed_figures",
]
