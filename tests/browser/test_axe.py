"""axe-core (npm, tests/browser/js) finds no serious or critical violation on any page type.

One page of each type in every locale (the chapter also with its search results open),
the chapter in the dark scheme, and the ledger's page in both schemes: axe's
``color-contrast`` owns the contrast of the widgets' HTML text (tests/browser/colours.py
measures only what axe does not: SVG marks and control borders). No rule is switched off:
what axe found has been fixed in the site's CSS and hooks.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.site_pages import PAGE_TYPES, locale_path, search, search_word
from tests.browser.widgets import page_of, url_path
from tests.conftest import LOCALES, ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.browser

AXE = ROOT / "tests" / "browser" / "js" / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = {"serious", "critical"}
RUN = "async () => await axe.run(document, {resultTypes: ['violations']})"
SETTLED = "document.getAnimations().every(a => a.playState !== 'running')"


@pytest.fixture(scope="session")
def base_url(indexed_url: str) -> str:
    """This module searches (its results are checked too): the site as built (conftest.py)."""
    return indexed_url


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """The axe-core build that ``npm ci`` in tests/browser/js installs."""
    if not AXE.exists():
        reason = f"no {AXE}: run `npm ci` in tests/browser/js"
        if os.environ.get("DPLESSON_REQUIRE_BROWSER") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    return AXE


@pytest.fixture(scope="module")
def scheme_pages(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Any]:
    """One page per colour scheme for the whole module, each test loading its path afresh.

    axe reads the page as loaded and no widget keeps state in storage, so the tests share a
    context: a new context per test cost one to two CPU seconds (a new renderer compiling
    Material's scripts and styles again), and the browser tests are bound by CPU.
    """
    contexts: dict[str, BrowserContext] = {}
    pages: dict[str, Page] = {}

    def page_for(scheme: str) -> Page:
        if scheme not in pages:
            contexts[scheme] = browser.new_context(
                **{**browser_context_args, "color_scheme": scheme}
            )
            pages[scheme] = contexts[scheme].new_page()
        return pages[scheme]

    yield page_for
    for context in contexts.values():
        context.close()


@pytest.fixture
def page_in(scheme_pages: Callable[[str], Page], base_url: str) -> Iterator[Any]:
    """Load a site path in the page of a colour scheme; fails on uncaught script errors."""
    errors: list[str] = []
    listening: list[Page] = []

    def record(error: Exception) -> None:
        errors.append(str(error))

    def open_page(path: str, scheme: str = "light") -> Page:
        page = scheme_pages(scheme)
        if page not in listening:
            page.on("pageerror", record)
            listening.append(page)
        page.goto(f"{base_url}/{path}", wait_until="load")
        return page

    yield open_page
    for page in listening:
        page.remove_listener("pageerror", record)
    assert not errors, errors


def violations(page: Page, axe_script: Path) -> list[str]:
    """Serious and critical violations of the page as it stands, one line per element."""
    page.wait_for_function(SETTLED)  # colours mid-transition are not the page's colours
    page.add_script_tag(path=str(axe_script))
    result = page.evaluate(RUN)
    found = []
    for rule in result["violations"]:
        if rule["impact"] in SERIOUS:
            for node in rule["nodes"]:
                found.append(f"{rule['id']} ({rule['impact']}): {json.dumps(node['target'])}")
    return found


def ready_widgets(page: Any) -> None:
    """Bring an explorer into view, where it draws itself, so that axe sees it drawn."""
    if page.locator(".dp-explorer").count():
        page.locator(".dp-explorer").scroll_into_view_if_needed()
        page.wait_for_selector(".dp-explorer.dp-ready")


@pytest.mark.parametrize("page_type", PAGE_TYPES)
@pytest.mark.parametrize("locale", LOCALES)
def test_no_serious_violation(page_in: Any, axe_script: Path, locale: str, page_type: str) -> None:
    """Each page type; on the chapter, then again with the search results showing."""
    page = page_in(locale_path(locale, PAGE_TYPES[page_type]))
    ready_widgets(page)
    assert not violations(page, axe_script)
    if page_type == "chapter":
        assert search(page, search_word(locale))
        assert not violations(page, axe_script), "with the search results open"


@pytest.mark.parametrize("locale", ["en", "zh"])
def test_no_serious_violation_in_the_dark_scheme(
    page_in: Any, axe_script: Path, locale: str
) -> None:
    page = page_in(locale_path(locale, "laplace/"), scheme="dark")
    ready_widgets(page)
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    assert not violations(page, axe_script)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_violation_around_the_ledger(
    page_in: Any, axe_script: Path, scheme: str
) -> None:
    """The ledger's text, status and buttons in both schemes, with releases entered."""
    page = page_in(url_path("en", page_of("ledger")), scheme=scheme)
    page.locator(".dp-ledger").scroll_into_view_if_needed()
    page.wait_for_selector(".dp-ledger.dp-ready")
    entry = page.locator(".dp-ledger input[name=entry]")
    for typed in ("0.75", "0.5"):  # over the cap of 1: the refusal mark shows
        entry.fill(typed)
        entry.press("Enter")
    assert page.locator(".dp-ledger tbody tr").count() == 2
    wanted = "slate" if scheme == "dark" else "default"
    assert page.evaluate("document.body.dataset.mdColorScheme") == wanted
    assert not violations(page, axe_script)
