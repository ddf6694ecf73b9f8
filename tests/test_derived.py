"""Error bars of ratios of releases, and noisy cells fitted to a public total."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplesson.derived import match_total, ratio_error_bar
from tests.bad_inputs import BAD_SCALARS, BAD_VECTORS, NOT_GENERATORS


def test_with_an_exact_denominator_the_bar_is_the_laplace_one_scaled() -> None:
    # Only the numerator is noisy: the error is |Z| / D, and P(|Z| <= b ln 20) = 0.95.
    bar = ratio_error_bar(5000.0, 200.0, 40.0, 0.0, np.random.default_rng(1), draws=400_000)
    assert bar == pytest.approx(40.0 * math.log(20) / 200.0, rel=0.02)


def test_with_an_exact_numerator_the_bar_covers_ninety_five_percent() -> None:
    # Only the denominator is noisy: |N/(D + Z) - N/D| <= h exactly when Z lies between
    # N/(N/D + h) - D and N/(N/D - h) - D; the Laplace distribution gives that chance.
    n, d, scale = 6000.0, 300.0, 10.0
    h = ratio_error_bar(n, d, 0.0, scale, np.random.default_rng(2), draws=400_000)
    low, high = n / (n / d + h) - d, n / (n / d - h) - d

    def cdf(z: float) -> float:
        return 0.5 * math.exp(z / scale) if z < 0 else 1 - 0.5 * math.exp(-z / scale)

    assert cdf(high) - cdf(low) == pytest.approx(0.95, abs=0.003)


def test_the_bar_covers_the_truth_about_as_often_as_promised(global_rng_untouched: None) -> None:
    rng = np.random.default_rng(3)
    true_sum, true_count, sum_scale, count_scale = 9000.0, 400.0, 120.0, 4.0
    trials, covered = 1000, 0
    for _ in range(trials):
        released_sum = true_sum + rng.laplace(0, sum_scale)
        released_count = true_count + rng.laplace(0, count_scale)
        bar = ratio_error_bar(released_sum, released_count, sum_scale, count_scale, rng, draws=4000)
        covered += abs(released_sum / released_count - true_sum / true_count) <= bar
    assert covered / trials == pytest.approx(0.95, abs=0.025)


def test_a_denominator_that_can_vanish_gives_an_infinite_bar() -> None:
    assert ratio_error_bar(10.0, 1.0, 1.0, 50.0, np.random.default_rng(4)) == math.inf


@given(
    cells=st.lists(st.floats(-1000, 1000), min_size=1, max_size=30),
    total=st.floats(-10_000, 10_000),
)
def test_match_total_adds_up_and_moves_every_cell_by_the_same_amount(
    cells: list[float], total: float
) -> None:
    fitted = match_total(cells, total)
    assert math.fsum(fitted.tolist()) == pytest.approx(total, abs=1e-6)
    shifts = fitted - np.asarray(cells)
    assert np.allclose(shifts, shifts[0], atol=1e-9)


def test_match_total_lowers_each_cells_variance_by_one_cell(global_rng_untouched: None) -> None:
    rng = np.random.default_rng(5)
    truth = np.array([40.0, 25.0, 60.0, 15.0])
    errors = np.array(
        [match_total(truth + rng.laplace(0, 5.0, 4), truth.sum()) - truth for _ in range(40_000)]
    )
    expected = 2 * 5.0**2 * (len(truth) - 1) / len(truth)
    assert np.allclose(errors.var(axis=0), expected, rtol=0.03)


def test_inputs_are_left_unchanged() -> None:
    cells = np.array([1.0, 2.0])
    match_total(cells, 10.0)
    assert cells.tolist() == [1.0, 2.0]


@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_bad_scalars_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="denominator"):
        ratio_error_bar(1.0, bad, 1.0, 1.0, np.random.default_rng(1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="total"):
        match_total([1.0], bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", BAD_VECTORS)
def test_bad_cells_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="noisy_counts"):
        match_total(bad, 1.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", NOT_GENERATORS)
def test_the_bar_needs_a_generator(bad: object) -> None:
    with pytest.raises(ValueError, match="rng"):
        ratio_error_bar(1.0, 1.0, 1.0, 1.0, bad)  # type: ignore[arg-type]


def test_other_parameters_are_checked() -> None:
    with pytest.raises(ValueError, match="positive"):
        ratio_error_bar(1.0, 0.0, 1.0, 1.0, np.random.default_rng(1))
    with pytest.raises(ValueError, match="confidence"):
        ratio_error_bar(1.0, 1.0, 1.0, 1.0, np.random.default_rng(1), confidence=1.0)
    with pytest.raises(ValueError, match="draws"):
        ratio_error_bar(1.0, 1.0, 1.0, 1.0, np.random.default_rng(1), draws=10)
