"""The privacy loss random variable: what δ measures, and why k releases cost about √k·ε.

For a mechanism ``M`` and neighbouring datasets ``D`` and ``D'``, the privacy loss of an
output ``y`` is ``L(y) = ln(p_D(y) / p_D'(y))``: how much more likely ``y`` is under ``D``.
Drawn with ``y ~ M(D)``, it is a random variable. Pure ε-DP says ``|L| <= ε`` always;
(ε, δ)-DP for this pair holds exactly when ``δ >= E[max(0, 1 - e^(ε - L))]`` (the
"hockey-stick" divergence), so δ is not a probability of failure but the expected excess of
the loss over ε, weighed by how far it goes. The losses of independent releases add up, so
their mean grows like k and their spread like √k: the idea behind advanced composition.

* Laplace mechanism with ``ε0 = Δ/b``: ``L`` has atoms ``ε0`` (probability 1/2) and ``-ε0``
  (probability ``e^-ε0 / 2``) and the distribution function ``e^(-(ε0 - t)/2) / 2`` between;
  so ``δ(ε) = 1 - e^((ε - ε0)/2)`` for ``ε < ε0``.
* Gaussian mechanism with ``μ = Δ₂/σ``: ``L ~ Normal(μ²/2, μ²)``, and
  ``δ(ε) = Φ(μ/2 - ε/μ) - e^ε Φ(-μ/2 - ε/μ)`` (Balle and Wang 2018, Theorem 8). ``k``
  releases together are exactly one Gaussian mechanism with ``μ·√k``.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from dplesson.validation import Real, check_count, check_rng, check_scalar, check_vector

__all__ = [
    "delta_from_losses",
    "gaussian_delta",
    "gaussian_epsilon",
    "laplace_delta",
    "laplace_loss_cdf",
    "laplace_loss_samples",
]

EPSILON_RANGE = (0.0, 100.0)
MECHANISM_EPSILON_RANGE = (0.001, 100.0)
SCALE_RANGE = (1e-9, 1e9)
MAX_RELEASES = 10**6
MAX_SAMPLES = 10**7
LOSS_BOUND = 1e6
#: Smallest δ the Gaussian conversion answers for: below it, float cancellation dominates.
DELTA_RANGE = (1e-12, 1.0)


def laplace_loss_cdf(t: Real, epsilon: Real) -> float:
    """Return ``P(L <= t)`` for the privacy loss of the Laplace mechanism with ``ε0 = epsilon``.

    The output is ``y = q(D) + Z`` with ``Z`` of scale ``Δ/ε0``, and ``D'`` moves the answer
    by the full sensitivity ``Δ`` (the worst neighbour). The loss is ``ε0`` for half of the
    outputs, ``-ε0`` for a share ``e^-ε0 / 2`` and in between otherwise.
    """
    value = check_scalar("t", t, -LOSS_BOUND, LOSS_BOUND)
    eps0 = check_scalar("epsilon", epsilon, *MECHANISM_EPSILON_RANGE)
    if value < -eps0:
        return 0.0
    if value >= eps0:
        return 1.0
    return 0.5 * math.exp(-(eps0 - value) / 2.0)


def laplace_loss_samples(epsilon: Real, size: int, rng: np.random.Generator) -> NDArray[np.float64]:
    """Draw ``size`` privacy losses of the Laplace mechanism with ``ε0 = epsilon``.

    Each loss is ``(|y - Δ| - |y|) / b`` for an output ``y`` drawn under ``D`` (answer 0,
    noise scale ``b``), with ``D'`` answering ``Δ``; in units where ``Δ = 1``, ``b = 1/ε0``.
    """
    eps0 = check_scalar("epsilon", epsilon, *MECHANISM_EPSILON_RANGE)
    size = check_count("size", size, 1, MAX_SAMPLES)
    rng = check_rng("rng", rng)
    y = rng.laplace(0.0, 1.0 / eps0, size)
    losses: NDArray[np.float64] = np.clip((np.abs(y - 1.0) - np.abs(y)) * eps0, -eps0, eps0)
    return losses


def laplace_delta(epsilon: Real, mechanism_epsilon: Real) -> float:
    """Return the smallest δ with which an ``ε0``-DP Laplace mechanism is (ε, δ)-DP.

    ``1 - e^((ε - ε0)/2)`` for ``ε < ε0`` and 0 from ``ε0`` on: a pure ε0 guarantee is also
    a guarantee at any smaller ε, with the slack δ this returns (the exact hockey-stick
    divergence of two Laplace distributions ``Δ`` apart).
    """
    eps = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    eps0 = check_scalar("mechanism_epsilon", mechanism_epsilon, *MECHANISM_EPSILON_RANGE)
    if eps >= eps0:
        return 0.0
    return -math.expm1((eps - eps0) / 2.0)


def delta_from_losses(losses: ArrayLike, epsilon: Real) -> float:
    """Estimate δ at ``epsilon`` from sampled privacy losses: the mean of ``max(0, 1 - e^(ε-L))``.

    With the losses of ``k`` releases summed sample by sample, this estimates the δ of the
    composition at ``epsilon``: the simulation behind the intuition of advanced composition.
    """
    values = check_vector(
        "losses", losses, max_length=MAX_SAMPLES, low=-LOSS_BOUND, high=LOSS_BOUND
    )
    eps = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    with np.errstate(over="ignore"):
        excess = -np.expm1(eps - values)
    return float(np.mean(np.maximum(excess, 0.0)))


def _normal_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def _mu(sensitivity_l2: object, sigma: object, releases: object) -> float:
    delta_2 = check_scalar("sensitivity_l2", sensitivity_l2, *SCALE_RANGE)
    s = check_scalar("sigma", sigma, *SCALE_RANGE)
    k = check_count("releases", releases, 1, MAX_RELEASES)
    return math.sqrt(k) * delta_2 / s


def _gaussian_delta(epsilon: float, mu: float) -> float:
    first = _normal_cdf(mu / 2.0 - epsilon / mu)
    second = math.exp(epsilon) * _normal_cdf(-mu / 2.0 - epsilon / mu)
    return max(0.0, first - second)


def gaussian_delta(epsilon: Real, sensitivity_l2: Real, sigma: Real, releases: int = 1) -> float:
    """Return the exact δ at ``epsilon`` of ``releases`` Gaussian releases (Balle and Wang 2018).

    Each release adds noise of standard deviation ``sigma`` to a query of L2 sensitivity
    ``sensitivity_l2``; together they are one Gaussian mechanism with
    ``μ = √releases · Δ₂/σ``, whose loss is ``Normal(μ²/2, μ²)`` and whose δ is
    ``Φ(μ/2 - ε/μ) - e^ε Φ(-μ/2 - ε/μ)``.
    """
    eps = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    return _gaussian_delta(eps, _mu(sensitivity_l2, sigma, releases))


def gaussian_epsilon(delta: Real, sensitivity_l2: Real, sigma: Real, releases: int = 1) -> float:
    """Return the smallest ε with ``gaussian_delta(ε, ...) <= delta``, to about 1e-12.

    δ(ε) falls as ε grows, so a bisection finds the exact privacy curve's ε; it is smaller
    than what the zCDP conversion or advanced composition report for the same releases.
    """
    target = check_scalar("delta", delta, *DELTA_RANGE)
    mu = _mu(sensitivity_l2, sigma, releases)
    if _gaussian_delta(0.0, mu) <= target:
        return 0.0
    high = 1.0
    while _gaussian_delta(high, mu) > target:
        high *= 2.0
        if high > EPSILON_RANGE[1]:
            raise ValueError(
                f"delta must be reachable with epsilon <= {EPSILON_RANGE[1]:g} for "
                f"mu = {mu:g}; got {delta!r}"
            )
    low = 0.0
    while high - low > 1e-12 * max(1.0, high):
        middle = (low + high) / 2.0
        low, high = (low, middle) if _gaussian_delta(middle, mu) <= target else (middle, high)
    return high
