"""Releases of counts and histograms through the exact discrete Laplace sampler."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest

from dplesson import (
    discrete_laplace_variance,
    release_count,
    release_histogram_exact,
)
from tests.bad_inputs import BAD_SCALARS, BAD_VECTORS
from tests.discrete_laplace import moment, pmf


def within_sampling_error(samples: list[int], scale: Fraction) -> None:
    """Mean 0 and variance ``discrete_laplace_variance`` within 7 standard errors.

    The standard error of a mean is sqrt(var / n); that of the mean square of a centred law
    is sqrt((mu4 - var**2) / n). mu4 comes from summing the pmf, independently of the
    package's closed form.
    """
    n = len(samples)
    variance = discrete_laplace_variance(scale.numerator, scale.denominator)
    fourth = moment(4, scale)
    mean = math.fsum(samples) / n
    assert abs(mean) <= 7 * math.sqrt(variance / n)
    mean_square = math.fsum(float(x) ** 2 for x in samples) / n
    assert abs(mean_square - variance) <= 7 * math.sqrt((fourth - variance**2) / n)


# release_count ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("epsilon", "sensitivity", "scale"),
    [
        (0.5, 1, Fraction(2)),
        (1.0, 1, Fraction(1)),
        (0.25, 2, Fraction(8)),
        (0.3, 1, Fraction(10, 3)),
    ],
)
def test_count_noise_has_mean_zero_and_the_exact_variance(
    epsilon: float, sensitivity: int, scale: Fraction
) -> None:
    source = random.Random(int(1000 * epsilon) + sensitivity)
    true_count = 37
    samples = [
        release_count(true_count, epsilon, sensitivity, source.randrange) - true_count
        for _ in range(20_000)
    ]
    within_sampling_error(samples, scale)


def test_count_noise_follows_the_discrete_laplace_pmf() -> None:
    n = 30_000
    source = random.Random(99)
    counts = Counter(release_count(0, 0.5, randbelow=source.randrange) for _ in range(n))
    for x in range(-5, 6):
        p = pmf(x, Fraction(2))  # sensitivity 1 / epsilon 0.5
        assert abs(counts[x] / n - p) <= 6 * math.sqrt(p * (1 - p) / n), x


class Spy:
    """A randbelow that records every bound it is asked for."""

    def __init__(self, seed: int) -> None:
        self.source = random.Random(seed)
        self.bounds: list[int] = []

    def __call__(self, bound: int) -> int:
        self.bounds.append(bound)
        return self.source.randrange(bound)


@pytest.mark.parametrize(("epsilon", "sensitivity"), [(0.1, 1), (0.7, 3), (2.0, 1), (0.001, 1)])
def test_the_scale_is_exactly_sensitivity_over_the_floats_value(
    epsilon: float, sensitivity: int
) -> None:
    # The sampler's first draw is uniform below t, where the scale is t / s exactly:
    # t = sensitivity * denominator and s = numerator of the float epsilon's binary value.
    spy = Spy(3)
    release_count(5, epsilon, sensitivity, spy)
    assert spy.bounds[0] == sensitivity * Fraction(epsilon).denominator


def test_release_count_returns_a_python_int_from_secrets_by_default() -> None:
    result = release_count(12, 1.0)
    assert type(result) is int


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (
            lambda: release_count(-1, 1.0),
            r"^true_count must be a Python int in \[0, 1000000000000\]",
        ),
        (lambda: release_count(True, 1.0), r"^true_count must be a Python int"),
        (lambda: release_count(3.0, 1.0), r"^true_count must be a Python int"),  # type: ignore[arg-type]
        (lambda: release_count(np.int64(3), 1.0), r"^true_count must be a Python int"),  # type: ignore[arg-type]
        (lambda: release_count(10**13, 1.0), r"^true_count must be a Python int"),
        (lambda: release_count(3, 0.0), r"^epsilon must be a finite real number in \[0.001, 100\]"),
        (lambda: release_count(3, 101), r"^epsilon must be a finite real number in \[0.001, 100\]"),
        (lambda: release_count(3, 1.0, 0), r"^sensitivity must be a Python int in \[1, 1000000\]"),
        (lambda: release_count(3, 1.0, 1.5), r"^sensitivity must be a Python int"),  # type: ignore[arg-type]
        (lambda: release_count(3, 1.0, 1, 5), r"^randbelow must be a function"),  # type: ignore[arg-type]
        (lambda: release_count(3, 1.0, 1, lambda k: k), r"^randbelow\(\d+\) must return an int"),
    ],
)
def test_bad_count_inputs(call: Callable[[], object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        call()


@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_bad_count_epsilons(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^epsilon must be a finite real number"):
        release_count(3, bad)  # type: ignore[arg-type]


# release_histogram_exact -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("model", "epsilon", "scale"),
    [
        ("add-remove", 1.0, Fraction(1)),
        ("replace-one", 1.0, Fraction(2)),
        ("add-remove", 0.25, Fraction(4)),
    ],
)
def test_histogram_noise_per_cell_matches_the_model(
    model: str, epsilon: float, scale: Fraction
) -> None:
    # One record per person: L1 sensitivity 1 under add-remove, 2 under replace-one.
    source = random.Random(len(model) + int(100 * epsilon))
    counts = np.arange(2048) % 7
    samples: list[int] = []
    for _ in range(6):
        released = release_histogram_exact(counts, epsilon, model, source.randrange)  # type: ignore[arg-type]
        samples += (released - counts).tolist()
    within_sampling_error(samples, scale)


def test_histogram_release_is_a_new_int_array_with_empty_cells_noised() -> None:
    counts = np.zeros(400, dtype=np.int64)
    before = counts.copy()
    released = release_histogram_exact(counts, 1.0, randbelow=random.Random(1).randrange)
    assert released.dtype == np.int64
    assert released.shape == counts.shape
    assert np.array_equal(counts, before)
    assert not np.shares_memory(released, counts)
    # At scale 1, P(0) = (1 - q) / (1 + q) = 0.46: most of 400 empty cells move.
    assert 100 < np.count_nonzero(released) < 300
    as_list = [3, 0, 5]
    release_histogram_exact(as_list, 2.0, randbelow=random.Random(2).randrange)
    assert as_list == [3, 0, 5]


def test_histogram_default_source_is_secrets() -> None:
    released = release_histogram_exact([4, 0, 9], 1.0)
    assert released.dtype == np.int64 and released.shape == (3,)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: release_histogram_exact([1, 2.5], 1.0), r"^counts must hold whole numbers"),
        (lambda: release_histogram_exact([1, -2], 1.0), r"^counts must be a 1-D sequence"),
        (
            lambda: release_histogram_exact([1], 0),
            r"^epsilon must be a finite real number in \[0.001",
        ),
        (lambda: release_histogram_exact([1], 1.0, "swap"), r"^model must be one of 'add-remove'"),  # type: ignore[arg-type]
        (lambda: release_histogram_exact([1], 1.0, randbelow=7), r"^randbelow must be a function"),  # type: ignore[arg-type]
    ],
)
def test_bad_histogram_inputs(call: Callable[[], object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        call()


@pytest.mark.parametrize("bad", BAD_VECTORS, ids=repr)
def test_bad_histogram_counts(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^counts must "):
        release_histogram_exact(bad, 1.0)  # type: ignore[arg-type]


@pytest.mark.usefixtures("global_rng_untouched")
def test_global_rng_untouched() -> None:
    release_count(3, 1.0, randbelow=random.Random(0).randrange)
    release_histogram_exact([1, 2, 3], 1.0, randbelow=random.Random(0).randrange)
    release_count(3, 1.0)
    release_histogram_exact([1, 2, 3], 1.0)
