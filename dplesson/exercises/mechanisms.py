"""Exercises of the chapter "Comparing mechanisms and common problems" (``mechanisms.md``).

Choosing δ against the size of the data, the classic Gaussian σ, when Gaussian noise is
smaller than Laplace noise for many counts at once, the probability with which the
exponential mechanism picks the best option, and the noise report noisy max needs for votes.
"""

from __future__ import annotations

import math

from dplesson import exponential_mechanism_probabilities, gaussian_sigma, laplace_variance
from dplesson.exercises import Exercise

__all__ = ["EXERCISES"]


def _power_of_ten(exponent: int) -> float:
    """``10**-exponent`` as the float literal ``1e-<exponent>`` reads."""
    return float(f"1e-{exponent}")


#: δ against the size n: the random-record mechanism is (0, 1/n)-DP.
_PEOPLE = 1000
_DELTA_EXPONENT = 6

_SIGMA_L2, _SIGMA_EPSILON, _SIGMA_EXPONENT = 1.0, 0.5, 6
_SIGMA = gaussian_sigma(_SIGMA_L2, _SIGMA_EPSILON, _power_of_ten(_SIGMA_EXPONENT))

#: d counts, each moved by at most one: L1 sensitivity d, L2 sensitivity sqrt(d).
_COUNTS, _NOISE_EPSILON, _NOISE_EXPONENT = 50, 0.5, 5
_LAPLACE_STD = math.sqrt(laplace_variance(_COUNTS / _NOISE_EPSILON))
_GAUSSIAN_STD = gaussian_sigma(math.sqrt(_COUNTS), _NOISE_EPSILON, _power_of_ten(_NOISE_EXPONENT))
_SMALLER = "gaussian" if _GAUSSIAN_STD < _LAPLACE_STD else "laplace"

_SCORES = (12.0, 10.0, 4.0)
_PICK_EPSILON, _PICK_SENSITIVITY = 1.0, 1.0
_PROBABILITIES = exponential_mechanism_probabilities(
    list(_SCORES), _PICK_EPSILON, _PICK_SENSITIVITY
)

EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="mechanisms-delta",
        chapter="mechanisms",
        kind="choice",
        params={"n": _PEOPLE, "one_over_n": 1 / _PEOPLE, "k": _DELTA_EXPONENT},
        options=("one-over-n", "tiny", "irrelevant"),
        correct="tiny",
    ),
    Exercise(
        id="mechanisms-sigma",
        chapter="mechanisms",
        kind="number",
        params={
            "sensitivity": _SIGMA_L2,
            "epsilon": _SIGMA_EPSILON,
            "k": _SIGMA_EXPONENT,
            "rounded": round(_SIGMA, 2),
        },
        answer=_SIGMA,
        tolerance=0.01,
    ),
    Exercise(
        id="mechanisms-which-noise",
        chapter="mechanisms",
        kind="choice",
        params={
            "d": _COUNTS,
            "epsilon": _NOISE_EPSILON,
            "k": _NOISE_EXPONENT,
            "laplace_std": round(_LAPLACE_STD, 1),
            "gaussian_std": round(_GAUSSIAN_STD, 1),
        },
        options=("laplace", "gaussian", "same"),
        correct=_SMALLER,
    ),
    Exercise(
        id="mechanisms-exponential",
        chapter="mechanisms",
        kind="number",
        params={
            "s1": _SCORES[0],
            "s2": _SCORES[1],
            "s3": _SCORES[2],
            "epsilon": _PICK_EPSILON,
            "sensitivity": _PICK_SENSITIVITY,
            "rounded": round(float(_PROBABILITIES[0]), 2),
        },
        answer=float(_PROBABILITIES[0]),
        tolerance=0.01,
    ),
    Exercise(
        id="mechanisms-noisy-max",
        chapter="mechanisms",
        kind="choice",
        options=("half", "monotone", "general"),
        correct="monotone",
    ),
)
