"""Two classic ways to choose with noise: report noisy max and the sparse vector technique.

**Report noisy max** (Dwork and Roth 2014, §3.3) adds Laplace noise to every score and
publishes only the index of the largest noisy score, never the scores. With noise of scale
``2Δ/ε`` it is ε-DP for any scores of sensitivity Δ; when one person can only move all
scores in the same direction (counts under add/remove), scale ``Δ/ε`` is enough.

**AboveThreshold**, the core of the sparse vector technique (Dwork and Roth 2014, §3.6),
answers a stream of queries with "below" until the first query whose noisy answer reaches
a noisy threshold, reports that one, and stops. The threshold gets noise of scale ``2Δ/ε``
once, each query fresh noise of scale ``4Δ/ε``; however many queries were "below", the
whole run is ε-DP. Lyu, Su and Li (2017) showed that most published variants are not:
one that keeps answering after the first "above" (:func:`leaky_sparse_vector_probability`)
loses a little more privacy with every query.

The probability functions are exact up to quadrature error (about 1e-13): each output's
probability is a one-dimensional integral of Laplace densities (:mod:`dplesson.integration`).
Textbook mechanisms in floating point, for teaching.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

from dplesson.integration import (
    PIECE,
    TAIL_SCALES,
    Integrand,
    integrate,
    laplace_cdf,
    laplace_density,
    laplace_survival,
)
from dplesson.validation import Real, check_rng, check_scalar, check_vector

__all__ = [
    "above_threshold",
    "above_threshold_probabilities",
    "leaky_sparse_vector_probability",
    "noisy_max_probabilities",
    "noisy_max_scale",
    "report_noisy_max",
]

BOUND = 1e6
EPSILON_RANGE = (0.001, 100.0)
SENSITIVITY_RANGE = (1e-6, 1e6)
#: Sampling takes up to this many options or queries; the exact probabilities fewer.
MAX_OPTIONS = 4096
MAX_EXACT = 64


def _check_common(epsilon: object, sensitivity: object) -> tuple[float, float]:
    eps = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    delta = check_scalar("sensitivity", sensitivity, *SENSITIVITY_RANGE)
    return eps, delta


def noisy_max_scale(epsilon: Real, sensitivity: Real, monotone: bool = False) -> float:
    """Return the Laplace scale of report noisy max: ``2Δ/ε``, or ``Δ/ε`` for monotone scores.

    ``monotone`` means that between neighbouring datasets every score moves in the same
    direction, as counts do when one person is added or removed.
    """
    eps, delta = _check_common(epsilon, sensitivity)
    if not isinstance(monotone, bool):
        raise ValueError(f"monotone must be True or False; got {monotone!r}")
    return (1.0 if monotone else 2.0) * delta / eps


def report_noisy_max(
    scores: ArrayLike,
    epsilon: Real,
    sensitivity: Real,
    rng: np.random.Generator,
    monotone: bool = False,
) -> int:
    """Return the index of the largest score after Laplace noise; the scores stay secret."""
    values = check_vector("scores", scores, max_length=MAX_OPTIONS, low=-BOUND, high=BOUND)
    scale = noisy_max_scale(epsilon, sensitivity, monotone)
    rng = check_rng("rng", rng)
    return int(np.argmax(values + rng.laplace(0.0, scale, len(values))))


def noisy_max_probabilities(
    scores: ArrayLike, epsilon: Real, sensitivity: Real, monotone: bool = False
) -> NDArray[np.float64]:
    """Return the probability that report noisy max picks each option (up to 64 options).

    Option ``i`` wins when its noisy score ``x`` beats every other:
    ``P(i) = ∫ f(x - s_i) ∏_{j≠i} F(x - s_j) dx`` with the Laplace density ``f`` and
    distribution function ``F``; ties have probability 0.
    """
    values = check_vector("scores", scores, max_length=MAX_EXACT, low=-BOUND, high=BOUND)
    scale = noisy_max_scale(epsilon, sensitivity, monotone)
    result = np.empty(len(values))
    reach = TAIL_SCALES * scale
    for i, centre in enumerate(values.tolist()):
        others = np.delete(values, i)
        result[i] = integrate(
            _wins(centre, others, scale),
            centre - reach,
            centre + reach,
            [centre, *others.tolist()],
            PIECE * scale,
        )[0]
    return result


def _wins(centre: float, others: NDArray[np.float64], scale: float) -> Integrand:
    """Return the integrand of one option's win: its noisy score at ``x``, the others below."""

    def integrand(x: NDArray[np.float64]) -> NDArray[np.float64]:
        row = laplace_density(x - centre, scale)
        for other in others:
            row = row * laplace_cdf(x - other, scale)
        result: NDArray[np.float64] = row[None, :]
        return result

    return integrand


def _sparse_vector_inputs(
    values: object, threshold: object, epsilon: object, sensitivity: object, limit: int
) -> tuple[NDArray[np.float64], float, float, float]:
    """Check the inputs; return the answers, the threshold and the two noise scales."""
    answers = check_vector("values", values, max_length=limit, low=-BOUND, high=BOUND)
    t = check_scalar("threshold", threshold, -BOUND, BOUND)
    eps, delta = _check_common(epsilon, sensitivity)
    return answers, t, 2.0 * delta / eps, 4.0 * delta / eps


def above_threshold(
    values: ArrayLike,
    threshold: Real,
    epsilon: Real,
    sensitivity: Real,
    rng: np.random.Generator,
) -> int | None:
    """Return the index of the first answer whose noisy value reaches the noisy threshold.

    ``values`` are the true answers of the queries in the order they are asked, each of
    sensitivity ``sensitivity``; ``None`` means every answer stayed below. The threshold
    is drawn once (scale ``2Δ/ε``), every answer gets fresh noise (scale ``4Δ/ε``), and the
    loop stops at the first "above": that stop is what keeps the whole run ε-DP.
    """
    answers, t, threshold_scale, query_scale = _sparse_vector_inputs(
        values, threshold, epsilon, sensitivity, MAX_OPTIONS
    )
    rng = check_rng("rng", rng)
    noisy_threshold = t + rng.laplace(0.0, threshold_scale)
    for index, answer in enumerate(answers):
        if answer + rng.laplace(0.0, query_scale) >= noisy_threshold:
            return index
    return None


def above_threshold_probabilities(
    values: ArrayLike, threshold: Real, epsilon: Real, sensitivity: Real
) -> NDArray[np.float64]:
    """Return the probability of each output of :func:`above_threshold` (up to 64 queries).

    Entry ``i`` is the probability that query ``i`` is the first "above"; the last entry,
    the probability that none is. Given the threshold noise ``z``, the queries are
    independent: ``P(i | z) = ∏_{j<i} F(T + z - q_j) · (1 - F(T + z - q_i))``.
    """
    answers, t, threshold_scale, query_scale = _sparse_vector_inputs(
        values, threshold, epsilon, sensitivity, MAX_EXACT
    )

    def integrand(z: NDArray[np.float64]) -> NDArray[np.float64]:
        weight = laplace_density(z, threshold_scale)
        rows = np.empty((len(answers) + 1, len(z)))
        below_so_far = weight
        for index, answer in enumerate(answers):
            gap = t + z - answer
            rows[index] = below_so_far * laplace_survival(gap, query_scale)
            below_so_far = below_so_far * laplace_cdf(gap, query_scale)
        rows[-1] = below_so_far
        return rows

    return _over_threshold_noise(integrand, answers, t, threshold_scale)


def leaky_sparse_vector_probability(
    values: ArrayLike,
    threshold: Real,
    pattern: Sequence[bool],
    epsilon: Real,
    sensitivity: Real,
) -> float:
    """Return the probability that the buggy loop which never stops answers ``pattern``.

    The loop is AboveThreshold without its stop: it compares every noisy answer with the one
    noisy threshold and reports "above" (True) or "below" for each of up to 64 queries. Its
    privacy loss grows with the number of queries (Lyu, Su and Li 2017), which the tests show
    by comparing this probability for neighbouring answers. A pattern of all False or with
    its only True at the end is also an output of AboveThreshold, with the same probability.
    """
    answers, t, threshold_scale, query_scale = _sparse_vector_inputs(
        values, threshold, epsilon, sensitivity, MAX_EXACT
    )
    if (
        isinstance(pattern, str)
        or not isinstance(pattern, Sequence)
        or len(pattern) != len(answers)
        or not all(isinstance(p, bool) for p in pattern)
    ):
        raise ValueError(
            f"pattern must be a sequence of {len(answers)} booleans, one per value; got {pattern!r}"
        )

    def integrand(z: NDArray[np.float64]) -> NDArray[np.float64]:
        row = laplace_density(z, threshold_scale)
        for above, answer in zip(pattern, answers, strict=True):
            gap = t + z - answer
            row = row * (
                laplace_survival(gap, query_scale) if above else laplace_cdf(gap, query_scale)
            )
        result: NDArray[np.float64] = row[None, :]
        return result

    return float(_over_threshold_noise(integrand, answers, t, threshold_scale)[0])


def _over_threshold_noise(
    integrand: Integrand, answers: NDArray[np.float64], threshold: float, threshold_scale: float
) -> NDArray[np.float64]:
    """Integrate over the threshold noise ``z``; kinks where some ``T + z`` meets an answer."""
    reach = TAIL_SCALES * threshold_scale
    kinks = [0.0, *(answers - threshold).tolist()]
    result: NDArray[np.float64] = integrate(
        integrand,
        -reach,
        reach,
        kinks,
        PIECE * threshold_scale,
    )
    return result
