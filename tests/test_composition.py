from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplesson import basic_composition
from tests.bad_inputs import BAD_SCALARS, BAD_VECTORS


def exact(values: list[float]) -> Fraction:
    """Exact sum through integer ratios: an independent route to the binary values."""
    total = Fraction(0)
    for value in values:
        numerator, denominator = float(value).as_integer_ratio()
        total += Fraction(numerator, denominator)
    return total


def test_three_releases_fill_the_cap_exactly() -> None:
    budget = basic_composition([0.25, 0.25, 0.5], cap=1.0)
    assert budget["epsilon_prefix"].tolist() == [0.25, 0.5, 1.0]
    assert budget["epsilon_total"] == 1.0
    assert budget["within_cap"] is True
    assert budget["releases"] == 3
    assert budget["cap"] == 1.0


def test_tiny_release_is_not_rounded_away() -> None:
    tiny = basic_composition([1.0, 2**-60], cap=1.0)
    assert exact([1.0, 2**-60]) == 1 + Fraction(1, 2**60)
    assert tiny["epsilon_total"] == 1.0
    assert tiny["within_cap"] is False


def test_types() -> None:
    budget = basic_composition(np.array([1, 2], dtype=np.uint8), cap=np.int64(3))
    assert type(budget["epsilon_total"]) is float
    assert type(budget["cap"]) is float
    assert type(budget["releases"]) is int
    assert type(budget["within_cap"]) is bool
    assert budget["epsilon_prefix"].dtype == np.float64


def test_output_does_not_alias_input() -> None:
    epsilons = np.array([0.5])
    budget = basic_composition(epsilons)
    assert not np.shares_memory(budget["epsilon_prefix"], epsilons)
    budget["epsilon_prefix"][0] = 7.0
    assert epsilons.tolist() == [0.5]


def test_equality_and_the_next_float_below() -> None:
    assert basic_composition([0.5, 0.25], cap=0.75)["within_cap"] is True
    below = float(np.nextafter(0.75, 0))
    assert basic_composition([0.5, 0.25], cap=below)["within_cap"] is False


def test_ten_tenths_are_not_one() -> None:
    # Ten floats 0.1 add up to slightly more than 1 in exact binary arithmetic.
    assert exact([0.1] * 10) > 1
    budget = basic_composition([0.1] * 10, cap=1.0)
    assert budget["within_cap"] is False
    assert budget["epsilon_total"] == 1.0


epsilon_lists = st.lists(st.floats(0, 100), min_size=1, max_size=64)


@given(epsilons=epsilon_lists, cap=st.floats(0, 6400))
def test_decision_is_exact_for_all_inputs(epsilons: list[float], cap: float) -> None:
    budget = basic_composition(epsilons, cap)
    assert budget["within_cap"] is (exact(epsilons) <= exact([cap]))
    assert budget["releases"] == len(epsilons)


@given(epsilons=epsilon_lists)
def test_prefixes_are_correctly_rounded_exact_sums(epsilons: list[float]) -> None:
    budget = basic_composition(epsilons)
    expected = [float(exact(epsilons[: i + 1])) for i in range(len(epsilons))]
    assert budget["epsilon_prefix"].tolist() == expected
    assert budget["epsilon_total"] == expected[-1]
    assert all(np.diff(budget["epsilon_prefix"]) >= 0)


@given(epsilons=epsilon_lists)
def test_input_is_never_modified(epsilons: list[float]) -> None:
    array = np.array(epsilons)
    before = array.copy()
    basic_composition(array, 6400)
    assert np.array_equal(array, before)


@pytest.mark.parametrize("bad", BAD_VECTORS, ids=repr)
def test_bad_epsilons(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^epsilons must be a 1-D sequence of 1 to 64"):
        basic_composition(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_bad_cap(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^cap must be a finite real number in \[0, 6400\]"):
        basic_composition([0.1], cap=bad)  # type: ignore[arg-type]


def test_limits() -> None:
    assert basic_composition([100.0] * 64, cap=6400)["within_cap"] is True
    with pytest.raises(ValueError, match="got length 65"):
        basic_composition([0.0] * 65)
    with pytest.raises(ValueError, match=r"\[0, 100\]; got the entry -0.1"):
        basic_composition([0.1, -0.1])
    with pytest.raises(ValueError, match=r"\[0, 100\]; got the entry 100.5"):
        basic_composition([100.5])
    with pytest.raises(ValueError, match=r"cap .*\[0, 6400\]"):
        basic_composition([0.1], cap=6400.5)
    with pytest.raises(ValueError, match=r"cap .*\[0, 6400\]"):
        basic_composition([0.1], cap=-1)


@pytest.mark.usefixtures("global_rng_untouched")
def test_global_rng_untouched() -> None:
    basic_composition([0.25, 0.25, 0.5])
    assert math.isfinite(basic_composition([1.0, 2**-60])["epsilon_total"])
