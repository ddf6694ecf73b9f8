"""The chapter's widgets in a real browser: no other host, keyboard only, no-JS fallback,
labels, live regions, localised text and contrast in both of Material's colour schemes."""

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

WIDGETS = (".dp-explorer", ".dp-ledger")


@pytest.mark.parametrize("locale", LOCALES)
def test_no_request_leaves_the_machine(visit: Visit, locale: str) -> None:
    visit.chapter(locale)
    page = visit.page
    page.fill(".dp-explorer input[name=n]", "9")
    add_releases(page, [0.5, 0.25], locale)
    page.wait_for_load_state("networkidle")
    assert any(url.endswith("/assets/widgets/explorer.js") for url in visit.requests)
    assert any(url.endswith("/assets/widgets/widgets.css") for url in visit.requests)
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
def test_keyboard_alone_drives_both_widgets(visit: Visit, locale: str) -> None:
    visit.chapter(locale)
    page = visit.page
    focus_by_tab(page, ".dp-explorer input[name=n]")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # the focus is visible
    page.keyboard.press("ArrowUp")  # n = 5
    delta = float(explorer_state(page)["results"]["delta"]["value"])
    assert delta == laplace_calibration(5)["sensitivity"]

    page.keyboard.press("Tab")  # to epsilon
    page.keyboard.press("Control+A")
    page.keyboard.type("0,5" if locale in DECIMAL_COMMA else "0.5")
    scale = float(explorer_state(page)["results"]["scale"]["value"])
    assert scale == laplace_calibration(5, epsilon=0.5)["scale"]

    focus_by_tab(page, ".dp-ledger input[name=entry]")
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
    visit_without_js.chapter(locale)
    page = visit_without_js.page
    for selector in WIDGETS:
        widget = page.locator(selector)
        assert widget.locator("input").count() == 0
        text = widget.inner_text()
        assert "JavaScript" in text
    explorer = page.locator(".dp-explorer").inner_text()
    quarter = "0,25" if locale in DECIMAL_COMMA else "0.25"
    for shown in ("4", "1", "0", quarter):
        assert re.search(rf"(?<![\d,.]){re.escape(shown)}(?![\d,.]\d)", explorer), shown


@pytest.mark.parametrize("locale", LOCALES)
def test_controls_are_labelled_and_results_announced(visit: Visit, locale: str) -> None:
    visit.chapter(locale)
    page = visit.page
    for selector in WIDGETS:
        texts = strings(page, selector)
        ids = page.eval_on_selector_all(f"{selector} input", "els => els.map(el => el.id)")
        assert ids
        for element_id in ids:
            label = page.locator(f"label[for='{element_id}']")
            assert label.count() == 1 and label.inner_text().strip() in texts.values()
        assert page.locator(f"{selector} [aria-live=polite]").count() >= 1
    assert page.locator(".dp-explorer [aria-live=polite] .dp-results").count() == 1
    assert page.locator(".dp-ledger .dp-status[aria-live=polite]").count() == 1

    chart = explorer_state(page)
    assert page.locator(".dp-explorer svg[role=img]").count() == 1
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
    visit.chapter(locale)
    page = visit.page
    page.fill(".dp-explorer input[name=n]", "0")  # show an error message too
    add_releases(page, [0.5], locale)
    for selector in WIDGETS:
        texts = strings(page, selector)
        assert set(texts) == set(browser_english[selector])
        shown = page.locator(selector).inner_text()
        assert not re.search(r"\[[a-z-]+\]", shown), shown
        for key, english in browser_english[selector].items():
            head = english.split("{")[0].strip()
            if texts[key] != english and len(head) > 3:
                assert head not in shown, (selector, key, head)


@pytest.fixture
def browser_english(visit: Visit) -> dict[str, dict[str, str]]:
    """The English strings of both widgets, read from the English page."""
    visit.chapter("en")
    return {selector: strings(visit.page, selector) for selector in WIDGETS}


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


COLOURS = """scheme => {
  document.body.setAttribute('data-md-color-scheme', scheme);
  const probe = document.createElement('div');
  probe.style.background = 'var(--md-default-bg-color)';
  document.body.append(probe);
  const background = getComputedStyle(probe).backgroundColor;
  probe.remove();
  const css = (selector, property) => getComputedStyle(document.querySelector(selector))[property];
  return {
    background,
    text: {
      label: css('.dp-explorer label', 'color'),
      result: css('.dp-explorer .dp-results dd', 'color'),
      input: css('.dp-explorer input', 'color'),
      chart: css('.dp-explorer svg text', 'fill'),
      status: css('.dp-ledger .dp-status', 'color'),
      button: css('.dp-ledger .dp-button', 'color'),
    },
    graphics: {
      curveA: css('.dp-explorer path.dp-curve-a', 'stroke'),
      curveB: css('.dp-explorer path.dp-curve-b', 'stroke'),
      axis: css('.dp-explorer .dp-axis', 'stroke'),
      inputBorder: css('.dp-explorer input', 'borderTopColor'),
    },
  };
}"""


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_contrast_in_light_and_dark_schemes(visit: Visit, scheme: str) -> None:
    """WCAG 2.2: 4.5:1 for text, 3:1 for the curves, the axis and the input borders."""
    visit.chapter("en")
    colours = visit.page.evaluate(COLOURS, scheme)
    background = parse_color(colours["background"], (255.0, 255.0, 255.0))
    if scheme == "slate":
        assert luminance(background) < 0.1  # the dark scheme is really on
    for name, value in colours["text"].items():
        assert contrast(parse_color(value, background), background) >= 4.5, (scheme, name, value)
    for name, value in colours["graphics"].items():
        assert contrast(parse_color(value, background), background) >= 3.0, (scheme, name, value)
    curve_a = parse_color(colours["graphics"]["curveA"], background)
    curve_b = parse_color(colours["graphics"]["curveB"], background)
    assert curve_a != curve_b
