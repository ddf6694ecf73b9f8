"""The printable edition: one page per locale with every chapter, linked from its home page.

The chapters and their order come from mkdocs.yml's nav (its "Course" section), their titles
from their own built pages; the page's template is overrides/print.site_soup.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests import docs_sources, site_soup
from tests.conftest import LOCALES
from tests.site_html import built_page

PRINT = "print.md"


def chapters() -> list[str]:
    """The chapter files in the nav's order."""
    return [f"{stem}.md" for stem in docs_sources.chapters()]


def heading(path: Path) -> str:
    """The first heading of a built page's article, without its permalink sign."""
    return site_soup.first_text(site_soup.page(path), "article h1").removesuffix("¶").strip()


@pytest.mark.parametrize("locale", LOCALES)
def test_the_printable_edition_holds_every_chapter_in_order(site_dir: Path, locale: str) -> None:
    page = site_soup.page(built_page(site_dir, locale, PRINT))
    sections = page.select("article section.dp-print-chapter")
    titles = [site_soup.first_text(section, "h2").removesuffix("¶").strip() for section in sections]
    expected = [
        f"{number}. {heading(built_page(site_dir, locale, name))}"
        for number, name in enumerate(chapters(), start=1)
    ]
    assert titles == expected
    for section, name in zip(sections, chapters(), strict=True):
        own = site_soup.page(built_page(site_dir, locale, name))
        assert len(section.find_all("math")) == len(site_soup.article(own).find_all("math")), name
        assert len(section.select("svg")) == len(site_soup.article(own).select("svg")), name
    repeated = [i for i, n in Counter(t["id"] for t in page.find_all(id=True)).items() if n > 1]
    assert not repeated, repeated


@pytest.mark.parametrize("locale", LOCALES)
def test_each_home_page_links_to_its_printable_edition(site_dir: Path, locale: str) -> None:
    home = built_page(site_dir, locale, "index.md")
    targets = {
        (home.parent / link["href"]).resolve() / "index.html"
        for link in site_soup.anchors(site_soup.article(site_soup.page(home)))
        if link.get("href", "").rstrip("/").endswith("print")
    }
    assert targets == {built_page(site_dir, locale, PRINT).resolve()}
