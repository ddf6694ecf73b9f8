"""Privacy accounting beyond the plain sum: groups, advanced composition and zCDP.

Zero-concentrated differential privacy (zCDP, Bun and Steinke 2016) measures a mechanism by
one number ρ. The Gaussian mechanism with L2 sensitivity Δ and standard deviation σ is
``ρ = Δ² / (2σ²)``-zCDP; the ρ of several releases add up; and ρ-zCDP implies
``(ρ + 2·sqrt(ρ·ln(1/δ)), δ)``-DP for every δ in (0, 1).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TypedDict

from dplesson.validation import Real, check_count, check_scalar

__all__ = [
    "Affordable",
    "advanced_composition",
    "affordable_releases",
    "gaussian_rho",
    "group_privacy_epsilon",
    "zcdp_epsilon",
]

RHO_RANGE = (0.0, 1e6)
SCALE_RANGE = (1e-12, 1e12)
EPSILON_RANGE = (0.0, 100.0)
MAX_RELEASES = 10**9


def gaussian_rho(sensitivity_l2: Real, sigma: Real) -> float:
    """Return ``ρ = Δ² / (2σ²)``, the zCDP of Gaussian noise ``σ`` on L2 sensitivity ``Δ``."""
    delta_2 = check_scalar("sensitivity_l2", sensitivity_l2, *SCALE_RANGE)
    s = check_scalar("sigma", sigma, *SCALE_RANGE)
    return delta_2 * delta_2 / (2.0 * s * s)


def zcdp_epsilon(rho: Real, delta: Real) -> float:
    """Return ``ρ + 2·sqrt(ρ·ln(1/δ))``: ρ-zCDP implies (this ε, δ)-DP.

    This is the standard conversion of Bun and Steinke (2016); tighter conversions exist,
    so the ε it returns is an upper bound on what ρ guarantees.
    """
    r = check_scalar("rho", rho, *RHO_RANGE)
    d = _check_delta("delta", delta)
    return _zcdp(r, d)


def _zcdp(rho: float, delta: float) -> float:
    return rho + 2.0 * math.sqrt(rho * math.log(1.0 / delta))


def group_privacy_epsilon(epsilon: Real, group_size: int) -> float:
    """Return ``k·ε``: an ε-DP mechanism protects a group of ``k`` people with ``k·ε``.

    Datasets that differ in ``k`` people are ``k`` neighbour steps apart, and each step
    costs at most a factor ``e^ε``.
    """
    eps = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    k = check_count("group_size", group_size, 1, MAX_RELEASES)
    return k * eps


def advanced_composition(epsilon: Real, releases: int, delta_slack: Real) -> float:
    """Return the total ε of ``releases`` ε-DP releases under advanced composition.

    Dwork, Rothblum and Vadhan (2010): ``k`` releases that are each ε-DP are together
    ``(sqrt(2k·ln(1/δ'))·ε + k·ε·(e^ε - 1), δ')``-DP for any slack ``δ'`` in (0, 1).
    It beats the plain sum ``k·ε`` only when ``k`` is large and ε small.
    """
    eps = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    k = check_count("releases", releases, 1, MAX_RELEASES)
    slack = _check_delta("delta_slack", delta_slack)
    return _advanced(eps, k, slack)


def _advanced(epsilon: float, releases: int, slack: float) -> float:
    return math.sqrt(2.0 * releases * math.log(1.0 / slack)) * epsilon + releases * epsilon * (
        math.expm1(epsilon)
    )


class Affordable(TypedDict):
    """How many releases of equal noise each accounting method allows within one budget."""

    basic: int
    advanced: int
    zcdp: int


def affordable_releases(
    epsilon_total: Real, delta_total: Real, noise_std: Real, sensitivity: Real = 1.0
) -> Affordable:
    """Count the releases of noise standard deviation ``noise_std`` a budget affords.

    Every release answers a query of the given sensitivity with noise of the same standard
    deviation: Laplace noise (scale ``std/sqrt(2)``, pure ε each) under basic and advanced
    composition, Gaussian noise (``σ = std``, ρ each) under zCDP. The budget is
    ``(epsilon_total, delta_total)``; advanced composition and zCDP spend all of
    ``delta_total`` as their slack.
    """
    total = check_scalar("epsilon_total", epsilon_total, 0.001, EPSILON_RANGE[1])
    delta = _check_delta("delta_total", delta_total)
    std = check_scalar("noise_std", noise_std, *SCALE_RANGE)
    delta_1 = check_scalar("sensitivity", sensitivity, *SCALE_RANGE)
    per_release = delta_1 / (std / math.sqrt(2.0))
    rho = gaussian_rho(delta_1, std)
    return {
        "basic": _largest(lambda k: k * per_release <= total),
        "advanced": _largest(
            lambda k: per_release <= total and _advanced(per_release, k, delta) <= total
        ),
        "zcdp": _largest(lambda k: _zcdp(k * rho, delta) <= total),
    }


def _largest(fits: Callable[[int], bool]) -> int:
    """Return the largest k in [0, MAX_RELEASES] with ``fits(k)``, for a monotone test."""
    if not fits(1):
        return 0
    low, high = 1, MAX_RELEASES
    if fits(high):
        return high
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


def _check_delta(name: str, value: object) -> float:
    d = check_scalar(name, value, 0.0, 1.0)
    if not 0.0 < d < 1.0:
        raise ValueError(f"{name} must be strictly between 0 and 1; got {value!r}")
    return d
