"""The widgets as a page holds them: keyboard only, and the no-JavaScript fallback.

(Each widget's labels, live regions, strings and contrast: test_explorer.py and
test_ledger.py; no request leaving the machine: test_offline.py.)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from dplesson import basic_composition, laplace_calibration
from tests.browser.conftest import Visit
from tests.browser.widgets import DECIMAL_COMMA, explorer_state, ledger_state, page_of
from tests.conftest import LOCALES, source

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def focus_by_tab(page: Page, selector: str, limit: int = 400) -> int:
    """Press Tab until the element matching ``selector`` has the focus; the number of presses."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return presses
    raise AssertionError(f"{selector} never got the focus after {limit} Tab presses")


@pytest.mark.parametrize("locale", ["en", "de"])
def test_keyboard_alone_drives_the_explorer(shared_visit: Visit, locale: str) -> None:
    shared_visit.open(locale, "explorer")
    page = shared_visit.page
    focus_by_tab(page, ".dp-explorer input[name=n]")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # the focus is visible
    page.keyboard.press("ArrowUp")  # n = 5
    delta = float(explorer_state(page)["results"]["delta"]["value"])
    assert delta == laplace_calibration(5)["sensitivity"]

    focus_by_tab(page, ".dp-explorer input[name=epsilon]", limit=2)  # past n's slider
    page.keyboard.press("Control+A")
    page.keyboard.type("0,5" if locale in DECIMAL_COMMA else "0.5")
    scale = float(explorer_state(page)["results"]["scale"]["value"])
    assert scale == laplace_calibration(5, epsilon=0.5)["scale"]


@pytest.mark.parametrize("locale", ["en", "de"])
def test_keyboard_alone_drives_the_ledger(shared_visit: Visit, locale: str) -> None:
    shared_visit.open(locale, "ledger")
    page = shared_visit.page
    focus_by_tab(page, ".dp-ledger input[name=entry]")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    for typed in ("0,75", "0,25") if locale in DECIMAL_COMMA else ("0.75", "0.25"):
        page.keyboard.type(typed)
        page.keyboard.press("Enter")
    state = ledger_state(page)
    assert [float(row["epsilon"]["value"]) for row in state["rows"]] == [0.75, 0.25]
    assert state["within"] == "true"
    assert page.evaluate("document.activeElement.name") == "entry"  # ready for the next one

    presses = focus_by_tab(page, ".dp-ledger .dp-remove", limit=5)
    assert presses == 3  # entry -> add -> clear -> the first row's remove button
    page.keyboard.press("Enter")
    state = ledger_state(page)
    assert [float(row["epsilon"]["value"]) for row in state["rows"]] == [0.25]
    assert float(state["total"]["value"]) == basic_composition([0.25])["epsilon_total"]
    assert page.evaluate("document.activeElement.classList.contains('dp-remove')")
    page.keyboard.press("Space")
    assert ledger_state(page)["rows"] == []
    assert page.evaluate("document.activeElement.name") == "entry"


@pytest.mark.parametrize("locale", LOCALES)
def test_without_javascript_the_fallback_tells_the_defaults(
    shared_visit_without_js: Visit, locale: str
) -> None:
    page = shared_visit_without_js.page
    for widget in ("ledger", "explorer"):  # the explorer's page stays open for what follows
        shared_visit_without_js.open(locale, widget)
        block = page.locator(f".dp-{widget}")
        assert block.locator("input").count() == 0
        assert "JavaScript" in block.inner_text()
    explorer = page.locator(".dp-explorer").inner_text()
    # Written the way the page's own language does: English's on a page not translated yet.
    quarter = "0,25" if source(locale, page_of("explorer", locale)) in DECIMAL_COMMA else "0.25"
    for shown in ("4", "1", "0", quarter):
        assert re.search(rf"(?<![\d,.]){re.escape(shown)}(?![\d,.]\d)", explorer), shown
