"""Contribution bounds, clamping error and event- against user-level budgets."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplesson.bounding import (
    bound_contributions,
    clamping_error,
    rows_dropped,
    user_level_epsilon,
)
from tests.bad_inputs import BAD_SCALARS, BAD_VECTORS, NOT_GENERATORS


@given(
    ids=st.lists(st.integers(0, 8), min_size=1, max_size=60),
    max_rows=st.integers(1, 6),
    seed=st.integers(0, 2**32 - 1),
)
def test_each_person_keeps_at_most_k_rows_and_fewer_are_not_touched(
    ids: list[int], max_rows: int, seed: int
) -> None:
    kept = bound_contributions(ids, max_rows, np.random.default_rng(seed))
    assert kept.tolist() == sorted(set(kept.tolist()))
    people, per_person = np.unique(ids, return_counts=True)
    kept_people, kept_per_person = np.unique(np.asarray(ids)[kept], return_counts=True)
    assert kept_people.tolist() == people.tolist()
    assert kept_per_person.tolist() == np.minimum(per_person, max_rows).tolist()
    assert rows_dropped(ids, max_rows) == len(ids) - len(kept)


def test_the_kept_rows_are_a_uniform_choice(global_rng_untouched: None) -> None:
    ids = [7] * 5 + [3]  # person 7 has five rows, keeps two of them
    rng = np.random.default_rng(21)
    runs = 20_000
    hits = np.zeros(6)
    for _ in range(runs):
        hits[bound_contributions(ids, 2, rng)] += 1
    assert hits[5] == runs
    standard_error = math.sqrt(0.4 * 0.6 / runs)
    assert np.all(np.abs(hits[:5] / runs - 0.4) <= 5 * standard_error)


def test_ids_are_left_unchanged() -> None:
    ids = np.array([2, 2, 2, 1])
    bound_contributions(ids, 1, np.random.default_rng(1))
    rows_dropped(ids, 1)
    assert ids.tolist() == [2, 2, 2, 1]


def test_clamping_error_by_hand() -> None:
    values = [1.0, 2.0, 3.0, 10.0, 50.0]
    result = clamping_error(values, 0.0, 5.0, 0.5)
    true_mean = Fraction(66, 5)
    clamped_mean = Fraction(1 + 2 + 3 + 5 + 5, 5)
    assert result["bias"] == pytest.approx(float(clamped_mean - true_mean), rel=1e-15)
    assert result["noise_std"] == pytest.approx(math.sqrt(2) * 5 / (5 * 0.5), rel=1e-15)
    assert result["rmse"] == pytest.approx(math.hypot(result["bias"], result["noise_std"]))
    assert result["clamped"] == 2
    assert clamping_error(values, 0.0, 50.0, 0.5)["bias"] == 0.0


@given(upper=st.floats(1.0, 200.0))
def test_a_wider_range_means_less_bias_and_more_noise(upper: float) -> None:
    values = np.random.default_rng(5).exponential(20.0, 500)
    narrow = clamping_error(values, 0.0, upper, 1.0)
    wide = clamping_error(values, 0.0, upper * 1.5, 1.0)
    assert abs(wide["bias"]) <= abs(narrow["bias"]) and wide["noise_std"] > narrow["noise_std"]


def test_user_level_epsilon_is_exact_and_rounded_up() -> None:
    assert user_level_epsilon(8.0, 2, 365) == 5840.0
    assert user_level_epsilon(4.0, 1, 365) == 1460.0
    # 0.1 is a little more than one tenth in binary: ten events spend a little more than 1.
    total = user_level_epsilon(0.1, 10, 1)
    assert total > 1.0 and Fraction(total) >= Fraction(0.1) * 10
    assert total == math.nextafter(1.0, 2.0)


@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_bad_scalars_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="upper"):
        clamping_error([1.0], 0.0, bad, 1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="event_epsilon"):
        user_level_epsilon(bad, 1, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", BAD_VECTORS)
def test_bad_values_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="values"):
        clamping_error(bad, 0.0, 1.0, 1.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [[], [1.5], [-1], [True], "ab", [[1]], None])
def test_bad_ids_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="ids"):
        rows_dropped(bad, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", NOT_GENERATORS)
def test_bounding_needs_a_generator(bad: object) -> None:
    with pytest.raises(ValueError, match="rng"):
        bound_contributions([1, 1], 1, bad)  # type: ignore[arg-type]


def test_other_parameters_are_checked() -> None:
    with pytest.raises(ValueError, match="greater than lower"):
        clamping_error([1.0], 5.0, 5.0, 1.0)
    with pytest.raises(ValueError, match="max_rows"):
        rows_dropped([1], 0)
    with pytest.raises(ValueError, match="periods"):
        user_level_epsilon(1.0, 1, 0)
