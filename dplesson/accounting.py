"""Privacy accounting beyond the plain sum: groups, advanced composition and zCDP.

Zero-concentrated differential privacy (zCDP, Bun and Steinke 2016) measures a mechanism by
one number ρ. The Gaussian mechanism with L2 sensitivity Δ and standard deviation σ is
``ρ = Δ² / (2σ²)``-zCDP, and the ρ of several releases add up. Two conversions turn ρ-zCDP
into (ε, δ)-DP for a δ in (0, 1): the simple bound of Bun and Steinke (2016, Proposition
1.3), ``ε = ρ + 2·sqrt(ρ·ln(1/δ))`` (:func:`zcdp_epsilon`), and the tighter one of Canonne,
Kamath and Steinke (2020, Corollary 13) that OpenDP and the US Census Bureau use
(:func:`zcdp_epsilon_cks`).

Every loss returned here is rounded up (``dplesson.rounding``), and every decision whether a
plan fits is made on those rounded-up values or in exact fractions, never on a float that may
lie just below the truth. ``ln(1/δ)`` is computed as ``-ln(δ)``, which stays finite for the
smallest δ.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import TypedDict

from dplesson.rounding import decimal_up, exact, expm1, float_up, precise
from dplesson.validation import Real, check_count, check_scalar

__all__ = [
    "Affordable",
    "PureReleases",
    "advanced_composition",
    "affordable_releases",
    "gaussian_rho",
    "group_privacy_epsilon",
    "releases_within",
    "zcdp_epsilon",
    "zcdp_epsilon_cks",
]

RHO_RANGE = (0.0, 1e6)
SCALE_RANGE = (1e-12, 1e12)
EPSILON_RANGE = (0.0, 100.0)
MAX_RELEASES = 10**9


def gaussian_rho(sensitivity_l2: Real, sigma: Real) -> float:
    """Return ``ρ = Δ² / (2σ²)``, the zCDP of Gaussian noise ``σ`` on L2 sensitivity ``Δ``.

    Rounded up: the smallest float at or above the exact ρ of the two floats.
    """
    delta_2 = check_scalar("sensitivity_l2", sensitivity_l2, *SCALE_RANGE)
    s = check_scalar("sigma", sigma, *SCALE_RANGE)
    return float_up(Fraction(delta_2) ** 2 / (2 * Fraction(s) ** 2))


def zcdp_epsilon(rho: Real, delta: Real) -> float:
    """Return ``ρ + 2·sqrt(ρ·ln(1/δ))``: ρ-zCDP implies (this ε, δ)-DP.

    The simple conversion of Bun and Steinke (2016, Proposition 1.3). It is an upper bound
    and not the tightest: :func:`zcdp_epsilon_cks` gives a smaller ε for the same ρ and δ.
    Rounded up.
    """
    r = check_scalar("rho", rho, *RHO_RANGE)
    d = _check_delta("delta", delta)
    return decimal_up(_zcdp(r, _log_inverse(d)))


def _log_inverse(delta: float) -> Decimal:
    """``ln(1/δ)`` as ``-ln(δ)`` to 60 digits: finite even where ``1/δ`` overflows."""
    with precise():
        return -exact(delta).ln()


def _zcdp(rho: float | Decimal, log_inverse: Decimal) -> Decimal:
    with precise():
        r = exact(rho) if isinstance(rho, float) else rho
        return r + 2 * (r * log_inverse).sqrt()


def zcdp_epsilon_cks(rho: Real, delta: Real) -> float:
    """Return the ε of the conversion of Canonne, Kamath and Steinke (2020, Corollary 13).

    For every order ``α > 1``, ρ-zCDP implies (ε, δ)-DP with
    ``ε(α) = αρ + ln(1 - 1/α) + (ln(1/δ) - ln α) / (α - 1)``; the function takes the best α.
    Its derivative is ``ρ - (ln(1/δ) - ln α) / (α - 1)²``, so the best α is the one root of
    ``ρ(α - 1)² + ln α = ln(1/δ)``, found by bisection. Any α gives a valid ε, so an α a
    little off the root only costs a little tightness; ε itself is evaluated to 60 digits
    and rounded up (never below 0). This is the conversion OpenDP's
    ``make_zCDP_to_approxDP`` uses; it is never larger than :func:`zcdp_epsilon`.
    """
    r = check_scalar("rho", rho, *RHO_RANGE)
    d = _check_delta("delta", delta)
    if r == 0.0:
        return 0.0
    log_inverse = _log_inverse(d)
    alpha = _best_order(r, float(log_inverse))
    with precise():
        a, big_r = exact(alpha), exact(r)
        terms = (a * big_r, (1 - 1 / a).ln(), (log_inverse - a.ln()) / (a - 1))
        value = sum(terms, Decimal(0))
        size = max(abs(term) for term in terms)
    return max(0.0, decimal_up(value, size))


def _best_order(rho: float, log_inverse: float) -> float:
    """Return the root of ``ρ(α - 1)² + ln α - ln(1/δ)``, which increases with α.

    At ``α = 1`` the function is ``-ln(1/δ) < 0``; at ``α = 1 + sqrt(ln(1/δ)/ρ)`` it is
    ``ln α > 0``. Bisection on ``α - 1`` to full float precision.
    """
    low, high = 0.0, math.sqrt(log_inverse / rho)
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if rho * middle * middle + math.log1p(middle) < log_inverse:
            low = middle
        else:
            high = middle
    return 1.0 + high


def group_privacy_epsilon(epsilon: Real, group_size: int) -> float:
    """Return ``k·ε``: an ε-DP mechanism protects a group of ``k`` people with ``k·ε``.

    Datasets that differ in ``k`` people are ``k`` neighbour steps apart, and each step
    costs at most a factor ``e^ε``. Rounded up.
    """
    eps = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    k = check_count("group_size", group_size, 1, MAX_RELEASES)
    return float_up(k * Fraction(eps))


def advanced_composition(epsilon: Real, releases: int, delta_slack: Real) -> float:
    """Return the total ε of ``releases`` ε-DP releases under advanced composition.

    Dwork, Rothblum and Vadhan (2010): ``k`` releases that are each ε-DP are together
    ``(sqrt(2k·ln(1/δ'))·ε + k·ε·(e^ε - 1), δ')``-DP for any slack ``δ'`` in (0, 1).
    It beats the plain sum ``k·ε`` only when ``k`` is large and ε small; the smaller of the
    two always holds. Rounded up.
    """
    eps = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    k = check_count("releases", releases, 1, MAX_RELEASES)
    slack = _check_delta("delta_slack", delta_slack)
    return decimal_up(_advanced(eps, k, _log_inverse(slack)))


def _advanced(epsilon: float, releases: int, log_inverse: Decimal) -> Decimal:
    growth = expm1(epsilon)
    with precise():
        e = exact(epsilon)
        return (2 * releases * log_inverse).sqrt() * e + releases * e * growth


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
    composition, Gaussian noise (``σ = std``, ρ each) under zCDP with the simple conversion
    of :func:`zcdp_epsilon`. The budget is ``(epsilon_total, delta_total)``; advanced
    composition and zCDP spend all of ``delta_total`` as their slack.

    Decided on the safe side: the ε of one Laplace release is rounded up to a float, the
    basic count is the largest ``k`` with ``k`` times that float at most the total in exact
    fractions (what :class:`~dplesson.ledger.BudgetLedger` books), and the other two compare
    rounded-up losses with the total.
    """
    total = check_scalar("epsilon_total", epsilon_total, 0.001, EPSILON_RANGE[1])
    delta = _check_delta("delta_total", delta_total)
    std = check_scalar("noise_std", noise_std, *SCALE_RANGE)
    delta_1 = check_scalar("sensitivity", sensitivity, *SCALE_RANGE)
    with precise():
        per_release = decimal_up(exact(2).sqrt() * exact(delta_1) / exact(std))
    rho = gaussian_rho(delta_1, std)
    log_inverse = _log_inverse(delta)
    budget = Fraction(total)
    return {
        "basic": min(MAX_RELEASES, math.floor(budget / Fraction(per_release))),
        "advanced": _largest(
            lambda k: (
                per_release <= total and decimal_up(_advanced(per_release, k, log_inverse)) <= total
            )
        ),
        "zcdp": _largest(
            lambda k: decimal_up(_zcdp(float_up(k * Fraction(rho)), log_inverse)) <= total
        ),
    }


class PureReleases(TypedDict):
    """How many ε-DP releases of one size a budget allows, counted two ways."""

    basic: int
    advanced: int


def releases_within(epsilon_each: Real, epsilon_total: Real, delta_slack: Real) -> PureReleases:
    """Count the releases of ``epsilon_each`` each that fit ``epsilon_total``, two ways.

    ``basic``: the largest ``k`` with ``k·ε`` at most the total, in exact fractions (what
    :class:`~dplesson.ledger.BudgetLedger` books). ``advanced``: the largest ``k`` whose
    advanced composition (:func:`advanced_composition`, with the slack ``delta_slack``) is at
    most the total, decided on the rounded-up loss. Both bounds hold, so a plan may use the
    larger count; for a few large releases it is the sum's, for many small ones advanced
    composition's. :func:`affordable_releases` asks the same from a noise level instead.
    """
    eps = check_scalar("epsilon_each", epsilon_each, 1e-9, EPSILON_RANGE[1])
    total = check_scalar("epsilon_total", epsilon_total, 0.0, EPSILON_RANGE[1])
    slack = _check_delta("delta_slack", delta_slack)
    log_inverse = _log_inverse(slack)
    return {
        "basic": min(MAX_RELEASES, math.floor(Fraction(total) / Fraction(eps))),
        "advanced": _largest(
            lambda k: eps <= total and decimal_up(_advanced(eps, k, log_inverse)) <= total
        ),
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
