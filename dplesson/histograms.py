"""Histograms of points in the unit square: counts, k-anonymity, noisy release, synthetic data.

Cells are numbered row-major: the point ``(x, y)`` falls in cell ``i * bins + j`` with
``i = floor(x * bins)`` and ``j = floor(y * bins)`` computed exactly, and the edge 1 joins
the last cell.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

import numpy as np
from numpy.typing import ArrayLike, NDArray

from dplesson.sampling import RandBelow, _check_randbelow, _exact_noise, laplace_scale
from dplesson.sensitivity import MODELS, NeighborModel
from dplesson.validation import (
    Real,
    check_choice,
    check_count,
    check_matrix,
    check_rng,
    check_scalar,
    check_vector,
)

__all__ = [
    "HISTOGRAM_SENSITIVITY",
    "histogram_2d",
    "k_anonymize",
    "postprocess_histogram",
    "release_histogram",
    "release_histogram_exact",
    "synthetic_points",
]

MAX_POINTS = 10**6
MAX_BINS = 64
MAX_CELLS = MAX_BINS * MAX_BINS
MAX_COUNT = 1e9
NOISY_BOUND = 1e12
EPSILON_RANGE = (0.001, 100.0)

#: L1 sensitivity of a histogram: one record more or less moves one count by 1; a replaced
#: record leaves one cell and joins another.
HISTOGRAM_SENSITIVITY: Mapping[str, float] = MappingProxyType(
    {"add-remove": 1.0, "replace-one": 2.0}
)


def _cells(coordinates: NDArray[np.float64], bins: int) -> NDArray[np.int64]:
    """Exact ``floor(c * bins)``, capped at ``bins - 1``, for coordinates in ``[0, 1]``."""
    scaled = coordinates * bins
    cells = np.floor(scaled).astype(np.int64)
    # Rounding can only push a product up onto an integer: recheck those exactly.
    for index in np.flatnonzero(scaled == cells):
        cells[index] = math.floor(Fraction(float(coordinates[index])) * bins)
    result: NDArray[np.int64] = np.minimum(cells, bins - 1)
    return result


def _check_counts(name: str, counts: object) -> NDArray[np.int64]:
    values = check_vector(name, counts, max_length=MAX_CELLS, low=0.0, high=MAX_COUNT)
    if not np.array_equal(values, np.floor(values)):
        raise ValueError(f"{name} must hold whole numbers in [0, {MAX_COUNT:g}]; got a fraction")
    return values.astype(np.int64)


# --8<-- [start:histogram_2d]
def histogram_2d(points: ArrayLike, bins: int) -> NDArray[np.int64]:
    """Count the points ``(x, y)`` of the unit square in a ``bins`` by ``bins`` grid.

    Returns ``bins * bins`` counts, row-major, including every empty cell.
    """
    data = check_matrix("points", points, max_rows=MAX_POINTS, max_columns=2, low=0.0, high=1.0)
    if data.shape[1] != 2:
        raise ValueError(f"points must have 2 columns, x and y; got {data.shape[1]}")
    bins = check_count("bins", bins, 1, MAX_BINS)
    cells = _cells(data[:, 0], bins) * bins + _cells(data[:, 1], bins)
    counts: NDArray[np.int64] = np.bincount(cells, minlength=bins * bins).astype(np.int64)
    return counts


# --8<-- [end:histogram_2d]


# --8<-- [start:k_anonymize]
def k_anonymize(counts: ArrayLike, k: int) -> NDArray[np.int64]:
    """Suppress (set to 0) every cell with fewer than ``k`` records.

    Not differential privacy: whether a cell is suppressed depends on the data, and two
    such tables, or one table and a known total, can still single out a person.
    """
    values = _check_counts("counts", counts)
    k = check_count("k", k, 1, int(MAX_COUNT))
    result: NDArray[np.int64] = np.where(values < k, 0, values)
    return result


# --8<-- [end:k_anonymize]


# --8<-- [start:release_histogram]
def release_histogram(
    counts: ArrayLike,
    epsilon: Real,
    rng: np.random.Generator,
    model: NeighborModel = "add-remove",
) -> NDArray[np.float64]:
    """Add Laplace noise of scale ``sensitivity / epsilon`` to every cell, empty ones too.

    The sensitivity is 1 under add-remove and 2 under replace-one. Skipping the empty cells
    would reveal which cells hold nobody. For teaching only: floating-point Laplace noise is
    not a safe implementation (Mironov 2012); ``release_histogram_exact`` is the exact path.
    """
    values = _check_counts("counts", counts)
    epsilon = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    rng = check_rng("rng", rng)
    model = check_choice("model", model, MODELS)
    scale = laplace_scale(HISTOGRAM_SENSITIVITY[model], epsilon)
    noisy: NDArray[np.float64] = values + rng.laplace(0.0, scale, values.shape)
    return noisy


# --8<-- [end:release_histogram]


# --8<-- [start:release_histogram_exact]
def release_histogram_exact(
    counts: ArrayLike,
    epsilon: Real,
    model: NeighborModel = "add-remove",
    randbelow: RandBelow = secrets.randbelow,
) -> NDArray[np.int64]:
    """Add exact discrete Laplace noise of scale ``sensitivity / epsilon`` to every cell.

    The integer counterpart of ``release_histogram``, in a new int64 array: the noise comes
    from the exact integer sampler (``discrete_laplace``) at the exact scale of the float
    ``epsilon``, so the whole histogram is ``epsilon``-DP when each person adds one record.
    The L1 sensitivity is 1 under add-remove and 2 under replace-one; empty cells get noise
    too. Negative results may be clamped afterwards: that is post-processing.
    """
    values = _check_counts("counts", counts)
    epsilon = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    model = check_choice("model", model, MODELS)
    draw = _check_randbelow(randbelow)
    sensitivity = int(HISTOGRAM_SENSITIVITY[model])
    noise = np.array(_exact_noise(sensitivity, epsilon, len(values), draw), dtype=np.int64)
    released: NDArray[np.int64] = values + noise
    return released


# --8<-- [end:release_histogram_exact]


def postprocess_histogram(noisy_counts: ArrayLike) -> NDArray[np.int64]:
    """Clamp negative noisy counts to 0 and round to whole numbers (halves to even).

    Post-processing uses only the release, so it costs no privacy.
    """
    values = check_vector(
        "noisy_counts", noisy_counts, max_length=MAX_CELLS, low=-NOISY_BOUND, high=NOISY_BOUND
    )
    return np.rint(np.maximum(values, 0.0)).astype(np.int64)


# --8<-- [start:synthetic_points]
def synthetic_points(
    noisy_counts: ArrayLike, bins: int, size: int, rng: np.random.Generator
) -> NDArray[np.float64]:
    """Draw ``size`` points, cells chosen in proportion to the post-processed counts.

    Each point is uniform within its cell; the result has shape ``(size, 2)``.
    """
    weights = postprocess_histogram(noisy_counts)
    bins = check_count("bins", bins, 1, MAX_BINS)
    size = check_count("size", size, 1, MAX_POINTS)
    rng = check_rng("rng", rng)
    if len(weights) != bins * bins:
        raise ValueError(
            f"noisy_counts must have bins * bins = {bins * bins} cells; got {len(weights)}"
        )
    total = int(weights.sum())
    if total == 0:
        raise ValueError("noisy_counts must have a cell that rounds to a positive count")
    cells = rng.choice(bins * bins, size=size, p=weights / total)
    rows, columns = np.divmod(cells, bins)
    points = np.column_stack((rows + rng.random(size), columns + rng.random(size))) / bins
    result: NDArray[np.float64] = np.minimum(points, 1.0)
    return result


# --8<-- [end:synthetic_points]
