"""The lab's figures on a 390 px phone, light and dark, in every locale: legible and in the page.

Each figure is inline SVG (dplesson/plot_image.py) that takes the page's text colour and the
chapters' palette. Here Chromium shows the lab at phone width in both of Material's schemes:
every text of every figure is at least 11 px, nothing reaches past the screen, lines and text
stand out from the page (3:1 and 4.5:1, WCAG 2.2), and the figure is not a box of its own
colour: its commonest pixel is the page's background, and in the dark scheme next to none of
its pixels are near white.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, cast

import pytest
from PIL import Image

from dplesson import plots
from tests.browser.colours import BACKGROUND, WHITE, contrast, luminance, parse_color
from tests.browser.site_pages import locale_path
from tests.browser.tour import PHONE
from tests.conftest import LOCALES

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

SCHEMES = ("default", "slate")

#: In the scheme given: the page's background, the width of the screen, and for each lab
#: figure its alt text, its smallest text in px, how far right it reaches, and its marks: the
#: fill of each text and the stroke of each opaque line (the faint grid and bands are meant
#: to be faint).
MEASURE = (
    """(scheme) => {
  document.body.setAttribute('data-md-color-scheme', scheme);
"""
    + BACKGROUND
    + """\
  const figures = [...document.querySelectorAll('article svg.dp-plot')].map(svg => {
    const box = svg.getBoundingClientRect();
    const scale = box.width / svg.viewBox.baseVal.width;
    const texts = [...svg.querySelectorAll('text, tspan')];
    const marks = [...svg.querySelectorAll('text')]
      .map(t => ['text', getComputedStyle(t).fill]);
    for (const path of svg.querySelectorAll('path:not(defs path)')) {
      const style = getComputedStyle(path);
      if (style.stroke !== 'none' && parseFloat(style.strokeOpacity) === 1) {
        marks.push(['line', style.stroke]);
      }
    }
    return {
      alt: svg.querySelector('title').textContent,
      smallest: Math.min(...texts.map(t => parseFloat(getComputedStyle(t).fontSize) * scale)),
      right: Math.max(box.right, ...texts.map(t => t.getBoundingClientRect().right)),
      marks,
    };
  });
  return {background, width: document.documentElement.clientWidth, figures};
}"""
)


@pytest.fixture(scope="module")
def phone(browser: Browser, base_url: str) -> Iterator[Page]:
    """One 390 px wide page for the module."""
    context = browser.new_context(base_url=base_url, viewport=PHONE)  # type: ignore[arg-type]
    yield context.new_page()
    context.close()


def pixels(page: Page, index: int) -> list[tuple[int, int, int]]:
    """The RGB pixels of the lab's figure number ``index`` as the screen shows it."""
    shot = page.locator("article svg.dp-plot").nth(index).screenshot()
    with Image.open(io.BytesIO(shot)) as picture:
        return cast("list[tuple[int, int, int]]", list(picture.convert("RGB").get_flattened_data()))


@pytest.mark.parametrize("locale", LOCALES)
def test_lab_figures_are_legible_on_a_phone_in_light_and_dark(phone: Page, locale: str) -> None:
    phone.goto("/" + locale_path(locale, "lab/"), wait_until="networkidle")
    for scheme in SCHEMES:
        seen: dict[str, Any] = phone.evaluate(MEASURE, scheme)
        background = parse_color(seen["background"], WHITE)
        assert len(seen["figures"]) == len(plots.FIGURES), (locale, scheme)
        for number, figure in enumerate(seen["figures"]):
            where = (locale, scheme, figure["alt"][:40])
            assert figure["smallest"] >= 11.0, (*where, figure["smallest"])
            assert figure["right"] <= seen["width"], (*where, figure["right"])
            assert any(kind == "line" for kind, _ in figure["marks"]), where
            for kind, colour in figure["marks"]:
                ratio = contrast(parse_color(colour, background), background)
                assert ratio >= (4.5 if kind == "text" else 3.0), (*where, kind, colour, ratio)
            shown = pixels(phone, number)
            commonest = Counter(shown).most_common(1)[0][0]
            assert contrast(commonest, background) < 1.05, (*where, commonest, background)
            if scheme == "slate":
                bright = sum(luminance(p) > 0.8 for p in shown) / len(shown)
                assert bright < 0.01, (*where, bright)
