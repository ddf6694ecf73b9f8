"""Exercises of the chapter "Neighbouring datasets and sensitivity" (``sensitivity.md``).

Which pair of datasets are neighbours under which model, the sensitivity of a bounded sum
under replace-one, and two mistakes: "a count always has sensitivity 1" (under replace-one
with a public size the number of records has sensitivity 0) and a median witness pair whose
medians are equal. Then the sensitivity of a query the page does not work through, the sum of
squares, found by the brute-force checker (transfer), and the neighbour model and sensitivity
of a mean whose class list is public (scenario).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from dplesson import brute_force_sensitivity, closed_form_sensitivity, median_witness
from dplesson.exercises import Exercise, Variant, numeric

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _textbook_sum(p: Mapping[str, Any]) -> dict[str, float]:
    """Replace a value at one bound by one at the other; under add/remove, one joins."""
    lower, upper = p["lower"], p["upper"]
    return {"answer": upper - lower, "add_remove": max(abs(lower), abs(upper))}


def _textbook_squares(p: Mapping[str, Any]) -> dict[str, float]:
    """One replaced value moves the sum of squares by at most the largest minus the least x²."""
    squares = [x * x for x in range(p["lower"], p["upper"] + 1)]
    return {"answer": float(max(squares) - min(squares))}


__all__ = ["EXERCISES"]

#: Bounds and public sizes of the sum; 0 <= lower < upper, so under add/remove the largest
#: change is a new record at the upper bound, as the explanation says.
_SUMS = ((10, 90, 50), (25, 100, 20), (20, 60, 1000), (5, 50, 8))


def _sum(lower: int, upper: int, n: int) -> Variant:
    replace = closed_form_sensitivity("sum", lower, upper, n, "replace-one")
    add = closed_form_sensitivity("sum", lower, upper, n, "add-remove")
    params = {"lower": lower, "upper": upper, "n": n, "add_remove": add["value"]}
    return Variant(params, replace["value"])


#: ``(lower, upper, n)`` of the sum of squares, each universe small enough for the checker.
_SQUARES = ((0, 10, 3), (1, 6, 4), (2, 7, 3), (3, 8, 5))


def _squares(data: tuple[int, ...]) -> int:
    return sum(x * x for x in data)


def _sum_of_squares(lower: int, upper: int, n: int) -> Variant:
    found = brute_force_sensitivity(_squares, range(lower, upper + 1), n, "replace-one")
    return Variant({"lower": lower, "upper": upper, "n": n}, float(found.sensitivity))


#: ``(lower, upper, n)``: a class whose list of pupils is public, grades from 1 to 10.
_CLASS = (1, 10, 25)


#: One dataset and three candidates: one record replaced, one removed, every record changed.
_BASE = (3, 5, 7)
_REPLACED = (3, 5, 9)
_REMOVED = (3, 5)
_SHIFTED = (4, 6, 8)


def _written(data: tuple[int, ...]) -> str:
    """Write a dataset as the page shows it: ``(3, 5, 7)``."""
    return "(" + ", ".join(str(x) for x in data) + ")"


#: The plain count (number of records) of 500 ages under replace-one: the size is public.
_COUNT_N = 500
_COUNT_REPLACE = closed_form_sensitivity("count", 0, 100, _COUNT_N, "replace-one")["exact"]
_COUNT_ADD = closed_form_sensitivity("count", 0, 100, _COUNT_N, "add-remove")["exact"]

_COUNT_CODE = """\
import numpy as np

rng = np.random.default_rng()
ages = np.array([34, 51, 27, 68, 45])  # n = len(ages) is public (replace-one)
sensitivity = 1  # "the sensitivity of a count is always 1"
noisy_n = len(ages) + rng.laplace(0.0, sensitivity / 0.5)
"""

#: The wrong witness of the source text and the witness ``median_witness`` builds, for n = 5.
_WITNESS_N = 5
_WITNESS = median_witness(_WITNESS_N, 1, 100)
_MEDIAN_CODE = """\
import numpy as np

first = [1, 1, 1, 1, 100]
second = [1, 1, 1, 1, 1]  # one record replaced: neighbours under replace-one
change = abs(np.median(first) - np.median(second))
print("the median can move by", change)  # meant to show b - a = 99
"""


def _median(data: tuple[int, ...]) -> Fraction:
    """Return the median of an odd-sized sorted dataset."""
    return Fraction(data[len(data) // 2])


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="sensitivity-neighbours",
        skill="recall",
        chapter="sensitivity",
        kind="choice",
        params={
            "base": _written(_BASE),
            "replaced": _written(_REPLACED),
            "removed": _written(_REMOVED),
            "shifted": _written(_SHIFTED),
        },
        options=("replaced", "removed", "shifted", "all"),
        correct="replaced",
    ),
    numeric(
        "sensitivity-sum",
        "sensitivity",
        0.001,
        (_sum(*case) for case in _SUMS),
        textbook=_textbook_sum,
        skill="apply",
    ),
    Exercise(
        id="sensitivity-count-bug",
        skill="diagnose",
        chapter="sensitivity",
        kind="bug",
        params={"claimed": 1, "actual": int(_COUNT_REPLACE), "add_remove": int(_COUNT_ADD)},
        options=("line-5", "line-6", "line-3", "none"),
        correct="line-5",
        code=_COUNT_CODE,
    ),
    Exercise(
        id="sensitivity-median-bug",
        skill="diagnose",
        chapter="sensitivity",
        kind="bug",
        params={
            "n": _WITNESS_N,
            "m": _WITNESS_N // 2,
            "m_plus_one": _WITNESS_N // 2 + 1,
            "low": int(_median(_WITNESS.first)),
            "high": int(_median(_WITNESS.second)),
            "change": int(_median(_WITNESS.second) - _median(_WITNESS.first)),
        },
        options=("not-neighbours", "same-median", "numpy-median", "no-bug"),
        correct="same-median",
        code=_MEDIAN_CODE,
    ),
    numeric(
        "sensitivity-squares",
        "sensitivity",
        0.0,
        (_sum_of_squares(*case) for case in _SQUARES),
        textbook=_textbook_squares,
        skill="transfer",
    ),
    Exercise(
        id="sensitivity-class-mean",
        chapter="sensitivity",
        kind="choice",
        skill="scenario",
        params={"lower": _CLASS[0], "upper": _CLASS[1], "n": _CLASS[2]},
        options=("replace", "add-with-n", "replace-zero", "add-one"),
        correct="replace",
    ),
)
