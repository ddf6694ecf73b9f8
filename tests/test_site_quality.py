"""The built site, page by page: language, hreflang, headings, alt text, search, no CDN loads."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin

import pytest

from tests import links
from tests.conftest import LOCALES

SEPARATOR_CHARACTERS = ("\\u200b", "\\s", "，", "„")


class Structure(HTMLParser):
    """What one page declares: language, alternates, description, headings and images."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = ""
        self.alternates: dict[str, str] = {}
        self.canonical = ""
        self.description = ""
        self.config: dict[str, object] = {}
        self.headings: list[int] = []
        self.images: list[str | None] = []
        self.svg_names: list[str | None] = []
        self.mermaid = 0
        self.fallback = False
        self._article = 0
        self._config = False
        self._config_text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        if tag == "html":
            self.lang = values.get("lang") or ""
        if tag == "link" and values.get("rel") == "alternate" and values.get("hreflang"):
            self.alternates[str(values["hreflang"])] = values.get("href") or ""
        if tag == "link" and values.get("rel") == "canonical":
            self.canonical = values.get("href") or ""
        if tag == "meta" and values.get("name") == "description":
            self.description = values.get("content") or ""
        if tag == "script" and values.get("id") == "__config":
            self._config = True
        if "mermaid" in classes:
            self.mermaid += 1
        if "translation-fallback" in classes:
            self.fallback = True
        if tag == "article" and "md-content__inner" in classes:
            self._article += 1
        elif self._article:
            if tag == "article":
                self._article += 1
            if re.fullmatch(r"h[1-6]", tag):
                self.headings.append(int(tag[1]))
            if tag == "img":
                self.images.append(values.get("alt"))
            if tag == "svg" and values.get("role") == "img":
                self.svg_names.append(values.get("aria-label") or values.get("aria-labelledby"))

    def handle_endtag(self, tag: str) -> None:
        if tag == "article" and self._article:
            self._article -= 1
        if tag == "script" and self._config:
            self._config = False
            self.config = json.loads("".join(self._config_text))

    def handle_data(self, data: str) -> None:
        if self._config:
            self._config_text.append(data)


def structure(path: Path) -> Structure:
    parser = Structure()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def locale_of(site_dir: Path, page: Path) -> str:
    first = page.relative_to(site_dir).parts[0]
    return first if first in LOCALES else "en"


@pytest.fixture(scope="module")
def site_url() -> str:
    return links.site_url()


@pytest.fixture(scope="module")
def pages(site_dir: Path) -> dict[Path, Structure]:
    found = {p: structure(p) for p in sorted(site_dir.rglob("index.html"))}
    assert len(found) >= 14 * len(LOCALES)
    return found


def test_every_page_declares_its_language(site_dir: Path, pages: dict[Path, Structure]) -> None:
    wrong = {
        str(p.relative_to(site_dir)): s.lang
        for p, s in pages.items()
        if s.lang != locale_of(site_dir, p)
    }
    assert not wrong, wrong


def test_every_page_lists_its_translations_as_absolute_hreflang_links(
    site_dir: Path, pages: dict[Path, Structure], site_url: str
) -> None:
    """With a real ``site_url``; without one a page names no canonical and no alternate."""
    if not site_url:
        for path, page in pages.items():
            rel = path.relative_to(site_dir).as_posix()
            assert not page.alternates and not page.canonical, rel
        return
    for path, page in pages.items():
        rel = path.relative_to(site_dir).as_posix()
        assert set(page.alternates) == {*LOCALES, "x-default"}, rel
        assert all(href.startswith(site_url) for href in page.alternates.values()), rel
        assert page.alternates[locale_of(site_dir, path)] == page.canonical, rel
        assert page.alternates["x-default"] == page.alternates["en"], rel
        stem = rel.removesuffix("index.html")
        locale = locale_of(site_dir, path)
        stem = stem.removeprefix(f"{locale}/") if locale != "en" else stem
        for other, href in page.alternates.items():
            expected = stem if other in {"en", "x-default"} else f"{other}/{stem}"
            assert href == urljoin(site_url, expected), (rel, other, href)


def test_descriptions_are_in_the_page_language(
    site_dir: Path, pages: dict[Path, Structure]
) -> None:
    english = pages[site_dir / "index.html"].description
    assert english
    for locale in LOCALES[1:]:
        here = pages[site_dir / locale / "index.html"].description
        assert here and here != english, locale
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
        seen += len(page.images)
        locale = locale_of(site_dir, path)
        if locale == "en" or page.fallback or not page.images:
            continue
        english = pages[site_dir / path.relative_to(site_dir / locale)]
        assert len(page.images) == len(english.images), rel
        for alt, english_alt in zip(page.images, english.images, strict=True):
            assert alt != english_alt, (rel, alt)
            if locale == "zh":
                assert re.search(r"[\u4e00-\u9fff]", alt or ""), (rel, alt)
    assert seen >= 7 * len(LOCALES)  # the lab's figures, in every locale


def test_no_page_would_pull_a_script_from_a_cdn(
    site_dir: Path, pages: dict[Path, Structure]
) -> None:
    """Material loads mermaid (and polyfills) from a CDN only for mermaid diagrams."""
    assert not {str(p): s.mermaid for p, s in pages.items() if s.mermaid}
    for page in site_dir.rglob("*.html"):
        assert "unpkg.com" not in page.read_text(encoding="utf-8"), page


def test_each_locale_searches_its_own_index(site_dir: Path, pages: dict[Path, Structure]) -> None:
    for locale in LOCALES:
        root = site_dir if locale == "en" else site_dir / locale
        index = json.loads((root / "search" / "search_index.json").read_text(encoding="utf-8"))
        assert index["config"]["lang"] == [locale]
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


def test_robots_txt_allows_crawling_and_names_the_sitemap(site_dir: Path, site_url: str) -> None:
    lines = (site_dir / "robots.txt").read_text(encoding="utf-8").splitlines()
    assert lines[:2] == ["User-agent: *", "Allow: /"]
    if not site_url:  # a sitemap needs absolute addresses
        assert lines[2:] == []
        assert not (site_dir / "sitemap.xml").exists()
        return
    assert lines[2] == f"Sitemap: {site_url}sitemap.xml"
    assert "<xhtml:link" in (site_dir / "sitemap.xml").read_text(encoding="utf-8")
