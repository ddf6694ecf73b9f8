"""Per-example clipping and one noisy gradient sum: the core idea of DP-SGD.

After Abadi et al. (2016), "Deep Learning with Differential Privacy". A teaching sketch,
not a production implementation: it tracks no privacy budget and samples no batches. For
real training use a maintained library such as Opacus (PyTorch).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from dplesson.validation import Real, check_matrix, check_rng, check_scalar

__all__ = ["clip_gradients", "dp_sgd_step"]

MAX_EXAMPLES = 4096
MAX_PARAMETERS = 4096
BOUND = 1e6
CLIP_RANGE = (1e-6, 1e6)
NOISE_MULTIPLIER_RANGE = (0.0, 100.0)


def _clip(gradients: NDArray[np.float64], clip_norm: float) -> NDArray[np.float64]:
    norms = np.sqrt(np.sum(gradients * gradients, axis=1, keepdims=True))
    over = norms > clip_norm
    # Scale rows longer than clip_norm to length clip_norm; rows within it, zero rows too,
    # stay as they are (no division by zero, no NaN).
    scaled = np.where(over, gradients * clip_norm / np.where(over, norms, 1.0), gradients)
    # Rounding must never let a coordinate grow.
    result: NDArray[np.float64] = np.copysign(
        np.minimum(np.abs(scaled), np.abs(gradients)), gradients
    )
    return result


def _check_gradients(name: str, value: object) -> NDArray[np.float64]:
    """One row per example, one column per parameter, as an independent float copy."""
    return check_matrix(
        name, value, max_rows=MAX_EXAMPLES, max_columns=MAX_PARAMETERS, low=-BOUND, high=BOUND
    )


# --8<-- [start:clip_gradients]
def clip_gradients(per_example: ArrayLike, clip_norm: Real) -> NDArray[np.float64]:
    """Scale each row longer than ``clip_norm`` (Euclidean) down to exactly that length.

    One row per example; shorter rows, and zero rows, are returned unchanged, in a new array.
    Clipping bounds what one example can add to a sum: its sensitivity is ``clip_norm``.
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
