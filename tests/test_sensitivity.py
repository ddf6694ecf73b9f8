from __future__ import annotations

import math
import statistics
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dplesson import (
    brute_force_sensitivity,
    closed_form_sensitivity,
    median_witness,
    reference_query,
)
from dplesson.sensitivity import (
    MODELS,
    QUERIES,
    BruteForce,
    NeighborModel,
    QueryName,
    Witness,
    contribution_sensitivity,
)
from tests.bad_inputs import BAD_SCALARS

# Hand-derived worst cases on {1, ..., 100} (a = 1, b = 100), threshold 50.
# Add-remove: adding 100 moves the sum by 100; a count, a count above 50 and one histogram
# bin by 1. Replace-one: the size n is public, so the count cannot move; 1 -> 100 moves the
# sum by 99, the count above 50 by 1, and two bins by 1 each.
FIXED = {
    ("count", "add-remove"): 1,
    ("count", "replace-one"): 0,
    ("count_above", "add-remove"): 1,
    ("count_above", "replace-one"): 1,
    ("sum", "add-remove"): 100,
    ("sum", "replace-one"): 99,
    ("histogram", "add-remove"): 1,
    ("histogram", "replace-one"): 2,
}


def threshold_for(query: str) -> dict[str, float]:
    return {"threshold": 50} if query == "count_above" else {}


@pytest.mark.parametrize(("query", "model"), list(FIXED))
@pytest.mark.parametrize("n", [1, 2, 3, 10, 1000])
def test_facts_on_one_to_hundred(query: QueryName, model: NeighborModel, n: int) -> None:
    result = closed_form_sensitivity(query, 1, 100, n, model, **threshold_for(query))
    assert result["exact"] == FIXED[query, model]
    assert result["value"] == float(FIXED[query, model])
    assert type(result["value"]) is float
    assert (result["query"], result["model"], result["lower"], result["upper"], result["n"]) == (
        query,
        model,
        1,
        100,
        n,
    )


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 100])
def test_mean_on_one_to_hundred(n: int) -> None:
    # Replace-one: one value moves by at most 99, the mean by 99 / n.
    assert closed_form_sensitivity("mean", 1, 100, n, "replace-one")["exact"] == Fraction(99, n)
    # Add-remove from n to n + 1 records: n ones plus one 100 moves the mean by 99 / (n + 1).
    ones = [1] * n
    moved = abs(Fraction(sum([*ones, 100]), n + 1) - Fraction(sum(ones), n))
    assert moved == Fraction(99, n + 1)
    assert closed_form_sensitivity("mean", 1, 100, n, "add-remove")["exact"] == moved


@pytest.mark.parametrize("n", [1, 3, 5, 9, 101])
def test_median_odd_n_moves_by_the_whole_width(n: int) -> None:
    result = closed_form_sensitivity("median", 1, 100, n, "replace-one")
    assert result["exact"] == 99
    assert result["value"] == 99.0


@pytest.mark.parametrize("n", [2, 4, 10])
def test_median_even_n_and_add_remove(n: int) -> None:
    # Even n: (1,...,1,100,...,100) half and half has median 50.5; one more 100 gives 100.
    half = [1] * (n // 2) + [100] * (n // 2)
    changed = [1] * (n // 2 - 1) + [100] * (n // 2 + 1)
    assert statistics.median(changed) - statistics.median(half) == 49.5
    assert closed_form_sensitivity("median", 1, 100, n, "replace-one")["exact"] == Fraction(99, 2)
    assert closed_form_sensitivity("median", 1, 100, n, "add-remove")["exact"] == Fraction(99, 2)
    assert closed_form_sensitivity("median", 1, 100, n + 1, "add-remove")["exact"] == Fraction(
        99, 2
    )


def test_sum_with_negative_values() -> None:
    # Adding -7 moves the sum by 7, more than adding 3; replacing -7 by 3 moves it by 10.
    assert closed_form_sensitivity("sum", -7, 3, 5, "add-remove")["exact"] == 7
    assert closed_form_sensitivity("sum", -7, 3, 5, "replace-one")["exact"] == 10


@pytest.mark.parametrize(
    ("threshold", "add_remove", "replace_one"),
    [(1, 1, 1), (1.5, 1, 1), (99.5, 1, 1), (100, 0, 0), (0.99, 1, 0), (-5, 1, 0)],
)
def test_count_above_at_the_edges(threshold: float, add_remove: int, replace_one: int) -> None:
    # Above 100 nothing can be counted; below 1 everything is, so replacing changes nothing,
    # while adding a record still does. At 1, replacing a 1 by a 2 counts one more.
    assert (
        closed_form_sensitivity("count_above", 1, 100, 3, "add-remove", threshold)["exact"]
        == add_remove
    )
    assert (
        closed_form_sensitivity("count_above", 1, 100, 3, "replace-one", threshold)["exact"]
        == replace_one
    )


@pytest.mark.parametrize("n", [1, 3, 5, 7, 21, 99])
def test_median_witness_for_odd_n(n: int) -> None:
    pair = median_witness(n)
    m = n // 2
    assert pair.first == (1,) * (m + 1) + (100,) * m
    assert pair.second == (1,) * m + (100,) * (m + 1)
    assert statistics.median(pair.first) == 1
    assert statistics.median(pair.second) == 100
    # Neighbours: same size, one record replaced.
    assert Counter(pair.first) - Counter(pair.second) == Counter({1: 1})
    assert Counter(pair.second) - Counter(pair.first) == Counter({100: 1})


def test_median_witness_other_bounds() -> None:
    assert median_witness(3, -2, 5) == Witness((-2, -2, 5), (-2, 5, 5))


@pytest.mark.parametrize("n", [3, 5, 11])
def test_the_often_quoted_median_pair_changes_nothing(n: int) -> None:
    # {1, ..., 1, 100} versus {1, ..., 1, 1}: both medians are 1.
    quoted = [1] * (n - 1) + [100]
    other = [1] * n
    assert statistics.median(quoted) == statistics.median(other) == 1


@pytest.mark.parametrize("n", [2, 4, 0, -1])
def test_median_witness_needs_odd_positive_n(n: int) -> None:
    with pytest.raises(ValueError, match=r"^n must be"):
        median_witness(n)


def test_brute_force_finds_the_median_witness_for_n_three() -> None:
    result = brute_force_sensitivity(
        reference_query("median", [1, 50, 100]), [1, 50, 100], 3, "replace-one"
    )
    assert isinstance(result, BruteForce)
    assert result.sensitivity == 99
    assert result.witness == Witness((1, 1, 100), (1, 100, 100))
    # Multisets of 3 from 3 values: C(5, 3) = 10.
    assert result.datasets == math.comb(5, 3)


def test_brute_force_add_remove_counts_both_sizes() -> None:
    result = brute_force_sensitivity(reference_query("sum", {1, 2, 3}), {1, 2, 3}, 2, "add-remove")
    assert result.sensitivity == 3
    assert result.datasets == math.comb(4, 2) + math.comb(5, 3)
    # Every dataset of 2 records has 3 neighbours with one more record.
    assert result.pairs == math.comb(4, 2) * 3
    assert len(result.witness.second) == len(result.witness.first) + 1


def neighbours(first: tuple[int, ...], second: tuple[int, ...], model: str) -> bool:
    """Independent check on two datasets by multiset difference."""
    gone = Counter(first) - Counter(second)
    new = Counter(second) - Counter(first)
    if model == "replace-one":
        return len(first) == len(second) and sum(gone.values()) == sum(new.values()) == 1
    return sum(gone.values()) == 0 and sum(new.values()) == 1


def naive(query: str, data: tuple[int, ...], universe: list[int], threshold: float) -> object:
    """The queries again, with statistics and plain Python, as a second opinion."""
    if query == "count":
        return Fraction(len(data))
    if query == "count_above":
        return Fraction(len([x for x in data if x > threshold]))
    if query == "sum":
        return Fraction(sum(data))
    if query == "mean":
        return Fraction(statistics.mean(Fraction(x) for x in data))
    if query == "median":
        return Fraction(statistics.median(data))
    return [data.count(v) for v in sorted(set(universe))]


def change(query: str, pair: Witness, universe: list[int], threshold: float) -> Fraction:
    first = naive(query, pair.first, universe, threshold)
    second = naive(query, pair.second, universe, threshold)
    if isinstance(first, list) and isinstance(second, list):
        return Fraction(sum(abs(x - y) for x, y in zip(first, second, strict=True)))
    assert isinstance(first, Fraction) and isinstance(second, Fraction)
    return abs(first - second)


UNIVERSES = [[1, 2, 3], [1, 50, 100], [-3, 0, 2, 5], [4, 9]]


@pytest.mark.parametrize("universe", UNIVERSES, ids=str)
@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_brute_force_agrees_with_closed_form(
    universe: list[int], query: QueryName, model: NeighborModel, n: int
) -> None:
    threshold = 1.5
    extra = {"threshold": threshold} if query == "count_above" else {}
    found = brute_force_sensitivity(reference_query(query, universe, **extra), universe, n, model)
    formula = closed_form_sensitivity(query, min(universe), max(universe), n, model, **extra)
    assert found.sensitivity == formula["exact"]
    assert len(found.witness.first) == n
    assert neighbours(found.witness.first, found.witness.second, model)
    assert change(query, found.witness, universe, threshold) == found.sensitivity


@settings(max_examples=60, deadline=None)
@given(
    universe=st.lists(st.integers(-20, 20), min_size=2, max_size=4, unique=True),
    n=st.integers(1, 3),
    query=st.sampled_from(QUERIES),
    model=st.sampled_from(MODELS),
    threshold=st.integers(-21, 20).map(lambda t: t + 0.5),
)
def test_brute_force_never_exceeds_the_closed_form(
    universe: list[int], n: int, query: QueryName, model: NeighborModel, threshold: float
) -> None:
    extra = {"threshold": threshold} if query == "count_above" else {}
    found = brute_force_sensitivity(reference_query(query, universe, **extra), universe, n, model)
    formula = closed_form_sensitivity(query, min(universe), max(universe), n, model, **extra)
    assert found.sensitivity <= formula["exact"]
    # The bounds are in the universe, so the worst case is reached, not only bounded.
    assert found.sensitivity == formula["exact"]


def test_custom_query_and_float_results() -> None:
    # The maximum of the records moves by at most 2 on {1, 2, 3}.
    result = brute_force_sensitivity(lambda data: float(max(data)), [1, 2, 3], 2, "replace-one")
    assert result.sensitivity == 2
    assert max(result.witness.first) != max(result.witness.second)


def test_universe_is_not_modified() -> None:
    universe = [3, 1, 2, 2]
    brute_force_sensitivity(reference_query("sum", universe), universe, 2, "add-remove")
    assert universe == [3, 1, 2, 2]


def test_results_are_independent_objects() -> None:
    first = closed_form_sensitivity("sum", 1, 100, 3, "add-remove")
    first["exact"] = Fraction(7)
    assert closed_form_sensitivity("sum", 1, 100, 3, "add-remove")["exact"] == 100


def test_brute_force_is_bounded() -> None:
    # Multisets of 3 from 100 values: C(102, 3) = 171700, but up to 51 million pairs.
    with pytest.raises(ValueError, match=r"^universe and n must give at most 200000 datasets"):
        brute_force_sensitivity(
            reference_query("sum", range(1, 101)), range(1, 101), 3, "add-remove"
        )
    assert math.comb(102, 3) * 100 > 1_000_000


@pytest.mark.parametrize("query", ["total", "", None, 1, "Sum"])
def test_bad_query_names(query: object) -> None:
    with pytest.raises(ValueError, match=r"^query must be one of 'count', 'count_above'"):
        closed_form_sensitivity(query, 1, 100, 3, "add-remove")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^query must be one of"):
        reference_query(query, [1, 2])  # type: ignore[arg-type]


@pytest.mark.parametrize("model", ["add/remove", "replace", "bounded", None, 0])
def test_bad_models(model: object) -> None:
    with pytest.raises(ValueError, match=r"^model must be one of 'add-remove', 'replace-one'"):
        closed_form_sensitivity("sum", 1, 100, 3, model)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^model must be one of"):
        brute_force_sensitivity(sum, [1, 2], 1, model)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["lower", "upper", "n"])
@pytest.mark.parametrize("bad", [1.0, True, "1", None, 10**7])
def test_bad_integers(name: str, bad: object) -> None:
    arguments: dict[str, object] = {"lower": 1, "upper": 100, "n": 3}
    arguments[name] = bad
    with pytest.raises(ValueError, match=rf"^{name} must be a Python int in \["):
        closed_form_sensitivity("sum", model="add-remove", **arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize(("lower", "upper"), [(5, 5), (6, 5)])
def test_empty_or_reversed_bounds(lower: int, upper: int) -> None:
    with pytest.raises(ValueError, match=r"^upper must be greater than lower"):
        closed_form_sensitivity("sum", lower, upper, 3, "add-remove")


def test_threshold_rules() -> None:
    with pytest.raises(ValueError, match=r"^threshold must be given for count_above"):
        closed_form_sensitivity("count_above", 1, 100, 3, "add-remove")
    with pytest.raises(ValueError, match=r"^threshold is used by count_above only"):
        closed_form_sensitivity("sum", 1, 100, 3, "add-remove", 50)
    for bad in [b for b in BAD_SCALARS if b is not None]:
        with pytest.raises(ValueError, match=r"^threshold must be a finite real number in \["):
            closed_form_sensitivity("count_above", 1, 100, 3, "add-remove", bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("universe", "match"),
    [
        ([1, 1], r"^universe must hold at least 2 distinct integers"),
        ([1.5, 2], r"^universe must hold integers only"),
        ([], r"^universe must be a 1-D sequence"),
        ("12", r"^universe must be a 1-D sequence"),
        ([[1, 2]], r"^universe must be a 1-D sequence"),
        ([1, 10**7], r"^universe must be a 1-D sequence"),
    ],
)
def test_bad_universes(universe: object, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        brute_force_sensitivity(sum, universe, 1, "add-remove")  # type: ignore[arg-type]


def test_bad_query_functions() -> None:
    with pytest.raises(ValueError, match=r"^query must be a function"):
        brute_force_sensitivity("sum", [1, 2], 1, "add-remove")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^query must return finite numbers"):
        brute_force_sensitivity(lambda data: float("nan"), [1, 2], 1, "add-remove")
    with pytest.raises(ValueError, match=r"^query must return finite numbers"):
        brute_force_sensitivity(lambda data: "1.5", [1, 2], 1, "add-remove")  # type: ignore[arg-type, return-value]
    with pytest.raises(ValueError, match=r"^query must return numbers, or tuples of one length"):
        brute_force_sensitivity(lambda data: tuple(data), [1, 2], 1, "add-remove")


@pytest.mark.parametrize("n", [0, 65, 2.0])
def test_bad_brute_force_size(n: object) -> None:
    with pytest.raises(ValueError, match=r"^n must be a Python int in \[1, 64\]"):
        brute_force_sensitivity(sum, [1, 2], n, "add-remove")  # type: ignore[arg-type]


@pytest.mark.usefixtures("global_rng_untouched")
def test_global_rng_untouched() -> None:
    closed_form_sensitivity("median", 1, 100, 3, "replace-one")
    brute_force_sensitivity(reference_query("median", [1, 2, 3]), [1, 2, 3], 3, "replace-one")
    median_witness(5)


# --- contribution_sensitivity: a person with several records ------------------------------------


@given(per_record=st.floats(0.0, 1e3), records=st.integers(1, 1000))
def test_contribution_sensitivity_is_k_times_delta_rounded_up(
    per_record: float, records: int
) -> None:
    found = contribution_sensitivity(per_record, records)
    assert Fraction(found) >= records * Fraction(per_record)
    assert found == pytest.approx(records * per_record, rel=1e-15, abs=0.0)


def test_a_person_with_k_records_moves_a_sum_by_k_times_a_record() -> None:
    # A person is a block of k records in [0, 9]: the sum over all persons' records moves by k·9.
    k = 3

    def total(people: tuple[int, ...]) -> int:
        return sum(k * value for value in people)  # each person's k records, all alike

    found = brute_force_sensitivity(total, range(10), 2, "add-remove").sensitivity
    assert found == contribution_sensitivity(
        closed_form_sensitivity("sum", 0, 9, 2, "add-remove")["value"], k
    )
    assert contribution_sensitivity(0.1, 3) >= 0.3


def test_contribution_sensitivity_refuses_bad_input_by_name() -> None:
    for bad in BAD_SCALARS:
        with pytest.raises(ValueError, match="record_sensitivity"):
            contribution_sensitivity(bad, 2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_records"):
        contribution_sensitivity(1.0, 0)
