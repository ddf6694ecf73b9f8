"""Per-example clipping and one noisy gradient sum: the core idea of DP-SGD.

After Abadi et al. (2016), "Deep Learning with Differential Privacy". A teaching sketch,
not a production implementation: it tracks no privacy budget and samples no batches. For
real training use a maintained library such as Opacus (PyTorch).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from numpy.typing import ArrayLike, NDArray

from dplesson.validation import Real, check_matrix, check_rng, check_scalar

__all__ = ["clip_gradients", "dp_sgd_step"]

MAX_EXAMPLES = 4096
MAX_PARAMETERS = 4096
BOUND = 1e6
CLIP_RANGE = (1e-6, 1e6)
NOISE_MULTIPLIER_RANGE = (0.0, 100.0)
# Veltkamp's constant 2**27 + 1 splits a float into two halves of at most 26 bits each.
_SPLITTER = 134217729.0
# Rows checked exactly at a time.
_BLOCK = 256
# Below this size the halves' products could fall into the subnormal range and round.
_TINY = 2.0**-450


def _exceeds(rows: NDArray[np.float64], clip_norm: float) -> NDArray[np.bool_]:
    """Whether the exact sum of squares of each row is greater than ``clip_norm**2``.

    Each square is the exact sum of two floats, its rounded value and its rounding error
    (Veltkamp's split and Dekker's product); ``math.fsum`` of those and of ``-clip_norm**2``,
    split the same way, has the sign of the exact difference. A row holding numbers so small
    that an error term could underflow is summed as fractions instead.
    """
    result = np.zeros(len(rows), dtype=np.bool_)
    bound = Fraction(clip_norm) ** 2
    for start in range(0, len(rows), _BLOCK):  # a block at a time keeps memory small
        block = rows[start : start + _BLOCK]
        values = np.hstack((block, np.full((len(block), 1), clip_norm)))
        spread = values * _SPLITTER
        high = spread - (spread - values)
        low = values - high
        squares = values * values
        errors = ((high * high - squares) + 2.0 * high * low) + low * low
        squares[:, -1], errors[:, -1] = -squares[:, -1], -errors[:, -1]
        terms = np.hstack((squares, errors))
        tiny = np.any((block != 0.0) & (np.abs(block) < _TINY), axis=1)
        for index in range(len(block)):
            if tiny[index]:
                exact = sum((Fraction(x) ** 2 for x in block[index].tolist()), Fraction(0))
                result[start + index] = exact > bound
            else:
                result[start + index] = math.fsum(terms[index].tolist()) > 0.0
    return result


def _clip(gradients: NDArray[np.float64], clip_norm: float) -> NDArray[np.float64]:
    """Clip every row so that its exact Euclidean norm is at most ``clip_norm``.

    Rows far inside the sphere are kept and rows far outside are scaled by ``clip_norm``
    over their norm, as in floating point; the margin ``(d + 16) * 2**-50`` is several times
    the rounding error of a sum of ``d`` squares. Every row whose computed length ends up
    within that margin of ``clip_norm`` is decided exactly. A scaled row still a hair too
    long first has its largest coordinate moved one float toward zero, then, while it is
    still too long, every coordinate; each step shortens it, so the loop ends.
    """
    margin = (gradients.shape[1] + 16) * 2.0**-50
    inside = clip_norm * clip_norm * (1.0 - margin)
    outside = clip_norm * clip_norm * (1.0 + margin)
    squares = np.sum(gradients * gradients, axis=1)
    over = squares > inside
    unsure = np.flatnonzero(over & (squares <= outside))
    over[unsure] = _exceeds(gradients[unsure], clip_norm)
    result = gradients.copy()
    rows = np.flatnonzero(over)
    scaled = gradients[rows] * clip_norm / np.sqrt(squares[rows])[:, None]
    # Rounding must never let a coordinate grow.
    result[rows] = np.copysign(np.minimum(np.abs(scaled), np.abs(gradients[rows])), scaled)
    first = True
    while len(rows):
        near = rows[np.sum(result[rows] * result[rows], axis=1) > inside]
        rows = near[_exceeds(result[near], clip_norm)]
        if first:  # the largest coordinate one float toward zero
            largest = np.argmax(np.abs(result[rows]), axis=1)
            result[rows, largest] = np.nextafter(result[rows, largest], 0.0)
            first = False
        else:
            result[rows] = np.nextafter(result[rows], 0.0)
    return result


def _check_gradients(name: str, value: object) -> NDArray[np.float64]:
    """One row per example, one column per parameter, as an independent float copy."""
    return check_matrix(
        name, value, max_rows=MAX_EXAMPLES, max_columns=MAX_PARAMETERS, low=-BOUND, high=BOUND
    )


# --8<-- [start:clip_gradients]
def clip_gradients(per_example: ArrayLike, clip_norm: Real) -> NDArray[np.float64]:
    """Scale each row longer than ``clip_norm`` (Euclidean) down to length ``clip_norm``.

    One row per example; rows within ``clip_norm``, and zero rows, are returned unchanged,
    in a new array. The bound holds exactly, on the safe side: the exact norm of every
    returned row is at most ``clip_norm`` (a scaled row may be up to a few rounding errors
    shorter), and no coordinate grows. Clipping bounds what one example can add to a sum:
    its sensitivity is ``clip_norm``.
    """
    gradients = _check_gradients("per_example", per_example)
    clip_norm = check_scalar("clip_norm", clip_norm, *CLIP_RANGE)
    return _clip(gradients, clip_norm)


# --8<-- [end:clip_gradients]


# --8<-- [start:dp_sgd_step]
def dp_sgd_step(
    per_example_gradients: ArrayLike,
    clip_norm: Real,
    noise_multiplier: Real,
    rng: np.random.Generator,
) -> NDArray[np.float64]:
    """Return the sum of the clipped rows plus Gaussian noise of std ``noise_multiplier * C``.

    ``C`` is ``clip_norm``. The optimiser divides by the batch size and takes the step;
    accounting for the privacy spent over many steps is left to a library such as Opacus.
    For teaching only: floating-point Gaussian noise is not a safe implementation.
    """
    gradients = _check_gradients("per_example_gradients", per_example_gradients)
    clip_norm = check_scalar("clip_norm", clip_norm, *CLIP_RANGE)
    noise_multiplier = check_scalar("noise_multiplier", noise_multiplier, *NOISE_MULTIPLIER_RANGE)
    rng = check_rng("rng", rng)
    total = _clip(gradients, clip_norm).sum(axis=0)
    noisy: NDArray[np.float64] = total + rng.normal(
        0.0, noise_multiplier * clip_norm, gradients.shape[1]
    )
    return noisy


# --8<-- [end:dp_sgd_step]
