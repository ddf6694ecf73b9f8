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
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from dplesson.bounding import user_level_epsilon
from dplesson.exercises import Exercise, Variant, numeric
from dplesson.partitions import partition_threshold

__all__ = ["EXERCISES"]


# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _textbook_upper(p: Mapping[str, Any]) -> dict[str, float]:
    """Solve the noise std √2 U / (n ε) = target for U."""
    upper = p["target"] * p["n"] * p["epsilon"] / math.sqrt(2)
    return {"answer": upper, "rounded": round(upper, 2)}


def _textbook_bar(p: Mapping[str, Any]) -> dict[str, float]:
    """Scale k/ε; the 95 % half-width of Laplace noise is its scale times ln 20."""
    scale = p["k"] / p["epsilon"]
    return {
        "answer": scale * math.log(20),
        "scale": scale,
        "rounded": round(scale * math.log(20), 2),
    }


def _textbook_threshold(p: Mapping[str, Any]) -> dict[str, float]:
    """τ with P(1 + Laplace(1/ε) ≥ τ) = δ = 10^-k: τ = 1 + ln(1/(2δ))/ε."""
    tau = 1 + math.log(10 ** p["k"] / 2) / p["epsilon"]
    return {"answer": tau, "rounded": round(tau, 2)}


def _textbook_ratio(p: Mapping[str, Any]) -> dict[str, float]:
    """Divide the sum's 95 % half-width (its scale times ln 20) by the exact count."""
    bar = p["sum_scale"] * math.log(20) / p["count"]
    return {"answer": bar, "rounded": round(bar, 2)}


def _textbook_over_time(p: Mapping[str, Any]) -> dict[str, float]:
    """Add up the ε of every event of every day (basic composition), exactly."""
    total = float(Fraction(p["epsilon"]) * p["per_day"] * p["days"])
    return {"answer": total, "total": total}


def _textbook_plan(p: Mapping[str, Any]) -> dict[str, float]:
    """Each month: (k/ε) ln 20 = target; a rider in every month adds up the months' ε."""
    per_month = p["k"] * math.log(20) / p["target"]
    total = p["months"] * per_month
    return {"answer": total, "per_month": round(per_month, 4), "rounded": round(total, 2)}


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
    numeric(
        "practitioner-upper",
        _CHAPTER,
        0.01,
        (_upper(*case) for case in _UPPERS),
        textbook=_textbook_upper,
        skill="apply",
    ),
    Exercise(
        skill="scenario",
        id="practitioner-bounds",
        chapter=_CHAPTER,
        kind="choice",
        options=("data", "week", "public"),
        correct="public",
    ),
    Exercise(
        skill="scenario",
        id="practitioner-unit",
        chapter=_CHAPTER,
        kind="choice",
        options=("visit", "patient", "drop"),
        correct="patient",
    ),
    numeric(
        "practitioner-contribution-bar",
        _CHAPTER,
        0.01,
        (_bar(*case) for case in _BARS),
        textbook=_textbook_bar,
        skill="transfer",
    ),
    numeric(
        "practitioner-threshold",
        _CHAPTER,
        0.01,
        (_threshold(*case) for case in _THRESHOLDS),
        textbook=_textbook_threshold,
        skill="apply",
    ),
    numeric(
        "practitioner-ratio",
        _CHAPTER,
        0.01,
        (_ratio(*case) for case in _RATIOS),
        textbook=_textbook_ratio,
        skill="transfer",
    ),
    numeric(
        "practitioner-over-time",
        _CHAPTER,
        0.01,
        (_over_time(*case) for case in _OVER_TIME),
        textbook=_textbook_over_time,
        skill="apply",
    ),
    numeric(
        "practitioner-plan",
        _CHAPTER,
        0.01,
        (_plan(*case) for case in _PLANS),
        textbook=_textbook_plan,
        skill="plan",
    ),
    Exercise(
        skill="scenario",
        id="practitioner-scenario",
        chapter=_CHAPTER,
        kind="choice",
        options=("attendance-replace", "member-replace", "member-add", "attendance-add"),
        correct="member-add",
    ),
    Exercise(
        skill="diagnose",
        id="practitioner-svt-bug",
        chapter=_CHAPTER,
        kind="bug",
        options=("line-4", "line-7", "line-8", "none"),
        correct="line-8",
        code=_MONITOR_CODE,
    ),
    Exercise(
        skill="recall",
        id="practitioner-invariant",
        chapter=_CHAPTER,
        kind="choice",
        options=("protected", "nothing", "doubled"),
        correct="nothing",
    ),
)
