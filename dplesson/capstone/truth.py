"""What a plan achieves on the capstone's data: the checker's side, which needs the truth.

A reader plans without the data; the checker knows it, so it can say how far the plan's
bounds move the answers (bias) and how wide its noise makes them (the 95 % error bars), and
compare both with the brief. Bounding keeps a uniformly random ``k`` of each rider's rides
(as OpenDP's ``truncate_per_group`` does by default), so the bias is an expectation over that
choice: each rider's clamped minutes count with the share ``min(n, k)/n`` of their rides kept.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import numpy as np

from dplesson.capstone.brief import BRIEF, rides
from dplesson.derived import ratio_error_bar

__all__ = ["Accuracy", "accuracy", "kept_rides"]

#: The seed of the checker's own simulation of the mean's error bar (not the data's).
BAR_SEED = 95


@dataclass(frozen=True)
class Accuracy:
    """Bias and 95 % noise of one statistic under a plan; ``total`` is their sum."""

    bias: float
    noise: float

    @property
    def total(self) -> float:
        """Return ``|bias| + noise``: how far the released value may be from the truth."""
        return abs(self.bias) + self.noise


@cache
def _columns() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return the riders' ride counts, each ride's rider and the minutes (read-only)."""
    data = rides()
    ids = np.asarray(data["rider_id"], dtype=np.int64)
    minutes = np.asarray(data["minutes"], dtype=np.float64)
    counts = np.bincount(ids)
    for array in (ids, minutes, counts):
        array.setflags(write=False)
    return counts, ids, minutes


def kept_rides(max_rides: int) -> int:
    """Return how many rides remain when every rider keeps at most ``max_rides``."""
    counts, _, _ = _columns()
    return int(np.minimum(counts, max_rides).sum())


def accuracy(
    max_rides: int, lower: float, upper: float, epsilon_rides: float, epsilon_minutes: float
) -> tuple[Accuracy, Accuracy]:
    """Return the accuracy of the released number of rides and of the mean ride length.

    The count gets Laplace noise of scale ``k/ε_rides`` (one rider moves it by at most
    ``k``), the sum of clamped minutes scale ``k·max(|lower|, |upper|)/ε_minutes``; the mean
    is their ratio. Biases are measured against the true number of rides and true mean.
    """
    counts, ids, minutes = _columns()
    kept = np.minimum(counts, max_rides)
    share = kept / counts
    clamped_by_rider = np.bincount(ids, weights=np.clip(minutes, lower, upper))
    expected_count = float(kept.sum())
    expected_sum = math.fsum((share * clamped_by_rider).tolist())
    true_mean = math.fsum(minutes.tolist()) / len(minutes)
    count_scale = max_rides / epsilon_rides
    sum_scale = max_rides * max(abs(lower), abs(upper)) / epsilon_minutes
    level = BRIEF.confidence
    count_accuracy = Accuracy(
        expected_count - len(minutes), count_scale * math.log(1 / (1 - level))
    )
    mean_noise = ratio_error_bar(
        expected_sum,
        expected_count,
        sum_scale,
        count_scale,
        np.random.default_rng(BAR_SEED),
        level,
        200_000,
    )
    return count_accuracy, Accuracy(expected_sum / expected_count - true_mean, mean_noise)
