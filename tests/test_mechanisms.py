from __future__ import annotations

import math
from decimal import Decimal, localcontext
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplesson import (
    exponential_mechanism,
    exponential_mechanism_probabilities,
    gaussian_sigma,
)
from tests.bad_inputs import BAD_SCALARS, BAD_VECTORS, NOT_GENERATORS


def normal_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def exact_gaussian_delta(sigma: float, sensitivity: float, epsilon: float) -> float:
    """The smallest delta of the Gaussian mechanism at this epsilon (Balle and Wang 2018).

    Theorem 8 of "Improving the Gaussian Mechanism for Differential Privacy": an independent
    route to the guarantee that the classic calibration only bounds.
    """
    a = sensitivity / (2.0 * sigma)
    b = epsilon * sigma / sensitivity
    return normal_cdf(a - b) - math.exp(epsilon) * normal_cdf(-a - b)


# Gaussian calibration -------------------------------------------------------------------


def test_gaussian_sigma_against_decimal_arithmetic() -> None:
    with localcontext() as context:
        context.prec = 40
        # sqrt(2 ln(1.25 / 1e-5)) / 0.5 = 2 sqrt(2 ln 125000), computed in 40 digits.
        first = 2 * (2 * Decimal(125000).ln()).sqrt()
        # ln(1.25 / 0.1) = ln 12.5; sensitivity 3, epsilon 0.25.
        second = 3 * (2 * Decimal("12.5").ln()).sqrt() / Decimal("0.25")
    assert gaussian_sigma(1.0, 0.5, 1e-5) == pytest.approx(float(first), rel=1e-14)
    assert float(first) == pytest.approx(9.68961052521, rel=1e-11)
    assert gaussian_sigma(3, 0.25, 0.1) == pytest.approx(float(second), rel=1e-14)


def test_gaussian_sigma_accepts_numpy_scalars_and_returns_a_float() -> None:
    sigma = gaussian_sigma(np.int64(2), np.float32(0.5), np.float64(1e-5))
    assert type(sigma) is float
    assert sigma == pytest.approx(2 * gaussian_sigma(1, 0.5, 1e-5), rel=1e-6)


@given(
    sensitivity=st.floats(1e-3, 1e3),
    epsilon=st.floats(0.001, 1.0, exclude_max=True),
    delta=st.floats(1e-15, 0.1),
)
def test_classic_calibration_meets_its_delta(
    sensitivity: float, epsilon: float, delta: float
) -> None:
    sigma = gaussian_sigma(sensitivity, epsilon, delta)
    assert sigma > 0
    assert exact_gaussian_delta(sigma, sensitivity, epsilon) <= delta


@given(
    sensitivity=st.floats(1e-6, 1e3),
    factor=st.floats(1.0, 1e3),
    epsilon=st.floats(0.001, 1.0, exclude_max=True),
    delta=st.floats(1e-15, 0.1),
)
def test_gaussian_sigma_grows_with_sensitivity(
    sensitivity: float, factor: float, epsilon: float, delta: float
) -> None:
    small = gaussian_sigma(sensitivity, epsilon, delta)
    large = gaussian_sigma(min(sensitivity * factor, 1e6), epsilon, delta)
    assert large >= small
    assert large == pytest.approx(small * min(factor, 1e6 / sensitivity), rel=1e-12)


@given(
    epsilon=st.floats(0.001, 1.0, exclude_max=True),
    other=st.floats(0.001, 1.0, exclude_max=True),
    delta=st.floats(1e-15, 0.1),
    other_delta=st.floats(1e-15, 0.1),
)
def test_gaussian_sigma_falls_as_epsilon_or_delta_grows(
    epsilon: float, other: float, delta: float, other_delta: float
) -> None:
    low, high = sorted((epsilon, other))
    assert gaussian_sigma(1.0, high, delta) <= gaussian_sigma(1.0, low, delta)
    small, large = sorted((delta, other_delta))
    assert gaussian_sigma(1.0, epsilon, large) <= gaussian_sigma(1.0, epsilon, small)


@pytest.mark.parametrize("epsilon", [1, 1.0, np.float64(1.0), 1.5, 100.0, 0.0009, 0.0, -0.5])
def test_gaussian_sigma_refuses_epsilon_outside_half_open_range(epsilon: object) -> None:
    with pytest.raises(ValueError, match=r"^epsilon must be a finite real number in \[0\.001, 1\)"):
        gaussian_sigma(1.0, epsilon, 1e-5)  # type: ignore[arg-type]


def test_gaussian_sigma_accepts_epsilon_just_below_one() -> None:
    below = math.nextafter(1.0, 0.0)
    assert gaussian_sigma(1.0, below, 1e-5) == pytest.approx(
        math.sqrt(2 * math.log(125000)), rel=1e-12
    )


@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_gaussian_sigma_bad_scalars(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^sensitivity_l2 must be .* in \[1e-09, 1e\+06\]"):
        gaussian_sigma(bad, 0.5, 1e-5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^epsilon must be .* in \[0\.001, 1\)"):
        gaussian_sigma(1.0, bad, 1e-5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^delta must be .* in \[1e-15, 0\.1\]"):
        gaussian_sigma(1.0, 0.5, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("delta", [0.0, 1e-16, 0.2, 1.0, -1e-5])
def test_gaussian_sigma_refuses_delta_outside_range(delta: float) -> None:
    with pytest.raises(ValueError, match=r"^delta must be .* in \[1e-15, 0\.1\]"):
        gaussian_sigma(1.0, 0.5, delta)


@pytest.mark.parametrize("sensitivity", [0.0, 1e-10, 2e6, -1.0])
def test_gaussian_sigma_refuses_sensitivity_outside_range(sensitivity: float) -> None:
    with pytest.raises(ValueError, match=r"^sensitivity_l2 must be .* in \[1e-09, 1e\+06\]"):
        gaussian_sigma(sensitivity, 0.5, 1e-5)


# Exponential mechanism: probabilities -----------------------------------------------------


def test_powers_of_two() -> None:
    # epsilon / (2 * sensitivity) = ln 2: the weights are 2**score.
    probabilities = exponential_mechanism_probabilities([0, 1, 2], 2 * math.log(2), 1)
    assert probabilities.tolist() == pytest.approx([1 / 7, 2 / 7, 4 / 7], rel=1e-14)
    # The same weights with sensitivity 3 and epsilon 6 ln 2.
    same = exponential_mechanism_probabilities([0.0, 1.0, 2.0], 6 * math.log(2), 3.0)
    assert same.tolist() == pytest.approx([1 / 7, 2 / 7, 4 / 7], rel=1e-14)


def test_two_options_follow_the_logistic_function() -> None:
    scores, epsilon, sensitivity = [25.0, 30.0], 0.5, 1.0
    gap = (30.0 - 25.0) * epsilon / (2 * sensitivity)
    higher = 1 / (1 + math.exp(-gap))
    probabilities = exponential_mechanism_probabilities(scores, epsilon, sensitivity)
    assert probabilities.tolist() == pytest.approx([1 - higher, higher], rel=1e-14)


def test_equal_scores_are_uniform() -> None:
    probabilities = exponential_mechanism_probabilities([7.0] * 5, 1.0, 1.0)
    assert probabilities.tolist() == pytest.approx([0.2] * 5, rel=1e-15)


def test_one_option_is_certain() -> None:
    assert exponential_mechanism_probabilities([-3.0], 1.0, 1.0).tolist() == [1.0]


def test_huge_scores_neither_overflow_nor_give_nan() -> None:
    with np.errstate(all="raise"):
        probabilities = exponential_mechanism_probabilities([1e6, 0.0, -1e6], 100.0, 1e-9)
    assert probabilities.tolist() == [1.0, 0.0, 0.0]
    with np.errstate(all="raise"):
        tied = exponential_mechanism_probabilities([1e6, 1e6], 100.0, 1e-9)
    assert tied.tolist() == pytest.approx([0.5, 0.5], rel=1e-15)


def test_probabilities_are_a_new_array_and_input_is_untouched() -> None:
    scores = np.array([1.0, 2.0, 3.0])
    probabilities = exponential_mechanism_probabilities(scores, 1.0, 1.0)
    assert scores.tolist() == [1.0, 2.0, 3.0]
    assert not np.shares_memory(probabilities, scores)
    assert probabilities.dtype == np.float64
    assert probabilities.shape == (3,)


scores_lists = st.lists(st.floats(-50, 50), min_size=1, max_size=12)


@given(
    scores=st.lists(st.floats(-1e6, 1e6), min_size=1, max_size=30),
    epsilon=st.floats(0.001, 100),
    sensitivity=st.floats(1e-9, 1e6),
)
def test_probabilities_form_a_distribution(
    scores: list[float], epsilon: float, sensitivity: float
) -> None:
    probabilities = exponential_mechanism_probabilities(scores, epsilon, sensitivity)
    assert np.isfinite(probabilities).all()
    assert (probabilities >= 0).all() and (probabilities <= 1).all()
    assert math.fsum(probabilities.tolist()) == pytest.approx(1.0, abs=1e-12)
    # The best option is never less likely than any other.
    best = int(np.argmax(scores))
    assert probabilities[best] == probabilities.max()


@given(scores=scores_lists, epsilon=st.floats(0.01, 5), sensitivity=st.floats(0.5, 10))
def test_higher_scores_are_never_less_likely(
    scores: list[float], epsilon: float, sensitivity: float
) -> None:
    probabilities = exponential_mechanism_probabilities(scores, epsilon, sensitivity)
    order = np.argsort(scores, kind="stable")
    ranked = probabilities[order]
    assert (np.diff(ranked) >= -1e-15).all()


@given(
    scores=scores_lists,
    shift=st.floats(-100, 100),
    epsilon=st.floats(0.01, 5),
    sensitivity=st.floats(0.5, 10),
)
def test_adding_a_constant_to_every_score_changes_nothing(
    scores: list[float], shift: float, epsilon: float, sensitivity: float
) -> None:
    before = exponential_mechanism_probabilities(scores, epsilon, sensitivity)
    after = exponential_mechanism_probabilities([s + shift for s in scores], epsilon, sensitivity)
    assert np.allclose(after, before, rtol=1e-9, atol=1e-300)


@given(
    data=st.data(),
    scores=scores_lists,
    epsilon=st.floats(0.01, 5),
    sensitivity=st.floats(0.5, 10),
)
def test_neighbouring_scores_change_each_probability_by_at_most_e_to_epsilon(
    data: st.DataObject, scores: list[float], epsilon: float, sensitivity: float
) -> None:
    # Neighbouring datasets move every score by at most the sensitivity.
    moves = data.draw(
        st.lists(
            st.floats(-sensitivity, sensitivity),
            min_size=len(scores),
            max_size=len(scores),
        )
    )
    neighbour = [s + m for s, m in zip(scores, moves, strict=True)]
    first = exponential_mechanism_probabilities(scores, epsilon, sensitivity)
    second = exponential_mechanism_probabilities(neighbour, epsilon, sensitivity)
    # Scores within [-60, 60] keep every probability far above the smallest float.
    assert (first > 0).all() and (second > 0).all()
    bound = math.exp(epsilon) * (1 + 1e-9)
    assert (first <= bound * second).all()
    assert (second <= bound * first).all()


@pytest.mark.parametrize("bad", BAD_VECTORS, ids=repr)
def test_bad_scores(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^scores must be a 1-D sequence of 1 to 4096"):
        exponential_mechanism_probabilities(bad, 1.0, 1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^scores must be a 1-D sequence of 1 to 4096"):
        exponential_mechanism(bad, 1.0, 1.0, np.random.default_rng(0))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "scores", [[2e6], [0.0, -2e6], np.zeros(4097)], ids=["high", "low", "long"]
)
def test_scores_out_of_range(scores: object) -> None:
    with pytest.raises(ValueError, match=r"^scores must be .* in \[-1e\+06, 1e\+06\]"):
        exponential_mechanism_probabilities(scores, 1.0, 1.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [*BAD_SCALARS, 0.0, 0.0009, 101.0, -1.0], ids=repr)
def test_bad_epsilon(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^epsilon must be .* in \[0\.001, 100\]"):
        exponential_mechanism_probabilities([1.0], bad, 1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^epsilon must be .* in \[0\.001, 100\]"):
        exponential_mechanism([1.0], bad, 1.0, np.random.default_rng(0))  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [*BAD_SCALARS, 0.0, 1e-10, 2e6, -1.0], ids=repr)
def test_bad_sensitivity(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^sensitivity must be .* in \[1e-09, 1e\+06\]"):
        exponential_mechanism_probabilities([1.0], 1.0, bad)  # type: ignore[arg-type]


# Exponential mechanism: sampling ----------------------------------------------------------


def test_pick_follows_one_uniform_draw() -> None:
    # Weights 1, 2, 4: option 0 below 1/7, option 1 below 3/7, option 2 above.
    cut_one, cut_two = Fraction(1, 7), Fraction(3, 7)
    for seed in range(200):
        u = Fraction(np.random.default_rng(seed).random())
        expected = 0 if u < cut_one else 1 if u < cut_two else 2
        picked = exponential_mechanism([0, 1, 2], 2 * math.log(2), 1, np.random.default_rng(seed))
        assert picked == expected, seed
        assert type(picked) is int


def test_pick_uses_exactly_one_draw_from_the_generator() -> None:
    rng = np.random.default_rng(11)
    exponential_mechanism([0.0, 1.0, 2.0], 1.0, 1.0, rng)
    reference = np.random.default_rng(11)
    reference.random()
    assert rng.random() == reference.random()


def test_pick_frequencies_match_the_probabilities() -> None:
    rng = np.random.default_rng(2024)
    draws = 20_000
    picks = [exponential_mechanism([0, 1, 2], 2 * math.log(2), 1, rng) for _ in range(draws)]
    counts = np.bincount(picks, minlength=3)
    for count, p in zip(counts.tolist(), [1 / 7, 2 / 7, 4 / 7], strict=True):
        standard_error = math.sqrt(draws * p * (1 - p))
        assert abs(count - draws * p) < 5 * standard_error


def test_options_of_probability_zero_are_never_picked() -> None:
    rng = np.random.default_rng(3)
    for _ in range(200):
        assert exponential_mechanism([-1e6, 1e6, -1e6], 100.0, 1e-9, rng) == 1


class AlmostOne(np.random.Generator):
    """A generator whose uniform draw is the largest float below 1."""

    def random(self, *args: object, **kwargs: object) -> float:  # type: ignore[override]
        return math.nextafter(1.0, 0.0)


def test_the_top_of_the_unit_interval_picks_a_possible_option() -> None:
    rng = AlmostOne(np.random.PCG64(0))
    assert exponential_mechanism([1e6, -1e6], 100.0, 1e-9, rng) == 0
    assert exponential_mechanism([0.0, 0.0, 0.0], 1.0, 1.0, rng) == 2


def test_pick_leaves_the_scores_untouched() -> None:
    scores = np.array([3.0, 1.0, 2.0])
    exponential_mechanism(scores, 1.0, 1.0, np.random.default_rng(0))
    assert scores.tolist() == [3.0, 1.0, 2.0]


@pytest.mark.parametrize("bad", NOT_GENERATORS, ids=lambda value: type(value).__name__)
def test_pick_refuses_anything_but_a_generator(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^rng must be a numpy.random.Generator"):
        exponential_mechanism([1.0, 2.0], 1.0, 1.0, bad)  # type: ignore[arg-type]


@pytest.mark.usefixtures("global_rng_untouched")
def test_global_rng_untouched() -> None:
    gaussian_sigma(1.0, 0.5, 1e-5)
    exponential_mechanism_probabilities([1.0, 2.0], 1.0, 1.0)
    exponential_mechanism([1.0, 2.0], 1.0, 1.0, np.random.default_rng(0))
