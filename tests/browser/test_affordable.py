"""The "how many releases can I afford?" comparison shows dplesson's counts, in every locale.

Every budget and noise level is chosen through the controls; each count reads as the page's
count text with the number written by ``dplesson.locales.format_number``, in the plural form
that CLDR gives the count in the language the page's texts are written in (the singular
"1 release" in English; English's rules on the English page a language in progress shows);
the slider speaks its noise level, not its step, and the widget says its bars are on a
logarithmic scale.
"""

from __future__ import annotations

import pytest

from dplesson.accounting import affordable_releases
from dplesson.locales import format_number
from tests.browser.conftest import Visit
from tests.browser.widgets import parse_localised, plural_category, strings, url_path
from tests.conftest import LOCALES, source

pytestmark = pytest.mark.browser


PAGE = "beyond.md"


def count_text(texts: dict[str, str], count: int, locale: str) -> str:
    """The count as the page words it: the text of its plural category, ``count`` otherwise."""
    category = plural_category(count, source(locale, PAGE))  # the language of the texts
    template = texts.get(f"count-{category}", texts["count"])
    return template.replace("{count}", format_number(count, locale))


@pytest.mark.parametrize("locale", LOCALES)
def test_every_choice_shows_the_packages_counts(shared_visit: Visit, locale: str) -> None:
    shared_visit.page.goto(f"{shared_visit.base_url}/{url_path(locale, PAGE)}", wait_until="load")
    widget = shared_visit.page.locator(".dp-affordable.dp-ready")
    widget.wait_for()
    texts = strings(shared_visit.page, ".dp-affordable")
    budget, noise = widget.locator("select"), widget.locator("input[type=range]")
    epsilons = [parse_localised(t, locale) for t in budget.locator("option").all_inner_texts()]
    assert epsilons == [0.5, 1.0, 2.0, 4.0]
    singular = 0
    steps = int(noise.get_attribute("max") or "0") + 1
    for index, epsilon in enumerate(epsilons):
        budget.select_option(str(index))
        for step in range(steps):
            noise.fill(str(step))
            std = parse_localised(widget.locator("output").inner_text(), locale)
            assert noise.get_attribute("aria-valuetext") == format_number(std, locale)
            expected = affordable_releases(epsilon, 1e-6, std)
            counts = [expected["basic"], expected["advanced"], expected["zcdp"]]
            shown = widget.locator(".dp-affordable-count").all_inner_texts()
            assert shown == [count_text(texts, c, locale) for c in counts], (epsilon, std)
            singular += counts.count(1)
            summary = widget.locator("[role=status]").inner_text()
            assert count_text(texts, expected["zcdp"], locale) in summary
    assert singular >= 1  # one release is among the choices
    assert widget.locator(".dp-affordable-scale").inner_text() == texts["scale"]
    # A target a finger can hit: the budget's select is at least 24 px tall.
    box = budget.bounding_box()
    assert box is not None and box["height"] >= 24


def test_without_javascript_the_paragraph_explains(shared_visit_without_js: Visit) -> None:
    shared_visit_without_js.page.goto(
        f"{shared_visit_without_js.base_url}/beyond/", wait_until="load"
    )
    text = shared_visit_without_js.page.locator(".dp-affordable").inner_text()
    assert "JavaScript" in text
