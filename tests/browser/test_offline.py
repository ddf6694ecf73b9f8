"""Nothing from another host, and nothing missing, on every page type in en and zh."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

from tests.browser.conftest import HOST, Visit
from tests.browser.site_pages import (
    PAGE_TYPES,
    SEARCH_WORDS,
    failed_requests,
    locale_path,
    search,
)

pytestmark = pytest.mark.browser

#: What shows that the page is the type it stands for.
MARKERS = {
    "home": "nav.md-nav",
    "chapter": "article math, article .dp-explorer svg",
    "notebook": "article .nb-output img",
    "search": ".md-search-result__item",
}


@pytest.mark.parametrize("page_type", [*PAGE_TYPES, "search"])
@pytest.mark.parametrize("locale", ["en", "zh"])
def test_every_request_stays_on_this_machine(visit: Visit, locale: str, page_type: str) -> None:
    page = visit.page
    failures = failed_requests(page)
    path = locale_path(locale, PAGE_TYPES.get(page_type, "laplace/"))
    page.goto(f"{visit.base_url}/{path}", wait_until="networkidle")
    if page_type == "search":
        assert search(page, SEARCH_WORDS[locale])
        page.wait_for_load_state("networkidle")
    assert page.locator(MARKERS[page_type]).count() >= 1
    assert len(visit.requests) >= 8  # the page, Material's CSS and JS, the search index, …
    others = [url for url in visit.requests if urlparse(url).hostname != HOST]
    assert not others, others
    assert not failures, failures
