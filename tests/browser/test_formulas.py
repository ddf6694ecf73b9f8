"""Formulas in a real browser: the site's math font, no page wider than a phone, screenshots.

The screenshots go to ``.cache/formulas/`` for a human to look at (primes, bars, the sum's
limits); the test asserts that each is a real image and that the layout holds at 390 px.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.browser.conftest import Visit, _visit
from tests.browser.widgets import url_path
from tests.conftest import LOCALES, ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

SHOTS = ROOT / ".cache" / "formulas"
PHONE = {"width": 390, "height": 844}
#: name -> (page, a character that only that display formula of the page holds)
FORMULAS = {
    "dp-definition": ("glossary.md", "\u2208"),  # Pr[M(D) ∈ S] ≤ e^ε Pr[M(D′) ∈ S]
    "pointwise-bound": ("laplace.md", "\u2264"),  # |ℓ_D(z) − ℓ_D′(z)| ≤ |μ − μ′|/s ≤ ε
    "mean-distance": ("laplace.md", "\U0001d53c"),  # 𝔼|Z − μ| = s
    "sum": ("composition.md", "\u2211"),  # E = Σ ε_j
    "calibration": ("checkpoints.md", "\u03b5"),  # sensitivity = …, scale = sensitivity/ε
}


@pytest.fixture
def phone(browser: Browser, base_url: str) -> Iterator[Visit]:
    """A fresh context with a phone's viewport."""
    yield from _visit(browser, base_url, viewport=PHONE)


@pytest.mark.parametrize("locale", LOCALES)
def test_formulas_use_the_math_font_and_fit_a_phone(phone: Visit, locale: str) -> None:
    page = phone.page
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, (source, char) in FORMULAS.items():
        page.goto(f"{phone.base_url}/{url_path(locale, source)}", wait_until="networkidle")
        page.evaluate("document.fonts.ready")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], (locale, source, width)
        formula = page.locator("article .dp-math").filter(has_text=char).first
        formula.scroll_into_view_if_needed()
        # The box never sticks out of the article, even when the formula inside it scrolls.
        box = formula.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert formula.locator("math").evaluate(
            "el => getComputedStyle(el).fontFamily.startsWith('\"Lesson Math\"')"
        )
        assert page.evaluate(
            "document.fonts.check('16px \"Lesson Math\"', '\u2211\u03b5')"
            " && [...document.fonts].some(f => f.family.includes('Lesson Math')"
            " && f.status === 'loaded')"
        ), (locale, name)
        image = formula.screenshot(path=str(SHOTS / f"{locale}-{name}.png"))
        assert image[:8] == b"\x89PNG\r\n\x1a\n" and len(image) > 500, (locale, name)


def test_a_prime_sits_beside_its_letter_at_the_letter_height(phone: Visit) -> None:
    """D′ is one unit: the prime starts where the D ends, beside the top of the D."""
    page = phone.page
    page.goto(f"{phone.base_url}/{url_path('en', 'glossary.md')}", wait_until="networkidle")
    page.evaluate("document.fonts.ready")
    boxes = page.evaluate(
        """() => {
            const prime = [...document.querySelectorAll('article .dp-math mo')]
                .find(mo => mo.textContent === '\u2032');
            const letter = prime.previousElementSibling.getBoundingClientRect();
            const mark = prime.getBoundingClientRect();
            return {letter: [letter.left, letter.right, letter.top, letter.height],
                    mark: [mark.left, mark.right, mark.top, mark.height]};
        }"""
    )
    letter, mark = boxes["letter"], boxes["mark"]
    assert abs(mark[0] - letter[1]) < 2  # no gap between D and ′
    # On the upper part of the letter's line, not floating above it as a superscript.
    assert letter[2] - 0.15 * letter[3] <= mark[2] <= letter[2] + 0.5 * letter[3], boxes
