"""Formulas in a real browser: the site's math font, no page wider than a phone, screenshots.

Measured on the locale's tour (tests/browser/tour.py, 390 px wide). The screenshots go to
``.cache/formulas/`` for a human to look at (primes, bars, the sum's limits), taken in the
light scheme; the test asserts that each is a real image and that the layout holds at 390 px.
"""

from __future__ import annotations

import pytest

from tests.browser.tour import FORMULAS, PHONE, Tour
from tests.conftest import LOCALES

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
