"""Privacy losses, sensitivities and noise scales are rounded up, never to the nearest float.

Each reported number is compared with its exact value, computed here independently: exact
fractions where the value is rational, 100-digit ``decimal`` where it needs a logarithm or a
root. The package must return the smallest float at or above the exact value (up to one more
float where the exact value needs ``decimal``): a float below it would understate a loss or
a noise scale (dp-audit-t3 §3, "Results rounded to nearest").
"""

from __future__ import annotations

import math
from decimal import Context, Decimal, localcontext
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from dplesson import closed_form_sensitivity, gaussian_sigma, laplace_calibration
from dplesson.accounting import (
    advanced_composition,
    gaussian_rho,
    group_privacy_epsilon,
    zcdp_epsilon,
)

WIDE = Context(prec=100)


def _at_or_above(value: float, exact: Fraction | Decimal, spare: int = 0) -> None:
    """``value`` is at least ``exact``, and at most ``spare`` floats more than the smallest."""
    as_fraction = Fraction(exact) if isinstance(exact, Decimal) else exact
    assert Fraction(value) >= as_fraction, f"{value!r} is below the exact {float(exact)!r}"
    below = value
    for _ in range(spare + 1):
        below = math.nextafter(below, -math.inf)
    assert Fraction(below) < as_fraction, f"{value!r} is not the nearest float above"


scalars = st.floats(0.001, 100.0)


@given(epsilon=scalars, group=st.integers(1, 10**6))
def test_group_privacy_is_rounded_up(epsilon: float, group: int) -> None:
    _at_or_above(group_privacy_epsilon(epsilon, group), group * Fraction(epsilon))


@given(sensitivity=st.floats(1e-6, 1e6), sigma=st.floats(1e-3, 1e6))
def test_rho_is_rounded_up(sensitivity: float, sigma: float) -> None:
    exact = Fraction(sensitivity) ** 2 / (2 * Fraction(sigma) ** 2)
    _at_or_above(gaussian_rho(sensitivity, sigma), exact)


@given(rho=st.floats(1e-9, 1e4), exponent=st.integers(1, 300))
def test_zcdp_epsilon_is_rounded_up(rho: float, exponent: int) -> None:
    delta = 10.0**-exponent
    with localcontext(WIDE):
        exact = Decimal(rho) + 2 * (Decimal(rho) * -Decimal(delta).ln()).sqrt()
    _at_or_above(zcdp_epsilon(rho, delta), exact, spare=1)


@given(epsilon=st.floats(1e-6, 2.0), releases=st.integers(1, 10**6), exponent=st.integers(1, 30))
def test_advanced_composition_is_rounded_up(epsilon: float, releases: int, exponent: int) -> None:
    delta = 10.0**-exponent
    with localcontext(WIDE):
        e = Decimal(epsilon)
        log_inverse = -Decimal(delta).ln()
        exact = (2 * releases * log_inverse).sqrt() * e + releases * e * (e.exp() - 1)
    _at_or_above(advanced_composition(epsilon, releases, delta), exact, spare=1)


@given(count=st.integers(1, 4096), lower=st.floats(-1e3, 1e3), width=st.floats(0.002, 1e3))
def test_calibration_rounds_sensitivity_and_scale_up(
    count: int, lower: float, width: float
) -> None:
    upper = lower + width  # the float sum may fall a little short of lower + width
    epsilon = 0.3
    result = laplace_calibration(count, lower, upper, epsilon)
    sensitivity = (Fraction(upper) - Fraction(lower)) / count
    _at_or_above(result["sensitivity"], sensitivity)
    _at_or_above(result["scale"], sensitivity / Fraction(epsilon))


def test_the_audits_example_is_no_longer_below_one_third() -> None:
    assert Fraction(laplace_calibration(3, 0, 1, 1)["sensitivity"]) >= Fraction(1, 3)


@given(n=st.integers(1, 10_000), upper=st.integers(2, 1000))
def test_closed_form_sensitivity_value_is_rounded_up(n: int, upper: int) -> None:
    for model in ("add-remove", "replace-one"):
        result = closed_form_sensitivity("mean", 1, upper, n, model)
        _at_or_above(result["value"], result["exact"])


@given(
    sensitivity=st.floats(1e-3, 1e3),
    epsilon=st.floats(0.001, 0.999),
    exponent=st.integers(2, 15),
)
def test_gaussian_sigma_is_rounded_up(sensitivity: float, epsilon: float, exponent: int) -> None:
    delta = 10.0**-exponent
    with localcontext(WIDE):
        exact = (
            Decimal(sensitivity)
            * (2 * (Decimal("1.25") / Decimal(delta)).ln()).sqrt()
            / Decimal(epsilon)
        )
    _at_or_above(gaussian_sigma(sensitivity, epsilon, delta), exact, spare=1)
