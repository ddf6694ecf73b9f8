"""Formulas in a real browser: the site's math font, no page wider than a phone, screenshots.

Measured on the locale's tour (tests/browser/tour.py, 390 px wide). The screenshots go to
``.cache/formulas/`` for a human to look at (primes, bars, the sum's limits), taken in the
light scheme; the test asserts that each is a real image and that the layout holds at 390 px.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import numpy as np
import pytest
from PIL import Image

from tests.browser.conftest import watch
from tests.browser.tour import FORMULAS, PHONE, Tour
from tests.browser.widgets import url_path
from tests.conftest import DOCS, LOCALES

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("locale", LOCALES)
def test_formulas_use_the_math_font_and_fit_a_phone(tour: Tour, locale: str) -> None:
    assert set(tour.formulas) == set(FORMULAS)
    for name, seen in tour.formulas.items():
        assert seen["width"] <= PHONE["width"], (locale, name, seen["width"])
        # The box never sticks out of the article, even when the formula inside it scrolls.
        box = seen["box"]
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert seen["mathFont"], (locale, name)
        assert seen["fontLoaded"], (locale, name)
        image = seen["image"]
        assert image[:8] == b"\x89PNG\r\n\x1a\n" and len(image) > 500, (locale, name)


@pytest.mark.parametrize("locale", ["en"])
def test_a_prime_sits_beside_its_letter_at_the_letter_height(tour: Tour, locale: str) -> None:
    """D′ is one unit: the prime starts where the D ends, beside the top of the D."""
    boxes = tour.prime
    letter, mark = boxes["letter"], boxes["mark"]
    assert abs(mark[0] - letter[1]) < 2  # no gap between D and ′
    # On the upper part of the letter's line, not floating above it as a superscript.
    assert letter[2] - 0.15 * letter[3] <= mark[2] <= letter[2] + 0.5 * letter[3], boxes


#: The first English page with a hat: its formulas are the same in every locale.
HAT_PAGE = next(p.name for p in sorted((DOCS / "en").glob("*.md")) if "\\hat" in p.read_text())
#: Hide child ``part`` of the ``i``-th accent (-1: show both).
HIDE = """([i, part]) => [...document.querySelectorAll('article mover[accent]')[i].children]
  .forEach((c, k) => { c.style.visibility = k === part ? 'hidden' : ''; })"""


def _ink_rows(png: bytes) -> tuple[int, int]:
    """The first and last row of a screenshot holding ink (pixels unlike its corner)."""
    with Image.open(io.BytesIO(png)) as shot:
        grey = np.asarray(shot.convert("L"), dtype=int)
    rows = np.flatnonzero((abs(grey - grey[0, 0]) > 96).any(axis=1))
    assert rows.size
    return int(rows[0]), int(rows[-1])


@pytest.mark.parametrize("locale", LOCALES)
def test_a_hat_sits_on_its_letter(
    new_context: Callable[..., BrowserContext], base_url: str, locale: str
) -> None:
    """The accent's ink is small and just above the letter's, not the tall ASCII caret.

    Measured on screenshots (2 device pixels a CSS pixel) of each accent with its letter
    hidden and of the letter with its accent hidden: ASCII ``^`` was 0.34 em tall, 0.03 to
    0.09 em above the letter; ˆ is 0.13 em tall, 0.09 to 0.13 em above.
    """
    visit = watch(new_context(viewport=PHONE, device_scale_factor=2).new_page(), base_url)
    visit.goto(url_path(locale, HAT_PAGE))
    visit.page.evaluate("document.fonts.ready")
    accents = visit.page.locator("article mover[accent]")
    assert accents.count() >= 2
    for index in range(accents.count()):
        accent = accents.nth(index)
        accent.scroll_into_view_if_needed()
        em = 2 * float(accent.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)"))
        visit.page.evaluate(HIDE, [index, 0])
        mark = _ink_rows(accent.screenshot(scale="device"))
        visit.page.evaluate(HIDE, [index, 1])
        letter = _ink_rows(accent.screenshot(scale="device"))
        visit.page.evaluate(HIDE, [index, -1])
        seen = (locale, index, mark, letter)
        assert (mark[1] - mark[0] + 1) / em < 0.2, seen
        assert 0 < (letter[0] - mark[1]) / em < 0.3, seen
    assert not visit.errors
