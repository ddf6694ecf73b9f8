"""The notebooks on the built site: executed lab pages with plots, light and self-contained.

Their language, links and loads are checked with every other page (test_site_quality.py,
test_links.py, test_site.py, test_chrome.py's language menu).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import Tag

from dplesson.checkpoints import CHECKPOINTS
from tests import site_soup
from tests.conftest import LOCALES, source
from tests.notebooks import NOTEBOOKS, labels
from tests.site_html import built_page
from tools.links import site_url

#: Bytes of one notebook page, HTML with its inline CSS, before compression: nbconvert's page
#: furniture (550 KB of CSS and scripts) stays out. The lab's figures (inline SVG, 110 KB, 19 KB
#: gzipped) are not counted here; what a reader transfers, figures included, is
#: test_page_weight.py's rule.
PAGE_BUDGET = 150_000


def download(name: str, locale: str) -> str:
    """The file a notebook downloads as: ``lab.ipynb`` of nl is ``lab.nl.ipynb``.

    A language in progress without its own notebook offers English's (``lab.en.ipynb``).
    """
    return f"{name.removesuffix('.ipynb')}.{source(locale, name)}.ipynb"


def page(site_dir: Path, locale: str, name: str) -> Path:
    return built_page(site_dir, locale, name)


def drawings(path: Path) -> list[Tag]:
    """Every figure the notebook drew (an inline ``<svg class="dp-plot">``) in the article."""
    return list(site_soup.article(site_soup.page(path)).select("svg.dp-plot"))


def article(path: Path) -> Tag:
    return site_soup.article(site_soup.page(path))


def test_no_page_is_a_raw_notebook(site_dir: Path) -> None:
    pages = list(site_dir.rglob("*.html"))
    assert pages
    for path in pages:
        body = path.read_text(encoding="utf-8").lstrip()
        assert not body.startswith("{"), path
        assert '"cell_type"' not in body, path
    # Notebooks are only copied next to their page, for download.
    assert sorted(p.name for p in site_dir.rglob("*.ipynb")) == sorted(
        [download(name, locale) for name in NOTEBOOKS for locale in LOCALES]
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_lab_is_executed_with_every_plot_and_its_alt_text(site_dir: Path, locale: str) -> None:
    path = page(site_dir, locale, "lab.ipynb")
    found = drawings(path)
    expected_alts = [entry["alt"] for entry in labels(locale).values()]
    assert [svg.title.get_text() if svg.title else None for svg in found] == expected_alts
    # Drawn in the page, as text and paths: no image, no file to fetch; out of search.
    body = article(path)
    assert not body.find_all("img")
    assert all(svg.find("text") and svg.has_attr("data-search-exclude") for svg in found)
    # The first cell's code names ImportError; no output may show an error.
    assert not body.select(".nb-error") and "Traceback" not in body.get_text()
    assert not re.search(r"\w+Error: ", body.get_text())
    assert len(body.select("h1[id]")) == 1
    # The first code cell (installation, language, figure texts) is folded away, once.
    folds = body.find_all("details")
    assert len(folds) == 1 and folds[0].find("details") is None
    summary = folds[0].find("summary")
    assert summary is not None and summary.get_text().strip()
    code = folds[0].select("div.highlight > pre > code")
    assert len(code) == 1 and "WHEEL" in code[0].get_text() and "LABELS" in code[0].get_text()


@pytest.mark.parametrize("name", NOTEBOOKS)
@pytest.mark.parametrize("locale", LOCALES)
def test_notebook_pages_are_light_and_self_contained(
    site_dir: Path, locale: str, name: str
) -> None:
    path = page(site_dir, locale, name)
    figures = sum(len(str(svg).encode("utf-8")) for svg in drawings(path))
    size = path.stat().st_size - figures
    assert size < PAGE_BUDGET, f"{path.relative_to(site_dir)} weighs {size} bytes without figures"
    body = article(path)
    # Nothing from nbconvert's page furniture: no scripts, stylesheets or Jupyter CSS.
    assert not body.find_all(["script", "link"])
    styles = body.find_all("style")
    assert len(styles) == 1 and len(styles[0].get_text()) < 2000
    text = str(body)
    assert "jp-" not in text and "mathjax" not in text.lower() and "require.js" not in text


@pytest.mark.parametrize("name", NOTEBOOKS)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_notebook_downloads_from_its_page(site_dir: Path, locale: str, name: str) -> None:
    """Named per locale; filled in by the build with a site_url, else by the page's script."""
    path = page(site_dir, locale, name)
    links = site_soup.anchors(site_soup.page(path), f'a[download="{download(name, locale)}"]')
    assert len(links) == 1 and links[0]["href"] == download(name, locale)
    copy = path.parent / download(name, locale)
    if site_url():
        assert "data-fill-wheel" not in links[0]
        assert "__DPLESSON_WHEEL_URL__" not in copy.read_text(encoding="utf-8")
    else:  # the copy carries the wheel (tests/test_downloads.py); the script fills its links
        assert links[0]["data-fill-wheel"].endswith(".whl")
        assert "__DPLESSON_WHEEL_URL__" not in copy.read_text(encoding="utf-8")


@pytest.mark.parametrize("locale", LOCALES)
def test_exercises_are_shown_but_not_executed(site_dir: Path, locale: str) -> None:
    body = article(page(site_dir, locale, "exercises.ipynb"))
    assert not body.select(".nb-output")
    text = body.get_text()
    # One empty body per checkpoint, and the capstone's release.
    assert text.count("NotImplementedError") == len(CHECKPOINTS) + 1
    assert "checkpoints" in text and "check_namespace" in text and "capstone.check" in text


@pytest.mark.parametrize("locale", LOCALES)
def test_notebooks_are_in_the_navigation(site_dir: Path, locale: str) -> None:
    home = built_page(site_dir, locale, "index.md")
    hrefs = [a.get("href", "") for a in site_soup.anchors(site_soup.page(home), "a.md-nav__link")]
    assert any(h.rstrip("/").endswith("lab") for h in hrefs)
    assert any(h.rstrip("/").endswith("exercises") for h in hrefs)
