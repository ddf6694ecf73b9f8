from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplesson.accounting import (
    advanced_composition,
    affordable_releases,
    gaussian_rho,
    group_privacy_epsilon,
    zcdp_epsilon,
)
from tests.bad_inputs import BAD_SCALARS


def _phi(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def _exact_gaussian_delta(epsilon: float, sensitivity: float, sigma: float) -> float:
    """The exact δ(ε) of the Gaussian mechanism (Balle and Wang, 2018)."""
    a = sensitivity / (2.0 * sigma)
    b = epsilon * sigma / sensitivity
    return _phi(a - b) - math.exp(epsilon) * _phi(-a - b)


def test_gaussian_rho_formula() -> None:
    assert gaussian_rho(1.0, 1.0) == 0.5
    assert gaussian_rho(2.0, 4.0) == pytest.approx(4 / 32, rel=1e-15)


@given(sigma=st.floats(0.5, 50.0), delta=st.sampled_from([1e-3, 1e-5, 1e-8, 1e-10]))
def test_the_conversion_is_safe_against_the_exact_gaussian_curve(
    sigma: float, delta: float
) -> None:
    # The zCDP conversion may be loose, never optimistic: at its ε the exact δ is smaller.
    epsilon = zcdp_epsilon(gaussian_rho(1.0, sigma), delta)
    assert _exact_gaussian_delta(epsilon, 1.0, sigma) <= delta


def test_rho_adds_up_over_releases() -> None:
    one = gaussian_rho(1.0, 10.0)
    assert zcdp_epsilon(4 * one, 1e-6) == pytest.approx(
        4 * one + 2 * math.sqrt(4 * one * math.log(1e6)), rel=1e-15
    )


@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_bad_scalars_name_their_parameter(bad: object) -> None:
    with pytest.raises(ValueError, match="rho"):
        zcdp_epsilon(bad, 1e-6)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="sigma"):
        gaussian_rho(1.0, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("delta", [0.0, 1.0, -0.5])
def test_delta_must_be_strictly_inside_zero_one(delta: float) -> None:
    with pytest.raises(ValueError, match="delta"):
        zcdp_epsilon(1.0, delta)


def test_group_privacy_multiplies_epsilon() -> None:
    assert group_privacy_epsilon(0.5, 3) == 1.5
    with pytest.raises(ValueError, match="group_size"):
        group_privacy_epsilon(0.5, 0)


def test_advanced_composition_formula() -> None:
    eps, k, slack = 0.01, 1000, 1e-6
    expected = math.sqrt(2 * k * math.log(1 / slack)) * eps + k * eps * (math.exp(eps) - 1)
    assert advanced_composition(eps, k, slack) == pytest.approx(expected, rel=1e-12)


def _count(fits: object, limit: int = 10**6) -> int:
    """The largest k with fits(k), by walking up one at a time (slow and obvious)."""
    assert callable(fits)
    k = 0
    while k < limit and fits(k + 1):
        k += 1
    return k


@pytest.mark.parametrize("std", [10.0, 30.0, 100.0, 300.0])
def test_affordable_releases_match_a_plain_count(std: float) -> None:
    total, delta = 1.0, 1e-6
    eps = math.sqrt(2) / std
    rho = 1 / (2 * std**2)
    got = affordable_releases(total, delta, std)
    assert got["basic"] == _count(lambda k: k * eps <= total)
    assert got["advanced"] == _count(
        lambda k: math.sqrt(2 * k * math.log(1 / delta)) * eps + k * eps * math.expm1(eps) <= total
    )
    assert got["zcdp"] == _count(
        lambda k: k * rho + 2 * math.sqrt(k * rho * math.log(1 / delta)) <= total
    )


def test_with_many_small_releases_zcdp_affords_the_most() -> None:
    got = affordable_releases(1.0, 1e-6, 300.0)
    assert got["zcdp"] > got["advanced"] > got["basic"]
    few = affordable_releases(1.0, 1e-6, 10.0)
    assert few["basic"] > few["zcdp"] > few["advanced"]


def test_noise_too_small_for_one_release_affords_none() -> None:
    assert affordable_releases(0.5, 1e-6, 1e-6) == {"basic": 0, "advanced": 0, "zcdp": 0}
