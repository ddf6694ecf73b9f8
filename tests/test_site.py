"""Checks over the strictly built site: every locale, the chapters, math, and no other hosts.

This module owns "no request leaves the host" for the static site: nothing a page or a
stylesheet loads names another host, and everything it loads exists in the site. The browser
tests (tests/browser/) watch the requests a running page makes.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest

from dplesson import basic_composition, laplace_calibration, laplace_log_density
from dplesson.validation import check_count, check_scalar, check_vector
from tests import site_soup
from tests.conftest import LOCALES, translated
from tests.docs_sources import nav_files
from tests.site_html import built_page, locale_root

# The headline outputs of the lesson, by the chapter that prints them.
HEADLINE_OUTPUTS = {
    "laplace": ["0.25", "[0.693, -0.307]", "[1.0, -1.0]"],
    "composition": ["[0.25, 0.5, 1.0]", "True", "1.0", "False"],
}
#: The Markdown pages of the navigation (``index.md``, the chapters, checkpoints, glossary...).
PAGES = [name for name in nav_files() if name.endswith(".md")]
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)|@import\s+['"]([^'"]+)""")


def external(url: str) -> bool:
    """Whether a browser on a page of this site would fetch ``url`` from another host."""
    parsed = urlparse(urljoin("http://site.invalid/page/", url))
    return parsed.scheme in {"http", "https", "ftp", "ws", "wss"} and (
        parsed.hostname != "site.invalid"
    )


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("chapter", sorted(HEADLINE_OUTPUTS))
def test_chapter_shows_outputs_and_math(site_dir: Path, locale: str, chapter: str) -> None:
    path = locale_root(site_dir, locale) / chapter / "index.html"
    text = path.read_text(encoding="utf-8")
    for output in HEADLINE_OUTPUTS[chapter]:
        assert f"#&gt; {output}" in text or f"#> {output}" in text, output
    assert len(site_soup.page(path).find_all("math")) >= 3


def test_no_math_left_unrendered(site_dir: Path) -> None:
    """No built page of any locale keeps TeX for the reader's browser: MathML is built."""
    pages = sorted(site_dir.rglob("*.html"))
    assert len(pages) >= len(PAGES) * len(LOCALES)
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "arithmatex" not in text, page
        assert "$$" not in text and "\\(" not in text, page


@pytest.mark.parametrize("page", PAGES)
def test_every_locale_has_its_own_page(site_dir: Path, page: str) -> None:
    """Each locale's page exists, with a title that is not the English one once translated."""
    english = site_soup.first_text(site_soup.page(built_page(site_dir, "en", page)), "article h1")
    assert english, page
    for locale in LOCALES[1:]:
        built = site_soup.page(built_page(site_dir, locale, page))
        title = site_soup.first_text(built, "article h1")
        own = translated(locale, page)  # else English fills in
        assert title and (title != english or not own), (locale, page)


def page_loads(page: Path) -> list[str]:
    """What a built page makes the browser fetch: elements, inline styles, and Material's
    mermaid script, which it fetches from a CDN for every page with a ``.mermaid`` block."""
    soup = site_soup.page(page)
    found = site_soup.loads(soup)
    styles = [t.get_text() for t in soup.find_all("style")]
    styles += [str(t["style"]) for t in soup.select("[style]")]
    found += [m.group(1) or m.group(2) for text in styles for m in CSS_URL.finditer(text)]
    if soup.select_one(".mermaid"):
        found.append("https://unpkg.com/mermaid")
    return found


def local_file(page: Path, url: str) -> Path | None:
    """The file a relative URL of ``page`` loads; None for ``data:`` URLs."""
    if url.startswith("data:"):
        return None
    path = unquote(urlparse(url).path)
    return (page.parent / path).resolve() if path else page


def test_no_page_loads_from_another_host_and_every_load_exists(site_dir: Path) -> None:
    offenders, missing = [], []
    pages = sorted(site_dir.rglob("*.html"))
    assert len(pages) >= 15 * len(LOCALES)
    for page in pages:
        for url in page_loads(page):
            where = f"{page.relative_to(site_dir)}: {url}"
            if external(url):
                offenders.append(where)
            elif (found := local_file(page, url)) is not None and not found.is_file():
                missing.append(where)
    for sheet in site_dir.rglob("*.css"):
        for match in CSS_URL.finditer(sheet.read_text(encoding="utf-8", errors="replace")):
            url = match.group(1) or match.group(2)
            if external(url):
                offenders.append(f"{sheet.relative_to(site_dir)}: {url}")
    assert not offenders, "\n".join(offenders)
    assert not missing, "\n".join(missing)  # lychee (test_links.py) skips <script src>


def test_the_scan_would_catch_fonts_scripts_styles_and_diagrams(tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    page.write_text(
        '<html lang="en"><link rel="stylesheet" href="https://fonts.googleapis.com/x">'
        '<script src="//cdn.example/x.js"></script><a href="https://ok.example/">x</a>'
        "<style>@import 'https://css.example/a.css';</style>"
        '<p style="background: url(https://img.example/b.png)"></p><pre class="mermaid"></pre>'
        '<img src="local.png"><img src="data:image/png;base64,AAAA">'
    )
    loads = page_loads(page)
    assert [url for url in loads if external(url)] == [
        "//cdn.example/x.js",
        "https://fonts.googleapis.com/x",
        "https://css.example/a.css",
        "https://img.example/b.png",
        "https://unpkg.com/mermaid",
    ]
    assert local_file(page, "local.png") == (tmp_path / "local.png").resolve()
    assert local_file(page, "data:image/png;base64,AAAA") is None


@pytest.mark.parametrize("locale", LOCALES)
def test_sample_solutions_are_the_package_source(site_dir: Path, locale: str) -> None:
    page = locale_root(site_dir, locale) / "checkpoints" / "index.html"
    shown = site_soup.page(page).get_text()
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
