"""Exercises of the chapter "A real release with OpenDP" (``opendp.md``).

The Laplace scale OpenDP gives the sum, the 95 % accuracy of a count, and how to get the
mean. Then the interval of a mean derived from a released sum and count (transfer), and what a
release with OpenDP must declare for a log with many rows per person (scenario). Computed with
dplesson alone, so the exercises need no OpenDP at build time.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from dplesson import closed_form_sensitivity, split_budget
from dplesson.exercises import Exercise, Variant, numeric
from dplesson.meaning import laplace_error_bar, ratio_interval

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _textbook_sum_scale(p: Mapping[str, Any]) -> dict[str, float]:
    """Split ε evenly over the queries, then over the first's answers; scale Δ/ε."""
    each = Fraction(p["epsilon"]) / p["queries"] / p["answers"]
    return {"answer": float(Fraction(p["sensitivity"]) / each), "each": float(each)}


def _textbook_count_accuracy(p: Mapping[str, Any]) -> dict[str, float]:
    """Solve Pr[|Z| > t] = e^(-t/s) = 0.05: t = s ln 20."""
    return {"answer": p["scale"] * math.log(20)}


def _textbook_mean_interval(p: Mapping[str, Any]) -> dict[str, float]:
    """Divide the largest total the bars allow by the smallest count: the largest mean."""
    top, bottom = p["total"] + p["total_bar"], p["count"] - p["count_bar"]
    return {"answer": float(Fraction(top, bottom)), "top": top, "bottom": bottom}


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


#: ``(sum, its 95 % half-width, count, its 95 % half-width)``: released ages and people.
_RELEASES = (
    (40480, 1198, 1000, 12),
    (31500, 1198, 800, 12),
    (20310, 599, 500, 6),
    (12300, 599, 300, 6),
)


def _largest_mean(total: int, total_bar: int, count: int, count_bar: int) -> Variant:
    high = ratio_interval(total, total_bar, count, count_bar)[1]
    params = {
        "total": total,
        "total_bar": total_bar,
        "count": count,
        "count_bar": count_bar,
        "top": total + total_bar,
        "bottom": count - count_bar,
        "shown": round(high, 2),
    }
    return Variant(params, high)


EXERCISES: tuple[Exercise, ...] = (
    numeric(
        "opendp-sum-scale",
        "opendp",
        0.0,
        (_sum_scale(*case) for case in _SPLITS),
        textbook=_textbook_sum_scale,
        skill="apply",
    ),
    numeric(
        "opendp-count-accuracy",
        "opendp",
        0.01,
        map(_accuracy, _COUNT_SCALES),
        textbook=_textbook_count_accuracy,
        skill="apply",
    ),
    Exercise(
        id="opendp-mean",
        skill="diagnose",
        chapter="opendp",
        kind="choice",
        options=("third-query", "divide", "true-count", "max-length"),
        correct="divide",
    ),
    numeric(
        "opendp-mean-interval",
        "opendp",
        0.01,
        (_largest_mean(*case) for case in _RELEASES),
        textbook=_textbook_mean_interval,
        skill="transfer",
    ),
    Exercise(
        id="opendp-declare",
        chapter="opendp",
        kind="choice",
        skill="scenario",
        options=("identifier", "row", "replace", "counted-length"),
        correct="identifier",
    ),
)
