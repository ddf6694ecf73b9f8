"""Numbers computed from noisy releases: the error bar of a ratio, and cells fitted to a total.

Both are post-processing: they use only the released numbers and public facts, so they cost
no budget. A ratio such as a mean (noisy sum / noisy count) has no simple closed-form error
bar, since both parts are noisy and the denominator's noise enters non-linearly;
:func:`ratio_error_bar` simulates the two noises around the released values (a parametric
bootstrap). :func:`match_total` makes noisy cells add up to a total published exactly (an
invariant), the least-squares way: every cell moves by the same amount.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from dplesson.validation import Real, check_count, check_rng, check_scalar, check_vector

__all__ = ["match_total", "ratio_error_bar"]

BOUND = 1e12
SCALE_RANGE = (0.0, 1e12)
CONFIDENCE_RANGE = (0.5, 0.999)
MAX_DRAWS = 10**7
MAX_CELLS = 10**6


def ratio_error_bar(
    numerator: Real,
    denominator: Real,
    numerator_scale: Real,
    denominator_scale: Real,
    rng: np.random.Generator,
    confidence: Real = 0.95,
    draws: int = 100_000,
) -> float:
    """Return the half-width of a ``confidence`` error bar for ``numerator / denominator``.

    Both inputs are releases with Laplace noise of the given scales (a scale of 0 means an
    exact, public number). The function draws ``draws`` new noises for both around the
    released values and returns the ``confidence`` quantile of how far the simulated ratio
    lands from the released one. A draw whose denominator is not positive has no ratio; if
    more than ``1 - confidence`` of the draws have none, the bar is ``inf``.
    """
    top = check_scalar("numerator", numerator, -BOUND, BOUND)
    bottom = check_scalar("denominator", denominator, -BOUND, BOUND)
    if not bottom > 0:
        raise ValueError(f"denominator must be positive for a ratio; got {denominator!r}")
    top_scale = check_scalar("numerator_scale", numerator_scale, *SCALE_RANGE)
    bottom_scale = check_scalar("denominator_scale", denominator_scale, *SCALE_RANGE)
    rng = check_rng("rng", rng)
    level = check_scalar("confidence", confidence, *CONFIDENCE_RANGE)
    n = check_count("draws", draws, 1000, MAX_DRAWS)
    tops = top + rng.laplace(0.0, 1.0, n) * top_scale
    bottoms = bottom + rng.laplace(0.0, 1.0, n) * bottom_scale
    released = top / bottom
    with np.errstate(divide="ignore", invalid="ignore"):
        errors = np.where(bottoms > 0, np.abs(tops / bottoms - released), math.inf)
    return float(np.quantile(errors, level, method="higher"))


def match_total(noisy_counts: ArrayLike, total: Real) -> NDArray[np.float64]:
    """Return the cells moved by one common amount so that they add up to ``total``.

    Of all vectors that add up to ``total``, this is the closest to the noisy cells (least
    squares); with independent noise of equal scale in ``d`` cells, each cell's variance falls
    by the factor ``(d - 1)/d``.
    ``total`` is a public invariant, published exactly; it is not protected by any budget.
    """
    cells = check_vector("noisy_counts", noisy_counts, max_length=MAX_CELLS, low=-BOUND, high=BOUND)
    target = check_scalar("total", total, -BOUND, BOUND)
    shift = (target - math.fsum(cells.tolist())) / len(cells)
    result: NDArray[np.float64] = cells + shift
    return result
