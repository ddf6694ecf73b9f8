"""What ε means: the odds reading, the best membership guess, and error bars of Laplace noise.

Three readings of the same bound, each a closed form with its conditions:

* **Odds.** Whatever an observer believed before, seeing the output of an ε-DP mechanism
  multiplies their odds that the data is ``D`` rather than a neighbour ``D'`` by a factor
  between ``exp(-ε)`` and ``exp(ε)`` (Bayes' rule applied to the definition).
* **Guessing.** An attacker who must say whether the data is ``D`` or ``D'``, each equally
  likely beforehand, is right with probability at most ``exp(ε) / (1 + exp(ε))``.
  :func:`membership_game` plays that game with Laplace noise on a count.
* **Accuracy.** Laplace noise of scale ``s`` exceeds ``t`` in absolute value with probability
  ``exp(-t / s)``, so a release lies within ``s * ln(1 / (1 - confidence))`` of the true
  answer with the given confidence: ``s * ln 20`` for 95 %. Integer noise from the discrete
  Laplace distribution of the exact sampler has its own, integer error bar
  (:func:`discrete_laplace_error_bar`), and a ratio of two releases, such as a mean from a
  noisy sum and a noisy count, the interval of :func:`ratio_interval`.
"""

from __future__ import annotations

import math
from typing import TypedDict

import numpy as np

from dplesson.rounding import MARGIN, decimal_up, exact, precise
from dplesson.validation import Real, check_count, check_rng, check_scalar

__all__ = [
    "MembershipGame",
    "discrete_laplace_error_bar",
    "epsilon_for_error_bar",
    "guess_success_bound",
    "laplace_error_bar",
    "laplace_tail_probability",
    "membership_game",
    "posterior_range",
    "ratio_interval",
]

EPSILON_RANGE = (0.0, 100.0)
SCALE_RANGE = (1e-9, 1e9)
MAX_TRIALS = 10_000_000
T_MAX = 1e12


def posterior_range(prior: Real, epsilon: Real) -> tuple[float, float]:
    """Return the lowest and highest belief in ``D`` (not ``D'``) after any output.

    ``prior`` is the observer's probability of ``D`` before seeing the output, strictly
    between 0 and 1. The posterior odds are the prior odds times a factor in
    ``[exp(-ε), exp(ε)]``; the two ends are turned back into probabilities.
    """
    p = check_scalar("prior", prior, 0.0, 1.0)
    if not 0.0 < p < 1.0:
        raise ValueError(f"prior must be strictly between 0 and 1; got {prior!r}")
    eps = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    factor = math.exp(eps)
    low = p / (p + (1.0 - p) * factor)
    high = p * factor / (p * factor + (1.0 - p))
    return low, high


def guess_success_bound(epsilon: Real) -> float:
    """Return ``exp(ε) / (1 + exp(ε))``, the best chance of telling ``D`` from ``D'``.

    It holds for any test an attacker can run on one output of an ε-DP mechanism when ``D``
    and ``D'`` are equally likely beforehand; at ε = 0 it is a coin toss, 1/2.
    """
    eps = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    return 1.0 / (1.0 + math.exp(-eps))


def laplace_tail_probability(t: Real, scale: Real) -> float:
    """Return ``P(|Z| > t) = exp(-t / scale)`` for Laplace noise ``Z`` of the given scale."""
    threshold = check_scalar("t", t, 0.0, T_MAX)
    s = check_scalar("scale", scale, *SCALE_RANGE)
    return math.exp(-threshold / s)


def laplace_error_bar(scale: Real, confidence: Real = 0.95) -> float:
    """Return the half-width ``scale * ln(1 / (1 - confidence))`` of a Laplace error bar.

    With that probability the noise is at most this large in absolute value, so the true
    answer lies within this distance of the release: ``scale * ln 20`` at 95 %.
    """
    s = check_scalar("scale", scale, *SCALE_RANGE)
    level = check_scalar("confidence", confidence, 0.0, 1.0)
    if not 0.0 < level < 1.0:
        raise ValueError(f"confidence must be strictly between 0 and 1; got {confidence!r}")
    return s * -math.log1p(-level)


def epsilon_for_error_bar(
    half_width: Real, sensitivity: Real = 1.0, confidence: Real = 0.95
) -> float:
    """Return the smallest ε whose Laplace noise keeps the error bar within ``half_width``.

    The noise of scale ``Δ/ε`` has the error bar ``(Δ/ε)·ln(1/(1 - confidence))``
    (:func:`laplace_error_bar`), which is at most ``half_width`` exactly when
    ``ε >= Δ·ln(1/(1 - confidence)) / half_width``: ``ln 20 / half_width`` for a count at
    95 %. Planning goes this way round: from the accuracy a release needs to the budget it
    costs. Rounded up, so the bar it gives is never wider than asked.
    """
    width = check_scalar("half_width", half_width, *SCALE_RANGE)
    delta = check_scalar("sensitivity", sensitivity, *SCALE_RANGE)
    level = check_scalar("confidence", confidence, 0.0, 1.0)
    if not 0.0 < level < 1.0:
        raise ValueError(f"confidence must be strictly between 0 and 1; got {confidence!r}")
    with precise():
        value = exact(delta) * -(1 - exact(level)).ln() / exact(width)
    return decimal_up(value)


def discrete_laplace_error_bar(scale: Real, confidence: Real = 0.95) -> int:
    """Return the smallest integer ``a`` with ``P(|X| > a) <= 1 - confidence``.

    ``X`` is discrete Laplace noise of scale ``s`` (``P(X = x)`` proportional to
    ``exp(-|x| / s)``), what ``release_count`` adds. With ``q = exp(-1/s)``,
    ``P(|X| > a) = 2 q^(a+1) / (1 + q)``; the tail is evaluated to 60 digits and an ``a``
    whose tail is within a rounding error of the limit is not taken, so the bar is never
    too short. OpenDP's ``discrete_laplacian_scale_to_accuracy`` states the same bar as a
    number ``b`` with ``P(|X| >= b) <= 1 - confidence``; this ``a`` is ``floor(b)``.
    """
    s = check_scalar("scale", scale, *SCALE_RANGE)
    level = check_scalar("confidence", confidence, 0.0, 1.0)
    if not 0.0 < level < 1.0:
        raise ValueError(f"confidence must be strictly between 0 and 1; got {confidence!r}")
    with precise():
        q = (-1 / exact(s)).exp()
        allowed = 1 - exact(level)

        def fits(a: int) -> bool:
            return 2 * q ** (a + 1) / (1 + q) * (1 + MARGIN) <= allowed

        guess = (allowed * (1 + q) / 2).ln() / q.ln() - 1
        bar = max(0, int(guess.to_integral_value(rounding="ROUND_CEILING")))
        while bar > 0 and fits(bar - 1):
            bar -= 1
        while not fits(bar):
            bar += 1
    return bar


def ratio_interval(
    numerator: Real, numerator_bar: Real, denominator: Real, denominator_bar: Real
) -> tuple[float, float]:
    """Return the smallest and largest ``a / b`` with ``a`` and ``b`` within their error bars.

    ``numerator ± numerator_bar`` and ``denominator ± denominator_bar`` are two releases
    with their error bars; the denominator's range must lie above 0. If each bar covers its
    true value with probability ``c``, both do with probability at least ``1 - 2(1 - c)``
    (the union bound: 90 % for two 95 % bars), and then the true ratio, such as a mean from
    a noisy sum and a noisy count, lies in the returned interval. It uses only the
    releases and their public bars, so it is post-processing and costs no budget.
    """
    a = check_scalar("numerator", numerator, -T_MAX, T_MAX)
    x = check_scalar("numerator_bar", numerator_bar, 0.0, T_MAX)
    b = check_scalar("denominator", denominator, -T_MAX, T_MAX)
    y = check_scalar("denominator_bar", denominator_bar, 0.0, T_MAX)
    if b - y <= 0.0:
        raise ValueError(
            "denominator - denominator_bar must be above 0, so that the ratio is bounded; "
            f"got {denominator!r} - {denominator_bar!r}"
        )
    corners = [(a + da) / (b + db) for da in (-x, x) for db in (-y, y)]
    return min(corners), max(corners)


class MembershipGame(TypedDict):
    """What :func:`membership_game` returns."""

    epsilon: float
    trials: int
    success_rate: float
    optimal_rate: float
    bound: float


def membership_game(
    epsilon: Real, trials: int, rng: np.random.Generator, count: int = 100
) -> MembershipGame:
    """Play the membership game ``trials`` times against a Laplace count of sensitivity 1.

    Each round a fair coin decides whether one person is in the data (true count
    ``count + 1``) or not (``count``); the mechanism releases the count plus Laplace noise of
    scale ``1/ε``; the attacker guesses "in" when the release exceeds ``count + 1/2``, the
    best test for these two centres. ``optimal_rate`` is that test's exact success
    probability, ``1 - exp(-ε/2) / 2``; ``bound`` is :func:`guess_success_bound`, which no
    test can beat. Draws come from ``rng`` only.
    """
    eps = check_scalar("epsilon", epsilon, 0.001, EPSILON_RANGE[1])
    n = check_count("trials", trials, 1, MAX_TRIALS)
    base = check_count("count", count, 0, 10**9)
    generator = check_rng("rng", rng)
    present = generator.random(n) < 0.5
    released = base + present + generator.laplace(0.0, 1.0 / eps, size=n)
    guesses = released > base + 0.5
    return {
        "epsilon": eps,
        "trials": n,
        "success_rate": float(np.mean(guesses == present)),
        "optimal_rate": 1.0 - 0.5 * math.exp(-eps / 2.0),
        "bound": guess_success_bound(eps),
    }
