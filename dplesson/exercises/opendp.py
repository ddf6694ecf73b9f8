"""Exercises of the chapter "A real release with OpenDP" (``opendp.md``).

The Laplace scale OpenDP gives the sum, the 95 % accuracy of a count, and how to get the
mean. Computed with dplesson alone, so the exercises need no OpenDP at build time.
"""

from __future__ import annotations

from dplesson import closed_form_sensitivity, split_budget
from dplesson.exercises import Exercise, Variant, numeric
from dplesson.meaning import laplace_error_bar

__all__ = ["EXERCISES"]

#: ``(ε, queries)``: the budget split evenly over the queries; the first query shares its
#: part between two answers, a count and the sum of ages between 0 and 100.
_SPLITS = ((1.0, 4), (2.0, 4), (1.0, 8), (4.0, 4))
_ANSWERS = 2
_SUM_SENSITIVITY = closed_form_sensitivity("sum", 0, 100, 1000, "add-remove")["value"]
#: The scale OpenDP reports for a count's continuous Laplace noise.
_COUNT_SCALES = (8.0, 4.0, 16.0, 2.5)


def _sum_scale(epsilon: float, queries: int) -> Variant:
    each = split_budget(split_budget(epsilon, queries)[0], _ANSWERS)[0]
    params = {
        "epsilon": epsilon,
        "queries": queries,
        "answers": _ANSWERS,
        "sensitivity": _SUM_SENSITIVITY,
        "each": each,
    }
    return Variant(params, _SUM_SENSITIVITY / each)


def _accuracy(scale: float) -> Variant:
    bar = laplace_error_bar(scale)
    return Variant({"scale": scale, "shown": round(bar, 2)}, bar)


EXERCISES: tuple[Exercise, ...] = (
    numeric("opendp-sum-scale", "opendp", 0.0, (_sum_scale(*case) for case in _SPLITS)),
    numeric("opendp-count-accuracy", "opendp", 0.01, map(_accuracy, _COUNT_SCALES)),
    Exercise(
        id="opendp-mean",
        chapter="opendp",
        kind="choice",
        options=("third-query", "divide", "true-count", "median"),
        correct="divide",
    ),
)
