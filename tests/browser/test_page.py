"""The widgets in a real browser: no other host, keyboard only, no-JS fallback, labels,
live regions, localised text and contrast in both of Material's colour schemes."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from urllib.parse import urlparse

import pytest

from dplesson import basic_composition, laplace_calibration
from tests.browser.conftest import HOST, Visit
from tests.browser.widgets import (
    DECIMAL_COMMA,
    add_releases,
    explorer_state,
    ledger_state,
    strings,
)
from tests.conftest import LOCALES

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

WIDGETS = ("explorer", "ledger")


@pytest.mark.parametrize("locale", LOCALES)
def test_no_request_leaves_the_machine(visit: Visit, locale: str) -> None:
    page = visit.page
    visit.open(locale, "explorer")
    page.fill(".dp-explorer input[name=n]", "9")
    page.wait_for_load_state("networkidle")
    visit.open(locale, "ledger")
    add_releases(page, [0.5, 0.25], locale)
    page.wait_for_load_state("networkidle")
    for asset in ("common.js", "explorer.js", "ledger.js", "widgets.css"):
        assert any(url.endswith(f"/assets/widgets/{asset}") for url in visit.requests), asset
    others = [url for url in visit.requests if urlparse(url).hostname != HOST]
    assert not others, others


def focus_by_tab(page: Page, selector: str, limit: int = 400) -> int:
    """Press Tab until the element matching ``selector`` has the focus; the number of presses."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return presses
    raise AssertionError(f"{selector} never got the focus after {limit} Tab presses")


@pytest.mark.parametrize("locale", ["en", "de"])
def test_keyboard_alone_drives_the_explorer(visit: Visit, locale: str) -> None:
    visit.open(locale, "explorer")
    page = visit.page
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
def test_keyboard_alone_drives_the_ledger(visit: Visit, locale: str) -> None:
    visit.open(locale, "ledger")
    page = visit.page
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
    visit_without_js: Visit, locale: str
) -> None:
    page = visit_without_js.page
    for widget in WIDGETS:
        visit_without_js.open(locale, widget)
        block = page.locator(f".dp-{widget}")
        assert block.locator("input").count() == 0
        assert "JavaScript" in block.inner_text()
    visit_without_js.open(locale, "explorer")
    explorer = page.locator(".dp-explorer").inner_text()
    quarter = "0,25" if locale in DECIMAL_COMMA else "0.25"
    for shown in ("4", "1", "0", quarter):
        assert re.search(rf"(?<![\d,.]){re.escape(shown)}(?![\d,.]\d)", explorer), shown


@pytest.mark.parametrize("locale", LOCALES)
def test_controls_are_labelled_and_results_announced(visit: Visit, locale: str) -> None:
    page = visit.page
    for widget in WIDGETS:
        visit.open(locale, widget)
        selector = f".dp-{widget}"
        texts = strings(page, selector)
        ids = page.eval_on_selector_all(f"{selector} input", "els => els.map(el => el.id)")
        assert ids
        for element_id in ids:
            label = page.locator(f"label[for='{element_id}']")
            assert label.count() == 1 and label.inner_text().strip() in texts.values()
        assert page.locator(f"{selector} [aria-live=polite]").count() >= 1
    assert page.locator(".dp-ledger .dp-status[aria-live=polite]").count() == 1

    visit.open(locale, "explorer")
    # The live region holds a short summary only, not the six result rows.
    assert page.locator(".dp-explorer [aria-live=polite]").count() == 1
    assert page.locator(".dp-explorer [aria-live=polite] .dp-results").count() == 0
    chart = explorer_state(page)
    assert page.locator(".dp-explorer svg[role=img]").count() == 2  # densities, difference
    assert chart["label"] == chart["title"]
    template = strings(page, ".dp-explorer")["chart"]
    assert chart["label"].startswith(template.split("{")[0])
    quarter = "0,25" if locale in DECIMAL_COMMA else "0.25"
    assert quarter in chart["label"] and "{" not in chart["label"]


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_every_visible_string_comes_from_the_locale(
    visit: Visit, browser_english: dict[str, dict[str, str]], locale: str
) -> None:
    """No English label leaks into another locale, and no string is missing (``[key]``)."""
    page = visit.page
    for widget in WIDGETS:
        visit.open(locale, widget)
        if widget == "explorer":
            page.fill(".dp-explorer input[name=n]", "0")  # show an error message too
        else:
            add_releases(page, [0.5], locale)
        selector = f".dp-{widget}"
        texts = strings(page, selector)
        assert set(texts) == set(browser_english[widget])
        shown = page.locator(selector).inner_text()
        assert not re.search(r"\[[a-z-]+\]", shown), shown
        for key, english in browser_english[widget].items():
            head = english.split("{")[0].strip()
            if texts[key] != english and len(head) > 3:
                assert head not in shown, (widget, key, head)


@pytest.fixture
def browser_english(visit: Visit) -> dict[str, dict[str, str]]:
    """The English strings of both widgets, read from the English pages."""
    found = {}
    for widget in WIDGETS:
        visit.open("en", widget)
        found[widget] = strings(visit.page, f".dp-{widget}")
    return found


def luminance(rgb: tuple[float, float, float]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def parse_color(text: str, under: tuple[float, float, float]) -> tuple[float, float, float]:
    """An rgb()/rgba() colour as opaque RGB, blended over ``under`` when translucent."""
    parts = [float(p) for p in re.findall(r"[\d.]+", text)]
    alpha = parts[3] if len(parts) == 4 else 1.0
    r, g, b = (alpha * c + (1 - alpha) * u for c, u in zip(parts[:3], under, strict=True))
    return (r, g, b)


def contrast(one: tuple[float, float, float], two: tuple[float, float, float]) -> float:
    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


COLOURS = """([scheme, wanted]) => {
  document.body.setAttribute('data-md-color-scheme', scheme);
  const probe = document.createElement('div');
  probe.style.background = 'var(--md-default-bg-color)';
  document.body.append(probe);
  const background = getComputedStyle(probe).backgroundColor;
  probe.remove();
  const colours = {};
  for (const [name, [selector, property]] of Object.entries(wanted)) {
    colours[name] = getComputedStyle(document.querySelector(selector))[property];
  }
  return {background, colours};
}"""
# name: (widget, selector, CSS property, least contrast): WCAG 2.2, 4.5:1 for text and
# 3:1 for graphics and the boundaries of controls.
COLOURED = {
    "label": ("explorer", ".dp-explorer label", "color", 4.5),
    "result": ("explorer", ".dp-explorer .dp-results dd", "color", 4.5),
    "input": ("explorer", ".dp-explorer input", "color", 4.5),
    "chart text": ("explorer", ".dp-explorer svg text", "fill", 4.5),
    "curve A": ("explorer", ".dp-explorer path.dp-curve-a", "stroke", 3.0),
    "curve B": ("explorer", ".dp-explorer path.dp-curve-b", "stroke", 3.0),
    "axis": ("explorer", ".dp-explorer .dp-axis", "stroke", 3.0),
    "input border": ("explorer", ".dp-explorer input", "borderTopColor", 3.0),
    "status": ("ledger", ".dp-ledger .dp-status", "color", 4.5),
    "button": ("ledger", ".dp-ledger .dp-button", "color", 4.5),
    "button border": ("ledger", ".dp-ledger .dp-button", "borderTopColor", 3.0),
}


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_contrast_in_light_and_dark_schemes(visit: Visit, scheme: str) -> None:
    seen: dict[str, tuple[float, float, float]] = {}
    for widget in WIDGETS:
        visit.open("en", widget)
        wanted = {name: spec[1:3] for name, spec in COLOURED.items() if spec[0] == widget}
        found = visit.page.evaluate(COLOURS, [scheme, wanted])
        background = parse_color(found["background"], (255.0, 255.0, 255.0))
        if scheme == "slate":
            assert luminance(background) < 0.1  # the dark scheme is really on
        for name, value in found["colours"].items():
            seen[name] = parse_color(value, background)
            ratio = contrast(seen[name], background)
            assert ratio >= COLOURED[name][3], (scheme, name, value, ratio)
    assert set(seen) == set(COLOURED)
    assert seen["curve A"] != seen["curve B"]
