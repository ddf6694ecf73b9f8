"""Report noisy max and the sparse vector technique against closed forms, sampling and the bound.

Closed forms used as references: the difference of two independent Laplace variables of scale
``b`` exceeds ``d >= 0`` with probability ``e^(-d/b)(1 + d/(2b)) / 2``; the sum of two
Laplace variables of scales ``a != b`` exceeds ``d >= 0`` with probability
``(a² e^(-d/a) - b² e^(-d/b)) / (2(a² - b²))``. Where no closed form exists, the exact
probabilities must match sampling and satisfy ``P(o | D) <= e^ε P(o | D')`` for neighbours.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dplesson.selection import (
    above_threshold,
    above_threshold_probabilities,
    leaky_sparse_vector_probability,
    noisy_max_probabilities,
    noisy_max_scale,
    report_noisy_max,
)
from tests.bad_inputs import BAD_SCALARS, BAD_VECTORS, NOT_GENERATORS

TOLERANCE = 1e-9  # quadrature error is about 1e-13; the bound is checked to nine digits


def _beats(d: float, b: float) -> float:
    """P(s1 + X1 > s2 + X2) with s1 - s2 = d >= 0 and X1, X2 Laplace of scale b."""
    return 1 - math.exp(-d / b) * (1 + d / (2 * b)) / 2


def _sum_exceeds(d: float, a: float, b: float) -> float:
    """P(X + Y >= d) for d >= 0, X and Y Laplace of scales a != b."""
    return (a * a * math.exp(-d / a) - b * b * math.exp(-d / b)) / (2 * (a * a - b * b))


scores = st.lists(st.integers(-20, 20).map(float), min_size=2, max_size=5)
moves = st.lists(st.sampled_from([-1.0, 0.0, 1.0]), min_size=5, max_size=5)


@given(gap=st.floats(0, 50), epsilon=st.floats(0.05, 5), monotone=st.booleans())
def test_two_option_noisy_max_is_the_laplace_difference_closed_form(
    gap: float, epsilon: float, monotone: bool
) -> None:
    scale = noisy_max_scale(epsilon, 1.0, monotone)
    first, second = noisy_max_probabilities([gap, 0.0], epsilon, 1.0, monotone)
    assert first == pytest.approx(_beats(gap, scale), abs=1e-12)
    assert first + second == pytest.approx(1.0, abs=1e-12)


def test_noisy_max_scales() -> None:
    assert noisy_max_scale(0.5, 1) == 4.0
    assert noisy_max_scale(0.5, 1, monotone=True) == 2.0


def test_noisy_max_probabilities_match_sampling(global_rng_untouched: None) -> None:
    votes = [30.0, 25.0, 5.0, 28.0]
    exact = noisy_max_probabilities(votes, 0.5, 1.0)
    rng = np.random.default_rng(2024)
    draws = 40_000
    picks = np.bincount([report_noisy_max(votes, 0.5, 1.0, rng) for _ in range(draws)], minlength=4)
    standard_error = np.sqrt(exact * (1 - exact) / draws)
    assert np.all(np.abs(picks / draws - exact) <= 5 * standard_error + 1e-12)


@settings(max_examples=150, deadline=None)
@given(base=scores, move=moves, epsilon=st.floats(0.1, 3))
def test_noisy_max_keeps_its_bound_for_any_neighbours(
    base: list[float], move: list[float], epsilon: float
) -> None:
    neighbour = [s + m for s, m in zip(base, move, strict=False)]
    p = noisy_max_probabilities(base, epsilon, 1.0)
    q = noisy_max_probabilities(neighbour, epsilon, 1.0)
    assert np.all(p <= math.exp(epsilon) * q * (1 + TOLERANCE) + 1e-15)


@settings(max_examples=150, deadline=None)
@given(base=scores, up=st.lists(st.booleans(), min_size=5, max_size=5), epsilon=st.floats(0.1, 3))
def test_monotone_noisy_max_keeps_its_bound_when_all_scores_move_one_way(
    base: list[float], up: list[bool], epsilon: float
) -> None:
    neighbour = [s + (1.0 if u else 0.0) for s, u in zip(base, up, strict=False)]
    p = noisy_max_probabilities(base, epsilon, 1.0, monotone=True)
    q = noisy_max_probabilities(neighbour, epsilon, 1.0, monotone=True)
    assert np.all(p <= math.exp(epsilon) * q * (1 + TOLERANCE) + 1e-15)
    assert np.all(q <= math.exp(epsilon) * p * (1 + TOLERANCE) + 1e-15)


def test_the_smaller_monotone_scale_breaks_the_bound_when_scores_move_both_ways() -> None:
    # Ten tied options; one person raises option 0 and lowers the others: with scale Δ/ε the
    # chance of option 0 grows by more than e^ε, so the monotone shortcut needs its condition.
    epsilon = 1.0
    tied = [0.0] * 10
    moved = [1.0] + [-1.0] * 9
    p = noisy_max_probabilities(tied, epsilon, 1.0, monotone=True)[0]
    q = noisy_max_probabilities(moved, epsilon, 1.0, monotone=True)[0]
    assert q > math.exp(epsilon) * p
    fair_p = noisy_max_probabilities(tied, epsilon, 1.0)[0]
    fair_q = noisy_max_probabilities(moved, epsilon, 1.0)[0]
    assert fair_q <= math.exp(epsilon) * fair_p * (1 + TOLERANCE)


@given(gap=st.floats(-30, 30), epsilon=st.floats(0.05, 5))
def test_one_query_above_threshold_is_the_closed_form_of_two_laplace_noises(
    gap: float, epsilon: float
) -> None:
    # Query answer q and threshold T: "above" when nu - rho >= T - q, nu of scale 4/ε, rho 2/ε.
    threshold_scale, query_scale = 2 / epsilon, 4 / epsilon
    d = -gap  # T - q
    above = (
        _sum_exceeds(d, query_scale, threshold_scale)
        if d >= 0
        else 1 - _sum_exceeds(-d, query_scale, threshold_scale)
    )
    p_above, p_none = above_threshold_probabilities([gap], 0.0, epsilon, 1.0)
    assert p_above == pytest.approx(above, abs=1e-12)
    assert p_none == pytest.approx(1 - above, abs=1e-12)


def test_above_threshold_probabilities_match_sampling(global_rng_untouched: None) -> None:
    answers = [1.0, 3.0, 8.0, 2.0]
    exact = above_threshold_probabilities(answers, 5.0, 1.0, 1.0)
    assert exact.sum() == pytest.approx(1.0, abs=1e-12)
    rng = np.random.default_rng(99)
    draws = 40_000
    outcomes = [above_threshold(answers, 5.0, 1.0, 1.0, rng) for _ in range(draws)]
    counts = np.bincount([len(answers) if o is None else o for o in outcomes], minlength=5)
    standard_error = np.sqrt(exact * (1 - exact) / draws)
    assert np.all(np.abs(counts / draws - exact) <= 5 * standard_error + 1e-12)


@settings(max_examples=150, deadline=None)
@given(
    answers=st.lists(st.integers(0, 12).map(float), min_size=1, max_size=5),
    move=moves,
    threshold=st.integers(0, 12).map(float),
    epsilon=st.floats(0.1, 3),
)
def test_above_threshold_keeps_its_bound_for_any_neighbours(
    answers: list[float], move: list[float], threshold: float, epsilon: float
) -> None:
    neighbour = [a + m for a, m in zip(answers, move, strict=False)]
    p = above_threshold_probabilities(answers, threshold, epsilon, 1.0)
    q = above_threshold_probabilities(neighbour, threshold, epsilon, 1.0)
    assert np.all(p <= math.exp(epsilon) * q * (1 + TOLERANCE) + 1e-15)


@pytest.mark.parametrize("pairs", [3, 4, 8])
def test_the_loop_that_does_not_stop_loses_more_than_epsilon(pairs: int) -> None:
    # Lyu, Su and Li (2017): without the stop, one noisy threshold is compared with every
    # query. D raises the first half of the answers, D' the second half; the pattern
    # "above, ..., above, below, ..., below" becomes more than e^ε times likelier under D.
    epsilon = 1.0
    d = [1.0] * pairs + [0.0] * pairs
    d_prime = [0.0] * pairs + [1.0] * pairs
    pattern = [True] * pairs + [False] * pairs
    loss = math.log(
        leaky_sparse_vector_probability(d, 0.5, pattern, epsilon, 1.0)
        / leaky_sparse_vector_probability(d_prime, 0.5, pattern, epsilon, 1.0)
    )
    assert loss > epsilon
    # AboveThreshold itself, on the same two datasets, stays within e^ε for every output.
    p = above_threshold_probabilities(d, 0.5, epsilon, 1.0)
    q = above_threshold_probabilities(d_prime, 0.5, epsilon, 1.0)
    assert np.all(p <= math.exp(epsilon) * q * (1 + TOLERANCE))


def test_the_leaky_loop_agrees_with_above_threshold_on_their_common_outputs() -> None:
    answers = [1.0, 3.0, 8.0, 2.0]
    exact = above_threshold_probabilities(answers, 5.0, 1.0, 1.0)
    last = leaky_sparse_vector_probability(answers, 5.0, [False, False, False, True], 1.0, 1.0)
    none = leaky_sparse_vector_probability(answers, 5.0, [False] * 4, 1.0, 1.0)
    assert last == pytest.approx(exact[3], rel=1e-12)
    assert none == pytest.approx(exact[4], rel=1e-12)


def test_inputs_are_left_unchanged() -> None:
    votes = np.array([3.0, 1.0, 2.0])
    report_noisy_max(votes, 1.0, 1.0, np.random.default_rng(1))
    noisy_max_probabilities(votes, 1.0, 1.0)
    above_threshold(votes, 2.0, 1.0, 1.0, np.random.default_rng(1))
    assert votes.tolist() == [3.0, 1.0, 2.0]


@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_bad_scalars_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="epsilon"):
        noisy_max_probabilities([1, 2], bad, 1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="sensitivity"):
        above_threshold_probabilities([1, 2], 1.0, 1.0, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="threshold"):
        above_threshold([1, 2], bad, 1.0, 1.0, np.random.default_rng(1))  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", BAD_VECTORS)
def test_bad_vectors_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="scores"):
        report_noisy_max(bad, 1.0, 1.0, np.random.default_rng(1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="values"):
        above_threshold_probabilities(bad, 1.0, 1.0, 1.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", NOT_GENERATORS)
def test_samplers_need_a_generator(bad: object) -> None:
    with pytest.raises(ValueError, match="rng"):
        report_noisy_max([1, 2], 1.0, 1.0, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rng"):
        above_threshold([1, 2], 1.0, 1.0, 1.0, bad)  # type: ignore[arg-type]


def test_the_other_parameters_are_checked() -> None:
    with pytest.raises(ValueError, match="monotone"):
        noisy_max_scale(1.0, 1.0, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="pattern"):
        leaky_sparse_vector_probability([1, 2], 1.0, [True], 1.0, 1.0)
    with pytest.raises(ValueError, match="pattern"):
        leaky_sparse_vector_probability([1, 2], 1.0, [1, 0], 1.0, 1.0)  # type: ignore[list-item]
    with pytest.raises(ValueError, match="1 to 64"):
        noisy_max_probabilities(list(range(65)), 1.0, 1.0)
