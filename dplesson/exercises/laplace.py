"""Exercises of the chapter "The Laplace mechanism" (``laplace.md``).

The scale of a bounded mean, the public size that reaches a target sensitivity, the variance
of the noise, and the log-density difference of two neighbouring centres at one point.
"""

from __future__ import annotations

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
    ),
    Exercise(
        id="laplace-public-size",
        chapter="laplace",
        kind="number",
        params={"lower": 0, "upper": 100, "target": _TARGET},
        answer=_COUNT,
        tolerance=0.0,
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
    ),
)
