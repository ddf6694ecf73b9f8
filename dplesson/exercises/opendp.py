"""Exercises of the chapter "A real release with OpenDP" (``opendp.md``).

The Laplace scale OpenDP gives the sum, the 95 % accuracy of a count, and how to get the
mean. Computed with dplesson alone, so the exercises need no OpenDP at build time.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from dplesson import closed_form_sensitivity, split_budget
from dplesson.exercises import Exercise, number
from dplesson.meaning import laplace_error_bar

__all__ = ["EXERCISES"]

_EPSILON, _QUERIES, _ANSWERS = 1.0, 4, 2
_PER_ANSWER = split_budget(split_budget(_EPSILON, _QUERIES)[0], _ANSWERS)[0]
_SUM_SENSITIVITY = closed_form_sensitivity("sum", 0, 100, 1000, "add-remove")["value"]
_COUNT_SCALE = 1.0 / _PER_ANSWER

_ERROR_BAR = laplace_error_bar(_COUNT_SCALE)

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _sum_scale(p: Mapping[str, Any]) -> dict[str, float]:
    """Split ε evenly over the queries, then over the first's answers; scale Δ/ε."""
    each = Fraction(p["epsilon"]) / p["queries"] / p["answers"]
    return {"answer": float(Fraction(p["sensitivity"]) / each), "each": float(each)}


def _count_accuracy(p: Mapping[str, Any]) -> dict[str, float]:
    """Solve Pr[|Z| > t] = e^(-t/s) = 0.05: t = s ln 20."""
    return {"answer": p["scale"] * math.log(20)}


EXERCISES: tuple[Exercise, ...] = (
    number(
        "opendp-sum-scale",
        "opendp",
        _SUM_SENSITIVITY / _PER_ANSWER,
        0.0,
        {
            "epsilon": _EPSILON,
            "queries": _QUERIES,
            "answers": _ANSWERS,
            "sensitivity": _SUM_SENSITIVITY,
            "each": _PER_ANSWER,
        },
        textbook=_sum_scale,
    ),
    number(
        "opendp-count-accuracy",
        "opendp",
        _ERROR_BAR,
        0.01,
        {"scale": _COUNT_SCALE, "shown": round(_ERROR_BAR, 2)},
        textbook=_count_accuracy,
    ),
    Exercise(
        id="opendp-mean",
        chapter="opendp",
        kind="choice",
        options=("third-query", "divide", "true-count", "median"),
        correct="divide",
    ),
)
