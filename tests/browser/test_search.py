"""Search in the reader's language: each locale finds its words and only its own pages."""

from __future__ import annotations

from urllib.parse import unquote, urlparse

import pytest

from tests.browser.conftest import Visit
from tests.browser.site_pages import SEARCH_WORDS, locale_path, search
from tests.conftest import LOCALES

pytestmark = pytest.mark.browser


def in_locale(url: str, base_url: str, locale: str) -> bool:
    """Whether ``url`` is a page of ``locale`` on the served site."""
    path = urlparse(url).path
    base = urlparse(base_url).path.rstrip("/")
    if not path.startswith(base + "/"):
        return False
    first = path[len(base) + 1 :].split("/", 1)[0]
    others = set(LOCALES) - {"en"}
    return first == locale if locale != "en" else first not in others


@pytest.mark.parametrize("locale", LOCALES)
def test_a_word_of_the_locale_finds_pages_of_that_locale_only(visit: Visit, locale: str) -> None:
    visit.page.goto(f"{visit.base_url}/{locale_path(locale, 'laplace/')}", wait_until="load")
    links = search(visit.page, SEARCH_WORDS[locale])
    assert len(links) >= 3, links
    strays = [link for link in links if not in_locale(link, visit.base_url, locale)]
    assert not strays, strays
    index = f"/{locale_path(locale, 'search/search_index.json')}"
    assert any(urlparse(url).path == index for url in visit.requests), visit.requests


@pytest.mark.parametrize("locale", ["zh", "de"])
def test_an_english_word_stays_in_the_locale(visit: Visit, locale: str) -> None:
    """Fallback pages and code are English; the hits are still this locale's pages."""
    visit.page.goto(f"{visit.base_url}/{locale_path(locale, '')}", wait_until="load")
    links = search(visit.page, "laplace_calibration")
    assert links
    assert all(in_locale(link, visit.base_url, locale) for link in links), links


def test_a_chinese_word_is_found_inside_a_sentence(visit: Visit) -> None:
    visit.page.goto(f"{visit.base_url}/zh/", wait_until="load")
    word = SEARCH_WORDS["zh"]
    search(visit.page, word)
    texts: list[str] = visit.page.eval_on_selector_all(
        ".md-search-result__article p:has(mark)", "els => els.map(el => el.textContent)"
    )
    sentences = [t.replace("\u200b", "") for t in texts]
    assert any(word in s and len(s) > len(word) + 10 for s in sentences), sentences


def test_a_result_opens_the_page_with_the_word_highlighted(visit: Visit) -> None:
    visit.page.goto(f"{visit.base_url}/tr/", wait_until="load")
    links = search(visit.page, SEARCH_WORDS["tr"])
    visit.page.locator("a.md-search-result__link").first.click()
    visit.page.wait_for_load_state("load")
    assert unquote(visit.page.url).startswith(f"{visit.base_url}/tr/")
    assert visit.page.url.split("#")[0] in [link.split("#")[0] for link in links]
    assert visit.page.locator("article mark").count() >= 1


# Readers type without diacritics; the folded form and the original both find the page, and
# Chinese words inside sentences are still found (docs/hooks/search_locale.py).
FOLDED_QUERIES = [
    ("en", "Chike", "sensitivity/"),  # Chiké Abuah, under "Further reading"
    ("tr", "duyarlilik", "sensitivity/"),
    ("tr", "DUYARLILIK", "sensitivity/"),
    ("tr", "duyarlılık", "sensitivity/"),
    ("de", "Sensitivitat", "sensitivity/"),
    ("de", "Sensitivität", "sensitivity/"),
    ("nl", "differentiele", "glossary/"),
    ("nl", "differentiële", "glossary/"),
    ("zh", "隐私预算", "composition/"),
    ("zh", "一个人", "sensitivity/"),
]


@pytest.mark.parametrize(("locale", "query", "page"), FOLDED_QUERIES)
def test_a_query_without_diacritics_finds_the_page(
    visit: Visit, locale: str, query: str, page: str
) -> None:
    visit.page.goto(f"{visit.base_url}/{locale_path(locale, '')}", wait_until="load")
    links = search(visit.page, query)
    pages = {urlparse(link).path for link in links}
    assert f"{urlparse(visit.base_url).path}/{locale_path(locale, page)}" in pages, links
    assert all(in_locale(link, visit.base_url, locale) for link in links), links
