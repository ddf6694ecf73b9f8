"""The printable edition: one page per locale with every chapter, linked from its home page.

The chapters and their order come from mkdocs.yml's nav (its "Course" section), their titles
from their own built pages; the page's template is overrides/print.html.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests import html
from tests.conftest import LOCALES
from tests.site_html import built_page
from tests.test_chrome import nav_files

PRINT = "print.md"


def chapters() -> list[str]:
    """The chapter files in the nav's order."""
    return dict(nav_files())["Course"]


def heading(path: Path) -> str:
    """The first heading of a built page's article, without its permalink sign."""
    return html.first_text(html.page(path), "article h1").removesuffix("¶").strip()


@pytest.mark.parametrize("locale", LOCALES)
def test_the_printable_edition_holds_every_chapter_in_order(site_dir: Path, locale: str) -> None:
    page = html.page(built_page(site_dir, locale, PRINT))
    sections = page.select("article section.dp-print-chapter")
    titles = [html.first_text(section, "h2").removesuffix("¶").strip() for section in sections]
    expected = [
        f"{number}. {heading(built_page(site_dir, locale, name))}"
        for number, name in enumerate(chapters(), start=1)
    ]
    assert titles == expected
    for section, name in zip(sections, chapters(), strict=True):
        own = html.page(built_page(site_dir, locale, name))
        assert len(section.find_all("math")) == len(html.article(own).find_all("math")), name
        assert len(section.select("svg")) == len(html.article(own).select("svg")), name
    repeated = [i for i, n in Counter(t["id"] for t in page.find_all(id=True)).items() if n > 1]
    assert not repeated, repeated


@pytest.mark.parametrize("locale", LOCALES)
def test_each_home_page_links_to_its_printable_edition(site_dir: Path, locale: str) -> None:
    home = built_page(site_dir, locale, "index.md")
    targets = {
        (home.parent / link["href"]).resolve() / "index.html"
        for link in html.anchors(html.article(html.page(home)))
        if link.get("href", "").rstrip("/").endswith("print")
    }
    assert targets == {built_page(site_dir, locale, PRINT).resolve()}
