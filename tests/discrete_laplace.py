"""The discrete Laplace distribution by its textbook pmf, for the exact sampler's tests.

Moments come from summing the pmf far into the tail, a route independent of the closed forms
the package uses.
"""

from __future__ import annotations

import math
from fractions import Fraction


def pmf(x: int, t: Fraction) -> float:
    """Discrete Laplace of scale t: P(x) = (1 - q) / (1 + q) * q**|x| with q = exp(-1/t)."""
    q = math.exp(-1 / t)
    return (1 - q) / (1 + q) * q ** abs(x)


def moment(power: int, t: Fraction) -> float:
    """E[X**power] by summing the pmf far into the tail: a route independent of the formula."""
    return math.fsum(x**power * pmf(x, t) for x in range(-4000, 4001))
