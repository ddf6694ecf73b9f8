"""Where links and images of a page lead, comparable between a translation and English.

Heading ids are language-neutral (``{ #id }`` copied from English), so a link's key is simply
(target page, anchor). A link to an anchor the target does not have is reported with the id
the author most likely meant: the id of the heading whose text gives that slug, or the
closest id.
"""

from __future__ import annotations

import difflib
import posixpath
from collections.abc import Callable
from pathlib import Path
from typing import cast
from urllib.parse import unquote, urlsplit

from .problem import Problem
from .structure import Pages, Structure


def external(href: str) -> bool:
    """Tell whether a link leaves the site (scheme or host given)."""
    parts = urlsplit(href)
    return bool(parts.scheme or parts.netloc) or href.startswith("//")


def _slugify(pages: Pages) -> Callable[[str, str], str]:
    """Return the site's heading slug function (toc's ``slugify``), or a plain fallback."""
    configured = pages.project.extension_configs.get("toc", {}).get("slugify")
    if callable(configured):
        return cast(Callable[[str, str], str], configured)
    return lambda text, sep: sep.join(text.lower().split())


def suggest(pages: Pages, target: Structure, anchor: str) -> str | None:
    """Return the id a wrong ``#anchor`` into ``target`` most likely meant, if any."""
    slug = _slugify(pages)
    for heading in target.headings:
        if slug(heading.text, "-") == anchor:
            return heading.id
    close = difflib.get_close_matches(anchor, sorted(target.ids), n=1, cutoff=0.5)
    return close[0] if close else None


def asset(pages: Pages, locale: str, page: str, href: str) -> tuple[str, bool]:
    """Resolve a non-page target relative to the locale folder: (target, exists)."""
    path = unquote(urlsplit(href).path)
    if not path or path.startswith("/") or external(href):
        return href, True
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
    docs: Path = pages.project.docs
    candidates = [docs / locale / target]
    if not target.startswith("../"):  # i18n falls back to the English folder's file
        candidates.append(docs / pages.project.source / target)
    return target, any(c.exists() for c in candidates)


def link_key(
    pages: Pages, here: Structure, locale: str, page: str, href: str, problems: list[Problem]
) -> tuple[str, str]:
    """Where an internal link leads, as (target, anchor); broken ones are added to problems."""
    parts = urlsplit(href)
    path, anchor = unquote(parts.path), unquote(parts.fragment)
    if path.startswith("/"):
        return path, anchor
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path)) if path else page
    file = pages.project.rel(here.path)
    line = here.line_of(href.split("#")[0] or f"#{anchor}")
    if target.endswith((".md", ".ipynb")) and not target.startswith("../"):
        shown = pages.shown(locale, target)
        if shown is None:
            what = f"link {href!r} leads to no page: {target} exists neither here nor in English"
            problems.append(Problem(file, line, what, "link to an existing page"))
            return target, anchor
        if anchor and target.endswith(".md"):
            found = pages.get(shown)
            if anchor not in found.ids:
                better = suggest(pages, found, anchor)
                fix = f"write #{better}" if better else f"use an id of {pages.project.rel(shown)}"
                what = f"link {href!r}: {pages.project.rel(shown)} has no anchor #{anchor}"
                problems.append(Problem(file, here.line_of(f"#{anchor}"), what, fix))
        return target, anchor
    resolved, exists = asset(pages, locale, page, href)
    if not exists:
        what = f"reference {href!r}: {resolved} does not exist"
        problems.append(Problem(file, line, what, "fix the path or add the file"))
    return resolved, anchor
