"""The chapters' SVG figures in a real browser: readable in dark mode and on a phone."""

from __future__ import annotations

import pytest

from tests.browser.conftest import Visit
from tests.browser.test_page import contrast, parse_color
from tests.browser.widgets import url_path
from tests.conftest import LOCALES
from tests.test_figures import CHAPTER_FIGURES

pytestmark = pytest.mark.browser

#: Marks whose colour must stand out from the page (WCAG 2.2: 3:1 for graphics).
MARKS = """() => {
  const probe = document.createElement('div');
  probe.style.background = 'var(--md-default-bg-color)';
  document.body.append(probe);
  const background = getComputedStyle(probe).backgroundColor;
  probe.remove();
  const marks = [];
  for (const svg of document.querySelectorAll('figure.dp-figure svg')) {
    for (const text of svg.querySelectorAll('text')) {
      marks.push(['text', getComputedStyle(text).fill]);
    }
    for (const path of svg.querySelectorAll('.dp-fig-axis, .dp-fig-line, .dp-fig-bar')) {
      marks.push([path.getAttribute('class'), getComputedStyle(path).stroke]);
    }
  }
  return {background, marks};
}"""

#: The rendered size of the smallest figure text, and how far a figure or any of its text
#: reaches past the right edge of the viewport (the page's own overflow is
#: tests/browser/test_page.py's concern: the header's language list reaches 3 px past it).
SIZES = """() => {
  const sizes = [];
  let right = 0;
  for (const figure of document.querySelectorAll('figure.dp-figure')) {
    const svg = figure.querySelector('svg');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    right = Math.max(right, figure.getBoundingClientRect().right, figure.scrollWidth);
    for (const text of svg.querySelectorAll('text')) {
      sizes.push(parseFloat(getComputedStyle(text).fontSize) * scale);
      right = Math.max(right, text.getBoundingClientRect().right);
    }
  }
  const overflow = right - document.documentElement.clientWidth;
  return {smallest: Math.min(...sizes), overflow};
}"""


@pytest.mark.parametrize("locale", LOCALES)
def test_figures_contrast_with_the_dark_page(visit: Visit, locale: str) -> None:
    page = visit.page
    page.emulate_media(color_scheme="dark")
    for chapter in CHAPTER_FIGURES:
        page.goto(f"{visit.base_url}/{url_path(locale, chapter)}", wait_until="networkidle")
        scheme = page.evaluate("() => document.body.getAttribute('data-md-color-scheme')")
        assert scheme == "slate", (chapter, scheme)
        found = page.evaluate(MARKS)
        background = parse_color(found["background"], (255, 255, 255))
        assert found["marks"], chapter
        for kind, colour in found["marks"]:
            ratio = contrast(parse_color(colour, background), background)
            assert ratio >= 3.0, (locale, chapter, kind, colour, round(ratio, 2))


@pytest.mark.parametrize("locale", LOCALES)
def test_figure_text_is_readable_on_a_phone(visit: Visit, locale: str) -> None:
    page = visit.page
    page.set_viewport_size({"width": 390, "height": 844})
    for chapter in CHAPTER_FIGURES:
        page.goto(f"{visit.base_url}/{url_path(locale, chapter)}", wait_until="networkidle")
        sizes = page.evaluate(SIZES)
        assert sizes["smallest"] >= 11.0, (locale, chapter, sizes)
        assert sizes["overflow"] <= 0, (locale, chapter, sizes)
