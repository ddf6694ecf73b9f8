"""Calibration of the Gaussian and the exponential mechanism, for comparison with Laplace.

``gaussian_sigma`` is the classic calibration of Dwork and Roth (2014, "The Algorithmic
Foundations of Differential Privacy", Theorem A.1): noise of standard deviation
``sensitivity_l2 * sqrt(2 ln(1.25 / delta)) / epsilon`` gives (epsilon, delta)-differential
privacy for ``epsilon < 1``. The exponential mechanism of McSherry and Talwar (2007) picks
option ``i`` with probability proportional to ``exp(epsilon * score_i / (2 * sensitivity))``;
the probabilities are computed with a log-sum-exp, so large scores neither overflow nor
turn into NaN. Textbook mechanisms in floating point, for teaching.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from dplesson.rounding import decimal_up, exact, precise
from dplesson.validation import Real, check_rng, check_scalar, check_vector, format_range

__all__ = [
    "exponential_mechanism",
    "exponential_mechanism_probabilities",
    "gaussian_sigma",
]

BOUND = 1e6
SENSITIVITY_RANGE = (1e-9, 1e6)
EPSILON_RANGE = (0.001, 100.0)
#: The classic Gaussian calibration holds for epsilon < 1: the upper end is excluded.
GAUSSIAN_EPSILON_RANGE = (0.001, 1.0)
DELTA_RANGE = (1e-15, 0.1)
MAX_OPTIONS = 4096


def _check_gaussian_epsilon(epsilon: object) -> float:
    """Check ``epsilon`` against the half-open range ``[0.001, 1)`` of the classic calibration."""
    low, high = GAUSSIAN_EPSILON_RANGE
    closed, half_open = format_range(low, high), f"[{low:g}, {high:g})"
    try:
        number = check_scalar("epsilon", epsilon, low, high)
    except ValueError as error:
        raise ValueError(str(error).replace(closed, half_open, 1)) from None
    if number >= high:
        raise ValueError(
            f"epsilon must be a finite real number in {half_open}, since the classic "
            f"Gaussian calibration needs epsilon < 1; got {epsilon!r} ({type(epsilon).__name__})"
        )
    return number


# --8<-- [start:gaussian_sigma]
def gaussian_sigma(sensitivity_l2: Real, epsilon: Real, delta: Real) -> float:
    """Return ``sensitivity_l2 * sqrt(2 ln(1.25 / delta)) / epsilon``.

    The classic calibration of the Gaussian mechanism: (epsilon, delta)-differential
    privacy for a query whose L2 sensitivity is ``sensitivity_l2``, valid for
    ``epsilon < 1`` only, so ``epsilon`` must lie in ``[0.001, 1)``. Computed to 60 digits
    and rounded up, so the noise is never narrower than the formula asks.
    """
    sensitivity_l2 = check_scalar("sensitivity_l2", sensitivity_l2, *SENSITIVITY_RANGE)
    number = _check_gaussian_epsilon(epsilon)
    delta = check_scalar("delta", delta, *DELTA_RANGE)
    with precise():
        log_term = exact(1.25).ln() - exact(delta).ln()
        sigma = exact(sensitivity_l2) * (2 * log_term).sqrt() / exact(number)
    return decimal_up(sigma)


# --8<-- [end:gaussian_sigma]


def _log_probabilities(scores: ArrayLike, epsilon: Real, sensitivity: Real) -> NDArray[np.float64]:
    values = check_vector("scores", scores, max_length=MAX_OPTIONS, low=-BOUND, high=BOUND)
    epsilon = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    sensitivity = check_scalar("sensitivity", sensitivity, *SENSITIVITY_RANGE)
    # log-sum-exp: measure every score from the best one, so every exponent is <= 0 and one
    # equals 0; the differences stay accurate however large the scores themselves are.
    shifted = (values - np.max(values)) * (epsilon / (2.0 * sensitivity))
    with np.errstate(under="ignore"):  # far below the best, a weight of 0 is intended
        log_total = math.log(math.fsum(np.exp(shifted).tolist()))
    result: NDArray[np.float64] = shifted - log_total
    return result


# --8<-- [start:exponential_mechanism_probabilities]
def exponential_mechanism_probabilities(
    scores: ArrayLike, epsilon: Real, sensitivity: Real
) -> NDArray[np.float64]:
    """Return the probability of each option: proportional to ``exp(epsilon * s / (2 * Δ))``.

    ``scores`` holds one score per option (higher is better) and ``sensitivity`` (``Δ``)
    bounds how much one person can change any single score. Computed with a log-sum-exp
    in a new array; options far below the best get probability 0 rather than NaN.
    """
    log_probabilities = _log_probabilities(scores, epsilon, sensitivity)
    with np.errstate(under="ignore"):
        result: NDArray[np.float64] = np.exp(log_probabilities)
    return result


# --8<-- [end:exponential_mechanism_probabilities]


# --8<-- [start:exponential_mechanism]
def exponential_mechanism(
    scores: ArrayLike, epsilon: Real, sensitivity: Real, rng: np.random.Generator
) -> int:
    """Pick the index of one option with the exponential mechanism's probabilities.

    Uses one uniform draw ``rng.random()`` and the cumulative probabilities; an option
    whose probability is 0 is never picked.
    """
    probabilities = exponential_mechanism_probabilities(scores, epsilon, sensitivity)
    rng = check_rng("rng", rng)
    cumulative = np.cumsum(probabilities)
    index = int(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"))
    last_possible = int(np.flatnonzero(probabilities > 0.0)[-1])
    return min(index, last_possible)


# --8<-- [end:exponential_mechanism]
