"""The site as published: built with an address (``DPLESSON_SITE_URL``, README "Publishing")
and served under that address's sub-path, as a reader and a search engine meet it.

One extra build, into a temporary folder, with the address of a port of 127.0.0.1 chosen
before the build; the project's test server then serves it there, so every absolute URL the
build wrote can be requested. Canonical links, the sitemap's pages and their hreflang
alternates (every locale and x-default) must all lie under the address and answer; the 404
pages, at depth 1 to 3 below every locale, must load styled (every request answers) and link
only to pages that exist, whether the host sends the nearest 404 page (Cloudflare Pages,
Netlify) or the root's (GitHub Pages).
"""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urljoin, urlsplit
from xml.etree import ElementTree

import pytest

from dplesson import locales
from tests import docs_sources, site_soup
from tests.browser.conftest import HOST
from tests.browser.site_pages import failed_requests
from tests.conftest import LOCALES, ROOT
from tests.site_html import built_page
from tools.site_server import free_port, serve

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

SUB_PATH = "/dplesson"
SITEMAP = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
#: Missing addresses one, two and three folders below a locale's root.
MISSING = ("nope", "a/b", "a/b/c/")


@dataclass(frozen=True)
class Published:
    """The built site, the address it was built with, and where it is served now."""

    site: Path
    address: str


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Published]:
    """Build with the address of a free port, then serve the build there under the sub-path."""
    port = free_port()
    address = f"http://{HOST}:{port}{SUB_PATH}/"
    site = tmp_path_factory.mktemp("published")
    environment = {**os.environ, "DPLESSON_SITE_URL": address, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "--site-dir", str(site)]
    subprocess.run(command, cwd=ROOT, env=environment, check=True)
    with serve(site, prefix=SUB_PATH, port=port):
        yield Published(site, address)


def status(url: str) -> int:
    """The HTTP status of ``url``."""
    try:
        with urllib.request.urlopen(url) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return error.code


def page_url(address: str, locale: str, name: str) -> str:
    """The published URL of a source page (``laplace.md`` in nl: ``<address>nl/laplace/``)."""
    stem = name.rsplit(".", 1)[0]
    folder = "" if locale == LOCALES[0] else f"{locale}/"
    return urljoin(address, folder + ("" if stem == "index" else f"{stem}/"))


def test_canonical_links_and_the_sitemap_name_every_page_of_every_locale(
    published: Published,
) -> None:
    address, site = published.address, published.site
    # The nav's pages and those built outside it (the printable edition).
    names = list(docs_sources.nav_files())
    names += docs_sources.not_in_nav()
    expected = {page_url(address, locale, name) for locale in LOCALES for name in names}
    for locale in LOCALES:
        for name in names:
            soup = site_soup.page(built_page(site, locale, name))
            canonical = [link["href"] for link in soup.select('link[rel="canonical"]')]
            assert canonical == [page_url(address, locale, name)], (locale, name)

    sitemap = ElementTree.fromstring(urllib.request.urlopen(urljoin(address, "sitemap.xml")).read())
    entries = {
        url.findtext("s:loc", "", SITEMAP): {
            link.get("hreflang", ""): link.get("href", "")
            for link in url.findall("x:link", SITEMAP)
        }
        for url in sitemap.findall("s:url", SITEMAP)
    }
    assert set(entries) == expected
    for loc, alternates in entries.items():
        name = next(n for n in names if loc in {page_url(address, c, n) for c in LOCALES})
        wanted = {locale: page_url(address, locale, name) for locale in LOCALES}
        assert alternates == wanted | {"x-default": wanted[LOCALES[0]]}, loc
    assert all(status(url) == 200 for url in sorted(expected)), "a sitemap URL does not answer"

    robots = urllib.request.urlopen(urljoin(address, "robots.txt")).read().decode()
    assert f"Sitemap: {urljoin(address, 'sitemap.xml')}" in robots.splitlines()


@pytest.fixture(scope="module")
def reader(browser: Browser) -> Iterator[Page]:
    """One page in one context for the module's visits (no storage is read)."""
    context = browser.new_context()
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("host", ["nearest", "root"])
@pytest.mark.parametrize("locale", LOCALES)
def test_404_pages_load_styled_and_link_to_pages_that_exist_at_any_depth(
    published: Published, reader: Page, locale: str, host: str
) -> None:
    """``nearest``: the locale's own 404 page; ``root``: the site root's, in the source language."""
    shown = locale if host == "nearest" else LOCALES[0]
    strings = locales.section(shown, "chrome")
    with serve(published.site, prefix=SUB_PATH, not_found=host) as base:
        folder = urlsplit(page_url(base + "/", locale, "index.md")).path
        checked: dict[str, int] = {}
        for missing in MISSING:
            failures = failed_requests(reader)
            url = urljoin(base, folder + missing)
            answer = reader.goto(url, wait_until="networkidle")
            assert answer is not None and answer.status == 404, url
            assert reader.evaluate("document.documentElement.lang") == shown, url
            assert reader.locator("article h1").inner_text() == strings["not_found_title"], url
            # Styled: Material's stylesheet applied (its header is fixed to the top), and
            # nothing the page asked for failed but the missing address itself.
            assert reader.locator(".md-header").evaluate("e => getComputedStyle(e).position") in (
                "sticky",
                "fixed",
            ), url
            assert [f for f in failures if not f.endswith(url)] == [], (url, failures)
            links = reader.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
            home = reader.locator("article a.md-button").get_attribute("href")
            assert home is not None
            home_path = urlsplit(page_url(published.address, shown, "index.md")).path
            assert urlsplit(urljoin(url, home)).path == home_path, (url, home)
            for link in links:
                target = link.split("#")[0]
                if urlsplit(target).hostname == HOST and target not in checked:
                    checked[target] = status(target)
        broken = {link: code for link, code in checked.items() if code != 200}
        assert len(checked) > 10 and not broken, broken
