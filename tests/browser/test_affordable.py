"""The "how many releases can I afford?" comparison shows dplesson's counts, in every locale."""

from __future__ import annotations

import re

import pytest

from dplesson.accounting import affordable_releases
from tests.browser.conftest import Visit
from tests.browser.widgets import leading_number, parse_localised, url_path
from tests.conftest import LOCALES

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("locale", LOCALES)
def test_every_choice_shows_the_packages_counts(shared_visit: Visit, locale: str) -> None:
    shared_visit.page.goto(
        f"{shared_visit.base_url}/{url_path(locale, 'beyond.md')}", wait_until="load"
    )
    widget = shared_visit.page.locator(".dp-affordable.dp-ready")
    widget.wait_for()
    budget, noise = widget.locator("select"), widget.locator("input[type=range]")
    epsilons = [parse_localised(t, locale) for t in budget.locator("option").all_inner_texts()]
    assert epsilons == [0.5, 1.0, 2.0, 4.0]
    for index, epsilon in enumerate(epsilons):
        budget.select_option(str(index))
        for step in (0, 7):
            noise.fill(str(step))
            std = parse_localised(widget.locator("output").inner_text(), locale)
            shown = [
                int(parse_localised(leading_number(text), locale))
                for text in widget.locator(".dp-affordable-count").all_inner_texts()
            ]
            expected = affordable_releases(epsilon, 1e-6, std)
            assert shown == [expected["basic"], expected["advanced"], expected["zcdp"]]
    summary = widget.locator("[role=status]").inner_text()
    digits = re.sub("[.,\u00a0\u202f]", "", summary)  # thousands grouped any way
    assert str(expected["zcdp"]) in digits


def test_without_javascript_the_paragraph_explains(shared_visit_without_js: Visit) -> None:
    shared_visit_without_js.page.goto(
        f"{shared_visit_without_js.base_url}/beyond/", wait_until="load"
    )
    text = shared_visit_without_js.page.locator(".dp-affordable").inner_text()
    assert "JavaScript" in text
