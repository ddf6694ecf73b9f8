"""The chapters' SVG figures in a real browser: readable in dark mode and on a phone.

Measured on the locale's tour (tests/browser/tour.py), which reads every chapter on a
390 px wide screen in the dark scheme.
"""

from __future__ import annotations

import pytest

from tests.browser.colours import WHITE, contrast, parse_color
from tests.browser.tour import Tour
from tests.conftest import LOCALES
from tests.docs_sources import placed_figures

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("locale", LOCALES)]


def test_figures_contrast_with_the_dark_page(tour: Tour, locale: str) -> None:
    assert set(tour.figures) == set(placed_figures())
    for chapter, seen in tour.figures.items():
        assert seen["scheme"] == "slate", (chapter, seen["scheme"])
        found = seen["marks"]
        background = parse_color(found["background"], WHITE)
        assert found["marks"], chapter
        for kind, colour in found["marks"]:
            ratio = contrast(parse_color(colour, background), background)
            assert ratio >= 3.0, (locale, chapter, kind, colour, round(ratio, 2))


def test_figure_text_is_readable_on_a_phone(tour: Tour, locale: str) -> None:
    assert set(tour.figures) == set(placed_figures())
    for chapter, seen in tour.figures.items():
        sizes = seen["sizes"]
        assert sizes["smallest"] >= 11.0, (locale, chapter, sizes)
        assert sizes["overflow"] <= 0, (locale, chapter, sizes)
