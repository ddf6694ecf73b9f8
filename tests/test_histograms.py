from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplesson import (
    closed_form_sensitivity,
    histogram_2d,
    k_anonymize,
    postprocess_histogram,
    release_histogram,
    synthetic_points,
)
from dplesson.histograms import HISTOGRAM_SENSITIVITY
from tests.bad_inputs import BAD_SCALARS, BAD_VECTORS


def slow_histogram(points: list[tuple[float, float]], bins: int) -> list[int]:
    """Row-major counts with exact rational cell edges k / bins."""
    counts = [0] * (bins * bins)
    for x, y in points:
        i = min(math.floor(Fraction(x) * bins), bins - 1)
        j = min(math.floor(Fraction(y) * bins), bins - 1)
        counts[i * bins + j] += 1
    return counts


# histogram_2d ----------------------------------------------------------------------------


def test_hand_example() -> None:
    points = [(0.1, 0.1), (0.1, 0.9), (0.9, 0.1), (0.6, 0.7), (1.0, 1.0), (0.5, 0.5)]
    # Bins of width 1/2: (0.5, 0.5) opens the upper cell, and the edge 1 joins the last cell.
    counts = histogram_2d(points, 2)
    assert counts.tolist() == [1, 1, 1, 3]
    assert counts.dtype == np.int64


def test_edges_are_exact() -> None:
    # The float 0.3 lies just below 3/10, so it belongs to cell 2 of 10, although the
    # rounded product 0.3 * 10 is exactly 3.0.
    assert Fraction(0.3) < Fraction(3, 10)
    assert 0.3 * 10 == 3.0
    counts = histogram_2d([[0.3, 0.7]], 10)
    assert Fraction(0.7) < Fraction(7, 10)
    assert counts.tolist() == slow_histogram([(0.3, 0.7)], 10)
    assert int(np.flatnonzero(counts)[0]) == 2 * 10 + 6


def test_empty_cells_are_listed() -> None:
    counts = histogram_2d([[0.0, 0.0]], 8)
    assert counts.shape == (64,)
    assert counts.tolist() == [1] + [0] * 63


unit = st.floats(0, 1, allow_nan=False)


@given(points=st.lists(st.tuples(unit, unit), min_size=1, max_size=60), bins=st.integers(1, 12))
def test_matches_exact_rational_binning(points: list[tuple[float, float]], bins: int) -> None:
    counts = histogram_2d(points, bins)
    assert counts.tolist() == slow_histogram(points, bins)
    assert int(counts.sum()) == len(points)


def test_points_are_not_modified_nor_aliased() -> None:
    points = np.array([[0.25, 0.75], [0.5, 0.5]])
    before = points.copy()
    counts = histogram_2d(points, 4)
    assert np.array_equal(points, before)
    assert not np.shares_memory(counts, points)


@pytest.mark.parametrize(
    ("points", "match"),
    [
        ([0.1, 0.2], r"^points must be a 2-D array"),
        ([[0.1, 0.2, 0.3]], r"^points must be a 2-D array .*got shape \(1, 3\)"),
        ([[0.1]], r"^points must have 2 columns, x and y; got 1"),
        ([[0.1, 1.5]], r"^points must be a 2-D array .*\[0, 1\]; got the entry 1.5"),
        ([[0.1, -0.1]], r"^points must be a 2-D array"),
        ([[0.1, float("nan")]], r"^points must be a 2-D array .*NaN"),
        ([[True, False]], r"^points must be a 2-D array .*dtype bool"),
        (np.zeros((0, 2)), r"^points must be a 2-D array"),
        ("points", r"^points must be a 2-D array"),
    ],
)
def test_bad_points(points: object, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        histogram_2d(points, 2)  # type: ignore[arg-type]


@pytest.mark.parametrize("bins", [0, 65, 2.0, True, None, np.int64(2)])
def test_bad_bins(bins: object) -> None:
    with pytest.raises(ValueError, match=r"^bins must be a Python int in \[1, 64\]"):
        histogram_2d([[0.1, 0.2]], bins)  # type: ignore[arg-type]


# k_anonymize -----------------------------------------------------------------------------


def test_k_anonymize_suppresses_small_cells() -> None:
    counts = [0, 1, 2, 5, 7, 3]
    assert k_anonymize(counts, 3).tolist() == [0, 0, 0, 5, 7, 3]
    assert k_anonymize(counts, 1).tolist() == counts
    assert counts == [0, 1, 2, 5, 7, 3]


def test_k_anonymize_returns_a_new_array() -> None:
    counts = np.array([4, 5], dtype=np.int64)
    result = k_anonymize(counts, 1)
    assert not np.shares_memory(result, counts)
    result[0] = 99
    assert counts.tolist() == [4, 5]


def test_k_anonymity_is_not_differential_privacy() -> None:
    # Two neighbouring datasets: one person more in the first cell. With k = 2 the first
    # table shows the cell and the second hides it, every time: the outputs never overlap,
    # so no finite epsilon bounds their ratio.
    with_person = k_anonymize([2, 4], 2)
    without_person = k_anonymize([1, 4], 2)
    assert with_person.tolist() == [2, 4]
    assert without_person.tolist() == [0, 4]


@pytest.mark.parametrize(
    ("counts", "match"),
    [
        ([1.5, 2], r"^counts must hold whole numbers"),
        ([-1, 2], r"^counts must be a 1-D sequence .* in \[0, 1e\+09\]"),
        ([[1, 2]], r"^counts must be a 1-D sequence"),
    ],
)
def test_bad_counts(counts: object, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        k_anonymize(counts, 2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=match):
        release_histogram(counts, 1.0, np.random.default_rng(0))  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", BAD_VECTORS, ids=repr)
def test_bad_count_vectors(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^counts must be a 1-D sequence"):
        k_anonymize(bad, 2)  # type: ignore[arg-type]


@pytest.mark.parametrize("k", [0, -1, 2.0, True, None])
def test_bad_k(k: object) -> None:
    with pytest.raises(ValueError, match=r"^k must be a Python int in \[1, "):
        k_anonymize([1, 2], k)  # type: ignore[arg-type]


# release_histogram -----------------------------------------------------------------------


def test_sensitivities_match_the_closed_form() -> None:
    for model, value in HISTOGRAM_SENSITIVITY.items():
        assert closed_form_sensitivity("histogram", 0, 1, 5, model)["value"] == value  # type: ignore[arg-type]
    assert dict(HISTOGRAM_SENSITIVITY) == {"add-remove": 1.0, "replace-one": 2.0}


@pytest.mark.parametrize(("model", "sensitivity"), [("add-remove", 1.0), ("replace-one", 2.0)])
def test_every_cell_gets_noise_of_the_right_scale(model: str, sensitivity: float) -> None:
    counts = [0, 3, 0, 7]
    released = release_histogram(counts, 0.5, np.random.default_rng(4), model)  # type: ignore[arg-type]
    noise = np.random.default_rng(4).laplace(0.0, sensitivity / 0.5, 4)
    assert np.array_equal(released, np.array(counts) + noise)
    assert released.dtype == np.float64
    assert np.all(released != np.array(counts))


def test_default_model_is_add_remove() -> None:
    a = release_histogram([1, 2], 1.0, np.random.default_rng(3))
    b = release_histogram([1, 2], 1.0, np.random.default_rng(3), "add-remove")
    assert np.array_equal(a, b)


def test_noise_variance_on_many_empty_cells() -> None:
    released = release_histogram(
        np.zeros(4096, dtype=int), 1.0, np.random.default_rng(6), "replace-one"
    )
    # Scale 2: variance 2 * 2**2 = 8, fourth moment 24 * 2**4 = 384.
    tolerance = 6 * math.sqrt((384 - 64) / 4096)
    assert abs(float(np.mean(released**2)) - 8) < tolerance


def test_release_does_not_modify_counts() -> None:
    counts = np.array([1, 2, 3])
    released = release_histogram(counts, 1.0, np.random.default_rng(0))
    assert counts.tolist() == [1, 2, 3]
    assert not np.shares_memory(released, counts)


@pytest.mark.parametrize("model", ["bounded", "replace", None, 1])
def test_bad_model(model: object) -> None:
    with pytest.raises(ValueError, match=r"^model must be one of 'add-remove', 'replace-one'"):
        release_histogram([1], 1.0, np.random.default_rng(0), model)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", BAD_SCALARS, ids=repr)
def test_bad_epsilon(bad: object) -> None:
    with pytest.raises(
        ValueError, match=r"^epsilon must be a finite real number in \[0.001, 100\]"
    ):
        release_histogram([1], bad, np.random.default_rng(0))  # type: ignore[arg-type]


# Post-processing and synthetic points ----------------------------------------------------


def test_postprocess_clamps_and_rounds_half_to_even() -> None:
    noisy = [-1.2, 0.4, 0.5, 1.5, 2.49, 3.7, 2.5]
    result = postprocess_histogram(noisy)
    assert result.tolist() == [0, 0, 0, 2, 2, 4, 2]
    assert result.dtype == np.int64
    assert noisy == [-1.2, 0.4, 0.5, 1.5, 2.49, 3.7, 2.5]


@given(st.lists(st.floats(-1e6, 1e6), min_size=1, max_size=50))
def test_postprocess_is_never_negative_and_rounds(noisy: list[float]) -> None:
    result = postprocess_histogram(noisy).tolist()
    assert result == [max(0, round(v)) for v in noisy]


def test_synthetic_points_follow_the_counts() -> None:
    noisy = [-0.7, 29.6, 10.2, 0.4]  # post-processed: 0, 30, 10, 0
    size = 40_000
    points = synthetic_points(noisy, 2, size, np.random.default_rng(10))
    assert points.shape == (size, 2)
    assert points.dtype == np.float64
    assert np.all((points >= 0) & (points <= 1))
    cells = histogram_2d(points, 2)
    assert cells[0] == 0
    assert cells[3] == 0
    share = cells[1] / size
    assert abs(share - 0.75) < 6 * math.sqrt(0.75 * 0.25 / size)
    # Cell 1 is x in [0, 1/2), y in [1/2, 1): uniform inside, so the mean is (1/4, 3/4).
    inside = points[(points[:, 0] < 0.5) & (points[:, 1] >= 0.5)]
    side = 0.5 / math.sqrt(12)  # standard deviation of a uniform on a width of 1/2
    assert np.all(np.abs(inside.mean(axis=0) - [0.25, 0.75]) < 6 * side / math.sqrt(len(inside)))


def test_synthetic_points_do_not_modify_the_release() -> None:
    noisy = np.array([1.0, 2.0, 3.0, 4.0])
    points = synthetic_points(noisy, 2, 10, np.random.default_rng(0))
    assert noisy.tolist() == [1.0, 2.0, 3.0, 4.0]
    assert not np.shares_memory(points, noisy)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (
            lambda rng: synthetic_points([0.2, -3, 0.49, 0], 2, 5, rng),
            r"^noisy_counts must have a cell",
        ),
        (
            lambda rng: synthetic_points([1, 2, 3], 2, 5, rng),
            r"^noisy_counts must have bins \* bins = 4",
        ),
        (lambda rng: synthetic_points([1, 2, 3, 4], 2, 0, rng), r"^size must be a Python int"),
        (lambda rng: synthetic_points([1, 2, 3, 4], 0, 5, rng), r"^bins must be a Python int"),
        (lambda rng: postprocess_histogram([float("inf")]), r"^noisy_counts must be a 1-D"),
    ],
)
def test_bad_synthetic_inputs(call: Callable[[np.random.Generator], object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        call(np.random.default_rng(0))


@pytest.mark.parametrize(
    "bad",
    [None, 42, random.Random(0), np.random.RandomState(0)],
    ids=lambda value: type(value).__name__,
)
def test_only_generators(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^rng must be a numpy.random.Generator"):
        synthetic_points([1, 2, 3, 4], 2, 5, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^rng must be a numpy.random.Generator"):
        release_histogram([1, 2], 1.0, bad)  # type: ignore[arg-type]


@pytest.mark.usefixtures("global_rng_untouched")
def test_global_rng_untouched() -> None:
    rng = np.random.default_rng(2)
    counts = histogram_2d(rng.random((50, 2)), 4)
    k_anonymize(counts, 3)
    noisy = release_histogram(counts, 1.0, rng, "replace-one")
    postprocess_histogram(noisy)
    synthetic_points(noisy, 4, 20, rng)
