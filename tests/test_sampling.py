from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dplesson import (
    bernoulli_exp,
    discrete_laplace,
    discrete_laplace_samples,
    discrete_laplace_variance,
    discrete_support_gap,
    expected_absolute_error,
    gaussian_noise,
    laplace_noise,
    laplace_release,
    laplace_variance,
    support_gap,
)
from dplesson.sampling import float_reachable
from tests.bad_inputs import BAD_SCALARS, NOT_GENERATORS
from tests.discrete_laplace import moment, pmf


class Script:
    """A randbelow that checks each bound asked for and returns the scripted draw."""

    def __init__(self, *steps: tuple[int, int]) -> None:
        self.queue = list(steps)

    def __call__(self, bound: int) -> int:
        expected_bound, draw = self.queue.pop(0)
        assert bound == expected_bound, (bound, expected_bound)
        return draw


def run(sampler: Callable[[Script], int], *steps: tuple[int, int]) -> int:
    """Run a sampler on a script and check that it used every scripted draw."""
    source = Script(*steps)
    result = sampler(source)
    assert source.queue == [], "the sampler stopped early"
    return result


def bern(numerator: int, denominator: int) -> Callable[[Script], int]:
    return lambda source: bernoulli_exp(numerator, denominator, source)


def lap(numerator: int, denominator: int) -> Callable[[Script], int]:
    return lambda source: discrete_laplace(numerator, denominator, source)


# Textbook Laplace -----------------------------------------------------------------------


def test_laplace_noise_comes_from_rng_laplace() -> None:
    noise = laplace_noise(2.0, 5, np.random.default_rng(7))
    assert noise.dtype == np.float64
    assert noise.shape == (5,)
    assert np.array_equal(noise, np.random.default_rng(7).laplace(0.0, 2.0, 5))


def test_laplace_noise_moments() -> None:
    n, scale = 200_000, 1.5
    noise = laplace_noise(scale, n, np.random.default_rng(11))
    # |X| is exponential with mean s and variance s**2; X has variance 2 s**2 and
    # fourth moment 24 s**4. Tolerances: six standard errors of each estimate.
    assert abs(np.mean(np.abs(noise)) - scale) < 6 * scale / math.sqrt(n)
    assert abs(np.var(noise) - 2 * scale**2) < 6 * scale**2 * math.sqrt(20 / n)
    assert abs(np.mean(noise)) < 6 * math.sqrt(2) * scale / math.sqrt(n)


@pytest.mark.parametrize("scale", [0.25, 1.0, 3.0])
def test_error_and_variance_formulas_by_integration(scale: float) -> None:
    # Midpoint sums of the density s -> exp(-|x|/s) / (2s) over [-60 s, 60 s].
    step = scale / 2000
    x = np.arange(-60 * scale + step / 2, 60 * scale, step)
    density = np.exp(-np.abs(x) / scale) / (2 * scale)
    assert expected_absolute_error(scale) == pytest.approx(
        float(np.sum(np.abs(x) * density) * step), rel=1e-6
    )
    assert laplace_variance(scale) == pytest.approx(float(np.sum(x**2 * density) * step), rel=1e-6)
    assert laplace_variance(scale) == 2 * scale * scale


def test_laplace_release_adds_scaled_noise() -> None:
    released = laplace_release(10, 1, 0.5, np.random.default_rng(3))
    # Scale 1 / 0.5 = 2, drawn from the same stream.
    assert released == 10 + np.random.default_rng(3).laplace(0.0, 2.0)
    assert type(released) is float
    rng = np.random.default_rng(4)
    draws = np.array([laplace_release(0.0, 2.0, 4.0, rng) for _ in range(40_000)])
    # Scale 0.5: variance 0.5, estimated within six standard errors.
    assert abs(np.var(draws) - 0.5) < 6 * 0.25 * math.sqrt(20 / len(draws))


def test_gaussian_noise() -> None:
    noise = gaussian_noise(3.0, 100_000, np.random.default_rng(5))
    assert np.array_equal(noise[:3], np.random.default_rng(5).normal(0.0, 3.0, 3))
    # Sample variance of a normal: standard error sigma**2 * sqrt(2 / n).
    assert abs(np.var(noise) - 9.0) < 6 * 9.0 * math.sqrt(2 / len(noise))


def test_gaussian_tails_are_lighter_than_laplace_at_equal_variance() -> None:
    rng = np.random.default_rng(6)
    laplace = laplace_noise(1.0, 100_000, rng)
    gauss = gaussian_noise(math.sqrt(2.0), 100_000, rng)
    # P(|X| > 6) is exp(-6) = 0.0025 for Laplace(1), about 2e-5 for N(0, 2).
    assert np.mean(np.abs(laplace) > 6) > 10 * np.mean(np.abs(gauss) > 6)


@pytest.mark.parametrize("bad", NOT_GENERATORS, ids=lambda value: type(value).__name__)
def test_only_generators_are_accepted(bad: object) -> None:
    match = r"^rng must be a numpy.random.Generator"
    with pytest.raises(ValueError, match=match):
        laplace_noise(1.0, 3, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=match):
        laplace_release(0.0, 1.0, 1.0, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=match):
        gaussian_noise(1.0, 3, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=match):
        support_gap(0.0, 1.0, 1.0, 3, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_bad_scalars(bad: object) -> None:
    rng = np.random.default_rng(0)
    pattern = r"^{} must be a finite real number in \["
    with pytest.raises(ValueError, match=pattern.format("scale")):
        laplace_noise(bad, 3, rng)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=pattern.format("scale")):
        laplace_variance(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=pattern.format("scale")):
        expected_absolute_error(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=pattern.format("sigma")):
        gaussian_noise(bad, 3, rng)  # type: ignore[arg-type]
    for name in ("value", "sensitivity", "epsilon"):
        arguments: dict[str, object] = {"value": 0.0, "sensitivity": 1.0, "epsilon": 1.0}
        arguments[name] = bad
        with pytest.raises(ValueError, match=pattern.format(name)):
            laplace_release(rng=rng, **arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda rng: laplace_noise(0.0, 3, rng), r"^scale .*\[1e-12, 2e\+09\]"),
        (lambda rng: laplace_noise(1.0, 0, rng), r"^size must be a Python int in \[1, 1000000\]"),
        (lambda rng: laplace_noise(1.0, 3.0, rng), r"^size must be a Python int"),  # type: ignore[arg-type]
        (lambda rng: laplace_release(0, 0, 1, rng), r"^sensitivity .*\[1e-09, 1e\+06\]"),
        (lambda rng: laplace_release(0, 1, 0, rng), r"^epsilon .*\[0.001, 100\]"),
        (lambda rng: laplace_release(2e6, 1, 1, rng), r"^value .*\[-1e\+06, 1e\+06\]"),
        (lambda rng: gaussian_noise(-1.0, 3, rng), r"^sigma .*\[1e-12, 2e\+09\]"),
        (lambda rng: support_gap(0, 1, 1, 0, rng), r"^samples must be a Python int"),
    ],
)
def test_out_of_range(call: Callable[[np.random.Generator], object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        call(np.random.default_rng(0))


# Exact discrete Laplace -----------------------------------------------------------------


def test_bernoulli_exp_hand_traces() -> None:
    # gamma = 1/2: K = 1; A ~ Bernoulli(1/2) is randbelow(2) < 1. A draw of 1 stops at K = 1
    # (odd: return 1); draws 0 then 1 (randbelow(4) < 1 fails) stop at K = 2 (return 0).
    assert run(bern(1, 2), (2, 1)) == 1
    assert run(bern(1, 2), (2, 0), (4, 1)) == 0
    assert run(bern(1, 2), (2, 0), (4, 0), (6, 5)) == 1
    # gamma = 0: Bernoulli(0) never succeeds, so the answer is 1.
    assert run(bern(0, 3), (3, 2)) == 1
    # gamma = 5/2: two Bernoulli(exp(-1)) first, then Bernoulli(exp(-1/2)). Bernoulli(exp(-1))
    # starts with randbelow(1) < 1, which always holds; then randbelow(2) < 1 decides.
    assert run(bern(5, 2), (1, 0), (2, 1)) == 0  # K = 2 at once: even, return 0
    one = ((1, 0), (2, 0), (3, 1))  # K = 3: odd, Bernoulli(exp(-1)) = 1
    assert run(bern(5, 2), *one, *one, (2, 1)) == 1  # then gamma = 1/2 as above
    assert run(bern(5, 2), *one, (1, 0), (2, 1)) == 0


@pytest.mark.parametrize(("numerator", "denominator"), [(0, 1), (1, 3), (1, 1), (5, 2), (3, 1)])
def test_bernoulli_exp_frequency(numerator: int, denominator: int) -> None:
    source = random.Random(numerator * 100 + denominator)
    n = 40_000
    hits = sum(bernoulli_exp(numerator, denominator, source.randrange) for _ in range(n))
    p = math.exp(-numerator / denominator)
    assert abs(hits / n - p) <= 6 * math.sqrt(p * (1 - p) / n) + 1e-12


def test_discrete_laplace_hand_traces() -> None:
    # Scale 1 (t = s = 1): U = randbelow(1) = 0; Bernoulli(exp(0)) draws randbelow(1) < 0,
    # fails at K = 1: accept. V counts Bernoulli(exp(-1)) successes; each one draws
    # randbelow(1) (< 1, go on), randbelow(2) and, if that was 0, randbelow(3).
    accept = ((1, 0), (1, 0))
    v_stop = ((1, 0), (2, 1))  # K = 2: even, Bernoulli(exp(-1)) = 0
    v_go = ((1, 0), (2, 0), (3, 2))  # K = 3: odd, Bernoulli(exp(-1)) = 1
    positive, negative = ((2, 1),), ((2, 0),)
    assert run(lap(1, 1), *accept, *v_stop, *positive) == 0
    assert run(lap(1, 1), *accept, *v_go, *v_stop, *positive) == 1
    assert run(lap(1, 1), *accept, *v_go, *v_stop, *negative) == -1
    assert run(lap(1, 1), *accept, *v_go, *v_go, *v_stop, *negative) == -2
    # Y = 0 with the minus sign is rejected (so that 0 is not counted twice), then 0 again.
    assert run(lap(1, 1), *accept, *v_stop, *negative, *accept, *v_stop, *positive) == 0
    # Scale 1/2 (t = 1, s = 2): X = U + V = 1 gives Y = floor(1 / 2) = 0, X = 2 gives 1.
    assert run(lap(1, 2), *accept, *v_go, *v_stop, *positive) == 0
    assert run(lap(1, 2), *accept, *v_go, *v_go, *v_stop, *negative) == -1
    # Scale 2 (t = 2, s = 1): U = randbelow(2) = 1 is kept with probability exp(-1/2):
    # randbelow(2) < 1 fails at K = 1, so accept; then X = 1 + 2 V.
    assert run(lap(2, 1), (2, 1), (2, 1), *v_go, *v_stop, *positive) == 3


@pytest.mark.parametrize(("numerator", "denominator"), [(3, 2), (1, 3), (5, 1)])
def test_discrete_laplace_frequencies(numerator: int, denominator: int) -> None:
    n = 30_000
    source = random.Random(1000 * numerator + denominator)
    counts = Counter(discrete_laplace_samples(numerator, denominator, n, source.randrange).tolist())
    scale = Fraction(numerator, denominator)
    for x in range(-4, 5):
        p = pmf(x, scale)
        assert abs(counts[x] / n - p) <= 6 * math.sqrt(p * (1 - p) / n) + 1e-12, x


@pytest.mark.parametrize(
    ("numerator", "denominator"), [(1, 1), (3, 2), (1, 3), (10, 1), (7, 3), (100, 7)]
)
def test_exact_variance_formula_against_the_series(numerator: int, denominator: int) -> None:
    scale = Fraction(numerator, denominator)
    assert discrete_laplace_variance(numerator, denominator) == pytest.approx(
        moment(2, scale), rel=1e-10
    )


@settings(max_examples=12, deadline=None)
@given(
    numerator=st.integers(1, 6),
    denominator=st.integers(1, 4),
    seed=st.integers(0, 2**32 - 1),
)
def test_empirical_variance_matches_exact_variance(
    numerator: int, denominator: int, seed: int
) -> None:
    n = 4000
    samples = discrete_laplace_samples(numerator, denominator, n, random.Random(seed).randrange)
    assert samples.dtype == np.int64
    scale = Fraction(numerator, denominator)
    variance = discrete_laplace_variance(numerator, denominator)
    fourth = moment(4, scale)
    # Standard error of the sample variance of a centred law: sqrt((mu4 - sigma**4) / n);
    # 7 of them keep a spurious failure below 1e-11 per example.
    tolerance = 7 * math.sqrt((fourth - variance**2) / n) + 1e-12
    assert abs(float(np.mean(samples.astype(float) ** 2)) - variance) <= tolerance


def test_default_source_is_secrets() -> None:
    values = discrete_laplace_samples(2, 1, 200)
    assert values.dtype == np.int64
    assert isinstance(discrete_laplace(1, 1), int)
    assert bernoulli_exp(1, 1) in (0, 1)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: discrete_laplace(0, 1), r"^numerator must be a Python int in \[1, 1000000\]"),
        (lambda: discrete_laplace(1, 0), r"^denominator must be a Python int in \[1, 1000000\]"),
        (lambda: discrete_laplace(1.5, 1), r"^numerator must be a Python int"),  # type: ignore[arg-type]
        (lambda: discrete_laplace(np.int64(1), 1), r"^numerator must be a Python int"),  # type: ignore[arg-type]
        (lambda: bernoulli_exp(-1, 1), r"^numerator must be a Python int in \[0, 1000000\]"),
        (lambda: bernoulli_exp(1, 0), r"^denominator must be a Python int in \[1, 1000000\]"),
        (lambda: discrete_laplace_samples(1, 1, 0), r"^size must be a Python int in \[1, 100000\]"),
        (lambda: discrete_laplace_variance(True, 1), r"^numerator must be a Python int"),
        (lambda: discrete_laplace(1, 1, 5), r"^randbelow must be a function"),  # type: ignore[arg-type]
        (lambda: discrete_laplace(1, 1, lambda k: k), r"^randbelow\(1\) must return an int in"),
        (lambda: bernoulli_exp(1, 2, lambda k: -1), r"^randbelow\(2\) must return an int in"),
        (lambda: bernoulli_exp(1, 2, lambda k: 0.0), r"^randbelow\(2\) must return an int in"),  # type: ignore[arg-type, return-value]
        (lambda: discrete_support_gap(0.0, 1, 1, 1, 10), r"^value_a must be a Python int"),  # type: ignore[arg-type]
    ],
)
def test_bad_discrete_inputs(call: Callable[[], object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        call()


# The support gap -------------------------------------------------------------------------


def exactly_reachable(output: float, value: float) -> bool:
    """Is output == fl(value + x) for a float x? Bracket the real output - value exactly with
    fractions, then try the floats from three below to three above the bracket."""
    target = Fraction(output) - Fraction(value)
    nearest = float(target)
    low = nearest if Fraction(nearest) <= target else math.nextafter(nearest, -math.inf)
    high = nearest if Fraction(nearest) >= target else math.nextafter(nearest, math.inf)
    for _ in range(3):
        low, high = math.nextafter(low, -math.inf), math.nextafter(high, math.inf)
    candidate = low
    while candidate <= high:
        if value + candidate == output:
            return True
        candidate = math.nextafter(candidate, math.inf)
    return False


def test_hand_examples_of_unreachable_outputs() -> None:
    # Floats near -1 are 2**-53 apart or more, so 1 + x is 0 or at least 2**-53 in size:
    # 1e-20 and 3 * 2**-55 cannot come from 1; from 0 every float y comes from x = y.
    outputs = [1e-20, 3 * 2.0**-55, 2.0**-53, 0.75, 0.0, 5.5, -0.5]
    assert float_reachable(outputs, 1.0).tolist() == [False, False, True, True, True, True, True]
    assert float_reachable(outputs, 0.0).all()
    # Below -1 the neighbour 1 + x of x = y - 1 lies in a coarser binade: -1 - 2**-52 needs
    # x = -2 - 2**-52, which is not a float (floats just below -2 are 2**-51 apart).
    assert float_reachable([-1 - 2.0**-52, -1 - 2.0**-51], 1.0).tolist() == [False, True]
    assert [exactly_reachable(y, 1.0) for y in outputs] == [
        False,
        False,
        True,
        True,
        True,
        True,
        True,
    ]


@settings(max_examples=200, deadline=None)
@given(
    output=st.floats(-1e6, 1e6, allow_nan=False),
    value=st.floats(-1e6, 1e6, allow_nan=False),
)
def test_float_reachable_agrees_with_an_exact_search(output: float, value: float) -> None:
    assert bool(float_reachable([output], value)[0]) is exactly_reachable(output, value)


@pytest.mark.parametrize(
    ("value_a", "value_b", "scale"), [(0.0, 1.0, 1.0), (0.0, 1.0, 0.1), (5.0, 6.0, 2.0)]
)
def test_support_gap_matches_an_independent_count(
    value_a: float, value_b: float, scale: float
) -> None:
    n = 2000
    gap = support_gap(value_a, value_b, scale, n, np.random.default_rng(21))
    outputs = value_a + np.random.default_rng(21).laplace(0.0, scale, n)
    missing = sum(1 for y in outputs.tolist() if not exactly_reachable(y, value_b))
    assert gap["unreachable"] == missing
    assert gap["share"] == missing / n
    assert gap["samples"] == n
    assert (gap["value_a"], gap["value_b"]) == (value_a, value_b)


def test_support_gap_from_zero_to_one_is_large() -> None:
    gap = support_gap(0.0, 1.0, 1.0, 10_000, np.random.default_rng(8))
    # Outputs in (-1, 0.25) from 0 are mostly finer than 2**-53 spacing, which 1 + x cannot
    # reach: P(-1 < X < 0.25) = (1 - e**-1) / 2 + (1 - e**-0.25) / 2, about 0.43.
    assert gap["share"] > 0.3


def test_support_gap_from_one_to_zero_is_empty() -> None:
    # From 0, fl(0 + x) = x reaches every float.
    assert support_gap(1.0, 0.0, 1.0, 10_000, np.random.default_rng(9))["share"] == 0.0


def test_discrete_support_gap_is_zero() -> None:
    gap = discrete_support_gap(0, 1, 1, 1, 2000, random.Random(3).randrange)
    assert gap["share"] == 0.0
    assert gap["unreachable"] == 0
    assert gap["samples"] == 2000


def test_float_reachable_returns_a_new_array() -> None:
    outputs = np.array([0.5, 1e-20])
    before = outputs.copy()
    result = float_reachable(outputs, 1.0)
    assert result.dtype == np.bool_
    assert not np.shares_memory(result, outputs)
    assert np.array_equal(outputs, before)


@pytest.mark.usefixtures("global_rng_untouched")
def test_global_rng_untouched() -> None:
    rng = np.random.default_rng(1)
    laplace_noise(1.0, 10, rng)
    laplace_release(1.0, 1.0, 1.0, rng)
    gaussian_noise(1.0, 10, rng)
    support_gap(0.0, 1.0, 1.0, 100, rng)
    discrete_laplace_samples(3, 2, 50)
    discrete_support_gap(0, 1, 1, 1, 20)
    bernoulli_exp(1, 2)
