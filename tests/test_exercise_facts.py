"""The fact behind the correct option of each choice and "find the bug" exercise.

Each buggy snippet is run and its bug shown (the reused noise cancels, the reseeded workers
add the same noise, the float sum passes a cap that the exact sum exceeds, ...); each choice
is settled by a direct computation. Each test names its exercise with ``@fact``; every choice
and "find the bug" exercise of the catalogue must have one (a new exercise needs its fact).
Numeric answers are ``tests/test_exercise_answers.py``'s.
"""

from __future__ import annotations

import ast
import contextlib
import io
import math
import statistics
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from dplesson import (
    BudgetExceededError,
    BudgetLedger,
    basic_composition,
    brute_force_sensitivity,
    clip_gradients,
    closed_form_sensitivity,
    k_anonymize,
)
from dplesson.accounting import group_privacy_epsilon
from dplesson.bounding import bound_contributions, clamping_error
from dplesson.derived import match_total
from dplesson.exercises import Exercise, catalogue
from dplesson.local import randomized_response
from dplesson.meaning import guess_success_bound, membership_game
from dplesson.selection import (
    above_threshold_probabilities,
    leaky_sparse_vector_probability,
    noisy_max_probabilities,
)
from dplesson.sensitivity import contribution_sensitivity

Params = Any
#: The test of each exercise's fact, by exercise id (filled by ``@fact``).
FACTS: dict[str, Callable[[], None]] = {}


def fact(exercise_id: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    """Register the decorated test as the fact behind ``exercise_id``'s correct option."""

    def register(test: Callable[[], None]) -> Callable[[], None]:
        assert exercise_id not in FACTS, exercise_id
        FACTS[exercise_id] = test
        return test

    return register


def exercise(exercise_id: str) -> Exercise:
    return catalogue.by_id(exercise_id)


def params(item: Exercise) -> Params:
    """The exercise's parameters, typed loosely: each test knows which are numbers."""
    return item.params


def run(code: str | None, replace: tuple[str, str] | None = None) -> dict[str, Any]:
    """Execute a bug snippet in a fresh namespace, its printing captured, and return it."""
    assert code is not None
    if replace is not None:
        assert code.count(replace[0]) == 1
        code = code.replace(*replace)
    namespace: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        exec(compile(code, "<exercise>", "exec"), namespace)
    namespace["__printed__"] = printed.getvalue()
    return namespace


def line(code: str | None, number: int) -> str:
    """Line ``number`` (1-based) of a snippet, as the options name it."""
    assert code is not None
    return code.splitlines()[number - 1].strip()


def power_of_ten(exponent: float) -> float:
    return float(f"1e-{int(exponent)}")


# --- choices and bugs: the fact behind each correct option -----------------------------------


@fact("anonymisation-promise")
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


@fact("anonymisation-exact-answer")
def test_anonymisation_exact_answer_no_epsilon_covers_probability_one_against_zero() -> None:
    item = exercise("anonymisation-exact-answer")
    assert item.correct == "none"
    p = params(exercise("anonymisation-differencing"))
    assert p["mean_with"] != p["mean_without"]  # one person changes the exact average
    # The published average of D has probability 1 under D and 0 under D'.
    for epsilon in (0.1, 1.0, 10.0, 100.0):
        assert math.exp(epsilon) * 0.0 < 1.0


@fact("sensitivity-neighbours")
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


@fact("sensitivity-count-bug")
def test_sensitivity_count_bug_the_size_never_changes_under_replace_one() -> None:
    item = exercise("sensitivity-count-bug")
    assert item.correct == "line-5" and line(item.code, 5).startswith("sensitivity = 1")
    ages = list(run(item.code)["ages"])
    replaced = [*ages[:-1], 99]
    assert len(replaced) - len(ages) == params(item)["actual"] == 0
    assert abs(len([*ages, 99]) - len(ages)) == params(item)["add_remove"] == 1
    assert params(item)["claimed"] == 1


@fact("sensitivity-median-bug")
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


@fact("releasing-pool-bug")
def test_releasing_pool_bug_two_releases_share_one_noise_value() -> None:
    item = exercise("releasing-pool-bug")
    assert item.correct == "reuse"
    namespace = run(item.code)
    pool = namespace["POOL"]
    assert pool[3] == pool[13 % len(pool)]
    # The difference of the releases is the exact difference of the true values.
    assert namespace["tuesday"] - namespace["monday"] == pytest.approx(413.0 - 412.0, abs=1e-9)


@fact("releasing-seed-bug")
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


@fact("releasing-sum-mean-bug")
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


@fact("composition-breaks")
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


@fact("composition-float-bug")
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


@fact("histograms-k-flip")
def test_histograms_k_flip_one_person_decides_whether_the_cell_is_shown() -> None:
    item = exercise("histograms-k-flip")
    p = params(item)
    k = p["k"]
    rule = [count if count >= k else 0 for count in (p["others"], p["others"] + 1)]
    assert rule == [p["without_you"], p["with_you"]] == [0, k]
    assert list(k_anonymize([p["others"], p["others"] + 1], k)) == rule
    assert item.correct == "reveals"


@fact("histograms-cost")
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


@fact("histograms-empty-bug")
def test_histograms_empty_bug_an_empty_region_is_visible_by_its_absence() -> None:
    item = exercise("histograms-empty-bug")
    assert item.correct == "line-8" and line(item.code, 8) == "if count > 0"
    without = run(item.code)["released"]
    with_one = run(item.code, ('"east": 0', '"east": 1'))["released"]
    assert "east" not in without and "east" in with_one


@fact("training-batch")
def test_training_batch_the_actual_batch_size_is_random_the_expected_one_public() -> None:
    item = exercise("training-batch")
    p = params(item)
    assert p["expected"] == pytest.approx(p["records"] * p["rate"])
    rng = np.random.default_rng(2024)
    sizes = [int((rng.random(p["records"]) < p["rate"]).sum()) for _ in range(50)]
    assert len(set(sizes)) > 1  # the actual size varies from batch to batch
    assert abs(statistics.mean(sizes) - p["expected"]) < 0.1 * p["expected"]
    assert item.correct == "expected"


@fact("training-layer-bug")
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


@fact("mechanisms-delta")
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


@fact("mechanisms-which-noise")
def test_mechanisms_which_noise_gaussian_is_smaller_for_many_counts() -> None:
    item = exercise("mechanisms-which-noise")
    p = params(item)
    laplace = math.sqrt(2) * p["d"] / p["epsilon"]
    gaussian = (
        math.sqrt(p["d"]) * math.sqrt(2 * math.log(1.25 / power_of_ten(p["k"]))) / p["epsilon"]
    )
    assert (p["laplace_std"], p["gaussian_std"]) == (round(laplace, 1), round(gaussian, 1))
    assert gaussian < laplace and item.correct == "gaussian"


@fact("mechanisms-noisy-max")
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


@fact("epsilon-reading")
def test_epsilon_reading_only_the_odds_statement_follows_from_the_definition() -> None:
    item = catalogue.by_id("epsilon-reading")
    assert item.correct == "odds" and item.params["factor"] == round(math.e, 2)
    # "within one" is false: Laplace noise at ε = 1 exceeds one unit with probability 1/e.
    noise = np.random.default_rng(0).laplace(0.0, 1.0, size=100_000)
    assert abs(float(np.mean(np.abs(noise) > 1)) - math.exp(-1)) < 0.01
    # "one time in a hundred" is false: the best guess at ε = 1 is right 73 % of the time.
    assert math.exp(1) / (1 + math.exp(1)) > 0.7


@fact("local-growth")
def test_local_growth_the_error_ratio_grows_like_the_square_root_of_n() -> None:
    item = catalogue.by_id("local-growth")
    assert item.correct == "ten"
    small, large = float(item.params["small"]), float(item.params["large"])
    assert item.params["growth"] == round(math.sqrt(large / small))


@fact("local-server-bug")
def test_local_server_bug_the_server_holds_the_true_answers() -> None:
    item = catalogue.by_id("local-server-bug")
    assert item.correct == "server" and item.code is not None
    namespace = run(item.code)
    truth = [1, 0, 1, 1, 0]
    reports = namespace["collect"](truth)  # the function receives the true answers
    assert len(reports) == len(truth) and set(reports.tolist()) <= {0, 1}


@fact("beyond-not-post-processing")
def test_beyond_not_post_processing_redrawing_depends_on_the_data() -> None:
    item = catalogue.by_id("beyond-not-post-processing")
    assert item.correct == "redraw"

    # Redrawing until the value looks plausible: the accepted value's distribution depends on
    # the true count, unlike any function of one fixed release.
    def accepted(true_count: int, seed: int) -> float:
        rng = np.random.default_rng(seed)
        while True:
            value = true_count + rng.laplace(0.0, 2.0)
            if value >= 0:
                return value

    means = [np.mean([accepted(c, s) for s in range(2000)]) - c for c in (0, 10)]
    assert means[0] > means[1] + 0.5  # the bias differs with the data


@fact("opendp-mean")
def test_opendp_mean_dividing_two_releases_is_post_processing() -> None:
    item = catalogue.by_id("opendp-mean")
    assert item.correct == "divide"
    assert set(item.options) == {"third-query", "divide", "true-count", "max-length"}
    # max_length is an upper bound on the rows: dividing by it never exceeds the true mean.
    ages = np.random.default_rng(3).integers(0, 101, size=1000)
    assert ages.sum() / 3000 < ages.mean()


@fact("anonymisation-calls")
def test_anonymisation_calls_a_customers_data_is_every_call_made_or_received() -> None:
    item = exercise("anonymisation-calls")
    assert item.correct == "all-calls"
    calls = [("ana", "bo"), ("bo", "ana"), ("cy", "ana"), ("ana", "cy"), ("bo", "cy")]

    def calls_per_customer(records: list[tuple[str, str]]) -> Counter[str]:
        return Counter(name for call in records for name in call)

    def statistic(records: list[tuple[str, str]]) -> list[int]:
        return sorted(calls_per_customer(records).values())

    made = [call for call in calls if call[0] != "ana"]  # only the calls Ana made removed
    both = [call for call in calls if "ana" not in call]
    assert calls_per_customer(made)["ana"] == 2  # the calls she received still describe her
    assert calls_per_customer(both)["ana"] == 0
    # One call record changes one call, while Ana is on four of them.
    assert sum(1 for call in calls if "ana" in call) == 4
    # Names replaced by numbers: the same calls, so the statistic does not change at all.
    numbers = {name: str(i) for i, name in enumerate(sorted(calls_per_customer(calls)))}
    assert statistic([(numbers[a], numbers[b]) for a, b in calls]) == statistic(calls)


@fact("sensitivity-class-mean")
def test_sensitivity_class_mean_replace_one_gives_b_minus_a_over_n() -> None:
    item = exercise("sensitivity-class-mean")
    p = params(item)
    assert item.correct == "replace"
    lower, upper, n = p["lower"], p["upper"], p["n"]
    mean = closed_form_sensitivity("mean", lower, upper, n, "replace-one")["exact"]
    assert mean == Fraction(upper - lower, n)
    # The checker agrees on a small class.
    small = brute_force_sensitivity(
        lambda d: Fraction(sum(d), len(d)), range(1, 5), 3, "replace-one"
    )
    assert small.sensitivity == Fraction(4 - 1, 3)
    # Under add/remove the size is private: a one-pupil class moves by (b - a)/2, far more
    # than the (b - a)/(n + 1) of the distractor.
    assert Fraction(upper - lower, 2) > Fraction(upper - lower, n + 1)
    # 0 is the sensitivity of the number of pupils, 1 that of a count under add/remove.
    assert closed_form_sensitivity("count", lower, upper, n, "replace-one")["exact"] == 0
    assert closed_form_sensitivity("count", lower, upper, n, "add-remove")["exact"] == 1


@fact("laplace-runs")
def test_laplace_runs_one_member_moves_the_mean_by_runs_times_a_record() -> None:
    item = exercise("laplace-runs")
    p = params(item)
    assert item.correct == "member"
    members, runs, low, high = p["members"], p["runs"], p["lower"], p["upper"]
    assert p["total"] == members * runs
    times = np.full((members, runs), float(low))
    before = times.mean()
    times[0, :] = high  # one member's runs all replaced
    moved = times.mean() - before
    assert moved == pytest.approx((high - low) / members)
    assert moved == pytest.approx(runs * (high - low) / p["total"])  # runs times the per-run Δ


@fact("releasing-share")
def test_releasing_share_dividing_by_the_public_size_adds_no_noise_and_no_cost() -> None:
    item = exercise("releasing-share")
    assert item.correct == "divide-public"
    n, epsilon = 400, 1.0
    # Replace-one: the number of respondents does not change, so it is public and free.
    assert closed_form_sensitivity("count", 0, 1, n, "replace-one")["exact"] == 0
    assert closed_form_sensitivity("count_above", 0, 1, n, "replace-one", 0)["exact"] == 1
    divided = math.sqrt(2) / epsilon / n  # the count's noise, divided by the public n
    second = math.sqrt(2) * (1 / n) / (epsilon / 2)  # the share on its own, with half
    assert divided < second
    # Dividing by a noisy number of respondents adds that release's noise on top.
    rng = np.random.default_rng(4)
    noisy_yes = 120 + rng.laplace(0.0, 2 / epsilon, 20_000)
    noisy_n = n + rng.laplace(0.0, 2 / epsilon, 20_000)
    assert np.std(noisy_yes / noisy_n) > np.std(noisy_yes / n)


@fact("composition-two-offices")
def test_composition_two_offices_a_resident_in_both_releases_loses_both_epsilons() -> None:
    item = exercise("composition-two-offices")
    p = params(item)
    assert item.correct == "sum"
    epsilon = p["epsilon"]
    assert basic_composition([epsilon, epsilon], cap=10.0)["epsilon_total"] == p["total"]
    # Two independent Laplace releases about the same resident: their joint log-ratio reaches
    # the sum of the two ε, not the larger one.
    z = np.linspace(-20.0, 0.0, 2001)  # below both centres, where each ratio is largest
    one = (np.abs(z - 1.0) - np.abs(z)) * epsilon  # log-ratio of one release, scale 1/ε
    assert np.max(one + one) == pytest.approx(p["total"])


@fact("histograms-households")
def test_histograms_households_one_person_moves_a_household_between_two_cells() -> None:
    item = exercise("histograms-households")
    p = params(item)
    assert item.correct == "two"
    largest = p["largest"]

    def by_size(people: tuple[int, ...]) -> tuple[int, ...]:
        sizes = Counter(min(s, largest) for s in Counter(people).values())
        return tuple(sizes[s] for s in range(1, largest + 1))

    found = brute_force_sensitivity(by_size, (0, 1, 2, 3), 4, "add-remove")
    assert found.sensitivity == p["two"] == 2
    first, second = found.witness.first, found.witness.second
    assert len(set(first)) == len(set(second))  # the number of households did not change
    assert closed_form_sensitivity("histogram", 1, 4, 4, "add-remove")["exact"] == p["one"]


@fact("training-keyboard")
def test_training_keyboard_a_per_message_guarantee_covers_a_user_only_as_a_group() -> None:
    item = exercise("training-keyboard")
    p = params(item)
    assert item.correct == "message"
    clip, messages = 1.0, p["messages"]
    same_way = clip_gradients(np.tile([[3.0, 4.0]], (messages, 1)), clip)
    assert np.linalg.norm(same_way.sum(axis=0)) == pytest.approx(messages * clip)
    assert contribution_sensitivity(clip, messages) == messages * clip  # not C
    assert group_privacy_epsilon(p["epsilon"], messages) == messages * p["epsilon"]


@fact("mechanisms-vaccinations")
def test_mechanisms_vaccinations_laplace_wins_when_one_person_changes_one_count() -> None:
    item = exercise("mechanisms-vaccinations")
    p = params(item)
    change = np.zeros(p["d"])
    change[17] = 1.0  # one person's first vaccination, in one week
    assert np.abs(change).sum() == np.linalg.norm(change) == 1.0  # L1 = L2 = 1
    laplace = math.sqrt(2) / p["epsilon"]
    gaussian = math.sqrt(2 * math.log(1.25 / power_of_ten(p["k"]))) / p["epsilon"]
    assert (p["laplace_std"], p["gaussian_std"]) == (round(laplace, 2), round(gaussian, 2))
    assert laplace < gaussian and item.correct == "laplace"


@fact("epsilon-who-took-part")
def test_epsilon_who_took_part_only_add_remove_neighbours_differ_in_presence() -> None:
    item = exercise("epsilon-who-took-part")
    assert item.correct == "add-remove"
    respondents = ("Dana", "Ari", "Bo")
    # Replace-one: one respondent's answers change, the list of respondents does not.
    replaced = [("Dana", "yes"), ("Ari", "no"), ("Bo", "no")]
    original = [("Dana", "no"), ("Ari", "no"), ("Bo", "no")]
    assert tuple(name for name, _ in replaced) == tuple(n for n, _ in original) == respondents
    # Add/remove: the neighbour lacks Dana, so "Dana took part" tells the two apart.
    removed = original[1:]
    assert "Dana" not in {name for name, _ in removed}
    # And an ε-DP count does hide presence: the best guess is far from certain ("neither").
    epsilon = float(item.params["epsilon"])
    game = membership_game(epsilon, 20_000, np.random.default_rng(5))
    assert game["success_rate"] <= guess_success_bound(epsilon) + 0.01 < 0.7


@fact("local-untrusted")
def test_local_untrusted_only_randomizing_on_the_device_hides_the_answer_from_the_server() -> None:
    item = exercise("local-untrusted")
    assert item.correct == "device"

    def server_view(true_answer: int, design: str, rng: np.random.Generator) -> float:
        """The share of "yes" the server receives from 4000 people with this true answer."""
        answers = np.full(4000, true_answer)
        if design == "device":
            return float(np.mean(randomized_response(answers, rng)))
        return float(np.mean(answers))  # the three other designs send the true answers

    rng = np.random.default_rng(9)
    for design in item.options:
        yes, no = server_view(1, design, rng), server_view(0, design, rng)
        if design == item.correct:  # a "yes" is only about three times likelier: ε = ln 3
            assert 2.5 < yes / no < 3.6
        else:
            assert (yes, no) == (1.0, 0.0)  # the true answer itself


@fact("beyond-replace-groups")
def test_beyond_replace_groups_a_changed_age_touches_two_groups() -> None:
    item = exercise("beyond-replace-groups")
    p = item.params
    assert item.correct == "twice"
    groups = range(int(p["groups"]))

    def counts(data: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(data.count(g) for g in groups)

    found = brute_force_sensitivity(counts, groups, 3, "replace-one").sensitivity
    added = brute_force_sensitivity(counts, groups, 3, "add-remove").sensitivity
    assert found == 2 and added == 1
    epsilon = Fraction(str(p["epsilon"]))
    assert Fraction(str(p["double"])) == found * epsilon
    assert Fraction(str(p["sum"])) == int(p["groups"]) * epsilon


@fact("opendp-declare")
def test_opendp_declare_rows_per_learner_must_be_bounded_for_a_learner_unit() -> None:
    item = exercise("opendp-declare")
    assert item.correct == "identifier"
    log = ["ana"] * 7 + ["bo"] * 2 + ["cy"]  # one row per lesson attended
    without_ana = [learner for learner in log if learner != "ana"]
    assert len(log) - len(without_ana) == 7  # one learner moves the count by all their rows
    cut = 3
    kept = [row for i, row in enumerate(log) if log[:i].count(row) < cut]
    kept_without = [row for i, row in enumerate(without_ana) if without_ana[:i].count(row) < cut]
    assert len(kept) - len(kept_without) == contribution_sensitivity(1, cut) == cut
    # A margin counted from the data changes with the learner: it is not a public fact.
    assert len(log) != len(without_ana)


@fact("practitioner-bounds")
def test_bounds_from_the_data_move_with_one_person_and_the_week_triples_the_noise() -> None:
    item = catalogue.by_id("practitioner-bounds")
    assert item.correct == "public"
    hours = [38.0, 40.0, 45.0, 52.0]
    neighbour = [*hours[:-1], 80.0]  # one person's long weeks
    assert max(hours) != max(neighbour)  # a bound taken from the data follows one person
    week = clamping_error(hours, 0, 168, 1.0)["noise_std"]
    public = clamping_error(hours, 0, 60, 1.0)["noise_std"]
    assert 2.5 < week / public < 3  # "nearly triples the noise"


@fact("practitioner-unit")
def test_a_patient_moves_a_bounded_count_by_at_most_k() -> None:
    assert catalogue.by_id("practitioner-unit").correct == "patient"
    visits = [1] * 30 + [2, 3] + [4] * 5  # patient 1 has 30 visits
    k = 3
    kept = bound_contributions(visits, k, np.random.default_rng(1))
    without = [v for v in visits if v != 1]
    kept_without = bound_contributions(without, k, np.random.default_rng(1))
    assert len(visits) - len(without) == 30  # unbounded: one patient moves the count by 30
    assert len(kept) - len(kept_without) == k  # bounded: by k


@fact("practitioner-svt-bug")
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
        epsilon = k * math.log(20) / target
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


@fact("practitioner-scenario")
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


@fact("practitioner-invariant")
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


def test_every_choice_and_bug_exercise_has_its_fact() -> None:
    expected = {e.id for e in catalogue.all_exercises() if e.kind != "number"}
    assert set(FACTS) == expected, (
        f"without a @fact test: {sorted(expected - set(FACTS))}; "
        f"facts of no such exercise: {sorted(set(FACTS) - expected)}"
    )


def test_every_bug_snippet_runs_as_shown() -> None:
    """The bug is in what a snippet does, never in a syntax error or a crash."""
    bugs = [e for e in catalogue.all_exercises() if e.kind == "bug"]
    assert bugs
    for item in bugs:
        state = np.random.get_state()
        try:
            run(item.code)
        finally:
            np.random.set_state(state)
