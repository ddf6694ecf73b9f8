"""Where built pages live, and one page in a nutshell (its loads, links, ids and lang).

``locale_root``, ``built_page`` and ``locale_of`` are the one map from a locale and a source
page to the built file. ``scan`` is a thin summary over ``tests.site_soup`` (BeautifulSoup), kept
for the tests that only need those few facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tests import site_soup
from tests.conftest import LOCALES

SOURCE = LOCALES[0]  # the language written at the site root


@dataclass(frozen=True)
class PageScan:
    """The URLs a page loads, its ``<a>`` attributes, its ids, ``<html lang>`` and math count."""

    loads: list[str]
    anchors: list[dict[str, str]]
    ids: set[str]
    lang: str
    math: int


def scan(path: Path) -> PageScan:
    """Summarise one built page."""
    soup = site_soup.page(path)
    return PageScan(
        loads=site_soup.loads(soup),
        anchors=site_soup.anchors(soup),
        ids=site_soup.ids(soup),
        lang=site_soup.lang(soup),
        math=len(soup.find_all("math")),
    )


def locale_root(site: Path, locale: str) -> Path:
    """The folder of ``locale``'s pages: the site root for the source language."""
    return site if locale == SOURCE else site / locale


def built_page(site: Path, locale: str, source: str) -> Path:
    """The built file of a source page: ``laplace.md`` in nl is ``nl/laplace/index.html``."""
    stem = source.rsplit(".", 1)[0]
    folder = locale_root(site, locale)
    return (folder if stem == "index" else folder / stem) / "index.html"


def locale_of(site: Path, page: Path) -> str:
    """The locale a built file belongs to, from its first folder."""
    first = page.relative_to(site).parts[0]
    return first if first in LOCALES else SOURCE
