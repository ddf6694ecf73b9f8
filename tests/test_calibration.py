from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplesson import laplace_calibration
from tests.bad_inputs import BAD_SCALARS


def test_hand_example_four_contributions() -> None:
    # Four values in [0, 1]: one replaced value moves the mean by (1 - 0) / 4.
    result = laplace_calibration(4)
    assert result == {
        "count": 4,
        "lower": 0.0,
        "upper": 1.0,
        "epsilon": 1.0,
        "sensitivity": 1 / 4,
        "scale": 1 / 4,
        "neighbor_model": "replace-one-fixed-size",
    }


def test_types_are_plain_python() -> None:
    result = laplace_calibration(8, np.int64(-2), np.float32(6), np.float64(0.5))
    assert type(result["count"]) is int
    for key in ("lower", "upper", "epsilon", "sensitivity", "scale"):
        assert type(result[key]) is float
    assert result["sensitivity"] == 1.0
    assert result["scale"] == 2.0


def test_smaller_epsilon_wider_noise() -> None:
    scales = [laplace_calibration(4, epsilon=e)["scale"] for e in (2.0, 1.0, 0.5)]
    assert scales == [0.125, 0.25, 0.5]


@given(
    count=st.integers(1, 4096),
    lower=st.floats(-1e6, 1e6),
    width=st.floats(0.001, 2e6),
    epsilon=st.floats(0.001, 100),
)
def test_formulas_hold_for_all_valid_inputs(
    count: int, lower: float, width: float, epsilon: float
) -> None:
    upper = lower + width
    if upper > 1e6 or upper - lower < 0.001:
        return
    result = laplace_calibration(count, lower, upper, epsilon)
    # Independent check with exact rationals; tests/test_rounding.py checks the rounding up.
    exact_sensitivity = (Fraction(upper) - Fraction(lower)) / count
    assert math.isclose(result["sensitivity"], float(exact_sensitivity), rel_tol=1e-15)
    exact_scale = exact_sensitivity / Fraction(epsilon)
    assert math.isclose(result["scale"], float(exact_scale), rel_tol=1e-15)
    assert result["scale"] > 0


@pytest.mark.parametrize(
    "count", [0, 4097, -1, True, False, 4.0, np.int64(4), np.int32(4), "4", None, 10**400]
)
def test_count_must_be_python_int_in_range(count: object) -> None:
    with pytest.raises(ValueError, match=r"count must be a Python int in \[1, 4096\]"):
        laplace_calibration(count)  # type: ignore[arg-type]


def test_count_limits_are_inclusive() -> None:
    assert laplace_calibration(1)["sensitivity"] == 1.0
    assert laplace_calibration(4096)["sensitivity"] == 1 / 4096


@pytest.mark.parametrize("name", ["lower", "upper", "epsilon"])
@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_bad_scalars_are_rejected(name: str, bad: object) -> None:
    with pytest.raises(ValueError, match=rf"^{name} must be a finite real number in \["):
        laplace_calibration(4, **{name: bad})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"lower": -1e6 - 1, "upper": 0.0}, r"lower .*\[-1e\+06, 1e\+06\]"),
        ({"upper": 1e6 + 1}, r"upper .*\[-1e\+06, 1e\+06\]"),
        ({"epsilon": 0.0009}, r"epsilon .*\[0.001, 100\]"),
        ({"epsilon": 100.5}, r"epsilon .*\[0.001, 100\]"),
        ({"lower": 0.0, "upper": 0.0009}, r"upper - lower must be at least 0.001"),
        ({"lower": 1.0, "upper": 0.0}, r"upper - lower must be at least 0.001"),
    ],
)
def test_out_of_range(kwargs: dict[str, float], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        laplace_calibration(4, **kwargs)


def test_range_edges_are_accepted() -> None:
    result = laplace_calibration(1, -1e6, 1e6, 100)
    assert result["sensitivity"] == 2e6
    assert laplace_calibration(1, 0.0, 0.001, 0.001)["scale"] == 1.0


@pytest.mark.usefixtures("global_rng_untouched")
def test_global_rng_untouched() -> None:
    laplace_calibration(4)
    laplace_calibration(100, -5, 5, 0.5)
