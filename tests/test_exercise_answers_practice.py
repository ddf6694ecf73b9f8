"""The exercises of the practitioner chapter: answers recomputed, facts behind the choices.

Numeric answers come from each exercise's own parameters with textbook formulas, not through
the functions that built them; each choice or "find the bug" item is backed by the fact that
makes its correct option right.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from dplesson.bounding import bound_contributions, clamping_error
from dplesson.derived import match_total
from dplesson.exercises import catalogue
from dplesson.selection import above_threshold_probabilities, leaky_sparse_vector_probability
from tests.test_exercise_answers import check_variant, run, variants

PRACTICE = ("practitioner",)
Params = Mapping[str, Any]
LN20 = math.log(20)


def _upper(p: Params) -> float:
    # noise std sqrt(2) * U / (n * eps) <= target
    return float(p["target"] * p["n"] * p["epsilon"] / math.sqrt(2))


def _contribution_bar(p: Params) -> float:
    assert p["scale"] == p["k"] / p["epsilon"]
    return float(p["k"] / p["epsilon"] * LN20)


def _threshold(p: Params) -> float:
    delta = 10.0 ** -p["k"]
    tau = 1 + math.log(1 / (2 * delta)) / p["epsilon"]
    # a key with one person passes with probability exactly delta: P(1 + Z >= tau)
    assert math.isclose(0.5 * math.exp(-(tau - 1) * p["epsilon"]), delta, rel_tol=1e-12)
    return float(tau)


def _ratio(p: Params) -> float:
    return float(p["sum_scale"] * LN20 / p["count"])


def _over_time(p: Params) -> float:
    total = Fraction(p["epsilon"]) * p["per_day"] * p["days"]
    assert Fraction(p["total"]) >= total
    return float(total)


def _plan(p: Params) -> float:
    # Each month's count: one rider moves it by at most k, so its scale is k/ε and its 95 %
    # half-width (k/ε) ln 20; solve for ε. A rider rides in every month: the ε add up.
    per_month = p["k"] * LN20 / p["target"]
    assert abs(per_month - p["per_month"]) <= 5e-5
    return float(p["months"] * per_month)


NUMBERS: dict[str, Callable[[Params], float]] = {
    "practitioner-upper": _upper,
    "practitioner-contribution-bar": _contribution_bar,
    "practitioner-threshold": _threshold,
    "practitioner-ratio": _ratio,
    "practitioner-over-time": _over_time,
    "practitioner-plan": _plan,
}


@pytest.mark.parametrize(("exercise_id", "index"), variants(PRACTICE))
def test_each_variants_answer_is_recomputed_from_its_parameters(
    exercise_id: str, index: int
) -> None:
    check_variant(NUMBERS, exercise_id, index)
    variant = catalogue.by_id(exercise_id).variants[index]
    rounded = variant.params.get("rounded")
    if rounded is not None:  # the explanation's value is the answer, rounded
        assert variant.answer is not None and rounded == round(variant.answer, 2)


def test_bounds_from_the_data_move_with_one_person_and_the_week_triples_the_noise() -> None:
    item = catalogue.by_id("practitioner-bounds")
    assert item.correct == "public"
    hours = [38.0, 40.0, 45.0, 52.0]
    neighbour = [*hours[:-1], 80.0]  # one person's long weeks
    assert max(hours) != max(neighbour)  # a bound taken from the data follows one person
    week = clamping_error(hours, 0, 168, 1.0)["noise_std"]
    public = clamping_error(hours, 0, 60, 1.0)["noise_std"]
    assert 2.5 < week / public < 3  # "nearly triples the noise"


def test_a_patient_moves_a_bounded_count_by_at_most_k() -> None:
    assert catalogue.by_id("practitioner-unit").correct == "patient"
    visits = [1] * 30 + [2, 3] + [4] * 5  # patient 1 has 30 visits
    k = 3
    kept = bound_contributions(visits, k, np.random.default_rng(1))
    without = [v for v in visits if v != 1]
    kept_without = bound_contributions(without, k, np.random.default_rng(1))
    assert len(visits) - len(without) == 30  # unbounded: one patient moves the count by 30
    assert len(kept) - len(kept_without) == k  # bounded: by k


def test_the_monitor_does_not_stop_at_its_first_alarm() -> None:
    item = catalogue.by_id("practitioner-svt-bug")
    assert item.correct == "line-8"
    monitor = run(item.code)["monitor"]
    alarms = monitor([0, 20, 0, 20], 10, 1.0, np.random.default_rng(3))
    assert len(alarms) == 4  # one answer per count, after the first alarm too
    assert item.code is not None and "alarms.append" in item.code.splitlines()[7]
    # Without the stop the loss exceeds epsilon (Lyu, Su and Li 2017); with it, never.
    d, d_prime = [1, 1, 1, 0, 0, 0], [0, 0, 0, 1, 1, 1]
    pattern = [True, True, True, False, False, False]
    leaky = leaky_sparse_vector_probability(d, 0.5, pattern, 1.0, 1) / (
        leaky_sparse_vector_probability(d_prime, 0.5, pattern, 1.0, 1)
    )
    assert math.log(leaky) > 1.0
    fair = above_threshold_probabilities(d, 0.5, 1.0, 1) / above_threshold_probabilities(
        d_prime, 0.5, 1.0, 1
    )
    assert np.all(np.log(fair) <= 1.0 + 1e-9)


def test_the_monthly_plan_meets_its_bar_and_a_rider_in_every_month_sums_the_epsilons() -> None:
    item = catalogue.by_id("practitioner-plan")
    for variant in item.variants:
        k, target = int(variant.params["k"]), float(variant.params["target"])
        months = int(variant.params["months"])
        epsilon = k * LN20 / target
        scale = k / epsilon
        # the 95 % half-width of Laplace noise of that scale is the promised bar
        assert math.isclose(-scale * math.log(0.05), target, rel_tol=1e-12)
        # a rider with k rides in each month is in every month's count: under add/remove
        # each monthly count moves by k, so the months are not disjoint parts for that rider
        rides = [(rider, month) for rider in (1, 2) for month in range(months)]
        rides += [(1, month) for month in range(months) for _ in range(k - 1)]
        for month in range(months):
            with_rider = sum(1 for r, m in rides if m == month)
            without = sum(1 for r, m in rides if m == month and r != 1)
            assert with_rider - without == k
        assert variant.answer == pytest.approx(months * epsilon, rel=1e-12)


def test_the_support_group_protects_membership_and_the_member() -> None:
    item = catalogue.by_id("practitioner-scenario")
    assert item.correct == "member-add"
    # members with their attendances; membership itself is the secret
    members = {"ann": 4, "bo": 1, "cy": 2}
    without_ann = {m: a for m, a in members.items() if m != "ann"}
    # replace-one keeps the number of members: it would be published exactly, and it
    # differs between two datasets that differ in one member's membership
    assert len(members) != len(without_ann)
    # an attendance as the unit covers a change of 1; removing a member changes 4
    assert sum(members.values()) - sum(without_ann.values()) == 4 > 1


def test_an_exact_total_has_no_epsilon() -> None:
    assert catalogue.by_id("practitioner-invariant").correct == "nothing"
    # Age groups of a village and of its neighbour with one more child: the noisy groups,
    # fitted to the exact total, always add up to that total, so every output of one
    # dataset is impossible under the other (no finite epsilon covers the total).
    village = np.array([3.0, 5.0, 2.0])
    neighbour = village + np.array([1.0, 0.0, 0.0])
    rng = np.random.default_rng(4)
    sums = {
        name: {
            round(float(match_total(cells + rng.laplace(0, 1.0, 3), cells.sum()).sum()), 9)
            for _ in range(200)
        }
        for name, cells in (("village", village), ("neighbour", neighbour))
    }
    assert sums == {"village": {10.0}, "neighbour": {11.0}}


def test_every_practitioner_exercise_is_checked_once() -> None:
    ids = {e.id for stem in PRACTICE for e in catalogue.for_chapter(stem)}
    facts = {
        "practitioner-bounds",
        "practitioner-unit",
        "practitioner-svt-bug",
        "practitioner-invariant",
        "practitioner-scenario",
    }
    assert ids == set(NUMBERS) | facts
