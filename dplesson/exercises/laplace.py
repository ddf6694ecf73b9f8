"""Exercises of the chapter "The Laplace mechanism" (``laplace.md``).

The scale of a bounded mean, the public size that reaches a target sensitivity, the variance
of the noise, and the log-density difference of two neighbouring centres at one point. Each
has several sets of numbers (:class:`~dplesson.exercises.Variant`), computed here. Then a
plan backwards from an accuracy target to the public size it needs, and a club whose members
each log several runs: the chapter's calibration with the wrong privacy unit (scenario).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np

from dplesson import (
    expected_absolute_error,
    laplace_calibration,
    laplace_log_density,
    laplace_variance,
)
from dplesson.exercises import Exercise, Variant, numeric

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _textbook_scale(p: Mapping[str, Any]) -> dict[str, float]:
    """Divide the mean's sensitivity (b - a)/n by ε."""
    sensitivity = (p["upper"] - p["lower"]) / p["n"]
    return {"answer": sensitivity / p["epsilon"], "sensitivity": sensitivity}


def _textbook_public_size(p: Mapping[str, Any]) -> dict[str, float]:
    """Find the smallest n with (b - a)/n at most the target."""
    return {"answer": math.ceil(Fraction(p["upper"] - p["lower"]) / Fraction(p["target"]))}


def _textbook_variance(p: Mapping[str, Any]) -> dict[str, float]:
    """Give the variance 2 s² of Laplace noise of scale s."""
    scale = (p["upper"] - p["lower"]) / p["n"] / p["epsilon"]
    return {"answer": 2 * scale**2, "scale": scale}


def _textbook_log_ratio(p: Mapping[str, Any]) -> dict[str, float]:
    """Ln p_a(z) - ln p_b(z) = (|z - b| - |z - a|)/s for two neighbouring centres a and b."""
    z, s, a, b = p["z"], p["scale"], p["centre_a"], p["centre_b"]
    return {
        "answer": (abs(z - b) - abs(z - a)) / s,
        "distance_a": abs(z - a),
        "distance_b": abs(z - b),
        "epsilon": abs(a - b) / s,
    }


def _textbook_plan_size(p: Mapping[str, Any]) -> dict[str, float]:
    """E|Z| is the scale (b - a)/(n ε): at most the target from n = ⌈(b - a)/(ε target)⌉ on."""
    allowed = Fraction(str(p["epsilon"])) * Fraction(str(p["target"]))
    count = math.ceil(Fraction(p["upper"] - p["lower"]) / allowed)
    return {"answer": float(count), "max_sensitivity": float(allowed)}


__all__ = ["EXERCISES"]

#: ``(n, lower, upper, epsilon)`` of a mean of ages; each scale is a short decimal.
_SCALES = (
    (50, 0.0, 100.0, 0.5),
    (40, 0.0, 120.0, 0.5),
    (25, 18.0, 98.0, 0.4),
    (20, 0.0, 90.0, 1.5),
)


def _scale(n: int, lower: float, upper: float, epsilon: float) -> Variant:
    found = laplace_calibration(n, lower, upper, epsilon)
    params = {
        "n": found["count"],
        "lower": found["lower"],
        "upper": found["upper"],
        "epsilon": found["epsilon"],
        "sensitivity": found["sensitivity"],
    }
    return Variant(params, found["scale"])


def _smallest_count(lower: float, upper: float, target: float) -> int:
    """Return the smallest public size whose mean has sensitivity at most ``target``."""
    count = 1
    while laplace_calibration(count, lower, upper, 1.0)["sensitivity"] > target:
        count += 1
    return count


#: ``(lower, upper, target)``: ages, and how far one person may move the mean.
_SIZES = ((0, 100, 0.25), (0, 120, 0.5), (0, 90, 0.2), (18, 98, 0.1))


def _size(lower: int, upper: int, target: float) -> Variant:
    params = {"lower": lower, "upper": upper, "target": target}
    return Variant(params, _smallest_count(lower, upper, target))


#: ``(n, lower, upper, epsilon)`` whose noise has a short scale and variance.
_VARIANCES = (
    (20, 0.0, 10.0, 0.25),
    (10, 0.0, 5.0, 0.5),
    (40, 0.0, 60.0, 0.5),
    (25, 0.0, 50.0, 0.8),
)


def _variance(n: int, lower: float, upper: float, epsilon: float) -> Variant:
    found = laplace_calibration(n, lower, upper, epsilon)
    params = {
        "n": found["count"],
        "lower": found["lower"],
        "upper": found["upper"],
        "epsilon": found["epsilon"],
        "scale": found["scale"],
    }
    return Variant(params, laplace_variance(found["scale"]))


#: ``(n, lower, upper, epsilon, z)``: two neighbouring means (all values at ``lower``; one
#: moved to ``upper``) and a point z below both, where the difference reaches ε.
_PAIRS = (
    (5, 0.0, 10.0, 0.5, -1.0),
    (4, 10.0, 18.0, 1.0, 9.0),
    (10, 0.0, 20.0, 0.25, -2.0),
    (2, 0.0, 3.0, 1.5, -1.0),
)


def _log_ratio(n: int, lower: float, upper: float, epsilon: float, z: float) -> Variant:
    found = laplace_calibration(n, lower, upper, epsilon)
    centre_a, centre_b = found["lower"], found["lower"] + found["sensitivity"]
    log_a, log_b = (
        float(laplace_log_density(np.array([z]), centre, found["scale"])[0])
        for centre in (centre_a, centre_b)
    )
    params = {
        "centre_a": centre_a,
        "centre_b": centre_b,
        "scale": found["scale"],
        "z": z,
        "distance_a": abs(z - centre_a),
        "distance_b": abs(z - centre_b),
        "epsilon": found["epsilon"],
    }
    return Variant(params, round(log_a - log_b, 12))  # without the logarithms' last bits


#: ``(lower, upper, ε, target)``: the typical error E|Z| of the mean must stay within the
#: target. None of the sizes lies on a boundary, where a rounded-up scale would decide.
_PLANS = ((0, 100, 0.5, 0.75), (0, 120, 0.4, 1.4), (18, 98, 0.8, 0.3), (0, 90, 0.4, 0.7))


def _plan(lower: int, upper: int, epsilon: float, target: float) -> Variant:
    def typical(count: int) -> float:
        return expected_absolute_error(laplace_calibration(count, lower, upper, epsilon)["scale"])

    count = 1
    while typical(count) > target:
        count += 1
    params = {
        "lower": lower,
        "upper": upper,
        "epsilon": epsilon,
        "target": target,
        # the largest sensitivity the target allows, for the explanation
        "max_sensitivity": float(Decimal(str(target)) * Decimal(str(epsilon))),
    }
    return Variant(params, count)


#: The running club: members (public list), runs each, and the bounds of a time in minutes.
_MEMBERS, _RUNS, _FASTEST, _SLOWEST = 30, 4, 20, 60


EXERCISES: tuple[Exercise, ...] = (
    numeric(
        "laplace-scale",
        "laplace",
        0.01,
        (_scale(*case) for case in _SCALES),
        textbook=_textbook_scale,
        skill="apply",
    ),
    numeric(
        "laplace-public-size",
        "laplace",
        0.0,
        (_size(*case) for case in _SIZES),
        textbook=_textbook_public_size,
        skill="apply",
    ),
    numeric(
        "laplace-variance",
        "laplace",
        0.01,
        (_variance(*case) for case in _VARIANCES),
        textbook=_textbook_variance,
        skill="apply",
    ),
    numeric(
        "laplace-log-ratio",
        "laplace",
        0.01,
        (_log_ratio(*case) for case in _PAIRS),
        textbook=_textbook_log_ratio,
        skill="apply",
    ),
    numeric(
        "laplace-plan-size",
        "laplace",
        0.0,
        (_plan(*c) for c in _PLANS),
        textbook=_textbook_plan_size,
        skill="plan",
    ),
    Exercise(
        id="laplace-runs",
        chapter="laplace",
        kind="choice",
        skill="scenario",
        params={
            "members": _MEMBERS,
            "runs": _RUNS,
            "total": _MEMBERS * _RUNS,
            "lower": _FASTEST,
            "upper": _SLOWEST,
        },
        options=("per-run", "member", "size", "bounds"),
        correct="member",
    ),
)
