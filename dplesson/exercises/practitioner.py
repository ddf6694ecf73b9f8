"""Exercises of the chapter "Doing it properly" (``practitioner.md``).

Planning a bound from a noise target, choosing bounds and a privacy unit for a described
release, the error bar of a count under a contribution bound, the threshold of partition
selection, the error bar of a mean with an exact count, a user's budget over days, the
sparse vector loop that does not stop, and what an exact invariant is protected by.
"""

from __future__ import annotations

import math

from dplesson.bounding import user_level_epsilon
from dplesson.exercises import Exercise, number
from dplesson.partitions import partition_threshold

__all__ = ["EXERCISES"]

_CHAPTER = "practitioner"
_LN20 = math.log(20)

#: The largest upper bound U whose noise std sqrt(2) U / (n eps) stays within the target.
_N, _UPPER_EPSILON, _TARGET = 500, 0.5, 0.5
_UPPER = _TARGET * _N * _UPPER_EPSILON / math.sqrt(2)

#: A count under a contribution bound k: scale k / eps, 95 % half-width scale * ln 20.
_K, _BAR_EPSILON = 5, 0.5
_BAR_SCALE = _K / _BAR_EPSILON

_THRESHOLD_EPSILON, _THRESHOLD_EXPONENT = 0.5, 5
_THRESHOLD = partition_threshold(_THRESHOLD_EPSILON, float(f"1e-{_THRESHOLD_EXPONENT}"))

#: A mean with an exact count: the sum's half-width over the count.
_SUM_SCALE, _COUNT = 200.0, 800
_RATIO_BAR = _SUM_SCALE * _LN20 / _COUNT

_EVENT_EPSILON, _PER_DAY, _DAYS = 0.5, 3, 30
_OVER_TIME = user_level_epsilon(_EVENT_EPSILON, _PER_DAY, _DAYS)

_MONITOR_CODE = """\
import numpy as np

def monitor(counts, threshold, epsilon, rng):
    noisy_threshold = threshold + rng.laplace(0.0, 2 / epsilon)
    alarms = []
    for count in counts:
        noisy = count + rng.laplace(0.0, 4 / epsilon)
        alarms.append(noisy >= noisy_threshold)
    return alarms
"""

EXERCISES: tuple[Exercise, ...] = (
    number(
        "practitioner-upper",
        _CHAPTER,
        _UPPER,
        0.01,
        {
            "n": _N,
            "epsilon": _UPPER_EPSILON,
            "target": _TARGET,
            "rounded": round(_UPPER, 2),
        },
    ),
    Exercise(
        id="practitioner-bounds",
        chapter=_CHAPTER,
        kind="choice",
        options=("data", "week", "public"),
        correct="public",
    ),
    Exercise(
        id="practitioner-unit",
        chapter=_CHAPTER,
        kind="choice",
        options=("visit", "patient", "drop"),
        correct="patient",
    ),
    number(
        "practitioner-contribution-bar",
        _CHAPTER,
        _BAR_SCALE * _LN20,
        0.01,
        {
            "k": _K,
            "epsilon": _BAR_EPSILON,
            "scale": _BAR_SCALE,
            "rounded": round(_BAR_SCALE * _LN20, 2),
        },
    ),
    number(
        "practitioner-threshold",
        _CHAPTER,
        _THRESHOLD,
        0.01,
        {
            "epsilon": _THRESHOLD_EPSILON,
            "k": _THRESHOLD_EXPONENT,
            "rounded": round(_THRESHOLD, 2),
        },
    ),
    number(
        "practitioner-ratio",
        _CHAPTER,
        _RATIO_BAR,
        0.01,
        {"sum_scale": _SUM_SCALE, "count": _COUNT, "rounded": round(_RATIO_BAR, 2)},
    ),
    number(
        "practitioner-over-time",
        _CHAPTER,
        _OVER_TIME,
        0.01,
        {"epsilon": _EVENT_EPSILON, "per_day": _PER_DAY, "days": _DAYS, "total": _OVER_TIME},
    ),
    Exercise(
        id="practitioner-svt-bug",
        chapter=_CHAPTER,
        kind="bug",
        options=("line-4", "line-7", "line-8", "none"),
        correct="line-8",
        code=_MONITOR_CODE,
    ),
    Exercise(
        id="practitioner-invariant",
        chapter=_CHAPTER,
        kind="choice",
        options=("protected", "nothing", "doubled"),
        correct="nothing",
    ),
)
