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

from dplesson.exercises import catalogue
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
    assert set(item.options) == {"third-query", "divide", "true-count", "median"}


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
    }
    assert extended == set(NUMBERS) | facts
    for stem in EXTENDED:
        assert len(catalogue.for_chapter(stem)) >= 3
