from __future__ import annotations

import math
from collections.abc import Callable
from decimal import Context, Decimal, localcontext
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplesson.meaning import (
    discrete_laplace_error_bar,
    epsilon_for_error_bar,
    guess_success_bound,
    laplace_error_bar,
    laplace_tail_probability,
    membership_game,
    posterior_range,
    ratio_interval,
)
from tests.bad_inputs import BAD_SCALARS, NOT_GENERATORS


def _posterior(prior: float, likelihood_ratio: float) -> float:
    """Bayes' rule written out with exact fractions of the float inputs."""
    p, ratio = Fraction(prior), Fraction(likelihood_ratio)
    return float(p * ratio / (p * ratio + (1 - p)))


@given(prior=st.floats(1e-6, 1 - 1e-6), epsilon=st.floats(0, 20))
def test_posterior_range_is_bayes_with_the_extreme_likelihood_ratios(
    prior: float, epsilon: float
) -> None:
    low, high = posterior_range(prior, epsilon)
    assert low == pytest.approx(_posterior(prior, math.exp(-epsilon)), rel=1e-12)
    assert high == pytest.approx(_posterior(prior, math.exp(epsilon)), rel=1e-12)
    assert low <= prior * (1 + 1e-12) and high >= prior * (1 - 1e-12)


def test_posterior_range_at_epsilon_zero_is_the_prior_and_widens_with_epsilon() -> None:
    assert posterior_range(0.3, 0.0) == pytest.approx((0.3, 0.3))
    widths = [(lambda r: r[1] - r[0])(posterior_range(0.5, e)) for e in (0.1, 1.0, 3.0)]
    assert widths == sorted(widths) and widths[0] > 0


def test_guess_bound_values() -> None:
    assert guess_success_bound(0) == 0.5
    assert guess_success_bound(1.0) == pytest.approx(math.e / (1 + math.e), rel=1e-15)
    assert guess_success_bound(math.log(3)) == pytest.approx(0.75, rel=1e-15)


@given(epsilon=st.floats(0.001, 50))
def test_the_laplace_threshold_test_never_beats_the_bound(epsilon: float) -> None:
    # The best test for centres 0 and 1 errs when the noise pushes past the midpoint:
    # P(Z > 1/2) = exp(-eps/2) / 2 for Laplace noise of scale 1/eps.
    optimal = 1 - math.exp(-epsilon / 2) / 2
    assert optimal <= guess_success_bound(epsilon) + 1e-15


def test_membership_game_matches_its_exact_success_rate(global_rng_untouched: None) -> None:
    trials = 200_000
    game = membership_game(1.0, trials, np.random.default_rng(2024))
    p = 1 - math.exp(-0.5) / 2
    assert game["optimal_rate"] == pytest.approx(p, rel=1e-15)
    spread = 5 * math.sqrt(p * (1 - p) / trials)
    assert abs(game["success_rate"] - p) < spread
    assert game["success_rate"] < game["bound"]


def test_membership_game_is_repeatable_with_the_same_seed() -> None:
    first = membership_game(0.5, 1000, np.random.default_rng(7))
    again = membership_game(0.5, 1000, np.random.default_rng(7))
    assert first == again


def test_error_bar_is_scale_times_ln_20_at_95_percent() -> None:
    assert laplace_error_bar(2.0) == pytest.approx(2.0 * math.log(20), rel=1e-15)
    assert laplace_error_bar(1.0, 0.5) == pytest.approx(math.log(2), rel=1e-15)


def test_error_bar_covers_its_share_of_simulated_noise(global_rng_untouched: None) -> None:
    scale, draws = 3.0, 400_000
    noise = np.random.default_rng(11).laplace(0.0, scale, size=draws)
    inside = float(np.mean(np.abs(noise) <= laplace_error_bar(scale)))
    assert abs(inside - 0.95) < 5 * math.sqrt(0.95 * 0.05 / draws)
    tail = float(np.mean(np.abs(noise) > scale))
    assert abs(tail - laplace_tail_probability(scale, scale)) < 0.005
    assert laplace_tail_probability(scale, scale) == pytest.approx(math.exp(-1), rel=1e-15)


@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_bad_scalars_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="prior"):
        posterior_range(bad, 1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="epsilon"):
        guess_success_bound(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="scale"):
        laplace_error_bar(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: posterior_range(0.0, 1.0), "prior"),
        (lambda: posterior_range(1.0, 1.0), "prior"),
        (lambda: posterior_range(0.5, -1.0), "epsilon"),
        (lambda: laplace_error_bar(1.0, 1.0), "confidence"),
        (lambda: laplace_error_bar(0.0), "scale"),
        (lambda: laplace_tail_probability(-1.0, 1.0), "t"),
        (lambda: membership_game(0.0, 10, np.random.default_rng(0)), "epsilon"),
        (lambda: membership_game(1.0, 0, np.random.default_rng(0)), "trials"),
        (lambda: membership_game(1.0, 10.0, np.random.default_rng(0)), "trials"),  # type: ignore[arg-type]
    ],
    ids=[
        "prior-0",
        "prior-1",
        "epsilon-negative",
        "confidence-1",
        "scale-0",
        "t-negative",
        "game-epsilon-0",
        "game-trials-0",
        "game-trials-float",
    ],
)
def test_out_of_range_values_name_their_parameter(call: Callable[[], object], name: str) -> None:
    with pytest.raises(ValueError, match=name):
        call()


@pytest.mark.parametrize("bad", NOT_GENERATORS, ids=lambda value: type(value).__name__)
def test_membership_game_takes_only_a_generator(bad: object) -> None:
    with pytest.raises(ValueError, match="rng"):
        membership_game(1.0, 10, bad)  # type: ignore[arg-type]


def _discrete_tail(a: int, scale: float) -> Decimal:
    """P(|X| > a) for discrete Laplace noise of this scale, summed term by term (80 digits)."""
    with localcontext(Context(prec=80)):
        q = (-1 / Decimal(scale)).exp()
        total = (1 + q) / (1 - q)  # the sum of q^|x| over all integers x
        inside = sum(q ** abs(x) for x in range(-a, a + 1))
        return 1 - inside / total


@given(scale=st.floats(0.2, 60.0), confidence=st.sampled_from([0.5, 0.9, 0.95, 0.99]))
def test_discrete_error_bar_is_the_smallest_integer_that_covers(
    scale: float, confidence: float
) -> None:
    bar = discrete_laplace_error_bar(scale, confidence)
    allowed = 1 - Decimal(confidence)
    assert _discrete_tail(bar, scale) <= allowed
    assert bar == 0 or _discrete_tail(bar - 1, scale) > allowed


@given(scale=st.floats(0.1, 1e5))
def test_discrete_error_bar_is_the_floor_of_opendps_accuracy(scale: float) -> None:
    dp = pytest.importorskip("opendp.prelude")
    accuracy = dp.discrete_laplacian_scale_to_accuracy(scale, 0.05)
    assert discrete_laplace_error_bar(scale, 0.95) == math.floor(accuracy)


@pytest.mark.parametrize("bad", [0.0, 1.0, -0.1, float("nan")])
def test_discrete_error_bar_refuses_a_confidence_outside_zero_one(bad: float) -> None:
    with pytest.raises(ValueError, match="confidence"):
        discrete_laplace_error_bar(4.0, bad)


@given(
    numerator=st.floats(-1e6, 1e6),
    numerator_bar=st.floats(0, 1e4),
    denominator=st.floats(1, 1e6),
    share=st.floats(0, 0.99),
    a=st.floats(-1, 1),
    b=st.floats(-1, 1),
)
def test_ratio_interval_holds_every_ratio_within_the_bars(
    numerator: float, numerator_bar: float, denominator: float, share: float, a: float, b: float
) -> None:
    denominator_bar = share * denominator
    low, high = ratio_interval(numerator, numerator_bar, denominator, denominator_bar)
    # Any true values inside both bars give a ratio inside the interval (exact fractions).
    true_ratio = Fraction(numerator + a * numerator_bar) / Fraction(
        denominator + b * denominator_bar
    )
    slack = (abs(true_ratio) + 1) / 10**9  # the float arithmetic of the bounds
    assert Fraction(low) <= true_ratio + slack and true_ratio <= Fraction(high) + slack
    assert low <= numerator / denominator <= high


def test_ratio_interval_refuses_a_denominator_that_may_reach_zero() -> None:
    with pytest.raises(ValueError, match="denominator"):
        ratio_interval(100.0, 5.0, 10.0, 12.0)


# --- epsilon_for_error_bar: from the accuracy a release needs to its budget ----------------------


def test_epsilon_for_a_count_is_ln_20_over_the_half_width() -> None:
    assert epsilon_for_error_bar(5.0) == pytest.approx(math.log(20) / 5, rel=1e-15)
    assert epsilon_for_error_bar(5.0, sensitivity=2.0) == pytest.approx(2 * math.log(20) / 5)
    assert epsilon_for_error_bar(1.0, confidence=0.99) == pytest.approx(math.log(100))


@given(
    width=st.floats(1e-3, 1e4),
    sensitivity=st.floats(1e-3, 1e3),
    confidence=st.floats(0.01, 0.999),
)
def test_the_epsilon_found_gives_a_bar_no_wider_than_asked(
    width: float, sensitivity: float, confidence: float
) -> None:
    epsilon = epsilon_for_error_bar(width, sensitivity, confidence)
    bar = laplace_error_bar(sensitivity / epsilon, confidence)
    assert bar <= width * (1 + 1e-12)
    with localcontext(Context(prec=60)):
        exact = Decimal(sensitivity) * -(1 - Decimal(confidence)).ln() / Decimal(width)
        assert Decimal(epsilon) >= exact  # rounded up, never below the exact value
    assert epsilon == pytest.approx(float(exact), rel=1e-12)


def test_epsilon_for_error_bar_refuses_bad_input_by_name() -> None:
    for bad in BAD_SCALARS:
        with pytest.raises(ValueError, match="half_width"):
            epsilon_for_error_bar(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="sensitivity"):
        epsilon_for_error_bar(1.0, 0.0)
    for level in (0.0, 1.0):
        with pytest.raises(ValueError, match="confidence"):
            epsilon_for_error_bar(1.0, 1.0, level)
