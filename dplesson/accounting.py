"""Privacy accounting beyond the plain sum: zero-concentrated DP for Gaussian noise.

Zero-concentrated differential privacy (zCDP, Bun and Steinke 2016) measures a mechanism by
one number ρ. The Gaussian mechanism with L2 sensitivity Δ and standard deviation σ is
``ρ = Δ² / (2σ²)``-zCDP; the ρ of several releases add up; and ρ-zCDP implies
``(ρ + 2·sqrt(ρ·ln(1/δ)), δ)``-DP for every δ in (0, 1).
"""

from __future__ import annotations

import math

from dplesson.validation import Real, check_scalar

__all__ = ["gaussian_rho", "zcdp_epsilon"]

RHO_RANGE = (0.0, 1e6)
SCALE_RANGE = (1e-12, 1e12)


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
    d = check_scalar("delta", delta, 0.0, 1.0)
    if not 0.0 < d < 1.0:
        raise ValueError(f"delta must be strictly between 0 and 1; got {delta!r}")
    return r + 2.0 * math.sqrt(r * math.log(1.0 / d))
