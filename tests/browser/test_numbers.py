"""The page's number script writes and reads numbers exactly as ``dplesson.locales`` does.

``docs/assets/numbers.js`` serves the widgets and the exercises; the build writes prose,
figures and exercise values with ``format_number``. Here, in every locale, the script formats
a few thousand floats (random magnitudes from a seeded generator, ties and edge cases) with
and without significant digits, and reads typed texts (the Python tests' cases, every
formatted number, its full-width form, the other decimal sign): every result must equal
Python's. Plural categories come from ``Intl.PluralRules`` of the page's language.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import pytest

from dplesson import locales
from tests.browser.widgets import plural_category, url_path
from tests.conftest import LOCALES

if TYPE_CHECKING:
    from tests.browser.conftest import Visit

pytestmark = pytest.mark.browser

#: A page of every locale with exercises and widgets, so it loads numbers.js.
PAGE = "laplace.md"
FULL_WIDTH = str.maketrans({str(d): chr(0xFF10 + d) for d in range(10)} | {"\u2212": "\uff0d"})
EDGES = [
    0.0,
    -0.0,
    0.125,
    0.375,
    2.5,
    -2.5,
    2.675,
    1e-7,
    1.5e-300,
    5e-324,
    1e15,
    1e16,
    1e21,
    1e22,
    123456.789,
    -98765.4321,
    0.1 + 0.2,
    9999.5,
    99999.5,
    1.7976931348623157e308,
]
TYPED = [
    "0,5",
    "0.5",
    ".5",
    "1,25",
    "1.25",
    "0,125",
    "1,250",
    "1.250",
    "1,000,000",
    "1.000.000",
    "1,000.5",
    "1.000,5",
    "12 345",
    "12\u202f345,5",
    "12\u00a0345.5",
    " \u22121 ",
    "+3",
    "1e-3",
    "1E3",
    "\uff11\uff12\u3002\uff15",
    "\uff0d\uff10\uff0e\uff12\uff15",
    "",
    "abc",
    "1.2.3",
    "--1",
    "1,",
    "5.",
    "\u00bd",
    "12 34",
    "0 123",
    "1,00,000",
    "1,000e3",
    "1e999",
]


def floats() -> list[float]:
    """Random floats over many magnitudes, both signs, from a seeded generator."""
    rng = np.random.default_rng(2812)
    mantissas = rng.uniform(-10, 10, size=600)
    exponents = rng.integers(-12, 18, size=600)
    return EDGES + [float(m * 10.0**e) for m, e in zip(mantissas, exponents, strict=True)]


def python_reads(text: str, locale: str) -> float | None:
    try:
        return locales.parse_number(text, locale)
    except ValueError:
        return None


@pytest.mark.parametrize("locale", LOCALES)
def test_the_script_formats_and_reads_like_python(shared_visit: Visit, locale: str) -> None:
    shared_visit.goto(url_path(locale, PAGE))
    page = shared_visit.page
    values = floats()
    cases = [(x, d) for x in values for d in (None, 1, 3, 6)]
    shown = page.evaluate(
        "(cases) => cases.map(([x, d]) => window.dpNumbers.format(x, d || undefined))", cases
    )
    expected = [locales.format_number(x, locale, d) for x, d in cases]
    wrong = [(c, s, e) for c, s, e in zip(cases, shown, expected, strict=True) if s != e]
    assert not wrong, wrong[:10]
    written = [locales.format_number(x, locale) for x in values]
    texts = TYPED + written + [w.translate(FULL_WIDTH) for w in written]
    read = page.evaluate(
        "(texts) => texts.map((t) => { const v = window.dpNumbers.parse(t);"
        " return Number.isNaN(v) ? null : Object.is(v, -0) ? '-0' : v; })",
        texts,
    )
    for text, got in zip(texts, read, strict=True):
        want = python_reads(text, locale)
        if want is not None and want == 0 and math.copysign(1, want) < 0:
            assert got == "-0", text
        else:  # Playwright hands integral numbers over as int: compare as floats
            assert (None if got is None else float(got)) == want, (text, got, want)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_script_uses_the_locales_settings_and_plural_rules(
    shared_visit: Visit, locale: str
) -> None:
    shared_visit.goto(url_path(locale, PAGE))
    settings = shared_visit.page.evaluate("window.dpNumbers.settings")
    assert settings == locales.number_settings(locale)
    counts = [0, 1, 2, 5, 1.5]
    shown = shared_visit.page.evaluate(
        """counts => {
            const english = document.createElement('span');
            english.lang = 'en';
            const inside = english.appendChild(document.createElement('b'));
            document.body.append(english);
            return {page: counts.map((n) => window.dpNumbers.plural(n)),
                    english: counts.map((n) => window.dpNumbers.plural(n, inside))};
        }""",
        counts,
    )
    # The page's language's rules, as the widgets' "1 release" needs, and English's for a
    # text inside lang="en" (the English page a language in progress shows).
    assert shown["page"] == [plural_category(n, locale) for n in counts]
    assert shown["english"] == [plural_category(n, "en") for n in counts]


def test_chinese_emphasis_is_never_a_fake_slant(shared_visit: Visit) -> None:
    """Han characters have no italic: emphasis dots instead, Latin words keep their italic."""
    shared_visit.goto(url_path("zh", "releasing.md"))
    styles = shared_visit.page.evaluate(
        "() => [...document.querySelectorAll('article p em')].filter(e => /[\\u4e00-\\u9fff]/"
        ".test(e.textContent)).map(e => { const s = getComputedStyle(e);"
        " return [s.fontSynthesisStyle, s.textEmphasisStyle]; })"
    )
    assert styles and all(style == ["none", "dot"] for style in styles), styles  # filled dots
