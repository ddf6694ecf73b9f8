"""Partition selection: which group keys to publish when the keys themselves are private.

A table grouped by a key nobody listed in advance (search terms, rare diseases, street
names) reveals a person through its keys alone: a key that exists only because one person
has it appears or vanishes with that person, whatever noise its count gets. Thresholded
Laplace selection (Korolova et al. 2009; Wilson et al. 2020; Desfontaines et al. 2022)
counts the distinct people per key, adds Laplace noise, and publishes only the keys whose
noisy count reaches a threshold ``τ``. When each person contributes to at most ``ℓ`` keys
(a contribution bound enforced beforehand), noise of scale ``ℓ/ε`` and
``τ = 1 + (ℓ/ε)·ln(ℓ/(2δ))`` make the whole release (ε, δ)-DP under add/remove: a key held
by one person alone is published with probability ``δ/ℓ``, and δ is spent on exactly that.
Textbook mechanism in floating point, for teaching.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from dplesson.validation import Real, check_count, check_rng, check_scalar

__all__ = ["partition_release_probability", "partition_threshold", "select_partitions"]

EPSILON_RANGE = (0.001, 100.0)
#: δ must be a real slack: above 0 and well below one half.
DELTA_RANGE = (1e-15, 0.1)
MAX_PARTITIONS = 1000
MAX_KEYS = 10**6
MAX_COUNT = 10**9


def _check(epsilon: object, delta: object, max_partitions: object) -> tuple[float, float, int]:
    eps = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    d = check_scalar("delta", delta, *DELTA_RANGE)
    ell = check_count("max_partitions", max_partitions, 1, MAX_PARTITIONS)
    return eps, d, ell


def partition_threshold(epsilon: Real, delta: Real, max_partitions: int = 1) -> float:
    """Return the threshold ``τ = 1 + (ℓ/ε)·ln(ℓ/(2δ))`` a noisy key count must reach.

    ``max_partitions`` (``ℓ``) is the most keys one person may contribute to. A key with one
    person passes with probability ``P(1 + Z >= τ) = exp(-ε(τ - 1)/ℓ) / 2 = δ/ℓ``, so the
    union over that person's ``ℓ`` keys is at most δ.
    """
    eps, d, ell = _check(epsilon, delta, max_partitions)
    return 1.0 + (ell / eps) * math.log(ell / (2.0 * d))


def partition_release_probability(
    count: int, epsilon: Real, delta: Real, max_partitions: int = 1
) -> float:
    """Return the probability that a key with ``count`` distinct people is published.

    ``P(count + Z >= τ)`` for Laplace noise ``Z`` of scale ``ℓ/ε``: ``δ/ℓ`` for one person,
    rising to near 1 for counts well above ``τ``.
    """
    n = check_count("count", count, 0, MAX_COUNT)
    eps, d, ell = _check(epsilon, delta, max_partitions)
    tau = 1.0 + (ell / eps) * math.log(ell / (2.0 * d))
    gap = (n - tau) * eps / ell
    return 0.5 * math.exp(gap) if gap < 0 else 1.0 - 0.5 * math.exp(-gap)


def select_partitions(
    counts: Mapping[str, int],
    epsilon: Real,
    delta: Real,
    rng: np.random.Generator,
    max_partitions: int = 1,
) -> dict[str, float]:
    """Return the published keys with their noisy counts, in the order of ``counts``.

    ``counts`` maps each key to its number of distinct people, each person counted in at
    most ``max_partitions`` keys. Every key gets Laplace noise of scale ``ℓ/ε``; a key is
    kept when its noisy count reaches :func:`partition_threshold`. The noisy counts of the
    kept keys are the release (no second draw), so the whole output is (ε, δ)-DP.
    """
    if not isinstance(counts, Mapping) or not 1 <= len(counts) <= MAX_KEYS:
        raise ValueError(
            f"counts must be a mapping of 1 to {MAX_KEYS} keys to counts of people; "
            f"got {counts!r:.60}"
        )
    checked: dict[str, int] = {}
    for key, count in counts.items():
        if not isinstance(key, str):
            raise ValueError(f"counts must have string keys; got the key {key!r}")
        checked[key] = check_count(f"counts[{key!r}]", count, 1, MAX_COUNT)
    eps, d, ell = _check(epsilon, delta, max_partitions)
    rng = check_rng("rng", rng)
    tau = 1.0 + (ell / eps) * math.log(ell / (2.0 * d))
    noisy = np.array(list(checked.values()), dtype=np.float64) + rng.laplace(
        0.0, ell / eps, len(checked)
    )
    return {
        key: float(value)
        for key, value in zip(checked, noisy.tolist(), strict=True)
        if value >= tau
    }
