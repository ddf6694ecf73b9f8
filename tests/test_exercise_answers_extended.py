"""The exercises of the four chapters added after the core: answers and facts, recomputed.

Numeric answers come from the exercise's own parameters with textbook formulas; each
choice or "find the bug" item is backed by the fact that makes its correct option right.
Together with ``tests/test_exercise_answers.py`` and ``tests/test_exercise_facts.py``
(the eight core chapters) every exercise of the site is checked exactly once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from dplesson import brute_force_sensitivity
from dplesson.exercises import catalogue
from dplesson.local import randomized_response
from dplesson.meaning import guess_success_bound, membership_game
from dplesson.sensitivity import contribution_sensitivity
from tests.test_exercise_answers import CORE, check_variant, variants
from tests.test_exercise_answers_practice import PRACTICE

EXTENDED = ("epsilon", "local", "beyond", "opendp")
Params = Mapping[str, Any]


def _guess(p: Params) -> float:
    e = math.exp(p["epsilon"])
    return e / (1 + e)


def _posterior(p: Params) -> float:
    odds = Fraction(p["prior"]) / (1 - Fraction(p["prior"])) * Fraction(math.exp(p["epsilon"]))
    return float(odds / (1 + odds))


def _error_bar(p: Params) -> float:
    assert p["scale"] == 1 / p["epsilon"]  # a count: sensitivity 1
    return float(p["scale"]) * math.log(20)


def _rr_epsilon(p: Params) -> float:
    t = p["t"]
    return math.log((t + (1 - t) / 2) / ((1 - t) / 2))


def _rr_estimate(p: Params) -> float:
    t, reported = Fraction(p["t"]), Fraction(p["reported"])
    assert Fraction(p["noise"]) == (1 - t) / 2
    return float((reported - (1 - t) / 2) / t)


def _parallel(p: Params) -> float:
    return float(max([p["epsilon"]] * p["bins"]))  # disjoint bins: the largest, not the sum


def _group(p: Params) -> float:
    return float(Fraction(p["epsilon"]) * p["k"])


def _zcdp(p: Params) -> float:
    rho = p["releases"] / (2 * p["sigma"] ** 2)
    assert math.isclose(p["rho"], rho, rel_tol=1e-12)
    delta = 10.0 ** float(p["exponent"])
    return float(rho + 2 * math.sqrt(rho * math.log(1 / delta)))


def _sum_scale(p: Params) -> float:
    each = Fraction(p["epsilon"]) / p["queries"] / p["answers"]
    assert Fraction(p["each"]) == each
    return float(Fraction(p["sensitivity"]) / each)


def _count_accuracy(p: Params) -> float:
    return float(p["scale"]) * math.log(1 / 0.05)


def _plan_bar(p: Params) -> float:
    # A count's 95 % bar is ln 20 / ε: at most the target from ε = ln 20 / target on.
    assert p["max_scale"] == round(p["target"] / math.log(20), 2)
    return float(math.log(20) / p["target"])


def _plan_people(p: Params) -> float:
    t, target = Fraction(str(p["t"])), Fraction(str(p["target"]))
    assert p["epsilon"] == round(math.log((1 + p["t"]) / (1 - p["t"])), 2)
    return math.ceil((1 - t * t) / (4 * t * t * target * target))


def _afford(p: Params) -> float:
    each = math.log(20) / p["target"]
    slack = 10.0 ** float(p["exponent"])
    basic = math.floor(p["total"] / each)

    def advanced(k: int) -> float:
        return float(math.sqrt(2 * k * math.log(1 / slack)) * each + k * each * math.expm1(each))

    fits = 0
    while advanced(fits + 1) <= p["total"]:
        fits += 1
    # Neither count lies within rounding of its boundary.
    assert not math.isclose(p["total"] / each, round(p["total"] / each), rel_tol=1e-9)
    assert not math.isclose(advanced(fits + 1), p["total"], rel_tol=1e-9)
    assert (p["basic"], p["advanced"]) == (basic, fits)
    return float(max(basic, fits))


def _largest_mean(p: Params) -> float:
    assert (p["top"], p["bottom"]) == (p["total"] + p["total_bar"], p["count"] - p["count_bar"])
    return float(Fraction(p["total"] + p["total_bar"], p["count"] - p["count_bar"]))


NUMBERS: dict[str, Callable[[Params], float]] = {
    "epsilon-guess": _guess,
    "epsilon-posterior": _posterior,
    "epsilon-error-bar": _error_bar,
    "local-epsilon": _rr_epsilon,
    "local-estimate": _rr_estimate,
    "beyond-histogram": _parallel,
    "beyond-group": _group,
    "beyond-zcdp": _zcdp,
    "opendp-sum-scale": _sum_scale,
    "opendp-count-accuracy": _count_accuracy,
    "epsilon-plan-bar": _plan_bar,
    "local-plan-people": _plan_people,
    "beyond-plan-afford": _afford,
    "opendp-mean-interval": _largest_mean,
}


@pytest.mark.parametrize(("exercise_id", "index"), variants(EXTENDED))
def test_each_variants_answer_is_recomputed_from_its_parameters(
    exercise_id: str, index: int
) -> None:
    check_variant(NUMBERS, exercise_id, index)


def test_epsilon_reading_only_the_odds_statement_follows_from_the_definition() -> None:
    item = catalogue.by_id("epsilon-reading")
    assert item.correct == "odds" and item.params["factor"] == round(math.e, 2)
    # "within one" is false: Laplace noise at ε = 1 exceeds one unit with probability 1/e.
    noise = np.random.default_rng(0).laplace(0.0, 1.0, size=100_000)
    assert abs(float(np.mean(np.abs(noise) > 1)) - math.exp(-1)) < 0.01
    # "one time in a hundred" is false: the best guess at ε = 1 is right 73 % of the time.
    assert math.exp(1) / (1 + math.exp(1)) > 0.7


def test_local_growth_the_error_ratio_grows_like_the_square_root_of_n() -> None:
    item = catalogue.by_id("local-growth")
    assert item.correct == "ten"
    small, large = float(item.params["small"]), float(item.params["large"])
    assert item.params["growth"] == round(math.sqrt(large / small))


def test_local_server_bug_the_server_holds_the_true_answers() -> None:
    item = catalogue.by_id("local-server-bug")
    assert item.correct == "server" and item.code is not None
    namespace: dict[str, Any] = {}
    exec(compile(item.code, "<exercise>", "exec"), namespace)
    truth = [1, 0, 1, 1, 0]
    reports = namespace["collect"](truth)  # the function receives the true answers
    assert len(reports) == len(truth) and set(reports.tolist()) <= {0, 1}


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


def test_opendp_mean_dividing_two_releases_is_post_processing() -> None:
    item = catalogue.by_id("opendp-mean")
    assert item.correct == "divide"
    assert set(item.options) == {"third-query", "divide", "true-count", "max-length"}
    # max_length is an upper bound on the rows: dividing by it never exceeds the true mean.
    ages = np.random.default_rng(3).integers(0, 101, size=1000)
    assert ages.sum() / 3000 < ages.mean()


def test_epsilon_who_took_part_only_add_remove_neighbours_differ_in_presence() -> None:
    item = catalogue.by_id("epsilon-who-took-part")
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


def test_local_untrusted_only_randomizing_on_the_device_hides_the_answer_from_the_server() -> None:
    item = catalogue.by_id("local-untrusted")
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


def test_beyond_replace_groups_a_changed_age_touches_two_groups() -> None:
    item = catalogue.by_id("beyond-replace-groups")
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


def test_opendp_declare_rows_per_learner_must_be_bounded_for_a_learner_unit() -> None:
    item = catalogue.by_id("opendp-declare")
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


def test_every_exercise_of_the_site_is_checked_once() -> None:
    assert set(CORE) | set(EXTENDED) | set(PRACTICE) == set(catalogue.CHAPTERS)
    assert not set(CORE) & set(EXTENDED) and not (set(CORE) | set(EXTENDED)) & set(PRACTICE)
    extended = {e.id for stem in EXTENDED for e in catalogue.for_chapter(stem)}
    facts = {
        "epsilon-reading",
        "local-growth",
        "local-server-bug",
        "beyond-not-post-processing",
        "opendp-mean",
        "epsilon-who-took-part",
        "local-untrusted",
        "beyond-replace-groups",
        "opendp-declare",
    }
    assert extended == set(NUMBERS) | facts
    for stem in EXTENDED:
        assert len(catalogue.for_chapter(stem)) >= 3
