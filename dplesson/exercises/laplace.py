"""Exercises of the chapter "The Laplace mechanism" (``laplace.md``).

The scale of a bounded mean, the public size that reaches a target sensitivity, the variance
of the noise, and the log-density difference of two neighbouring centres at one point.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from dplesson import laplace_calibration, laplace_log_density, laplace_variance
from dplesson.exercises import Exercise

__all__ = ["EXERCISES"]

_SCALE = laplace_calibration(50, 0.0, 100.0, 0.5)


def _smallest_count(lower: float, upper: float, target: float) -> int:
    """Return the smallest public size whose mean has sensitivity at most ``target``."""
    count = 1
    while laplace_calibration(count, lower, upper, 1.0)["sensitivity"] > target:
        count += 1
    return count


_TARGET = 0.25
_COUNT = _smallest_count(0.0, 100.0, _TARGET)

_VARIANCE = laplace_calibration(20, 0.0, 10.0, 0.25)

#: Two neighbouring means (all values at ``a``; one value moved to ``b``) and one point z.
_PAIR = laplace_calibration(5, 0.0, 10.0, 0.5)
_CENTRE_A = 0.0
_CENTRE_B = _CENTRE_A + _PAIR["sensitivity"]
_POINT = -1.0
_LOG_A, _LOG_B = (
    float(laplace_log_density(np.array([_POINT]), centre, _PAIR["scale"])[0])
    for centre in (_CENTRE_A, _CENTRE_B)
)

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _scale(p: Mapping[str, Any]) -> dict[str, float]:
    """Divide the mean's sensitivity (b - a)/n by ε."""
    sensitivity = (p["upper"] - p["lower"]) / p["n"]
    return {"answer": sensitivity / p["epsilon"], "sensitivity": sensitivity}


def _public_size(p: Mapping[str, Any]) -> dict[str, float]:
    """Find the smallest n with (b - a)/n at most the target."""
    return {"answer": math.ceil(Fraction(p["upper"] - p["lower"]) / Fraction(p["target"]))}


def _variance(p: Mapping[str, Any]) -> dict[str, float]:
    """Give the variance 2 s² of Laplace noise of scale s."""
    scale = (p["upper"] - p["lower"]) / p["n"] / p["epsilon"]
    return {"answer": 2 * scale**2, "scale": scale}


def _log_ratio(p: Mapping[str, Any]) -> dict[str, float]:
    """Ln p_a(z) - ln p_b(z) = (|z - b| - |z - a|)/s for two neighbouring centres a and b."""
    z, s, a, b = p["z"], p["scale"], p["centre_a"], p["centre_b"]
    return {
        "answer": (abs(z - b) - abs(z - a)) / s,
        "distance_a": abs(z - a),
        "distance_b": abs(z - b),
        "epsilon": abs(a - b) / s,
    }


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="laplace-scale",
        chapter="laplace",
        kind="number",
        params={
            "n": _SCALE["count"],
            "lower": _SCALE["lower"],
            "upper": _SCALE["upper"],
            "epsilon": _SCALE["epsilon"],
            "sensitivity": _SCALE["sensitivity"],
        },
        answer=_SCALE["scale"],
        tolerance=0.01,
        textbook=_scale,
    ),
    Exercise(
        id="laplace-public-size",
        chapter="laplace",
        kind="number",
        params={"lower": 0, "upper": 100, "target": _TARGET},
        answer=_COUNT,
        tolerance=0.0,
        textbook=_public_size,
    ),
    Exercise(
        id="laplace-variance",
        chapter="laplace",
        kind="number",
        params={
            "n": _VARIANCE["count"],
            "lower": _VARIANCE["lower"],
            "upper": _VARIANCE["upper"],
            "epsilon": _VARIANCE["epsilon"],
            "scale": _VARIANCE["scale"],
        },
        answer=laplace_variance(_VARIANCE["scale"]),
        tolerance=0.01,
        textbook=_variance,
    ),
    Exercise(
        id="laplace-log-ratio",
        chapter="laplace",
        kind="number",
        params={
            "centre_a": _CENTRE_A,
            "centre_b": _CENTRE_B,
            "scale": _PAIR["scale"],
            "z": _POINT,
            "distance_a": abs(_POINT - _CENTRE_A),
            "distance_b": abs(_POINT - _CENTRE_B),
            "epsilon": _PAIR["epsilon"],
        },
        answer=_LOG_A - _LOG_B,
        tolerance=0.01,
        textbook=_log_ratio,
    ),
)
