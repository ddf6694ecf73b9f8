from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dplesson import differencing_attack
from tests.bad_inputs import BAD_VECTORS


def test_hand_example() -> None:
    # Salaries 10, 20, 30 and the newcomer's 47.3: means 26.825 and 20.
    result = differencing_attack([10, 20, 30, 47.3], [10, 20, 30])
    assert result["n"] == 4
    assert result["mean_with"] == 26.825
    assert result["mean_without"] == 20.0
    # 4 * 26.825 - 3 * 20 = 107.3 - 60 = 47.3
    assert result["revealed"] == pytest.approx(47.3, rel=1e-15)
    assert result["revealed_exact"] == Fraction(47.3)


def test_the_order_of_the_group_does_not_matter() -> None:
    result = differencing_attack([5, 1, 9, 2], [9, 2, 1])
    assert result["revealed_exact"] == 5
    assert result["revealed"] == 5.0


values = st.floats(-1e6, 1e6, allow_nan=False)


@given(others=st.lists(values, min_size=1, max_size=40), person=values)
def test_the_person_is_revealed_exactly(others: list[float], person: float) -> None:
    group = [*others, person]
    result = differencing_attack(group, others)
    assert result["revealed_exact"] == Fraction(person)
    # From the rounded published means the answer is close; the error is rounding only.
    scale = max(1.0, *(abs(v) for v in group))
    assert abs(result["revealed"] - person) <= 1e-12 * len(group) * scale


def test_inputs_are_not_modified() -> None:
    group = np.array([1.0, 2.0, 3.0])
    rest = np.array([1.0, 2.0])
    differencing_attack(group, rest)
    assert group.tolist() == [1.0, 2.0, 3.0]
    assert rest.tolist() == [1.0, 2.0]


@pytest.mark.parametrize(
    ("group", "rest", "match"),
    [
        ([1, 2, 3], [1, 2, 3], r"^values_without must hold one value fewer than values_with, 2"),
        ([1, 2, 3], [1], r"^values_without must hold one value fewer"),
        ([1], [1], r"^values_without must hold one value fewer"),
        ([1, 2e6], [1], r"^values_with must be a 1-D sequence .*\[-1e\+06, 1e\+06\]"),
        ([1, 2], [float("nan")], r"^values_without must be a 1-D sequence"),
    ],
)
def test_bad_groups(group: object, rest: object, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        differencing_attack(group, rest)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", BAD_VECTORS, ids=repr)
def test_bad_vectors(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^values_with must be a 1-D sequence"):
        differencing_attack(bad, [1.0])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^values_without must be a 1-D sequence"):
        differencing_attack([1.0, 2.0], bad)  # type: ignore[arg-type]


@pytest.mark.usefixtures("global_rng_untouched")
def test_global_rng_untouched() -> None:
    differencing_attack([1.0, 2.0, 3.0], [1.0, 2.0])


@pytest.mark.parametrize(
    ("group", "rest"),
    [
        ([1.0, 2.0, 3.0], [7.0, 8.0]),  # the audit's example: no value in common
        ([1.0, 2.0, 3.0], [1.0, 4.0]),  # one value in common, one foreign
        ([1.0, 2.0, 2.0], [1.0, 1.0]),  # a value taken twice, present once
        ([5.0, 5.0], [5.000000000000001]),  # the next float is another value
    ],
)
def test_the_second_list_must_be_the_first_minus_one_value(
    group: list[float], rest: list[float]
) -> None:
    with pytest.raises(
        ValueError,
        match=r"^values_without must equal values_with with exactly one value removed",
    ):
        differencing_attack(group, rest)


def test_repeated_values_and_signed_zeros_are_one_multiset() -> None:
    assert differencing_attack([2.0, 2.0, 3.0], [3.0, 2.0])["revealed_exact"] == 2
    assert differencing_attack([0.0, 1.0], [-0.0])["revealed_exact"] == 1
    assert differencing_attack(np.array([4, 1, 4]), [4, 1])["revealed_exact"] == 4


@settings(deadline=None)  # timing on a shared machine is no part of the claim
@given(
    others=st.lists(values, min_size=1, max_size=20),
    person=values,
    stranger=values,
    position=st.integers(0, 19),
)
def test_swapping_in_a_stranger_is_refused(
    others: list[float], person: float, stranger: float, position: int
) -> None:
    rest = list(others)
    index = position % len(rest)
    if stranger in [*others, person]:
        return
    rest[index] = stranger
    with pytest.raises(ValueError, match=r"^values_without must equal values_with"):
        differencing_attack([*others, person], rest)
