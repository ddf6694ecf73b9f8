"""Noise for releases: textbook float samplers, an exact integer sampler, and the gap between.

The float samplers take an explicit ``numpy.random.Generator``; they are for teaching
only, since floating-point Laplace noise is not a safe implementation (Mironov 2012).
The exact discrete Laplace sampler of Canonne, Kamath and Steinke (2020, "The Discrete
Gaussian for Differential Privacy", Algorithms 1 and 2) uses integer arithmetic only and
draws from ``secrets.randbelow`` unless a test injects another ``randbelow``;
``release_count`` releases an integer count through it. ``support_gap`` shows Mironov's
floating-point caveat: a textbook release from one input can land on floats that no noise
at all could produce from the neighbouring input.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from fractions import Fraction
from typing import TypedDict

import numpy as np
from numpy.typing import ArrayLike, NDArray

from dplesson.rounding import float_up
from dplesson.validation import Real, check_count, check_rng, check_scalar, check_vector

__all__ = [
    "RandBelow",
    "SupportGap",
    "bernoulli_exp",
    "discrete_laplace",
    "discrete_laplace_samples",
    "discrete_laplace_variance",
    "discrete_support_gap",
    "expected_absolute_error",
    "float_reachable",
    "gaussian_noise",
    "laplace_noise",
    "laplace_release",
    "laplace_scale",
    "laplace_variance",
    "release_count",
    "support_gap",
]

#: ``randbelow(k)`` returns a uniform integer in ``0 .. k - 1``, like ``secrets.randbelow``.
RandBelow = Callable[[int], int]

BOUND = 1e6
SCALE_RANGE = (1e-12, 2e9)
SENSITIVITY_RANGE = (1e-9, 1e6)
EPSILON_RANGE = (0.001, 100.0)
MAX_SAMPLES = 10**6
MAX_EXACT_SAMPLES = 10**5
MAX_PARAMETER = 10**6
MAX_VALUE = 10**12


def laplace_noise(scale: Real, size: int, rng: np.random.Generator) -> NDArray[np.float64]:
    """Draw ``size`` textbook Laplace samples of mean 0 and scale ``scale`` from ``rng``.

    For teaching only: floating-point Laplace noise is not a safe implementation
    (Mironov 2012); for integer counts use ``release_count``.
    """
    scale = check_scalar("scale", scale, *SCALE_RANGE)
    size = check_count("size", size, 1, MAX_SAMPLES)
    rng = check_rng("rng", rng)
    noise: NDArray[np.float64] = rng.laplace(0.0, scale, size)
    return noise


# --8<-- [start:laplace_release]
def laplace_release(
    value: Real, sensitivity: Real, epsilon: Real, rng: np.random.Generator
) -> float:
    """Return ``value`` plus Laplace noise of scale ``sensitivity / epsilon``.

    The textbook mechanism in floating point, for teaching only: floating-point Laplace
    noise is not a safe implementation (Mironov 2012; see ``support_gap``). An integer count
    has an exact release path, ``release_count``.
    """
    value = check_scalar("value", value, -BOUND, BOUND)
    sensitivity = check_scalar("sensitivity", sensitivity, *SENSITIVITY_RANGE)
    epsilon = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    rng = check_rng("rng", rng)
    return value + float(rng.laplace(0.0, laplace_scale(sensitivity, epsilon)))


def laplace_scale(sensitivity: float, epsilon: float) -> float:
    """``sensitivity / epsilon`` rounded up: noise never narrower than the exact scale."""
    return float_up(Fraction(sensitivity) / Fraction(epsilon))


# --8<-- [end:laplace_release]


def expected_absolute_error(scale: Real) -> float:
    """Return ``E|X| = scale`` for Laplace noise ``X``: the typical error of one release."""
    return check_scalar("scale", scale, *SCALE_RANGE)


def laplace_variance(scale: Real) -> float:
    """Return ``Var X = 2 * scale**2`` for Laplace noise ``X`` of scale ``scale``."""
    scale = check_scalar("scale", scale, *SCALE_RANGE)
    return 2.0 * scale * scale


def gaussian_noise(sigma: Real, size: int, rng: np.random.Generator) -> NDArray[np.float64]:
    """Draw ``size`` Gaussian samples of mean 0 and standard deviation ``sigma`` from ``rng``.

    For comparison with Laplace noise: lighter tails, and (epsilon, delta) rather than pure
    epsilon guarantees. For teaching only: floating-point noise is not a safe implementation.
    """
    sigma = check_scalar("sigma", sigma, *SCALE_RANGE)
    size = check_count("size", size, 1, MAX_SAMPLES)
    rng = check_rng("rng", rng)
    noise: NDArray[np.float64] = rng.normal(0.0, sigma, size)
    return noise


def _check_randbelow(randbelow: object) -> RandBelow:
    if not callable(randbelow):
        raise ValueError(f"randbelow must be a function like secrets.randbelow; got {randbelow!r}")

    def draw(bound: int) -> int:
        result = randbelow(bound)
        if type(result) is not int or not 0 <= result < bound:
            raise ValueError(f"randbelow({bound}) must return an int in [0, {bound - 1}]")
        return result

    return draw


def _bernoulli(numerator: int, denominator: int, draw: RandBelow) -> bool:
    return draw(denominator) < numerator


def _bernoulli_exp(numerator: int, denominator: int, draw: RandBelow) -> bool:
    """Bernoulli(exp(-numerator / denominator)), exactly (CKS 2020, Algorithm 1)."""
    if numerator <= denominator:
        k = 1
        while _bernoulli(numerator, denominator * k, draw):
            k += 1
        return k % 2 == 1
    for _ in range(numerator // denominator):
        if not _bernoulli_exp(1, 1, draw):
            return False
    return _bernoulli_exp(numerator % denominator, denominator, draw)


def bernoulli_exp(
    numerator: int, denominator: int, randbelow: RandBelow = secrets.randbelow
) -> int:
    """Return 1 with probability ``exp(-numerator / denominator)`` exactly, else 0.

    Only integer comparisons of ``randbelow`` draws: no float, no rounding.
    """
    numerator = check_count("numerator", numerator, 0, MAX_PARAMETER)
    denominator = check_count("denominator", denominator, 1, MAX_PARAMETER)
    return int(_bernoulli_exp(numerator, denominator, _check_randbelow(randbelow)))


def _discrete_laplace(t: int, s: int, draw: RandBelow) -> int:
    """One draw with P(x) proportional to exp(-|x| s / t) (CKS 2020, Algorithm 2)."""
    while True:
        u = draw(t)
        if not _bernoulli_exp(u, t, draw):
            continue
        v = 0
        while _bernoulli_exp(1, 1, draw):
            v += 1
        y = (u + t * v) // s
        negative = _bernoulli(1, 2, draw)
        if negative and y == 0:
            continue
        return -y if negative else y


# --8<-- [start:discrete_laplace]
def discrete_laplace(
    numerator: int, denominator: int, randbelow: RandBelow = secrets.randbelow
) -> int:
    """One exact draw from the discrete Laplace of scale ``t = numerator / denominator``.

    ``P(X = x)`` is proportional to ``exp(-|x| / t)`` for every integer ``x``.
    """
    t = check_count("numerator", numerator, 1, MAX_PARAMETER)
    s = check_count("denominator", denominator, 1, MAX_PARAMETER)
    return _discrete_laplace(t, s, _check_randbelow(randbelow))


# --8<-- [end:discrete_laplace]


def discrete_laplace_samples(
    numerator: int, denominator: int, size: int, randbelow: RandBelow = secrets.randbelow
) -> NDArray[np.int64]:
    """Draw ``size`` independent exact samples of ``discrete_laplace`` as an int64 array."""
    t = check_count("numerator", numerator, 1, MAX_PARAMETER)
    s = check_count("denominator", denominator, 1, MAX_PARAMETER)
    size = check_count("size", size, 1, MAX_EXACT_SAMPLES)
    draw = _check_randbelow(randbelow)
    return np.array([_discrete_laplace(t, s, draw) for _ in range(size)], dtype=np.int64)


def discrete_laplace_variance(numerator: int, denominator: int) -> float:
    """Return ``2q / (1 - q)**2`` with ``q = exp(-1/t)``: the variance at scale ``t``."""
    t = check_count("numerator", numerator, 1, MAX_PARAMETER)
    s = check_count("denominator", denominator, 1, MAX_PARAMETER)
    rate = s / t
    return 2.0 * math.exp(-rate) / math.expm1(-rate) ** 2


def _exact_noise(sensitivity: int, epsilon: float, size: int, draw: RandBelow) -> list[int]:
    """Draw ``size`` discrete Laplace samples of scale exactly ``sensitivity / epsilon``.

    The float ``epsilon`` is the fraction ``a / b`` exactly, so the scale is the fraction
    ``sensitivity * b / a``: no rounding anywhere, hence no float caveat.
    """
    exact = Fraction(epsilon)
    t, s = sensitivity * exact.denominator, exact.numerator
    return [_discrete_laplace(t, s, draw) for _ in range(size)]


# --8<-- [start:release_count]
def release_count(
    true_count: int,
    epsilon: Real,
    sensitivity: int = 1,
    randbelow: RandBelow = secrets.randbelow,
) -> int:
    """Return ``true_count`` plus exact discrete Laplace noise of scale ``sensitivity / epsilon``.

    The safe path for an integer-valued query: the noise is an integer drawn with integer
    arithmetic only (``discrete_laplace``), at the exact scale of the float ``epsilon``, so
    the release is ``epsilon``-DP when ``sensitivity`` bounds how much one person changes
    the count: 1 for a count of people, under add-remove or replace-one. The result may be
    negative; clamping it afterwards is post-processing.
    """
    count = check_count("true_count", true_count, 0, MAX_VALUE)
    epsilon = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
    sensitivity = check_count("sensitivity", sensitivity, 1, MAX_PARAMETER)
    draw = _check_randbelow(randbelow)
    return count + _exact_noise(sensitivity, epsilon, 1, draw)[0]


# --8<-- [end:release_count]


class SupportGap(TypedDict):
    """What the two support-gap functions return: how often an output gives the input away."""

    value_a: float
    value_b: float
    samples: int
    unreachable: int
    share: float


# --8<-- [start:float_reachable]
def float_reachable(outputs: ArrayLike, value: Real) -> NDArray[np.bool_]:
    """Whether each output equals ``fl(value + x)`` for some float ``x``, as a new array.

    The floats ``x`` that round ``value + x`` to an output form an interval around the real
    number ``output - value``; if the interval holds a float, it holds one of the two floats
    next to that real number: ``fl(output - value)`` or one of its neighbours.
    """
    targets = check_vector("outputs", outputs, max_length=MAX_SAMPLES, low=-BOUND, high=BOUND)
    value = check_scalar("value", value, -BOUND, BOUND)
    return _reachable(targets, value)


# --8<-- [end:float_reachable]


def _reachable(outputs: NDArray[np.float64], value: float) -> NDArray[np.bool_]:
    guess = outputs - value
    reachable = np.zeros(outputs.shape, dtype=np.bool_)
    for noise in (guess, np.nextafter(guess, np.inf), np.nextafter(guess, -np.inf)):
        reachable |= (value + noise) == outputs
    return reachable


# --8<-- [start:support_gap]
def support_gap(
    value_a: Real, value_b: Real, scale: Real, samples: int, rng: np.random.Generator
) -> SupportGap:
    """Share of textbook releases ``value_a + noise`` that ``value_b`` can never produce.

    An output counts when no float noise at all, whatever sampler made it, rounds
    ``value_b + noise`` to it; seeing such an output proves the input was ``value_a``, a
    privacy loss of infinity. A lower bound: numpy's sampler makes far fewer floats. The
    gap is not symmetric: from ``0`` every float is reachable, from ``1`` not the tiny ones.
    """
    value_a = check_scalar("value_a", value_a, -BOUND, BOUND)
    value_b = check_scalar("value_b", value_b, -BOUND, BOUND)
    scale = check_scalar("scale", scale, *SCALE_RANGE)
    samples = check_count("samples", samples, 1, MAX_SAMPLES)
    rng = check_rng("rng", rng)
    outputs = value_a + rng.laplace(0.0, scale, samples)
    unreachable = int(np.count_nonzero(~_reachable(outputs, value_b)))
    return {
        "value_a": value_a,
        "value_b": value_b,
        "samples": samples,
        "unreachable": unreachable,
        "share": unreachable / samples,
    }


# --8<-- [end:support_gap]


def discrete_support_gap(
    value_a: int,
    value_b: int,
    numerator: int,
    denominator: int,
    samples: int,
    randbelow: RandBelow = secrets.randbelow,
) -> SupportGap:
    """Count the same for exact releases ``value_a + X``: the share is always 0.

    Outputs are integers and every integer ``k`` is reached from ``value_b`` by the noise
    ``k - value_b``, which the discrete Laplace draws with positive probability.
    """
    a = check_count("value_a", value_a, -MAX_VALUE, MAX_VALUE)
    b = check_count("value_b", value_b, -MAX_VALUE, MAX_VALUE)
    noise = discrete_laplace_samples(numerator, denominator, samples, randbelow)
    outputs = [a + int(x) for x in noise]
    unreachable = sum(1 for output in outputs if type(output - b) is not int)
    return {
        "value_a": float(a),
        "value_b": float(b),
        "samples": samples,
        "unreachable": unreachable,
        "share": unreachable / samples,
    }
