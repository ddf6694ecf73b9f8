"""Checkpoint 2: natural log-density of the ideal Laplace distribution, computed directly."""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from dplesson.validation import Real, check_scalar, check_vector

__all__ = ["BOUND", "MAX_POINTS", "SCALE_RANGE", "laplace_log_density"]

MAX_POINTS = 4096
BOUND = 1e6
SCALE_RANGE = (1e-12, 2e9)


# --8<-- [start:laplace_log_density]
def laplace_log_density(
    points: ArrayLike, center: Real = 0.0, scale: Real = 1.0
) -> NDArray[np.float64]:
    """Return ``-ln(2*scale) - |points - center| / scale`` as a new float array.

    Working in logs keeps far tails finite where ``log(pdf)`` would underflow to ``-inf``.
    """
    values = check_vector("points", points, max_length=MAX_POINTS, low=-BOUND, high=BOUND)
    center = check_scalar("center", center, -BOUND, BOUND)
    scale = check_scalar("scale", scale, *SCALE_RANGE)
    result: NDArray[np.float64] = -math.log(2 * scale) - np.abs(values - center) / scale
    return result


# --8<-- [end:laplace_log_density]
