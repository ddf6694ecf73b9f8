"""The built site, page by page: ``<html lang>``, hreflang and canonical, headings, alt text,
search, robots.txt and the sitemap.

This module owns ``<html lang>`` (every page, 404 pages included) and the head's links.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin
from xml.etree import ElementTree

import pytest
from bs4 import BeautifulSoup, Tag

import chrome
from tests import site_soup
from tests.conftest import IN_PROGRESS, LOCALES
from tests.docs_sources import config
from tests.site_html import locale_of
from tools import links

SEPARATOR_CHARACTERS = ("\\u200b", "\\s", "，", "„")
#: The languages Material's search is configured with (mkdocs.yml, plugin ``search``).
SEARCH_LANGUAGES = next(
    p["search"]["lang"] for p in config()["plugins"] if isinstance(p, dict) and "search" in p
)


@dataclass(frozen=True)
class Structure:
    """What one page declares: language, head links, description, headings and images."""

    lang: str
    alternates: dict[str, str]  # hreflang -> href of the head's <link rel="alternate">
    canonical: str
    description: str
    config: dict[str, object]
    headings: list[int]  # levels of the article's headings, in order
    images: list[str | None]  # alt of the article's images
    svg_names: list[str | None]  # accessible name of the article's role="img" drawings
    fallback: bool  # an English page shown in a translation


def structure(path: Path) -> Structure:
    soup = site_soup.page(path)
    canonical = soup.select_one("link[rel=canonical]")
    description = soup.select_one("meta[name=description]")
    body = soup.select_one("article.md-content__inner")
    found = body.select("h1, h2, h3, h4, h5, h6, img, svg[role=img]") if body else []
    return Structure(
        lang=site_soup.lang(soup),
        alternates={
            str(link["hreflang"]): str(link.get("href", ""))
            for link in soup.select("link[rel=alternate][hreflang]")
        },
        canonical=str(canonical.get("href", "")) if canonical else "",
        description=str(description.get("content", "")) if description else "",
        config=site_soup.config(soup),
        headings=[int(t.name[1]) for t in found if t.name.startswith("h")],
        images=[str(t["alt"]) if t.has_attr("alt") else None for t in found if t.name == "img"],
        svg_names=[svg_name(soup, t) for t in found if t.name == "svg"],
        fallback=soup.select_one(".translation-fallback") is not None,
    )


def svg_name(soup: BeautifulSoup, svg: Tag) -> str | None:
    """A drawing's accessible name: its ``aria-label``, or the text ``aria-labelledby`` names."""
    if svg.get("aria-label"):
        return str(svg["aria-label"])
    ids = str(svg.get("aria-labelledby") or "").split()
    text = " ".join(t.get_text() for i in ids if (t := soup.find(id=i)) is not None).strip()
    return text or None


@pytest.fixture(scope="module")
def site_url() -> str:
    return links.site_url()


@pytest.fixture(scope="module")
def pages(site_dir: Path) -> dict[Path, Structure]:
    found = {p: structure(p) for p in sorted(site_dir.rglob("index.html"))}
    assert len(found) >= 14 * len(LOCALES)
    return found


def test_every_page_declares_its_language(site_dir: Path) -> None:
    """Every HTML file, 404 pages included: ``<html lang>`` is the locale of its folder."""
    found = {p: site_soup.lang(site_soup.page(p)) for p in sorted(site_dir.rglob("*.html"))}
    assert len(found) >= 15 * len(LOCALES)
    wrong = {
        p.relative_to(site_dir).as_posix(): lang
        for p, lang in found.items()
        if lang != locale_of(site_dir, p)
    }
    assert not wrong, wrong


def test_heads_name_no_alternates_and_a_canonical_only_with_a_site_url(
    site_dir: Path, pages: dict[Path, Structure], site_url: str
) -> None:
    """Translations are announced in the sitemap; a head ``hreflang`` link would make
    Material request a sitemap next to it (overrides/main.html leaves them out)."""
    for path, page in pages.items():
        rel = path.relative_to(site_dir).as_posix()
        assert not page.alternates, rel
        if not site_url:
            assert not page.canonical, rel
        else:
            assert page.canonical == urljoin(site_url, rel.removesuffix("index.html")), rel


def test_descriptions_are_in_the_page_language(
    site_dir: Path, pages: dict[Path, Structure]
) -> None:
    english = pages[site_dir / "index.html"].description
    assert english
    for locale in LOCALES[1:]:
        here = pages[site_dir / locale / "index.html"].description
        assert here and (here != english or locale in IN_PROGRESS), locale
    assert re.search(r"[\u4e00-\u9fff]", pages[site_dir / "zh" / "index.html"].description)


def test_headings_do_not_skip_levels(site_dir: Path, pages: dict[Path, Structure]) -> None:
    for path, page in pages.items():
        rel = path.relative_to(site_dir).as_posix()
        assert page.headings[:1] == [1], (rel, page.headings)
        assert page.headings.count(1) == 1, (rel, page.headings)
        for before, after in zip(page.headings, page.headings[1:], strict=False):
            assert after <= before + 1, (rel, page.headings)


def test_images_and_charts_have_text_in_the_page_language(
    site_dir: Path, pages: dict[Path, Structure]
) -> None:
    seen = 0
    for path, page in pages.items():
        rel = path.relative_to(site_dir).as_posix()
        assert all(alt and alt.strip() for alt in page.images), rel
        assert all(page.svg_names), rel
        names = page.images + page.svg_names
        seen += len(names)
        locale = locale_of(site_dir, path)
        if locale == "en" or page.fallback or not names:
            continue
        english = pages[site_dir / path.relative_to(site_dir / locale)]
        english_names = english.images + english.svg_names
        assert len(names) == len(english_names), rel
        for alt, english_alt in zip(names, english_names, strict=True):
            assert alt != english_alt, (rel, alt)
            if locale == "zh":
                assert re.search(r"[\u4e00-\u9fff]", alt or ""), (rel, alt)
    assert seen >= 7 * len(LOCALES)  # the lab's figures, in every locale, and the chapters'


def test_each_locale_searches_its_own_index(site_dir: Path, pages: dict[Path, Structure]) -> None:
    for locale in LOCALES:
        root = site_dir if locale == "en" else site_dir / locale
        index = json.loads((root / "search" / "search_index.json").read_text(encoding="utf-8"))
        # The search plugin's language (its stop words; pt for pt-BR), else English's.
        base = locale.split("-")[0]
        assert index["config"]["lang"] == [base if base in SEARCH_LANGUAGES else "en"]
        separator = index["config"]["separator"]
        assert all(c in separator for c in SEPARATOR_CHARACTERS), separator
        assert len(index["docs"]) >= 50, locale
        targets = {doc["location"].split("#")[0] for doc in index["docs"]}
        for target in targets:
            assert (root / target / "index.html").is_file(), (locale, target)
        if locale != "en":
            assert not any(t.split("/")[0] in LOCALES for t in targets), locale
    for path, page in pages.items():
        base = str(page.config["base"])
        locale = locale_of(site_dir, path)
        expected = site_dir if locale == "en" else site_dir / locale
        assert (path.parent / base).resolve() == expected.resolve(), (path, base)


def test_the_build_writes_the_hooks_robots_txt(site_dir: Path, site_url: str) -> None:
    """What robots.txt says is chrome.robots_txt's rule (tests/test_seo.py); here, that
    the build writes it for the configured address."""
    assert (site_dir / "robots.txt").read_text(encoding="utf-8") == chrome.robots_txt(site_url)


def test_the_sitemap_lists_every_page_with_its_translations(site_dir: Path, site_url: str) -> None:
    """With a ``site_url``: each page's entry names every locale's copy (hreflang)."""
    if not site_url:  # a sitemap needs absolute addresses (robots.txt names none then)
        assert not (site_dir / "sitemap.xml").exists()
        return
    names = {
        "s": "http://www.sitemaps.org/schemas/sitemap/0.9",
        "x": "http://www.w3.org/1999/xhtml",
    }
    sitemap = ElementTree.parse(site_dir / "sitemap.xml").getroot()  # XML, not HTML
    entries = {
        url.findtext("s:loc", "", names): {
            link.get("hreflang", ""): link.get("href", "") for link in url.findall("x:link", names)
        }
        for url in sitemap.findall("s:url", names)
    }
    laplace = urljoin(site_url, "laplace/")
    assert entries[laplace] == {
        locale: urljoin(site_url, ("" if locale == "en" else f"{locale}/") + "laplace/")
        for locale in LOCALES
    } | {"x-default": laplace}
    assert all(set(alternates) == {*LOCALES, "x-default"} for alternates in entries.values())
