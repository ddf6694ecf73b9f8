"""Thresholded Laplace partition selection: its threshold, release probabilities and sampling."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplesson.partitions import (
    partition_release_probability,
    partition_threshold,
    select_partitions,
)
from tests.bad_inputs import BAD_SCALARS, NOT_GENERATORS


@given(
    epsilon=st.floats(0.05, 10),
    exponent=st.integers(2, 14),
    max_partitions=st.integers(1, 20),
)
def test_a_key_held_by_one_person_is_published_with_probability_delta_over_ell(
    epsilon: float, exponent: int, max_partitions: int
) -> None:
    delta = 10.0**-exponent
    tau = partition_threshold(epsilon, delta, max_partitions)
    # One person: noisy count 1 + Z, Z Laplace of scale ell/eps, passes when Z >= tau - 1.
    by_hand = 0.5 * math.exp(-(tau - 1) * epsilon / max_partitions)
    assert by_hand == pytest.approx(delta / max_partitions, rel=1e-9)
    assert partition_release_probability(1, epsilon, delta, max_partitions) == pytest.approx(
        delta / max_partitions, rel=1e-9
    )


def test_the_threshold_formula_and_the_probability_rising_with_the_count() -> None:
    assert partition_threshold(1.0, 1e-5) == pytest.approx(1 + math.log(1 / 2e-5))
    assert partition_threshold(1.0, 1e-5, 3) == pytest.approx(1 + 3 * math.log(3 / 2e-5))
    probabilities = [partition_release_probability(c, 1.0, 1e-5) for c in range(1, 40)]
    assert probabilities == sorted(probabilities)
    tau = partition_threshold(1.0, 1e-5)
    assert partition_release_probability(math.ceil(tau) + 30, 1.0, 1e-5) > 1 - 1e-12


def test_selection_frequencies_match_the_release_probability(global_rng_untouched: None) -> None:
    counts = {"one": 1, "ten": 10, "twelve": 12, "fifteen": 15, "forty": 40}
    rng = np.random.default_rng(8)
    runs = 20_000
    kept = dict.fromkeys(counts, 0)
    for _ in range(runs):
        for key in select_partitions(counts, 1.0, 1e-3, rng):
            kept[key] += 1
    for key, count in counts.items():
        p = partition_release_probability(count, 1.0, 1e-3)
        standard_error = math.sqrt(p * (1 - p) / runs)
        assert abs(kept[key] / runs - p) <= 5 * standard_error + 1e-9


def test_the_published_counts_are_the_noisy_counts_that_passed() -> None:
    counts = {"a": 50, "b": 3, "c": 60}
    published = select_partitions(counts, 1.0, 1e-6, np.random.default_rng(4))
    tau = partition_threshold(1.0, 1e-6)
    assert all(value >= tau for value in published.values())
    assert list(published) == [key for key in counts if key in published]
    assert counts == {"a": 50, "b": 3, "c": 60}


@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_bad_scalars_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="epsilon"):
        partition_threshold(bad, 1e-5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="delta"):
        partition_release_probability(3, 1.0, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "counts", [{}, {"a": 0}, {"a": 1.5}, {"a": True}, {1: 3}, [("a", 3)], None]
)
def test_bad_counts_are_refused(counts: object) -> None:
    with pytest.raises(ValueError, match="counts"):
        select_partitions(counts, 1.0, 1e-5, np.random.default_rng(1))  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", NOT_GENERATORS)
def test_selection_needs_a_generator(bad: object) -> None:
    with pytest.raises(ValueError, match="rng"):
        select_partitions({"a": 3}, 1.0, 1e-5, bad)  # type: ignore[arg-type]


def test_delta_and_the_partition_bound_have_ranges() -> None:
    with pytest.raises(ValueError, match="delta"):
        partition_threshold(1.0, 0.5)
    with pytest.raises(ValueError, match="max_partitions"):
        partition_threshold(1.0, 1e-5, 0)
