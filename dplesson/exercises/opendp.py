"""Exercises of the chapter "A real release with OpenDP" (``opendp.md``).

The Laplace scale OpenDP gives the sum, the 95 % accuracy of a count, and how to get the
mean. Computed with dplesson alone, so the exercises need no OpenDP at build time.
"""

from __future__ import annotations

from dplesson import closed_form_sensitivity, split_budget
from dplesson.exercises import Exercise, number
from dplesson.meaning import laplace_error_bar

__all__ = ["EXERCISES"]

_EPSILON, _QUERIES, _ANSWERS = 1.0, 4, 2
_PER_ANSWER = split_budget(split_budget(_EPSILON, _QUERIES)[0], _ANSWERS)[0]
_SUM_SENSITIVITY = closed_form_sensitivity("sum", 0, 100, 1000, "add-remove")["value"]
_COUNT_SCALE = 1.0 / _PER_ANSWER

_ERROR_BAR = laplace_error_bar(_COUNT_SCALE)

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
    ),
    number(
        "opendp-count-accuracy",
        "opendp",
        _ERROR_BAR,
        0.01,
        {"scale": _COUNT_SCALE, "shown": round(_ERROR_BAR, 2)},
    ),
    Exercise(
        id="opendp-mean",
        chapter="opendp",
        kind="choice",
        options=("third-query", "divide", "true-count", "median"),
        correct="divide",
    ),
)
