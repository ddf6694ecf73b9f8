from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplesson.local import (
    estimate_proportion,
    local_vs_central_error,
    people_for_standard_error,
    randomized_response,
    randomized_response_epsilon,
    truth_probability,
)
from tests.bad_inputs import BAD_SCALARS, BAD_VECTORS, NOT_GENERATORS


def test_the_fair_coin_survey_spends_ln_3() -> None:
    assert randomized_response_epsilon(0.5) == pytest.approx(math.log(3), rel=1e-15)


@given(t=st.floats(0.01, 0.99))
def test_epsilon_is_the_log_of_the_worst_likelihood_ratio(t: float) -> None:
    yes_if_yes = t + (1 - t) / 2
    yes_if_no = (1 - t) / 2
    assert randomized_response_epsilon(t) == pytest.approx(
        math.log(yes_if_yes / yes_if_no), rel=1e-12
    )
    # The "no" answers give the same ratio the other way round.
    assert math.log((1 - yes_if_no) / (1 - yes_if_yes)) == pytest.approx(
        randomized_response_epsilon(t), rel=1e-12
    )


@given(epsilon=st.floats(0.001, 20))
def test_truth_probability_inverts_epsilon(epsilon: float) -> None:
    assert randomized_response_epsilon(truth_probability(epsilon)) == pytest.approx(
        epsilon, rel=1e-9
    )


def test_reports_follow_the_two_coins(global_rng_untouched: None) -> None:
    n = 200_000
    answers = np.array([1] * (n // 2) + [0] * (n // 2))
    before = answers.copy()
    reports = randomized_response(answers, np.random.default_rng(5), truth_probability=0.5)
    assert np.array_equal(answers, before)
    yes_if_yes, yes_if_no = reports[: n // 2].mean(), reports[n // 2 :].mean()
    spread = 5 * math.sqrt(0.25 / (n // 2))
    assert abs(yes_if_yes - 0.75) < spread and abs(yes_if_no - 0.25) < spread


def test_the_estimate_is_unbiased_and_its_standard_error_honest() -> None:
    rng = np.random.default_rng(8)
    truth = (rng.random(2000) < 0.3).astype(np.int64)
    estimates, errors = [], []
    for _ in range(400):
        result = estimate_proportion(randomized_response(truth, rng, 0.4), 0.4)
        estimates.append(result["estimate"])
        errors.append(result["standard_error"])
    spread = float(np.std(estimates))
    assert abs(np.mean(estimates) - truth.mean()) < 4 * spread / math.sqrt(400)
    assert float(np.mean(errors)) == pytest.approx(spread, rel=0.1)


def test_central_error_matches_laplace_noise_and_the_ratio_grows_like_sqrt_n() -> None:
    n, epsilon = 1000, 1.0
    noise = np.random.default_rng(3).laplace(0.0, 1 / epsilon, size=100_000) / n
    comparison = local_vs_central_error(n, epsilon)
    assert comparison["central"] == pytest.approx(float(np.std(noise)), rel=0.02)
    bigger = local_vs_central_error(100 * n, epsilon)
    assert bigger["ratio"] / comparison["ratio"] == pytest.approx(10.0, rel=1e-9)


@pytest.mark.parametrize("bad", BAD_VECTORS, ids=repr)
def test_bad_answers_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="answers"):
        randomized_response(bad, np.random.default_rng(0))  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [[0, 2], [0.5], [-1, 1]], ids=str)
def test_answers_must_be_zero_or_one(bad: list[float]) -> None:
    with pytest.raises(ValueError, match="answers"):
        randomized_response(bad, np.random.default_rng(0))
    with pytest.raises(ValueError, match="reports"):
        estimate_proportion(bad)


@pytest.mark.parametrize("bad", [*BAD_SCALARS, 0.0, 1.0, -0.1], ids=repr)
def test_bad_truth_probabilities_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="truth_probability"):
        randomized_response_epsilon(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", NOT_GENERATORS, ids=lambda value: type(value).__name__)
def test_only_a_generator_draws(bad: object) -> None:
    with pytest.raises(ValueError, match="rng"):
        randomized_response([0, 1], bad)  # type: ignore[arg-type]


# --- Defect: local against central compared unlike estimands (dp-audit-t3 §3, Defect 1) ----


def _spread_of_estimates(truth: np.ndarray, t: float, seed: int, surveys: int = 2000) -> float:
    """The standard deviation of the estimate over many surveys of the same people."""
    rng = np.random.default_rng(seed)
    estimates = [
        estimate_proportion(randomized_response(truth, rng, t), t)["estimate"]
        for _ in range(surveys)
    ]
    return float(np.std(estimates))


@pytest.mark.parametrize(("people", "epsilon"), [(400, 1.0), (100, 3.0), (1000, 0.5)])
def test_local_error_is_the_noise_of_the_estimate_for_the_same_people(
    people: int, epsilon: float
) -> None:
    # The central error is the Laplace noise on these people's share, so the local error
    # must be the randomized response's noise on the same share: data fixed, coins redrawn.
    truth = (np.arange(people) % 10 < 9).astype(np.int64)  # 90 % yes: far from λ = 1/2
    local = local_vs_central_error(people=people, epsilon=epsilon)["local"]
    assert local == pytest.approx(1 / (2 * math.sqrt(people) * math.sinh(epsilon / 2)), rel=1e-12)
    spread = _spread_of_estimates(truth, math.tanh(epsilon / 2), seed=people)
    assert local == pytest.approx(spread, rel=0.06)  # 2000 surveys: about 1.6 % sampling error


def test_local_can_beat_central_at_large_epsilon() -> None:
    # Randomized response at ε = 10 nearly always tells the truth; Laplace noise of scale 1/10
    # on a count of 100 people is larger than its error.
    comparison = local_vs_central_error(people=100, epsilon=10.0)
    assert comparison["ratio"] < 1


def test_the_reported_standard_error_is_the_noise_of_the_estimate() -> None:
    truth = (np.arange(800) % 10 < 9).astype(np.int64)
    t = 0.9
    result = estimate_proportion(randomized_response(truth, np.random.default_rng(1), t), t)
    assert result["standard_error"] == pytest.approx(
        _spread_of_estimates(truth, t, seed=2), rel=0.06
    )
    # Reports that all agree still carry the noise of the coins.
    assert estimate_proportion([0] * 5, 0.5)["standard_error"] > 0


# --- people_for_standard_error: planning a survey ----------------------------------------------


def _standard_error(t: float, n: int) -> Fraction:
    """The squared standard error (1 - t²)/(4 n t²) of the estimate, exactly."""
    exact = Fraction(t)
    return (1 - exact * exact) / (4 * n * exact * exact)


@given(t=st.floats(0.05, 0.95), target=st.floats(1e-3, 0.5))
def test_people_for_standard_error_is_the_first_size_that_is_precise_enough(
    t: float, target: float
) -> None:
    n = people_for_standard_error(target, t)
    assert _standard_error(t, n) <= Fraction(target) ** 2
    assert n == 1 or _standard_error(t, n - 1) > Fraction(target) ** 2


def test_people_for_standard_error_closed_forms() -> None:
    assert people_for_standard_error(0.03, 0.5) == math.ceil(0.75 / (4 * 0.25 * 0.0009))
    assert people_for_standard_error(0.02, 0.5) == 1875  # on the boundary, exactly
    # The estimate's own standard error at that size is within the target.
    reports = np.random.default_rng(1).integers(0, 2, size=people_for_standard_error(0.02))
    assert estimate_proportion(reports)["standard_error"] <= 0.02 * (1 + 1e-12)


def test_people_for_standard_error_refuses_bad_input_by_name() -> None:
    for bad in [*BAD_SCALARS, 0.0, 2.0]:
        with pytest.raises(ValueError, match="standard_error"):
            people_for_standard_error(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="truth_probability"):
        people_for_standard_error(0.1, 1.0)
