"""What the browser tests share: the page types they visit, and Material's search driven
like a reader would (Debian's Chromium and its flags: .ci/tools/chromium.py)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

if TYPE_CHECKING:
    from playwright.sync_api import Page

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "hooks" / "glossary.yml"
#: One page of each type: the home page, a chapter with math and widgets, a notebook.
PAGE_TYPES = {"home": "", "chapter": "laplace/", "notebook": "lab/"}
#: The glossary term searched for: every chapter's language uses it inside sentences.
SEARCH_TERM = "sensitivity"


@cache
def search_word(locale: str) -> str:
    """The locale's word for :data:`SEARCH_TERM` from the glossary (Chinese: no spaces around it).

    A language in progress without the term yet searches for English's, which its English
    fallback pages hold.
    """
    glossary = yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))
    term = next(t for t in glossary["terms"] if t["id"] == SEARCH_TERM)
    return str((term.get(locale) or term["en"])["term"])


RESULT_LINKS = ".md-search-result a.md-search-result__link"
# The search worker is ready when the result meta shows the placeholder.
READY = """() => {
  const t = JSON.parse(document.getElementById('__config').textContent).translations;
  const meta = document.querySelector('.md-search-result__meta');
  return meta !== null && meta.textContent.trim() === t['search.result.placeholder'];
}"""
# The result meta shows "initialising" or a placeholder until the query is answered with
# one of Material's (translated) result counts.
ANSWERED = """() => {
  const t = JSON.parse(document.getElementById('__config').textContent).translations;
  const meta = document.querySelector('.md-search-result__meta');
  if (meta === null) return false;
  const text = meta.textContent.trim();
  const [before, after] = t['search.result.other'].split('#');
  const counted = text.startsWith(before) && text.endsWith(after)
    && /^\\d+$/.test(text.slice(before.length, text.length - after.length));
  return counted || text === t['search.result.none'] || text === t['search.result.one'];
}"""


def failed_requests(page: Page) -> list[str]:
    """A list that fills with every request of ``page`` that fails or answers 400 or more."""
    failures: list[str] = []
    page.on("requestfailed", lambda request: failures.append(request.url))
    page.on(
        "response",
        lambda response: (
            failures.append(f"{response.status} {response.url}") if response.status >= 400 else None
        ),
    )
    return failures


def locale_path(locale: str, path: str) -> str:
    """The site path of ``path`` (relative to a locale's root) in ``locale``."""
    return path if locale == "en" else f"{locale}/{path}"


def search(page: Page, query: str) -> list[str]:
    """Type ``query`` into the search box of the open page; the result links, once shown.

    The box is emptied first, so one page can answer several queries in turn.
    """
    field = page.locator("input[data-md-component=search-query]")
    field.click()
    field.fill("")
    page.keyboard.press("End")
    page.wait_for_function(READY)
    field.fill(query)  # all at once: one query, not one per keystroke
    page.keyboard.press("End")  # the keyup Material listens for
    page.wait_for_function(ANSWERED)
    links: list[str] = page.eval_on_selector_all(RESULT_LINKS, "els => els.map(el => el.href)")
    return links
