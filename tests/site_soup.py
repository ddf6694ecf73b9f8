"""Read built pages with BeautifulSoup: the one HTML parser of the site tests.

Each question a test asks of a page is a CSS select here, so no test walks start and end
tags by hand. Pages are parsed once per test session (``page`` caches by path, size and
modification time), because many tests read the same few hundred pages.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup, Tag

#: ``rel`` values of ``<link>`` that make the browser fetch the target.
LOADING_RELS = frozenset(
    {
        "stylesheet",
        "preload",
        "modulepreload",
        "prefetch",
        "icon",
        "shortcut",
        "apple-touch-icon",
        "manifest",
        "dns-prefetch",
        "preconnect",
    }
)
#: Elements whose ``src`` the browser fetches.
SRC_TAGS = ("script", "img", "iframe", "audio", "video", "source", "embed", "track", "input")


@lru_cache(maxsize=512)
def _parse(path: Path, size: int, mtime: int) -> BeautifulSoup:
    del size, mtime  # part of the cache key only: an edited file is parsed again
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def page(path: Path) -> BeautifulSoup:
    """The parsed page at ``path`` (parsed once while the file is unchanged)."""
    stat = path.stat()
    return _parse(path, stat.st_size, stat.st_mtime_ns)


def parse(html: str) -> BeautifulSoup:
    """Parse a fragment or page given as text (for tests on small inputs)."""
    return BeautifulSoup(html, "html.parser")


def attrs(tag: Tag) -> dict[str, str]:
    """The attributes of ``tag`` as strings (``class`` joined by spaces, as written)."""
    return {k: " ".join(v) if isinstance(v, list) else str(v) for k, v in tag.attrs.items()}


def words(text: str) -> str:
    """``text`` with runs of white space collapsed, as :func:`text` reads a page.

    No-break spaces (U+00A0, U+202F: French ``Code :``, grouped digits) count as spaces, so a
    setting written with them compares equal to the page that shows it.
    """
    return " ".join(text.split())


def text(tag: Tag | None) -> str:
    """The visible text of ``tag`` with runs of white space collapsed; ``""`` for None."""
    return words(tag.get_text()) if tag is not None else ""


def first_text(soup: BeautifulSoup | Tag, selector: str) -> str:
    """The collapsed text of the first element matching ``selector`` (``""`` if none)."""
    return text(soup.select_one(selector))


def lang(soup: BeautifulSoup) -> str:
    """The ``lang`` of the page's ``<html>`` element (``""`` if it has none)."""
    root = soup.find("html")
    return str(root.get("lang") or "") if isinstance(root, Tag) else ""


def ids(soup: BeautifulSoup) -> set[str]:
    """Every fragment the page can be scrolled to: element ids and ``<a name>``."""
    found = {str(tag["id"]) for tag in soup.select("[id]")}
    return found | {str(tag["name"]) for tag in soup.select("a[name]")}


def anchors(soup: BeautifulSoup | Tag, selector: str = "a") -> list[dict[str, str]]:
    """The attributes of every ``<a>`` (or ``selector`` match), in document order."""
    return [attrs(tag) for tag in soup.select(selector)]


def loads(soup: BeautifulSoup) -> list[str]:
    """Every URL the browser fetches while it renders the page (not the links it shows)."""
    urls = [str(tag["src"]) for tag in soup.select(",".join(f"{t}[src]" for t in SRC_TAGS))]
    for tag in soup.select("[srcset], [imagesrcset]"):
        for attribute in ("srcset", "imagesrcset"):
            for part in str(tag.get(attribute) or "").split(","):
                if part.strip():
                    urls.append(part.split()[0])
    urls += [str(tag["poster"]) for tag in soup.select("video[poster]")]
    urls += [str(tag["data"]) for tag in soup.select("object[data]")]
    for tag in soup.select("link[href]"):
        rel = attrs(tag).get("rel", "").lower().split()
        if set(rel) & LOADING_RELS:
            urls.append(str(tag["href"]))
    return [url.strip() for url in urls if url.strip()]


def config(soup: BeautifulSoup) -> dict[str, Any]:
    """The JSON of Material's ``<script id="__config">`` (the search's ``base`` and more)."""
    script = soup.find("script", id="__config")
    assert isinstance(script, Tag), "the page has no __config script"
    data: dict[str, Any] = json.loads(script.get_text())
    return data


def article(soup: BeautifulSoup) -> Tag:
    """The page's article (``article.md-content__inner``), where the lesson's text is."""
    found = soup.select_one("article.md-content__inner") or soup.select_one("article")
    assert found is not None, "the page has no article"
    return found
