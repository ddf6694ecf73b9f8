"""The privacy loss random variable against closed forms, quadrature and sampling.

The references here are computed independently of ``dplesson.privacy_loss``: the δ of two
distributions is the hockey-stick integral ``∫ max(0, p(y) - e^ε q(y)) dy`` of their
densities, integrated on a fine grid in this file; the loss distributions are sampled.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dplesson.mechanisms import gaussian_sigma
from dplesson.privacy_loss import (
    delta_from_losses,
    gaussian_delta,
    gaussian_epsilon,
    laplace_delta,
    laplace_loss_cdf,
    laplace_loss_samples,
)
from tests.bad_inputs import BAD_SCALARS, NOT_GENERATORS


def _hockey_stick(p: np.ndarray, q: np.ndarray, y: np.ndarray, epsilon: float) -> float:
    """``∫ max(0, p - e^ε q)`` by the trapezoid rule on the grid ``y``."""
    return float(np.trapezoid(np.maximum(p - math.exp(epsilon) * q, 0.0), y))


def _laplace_pdf(y: np.ndarray, centre: float, scale: float) -> np.ndarray:
    return np.exp(-np.abs(y - centre) / scale) / (2 * scale)


def _normal_pdf(y: np.ndarray, centre: float, sigma: float) -> np.ndarray:
    return np.exp(-(((y - centre) / sigma) ** 2) / 2) / (sigma * math.sqrt(2 * math.pi))


@pytest.mark.parametrize("eps0", [0.1, 0.5, 1.0, 3.0])
@pytest.mark.parametrize("share", [0.0, 0.25, 0.5, 0.9])
def test_laplace_delta_is_the_hockey_stick_integral_of_two_laplace_densities(
    eps0: float, share: float
) -> None:
    scale = 1 / eps0  # sensitivity 1
    y = np.linspace(-60 * scale, 1 + 60 * scale, 2_000_001)
    reference = _hockey_stick(_laplace_pdf(y, 0, scale), _laplace_pdf(y, 1, scale), y, share * eps0)
    assert laplace_delta(share * eps0, eps0) == pytest.approx(reference, abs=1e-7)


def test_laplace_delta_is_zero_from_the_mechanisms_own_epsilon() -> None:
    assert laplace_delta(1.0, 1.0) == 0.0 and laplace_delta(5.0, 1.0) == 0.0
    assert laplace_delta(0.0, 1.0) == pytest.approx(1 - math.exp(-0.5), rel=1e-15)


def test_laplace_loss_cdf_has_its_atoms_and_matches_sampled_losses(
    global_rng_untouched: None,
) -> None:
    eps0 = 1.0
    assert laplace_loss_cdf(-eps0 - 1e-9, eps0) == 0.0
    assert laplace_loss_cdf(-eps0, eps0) == pytest.approx(math.exp(-eps0) / 2)  # atom at -ε0
    assert laplace_loss_cdf(eps0 - 1e-12, eps0) == pytest.approx(0.5)  # atom 1/2 at +ε0
    assert laplace_loss_cdf(eps0, eps0) == 1.0
    losses = laplace_loss_samples(eps0, 400_000, np.random.default_rng(7))
    for t in (-0.9, -0.3, 0.0, 0.4, 0.95):
        p = laplace_loss_cdf(t, eps0)
        standard_error = math.sqrt(p * (1 - p) / len(losses))
        assert abs(np.mean(losses <= t) - p) < 5 * standard_error


def test_the_mean_laplace_loss_is_the_kl_divergence_and_delta_from_losses_agrees() -> None:
    eps0 = 0.7
    losses = laplace_loss_samples(eps0, 1_000_000, np.random.default_rng(3))
    # KL(Lap(0, b) || Lap(1, b)) = ε0 - 1 + e^-ε0, and the loss never leaves [-ε0, ε0].
    assert losses.mean() == pytest.approx(eps0 - 1 + math.exp(-eps0), abs=3e-3)
    assert losses.min() >= -eps0 and losses.max() <= eps0
    assert delta_from_losses(losses, 0.3) == pytest.approx(laplace_delta(0.3, eps0), abs=3e-3)
    assert delta_from_losses(losses, eps0) == 0.0


@pytest.mark.parametrize(("sigma", "epsilon"), [(0.5, 0.5), (1.0, 1.0), (2.0, 0.2), (4.0, 0.05)])
def test_gaussian_delta_is_the_hockey_stick_integral_of_two_normal_densities(
    sigma: float, epsilon: float
) -> None:
    y = np.linspace(-40 * sigma, 1 + 40 * sigma, 2_000_001)
    reference = _hockey_stick(_normal_pdf(y, 0, sigma), _normal_pdf(y, 1, sigma), y, epsilon)
    assert gaussian_delta(epsilon, 1.0, sigma) == pytest.approx(reference, rel=1e-6, abs=1e-12)


def test_gaussian_delta_matches_sampled_losses_of_normal_shape() -> None:
    mu = 0.8  # sensitivity 1, sigma 1.25: the loss is Normal(mu^2 / 2, mu^2)
    losses = np.random.default_rng(11).normal(mu * mu / 2, mu, 2_000_000)
    for epsilon in (0.0, 0.5, 1.5):
        assert delta_from_losses(losses, epsilon) == pytest.approx(
            gaussian_delta(epsilon, 1.0, 1.25), abs=2e-3
        )


@settings(max_examples=200, deadline=None)
@given(
    sensitivity=st.floats(0.01, 100),
    epsilon=st.floats(0.01, 0.99),
    exponent=st.integers(2, 12),
)
def test_the_classic_calibration_is_sound_by_the_exact_curve(
    sensitivity: float, epsilon: float, exponent: int
) -> None:
    delta = 10.0**-exponent
    sigma = gaussian_sigma(sensitivity, epsilon, delta)
    assert gaussian_delta(epsilon, sensitivity, sigma) <= delta


@given(releases=st.integers(1, 10_000), sigma=st.floats(0.5, 100))
def test_k_gaussian_releases_are_one_with_sigma_over_root_k(releases: int, sigma: float) -> None:
    assert gaussian_delta(1.0, 1.0, sigma, releases) == pytest.approx(
        gaussian_delta(1.0, 1.0, sigma / math.sqrt(releases)), rel=1e-9, abs=1e-15
    )


def test_gaussian_epsilon_inverts_the_curve_and_gives_the_review_value() -> None:
    # 100 releases with sigma 10 on sensitivity 1 are one Gaussian mechanism with mu = 1; the
    # exact curve gives about 4.89 at delta 1e-6 (content review t3, §2.3), below the 5.757
    # of the zCDP conversion.
    found = gaussian_epsilon(1e-6, 1.0, 10.0, 100)
    assert round(found, 2) == 4.89
    assert (
        gaussian_delta(found, 1.0, 10.0, 100) <= 1e-6 < gaussian_delta(found - 1e-6, 1.0, 10.0, 100)
    )
    assert gaussian_epsilon(0.99, 1.0, 10.0) == 0.0


def test_delta_from_losses_falls_with_epsilon() -> None:
    losses = np.random.default_rng(5).normal(0.5, 1.0, 10_000)
    deltas = [delta_from_losses(losses, e) for e in (0.0, 0.5, 1.0, 2.0, 4.0)]
    assert deltas == sorted(deltas, reverse=True) and deltas[0] > 0


@settings(max_examples=200, deadline=None)
@given(
    losses=st.lists(st.floats(-20.0, 20.0), min_size=1, max_size=50),
    epsilon=st.floats(0.0, 10.0),
)
def test_delta_is_never_more_than_the_chance_the_loss_exceeds_epsilon(
    losses: list[float], epsilon: float
) -> None:
    # What epsilon.md says: delta weighs each excess by 1 - e^(epsilon - L) < 1, so it is at
    # most P(L > epsilon), and outputs just above epsilon add almost nothing.
    delta = delta_from_losses(losses, epsilon)
    above = sum(loss > epsilon for loss in losses) / len(losses)
    assert 0.0 <= delta <= above + 1e-12
    just_above = [epsilon + 1e-6] * len(losses)
    assert delta_from_losses(just_above, epsilon) < 1e-5


def test_losses_are_not_changed() -> None:
    losses = np.array([0.1, 2.0, -0.5])
    delta_from_losses(losses, 0.5)
    assert losses.tolist() == [0.1, 2.0, -0.5]


@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_bad_scalars_are_refused_with_the_parameter_named(bad: object) -> None:
    with pytest.raises(ValueError, match="epsilon"):
        laplace_delta(bad, 1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="mechanism_epsilon"):
        laplace_delta(0.5, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="sigma"):
        gaussian_delta(0.5, 1.0, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="delta"):
        gaussian_epsilon(bad, 1.0, 1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^t must"):
        laplace_loss_cdf(bad, 1.0)  # type: ignore[arg-type]


def test_out_of_range_values_are_refused() -> None:
    with pytest.raises(ValueError, match="releases"):
        gaussian_delta(0.5, 1.0, 1.0, 0)
    with pytest.raises(ValueError, match="delta"):
        gaussian_epsilon(1e-13, 1.0, 1.0)
    with pytest.raises(ValueError, match="losses"):
        delta_from_losses([], 0.5)
    with pytest.raises(ValueError, match="size"):
        laplace_loss_samples(1.0, 0, np.random.default_rng(1))


@pytest.mark.parametrize("bad", NOT_GENERATORS)
def test_samples_need_a_generator(bad: object) -> None:
    with pytest.raises(ValueError, match="rng"):
        laplace_loss_samples(1.0, 10, bad)  # type: ignore[arg-type]
