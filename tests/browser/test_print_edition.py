"""The printable edition printed in Chromium, in every locale: it loads without a failed
request or a script error, prints to PDF, and in print shows the text, figures and formulas
but no menus, repository links or controls (assets/site.css).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.browser.site_pages import failed_requests, locale_path
from tests.conftest import LOCALES

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

#: Shown on screen, gone in print.
HIDDEN = (
    ".md-header",
    ".md-sidebar--primary",
    ".md-footer",
    ".md-source",
    ".dp-exercise__buttons",
    ".dp-exercise__form input",
    ".dp-widget input",
)
#: Kept in print.
KEPT = ("article .dp-print-chapter h2", "article math", "article figure svg", "[data-exercise]")


@pytest.fixture(scope="module")
def reader(browser: Browser, base_url: str) -> Iterator[Page]:
    """One page for the module, in a context of its own."""
    context = browser.new_context(base_url=base_url)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("locale", LOCALES)
def test_the_printable_edition_prints_without_menus_or_controls(reader: Page, locale: str) -> None:
    errors: list[str] = []
    reader.on("pageerror", lambda error: errors.append(str(error)))
    failures = failed_requests(reader)
    reader.emulate_media(media="screen")
    reader.goto("/" + locale_path(locale, "print/"), wait_until="networkidle")
    assert all(reader.locator(s).count() for s in HIDDEN), [
        s for s in HIDDEN if not reader.locator(s).count()
    ]
    reader.emulate_media(media="print")
    shown = {s: reader.locator(s).first.is_visible() for s in (*HIDDEN, *KEPT)}
    assert shown == {s: s in KEPT for s in (*HIDDEN, *KEPT)}
    pdf = reader.pdf(format="A4")
    assert pdf.startswith(b"%PDF-") and len(pdf) > 100_000
    assert not errors and not failures, (errors, failures)
