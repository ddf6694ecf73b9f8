"""Exercises of the chapter "Comparing mechanisms and common problems" (``mechanisms.md``).

Choosing δ against the size of the data, the classic Gaussian σ, when Gaussian noise is
smaller than Laplace noise for many counts at once, the probability with which the
exponential mechanism picks the best option, and the noise report noisy max needs for votes
(transfer). Then the Gaussian σ when a person appears in only some of many counts (transfer),
and which noise suits weekly counts in which each person appears once (scenario).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from dplesson import exponential_mechanism_probabilities, gaussian_sigma, laplace_variance
from dplesson.exercises import Exercise, Variant, numeric

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _textbook_sigma(p: Mapping[str, Any]) -> dict[str, float]:
    """Use the classic Gaussian mechanism: σ = Δ₂ √(2 ln(1.25/δ)) / ε, δ = 10^-k."""
    sigma = p["sensitivity"] * math.sqrt(2 * math.log(1.25 * 10 ** p["k"])) / p["epsilon"]
    return {"answer": sigma, "rounded": round(sigma, 2)}


def _textbook_exponential(p: Mapping[str, Any]) -> dict[str, float]:
    """Give the first option's share of the weights exp(ε u / (2 Δu))."""
    weights = [math.exp(p["epsilon"] * p[s] / (2 * p["sensitivity"])) for s in ("s1", "s2", "s3")]
    share = weights[0] / math.fsum(weights)
    return {"answer": share, "rounded": round(share, 2)}


def _textbook_capped(p: Mapping[str, Any]) -> dict[str, float]:
    """K coordinates of size one: Δ₂ = √k in the classic Gaussian σ, δ = 10^-exponent."""
    l2 = math.sqrt(p["k"])
    sigma = l2 * math.sqrt(2 * math.log(1.25 * 10 ** p["exponent"])) / p["epsilon"]
    return {"answer": sigma, "l2": l2, "rounded": round(sigma, 2)}


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


#: ``(k, d, ε, exponent of δ)``: a person in at most k of d weekly counts, each moved by at
#: most one, so the L2 sensitivity is sqrt(k) (k a square, so it is a whole number).
_CAPPED = ((4, 52, 0.5, 5), (9, 100, 0.8, 6), (16, 365, 0.5, 6), (25, 52, 0.9, 5))


def _capped(k: int, d: int, epsilon: float, exponent: int) -> Variant:
    l2 = math.sqrt(k)
    sigma = gaussian_sigma(l2, epsilon, _power_of_ten(exponent))
    params = {
        "k": k,
        "d": d,
        "epsilon": epsilon,
        "exponent": exponent,
        "l2": l2,
        "rounded": round(sigma, 2),
    }
    return Variant(params, sigma)


#: Weekly counts of first vaccinations: each person is in one week only, so both
#: sensitivities are 1, whatever the number of weeks.
_WEEKS, _WEEK_EPSILON, _WEEK_EXPONENT = 52, 0.5, 5
_WEEK_LAPLACE = math.sqrt(laplace_variance(1.0 / _WEEK_EPSILON))
_WEEK_GAUSSIAN = gaussian_sigma(1.0, _WEEK_EPSILON, _power_of_ten(_WEEK_EXPONENT))
_WEEK_SMALLER = "gaussian" if _WEEK_GAUSSIAN < _WEEK_LAPLACE else "laplace"

EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="mechanisms-delta",
        skill="diagnose",
        chapter="mechanisms",
        kind="choice",
        params={"n": _PEOPLE, "one_over_n": 1 / _PEOPLE, "k": _DELTA_EXPONENT},
        options=("one-over-n", "tiny", "irrelevant"),
        correct="tiny",
    ),
    numeric(
        "mechanisms-sigma",
        "mechanisms",
        0.01,
        (_sigma(*case) for case in _SIGMAS),
        textbook=_textbook_sigma,
        skill="apply",
    ),
    Exercise(
        id="mechanisms-which-noise",
        skill="diagnose",
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
    numeric(
        "mechanisms-exponential",
        "mechanisms",
        0.01,
        (_pick(*case) for case in _PICKS),
        textbook=_textbook_exponential,
        skill="apply",
    ),
    numeric(
        "mechanisms-capped",
        "mechanisms",
        0.01,
        (_capped(*c) for c in _CAPPED),
        textbook=_textbook_capped,
        skill="transfer",
    ),
    Exercise(
        id="mechanisms-noisy-max",
        chapter="mechanisms",
        kind="choice",
        skill="transfer",  # the neighbour model decides the scale (content-t3.md §2.6)
        options=("half", "monotone", "general"),
        correct="monotone",
    ),
    Exercise(
        id="mechanisms-vaccinations",
        chapter="mechanisms",
        kind="choice",
        skill="scenario",
        params={
            "d": _WEEKS,
            "epsilon": _WEEK_EPSILON,
            "k": _WEEK_EXPONENT,
            "laplace_std": round(_WEEK_LAPLACE, 2),
            "gaussian_std": round(_WEEK_GAUSSIAN, 2),
        },
        options=("laplace", "gaussian", "same", "data"),
        correct=_WEEK_SMALLER,
    ),
)
