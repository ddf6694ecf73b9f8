from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from dplesson import laplace_log_density
from tests.bad_inputs import BAD_SCALARS, BAD_VECTORS


def test_hand_example() -> None:
    left = laplace_log_density([0, 0.25], center=0, scale=0.25)
    right = laplace_log_density([0, 0.25], center=0.25, scale=0.25)
    # ln(1 / (2 * 0.25)) = ln 2, and one scale away the log-density drops by 1.
    assert np.allclose(left, [math.log(2), math.log(2) - 1], rtol=0, atol=1e-15)
    assert np.allclose(left - right, [1.0, -1.0], rtol=0, atol=1e-15)
    assert np.round(left, 3).tolist() == [0.693, -0.307]


def test_returns_a_new_float_array() -> None:
    points = np.array([0.0, 1.0, 2.0])
    copy = points.copy()
    result = laplace_log_density(points)
    assert isinstance(result, np.ndarray)
    assert result.dtype == np.float64
    assert result.shape == points.shape
    assert not np.shares_memory(result, points)
    result[:] = 99
    assert np.array_equal(points, copy)


def test_integer_and_unsigned_points() -> None:
    for dtype in (np.int8, np.uint16, np.int64, np.float32):
        points = np.array([0, 1], dtype=dtype)
        assert np.allclose(laplace_log_density(points), [-math.log(2), -math.log(2) - 1])


def test_far_tail_stays_finite_where_log_pdf_underflows() -> None:
    with np.errstate(divide="ignore", over="ignore", under="ignore"):
        naive = np.log(np.exp(-2e6 / 1e-12) / (2e-12))
    assert naive == -np.inf
    result = laplace_log_density([1e6], center=-1e6, scale=1e-12)
    assert np.isfinite(result).all()
    assert result[0] == pytest.approx(-math.log(2e-12) - 2e6 / 1e-12, rel=1e-15)


finite_points = hnp.arrays(
    np.float64,
    st.integers(1, 50),
    elements=st.floats(-1e6, 1e6, allow_nan=False),
)


@given(points=finite_points, center=st.floats(-1e6, 1e6), scale=st.floats(1e-3, 1e3))
def test_matches_log_of_the_density(points: np.ndarray, center: float, scale: float) -> None:
    result = laplace_log_density(points, center, scale)
    assert np.isfinite(result).all()
    for z, value in zip(points.tolist(), result.tolist(), strict=True):
        density = math.exp(-abs(z - center) / scale) / (2 * scale)
        if density > 1e-300:
            assert value == pytest.approx(math.log(density), rel=1e-9, abs=1e-9)


@given(
    points=finite_points,
    centers=st.tuples(st.floats(-1e3, 1e3), st.floats(-1e3, 1e3)),
    scale=st.floats(1e-3, 1e3),
)
def test_pointwise_bound(points: np.ndarray, centers: tuple[float, float], scale: float) -> None:
    # |l_D(z) - l_D'(z)| <= |mu - mu'| / s for every z (triangle inequality).
    first = laplace_log_density(points, centers[0], scale)
    second = laplace_log_density(points, centers[1], scale)
    bound = abs(centers[0] - centers[1]) / scale
    assert np.all(np.abs(first - second) <= bound * (1 + 1e-9) + 1e-6)


@given(points=finite_points)
def test_input_is_never_modified(points: np.ndarray) -> None:
    before = points.copy()
    laplace_log_density(points, 0.5, 2.0)
    assert np.array_equal(points, before)


@pytest.mark.parametrize("bad", BAD_VECTORS, ids=repr)
def test_bad_points(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^points must be a 1-D sequence of 1 to 4096"):
        laplace_log_density(bad)  # type: ignore[arg-type]


def test_length_and_value_limits() -> None:
    assert laplace_log_density(np.zeros(4096)).shape == (4096,)
    with pytest.raises(ValueError, match="got length 4097"):
        laplace_log_density(np.zeros(4097))
    with pytest.raises(ValueError, match=r"\[-1e\+06, 1e\+06\]; got the entry 1000000.5"):
        laplace_log_density([0.0, 1e6 + 0.5])
    assert np.isfinite(laplace_log_density([-1e6, 1e6])).all()


@pytest.mark.parametrize("name", ["center", "scale"])
@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_bad_scalars(name: str, bad: object) -> None:
    with pytest.raises(ValueError, match=rf"^{name} must be a finite real number in \["):
        laplace_log_density([0.0], **{name: bad})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"center": 1e6 + 1}, r"center .*\[-1e\+06, 1e\+06\]"),
        ({"scale": 1e-13}, r"scale .*\[1e-12, 2e\+09\]"),
        ({"scale": 0.0}, r"scale .*\[1e-12, 2e\+09\]"),
        ({"scale": -1.0}, r"scale .*\[1e-12, 2e\+09\]"),
        ({"scale": 2.1e9}, r"scale .*\[1e-12, 2e\+09\]"),
    ],
)
def test_scalar_ranges(kwargs: dict[str, float], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        laplace_log_density([0.0], **kwargs)


@pytest.mark.usefixtures("global_rng_untouched")
def test_global_rng_untouched() -> None:
    laplace_log_density(np.linspace(-3, 3, 101), 0.25, 0.25)
