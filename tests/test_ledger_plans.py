"""Every plan a budget split returns is one the ledger books: one epsilon range for both.

The audit (defect 1) found ``split_budget(1.0, 4096)`` and ``split_budget(6400.0, 1)``
returning parts that ``BudgetLedger.spend`` refused.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dplesson import BudgetExceededError, BudgetLedger, split_budget, split_budget_weighted
from tests.exact_floats import exact, largest_float_at_most


def book_all(cap: float, plan: list[float]) -> BudgetLedger:
    """Book every part of ``plan`` on a fresh ledger capped at ``cap``; return the ledger."""
    ledger = BudgetLedger(cap)
    for part in plan:
        ledger.spend(part)
    return ledger


@pytest.mark.parametrize(
    ("total", "parts"), [(1.0, 4096), (6400.0, 1), (1.0, 1001), (300.0, 2), (0.0, 3)]
)
def test_a_split_the_ledger_would_refuse_is_refused(total: float, parts: int) -> None:
    with pytest.raises(ValueError, match=r"^(parts|total) must .*\[0\.001, (100|6400)\]") as raised:
        split_budget(total, parts)
    assert not isinstance(raised.value, BudgetExceededError)


def test_the_refusal_names_the_parts_that_would_fit() -> None:
    # The float 0.001 is a little above 1/1000, the largest float at most 1/1000 below it:
    # 1.0 splits into at most 999 parts the ledger books. 300 / 3 = 100 is the largest part.
    assert exact(0.001) > Fraction(1, 1000)
    assert split_budget(1.0, 999) == [largest_float_at_most(Fraction(1, 999))] * 999
    with pytest.raises(
        ValueError, match=r"^parts must be .* \[1, 999\] for total 1\.0, .*; got 1000 "
    ):
        split_budget(1.0, 1000)
    assert split_budget(300.0, 3) == [100.0] * 3
    with pytest.raises(
        ValueError, match=r"^parts must be .* \[3, 4096\] for total 300\.0, .*; got 2 "
    ):
        split_budget(300.0, 2)


def test_zero_or_tiny_weights_are_refused() -> None:
    with pytest.raises(ValueError, match=r"^weights must give every part .*\[0\.001, 100\]"):
        split_budget_weighted(2.0, [0, 5])
    with pytest.raises(ValueError, match=r"^weights must give every part .*weights\[0\]"):
        split_budget_weighted(1.0, [1e-6, 1.0])
    with pytest.raises(ValueError, match=r"^weights must give every part .*weights\[1\]"):
        split_budget_weighted(300.0, [1.0, 2.0])


@settings(deadline=None)  # booking 4,096 parts exactly takes a while
@given(total=st.floats(0, 6400), parts=st.integers(1, 4096))
def test_every_equal_plan_is_booked_by_a_ledger_with_that_cap(total: float, parts: int) -> None:
    try:
        plan = split_budget(total, parts)
    except ValueError as error:
        assert str(error).startswith(("parts must", "total must"))
        # Refused only when the part, rounded down, lies outside the ledger's range.
        part = largest_float_at_most(exact(total) / parts)
        assert not 0.001 <= part <= 100.0
        return
    ledger = book_all(total, plan)
    assert ledger.releases == parts
    assert ledger.spent <= exact(total)


@settings(deadline=None)
@given(
    total=st.floats(0, 6400),
    weights=st.lists(st.floats(0, 1e6), min_size=1, max_size=64).filter(lambda w: sum(w) > 0),
)
def test_every_weighted_plan_is_booked_by_a_ledger_with_that_cap(
    total: float, weights: list[float]
) -> None:
    try:
        plan = split_budget_weighted(total, weights)
    except ValueError as error:
        assert str(error).startswith(("weights must", "total must"))
        whole = sum(exact(w) for w in weights)
        parts = [largest_float_at_most(exact(total) * exact(w) / whole) for w in weights]
        assert not all(0.001 <= part <= 100.0 for part in parts)
        return
    ledger = book_all(total, plan)
    assert ledger.releases == len(weights)
    assert ledger.spent <= exact(total)


@pytest.mark.parametrize("total", [0.001, 0.1, 1.0, 4.096, 100.0, 100.00000000000001, 6400.0])
def test_the_named_range_of_parts_is_exactly_the_one_that_fits(total: float) -> None:
    fits = [
        parts
        for parts in range(1, 4097)
        if 0.001 <= largest_float_at_most(exact(total) / parts) <= 100.0
    ]
    low, high = fits[0], fits[-1]
    assert fits == list(range(low, high + 1))
    for parts in (low, high):
        book_all(total, split_budget(total, parts))
    for parts in {low - 1, high + 1} - {0, 4097}:
        with pytest.raises(ValueError, match=rf"^parts must be a Python int in \[{low}, {high}\]"):
            split_budget(total, parts)
