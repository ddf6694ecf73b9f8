"""Read the widgets' numbers back from the page, independently of the widgets' own code."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel import Locale, UnknownLocaleError
from bs4 import BeautifulSoup

from tests.conftest import DECIMAL_COMMA as DECIMAL_COMMA  # re-exported for the tests
from tests.docs_sources import includes, pages

if TYPE_CHECKING:
    from playwright.sync_api import Page

# Each widget follows the example it illustrates, on whichever page includes that example.
EXAMPLE_OF = {"explorer": "log_density.md", "ledger": "composition_exact.md"}


def page_of(widget: str, locale: str = "en") -> str:
    """The page (path inside the locale folder) that includes the widget's example."""
    found = [name for name, path in pages(locale).items() if EXAMPLE_OF[widget] in includes(path)]
    assert len(found) == 1, (widget, locale, found)
    return found[0]


def url_path(locale: str, page: str) -> str:
    """The site path of a Markdown page: ``laplace.md`` in nl is ``nl/laplace/``."""
    stem = page.removesuffix(".md")
    route = "" if stem == "index" else f"{stem.removesuffix('/index')}/"
    return route if locale == "en" else f"{locale}/{route}"


def parse_localised(text: str, locale: str) -> float:
    """Parse a number as the page shows it: decimal comma in nl, de and tr, E exponent."""
    plain = text.strip().replace("\u2212", "-").replace("\u00a0", "").replace("\u202f", "")
    if locale in DECIMAL_COMMA:
        plain = plain.replace(".", "").replace(",", ".")
    else:
        plain = plain.replace(",", "")
    return float(plain)


def localise(value: float, locale: str) -> str:
    """Write a float the way a reader of ``locale`` types it (Python's shortest digits)."""
    text = repr(float(value))
    return text.replace(".", ",") if locale in DECIMAL_COMMA else text


def plural_category(count: float, lang: str) -> str:
    """CLDR's plural category of ``count`` in the language ``lang`` ("one", "other", ...).

    Babel's copy of CLDR, not the browser's: the widgets' choice is checked against data they
    do not use. A tag Babel does not know (``de-QQ``, a private-use region) takes its
    language's rules, as the browser's ``Intl.PluralRules`` does.
    """
    try:
        found = Locale.parse(lang, sep="-")
    except UnknownLocaleError:
        found = Locale.parse(lang.split("-")[0])
    return str(found.plural_form(count))


def strings(page: Page, selector: str) -> dict[str, str]:
    """The widget's data-t-* strings, as the translators wrote them in the page."""
    result: dict[str, str] = page.eval_on_selector(
        selector,
        """root => Object.fromEntries([...root.attributes]
            .filter(a => a.name.startsWith('data-t-')).map(a => [a.name.slice(7), a.value]))""",
    )
    return result


def explorer_state(page: Page) -> dict[str, Any]:
    """Every result of the explorer: text and raw value, the window, the errors, the height."""
    state: dict[str, Any] = page.eval_on_selector(
        ".dp-explorer",
        """root => ({
            results: Object.fromEntries([...root.querySelectorAll('.dp-results .dp-num')]
                .map(el => [el.dataset.key, {text: el.textContent, value: el.dataset.value}])),
            resultsHidden: root.querySelector('.dp-results').hidden,
            chartHidden: root.querySelector('svg').hasAttribute('hidden'),
            lo: root.querySelector('svg').dataset.lo,
            hi: root.querySelector('svg').dataset.hi,
            points: root.querySelector('svg').dataset.points,
            label: root.querySelector('svg').getAttribute('aria-label'),
            title: root.querySelector('svg title').textContent,
            errors: [...root.querySelectorAll('.dp-field-error')].map(p => p.textContent)
                .filter(Boolean),
            errorOf: Object.fromEntries([...root.querySelectorAll('.dp-field-error')]
                .filter(p => p.textContent).map(p => [p.id.split('-').at(-2), p.textContent])),
            height: root.getBoundingClientRect().height,
            curve: root.querySelector('svg .dp-curve-a').getAttribute('d'),
            invalid: Object.fromEntries([...root.querySelectorAll('input')]
                .map(el => [el.name, el.getAttribute('aria-invalid')])),
        })""",
    )
    return state


def ledger_state(page: Page) -> dict[str, Any]:
    """The ledger's rows, its total and decision, and its messages."""
    state: dict[str, Any] = page.eval_on_selector(
        ".dp-ledger",
        """root => ({
            rows: [...root.querySelectorAll('tbody tr')].map(tr => {
                const nums = tr.querySelectorAll('.dp-num');
                return {epsilon: {text: nums[0].textContent, value: nums[0].dataset.value},
                        total: {text: nums[1].textContent, value: nums[1].dataset.value}};
            }),
            within: root.querySelector('.dp-status').dataset.within ?? null,
            total: (el => el && {text: el.textContent, value: el.dataset.value})(
                root.querySelector('.dp-status [data-key=total]')),
            decision: root.querySelector('.dp-decision')?.textContent ?? null,
            status: root.querySelector('.dp-status').textContent,
            entryError: root.querySelector('p.dp-errors').textContent,
            tableHidden: root.querySelector('table').hidden,
            refused: [...root.querySelectorAll('tbody tr')]
                .map(tr => tr.classList.contains('dp-refused')),
            flags: [...root.querySelectorAll('tbody tr')]
                .map(tr => tr.querySelector('.dp-flag')?.textContent ?? null),
            remaining: (el => el && {text: el.textContent, value: el.dataset.value})(
                root.querySelector('.dp-status [data-key=remaining]')),
            note: root.querySelector('.dp-remaining')?.textContent ?? null,
        })""",
    )
    return state


def add_releases(page: Page, values: list[float], locale: str) -> None:
    """Type each epsilon into the ledger's entry field and press Enter."""
    entry = page.locator(".dp-ledger input[name=entry]")
    for value in values:
        entry.fill(localise(value, locale))
        entry.press("Enter")


def set_cap(page: Page, cap: float, locale: str) -> None:
    """Type the public cap."""
    page.locator(".dp-ledger input[name=cap]").fill(localise(cap, locale))


def built_strings(site_dir: Path, widget: str, locale: str = "en") -> dict[str, str]:
    """The widget's data-t-* strings as the build wrote them (no browser needed)."""
    path = site_dir / url_path(locale, page_of(widget, locale)) / "index.html"
    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    root = soup.select_one(f".dp-{widget}")
    assert root is not None, (widget, locale)
    return {k[7:]: str(v) for k, v in root.attrs.items() if k.startswith("data-t-")}
