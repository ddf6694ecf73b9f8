"""Exercises of the chapter "What ε means" (``epsilon.md``).

The best membership guess, how far one release can move a belief, a 95 % error bar, and
which reading of ε = 1 is true.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from dplesson.exercises import Exercise, number
from dplesson.meaning import guess_success_bound, laplace_error_bar, posterior_range

__all__ = ["EXERCISES"]

_GUESS_EPSILON = 2.0
_PRIOR, _ODDS_EPSILON = 0.1, 1.0
_COUNT_EPSILON = 0.5
_COUNT_SCALE = 1.0 / _COUNT_EPSILON  # a count: one person changes it by at most 1

_GUESS = guess_success_bound(_GUESS_EPSILON)
_POSTERIOR = posterior_range(_PRIOR, _ODDS_EPSILON)[1]
_ERROR_BAR = laplace_error_bar(_COUNT_SCALE)

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _guess(p: Mapping[str, Any]) -> dict[str, float]:
    """Bound the best guess of a fair-coin membership game: e^ε / (1 + e^ε)."""
    return {"answer": math.exp(p["epsilon"]) / (1 + math.exp(p["epsilon"]))}


def _posterior(p: Mapping[str, Any]) -> dict[str, float]:
    """Multiply the prior odds p/(1 - p) by e^ε and turn them back into a probability."""
    odds = p["prior"] / (1 - p["prior"]) * math.exp(p["epsilon"])
    return {"answer": odds / (1 + odds)}


def _error_bar(p: Mapping[str, Any]) -> dict[str, float]:
    """Use a count's scale 1/ε; Pr[|Z| > t] = e^(-t/s) = 0.05 at t = s ln 20."""
    return {"answer": p["scale"] * math.log(20), "scale": 1 / p["epsilon"]}


EXERCISES: tuple[Exercise, ...] = (
    number(
        "epsilon-guess",
        "epsilon",
        _GUESS,
        0.005,
        {"epsilon": _GUESS_EPSILON, "shown": round(_GUESS, 2)},
        textbook=_guess,
    ),
    number(
        "epsilon-posterior",
        "epsilon",
        _POSTERIOR,
        0.005,
        {"prior": _PRIOR, "epsilon": _ODDS_EPSILON, "shown": round(_POSTERIOR, 2)},
        textbook=_posterior,
    ),
    number(
        "epsilon-error-bar",
        "epsilon",
        _ERROR_BAR,
        0.01,
        {"epsilon": _COUNT_EPSILON, "scale": _COUNT_SCALE, "shown": round(_ERROR_BAR, 2)},
        textbook=_error_bar,
    ),
    Exercise(
        id="epsilon-reading",
        chapter="epsilon",
        kind="choice",
        params={"factor": round(math.e, 2)},
        options=("nothing", "odds", "one-percent", "within-one"),
        correct="odds",
    ),
)
