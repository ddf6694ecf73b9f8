from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
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
