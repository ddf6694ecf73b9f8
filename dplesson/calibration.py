"""Checkpoint 1: sensitivity and Laplace scale of a bounded mean with a fixed, public size."""

from __future__ import annotations

from fractions import Fraction
from typing import TypedDict

from dplesson.rounding import float_up
from dplesson.validation import Real, check_count, check_scalar

__all__ = ["BOUND", "EPSILON_RANGE", "MAX_COUNT", "MIN_WIDTH", "Calibration", "laplace_calibration"]

MAX_COUNT = 4096
BOUND = 1e6
MIN_WIDTH = 0.001
EPSILON_RANGE = (0.001, 100.0)


class Calibration(TypedDict):
    """What ``laplace_calibration`` returns; the numbers share the unit of the bounds."""

    count: int
    lower: float
    upper: float
    epsilon: float
    sensitivity: float
    scale: float
    neighbor_model: str


# --8<-- [start:laplace_calibration]
def laplace_calibration(
    count: int, lower: Real = 0.0, upper: Real = 1.0, epsilon: Real = 1.0
) -> Calibration:
    """Sensitivity ``(upper - lower) / count`` and scale ``sensitivity / epsilon`` of a mean.

    Neighbours replace one bounded contribution and keep the public size ``count``. Both
    are computed exactly from the floats given and rounded up, never down.
    """
    count = check_count("count", count, 1, MAX_COUNT)
    lower = check_scalar("lower", lower, -BOUND, BOUND)
    upper = check_scalar("upper", upper, -BOUND, BOUND)
    epsilon = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    if upper - lower < MIN_WIDTH:
        raise ValueError(f"upper - lower must be at least {MIN_WIDTH}; got {upper!r} - {lower!r}")
    sensitivity = (Fraction(upper) - Fraction(lower)) / count
    return {
        "count": count,
        "lower": lower,
        "upper": upper,
        "epsilon": epsilon,
        "sensitivity": float_up(sensitivity),
        "scale": float_up(sensitivity / Fraction(epsilon)),
        "neighbor_model": "replace-one-fixed-size",
    }


# --8<-- [end:laplace_calibration]
