from __future__ import annotations

import math
from decimal import Context, Decimal, localcontext
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplesson import BudgetExceededError, BudgetLedger
from dplesson.accounting import (
    advanced_composition,
    affordable_releases,
    gaussian_rho,
    group_privacy_epsilon,
    releases_within,
    zcdp_epsilon,
    zcdp_epsilon_cks,
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


# --- Defect: the basic count was decided in floats (dp-audit-t3 §3, Defect 2) -------------


def _per_release_up(std: float, sensitivity: float = 1.0) -> float:
    """The smallest float at or above √2·Δ/std, the ε one Laplace release of this std spends."""
    with localcontext(Context(prec=80)):
        exact = Decimal(2).sqrt() * Decimal(sensitivity) / Decimal(std)
    candidate = float(exact)
    while Decimal(candidate) < exact:
        candidate = math.nextafter(candidate, math.inf)
    return candidate


@pytest.mark.parametrize("per_release", [0.1, 0.2, 0.05, 0.01])
def test_affordable_basic_plan_is_booked_by_the_ledger(per_release: float) -> None:
    # The noise for which each Laplace release spends (about) ``per_release``.
    std = math.sqrt(2) / per_release
    count = affordable_releases(1.0, 1e-6, std)["basic"]
    epsilon = _per_release_up(std)
    ledger = BudgetLedger(1.0)
    for _ in range(count):
        ledger.spend(epsilon)  # every release the planner promised fits
    with pytest.raises(BudgetExceededError):
        ledger.spend(epsilon)  # and not one more


@given(std=st.floats(1.5, 1e4), total=st.floats(0.001, 100.0))
def test_affordable_basic_count_never_overspends_exactly(std: float, total: float) -> None:
    count = affordable_releases(total, 1e-6, std)["basic"]
    # count·√2/std <= total, squared so that it holds in exact fractions.
    assert Fraction(count) ** 2 * 2 <= (Fraction(total) * Fraction(std)) ** 2


# --- Defect: log(1/δ) overflowed for tiny δ (dp-audit-t3 §3, Defect 3) ---------------------


@pytest.mark.parametrize("delta", [1e-310, 5e-324, 1e-308])
def test_tiny_deltas_give_finite_epsilons(delta: float) -> None:
    log_inverse = -math.log(delta)  # finite even where 1/δ overflows
    assert zcdp_epsilon(1.0, delta) == pytest.approx(1 + 2 * math.sqrt(log_inverse), rel=1e-12)
    expected = math.sqrt(2 * 10 * log_inverse) * 0.1 + 10 * 0.1 * math.expm1(0.1)
    assert advanced_composition(0.1, 10, delta) == pytest.approx(expected, rel=1e-12)
    counts = affordable_releases(1.0, delta, 100.0)
    assert counts["advanced"] > 0 and counts["zcdp"] > 0


# --- The conversion of Canonne, Kamath and Steinke (2020), as OpenDP uses it ----------------


def _opendp_epsilon(rho: float, delta: float) -> float:
    """OpenDP 0.16's own zCDP-to-(ε, δ) conversion of a measurement that is exactly ρ-zCDP."""
    dp = pytest.importorskip("opendp.prelude")
    dp.enable_features("contrib", "honest-but-curious")
    measurement = dp.m.make_user_measurement(
        dp.atom_domain(T=float, nan=False),
        dp.absolute_distance(T=float),
        dp.zero_concentrated_divergence(),
        lambda x: x,
        lambda _: rho,
    )
    return float(dp.c.make_zCDP_to_approxDP(measurement).map(1.0).epsilon(delta))


@pytest.mark.parametrize(
    ("rho", "delta"),
    [(339 / 542, 1e-10), (2.556, 1e-10), (2.63, 1e-10), (0.5, 1e-6), (0.005, 1e-6), (1.0, 1e-6)],
)
def test_cks_conversion_matches_opendp(rho: float, delta: float) -> None:
    if rho == 339 / 542:  # the Census person file: global_scale 339/542, rho = 1/scale²
        rho = (542 / 339) ** 2
    assert zcdp_epsilon_cks(rho, delta) == pytest.approx(_opendp_epsilon(rho, delta), rel=1e-9)


def test_cks_reproduces_the_census_persons_epsilon() -> None:
    # The Bureau published ε = 17.14 for the persons file; the simple bound gives more.
    rho = (542 / 339) ** 2
    assert round(zcdp_epsilon_cks(rho, 1e-10), 2) == 17.14
    assert zcdp_epsilon(rho, 1e-10) > 17.8


def _cks_closed_form(rho: float, delta: float, alpha: float) -> float:
    """ε(α) of CKS 2020, Corollary 13, at one order α > 1, in plain floats."""
    return (
        alpha * rho + math.log1p(-1 / alpha) + (math.log(1 / delta) - math.log(alpha)) / (alpha - 1)
    )


@given(rho=st.floats(1e-4, 100.0), exponent=st.integers(2, 12))
def test_cks_is_the_best_order_and_never_above_the_simple_bound(rho: float, exponent: int) -> None:
    delta = 10.0**-exponent
    epsilon = zcdp_epsilon_cks(rho, delta)
    assert epsilon <= zcdp_epsilon(rho, delta)
    # No order on a fine grid gives a smaller ε than the one returned (up to float noise).
    orders = [1 + 10 ** (k / 200) for k in range(-1200, 801)]
    best = max(0.0, min(_cks_closed_form(rho, delta, a) for a in orders))  # ε is never < 0
    assert epsilon <= best + 1e-9 * (1 + best)
    assert epsilon >= best - 1e-4 * (1 + best)  # the grid is fine enough


@given(sigma=st.floats(0.5, 50.0), delta=st.sampled_from([1e-3, 1e-5, 1e-8, 1e-10]))
def test_cks_is_safe_against_the_exact_gaussian_curve(sigma: float, delta: float) -> None:
    epsilon = zcdp_epsilon_cks(gaussian_rho(1.0, sigma), delta)
    assert _exact_gaussian_delta(epsilon, 1.0, sigma) <= delta


def test_cks_of_no_privacy_loss_is_zero_and_bad_input_is_refused() -> None:
    assert zcdp_epsilon_cks(0.0, 1e-6) == 0.0
    with pytest.raises(ValueError, match="rho"):
        zcdp_epsilon_cks(-1.0, 1e-6)
    with pytest.raises(ValueError, match="delta"):
        zcdp_epsilon_cks(1.0, 1.0)
    assert math.isfinite(zcdp_epsilon_cks(1.0, 5e-324))


# --- releases_within: the count from an ε per release, both ways --------------------------------


@pytest.mark.parametrize("each", [0.5, 0.1, 0.03, 0.01, 0.002])
def test_releases_within_match_a_plain_count(each: float) -> None:
    total, slack = 1.0, 1e-6
    got = releases_within(each, total, slack)
    assert got["basic"] == _count(lambda k: Fraction(k) * Fraction(each) <= Fraction(total))
    assert got["advanced"] == _count(
        lambda k: (
            math.sqrt(2 * k * math.log(1 / slack)) * each + k * each * math.expm1(each) <= total
        )
    )


def test_releases_within_agree_with_affordable_releases_for_laplace_noise() -> None:
    for std in (10.0, 30.0, 100.0, 300.0):
        each = _per_release_up(std)  # the ε one Laplace release of this std spends
        afforded = affordable_releases(1.0, 1e-6, std)
        assert releases_within(each, 1.0, 1e-6) == {
            "basic": afforded["basic"],
            "advanced": afforded["advanced"],
        }


def test_releases_within_favour_the_sum_for_few_and_advanced_for_many() -> None:
    few, many = releases_within(0.06, 1.0, 1e-6), releases_within(0.01, 1.0, 1e-6)
    assert few["basic"] > few["advanced"] and many["advanced"] > many["basic"]
    assert releases_within(2.0, 1.0, 1e-6) == {"basic": 0, "advanced": 0}


@given(each=st.floats(1e-4, 1.0), total=st.floats(0.0, 10.0))
def test_releases_within_never_overspend(each: float, total: float) -> None:
    got = releases_within(each, total, 1e-6)
    assert Fraction(got["basic"]) * Fraction(each) <= Fraction(total)
    if got["advanced"]:
        assert advanced_composition(each, got["advanced"], 1e-6) <= total
    assert advanced_composition(each, got["advanced"] + 1, 1e-6) > total or each > total


def test_releases_within_refuse_bad_input_by_name() -> None:
    for bad in BAD_SCALARS:
        with pytest.raises(ValueError, match="epsilon_each"):
            releases_within(bad, 1.0, 1e-6)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="epsilon_total"):
        releases_within(0.1, -1.0, 1e-6)
    with pytest.raises(ValueError, match="delta_slack"):
        releases_within(0.1, 1.0, 0.0)
