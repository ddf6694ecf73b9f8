"""Exercises of the chapter "Releasing noisy answers" (``releasing.md``).

The scale of a sum released with half of a split budget, and three mistakes from real code:
a reused pool of pre-generated noise, workers that reseed one global random state, and a sum
and a mean released separately although the size is public (the mean is the sum over n).
Then the error bar a derived mean inherits from a split budget (plan), and how a survey with a
public list of respondents publishes a share (scenario).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from dplesson import closed_form_sensitivity, laplace_calibration, split_budget
from dplesson.exercises import Exercise, Variant, numeric
from dplesson.meaning import laplace_error_bar

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _textbook_split_scale(p: Mapping[str, Any]) -> dict[str, float]:
    """Divide a sum's replace-one sensitivity b - a by half the budget."""
    sensitivity = p["upper"] - p["lower"]
    return {"answer": sensitivity / p["part"], "sensitivity": sensitivity, "part": p["total"] / 2}


def _textbook_mean_bar(p: Mapping[str, Any]) -> dict[str, float]:
    """Give the sum half the budget, scale (b - a)/(ε/2), bar scale · ln 20; divide by n."""
    part = p["total"] / 2
    scale = (p["upper"] - p["lower"]) / part
    return {
        "answer": scale * math.log(20) / p["n"],
        "part": part,
        "sensitivity": p["upper"] - p["lower"],
        "sum_scale": round(scale, 6),
        "sum_bar": round(scale * math.log(20), 2),
    }


__all__ = ["EXERCISES"]

#: ``(n, lower, upper, total)``: ages, the public size and the budget split in two.
_SPLITS = ((200, 0, 100, 1.0), (500, 0, 120, 2.0), (50, 18, 98, 0.5), (1000, 0, 90, 4.0))


def _split(n: int, lower: int, upper: int, total: float) -> Variant:
    part = split_budget(total, 2)[0]
    found = closed_form_sensitivity("sum", lower, upper, n, "replace-one")
    params = {
        "n": found["n"],
        "lower": found["lower"],
        "upper": found["upper"],
        "total": total,
        "part": part,
        "sensitivity": found["value"],
    }
    return Variant(params, found["value"] / part)


#: ``(lower, upper, n, total)``: scores, the public class size and the budget split between
#: a count of passes and the sum; the mean is derived from the noisy sum.
_MEANS = ((0, 100, 200, 1.0), (0, 10, 50, 0.5), (0, 20, 40, 0.4), (1, 7, 30, 0.6))


def _mean_bar(lower: int, upper: int, n: int, total: float) -> Variant:
    part = split_budget(total, 2)[1]
    found = closed_form_sensitivity("sum", lower, upper, n, "replace-one")
    sum_bar = laplace_error_bar(found["value"] / part)
    params = {
        "lower": lower,
        "upper": upper,
        "n": n,
        "total": total,
        "part": part,
        "sensitivity": found["value"],
        "sum_scale": round(found["value"] / part, 6),
        "sum_bar": round(sum_bar, 2),
    }
    return Variant({**params, "shown": round(sum_bar / n, 2)}, sum_bar / n)


_TOTAL = 1.0
_PARTS = split_budget(_TOTAL, 2)

_POOL_CODE = """\
import numpy as np
from dplesson import laplace_noise

POOL = laplace_noise(2.0, 10, np.random.default_rng())  # drawn once, at start-up

def noisy(value, query_number):
    return value + POOL[query_number % len(POOL)]

monday = noisy(412.0, 3)
tuesday = noisy(413.0, 13)
"""

_SEED_CODE = """\
import numpy as np

def worker(counts):  # runs in its own process, one per shard
    np.random.seed(2024)
    return [c + np.random.laplace(0.0, 2.0) for c in counts]

shards = [[120, 95], [301, 78]]
results = [worker(shard) for shard in shards]  # a process pool in production
"""

_AGES = (34, 51, 27, 68, 45, 72, 19, 40)
_SUM_MEAN_CODE = """\
import numpy as np
from dplesson import laplace_release

rng = np.random.default_rng()
ages = np.array([34, 51, 27, 68, 45, 72, 19, 40])  # bounds 0 and 100; n is public
n, budget = len(ages), 1.0
noisy_sum = laplace_release(ages.sum(), 100, budget / 2, rng)
noisy_mean = laplace_release(ages.mean(), 100 / n, budget / 2, rng)
"""
_N = len(_AGES)
_SEPARATE = laplace_calibration(_N, 0.0, 100.0, _PARTS[0])
_WHOLE_SUM = closed_form_sensitivity("sum", 0, 100, _N, "replace-one")

EXERCISES: tuple[Exercise, ...] = (
    numeric(
        "releasing-split-scale",
        "releasing",
        0.01,
        (_split(*case) for case in _SPLITS),
        textbook=_textbook_split_scale,
        skill="apply",
    ),
    Exercise(
        id="releasing-pool-bug",
        skill="diagnose",
        chapter="releasing",
        kind="bug",
        options=("reuse", "seed", "scale", "no-bug"),
        correct="reuse",
        code=_POOL_CODE,
    ),
    Exercise(
        id="releasing-seed-bug",
        skill="diagnose",
        chapter="releasing",
        kind="bug",
        options=("line-4", "line-5", "line-8", "none"),
        correct="line-4",
        code=_SEED_CODE,
    ),
    Exercise(
        id="releasing-sum-mean-bug",
        skill="diagnose",
        chapter="releasing",
        kind="bug",
        params={
            "n": _N,
            "separate_scale": _SEPARATE["scale"],
            "derived_scale": _WHOLE_SUM["value"] / _TOTAL / _N,
        },
        options=("line-8", "line-6", "line-5", "none"),
        correct="line-8",
        code=_SUM_MEAN_CODE,
    ),
    numeric(
        "releasing-mean-bar",
        "releasing",
        0.01,
        (_mean_bar(*c) for c in _MEANS),
        textbook=_textbook_mean_bar,
        skill="plan",
    ),
    Exercise(
        id="releasing-share",
        chapter="releasing",
        kind="choice",
        skill="scenario",
        options=("divide-public", "third-release", "divide-noisy", "true-no"),
        correct="divide-public",
    ),
)
