"""Exercises of the chapter "Doing it properly" (``practitioner.md``).

Planning a bound from a noise target, choosing bounds and a privacy unit for a described
release, the error bar of a count under a contribution bound, the threshold of partition
selection, the error bar of a mean with an exact count, a user's budget over days, a year of
monthly counts planned from an error bar (transfer: per-person bound, calibration and
composition in one), the neighbour model and privacy unit of a described release, the sparse
vector loop that does not stop, and what an exact invariant is protected by.

The comment above each entry names the skill it asks for, in the classes of the course review
(``content-t3.md`` §2.6: recall, apply, diagnose, transfer, plan, scenario).
"""

from __future__ import annotations

import math

from dplesson.bounding import user_level_epsilon
from dplesson.exercises import Exercise, Variant, numeric
from dplesson.partitions import partition_threshold

__all__ = ["EXERCISES"]

_CHAPTER = "practitioner"
_LN20 = math.log(20)

#: ``(n, ε, target)``: the largest U whose noise std sqrt(2) U / (n ε) stays within target.
_UPPERS = ((500, 0.5, 0.5), (400, 1.0, 0.25), (800, 0.5, 0.3), (250, 1.0, 1.0))
#: ``(k, ε)``: a count under a contribution bound k, scale k/ε, 95 % half-width scale ln 20.
_BARS = ((5, 0.5), (4, 0.5), (10, 0.25), (3, 1.0))
#: ``(ε, exponent of δ)`` of partition selection with one key per person.
_THRESHOLDS = ((0.5, 5), (1.0, 6), (0.25, 4), (2.0, 8))
#: ``(scale of the sum, exact count)``: the mean's 95 % half-width.
_RATIOS = ((200.0, 800), (400.0, 1000), (50.0, 300), (120.0, 2000))
#: ``(ε per event, events per day, days)``, each ε exact in binary.
_OVER_TIME = ((0.5, 3, 30), (0.25, 4, 7), (2.0, 2, 365), (1.5, 2, 30))
#: ``(k rides per month, 95 % half-width of each month's count, months)``.
_PLANS = ((20, 200, 12), (10, 150, 12), (40, 500, 6), (5, 100, 4))


def _upper(n: int, epsilon: float, target: float) -> Variant:
    upper = target * n * epsilon / math.sqrt(2)
    params = {"n": n, "epsilon": epsilon, "target": target, "rounded": round(upper, 2)}
    return Variant(params, upper)


def _bar(k: int, epsilon: float) -> Variant:
    scale = k / epsilon
    bar = scale * _LN20
    return Variant({"k": k, "epsilon": epsilon, "scale": scale, "rounded": round(bar, 2)}, bar)


def _threshold(epsilon: float, exponent: int) -> Variant:
    tau = partition_threshold(epsilon, float(f"1e-{exponent}"))
    return Variant({"epsilon": epsilon, "k": exponent, "rounded": round(tau, 2)}, tau)


def _ratio(sum_scale: float, count: int) -> Variant:
    bar = sum_scale * _LN20 / count
    return Variant({"sum_scale": sum_scale, "count": count, "rounded": round(bar, 2)}, bar)


def _over_time(epsilon: float, per_day: int, days: int) -> Variant:
    total = user_level_epsilon(epsilon, per_day, days)
    params = {"epsilon": epsilon, "per_day": per_day, "days": days, "total": total}
    return Variant(params, total)


def _plan(k: int, target: int, months: int) -> Variant:
    # One month: scale k/ε with half-width (k/ε) ln 20 = target; a rider can ride in every
    # month, so the months are not disjoint for a rider and their ε add up.
    per_month = k * _LN20 / target
    total = months * per_month
    params = {
        "k": k,
        "target": target,
        "months": months,
        "per_month": round(per_month, 4),
        "rounded": round(total, 2),
    }
    return Variant(params, total)


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
    # skill: apply
    numeric("practitioner-upper", _CHAPTER, 0.01, (_upper(*case) for case in _UPPERS)),
    # skill: scenario
    Exercise(
        id="practitioner-bounds",
        chapter=_CHAPTER,
        kind="choice",
        options=("data", "week", "public"),
        correct="public",
    ),
    # skill: scenario
    Exercise(
        id="practitioner-unit",
        chapter=_CHAPTER,
        kind="choice",
        options=("visit", "patient", "drop"),
        correct="patient",
    ),
    # skill: transfer
    numeric("practitioner-contribution-bar", _CHAPTER, 0.01, (_bar(*case) for case in _BARS)),
    # skill: apply
    numeric("practitioner-threshold", _CHAPTER, 0.01, (_threshold(*case) for case in _THRESHOLDS)),
    # skill: transfer
    numeric("practitioner-ratio", _CHAPTER, 0.01, (_ratio(*case) for case in _RATIOS)),
    # skill: apply
    numeric("practitioner-over-time", _CHAPTER, 0.01, (_over_time(*case) for case in _OVER_TIME)),
    # skill: plan
    numeric("practitioner-plan", _CHAPTER, 0.01, (_plan(*case) for case in _PLANS)),
    # skill: scenario
    Exercise(
        id="practitioner-scenario",
        chapter=_CHAPTER,
        kind="choice",
        options=("attendance-replace", "member-replace", "member-add", "attendance-add"),
        correct="member-add",
    ),
    # skill: diagnose
    Exercise(
        id="practitioner-svt-bug",
        chapter=_CHAPTER,
        kind="bug",
        options=("line-4", "line-7", "line-8", "none"),
        correct="line-8",
        code=_MONITOR_CODE,
    ),
    # skill: recall
    Exercise(
        id="practitioner-invariant",
        chapter=_CHAPTER,
        kind="choice",
        options=("protected", "nothing", "doubled"),
        correct="nothing",
    ),
)
