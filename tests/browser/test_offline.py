"""No request leaves this machine, and none fails, while a reader uses the site.

The one owner of that property in the browser. In every locale the widgets are used (the
explorer redrawn, the chapter's exercises answered, releases added to the ledger); in ``en``
and ``zh`` also the home page, search and a notebook page. After each step the page must be
network-idle, so that late requests (fonts, the search index, lazily loaded scripts) are seen
too.
"""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

from tests.browser.conftest import HOST, Visit
from tests.browser.exercise_js import ANSWER_ALL
from tests.browser.site_pages import (
    PAGE_TYPES,
    failed_requests,
    locale_path,
    search,
    search_word,
)
from tests.browser.widgets import DECIMAL_COMMA, add_releases
from tests.conftest import LOCALES

pytestmark = pytest.mark.browser

#: What shows that the page is the type it stands for.
MARKERS = {
    "home": "nav.md-nav",
    "chapter": "article math, article .dp-explorer svg",
    "notebook": "article .nb-output svg.dp-plot",
    "search": ".md-search-result__item",
}
ALL_TYPES = ("en", "zh")


@pytest.fixture(scope="session")
def base_url(indexed_url: str) -> str:
    """This module owns every request a reader makes: the site as built (conftest.py)."""
    return indexed_url


@pytest.mark.parametrize("locale", LOCALES)
def test_no_request_leaves_the_machine_and_none_fails(visit: Visit, locale: str) -> None:
    page = visit.page
    failures = failed_requests(page)
    seen = []

    def settled(kind: str) -> None:
        page.wait_for_load_state("networkidle")
        assert page.locator(MARKERS[kind]).count() >= 1, kind
        seen.append(kind)

    if locale in ALL_TYPES:
        visit.goto(locale_path(locale, PAGE_TYPES["home"]))
        settled("home")
    visit.open(locale, "explorer")
    page.fill(".dp-explorer input[name=n]", "9")
    assert page.evaluate(ANSWER_ALL, ["," if locale in DECIMAL_COMMA else "."])  # exercises
    settled("chapter")
    if locale in ALL_TYPES:
        assert search(page, search_word(locale))
        settled("search")
        visit.goto(locale_path(locale, PAGE_TYPES["notebook"]))
        settled("notebook")
    visit.open(locale, "ledger")
    add_releases(page, [0.5, 0.25], locale)
    page.wait_for_load_state("networkidle")

    assert len(seen) == (4 if locale in ALL_TYPES else 1)
    for asset in ("widgets/common.js", "widgets/explorer.js", "widgets/ledger.js", "site.css"):
        assert any(url.endswith(f"/assets/{asset}") for url in visit.requests), asset
    assert len(visit.requests) >= 8  # pages, Material's CSS and JS, the widgets, …
    others = [url for url in visit.requests if urlparse(url).hostname != HOST]
    assert not others, others
    assert not failures, failures
