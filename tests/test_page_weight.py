"""Each page of the nav, in every locale, transfers at most 200 KB gzip-compressed at load.

A page's weight is what a browser fetches to show it, each file compressed as the test
server and a static host send it (gzip, level 9): the HTML, every stylesheet, script, icon
and image it loads, a font only if the page has an element its CSS draws with that font (as a
browser fetches a web font only when text uses it), and, where the page has Material's
search, the search worker, the locale's search index and the language scripts the worker
imports for it. Data URIs count as part of the file that holds them. An image marked
``loading="lazy"`` counts too: Chromium fetches it when it comes near the screen, so a reader
who scrolls to the end has fetched it (the rule is for that reader, not only for the first
screen). The browser's own count, headers included, is checked by ``.ci/tools/lighthouse.py``
on the pages it audits. The printable edition (not in the nav) is the whole course on one
page, to print: :data:`EXEMPT` says why it is outside the rule.
"""

from __future__ import annotations

import gzip
import json
import re
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest
from bs4 import BeautifulSoup

from tests import docs_sources, site_soup
from tests.conftest import LOCALES
from tests.docs_sources import nav_files
from tests.site_html import built_page, locale_root
from tools.site_server import COMPRESSIBLE

#: The promise, in bytes (200 KB).
BUDGET = 200_000
#: The pages outside the promise, each with its reason (a test checks each still needs it).
EXEMPT = {
    "print.md": (
        "the printable edition is the whole course on one page, to print or save as a PDF: its "
        "HTML alone (every chapter's text, formulas and figures) is 123-138 KB gzipped, and the "
        "scripts, styles and math font any page loads 76 KB more (measured 2026-12-03); cut "
        "into parts it would no longer print in one go. Readers reach it by its link only."
    ),
}
HOST = "http://site.invalid"
_FONT_FACE = re.compile(r"@font-face\s*\{([^}]*)\}")
_RULE = re.compile(r"([^{}@]+)\{([^{}]*)\}")
_FAMILY = re.compile(r"""font-family\s*:\s*["']?([^;"',}]+)""")
_URL = re.compile(r"""url\(\s*['"]?([^'")]+)""")


@cache
def transferred(path: Path) -> int:
    """Bytes of ``path`` on the wire: gzip-compressed (level 9) if a host compresses it."""
    data = path.read_bytes()
    if path.suffix not in COMPRESSIBLE:
        return len(data)
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def local_file(site: Path, url: str) -> Path | None:
    """The file of ``site`` a URL (absolute, under ``HOST``) names; None for data or elsewhere."""
    parsed = urlparse(url)
    if parsed.scheme == "data" or f"{parsed.scheme}://{parsed.netloc}" != HOST:
        return None
    path = site / unquote(parsed.path).lstrip("/")
    return path / "index.html" if url.endswith("/") else path


@cache
def stylesheet(path: Path) -> tuple[dict[str, list[str]], list[tuple[str, str]], list[str]]:
    """A stylesheet's font files by family, its (selector, family) rules and its other URLs."""
    text = path.read_text(encoding="utf-8")
    faces: dict[str, list[str]] = {}
    for face in _FONT_FACE.findall(text):
        family = _FAMILY.search(face)
        assert family, f"{path}: @font-face without font-family"
        faces.setdefault(family[1].strip(), []).extend(_URL.findall(face))
    rest = _FONT_FACE.sub("", text)
    rules = [
        (selector.strip(), family.strip())
        for selector, body in _RULE.findall(rest)
        for family in _FAMILY.findall(body)
    ]
    others = [url for url in _URL.findall(rest) if not url.startswith("data:")]
    return faces, rules, others


def page_loads(site: Path, page: Path) -> set[Path]:
    """Every file the browser fetches to show ``page`` scrolled to its end (``page`` included)."""
    soup = site_soup.page(page)
    address = f"{HOST}/{page.relative_to(site).as_posix()}"
    files = {page}
    for url in set(site_soup.loads(soup)):
        found = local_file(site, urljoin(address, url))
        if found is not None:
            files.add(found)
    for css in [f for f in files if f.suffix == ".css"]:
        faces, rules, others = stylesheet(css)
        css_url = f"{HOST}/{css.relative_to(site).as_posix()}"
        used = {family for selector, family in rules if uses(soup, selector)}
        urls = others + [url for family in used & set(faces) for url in faces[family]]
        files |= {f for f in (local_file(site, urljoin(css_url, u)) for u in urls) if f}
    return files | search_loads(site, soup, address)


def uses(soup: BeautifulSoup, selector: str) -> bool:
    """Whether an element of the page matches ``selector`` (pseudo-classes read as absent)."""
    plain = ",".join(part for part in selector.split(",") if ":" not in part)
    return bool(plain.strip()) and soup.select_one(plain) is not None


def search_loads(site: Path, soup: BeautifulSoup, address: str) -> set[Path]:
    """Material's search worker, the index at the page's ``base`` and the worker's imports."""
    if soup.find("form", attrs={"name": "search"}) is None:
        return set()
    config = site_soup.config(soup)
    worker = local_file(site, urljoin(address, config["search"]))
    base = urljoin(address, config["base"].rstrip("/") + "/")
    index = local_file(site, urljoin(base, "search/search_index.json"))
    assert worker and index and worker.is_file() and index.is_file(), (worker, index)
    langs = json.loads(index.read_text("utf-8"))["config"]["lang"]
    others = [code for code in langs if code != "en"]
    scripts = [f"lunr.{code}.min.js" for code in others] + ["lunr.multi.min.js"] * (len(langs) > 1)
    scripts += ["lunr.stemmer.support.min.js"] * bool(scripts)
    lunr = worker.parent.parent / "lunr" / "min"
    return {worker, index, *(lunr / name for name in scripts)}


def pages(site: Path, locale: str) -> list[Path]:
    """Every page of ``locale`` (the nav's, those kept out of it, the 404), but ``EXEMPT``."""
    names = [*nav_files(), *docs_sources.not_in_nav()]
    return [built_page(site, locale, name) for name in names if name not in EXEMPT] + [
        locale_root(site, locale) / "404.html"
    ]


def weight(site: Path, page: Path) -> int:
    """The bytes ``page`` transfers, scrolled to its end (every file it loads must exist)."""
    files = page_loads(site, page)
    missing = sorted(str(f) for f in files if not f.is_file())
    assert not missing, (page, missing)
    return sum(map(transferred, files))


@pytest.mark.parametrize("locale", LOCALES)
def test_every_page_transfers_at_most_200_kb(site_dir: Path, locale: str) -> None:
    weights = {
        str(page.relative_to(site_dir)): weight(site_dir, page) for page in pages(site_dir, locale)
    }
    heavy = {page: size for page, size in weights.items() if size > BUDGET}
    assert not heavy, heavy


@pytest.mark.parametrize("locale", LOCALES)
def test_an_exempt_page_is_built_and_over_the_budget(site_dir: Path, locale: str) -> None:
    """An exemption that a page no longer needs is removed, so it cannot hide a new page."""
    for name, reason in EXEMPT.items():
        assert name in docs_sources.not_in_nav() and reason.strip(), name
        assert weight(site_dir, built_page(site_dir, locale, name)) > BUDGET, name


def test_a_lazy_image_counts_for_the_reader_who_scrolls_to_it(tmp_path: Path) -> None:
    page = tmp_path / "lab" / "index.html"
    page.parent.mkdir()
    page.write_text(
        '<html><body><img src="a.svg"><img loading="lazy" src="b.png">'
        '<img loading="lazy" src="data:image/png;base64,AAAA"></body></html>',
        encoding="utf-8",
    )
    (page.parent / "a.svg").write_text("<svg/>", encoding="utf-8")
    (page.parent / "b.png").write_bytes(bytes(range(256)) * 4)
    assert page_loads(tmp_path, page) == {page, page.parent / "a.svg", page.parent / "b.png"}
    assert weight(tmp_path, page) == sum(map(transferred, page_loads(tmp_path, page)))
    assert weight(tmp_path, page) > 1024
