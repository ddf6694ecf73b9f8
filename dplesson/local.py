"""Randomized response and local differential privacy.

Warner's survey (1965): each person tells the truth with probability ``t`` and otherwise
answers by a fair coin. Nobody, not even the collector, sees a true answer, so the privacy
holds *locally*, before any data leaves the person. A "yes" is then ``(1 + t) / (1 - t)``
times likelier from someone whose true answer is yes than from someone whose answer is no,
so the survey is ``ln((1 + t) / (1 - t))``-DP per person: ``ln 3`` for ``t = 1/2``, the
fair-coin version. The collector still estimates the true share without bias, at the price
of a variance that the central model, where a trusted curator adds noise once, avoids.

Both models are compared here on the same quantity: the share of yes among the ``n`` people
whose data is used, with the noise of the mechanism as the only error. (Estimating the share
of a larger population from a random sample of ``n`` adds the sampling variance
``π(1 - π)/n`` to *both*.) Randomized response's error then falls like ``1/sqrt(n)``, the
central Laplace error like ``1/n``; for moderate ε no locally private protocol can do better
than order ``1/sqrt(n)`` (Chan, Shi and Song 2012), so the gap is not Warner's fault.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TypedDict

import numpy as np
from numpy.typing import ArrayLike, NDArray

from dplesson.validation import Real, check_count, check_rng, check_scalar, check_vector

__all__ = [
    "ErrorComparison",
    "ProportionEstimate",
    "estimate_proportion",
    "local_vs_central_error",
    "people_for_standard_error",
    "randomized_response",
    "randomized_response_epsilon",
    "truth_probability",
]

MAX_PEOPLE = 10_000_000
EPSILON_RANGE = (0.001, 20.0)


def _check_truth(t: object) -> float:
    value = check_scalar("truth_probability", t, 0.0, 1.0)
    if not 0.0 < value < 1.0:
        raise ValueError(f"truth_probability must be strictly between 0 and 1; got {t!r}")
    return value


def randomized_response_epsilon(truth_probability: Real = 0.5) -> float:
    """Return ``ln((1 + t) / (1 - t))``, the ε of randomized response with truth probability t."""
    t = _check_truth(truth_probability)
    return math.log1p(t) - math.log1p(-t)


def truth_probability(epsilon: Real) -> float:
    """Return ``(e^ε - 1) / (e^ε + 1)``: the truth probability that spends exactly ε."""
    eps = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    return math.tanh(eps / 2.0)


def randomized_response(
    answers: ArrayLike, rng: np.random.Generator, truth_probability: Real = 0.5
) -> NDArray[np.int64]:
    """Return each person's reported answer (0 or 1) under randomized response.

    ``answers`` are the true answers, 0 or 1, one per person; with probability
    ``truth_probability`` a person reports theirs, otherwise the result of a fair coin.
    ``answers`` is not changed; draws come from ``rng`` only.
    """
    values = check_vector("answers", answers, max_length=MAX_PEOPLE, low=0.0, high=1.0)
    if np.any((values != 0.0) & (values != 1.0)):
        raise ValueError("answers must hold only 0 and 1 (no and yes)")
    t = _check_truth(truth_probability)
    generator = check_rng("rng", rng)
    honest = generator.random(len(values)) < t
    coin = generator.random(len(values)) < 0.5
    return np.where(honest, values == 1.0, coin).astype(np.int64)


class ProportionEstimate(TypedDict):
    """What :func:`estimate_proportion` returns."""

    people: int
    reported_yes: float
    estimate: float
    standard_error: float


def estimate_proportion(reports: ArrayLike, truth_probability: Real = 0.5) -> ProportionEstimate:
    """Estimate the true share of yes from randomized-response ``reports``, without bias.

    A report is yes with probability ``λ = t·π + (1 - t)/2`` when the true share is ``π``, so
    ``(λ̂ - (1 - t)/2) / t`` is unbiased. Whatever a person's true answer, their report is
    yes with probability ``(1 ± t)/2``, whose variance is ``(1 - t²)/4``; so the estimate's
    standard error, the noise of the coins for these ``n`` people, is
    ``sqrt((1 - t²)/(4n)) / t``. It needs no data: it is public, like the scale of Laplace
    noise. The estimate can fall outside [0, 1]; clamping it is post-processing.
    """
    values = check_vector("reports", reports, max_length=MAX_PEOPLE, low=0.0, high=1.0)
    if np.any((values != 0.0) & (values != 1.0)):
        raise ValueError("reports must hold only 0 and 1 (no and yes)")
    t = _check_truth(truth_probability)
    n = check_count("len(reports)", len(values), 1, MAX_PEOPLE)
    share = float(np.mean(values))
    return {
        "people": n,
        "reported_yes": share,
        "estimate": (share - (1.0 - t) / 2.0) / t,
        "standard_error": _coin_noise(t, n),
    }


def _coin_noise(t: float, n: int) -> float:
    """``sqrt((1 - t²)/(4n)) / t``: the standard error randomized response adds to a share."""
    return math.sqrt((1.0 - t) * (1.0 + t) / (4.0 * n)) / t


class ErrorComparison(TypedDict):
    """What :func:`local_vs_central_error` returns: standard errors of an estimated share."""

    people: int
    epsilon: float
    central: float
    local: float
    ratio: float


def local_vs_central_error(people: int, epsilon: Real) -> ErrorComparison:
    """Return the standard errors of the share of yes among ``people``: central against local.

    Both are the noise of the mechanism alone, for the same people. Central: a trusted
    curator counts the yes answers and adds Laplace noise of scale ``1/ε`` (one person
    changes the count by at most 1), so the share has standard error ``sqrt(2) / (n ε)``.
    Local: randomized response spending the same ε per person, ``t = tanh(ε/2)``, has
    standard error ``sqrt((1 - t²)/(4n)) / t = 1 / (2 sqrt(n) sinh(ε/2))``. The ratio grows
    like ``sqrt(n)``; at a very large ε and few people the local error is the smaller one.
    """
    n = check_count("people", people, 1, MAX_PEOPLE)
    t = truth_probability(epsilon)
    eps = float(epsilon)
    central = math.sqrt(2.0) / (n * eps)
    local = _coin_noise(t, n)
    return {
        "people": n,
        "epsilon": eps,
        "central": central,
        "local": local,
        "ratio": local / central,
    }


def people_for_standard_error(standard_error: Real, truth_probability: Real = 0.5) -> int:
    """Return the fewest people whose randomized-response estimate has this standard error.

    The estimate of a share from ``n`` reports has the standard error
    ``sqrt((1 - t²)/(4n)) / t`` (:func:`estimate_proportion`), at most ``standard_error``
    exactly when ``n >= (1 - t²) / (4 t² standard_error²)``. Decided in exact fractions of
    the two floats, so a size on the boundary is neither missed nor overstated.
    """
    target = check_scalar("standard_error", standard_error, 1e-6, 1.0)
    if target <= 1e-6:
        raise ValueError(f"standard_error must be above 1e-06; got {standard_error!r}")
    t = Fraction(_check_truth(truth_probability))
    needed = (1 - t * t) / (4 * t * t * Fraction(target) ** 2)
    return max(1, math.ceil(needed))
