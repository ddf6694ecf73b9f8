"""Bounding what one person can contribute: rows per person, values per row, events over time.

Sensitivity is a promise about one privacy unit. When a person can have many rows (rides,
purchases, visits), the promise holds only after each person's rows are cut to a public
maximum ``k`` chosen before the data is seen; then a count has sensitivity ``k`` and a sum
of values clamped to ``[lower, upper]`` has ``k·max(|lower|, |upper|)``. Both cuts trade
noise for bias: a smaller ``k`` or a narrower range means less noise but drops or shrinks
real data. :func:`clamping_error` measures that bias against the noise it saves, and
:func:`user_level_epsilon` turns an event-level budget into what one person spends over time.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TypedDict

import numpy as np
from numpy.typing import ArrayLike, NDArray

from dplesson.validation import Real, check_count, check_rng, check_scalar, check_vector

__all__ = [
    "ClampingError",
    "bound_contributions",
    "clamping_error",
    "rows_dropped",
    "user_level_epsilon",
]

MAX_ROWS = 10**7
MAX_IDENTIFIER = 2**62
BOUND = 1e9
EPSILON_RANGE = (0.001, 100.0)
MAX_EVENTS = 10**6


def _check_ids(ids: object) -> NDArray[np.int64]:
    """Return the identifiers as a new int64 array: 1-D, integer, 0 .. 2**62."""
    expected = f"ids must be a 1-D sequence of 1 to {MAX_ROWS} integer identifiers in [0, 2**62]"
    try:
        raw = np.asarray(ids)
    except (ValueError, TypeError, OverflowError):
        raise ValueError(f"{expected}; got {ids!r:.60}") from None
    if raw.ndim != 1 or not 1 <= len(raw) <= MAX_ROWS or raw.dtype.kind not in "iu":
        raise ValueError(f"{expected}; got {raw.dtype} of shape {raw.shape}")
    if raw.min() < 0 or raw.max() > MAX_IDENTIFIER:
        raise ValueError(f"{expected}; got an identifier out of range")
    return raw.astype(np.int64, copy=True)


def bound_contributions(
    ids: ArrayLike, max_rows: int, rng: np.random.Generator
) -> NDArray[np.int64]:
    """Return the indices of the rows kept when each identifier keeps at most ``max_rows``.

    A person with more rows keeps a uniformly random subset of ``max_rows`` of them (drawn
    from ``rng``), so which rows survive does not depend on their order or values; the
    indices come back sorted. ``ids`` is left unchanged.
    """
    people = _check_ids(ids)
    k = check_count("max_rows", max_rows, 1, MAX_ROWS)
    rng = check_rng("rng", rng)
    shuffled = rng.permutation(len(people))
    order = shuffled[np.argsort(people[shuffled], kind="stable")]
    sorted_ids = people[order]
    starts = np.flatnonzero(np.r_[True, sorted_ids[1:] != sorted_ids[:-1]])
    rank = np.arange(len(order)) - np.repeat(starts, np.diff(np.r_[starts, len(order)]))
    kept: NDArray[np.int64] = np.sort(order[rank < k]).astype(np.int64)
    return kept


def rows_dropped(ids: ArrayLike, max_rows: int) -> int:
    """Return how many rows a bound of ``max_rows`` per identifier removes: ``Σ max(0, n - k)``."""
    people = _check_ids(ids)
    k = check_count("max_rows", max_rows, 1, MAX_ROWS)
    _, per_person = np.unique(people, return_counts=True)
    return int(np.maximum(per_person - k, 0).sum())


class ClampingError(TypedDict):
    """The error of a noisy mean of clamped values, split into its two causes."""

    bias: float
    noise_std: float
    rmse: float
    clamped: int


def clamping_error(values: ArrayLike, lower: Real, upper: Real, epsilon: Real) -> ClampingError:
    """Return the bias, noise and total error of a Laplace mean of ``values`` clamped to bounds.

    The mean of ``n`` values (``n`` public) clamped to ``[lower, upper]`` has sensitivity
    ``(upper - lower)/n`` and Laplace noise of standard deviation ``√2·(upper - lower)/(nε)``.
    ``bias`` is the clamped mean minus the true mean (negative when large values are cut),
    ``rmse`` is ``√(bias² + noise_std²)``, and ``clamped`` counts the values the bounds move.
    Computing these needs the true values, so it is for planning on public or made-up data
    and for teaching: choosing the bounds from the private data itself would leak it.
    """
    data = check_vector("values", values, max_length=MAX_ROWS, low=-BOUND, high=BOUND)
    low = check_scalar("lower", lower, -BOUND, BOUND)
    high = check_scalar("upper", upper, -BOUND, BOUND)
    if not high > low:
        raise ValueError(f"upper must be greater than lower; got lower={lower!r}, upper={upper!r}")
    eps = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    clipped = np.clip(data, low, high)
    bias = math.fsum(clipped.tolist()) / len(data) - math.fsum(data.tolist()) / len(data)
    noise_std = math.sqrt(2.0) * (high - low) / (len(data) * eps)
    return {
        "bias": bias,
        "noise_std": noise_std,
        "rmse": math.hypot(bias, noise_std),
        "clamped": int(np.count_nonzero((data < low) | (data > high))),
    }


def user_level_epsilon(event_epsilon: Real, events_per_period: int, periods: int) -> float:
    """Return what one person spends: ``event_epsilon × events_per_period × periods``.

    An event-level guarantee (ε per donation, per ride, per day's report) protects one
    event; a person with ``events_per_period`` events in each of ``periods`` periods is
    protected only with the sum of their events' budgets (basic composition), computed here
    exactly from the float's binary value and rounded up, never down.
    """
    eps = check_scalar("event_epsilon", event_epsilon, 0.0, EPSILON_RANGE[1])
    per = check_count("events_per_period", events_per_period, 1, MAX_EVENTS)
    count = check_count("periods", periods, 1, MAX_EVENTS)
    exact = Fraction(eps) * per * count
    nearest = float(exact)
    return nearest if Fraction(nearest) >= exact else math.nextafter(nearest, math.inf)
