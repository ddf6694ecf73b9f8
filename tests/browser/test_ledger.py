"""The budget ledger books each release that fits the cap exactly, as dplesson decides.

A release is booked when ``basic_composition`` of the booked ones and it stays within the
cap (like ``BudgetLedger.spend``), else refused and not booked: later releases that fit are
still booked, and the totals count only booked releases (rounded like ``epsilon_prefix``).

The arithmetic is locale-independent JavaScript: every ledger below goes through the
widget's own function in one ``page.evaluate``. Typing is checked with two ledgers per
locale (parsing and formatting). The ledger's page is loaded once per locale
(``ledger_page``); each test starts from an empty ledger with the default cap (``ledger``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

from dplesson import basic_composition
from tests.browser.colours import check_contrast
from tests.browser.conftest import Visit, shared_page
from tests.browser.widgets import (
    add_releases,
    built_strings,
    ledger_state,
    localise,
    page_of,
    parse_localised,
    set_cap,
    strings,
    url_path,
)
from tests.conftest import LOCALES

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser
EACH_LOCALE = pytest.mark.parametrize("locale", LOCALES, scope="module")


@pytest.fixture(scope="module")
def ledger_page(
    browser: Browser, browser_context_args: dict[str, Any], base_url: str, locale: str
) -> Iterator[Visit]:
    """The ledger's page of ``locale``, loaded once for this module's tests."""
    path = url_path(locale, page_of("ledger", locale))
    with shared_page(browser, browser_context_args, base_url, path, "ledger") as seen:
        yield seen


@pytest.fixture
def ledger(ledger_page: Visit, locale: str) -> Iterator[Visit]:
    """The shared page with an empty ledger and the default cap; no script error in a test."""
    page = ledger_page.page
    set_cap(page, 1.0, locale)
    page.locator(".dp-ledger .dp-clear").click()
    page.fill(".dp-ledger input[name=entry]", "")
    state = ledger_state(page)
    assert state["rows"] == [] and state["entryError"] == ""
    assert state["status"] == strings(page, ".dp-ledger")["empty"]
    yield ledger_page
    assert not ledger_page.errors, ledger_page.errors


def random_cases(seed: int, count: int) -> list[tuple[list[float], float]]:
    """Ledgers that stress rounding: tiny, decimal and raw doubles, caps at or next to the sum."""
    rng = np.random.default_rng(seed)
    cases: list[tuple[list[float], float]] = []
    for _ in range(count):
        size = int(rng.integers(1, 11))
        kind = rng.integers(0, 4, size=size)
        values = []
        for k in kind:
            if k == 0:
                values.append(float(rng.uniform(0, 3)))  # a raw double
            elif k == 1:
                values.append(round(float(rng.uniform(0, 2)), int(rng.integers(1, 4))))
            elif k == 2:
                values.append(2.0 ** -int(rng.integers(30, 70)))  # below the rounding
            else:
                values.append(float(rng.choice([0.0, 0.1, 0.2, 0.25, 0.3, 1.0])))
        rounded = math.fsum(values)
        cap = float(
            rng.choice(
                [
                    rounded,
                    math.nextafter(rounded, math.inf),
                    math.nextafter(rounded, 0.0),
                    round(rounded, 1),
                    float(rng.uniform(0, 2 * rounded + 1)),
                ]
            )
        )
        cases.append((values, min(cap, 6400.0)))
    return cases


FIXED_CASES = [
    ([0.25, 0.25, 0.5], 1.0),  # fits, with equality
    ([1.0, 2.0**-60], 1.0),  # total shows 1, exact sum over the cap
    ([0.1] * 10, 1.0),  # total shows 1, exact sum just over the cap
    ([0.1, 0.2], 0.30000000000000004),  # exact sum just under the rounded total
    ([0.1, 0.2], 0.3),
    ([0.0], 0.0),
    ([100.0] * 64, 6400.0),
]
RANDOM_CASES = random_cases(seed=20261129, count=24)
# Submit the entry form ``count`` times with ``text`` in the entry field, as Enter there does.
SUBMIT_MANY = """([text, count]) => {
  const entry = document.querySelector('.dp-ledger input[name=entry]');
  entry.focus();
  for (let i = 0; i < count; i++) {
    entry.value = text;
    entry.form.requestSubmit();
  }
}"""


def booked(values: list[float], cap: float) -> dict[str, Any]:
    """The package's decision for each release in turn, and the booked totals."""
    kept: list[float] = []
    refused, prefix = [], []
    for value in values:
        fits = basic_composition([*kept, value], cap)["within_cap"]
        if fits:
            kept.append(value)
        refused.append(not fits)
        prefix.append(float(basic_composition(kept, cap)["epsilon_total"]) if kept else 0.0)
    room = float(Fraction(cap) - sum((Fraction(v) for v in kept), Fraction(0)))
    return {"refused": refused, "prefix": prefix, "total": prefix[-1], "remaining": room}


def check(visit: Visit, locale: str, values: list[float], cap: float) -> None:
    """Enter one ledger and compare every number and the decision with the package."""
    page = visit.page
    page.locator(".dp-ledger .dp-clear").click()
    set_cap(page, cap, locale)
    add_releases(page, values, locale)
    want = booked(values, cap)
    state = ledger_state(page)
    assert len(state["rows"]) == len(values)
    for row, value, prefix in zip(state["rows"], values, want["prefix"], strict=True):
        assert float(row["epsilon"]["value"]) == value
        assert parse_localised(row["epsilon"]["text"], locale) == value
        assert float(row["total"]["value"]) == prefix
        assert parse_localised(row["total"]["text"], locale) == prefix
    assert state["refused"] == want["refused"], (values, cap)
    within = not any(want["refused"])
    assert state["within"] == str(within).lower(), (values, cap)
    assert float(state["total"]["value"]) == want["total"]
    assert parse_localised(state["total"]["text"], locale) == want["total"]
    assert float(state["remaining"]["value"]) == want["remaining"]
    texts = strings(page, ".dp-ledger")
    decision = texts["fits" if within else "over"]
    assert state["decision"].startswith(decision.split("{")[0])
    assert state["decision"].endswith(decision.split("}")[-1])


@EACH_LOCALE
def test_the_chapter_examples(ledger: Visit, locale: str) -> None:
    visit = ledger
    check(visit, locale, [0.25, 0.25, 0.5], 1.0)
    state = ledger_state(visit.page)
    assert state["within"] == "true"
    assert [parse_localised(row["total"]["text"], locale) for row in state["rows"]] == [
        0.25,
        0.5,
        1.0,
    ]
    check(visit, locale, [1.0, 2.0**-60], 1.0)
    state = ledger_state(visit.page)
    assert state["total"]["text"] == "1" and state["within"] == "false"
    assert state["refused"] == [False, True]  # 2^-60 more would pass the cap: not booked


@pytest.mark.parametrize("locale", ["en"], scope="module")
def test_the_widget_arithmetic_on_every_case(ledger: Visit, locale: str) -> None:
    """All 31 ledgers at once through the widget's own function (no typing)."""
    visit = ledger
    cases = FIXED_CASES + RANDOM_CASES
    got = visit.page.evaluate(
        "cases => cases.map(([values, cap]) => window.dpWidgets.ledgerTotals(values, cap))",
        [[values, cap] for values, cap in cases],
    )
    for (values, cap), result in zip(cases, got, strict=True):
        want = booked(values, cap)
        for key in ("prefix", "refused", "total", "remaining"):
            assert result[key] == want[key], (key, values, cap)


@EACH_LOCALE
def test_typed_ledgers_near_equality(ledger: Visit, locale: str) -> None:
    for values, cap in [([0.1] * 10, 1.0), RANDOM_CASES[0]]:
        check(ledger, locale, values, cap)


@EACH_LOCALE
def test_a_refused_release_is_not_booked_and_a_later_one_that_fits_is(
    ledger: Visit, locale: str
) -> None:
    page = ledger.page
    texts = strings(page, ".dp-ledger")
    values = [0.5, 0.25, 0.5, 0.1]
    add_releases(page, values[:2], locale)
    state = ledger_state(page)
    assert state["refused"] == [False, False]
    assert parse_localised(state["remaining"]["text"], locale) == 0.25
    assert state["note"].startswith(texts["remaining"].split("{")[0])
    add_releases(page, values[2:], locale)
    state = ledger_state(page)
    assert state["refused"] == [False, False, True, False] == booked(values, 1.0)["refused"]
    assert state["flags"] == [None, None, texts["row-refused"], None]
    assert state["within"] == "false"
    # The total counts the booked releases only: 0.5 + 0.25 + 0.1, with 0.15 left.
    assert float(state["total"]["value"]) == booked(values, 1.0)["total"] == 0.85
    assert float(state["remaining"]["value"]) == booked(values, 1.0)["remaining"]
    assert state["decision"] == texts["over"].replace("{count}", "1").replace(
        "{cap}", localise(1.0, locale).removesuffix(".0").removesuffix(",0")
    )
    # Raising the cap books every release.
    set_cap(page, 1.35, locale)
    state = ledger_state(page)
    assert not any(state["refused"]) and state["within"] == "true"
    room = float(Fraction(1.35) - sum(map(Fraction, values)))
    assert float(state["remaining"]["value"]) == room


@pytest.mark.parametrize("locale", ["en", "tr"], scope="module")
def test_a_later_success_clears_an_old_message(ledger: Visit, locale: str) -> None:
    page = ledger.page
    texts = strings(page, ".dp-ledger")
    entry = page.locator(".dp-ledger input[name=entry]")

    def fail() -> None:
        entry.fill("abc")
        entry.press("Enter")
        assert ledger_state(page)["entryError"].startswith(texts["err-entry"].split("{")[0])

    add_releases(page, [0.5, 0.25], locale)
    remove = page.get_by_role("button", name=texts["remove-label"].replace("{index}", "1"))
    for action in ("remove", "cap", "clear", "add"):
        fail()
        if action == "remove":
            remove.click()
        elif action == "cap":
            set_cap(page, 2.0, locale)
        elif action == "clear":
            page.get_by_role("button", name=texts["clear"]).click()
        else:
            add_releases(page, [0.125], locale)
        assert ledger_state(page)["entryError"] == "", action
        assert entry.get_attribute("aria-invalid") == "false", action


def test_the_random_cases_cover_both_decisions() -> None:
    decisions = {any(booked(v, c)["refused"]) for v, c in RANDOM_CASES}
    assert decisions == {True, False}


@pytest.mark.parametrize("locale", ["en", "nl", "zh"], scope="module")
def test_remove_clear_and_limits(ledger: Visit, locale: str) -> None:
    page = ledger.page
    texts = strings(page, ".dp-ledger")
    add_releases(page, [0.5, 0.25, 0.125], locale)
    page.get_by_role("button", name=texts["remove-label"].replace("{index}", "2")).click()
    state = ledger_state(page)
    assert [float(row["epsilon"]["value"]) for row in state["rows"]] == [0.5, 0.125]
    assert float(state["total"]["value"]) == basic_composition([0.5, 0.125])["epsilon_total"]

    for typed in ["-1", "100.5", "abc", ""]:
        page.fill(".dp-ledger input[name=entry]", typed)
        page.press(".dp-ledger input[name=entry]", "Enter")
        state = ledger_state(page)
        assert state["entryError"].startswith(texts["err-entry"].split("{")[0]), typed
        assert len(state["rows"]) == 2
    add_releases(page, [0.0625], locale)
    assert ledger_state(page)["entryError"] == ""

    page.fill(".dp-ledger input[name=cap]", "6401")
    state = ledger_state(page)
    assert state["within"] is None and state["status"].startswith(texts["err-cap"].split("{")[0])

    set_cap(page, 1.0, locale)
    page.get_by_role("button", name=texts["clear"]).click()
    state = ledger_state(page)
    assert state["rows"] == [] and state["tableHidden"] and state["status"] == texts["empty"]

    # 64 releases through the form's own submission (as Enter does), the 65th typed.
    page.evaluate(SUBMIT_MANY, [localise(1.0, locale), 64])
    add_releases(page, [1.0], locale)
    state = ledger_state(page)
    assert len(state["rows"]) == 64
    assert state["entryError"] == texts["err-full"].replace("{max}", "64")
    with pytest.raises(ValueError):
        basic_composition([1.0] * 65, 6400.0)


@EACH_LOCALE
def test_controls_are_labelled_and_results_announced(ledger: Visit, locale: str) -> None:
    page = ledger.page
    texts = strings(page, ".dp-ledger")
    ids = page.eval_on_selector_all(".dp-ledger input", "els => els.map(el => el.id)")
    assert ids
    for element_id in ids:
        label = page.locator(f"label[for='{element_id}']")
        assert label.count() == 1 and label.inner_text().strip() in texts.values()
    assert page.locator(".dp-ledger .dp-status[aria-live=polite]").count() == 1


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"], scope="module")
def test_every_visible_string_comes_from_the_locale(
    ledger: Visit, site_dir: Path, locale: str
) -> None:
    """No English label leaks into another locale, and no string is missing (``[key]``)."""
    page = ledger.page
    english = built_strings(site_dir, "ledger")
    add_releases(page, [0.5], locale)
    texts = strings(page, ".dp-ledger")
    assert set(texts) == set(english)
    shown = page.locator(".dp-ledger").inner_text()
    assert not re.search(r"\[[a-z-]+\]", shown), shown
    for key, words in english.items():
        head = words.split("{")[0].strip()
        if texts[key] != words and len(head) > 3:
            assert head not in shown, (key, head)


@pytest.mark.parametrize("locale", ["en"], scope="module")
@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_button_borders_contrast_in_light_and_dark_schemes(
    ledger: Visit, locale: str, scheme: str
) -> None:
    """The buttons' boundary needs 3:1 (WCAG 1.4.11); their text is axe's (test_axe.py)."""
    wanted = {"button border": (".dp-ledger .dp-button", "borderTopColor", 3.0)}
    check_contrast(ledger.page, scheme, wanted)
