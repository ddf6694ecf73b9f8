"""axe-core (npm, tests/browser/js) finds no serious or critical violation on any page type.

One page of each type in every locale, plus the chapter in the dark scheme. No rule is
switched off: what axe found has been fixed in the site's CSS and hooks.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.site_pages import PAGE_TYPES, SEARCH_WORDS, locale_path, search
from tests.conftest import LOCALES, ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

AXE = ROOT / "tests" / "browser" / "js" / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = {"serious", "critical"}
RUN = "async () => await axe.run(document, {resultTypes: ['violations']})"
SETTLED = "document.getAnimations().every(a => a.playState !== 'running')"


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """The axe-core build that ``npm ci`` in tests/browser/js installs."""
    if not AXE.exists():
        reason = f"no {AXE}: run `npm ci` in tests/browser/js"
        if os.environ.get("DPLESSON_REQUIRE_BROWSER") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    return AXE


@pytest.fixture
def page_in(browser: Browser) -> Iterator[Any]:
    """Open pages in a fresh context per colour scheme; fails on uncaught script errors."""
    contexts = []
    errors: list[str] = []

    def open_page(url: str, scheme: str = "light") -> Page:
        context = browser.new_context(color_scheme=scheme)  # type: ignore[arg-type]
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url, wait_until="networkidle")
        return page

    yield open_page
    for context in contexts:
        context.close()
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


@pytest.mark.parametrize("page_type", [*PAGE_TYPES, "search"])
@pytest.mark.parametrize("locale", LOCALES)
def test_no_serious_violation(
    page_in: Any, base_url: str, axe_script: Path, locale: str, page_type: str
) -> None:
    path = locale_path(locale, PAGE_TYPES.get(page_type, "laplace/"))
    page = page_in(f"{base_url}/{path}")
    ready_widgets(page)
    if page_type == "search":
        assert search(page, SEARCH_WORDS[locale])
    assert not violations(page, axe_script)


@pytest.mark.parametrize("locale", ["en", "zh"])
def test_no_serious_violation_in_the_dark_scheme(
    page_in: Any, base_url: str, axe_script: Path, locale: str
) -> None:
    page = page_in(f"{base_url}/{locale_path(locale, 'laplace/')}", scheme="dark")
    ready_widgets(page)
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    assert not violations(page, axe_script)
