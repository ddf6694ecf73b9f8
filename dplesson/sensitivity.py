"""Global sensitivity of simple queries on integers from ``lower`` to ``upper``, two ways.

``closed_form_sensitivity`` states the worst case by formula; ``brute_force_sensitivity``
finds it by trying every pair of neighbouring datasets of a small universe, so that each
formula can be checked rather than believed. Both use the same two neighbour models:

* ``"replace-one"``: both datasets hold ``n`` records (the size is public) and differ in
  the value of one record;
* ``"add-remove"``: one dataset is the other plus one record; ``n`` is the size of the
  smaller one, so the pair holds ``n`` and ``n + 1`` records.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, TypedDict

import numpy as np

from dplesson.rounding import float_up
from dplesson.validation import Real, check_choice, check_count, check_scalar, check_vector

__all__ = [
    "MODELS",
    "QUERIES",
    "BruteForce",
    "NeighborModel",
    "QueryName",
    "QueryValue",
    "Sensitivity",
    "Witness",
    "brute_force_sensitivity",
    "closed_form_sensitivity",
    "contribution_sensitivity",
    "median_witness",
    "reference_query",
]

NeighborModel = Literal["add-remove", "replace-one"]
QueryName = Literal["count", "count_above", "sum", "mean", "median", "histogram"]
MODELS: tuple[NeighborModel, ...] = ("add-remove", "replace-one")
QUERIES: tuple[QueryName, ...] = ("count", "count_above", "sum", "mean", "median", "histogram")

#: What a query may return: one exact or float number, or a vector of them (compared in L1).
QueryValue = int | float | Fraction | tuple[int | float | Fraction, ...]

BOUND = 10**6
MAX_N = 10**6
MAX_UNIVERSE = 1000
MAX_BRUTE_N = 64
MAX_DATASETS = 200_000
MAX_PAIRS = 1_000_000


class Sensitivity(TypedDict):
    """What ``closed_form_sensitivity`` returns: the exact worst case and its float view."""

    query: str
    model: str
    lower: int
    upper: int
    n: int
    exact: Fraction
    value: float


@dataclass(frozen=True)
class Witness:
    """Two neighbouring datasets, each a sorted tuple of records."""

    first: tuple[int, ...]
    second: tuple[int, ...]


@dataclass(frozen=True)
class BruteForce:
    """The largest change found, the first pair that reaches it, and how much was tried."""

    sensitivity: Fraction
    witness: Witness
    datasets: int
    pairs: int


def _check_bounds(lower: object, upper: object) -> tuple[int, int]:
    low = check_count("lower", lower, -BOUND, BOUND)
    high = check_count("upper", upper, -BOUND, BOUND)
    if high <= low:
        raise ValueError(f"upper must be greater than lower; got lower={low}, upper={high}")
    return low, high


def _check_threshold(query: str, threshold: Real | None) -> float | None:
    if query == "count_above":
        if threshold is None:
            raise ValueError("threshold must be given for count_above; got None")
        return check_scalar("threshold", threshold, -BOUND, BOUND)
    if threshold is not None:
        raise ValueError(f"threshold is used by count_above only; got it for {query!r}")
    return None


# --8<-- [start:closed_form_sensitivity]
def closed_form_sensitivity(
    query: QueryName,
    lower: int,
    upper: int,
    n: int,
    model: NeighborModel,
    threshold: Real | None = None,
) -> Sensitivity:
    """Largest change of ``query`` between neighbouring datasets of integers in the bounds.

    With ``a = lower``, ``b = upper`` and ``t = threshold`` (add-remove; replace-one):

    * ``count``: 1; 0, since the size ``n`` is public under replace-one.
    * ``count_above`` (records ``> t``): 1 if ``b > t``; 1 if ``a <= t < b``; else 0.
    * ``sum``: ``max(|a|, |b|)``; ``b - a``.
    * ``mean``: ``(b - a) / (n + 1)``; ``(b - a) / n``.
    * ``median``: ``(b - a) / 2``; ``b - a`` for odd ``n``, ``(b - a) / 2`` for even ``n``.
    * ``histogram`` (one bin per value, L1 distance): 1; 2.

    Under add-remove the size itself is private: the mean and median values hold for a
    smaller dataset of exactly ``n`` records, so noise calibrated to them is only valid if
    every possible ``n`` is covered; the worst case over all ``n >= 1`` is ``(b - a)/2`` for
    both. That is why the lesson releases a noisy sum and a noisy count instead.
    """
    query = check_choice("query", query, QUERIES)
    model = check_choice("model", model, MODELS)
    low, high = _check_bounds(lower, upper)
    n = check_count("n", n, 1, MAX_N)
    cut = _check_threshold(query, threshold)
    width = high - low
    add_remove = model == "add-remove"
    exact: Fraction
    if query == "count":
        exact = Fraction(1 if add_remove else 0)
    elif query == "count_above":
        assert cut is not None
        exact = Fraction(int(high > cut if add_remove else low <= cut < high))
    elif query == "sum":
        exact = Fraction(max(abs(low), abs(high)) if add_remove else width)
    elif query == "mean":
        exact = Fraction(width, n + 1 if add_remove else n)
    elif query == "median":
        exact = Fraction(width, 2) if add_remove or n % 2 == 0 else Fraction(width)
    else:
        exact = Fraction(1 if add_remove else 2)
    return {
        "query": query,
        "model": model,
        "lower": low,
        "upper": high,
        "n": n,
        "exact": exact,
        "value": float_up(exact),
    }


# --8<-- [end:closed_form_sensitivity]


def contribution_sensitivity(record_sensitivity: Real, max_records: int) -> float:
    """Return ``k·Δ``: how far one privacy unit moves a query through up to ``k`` records.

    When a person (the privacy unit) may contribute up to ``max_records`` records, kept to
    that bound in advance, and one record moves the query by at most ``record_sensitivity``
    (in any norm), the person's records together move it by at most ``k·Δ`` (the triangle
    inequality), and records that all push the same way reach it: a count of visits with
    up to ``k`` visits per person has sensitivity ``k``, a sum of ``k`` clipped gradients
    ``k·C``. Rounded up.
    """
    delta = check_scalar("record_sensitivity", record_sensitivity, 0.0, float(BOUND))
    k = check_count("max_records", max_records, 1, MAX_N)
    return float_up(k * Fraction(delta))


# --8<-- [start:median_witness]
def median_witness(n: int, lower: int = 1, upper: int = 100) -> Witness:
    """Neighbours for an odd ``n = 2m + 1`` whose medians are ``lower`` and ``upper``.

    ``m + 1`` lows and ``m`` highs against ``m`` lows and ``m + 1`` highs: one record moves
    from ``lower`` to ``upper`` and drags the middle with it. (Changing the last of
    ``lower, ..., lower, upper`` does nothing: both medians are ``lower``.)
    """
    n = check_count("n", n, 1, MAX_N)
    if n % 2 == 0:
        raise ValueError(f"n must be odd; got {n}")
    low, high = _check_bounds(lower, upper)
    m = n // 2
    return Witness(
        first=(low,) * (m + 1) + (high,) * m,
        second=(low,) * m + (high,) * (m + 1),
    )


# --8<-- [end:median_witness]


def _median(data: tuple[int, ...]) -> Fraction:
    middle = len(data) // 2
    if len(data) % 2:
        return Fraction(data[middle])
    return Fraction(data[middle - 1] + data[middle], 2)


def _check_universe(universe: object) -> tuple[int, ...]:
    if isinstance(universe, (set, frozenset)):
        universe = sorted(universe)
    values = check_vector("universe", universe, max_length=MAX_UNIVERSE, low=-BOUND, high=BOUND)
    if not np.array_equal(values, np.round(values)):
        raise ValueError("universe must hold integers only; got a fraction")
    distinct = tuple(sorted({int(v) for v in values}))
    if len(distinct) < 2:
        raise ValueError(f"universe must hold at least 2 distinct integers; got {distinct}")
    return distinct


def reference_query(
    query: QueryName, universe: Iterable[int], threshold: Real | None = None
) -> Callable[[tuple[int, ...]], QueryValue]:
    """Build the exact query ``query`` as a function of a sorted tuple of records.

    Means and medians are ``Fraction``; the histogram has one bin per universe value.
    """
    query = check_choice("query", query, QUERIES)
    bins = _check_universe(universe)
    cut = _check_threshold(query, threshold)
    if query == "count":
        return len
    if query == "count_above":
        assert cut is not None
        above = cut
        return lambda data: sum(1 for x in data if x > above)
    if query == "sum":
        return sum
    if query == "mean":
        return lambda data: Fraction(sum(data), len(data))
    if query == "median":
        return _median
    return lambda data: tuple(data.count(value) for value in bins)


Exact = int | Fraction | tuple[int | Fraction, ...]


def _exact_number(value: object) -> int | Fraction:
    if isinstance(value, (int, np.integer)):  # bool included: True counts as 1
        return int(value)
    if isinstance(value, Fraction):
        return value
    if isinstance(value, (float, np.floating)):
        return Fraction(float(value))
    raise TypeError(type(value).__name__)


def _exact(value: object) -> Exact:
    """Convert one query answer, once, to exact numbers."""
    try:
        if isinstance(value, tuple):
            return tuple(_exact_number(x) for x in value)
        return _exact_number(value)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(
            f"query must return finite numbers, or tuples of them; got {value!r}"
        ) from None


def _gap(x: int | Fraction, y: int | Fraction) -> int | Fraction:
    if isinstance(x, int) and isinstance(y, int):
        return abs(x - y)
    return abs(Fraction(x) - Fraction(y))


def _distance(first: Exact, second: Exact) -> int | Fraction:
    if isinstance(first, tuple) and isinstance(second, tuple) and len(first) == len(second):
        return sum(_gap(x, y) for x, y in zip(first, second, strict=True))
    if not isinstance(first, tuple) and not isinstance(second, tuple):
        return _gap(first, second)
    raise ValueError(
        f"query must return numbers, or tuples of one length; got {first!r} and {second!r}"
    )


def _neighbors(
    data: tuple[int, ...], universe: tuple[int, ...], model: str
) -> Iterator[tuple[int, ...]]:
    """Every neighbour of ``data`` under ``model``; add-remove adds one record only."""
    for new in universe:
        if model == "add-remove":
            grown = list(data)
            bisect.insort(grown, new)
            yield tuple(grown)
            continue
        for old in sorted(set(data)):
            if old != new:
                changed = list(data)
                changed.remove(old)
                bisect.insort(changed, new)
                yield tuple(changed)


# --8<-- [start:brute_force_sensitivity]
def brute_force_sensitivity(
    query: Callable[[tuple[int, ...]], QueryValue],
    universe: Iterable[int],
    n: int,
    model: NeighborModel,
) -> BruteForce:
    """Try every dataset of ``n`` records from ``universe`` and every neighbour of it.

    Datasets are multisets, passed to ``query`` as sorted tuples, so ``query`` must not
    depend on the order of records. Numbers are compared exactly (``Fraction``); tuples by
    their L1 distance. Work is capped at 200 000 datasets and 1 000 000 pairs (a few seconds).
    """
    if not callable(query):
        raise ValueError(f"query must be a function of a tuple of records; got {query!r}")
    values = _check_universe(universe)
    n = check_count("n", n, 1, MAX_BRUTE_N)
    model = check_choice("model", model, MODELS)
    size = len(values)
    datasets = math.comb(size + n - 1, n)
    if model == "add-remove":
        datasets += math.comb(size + n, n + 1)
        pairs = math.comb(size + n - 1, n) * size
    else:
        pairs = math.comb(size + n - 1, n) * min(n, size) * (size - 1)
    if datasets > MAX_DATASETS or pairs > MAX_PAIRS:
        raise ValueError(
            f"universe and n must give at most {MAX_DATASETS} datasets and {MAX_PAIRS} pairs; "
            f"got {datasets} datasets and up to {pairs} pairs for {size} values and n={n}"
        )
    answers: dict[tuple[int, ...], Exact] = {}

    def answer(data: tuple[int, ...]) -> Exact:
        if data not in answers:
            answers[data] = _exact(query(data))
        return answers[data]

    best: int | Fraction = -1
    witness = Witness((), ())
    tried = 0
    for data in itertools.combinations_with_replacement(values, n):
        here = answer(data)
        for other in _neighbors(data, values, model):
            tried += 1
            change = _distance(here, answer(other))
            if change > best:
                best, witness = change, Witness(data, other)
    return BruteForce(
        sensitivity=Fraction(best), witness=witness, datasets=len(answers), pairs=tried
    )


# --8<-- [end:brute_force_sensitivity]
