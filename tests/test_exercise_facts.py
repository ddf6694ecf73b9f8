"""The fact behind the correct option of each choice and "find the bug" exercise.

Each buggy snippet is run and its bug shown (the reused noise cancels, the reseeded workers
add the same noise, the float sum passes a cap that the exact sum exceeds, ...); each choice
is settled by a direct computation. Numeric answers: ``tests/test_exercise_answers.py``.
"""

from __future__ import annotations

import ast
import math
import statistics
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from dplesson import BudgetExceededError, BudgetLedger, k_anonymize
from dplesson.exercises import catalogue
from dplesson.selection import noisy_max_probabilities
from tests.test_exercise_answers import (
    CORE,
    NUMBERS,
    exercise,
    line,
    params,
    power_of_ten,
    run,
)

# --- choices and bugs: the fact behind each correct option -----------------------------------


def test_anonymisation_promise_the_output_distribution_moves_by_at_most_e_epsilon() -> None:
    item = exercise("anonymisation-promise")
    assert item.correct == "distribution"
    epsilon, sensitivity = 0.5, 1.0
    scale = sensitivity / epsilon
    z = np.linspace(-20.0, 20.0, 4001)
    log_a = -np.log(2 * scale) - np.abs(z) / scale
    log_b = -np.log(2 * scale) - np.abs(z - sensitivity) / scale
    assert np.max(np.abs(log_a - log_b)) <= epsilon + 1e-12  # one release: within e^ε
    # A second release about the same data adds up ("once-only" is false): the joint
    # log-ratio of two independent releases reaches 2ε.
    assert np.max(np.abs(2 * (log_a - log_b))) == pytest.approx(2 * epsilon)


def test_anonymisation_exact_answer_no_epsilon_covers_probability_one_against_zero() -> None:
    item = exercise("anonymisation-exact-answer")
    assert item.correct == "none"
    p = params(exercise("anonymisation-differencing"))
    assert p["mean_with"] != p["mean_without"]  # one person changes the exact average
    # The published average of D has probability 1 under D and 0 under D'.
    for epsilon in (0.1, 1.0, 10.0, 100.0):
        assert math.exp(epsilon) * 0.0 < 1.0


def test_sensitivity_neighbours_only_the_replaced_dataset_is_a_replace_one_neighbour() -> None:
    item = exercise("sensitivity-neighbours")
    p = params(item)
    base = ast.literal_eval(p["base"])

    def replace_one(other: tuple[int, ...]) -> bool:
        return (
            len(other) == len(base) and sum(x != y for x, y in zip(base, other, strict=True)) == 1
        )

    def add_remove(other: tuple[int, ...]) -> bool:
        return abs(len(other) - len(base)) == 1 and not (
            Counter(other) - Counter(base) and Counter(base) - Counter(other)
        )

    found = {key: ast.literal_eval(p[key]) for key in ("replaced", "removed", "shifted")}
    assert [key for key, data in found.items() if replace_one(data)] == [item.correct]
    assert add_remove(found["removed"]) and not replace_one(found["removed"])
    assert not replace_one(found["shifted"]) and not add_remove(found["shifted"])


def test_sensitivity_count_bug_the_size_never_changes_under_replace_one() -> None:
    item = exercise("sensitivity-count-bug")
    assert item.correct == "line-5" and line(item.code, 5).startswith("sensitivity = 1")
    ages = list(run(item.code)["ages"])
    replaced = [*ages[:-1], 99]
    assert len(replaced) - len(ages) == params(item)["actual"] == 0
    assert abs(len([*ages, 99]) - len(ages)) == params(item)["add_remove"] == 1
    assert params(item)["claimed"] == 1


def test_sensitivity_median_bug_the_pair_shows_no_change_and_the_right_one_shows_b_minus_a() -> (
    None
):
    item = exercise("sensitivity-median-bug")
    assert item.correct == "same-median"
    namespace = run(item.code)
    first, second = namespace["first"], namespace["second"]
    assert len(first) == len(second) == params(item)["n"]
    assert (
        sum(x != y for x, y in zip(sorted(first), sorted(second), strict=True)) == 1
    )  # true neighbours
    assert namespace["change"] == 0
    p = params(item)
    low, high = p["low"], p["high"]
    right_first = [low] * p["m_plus_one"] + [high] * p["m"]
    right_second = [low] * p["m"] + [high] * p["m_plus_one"]
    assert p["m"] + p["m_plus_one"] == p["n"]
    change = statistics.median(right_second) - statistics.median(right_first)
    assert change == p["change"] == high - low == 99


def test_releasing_pool_bug_two_releases_share_one_noise_value() -> None:
    item = exercise("releasing-pool-bug")
    assert item.correct == "reuse"
    namespace = run(item.code)
    pool = namespace["POOL"]
    assert pool[3] == pool[13 % len(pool)]
    # The difference of the releases is the exact difference of the true values.
    assert namespace["tuesday"] - namespace["monday"] == pytest.approx(413.0 - 412.0, abs=1e-9)


def test_releasing_seed_bug_every_worker_adds_the_same_noise() -> None:
    item = exercise("releasing-seed-bug")
    assert item.correct == "line-4" and line(item.code, 4).startswith("np.random.seed(")
    state = np.random.get_state()
    try:
        namespace = run(item.code)
    finally:
        np.random.set_state(state)
    shards, results = namespace["shards"], namespace["results"]
    noise = [
        [r - c for r, c in zip(result, shard, strict=True)]
        for result, shard in zip(results, shards, strict=True)
    ]
    assert noise[0] == pytest.approx(noise[1], abs=1e-9)
    assert noise[0][0] != 0.0


def test_releasing_sum_mean_bug_deriving_the_mean_halves_its_noise() -> None:
    item = exercise("releasing-sum-mean-bug")
    assert item.correct == "line-8" and line(item.code, 8).startswith("noisy_mean = ")
    namespace = run(item.code)
    n, budget = namespace["n"], namespace["budget"]
    assert n == params(item)["n"]
    width = 100 - 0
    separate = (width / n) / (budget / 2)  # the mean released on its own, with half
    derived = (width / budget) / n  # the whole budget on the sum, divided by n
    assert params(item)["separate_scale"] == pytest.approx(separate)
    assert params(item)["derived_scale"] == pytest.approx(derived)
    assert derived < separate


def test_composition_breaks_only_the_correct_plan_exceeds_the_cap() -> None:
    item = exercise("composition-breaks")
    p = params(item)
    cap = Fraction(p["cap"])
    breaking = [
        key for key in item.options if Fraction(p[f"{key}_epsilon"]) * p[f"{key}_count"] > cap
    ]
    assert breaking == [item.correct]
    key = item.correct
    assert p["total"] == pytest.approx(p[f"{key}_count"] * p[f"{key}_epsilon"])


def test_composition_float_bug_the_float_sum_passes_a_cap_the_exact_sum_exceeds() -> None:
    item = exercise("composition-float-bug")
    assert item.correct == "line-3" and line(item.code, 3) == "total = sum(releases)"
    namespace = run(item.code)
    assert namespace["__printed__"].strip() == "all ten releases fit"
    assert sum([0.1] * 10) <= 1.0 and sum([0.1] * 10) == params(item)["float_sum"]
    exact = sum((Fraction(0.1) for _ in range(10)), Fraction(0))
    assert exact > 1 and Fraction(0.1) > Fraction(1, 10)
    ledger = BudgetLedger(1.0)  # and the exact ledger agrees: the tenth is refused
    for _ in range(9):
        ledger.spend(0.1)
    with pytest.raises(BudgetExceededError):
        ledger.spend(0.1)


def test_histograms_k_flip_one_person_decides_whether_the_cell_is_shown() -> None:
    item = exercise("histograms-k-flip")
    p = params(item)
    k = p["k"]
    rule = [count if count >= k else 0 for count in (p["others"], p["others"] + 1)]
    assert rule == [p["without_you"], p["with_you"]] == [0, k]
    assert list(k_anonymize([p["others"], p["others"] + 1], k)) == rule
    assert item.correct == "reveals"


def test_histograms_cost_one_person_moves_the_whole_vector_by_one() -> None:
    item = exercise("histograms-cost")
    p = params(item)
    rng = np.random.default_rng(7)
    points = rng.random((40, 2))
    edges = np.linspace(0.0, 1.0, 4)
    before, _, _ = np.histogram2d(points[:, 0], points[:, 1], bins=[edges, edges])
    assert before.size == p["cells"]
    for extra in rng.random((20, 2)):
        grown = np.vstack([points, extra])
        with_one, _, _ = np.histogram2d(grown[:, 0], grown[:, 1], bins=[edges, edges])
        assert np.abs(with_one - before).sum() == p["sensitivity"] == 1
    assert p["per_cell_total"] == pytest.approx(p["cells"] * p["epsilon"])
    assert item.correct == "once"


def test_histograms_empty_bug_an_empty_region_is_visible_by_its_absence() -> None:
    item = exercise("histograms-empty-bug")
    assert item.correct == "line-8" and line(item.code, 8) == "if count > 0"
    without = run(item.code)["released"]
    with_one = run(item.code, ('"east": 0', '"east": 1'))["released"]
    assert "east" not in without and "east" in with_one


def test_training_batch_the_actual_batch_size_is_random_the_expected_one_public() -> None:
    item = exercise("training-batch")
    p = params(item)
    assert p["expected"] == pytest.approx(p["records"] * p["rate"])
    rng = np.random.default_rng(2024)
    sizes = [int((rng.random(p["records"]) < p["rate"]).sum()) for _ in range(50)]
    assert len(set(sizes)) > 1  # the actual size varies from batch to batch
    assert abs(statistics.mean(sizes) - p["expected"]) < 0.1 * p["expected"]
    assert item.correct == "expected"


def test_training_layer_bug_per_layer_clipping_lets_one_example_exceed_c() -> None:
    item = exercise("training-layer-bug")
    assert item.correct == "per-layer"
    namespace = run(item.code)
    clip = namespace["C"]
    rows = []
    for grads in namespace["layers"].values():
        row = grads[0]
        rows.append(row * min(1.0, clip / float(np.linalg.norm(row))))
    joint = float(np.linalg.norm(np.concatenate(rows)))
    assert joint == pytest.approx(math.sqrt(params(item)["layers"]) * clip)
    assert joint > clip and params(item)["joint_norm"] == round(joint, 2)


def test_mechanisms_delta_a_random_record_is_zero_one_over_n_private() -> None:
    item = exercise("mechanisms-delta")
    p = params(item)
    n = 5  # small enough to enumerate: publish one of n records, uniformly
    records = tuple(range(n))
    neighbour = (*records[:-1], 99)
    out_d = Counter(records)
    out_n = Counter(neighbour)
    # The largest Pr[M(D) in S] - Pr[M(D') in S] over all sets S: the total variation.
    gap = sum(max(Fraction(out_d[v] - out_n[v], n), Fraction(0)) for v in set(out_d) | set(out_n))
    assert gap == Fraction(1, n)
    assert p["one_over_n"] == 1 / p["n"]
    assert power_of_ten(p["k"]) <= p["one_over_n"] / 100
    assert item.correct == "tiny"


def test_mechanisms_which_noise_gaussian_is_smaller_for_many_counts() -> None:
    item = exercise("mechanisms-which-noise")
    p = params(item)
    laplace = math.sqrt(2) * p["d"] / p["epsilon"]
    gaussian = (
        math.sqrt(p["d"]) * math.sqrt(2 * math.log(1.25 / power_of_ten(p["k"]))) / p["epsilon"]
    )
    assert (p["laplace_std"], p["gaussian_std"]) == (round(laplace, 1), round(gaussian, 1))
    assert gaussian < laplace and item.correct == "gaussian"


def test_mechanisms_noisy_max_votes_under_add_remove_need_only_delta_over_epsilon() -> None:
    item = exercise("mechanisms-noisy-max")
    assert item.correct == "monotone"
    epsilon, votes = 1.0, [3.0, 3.0, 2.0]
    # Adding a voter raises one count by one: the smaller scale keeps e^eps both ways.
    for added in range(3):
        grown = [v + (i == added) for i, v in enumerate(votes)]
        p = noisy_max_probabilities(votes, epsilon, 1.0, monotone=True)
        q = noisy_max_probabilities(grown, epsilon, 1.0, monotone=True)
        assert np.all(p <= math.exp(epsilon) * q * (1 + 1e-9))
        assert np.all(q <= math.exp(epsilon) * p * (1 + 1e-9))
    # Replacing a voter lowers one count and raises another: many tied options show that
    # the smaller scale then breaks the bound, and half of it breaks it even for adding.
    tied, moved = [0.0] * 10, [1.0] + [-1.0] * 9
    p = noisy_max_probabilities(tied, epsilon, 1.0, monotone=True)[0]
    q = noisy_max_probabilities(moved, epsilon, 1.0, monotone=True)[0]
    assert q > math.exp(epsilon) * p
    half = noisy_max_probabilities(tied, 2 * epsilon, 1.0, monotone=True)[0]  # scale 1/(2 eps)
    half_added = noisy_max_probabilities([1.0] + [0.0] * 9, 2 * epsilon, 1.0, monotone=True)[0]
    assert half_added > math.exp(epsilon) * half


FACTS = {
    "anonymisation-promise",
    "anonymisation-exact-answer",
    "sensitivity-neighbours",
    "sensitivity-count-bug",
    "sensitivity-median-bug",
    "releasing-pool-bug",
    "releasing-seed-bug",
    "releasing-sum-mean-bug",
    "composition-breaks",
    "composition-float-bug",
    "histograms-k-flip",
    "histograms-cost",
    "histograms-empty-bug",
    "training-batch",
    "training-layer-bug",
    "mechanisms-delta",
    "mechanisms-which-noise",
    "mechanisms-noisy-max",
}


def test_every_core_exercise_is_checked_here() -> None:
    core = {e.id for stem in CORE for e in catalogue.for_chapter(stem)}
    assert core == set(NUMBERS) | FACTS
    assert len(core) >= 32
    bugs = [e for stem in CORE for e in catalogue.for_chapter(stem) if e.kind == "bug"]
    assert len(bugs) >= 6
    for item in bugs:  # every snippet runs as shown (the bug is in what it does)
        state = np.random.get_state()
        try:
            run(item.code)
        finally:
            np.random.set_state(state)
