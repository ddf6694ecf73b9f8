from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dplesson import (
    BudgetExceededError,
    BudgetLedger,
    averaging_attack,
    split_budget,
    split_budget_weighted,
    split_variance,
)
from tests.bad_inputs import BAD_SCALARS, BAD_VECTORS
from tests.exact_floats import exact, largest_float_at_most

# The ledger ------------------------------------------------------------------------------


def test_four_hundred_twentieths_overshoot_twenty() -> None:
    # 0.05 is stored as 3602879701896397 / 2**56, a little above 1/20.
    assert exact(0.05) == Fraction(3602879701896397, 2**56)
    assert 400 * exact(0.05) == 20 + Fraction(5, 4503599627370496)
    assert 4503599627370496 == 2**52
    assert 399 * exact(0.05) < 20


def test_ledger_accepts_399_and_refuses_the_400th() -> None:
    ledger = BudgetLedger(20)
    for _ in range(399):
        ledger.spend(0.05)
    assert ledger.releases == 399
    assert ledger.spent == 399 * exact(0.05)
    assert ledger.remaining == 20 - 399 * exact(0.05)
    assert ledger.remaining_float == float(20 - 399 * exact(0.05))
    with pytest.raises(BudgetExceededError, match=r"^epsilon must be at most the remaining"):
        ledger.spend(0.05)
    # A refused release books nothing.
    assert ledger.releases == 399
    assert ledger.spent == 399 * exact(0.05)
    # The rounded float total hides the overshoot that the exact total shows.
    assert math.fsum([0.05] * 400) == 20.0


def test_budget_exceeded_is_a_value_error() -> None:
    assert issubclass(BudgetExceededError, ValueError)
    with pytest.raises(ValueError, match="remaining budget"):
        BudgetLedger(0.5).spend(0.75)


def test_equality_fits_and_nothing_more_does() -> None:
    ledger = BudgetLedger(1.0)
    assert ledger.spend(0.25) == Fraction(3, 4)
    assert ledger.spend(0.25) == Fraction(1, 2)
    assert ledger.spend(0.5) == 0
    assert ledger.remaining == 0
    assert ledger.spent_float == 1.0
    with pytest.raises(BudgetExceededError):
        ledger.spend(0.001)
    assert ledger.epsilons == (0.25, 0.25, 0.5)


def test_ten_tenths_do_not_fit_a_cap_of_one() -> None:
    assert 10 * exact(0.1) > 1
    ledger = BudgetLedger(1.0)
    for _ in range(9):
        ledger.spend(0.1)
    with pytest.raises(BudgetExceededError):
        ledger.spend(0.1)


def test_views_and_types() -> None:
    ledger = BudgetLedger(np.float32(2.5))
    ledger.spend(np.float64(0.5))
    ledger.spend(1)
    assert type(ledger.cap) is float
    assert ledger.cap_exact == Fraction(5, 2)
    assert isinstance(ledger.spent, Fraction)
    assert isinstance(ledger.remaining, Fraction)
    assert ledger.remaining == 1
    assert type(ledger.remaining_float) is float
    assert ledger.epsilons == (0.5, 1.0)
    assert all(type(e) is float for e in ledger.epsilons)
    assert repr(ledger) == "BudgetLedger(cap=2.5, releases=2, spent=1.5)"


def test_epsilons_are_a_copy() -> None:
    ledger = BudgetLedger(1.0)
    ledger.spend(0.5)
    record = ledger.epsilons
    assert isinstance(record, tuple)
    ledger.spend(0.25)
    assert record == (0.5,)
    assert ledger.epsilons == (0.5, 0.25)


@given(
    cap=st.floats(0, 50),
    epsilons=st.lists(st.floats(0.001, 20), min_size=1, max_size=40),
)
def test_ledger_never_accepts_beyond_cap(cap: float, epsilons: list[float]) -> None:
    ledger = BudgetLedger(cap)
    total = Fraction(0)
    for epsilon in epsilons:
        fits = total + exact(epsilon) <= exact(cap)
        if fits:
            ledger.spend(epsilon)
            total += exact(epsilon)
        else:
            with pytest.raises(BudgetExceededError):
                ledger.spend(epsilon)
        assert ledger.spent == total <= exact(cap)
        assert ledger.remaining >= 0


@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_bad_cap_and_epsilon(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^cap must be a finite real number in \[0, 6400\]"):
        BudgetLedger(bad)  # type: ignore[arg-type]
    ledger = BudgetLedger(1.0)
    with pytest.raises(
        ValueError, match=r"^epsilon must be a finite real number in \[0.001, 100\]"
    ):
        ledger.spend(bad)  # type: ignore[arg-type]
    assert ledger.releases == 0


@pytest.mark.parametrize("epsilon", [0.0, -0.5, 0.0009, 100.5])
def test_epsilon_out_of_range_is_not_a_budget_error(epsilon: float) -> None:
    with pytest.raises(ValueError, match=r"^epsilon must be") as raised:
        BudgetLedger(6400).spend(epsilon)
    assert not isinstance(raised.value, BudgetExceededError)


# Splitting the budget --------------------------------------------------------------------


def test_split_in_three() -> None:
    assert split_budget(1.0, 3) == [largest_float_at_most(Fraction(1, 3))] * 3
    assert split_budget(1.0, 4) == [0.25] * 4
    # 0.3 / 3 rounds to the float 0.1, whose exact triple is above the float 0.3:
    assert 3 * exact(0.1) > exact(0.3)
    parts = split_budget(0.3, 3)
    assert parts == [math.nextafter(0.1, 0)] * 3
    ledger = BudgetLedger(0.3)
    for part in parts:
        ledger.spend(part)


@given(total=st.floats(0.1, 100), parts=st.integers(1, 50))
def test_equal_parts_are_the_largest_that_fit(total: float, parts: int) -> None:
    split = split_budget(total, parts)
    assert len(split) == parts
    share = exact(total) / parts
    assert split == [largest_float_at_most(share)] * parts
    assert sum(exact(p) for p in split) <= exact(total)


def test_weighted_split() -> None:
    assert split_budget_weighted(1.0, [1, 3]) == [0.25, 0.75]
    assert split_budget_weighted(1.0, [1, 2]) == [
        largest_float_at_most(Fraction(1, 3)),
        largest_float_at_most(Fraction(2, 3)),
    ]
    assert split_budget_weighted(2.0, [2, 5]) == [
        largest_float_at_most(Fraction(4, 7)),
        largest_float_at_most(Fraction(10, 7)),
    ]


@settings(deadline=None)  # timing on a shared machine is no part of the claim
@given(
    total=st.floats(10, 100),
    weights=st.lists(st.floats(1, 100), min_size=1, max_size=20),
)
def test_weighted_parts_never_overshoot(total: float, weights: list[float]) -> None:
    before = list(weights)
    split = split_budget_weighted(total, weights)
    assert weights == before
    whole = sum(exact(w) for w in weights)
    for part, weight in zip(split, weights, strict=True):
        assert part == largest_float_at_most(exact(total) * exact(weight) / whole)
    assert sum(exact(p) for p in split) <= exact(total)


def test_weighted_split_rejects_bad_weights() -> None:
    with pytest.raises(ValueError, match=r"^weights must include at least one positive weight"):
        split_budget_weighted(1.0, [0, 0])
    with pytest.raises(ValueError, match=r"^weights must be a 1-D sequence .* in \[0, 1e\+06\]"):
        split_budget_weighted(1.0, [1, -1])
    for bad in BAD_VECTORS:
        with pytest.raises(ValueError, match=r"^weights must be a 1-D sequence"):
            split_budget_weighted(1.0, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: split_budget(1.0, 0), r"^parts must be a Python int in \[1, 4096\]"),
        (lambda: split_budget(1.0, 2.0), r"^parts must be a Python int"),  # type: ignore[arg-type]
        (lambda: split_budget(-1.0, 2), r"^total must be a finite real number in \[0.001, 6400\]"),
        (lambda: split_budget_weighted(7000, [1]), r"^total must be a finite real number"),
        (lambda: split_variance([0.5, 0]), r"^epsilons must be a 1-D sequence .*\[0.001, 100\]"),
        (lambda: split_variance([0.5], 0), r"^sensitivity must be a finite real number"),
        (lambda: split_variance([]), r"^epsilons must be a 1-D sequence"),
    ],
)
def test_bad_split_inputs(call: Callable[[], object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        call()


@pytest.mark.parametrize("epsilon", [1.0, 0.5, 2.0, 3.0])
def test_split_variance_facts(epsilon: float) -> None:
    # Two releases at e/2: each has variance 2 (2/e)**2 = 8/e**2, together 16/e**2.
    assert split_variance([epsilon / 2, epsilon / 2]) == pytest.approx(16 / epsilon**2, rel=1e-14)
    # At e/3 and 2e/3: 2 (3/e)**2 + 2 (3/(2e))**2 = 18/e**2 + 9/(2 e**2) = 45/(2 e**2).
    assert split_variance([epsilon / 3, 2 * epsilon / 3]) == pytest.approx(
        45 / (2 * epsilon**2), rel=1e-14
    )
    # One release at e: 2/e**2, eight times less than the even split.
    assert split_variance([epsilon]) == pytest.approx(2 / epsilon**2, rel=1e-15)


def test_split_variance_scales_with_sensitivity_squared() -> None:
    assert split_variance([0.5, 0.5], sensitivity=3) == pytest.approx(9 * 16, rel=1e-15)
    assert split_variance([1.0, 1.0]) == 4.0


# The averaging attack --------------------------------------------------------------------


def test_averaging_attack_report() -> None:
    result = averaging_attack(10.0, 0.05, 400, np.random.default_rng(12))
    # The same draws, averaged independently.
    answers = 10.0 + np.random.default_rng(12).laplace(0.0, 1 / 0.05, 400)
    assert result["mean"] == pytest.approx(float(np.mean(answers)), rel=1e-14)
    assert result["error"] == pytest.approx(abs(float(np.mean(answers)) - 10.0), abs=1e-12)
    assert result["answers"] == 400
    assert result["epsilon_each"] == 0.05
    assert result["true_value"] == 10.0
    # Budget: 400 * 0.05 is exactly 20 + 5 / 2**52, which rounds to the float 20.
    assert result["epsilon_spent_exact"] == 20 + Fraction(5, 2**52)
    assert result["epsilon_spent"] == 20.0
    # Standard deviations: sqrt(2) * 20 for one answer, divided by sqrt(400) = 20 for the mean.
    assert result["single_std"] == pytest.approx(math.sqrt(2) * 20, rel=1e-15)
    assert result["mean_std"] == pytest.approx(math.sqrt(2), rel=1e-15)


def test_averaging_shrinks_the_error_about_twentyfold() -> None:
    rng = np.random.default_rng(13)
    repeats = 4000
    one = [averaging_attack(0.0, 0.05, 1, rng)["error"] for _ in range(repeats)]
    many = [averaging_attack(0.0, 0.05, 400, rng)["error"] for _ in range(repeats)]
    ratio = math.sqrt(np.mean(np.square(one)) / np.mean(np.square(many)))
    # sqrt(400) = 20; the estimate's relative standard error is about 0.02 here.
    assert 17 < ratio < 23


def test_averaging_attack_with_sensitivity() -> None:
    result = averaging_attack(0.0, 0.5, 4, np.random.default_rng(1), sensitivity=2)
    # Scale 2 / 0.5 = 4, standard deviation 4 sqrt(2), over sqrt(4) = 2.
    assert result["mean_std"] == pytest.approx(2 * math.sqrt(2), rel=1e-15)
    assert result["epsilon_spent_exact"] == 2


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (
            lambda rng: averaging_attack(0, 0.05, 0, rng),
            r"^k must be a Python int in \[1, 1000000\]",
        ),
        (lambda rng: averaging_attack(0, 0, 4, rng), r"^epsilon_each must be a finite real number"),
        (lambda rng: averaging_attack(2e6, 1, 4, rng), r"^true_value must be a finite real number"),
        (lambda rng: averaging_attack(0, 1, 4, rng, 0), r"^sensitivity must be a finite real"),
    ],
)
def test_bad_attack_inputs(call: Callable[[np.random.Generator], object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        call(np.random.default_rng(0))


@pytest.mark.parametrize(
    "bad",
    [None, 7, random.Random(1), np.random.RandomState(1)],
    ids=lambda value: type(value).__name__,
)
def test_attack_needs_a_generator(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^rng must be a numpy.random.Generator"):
        averaging_attack(0, 1, 4, bad)  # type: ignore[arg-type]


@pytest.mark.usefixtures("global_rng_untouched")
def test_global_rng_untouched() -> None:
    ledger = BudgetLedger(1)
    ledger.spend(0.5)
    split_budget(1, 3)
    split_budget_weighted(1, [1, 2])
    split_variance([0.5, 0.5])
    averaging_attack(1.0, 0.1, 100, np.random.default_rng(0))
