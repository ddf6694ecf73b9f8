"""The notebooks on the built site: executed lab pages with plots, light and self-contained."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.conftest import DOCS, LOCALES
from tests.links import site_url
from tests.notebooks import NOTEBOOKS, labels
from tests.site_html import scan

#: Bytes of one notebook page, HTML with its inline CSS and images, before compression.
PAGE_BUDGET = 150_000
PNG = "data:image/png;base64,iVBORw0KGgo"


def download(name: str, locale: str) -> str:
    """The file a notebook downloads as: ``lab.ipynb`` of nl is ``lab.nl.ipynb``."""
    return f"{name.removesuffix('.ipynb')}.{locale}.ipynb"


def root(site_dir: Path, locale: str) -> Path:
    return site_dir if locale == "en" else site_dir / locale


def page(site_dir: Path, locale: str, name: str) -> Path:
    return root(site_dir, locale) / name.removesuffix(".ipynb") / "index.html"


class Images(HTMLParser):
    """The ``src`` and ``alt`` of every image inside the article."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.inside = False
        self.images: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "article":
            self.inside = True
        elif tag == "img" and self.inside:
            self.images.append((values.get("src", ""), values.get("alt", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.inside = False


def images(path: Path) -> list[tuple[str, str]]:
    parser = Images()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.images


def article(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    return text[text.index("<article") : text.index("</article>")]


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
    assert scan(path).lang == locale
    found = images(path)
    expected_alts = [entry["alt"] for entry in labels(locale).values()]
    assert [alt for _, alt in found] == expected_alts
    assert all(src.startswith(PNG) for src, _ in found)
    text = article(path)
    # The first cell's code names ImportError; no output may show an error.
    assert "Traceback" not in text and 'class="nb-output nb-error"' not in text
    assert not re.search(r"\w+Error: ", text)
    assert re.search(r"<h1 id=\"[^\"]+\">", text)


@pytest.mark.parametrize("name", NOTEBOOKS)
@pytest.mark.parametrize("locale", LOCALES)
def test_notebook_pages_are_light_and_self_contained(
    site_dir: Path, locale: str, name: str
) -> None:
    path = page(site_dir, locale, name)
    size = path.stat().st_size
    assert size < PAGE_BUDGET, f"{path.relative_to(site_dir)} weighs {size} bytes"
    text = article(path)
    # Nothing from nbconvert's page furniture: no scripts, stylesheets or Jupyter CSS.
    assert "<script" not in text and "<link" not in text
    assert re.findall(r"<style>", text) == ["<style>"] and len(text.split("</style>")[0]) < 2000
    assert "jp-" not in text and "mathjax" not in text.lower() and "require.js" not in text
    for host in ("cdnjs", "jsdelivr", "unpkg", "googleapis"):
        assert host not in path.read_text(encoding="utf-8"), host
    for url in scan(path).loads:
        assert not re.match(r"(?i)(https?:)?//", url), url


@pytest.mark.parametrize("name", NOTEBOOKS)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_notebook_downloads_from_its_page(site_dir: Path, locale: str, name: str) -> None:
    """Named per locale; filled in by the build with a site_url, else by the page's script."""
    path = page(site_dir, locale, name)
    links = [a for a in scan(path).anchors if a.get("download") == download(name, locale)]
    assert len(links) == 1 and links[0]["href"] == download(name, locale)
    copy = path.parent / download(name, locale)
    if site_url():
        assert "data-fill-wheel" not in links[0]
        assert "__DPLESSON_WHEEL_URL__" not in copy.read_text(encoding="utf-8")
    else:
        assert links[0]["data-fill-wheel"].endswith(".whl")
        assert copy.read_bytes() == (DOCS / locale / name).read_bytes()


@pytest.mark.parametrize("locale", LOCALES)
def test_exercises_are_shown_but_not_executed(site_dir: Path, locale: str) -> None:
    text = article(page(site_dir, locale, "exercises.ipynb"))
    assert 'class="nb-output' not in text
    assert text.count("NotImplementedError") == 3
    assert "checkpoints" in text and "check_namespace" in text


@pytest.mark.parametrize("locale", LOCALES)
def test_notebooks_are_in_the_navigation_and_the_language_switcher(
    site_dir: Path, locale: str
) -> None:
    home = root(site_dir, locale) / "index.html"
    hrefs = [a.get("href", "") for a in scan(home).anchors]
    assert any(h.rstrip("/").endswith("lab") for h in hrefs)
    assert any(h.rstrip("/").endswith("exercises") for h in hrefs)
    lab = page(site_dir, locale, "lab.ipynb")
    switcher = {a["hreflang"]: a["href"] for a in scan(lab).anchors if a.get("hreflang")}
    assert set(switcher) == set(LOCALES)
    for other, href in switcher.items():
        target = (lab.parent / href).resolve()
        target = target / "index.html" if target.is_dir() else target
        assert target == page(site_dir, other, "lab.ipynb").resolve(), (other, href)


@pytest.mark.parametrize("locale", LOCALES)
def test_table_of_contents_links_reach_the_headings(site_dir: Path, locale: str) -> None:
    path = page(site_dir, locale, "lab.ipynb")
    parsed = scan(path)
    links = [a["href"] for a in parsed.anchors if "md-nav__link" in a.get("class", "")]
    targets = [href[1:] for href in links if href.startswith("#")]
    assert len(targets) >= 8  # the seven sections and the closing one
    for target in targets:
        assert unquote(target) in parsed.ids, target
    assert all(unquote(t) for t in targets)
