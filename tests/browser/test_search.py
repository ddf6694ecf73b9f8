"""Search in the reader's language: each locale finds its words and only its own pages.

The queries of a locale are typed one after another on one page of it (``home``), loaded
once per locale for this module; opening a result has a page of its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlparse

import pytest

from dplesson import locales
from tests.browser.conftest import Visit, shared_page
from tests.browser.site_pages import locale_path, search, search_word
from tests.conftest import LOCALES
from tests.docs_sources import glossary_entries

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser


@pytest.fixture(scope="session")
def base_url(indexed_url: str) -> str:
    """This module searches: the site as built, search indexes included (conftest.py)."""
    return indexed_url


@pytest.fixture(scope="module")
def home_page(
    browser: Browser, browser_context_args: dict[str, Any], base_url: str, locale: str
) -> Iterator[Visit]:
    """The home page of ``locale``, loaded once for this module's queries."""
    with shared_page(browser, browser_context_args, base_url, locale_path(locale, "")) as seen:
        yield seen


@pytest.fixture
def home(home_page: Visit) -> Iterator[Visit]:
    """The shared home page; no script error may happen during a test."""
    yield home_page
    assert not home_page.errors, home_page.errors


def in_locale(url: str, base_url: str, locale: str) -> bool:
    """Whether ``url`` is a page of ``locale`` on the served site."""
    path = urlparse(url).path
    base = urlparse(base_url).path.rstrip("/")
    if not path.startswith(base + "/"):
        return False
    first = path[len(base) + 1 :].split("/", 1)[0]
    others = set(LOCALES) - {"en"}
    return first == locale if locale != "en" else first not in others


@pytest.mark.parametrize("locale", LOCALES, scope="module")
def test_a_word_of_the_locale_finds_pages_of_that_locale_only(home: Visit, locale: str) -> None:
    visit = home
    links = search(visit.page, search_word(locale))
    assert len(links) >= 3, links
    strays = [link for link in links if not in_locale(link, visit.base_url, locale)]
    assert not strays, strays
    index = f"/{locale_path(locale, 'search/search_index.json')}"
    assert any(urlparse(url).path == index for url in visit.requests), visit.requests


@pytest.mark.parametrize("locale", ["zh", "de"], scope="module")
def test_an_english_word_stays_in_the_locale(home: Visit, locale: str) -> None:
    """Fallback pages and code are English; the hits are still this locale's pages."""
    visit = home
    links = search(visit.page, "laplace_calibration")
    assert links
    assert all(in_locale(link, visit.base_url, locale) for link in links), links


@pytest.mark.parametrize("locale", ["zh"], scope="module")
def test_a_chinese_word_is_found_inside_a_sentence(home: Visit, locale: str) -> None:
    visit = home
    word = search_word("zh")
    search(visit.page, word)
    texts: list[str] = visit.page.eval_on_selector_all(
        ".md-search-result__article p:has(mark)", "els => els.map(el => el.textContent)"
    )
    sentences = [t.replace("\u200b", "") for t in texts]
    assert any(word in s and len(s) > len(word) + 10 for s in sentences), sentences


def test_a_result_opens_the_page_with_the_word_highlighted(visit: Visit) -> None:
    visit.page.goto(f"{visit.base_url}/tr/", wait_until="load")
    links = search(visit.page, search_word("tr"))
    visit.page.locator("a.md-search-result__link").first.click()
    visit.page.wait_for_load_state("load")
    assert unquote(visit.page.url).startswith(f"{visit.base_url}/tr/")
    assert visit.page.url.split("#")[0] in [link.split("#")[0] for link in links]
    # Material marks the words once its search worker has read the index, after "load".
    marks = visit.page.locator("article mark")
    marks.first.wait_for()
    assert marks.count() >= 1


# Readers type without diacritics; the folded form and the original both find the page, and
# Chinese words inside sentences are still found (docs/hooks/search_locale.py).
FOLDED_QUERIES = [
    ("en", "Chike", "sensitivity/"),  # Chiké Abuah, under "Further reading"
    ("tr", "duyarlilik", "sensitivity/"),
    ("tr", "DUYARLILIK", "sensitivity/"),
    ("tr", "duyarlılık", "sensitivity/"),
    ("de", "Sensitivitat", "sensitivity/"),
    ("de", "Sensitivität", "sensitivity/"),
    ("nl", "differentiele", "anonymisation/"),
    ("nl", "differentiële", "anonymisation/"),
    ("zh", "隐私预算", "composition/"),
    ("zh", "多次就诊", "sensitivity/"),  # "many hospital visits", inside a sentence of one page
]


@pytest.mark.parametrize("locale", sorted({code for code, _, _ in FOLDED_QUERIES}), scope="module")
def test_a_query_without_diacritics_finds_the_page(home: Visit, locale: str) -> None:
    """Each query of the locale in turn, on one page of the locale."""
    visit = home
    queries = [(query, target) for code, query, target in FOLDED_QUERIES if code == locale]
    for query, target in queries:
        links = search(visit.page, query)
        pages = {urlparse(link).path for link in links}
        wanted = f"{urlparse(visit.base_url).path}/{locale_path(locale, target)}"
        assert wanted in pages, (query, links)
        assert all(in_locale(link, visit.base_url, locale) for link in links), (query, links)


def expected_first_results(locale: str) -> list[tuple[str, str]]:
    """The glossary's terms that name a ``search`` page: the locale's term and that page."""
    return [
        (entry[locale]["term"], entry["search"].removesuffix(".md") + "/")
        for entry in glossary_entries()
        if "search" in entry and locale in entry
    ]


@pytest.mark.parametrize("locale", LOCALES, scope="module")
def test_a_term_finds_the_chapter_that_teaches_it_first(home: Visit, locale: str) -> None:
    """Not the glossary, the home page or the translators' guide, which also name every term.

    The queries are the glossary's terms with a ``search`` page (docs/hooks/glossary.yml),
    typed into the real search box; the first result must be a section of that page.
    """
    visit = home
    queries = expected_first_results(locale)
    if locales.state(locale) == locales.IN_PROGRESS and not queries:
        pytest.skip(f"{locale} is in progress and its glossary names no term yet")
    assert len(queries) >= 5, queries
    wrong = []
    for query, target in queries:
        links = search(visit.page, query)
        wanted = f"{urlparse(visit.base_url).path}/{locale_path(locale, target)}"
        if not links or unquote(urlparse(links[0]).path) != wanted:
            wrong.append((query, target, [unquote(urlparse(link).path) for link in links[:3]]))
    assert not wrong, wrong
