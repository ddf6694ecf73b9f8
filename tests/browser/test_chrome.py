"""The site's chrome as a reader meets it, in every language: the palette toggle's tooltip,
the footer, the "Next" chain from the home page to the exercises, and the 404 pages.

All read from the locale's tour (tests/browser/tour.py). ``http.server`` serves no 404 page
for a missing address, so the tour opens each locale's ``404.html`` directly and follows its
links.
"""

from __future__ import annotations

import pytest

from dplesson import locales
from tests.browser.tour import Tour, site_path
from tests.conftest import LOCALES
from tests.site_soup import words

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("locale", LOCALES)]


def test_palette_tooltip_and_footer_are_in_the_locale(tour: Tour, locale: str) -> None:
    strings = locales.section(locale, "chrome")
    palette = tour.palette
    assert palette["count"] == 1  # one visible toggle
    # The tour reads in the dark scheme: the toggle offers light, then (toggled) dark.
    assert palette["scheme"] == "slate" and palette["title"] == strings["light_mode"]
    assert palette["toggled"] == "default" and palette["toggled_title"] == strings["dark_mode"]
    assert palette["back"] == "slate"
    footer = tour.footer
    text = words(footer["text"])  # no-break spaces (French "Code :") read as spaces
    assert words(strings["copyright"]) in text
    assert words(strings["made_with"].replace("{link}", "Material for MkDocs")) in text
    assert footer["licence_ok"] and "MIT License" in footer["licence_text"]
    assert footer["title"].endswith(strings["site_name"])


def test_next_leads_through_the_course_and_stops_at_the_exercises(tour: Tour, locale: str) -> None:
    assert tour.chain == tour.expected_chain
    assert tour.next_at_end == 0


def test_each_locale_has_a_404_page_in_its_language_with_working_links(
    tour: Tour, locale: str
) -> None:
    strings = locales.section(locale, "chrome")
    seen = tour.not_found
    assert seen["lang"] == locale
    assert seen["title"] == f"{strings['not_found_title']} - {strings['site_name']}"
    assert seen["h1"] == strings["not_found_title"]
    assert len(seen["links"]) > 10
    assert not seen["broken"], seen["broken"]
    assert seen["home"] == site_path(locale, "index.md")
    assert seen["home_lang"] == locale
