"""The site works when a static host serves it from a sub-path, as ``site_url`` says."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from tests.browser.conftest import HOST, Visit
from tests.browser.site_pages import failed_requests, search, search_word
from tests.docs_sources import nav_files
from tools.links import site_url
from tools.site_server import serve

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def sub_path() -> str:
    """The path of the build's address (``DPLESSON_SITE_URL``), else ``/dplesson``."""
    return urlparse(site_url()).path.rstrip("/") or "/dplesson"


@pytest.fixture(scope="module")
def sub_path_url(site_dir: Path, sub_path: str) -> Iterator[str]:
    """The built site served under the sub-path only; the host's root is empty."""
    with serve(site_dir, prefix=sub_path) as base:
        yield base


def path_of(url: str) -> str:
    return unquote(urlparse(url).path)


def test_language_switcher_navigation_and_search_under_a_sub_path(
    visit: Visit, sub_path_url: str, sub_path: str
) -> None:
    page = visit.page
    failures = failed_requests(page)
    page.goto(f"{sub_path_url}/laplace/", wait_until="load")
    assert page.locator("article math").count() >= 1

    page.hover(".md-header__option .md-select")
    page.locator(".md-select__link[hreflang=zh]").click()
    # Idle before leaving: a search worker still loading would be aborted, a failed request.
    page.wait_for_load_state("networkidle")
    assert path_of(page.url) == f"{sub_path}/zh/laplace/"
    assert page.evaluate("document.documentElement.lang") == "zh"

    page.locator("a.md-footer__link--next").click()
    page.wait_for_load_state("networkidle")
    chapters = list(nav_files())
    following = chapters[chapters.index("laplace.md") + 1].rsplit(".", 1)[0]
    assert path_of(page.url) == f"{sub_path}/zh/{following}/"

    links = search(page, search_word("zh"))
    assert links and all(path_of(link).startswith(f"{sub_path}/zh/") for link in links), links
    page.locator("a.md-search-result__link").first.click()
    page.wait_for_load_state("networkidle")  # late requests too, for the checks below
    assert path_of(page.url).startswith(f"{sub_path}/zh/")
    assert page.locator("article h1").count() == 1

    assert all(urlparse(url).hostname == HOST for url in visit.requests), visit.requests
    assert all(path_of(url).startswith(f"{sub_path}/") for url in visit.requests)
    assert not failures, failures
