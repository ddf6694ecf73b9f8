"""Exercises of the chapter "Comparing mechanisms and common problems" (``mechanisms.md``).

Choosing δ against the size of the data, the classic Gaussian σ, when Gaussian noise is
smaller than Laplace noise for many counts at once, the probability with which the
exponential mechanism picks the best option, and the noise report noisy max needs for votes.
"""

from __future__ import annotations

import math

from dplesson import exponential_mechanism_probabilities, gaussian_sigma, laplace_variance
from dplesson.exercises import Exercise, Variant, numeric

__all__ = ["EXERCISES"]


def _power_of_ten(exponent: int) -> float:
    """``10**-exponent`` as the float literal ``1e-<exponent>`` reads."""
    return float(f"1e-{exponent}")


#: δ against the size n: the random-record mechanism is (0, 1/n)-DP.
_PEOPLE = 1000
_DELTA_EXPONENT = 6

#: ``(Δ2, ε, k)`` with δ = 10^-k; ε < 1, where the classic calibration holds.
_SIGMAS = ((1.0, 0.5, 6), (1.0, 0.8, 7), (2.0, 0.5, 8), (1.0, 0.25, 5))


def _sigma(sensitivity: float, epsilon: float, k: int) -> Variant:
    sigma = gaussian_sigma(sensitivity, epsilon, _power_of_ten(k))
    params = {"sensitivity": sensitivity, "epsilon": epsilon, "k": k, "rounded": round(sigma, 2)}
    return Variant(params, sigma)


#: d counts, each moved by at most one: L1 sensitivity d, L2 sensitivity sqrt(d).
_COUNTS, _NOISE_EPSILON, _NOISE_EXPONENT = 50, 0.5, 5
_LAPLACE_STD = math.sqrt(laplace_variance(_COUNTS / _NOISE_EPSILON))
_GAUSSIAN_STD = gaussian_sigma(math.sqrt(_COUNTS), _NOISE_EPSILON, _power_of_ten(_NOISE_EXPONENT))
_SMALLER = "gaussian" if _GAUSSIAN_STD < _LAPLACE_STD else "laplace"

#: ``(scores, ε, Δ)``: the first score is the best one.
_PICKS = (
    ((12.0, 10.0, 4.0), 1.0, 1.0),
    ((12.0, 10.0, 4.0), 2.0, 1.0),
    ((30.0, 28.0, 20.0), 1.0, 2.0),
    ((5.0, 4.0, 1.0), 0.5, 1.0),
)


def _pick(scores: tuple[float, ...], epsilon: float, sensitivity: float) -> Variant:
    best = float(exponential_mechanism_probabilities(list(scores), epsilon, sensitivity)[0])
    params = {
        **{f"s{i}": score for i, score in enumerate(scores, start=1)},
        "epsilon": epsilon,
        "sensitivity": sensitivity,
        "rounded": round(best, 2),
    }
    return Variant(params, best)


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="mechanisms-delta",
        chapter="mechanisms",
        kind="choice",
        params={"n": _PEOPLE, "one_over_n": 1 / _PEOPLE, "k": _DELTA_EXPONENT},
        options=("one-over-n", "tiny", "irrelevant"),
        correct="tiny",
    ),
    numeric("mechanisms-sigma", "mechanisms", 0.01, (_sigma(*case) for case in _SIGMAS)),
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
    numeric("mechanisms-exponential", "mechanisms", 0.01, (_pick(*case) for case in _PICKS)),
    # skill: transfer (the neighbour model decides the scale; content-t3.md §2.6)
    Exercise(
        id="mechanisms-noisy-max",
        chapter="mechanisms",
        kind="choice",
        options=("half", "monotone", "general"),
        correct="monotone",
    ),
)
