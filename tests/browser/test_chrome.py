"""The site's chrome as a reader meets it, in every language: the palette toggle's tooltip,
the footer, the "Next" chain from the home page to the exercises, and the 404 pages.

``http.server`` serves no 404 page for a missing address, so the 404 test opens each
locale's ``404.html`` directly and follows its links.
"""

from __future__ import annotations

from urllib.parse import urljoin, urlparse

import pytest

from tests.browser.conftest import Visit
from tests.conftest import LOCALES
from tests.test_chrome import chrome, mkdocs_config, nav_files

pytestmark = pytest.mark.browser

PALETTE_LABEL = "form[data-md-component=palette] label.md-header__button"


def site_path(locale: str, name: str) -> str:
    """``laplace.md`` in nl → ``/nl/laplace/``; ``index.md`` in en → ``/``."""
    stem = name.rsplit(".", 1)[0]
    route = "" if stem == "index" else f"{stem}/"
    return f"/{route}" if locale == "en" else f"/{locale}/{route}"


def visible_palette_title(visit: Visit) -> str:
    label = visit.page.locator(f"{PALETTE_LABEL}:visible")
    assert label.count() == 1
    return label.get_attribute("title") or ""


@pytest.mark.parametrize("locale", LOCALES)
def test_palette_tooltip_and_footer_are_in_the_locale(visit: Visit, locale: str) -> None:
    strings = chrome(locale)
    page = visit.page
    page.emulate_media(color_scheme="light")
    page.goto(f"{visit.base_url}{site_path(locale, 'index.md')}", wait_until="networkidle")
    assert visible_palette_title(visit) == strings["dark_mode"]
    page.locator(f"{PALETTE_LABEL}:visible").click()
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    assert visible_palette_title(visit) == strings["light_mode"]
    page.locator(f"{PALETTE_LABEL}:visible").click()  # back to light for the next visit

    footer = " ".join(page.locator(".md-copyright").inner_text().split())
    assert strings["copyright"] in footer
    assert strings["made_with"].replace("{link}", "Material for MkDocs") in footer
    licence = page.get_by_role("link", name=strings["licence_link"])
    response = page.request.get(urljoin(page.url, licence.get_attribute("href") or ""))
    assert response.ok and "MIT License" in response.text()
    assert page.title().endswith(strings["site_name"])


@pytest.mark.parametrize("locale", LOCALES)
def test_next_leads_through_the_course_and_stops_at_the_exercises(
    visit: Visit, locale: str
) -> None:
    end = mkdocs_config()["extra"]["course_end"]
    names = [name for _, group in nav_files() for name in group]
    expected = [site_path(locale, name) for name in names[: names.index(end) + 1]]
    page = visit.page
    page.goto(f"{visit.base_url}{expected[0]}", wait_until="domcontentloaded")
    visited = [urlparse(page.url).path]
    next_link = page.locator("a.md-footer__link--next")
    while next_link.count() and len(visited) <= len(expected):
        next_link.click()
        page.wait_for_load_state("domcontentloaded")
        visited.append(urlparse(page.url).path)
    assert visited == expected
    assert page.locator("a.md-footer__link--next").count() == 0


@pytest.mark.parametrize("locale", LOCALES)
def test_each_locale_has_a_404_page_in_its_language_with_working_links(
    visit: Visit, locale: str
) -> None:
    strings = chrome(locale)
    page = visit.page
    folder = "" if locale == "en" else f"{locale}/"
    page.goto(f"{visit.base_url}/{folder}404.html", wait_until="networkidle")
    assert page.evaluate("document.documentElement.lang") == locale
    assert page.title() == f"{strings['not_found_title']} - {strings['site_name']}"
    assert page.locator("article h1").inner_text().strip() == strings["not_found_title"]
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
    local = {h.split("#")[0] for h in hrefs if h.startswith(visit.base_url)}
    assert len(local) > 10
    broken = [h for h in sorted(local) if not page.request.get(h).ok]
    assert not broken, broken
    page.get_by_role("link", name=strings["not_found_home"]).click()
    page.wait_for_load_state("domcontentloaded")
    assert urlparse(page.url).path == site_path(locale, "index.md")
    assert page.evaluate("document.documentElement.lang") == locale
