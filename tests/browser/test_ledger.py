"""The budget ledger reproduces basic_composition: rounded running totals, exact cap decision."""

from __future__ import annotations

import math

import numpy as np
import pytest

from dplesson import basic_composition
from tests.browser.conftest import Visit
from tests.browser.widgets import (
    add_releases,
    ledger_state,
    parse_localised,
    set_cap,
    strings,
)
from tests.conftest import LOCALES

pytestmark = pytest.mark.browser


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


def check(visit: Visit, locale: str, values: list[float], cap: float) -> None:
    """Enter one ledger and compare every number and the decision with the package."""
    page = visit.page
    page.locator(".dp-ledger .dp-clear").click()
    set_cap(page, cap, locale)
    add_releases(page, values, locale)
    want = basic_composition(values, cap)
    state = ledger_state(page)
    assert len(state["rows"]) == len(values)
    for row, value, prefix in zip(state["rows"], values, want["epsilon_prefix"], strict=True):
        assert float(row["epsilon"]["value"]) == value
        assert parse_localised(row["epsilon"]["text"], locale) == value
        assert float(row["total"]["value"]) == prefix
        assert parse_localised(row["total"]["text"], locale) == prefix
    assert state["within"] == str(want["within_cap"]).lower(), (values, cap)
    assert float(state["total"]["value"]) == want["epsilon_total"]
    assert parse_localised(state["total"]["text"], locale) == want["epsilon_total"]
    texts = strings(page, ".dp-ledger")
    decision = texts["fits" if want["within_cap"] else "over"]
    assert state["decision"].startswith(decision.split("{")[0])
    assert state["decision"].endswith(decision.split("}")[-1])


@pytest.mark.parametrize("locale", LOCALES)
def test_the_chapter_examples(visit: Visit, locale: str) -> None:
    visit.open(locale, "ledger")
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


@pytest.mark.parametrize("locale", LOCALES)
def test_near_equality_and_random_ledgers(visit: Visit, locale: str) -> None:
    visit.open(locale, "ledger")
    for values, cap in FIXED_CASES + RANDOM_CASES:
        check(visit, locale, values, cap)


def test_the_random_cases_cover_both_decisions() -> None:
    decisions = {basic_composition(v, c)["within_cap"] for v, c in RANDOM_CASES}
    assert decisions == {True, False}


@pytest.mark.parametrize("locale", ["en", "nl", "zh"])
def test_remove_clear_and_limits(visit: Visit, locale: str) -> None:
    visit.open(locale, "ledger")
    page = visit.page
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

    add_releases(page, [1.0] * 65, locale)
    state = ledger_state(page)
    assert len(state["rows"]) == 64
    assert state["entryError"] == texts["err-full"].replace("{max}", "64")
    with pytest.raises(ValueError):
        basic_composition([1.0] * 65, 6400.0)
