"""Checkpoint 3: basic composition with an exact decision against a public cap."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TypedDict

import numpy as np
from numpy.typing import ArrayLike, NDArray

from dplesson.validation import Real, check_scalar, check_vector

__all__ = [
    "CAP_RANGE",
    "EPSILON_RANGE",
    "MAX_RELEASES",
    "Composition",
    "basic_composition",
    "exact_sum",
]

MAX_RELEASES = 64
EPSILON_RANGE = (0.0, 100.0)
CAP_RANGE = (0.0, 6400.0)


class Composition(TypedDict):
    """What ``basic_composition`` returns: rounded display values and an exact decision."""

    epsilon_prefix: NDArray[np.float64]
    epsilon_total: float
    cap: float
    releases: int
    within_cap: bool


def exact_sum(values: NDArray[np.float64]) -> Fraction:
    """Sum the exact binary values of the floats, with no rounding at all."""
    return sum((Fraction.from_float(float(v)) for v in values), Fraction(0))


# --8<-- [start:basic_composition]
def basic_composition(epsilons: ArrayLike, cap: Real = 1.0) -> Composition:
    """Return running totals of the epsilons and whether their exact sum fits ``cap``.

    The totals are rounded floats for display; the decision uses exact fractions.
    """
    values = check_vector("epsilons", epsilons, max_length=MAX_RELEASES, low=0.0, high=100.0)
    cap = check_scalar("cap", cap, *CAP_RANGE)
    prefix = np.array([math.fsum(values[: i + 1]) for i in range(len(values))])
    return {
        "epsilon_prefix": prefix,
        "epsilon_total": float(prefix[-1]),
        "cap": cap,
        "releases": len(values),
        "within_cap": exact_sum(values) <= Fraction.from_float(cap),
    }


# --8<-- [end:basic_composition]
