"""Checks over the strictly built site: every locale, the chapter, math, no other hosts."""

from __future__ import annotations

import html as html_lib
import inspect
import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from dplesson import basic_composition, laplace_calibration, laplace_log_density
from dplesson.validation import check_count, check_scalar, check_vector
from tests.conftest import LOCALES
from tests.site_html import scan

# The headline outputs of the lesson, by the chapter that prints them.
HEADLINE_OUTPUTS = {
    "laplace": ["0.25", "[0.693, -0.307]", "[1.0, -1.0]"],
    "composition": ["[0.25, 0.5, 1.0]", "True", "1.0", "False"],
}
CHAPTERS = [
    "anonymisation",
    "sensitivity",
    "laplace",
    "releasing",
    "composition",
    "histograms",
    "training",
    "mechanisms",
    "checkpoints",
]
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)|@import\s+['"]([^'"]+)""")


def locale_root(site_dir: Path, locale: str) -> Path:
    return site_dir if locale == "en" else site_dir / locale


def external(url: str) -> bool:
    parsed = urlparse(urljoin("http://site.invalid/page/", url))
    return parsed.scheme in {"http", "https", "ftp", "ws", "wss"} and (
        parsed.hostname != "site.invalid"
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_every_locale_has_home_and_chapters(site_dir: Path, locale: str) -> None:
    root = locale_root(site_dir, locale)
    for page in ["index.html", *(f"{chapter}/index.html" for chapter in CHAPTERS)]:
        parsed = scan(root / page)
        assert parsed.lang == ("zh" if locale == "zh" else locale)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("chapter", sorted(HEADLINE_OUTPUTS))
def test_chapter_shows_outputs_and_math(site_dir: Path, locale: str, chapter: str) -> None:
    path = locale_root(site_dir, locale) / chapter / "index.html"
    text = path.read_text(encoding="utf-8")
    for output in HEADLINE_OUTPUTS[chapter]:
        assert f"#&gt; {output}" in text or f"#> {output}" in text, output
    assert scan(path).math >= 3


@pytest.mark.parametrize("locale", LOCALES)
def test_no_math_left_unrendered(site_dir: Path, locale: str) -> None:
    for chapter in CHAPTERS:
        text = (locale_root(site_dir, locale) / chapter / "index.html").read_text(encoding="utf-8")
        assert "arithmatex" not in text, chapter
        assert "$$" not in text, chapter


@pytest.mark.parametrize("locale", LOCALES)
def test_language_switcher_stays_on_the_page(site_dir: Path, locale: str) -> None:
    page = locale_root(site_dir, locale) / "laplace" / "index.html"
    links = {a["hreflang"]: a["href"] for a in scan(page).anchors if a.get("hreflang")}
    assert set(links) == set(LOCALES)
    for other, href in links.items():
        target = (page.parent / href).resolve()
        if target.is_dir():
            target = target / "index.html"
        expected = locale_root(site_dir, other) / "laplace" / "index.html"
        assert target == expected.resolve(), (other, href)


def test_translated_pages_are_not_the_english_ones(site_dir: Path) -> None:
    for chapter in CHAPTERS:
        english = (site_dir / chapter / "index.html").read_text(encoding="utf-8")
        heading = re.search(r"<h1[^>]*>(.*?)</h1>", english, re.DOTALL)
        assert heading
        for locale in LOCALES[1:]:
            text = (site_dir / locale / chapter / "index.html").read_text(encoding="utf-8")
            assert heading.group(1) not in text, (locale, chapter)


def test_no_page_loads_from_another_host(site_dir: Path) -> None:
    offenders = []
    pages = list(site_dir.rglob("*.html"))
    assert len(pages) >= 10
    for page in pages:
        for url in scan(page).loads:
            if external(url):
                offenders.append(f"{page.relative_to(site_dir)}: {url}")
    for sheet in site_dir.rglob("*.css"):
        for match in CSS_URL.finditer(sheet.read_text(encoding="utf-8", errors="replace")):
            url = match.group(1) or match.group(2)
            if external(url):
                offenders.append(f"{sheet.relative_to(site_dir)}: {url}")
    assert not offenders, "\n".join(offenders)


def test_the_scan_would_catch_a_font_link(tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    page.write_text(
        '<html lang="en"><link rel="stylesheet" href="https://fonts.googleapis.com/x">'
        '<script src="//cdn.example/x.js"></script><a href="https://ok.example/">x</a>'
    )
    loads = [url for url in scan(page).loads if external(url)]
    assert loads == ["https://fonts.googleapis.com/x", "//cdn.example/x.js"]


@pytest.mark.parametrize("locale", LOCALES)
def test_sample_solutions_are_the_package_source(site_dir: Path, locale: str) -> None:
    page = locale_root(site_dir, locale) / "checkpoints" / "index.html"
    shown = html_lib.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))
    for function in (
        laplace_calibration,
        laplace_log_density,
        basic_composition,
        check_scalar,
        check_count,
        check_vector,
    ):
        source = inspect.getsource(function).strip()
        assert source in shown, f"{locale}: the source of {function.__name__} is not shown"
