"""The numeric answers of the eight core chapters' exercises, recomputed independently.

Every numeric answer, of every variant (each set of numbers an attempt may draw), is
recomputed here from that variant's own parameters with the textbook formula
(``fractions.Fraction`` for budgets), never through the code path that built it. The
exercises and their variants come from the catalogue; an exercise without a formula here
fails.
The choice and "find the bug" items are checked in ``tests/test_exercise_facts.py``, which
also checks that every exercise of these chapters is covered by one of the two files.
"""

from __future__ import annotations

import contextlib
import io
import math
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import pytest

from dplesson.exercises import MIN_VARIANTS, Exercise, catalogue

CORE = (
    "anonymisation",
    "sensitivity",
    "laplace",
    "releasing",
    "composition",
    "histograms",
    "training",
    "mechanisms",
)

Params = Mapping[str, Any]


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


# --- numeric answers, recomputed from the parameters ------------------------------------------


def _differencing(p: Params) -> float:
    assert p["n_without"] == p["n"] - 1
    return float(
        Fraction(p["n"]) * Fraction(p["mean_with"])
        - Fraction(p["n_without"]) * Fraction(p["mean_without"])
    )


def _factor(p: Params) -> float:
    assert p["factor"] == round(math.exp(p["epsilon"]), 2)
    return math.exp(p["epsilon"])


def _sum_sensitivity(p: Params) -> float:
    assert p["add_remove"] == max(abs(p["lower"]), abs(p["upper"]))
    return float(p["upper"] - p["lower"])


def _laplace_scale(p: Params) -> float:
    assert math.isclose(p["sensitivity"], (p["upper"] - p["lower"]) / p["n"])
    return float((p["upper"] - p["lower"]) / p["n"] / p["epsilon"])


def _public_size(p: Params) -> float:
    return math.ceil(Fraction(p["upper"] - p["lower"]) / Fraction(p["target"]))


def _laplace_variance(p: Params) -> float:
    scale = (p["upper"] - p["lower"]) / p["n"] / p["epsilon"]
    assert math.isclose(p["scale"], scale)
    return float(2 * scale**2)


def _log_ratio(p: Params) -> float:
    s, z = p["scale"], p["z"]
    assert p["distance_a"] == abs(z - p["centre_a"]) and p["distance_b"] == abs(z - p["centre_b"])
    assert math.isclose(abs(p["centre_a"] - p["centre_b"]) / s, p["epsilon"])  # neighbours
    log_a = -math.log(2 * s) - abs(z - p["centre_a"]) / s
    log_b = -math.log(2 * s) - abs(z - p["centre_b"]) / s
    assert abs(log_a - log_b) <= p["epsilon"] + 1e-12  # the pointwise bound
    return float(log_a - log_b)


def _split_scale(p: Params) -> float:
    assert Fraction(p["part"]) * 2 <= Fraction(p["total"])  # the two parts fit the total
    assert math.isclose(p["part"], p["total"] / 2)
    assert p["sensitivity"] == p["upper"] - p["lower"]  # a sum under replace-one
    return float((p["upper"] - p["lower"]) / p["part"])


def _composition_total(p: Params) -> float:
    return float(sum((Fraction(p[f"e{i}"]) for i in range(1, 5)), Fraction(0)))


def _remaining(p: Params) -> float:
    spent = sum((Fraction(p[f"e{i}"]) for i in range(1, 4)), Fraction(0))
    assert math.isclose(p["spent"], float(spent))
    return float(Fraction(p["cap"]) - spent)


def _histogram_scale(p: Params) -> float:
    assert (p["sensitivity"], p["add_remove"]) == (2, 1)  # one cell down, another up
    return float(2 / p["epsilon"])


def _clip(p: Params) -> float:
    length = math.hypot(p["g1"], p["g2"])
    assert length == p["length"] > p["clip"]
    assert p["second"] == round(p["g2"] * p["clip"] / length, 2)
    return float(p["g1"] * p["clip"] / length)


def _gradient_sensitivity(p: Params) -> float:
    return float(2 * p["clip"])  # a clipped gradient replaced by its opposite


def _gaussian_sigma(p: Params) -> float:
    sigma = p["sensitivity"] * math.sqrt(2 * math.log(1.25 / power_of_ten(p["k"]))) / p["epsilon"]
    assert p["rounded"] == round(sigma, 2)
    return float(sigma)


def _exponential(p: Params) -> float:
    weights = [math.exp(p["epsilon"] * p[s] / (2 * p["sensitivity"])) for s in ("s1", "s2", "s3")]
    share = weights[0] / math.fsum(weights)
    assert p["rounded"] == round(share, 2)
    return share


def _total_and_mean(p: Params) -> float:
    assert p["n_after"] == p["n"] + 1
    return float(p["n_after"] * Fraction(p["mean_after"]) - Fraction(p["total"]))


def _squares(p: Params) -> float:
    assert 0 <= p["lower"] < p["upper"]  # then the largest change is b² - a²
    return float(p["upper"] ** 2 - p["lower"] ** 2)


def _plan_size(p: Params) -> float:
    # The typical error E|Z| equals the scale (b - a)/(n ε): at most the target from this n on.
    epsilon, target = Fraction(str(p["epsilon"])), Fraction(str(p["target"]))
    assert Fraction(str(p["max_sensitivity"])) == epsilon * target
    return math.ceil(Fraction(p["upper"] - p["lower"]) / (epsilon * target))


def _mean_bar(p: Params) -> float:
    part = p["total"] / 2
    assert math.isclose(p["part"], part) and p["sensitivity"] == p["upper"] - p["lower"]
    scale = (p["upper"] - p["lower"]) / part
    assert math.isclose(p["sum_scale"], scale)
    assert p["sum_bar"] == round(scale * math.log(20), 2)
    return float(scale * math.log(20) / p["n"])


def _plan_remaining(p: Params) -> float:
    left = Fraction(str(p["cap"])) - Fraction(str(p["e1"])) - Fraction(str(p["e2"]))
    assert Fraction(str(p["remaining"])) == left
    each = left / p["releases"]
    assert math.isclose(p["each"], float(each))
    # A count: scale 1/ε; the bar at level c is scale · ln(1/(1 - c)), ln 20 at 95 %.
    return math.log(1 / (1 - Fraction(p["level"], 100))) / float(each)


def _row_total(p: Params) -> float:
    cell = 2 / p["epsilon"] ** 2  # Laplace noise of scale 1/ε
    assert math.isclose(p["cell_variance"], cell)
    assert math.isclose(p["row_variance"], p["cols"] * cell)
    return math.sqrt(p["cols"] * cell)


def _user_noise(p: Params) -> float:
    assert math.isclose(p["sensitivity"], p["k"] * p["clip"])
    return float(p["z"] * p["k"] * p["clip"])


def _capped(p: Params) -> float:
    assert p["l2"] == math.sqrt(p["k"]) == int(p["l2"])  # k coordinates of size one
    sigma = (
        math.sqrt(p["k"])
        * math.sqrt(2 * math.log(1.25 / power_of_ten(p["exponent"])))
        / p["epsilon"]
    )
    assert p["rounded"] == round(sigma, 2)
    return float(sigma)


NUMBERS: dict[str, Callable[[Params], float]] = {
    "anonymisation-differencing": _differencing,
    "anonymisation-factor": _factor,
    "sensitivity-sum": _sum_sensitivity,
    "laplace-scale": _laplace_scale,
    "laplace-public-size": _public_size,
    "laplace-variance": _laplace_variance,
    "laplace-log-ratio": _log_ratio,
    "releasing-split-scale": _split_scale,
    "composition-total": _composition_total,
    "composition-remaining": _remaining,
    "histograms-scale": _histogram_scale,
    "training-clip": _clip,
    "training-sensitivity": _gradient_sensitivity,
    "mechanisms-sigma": _gaussian_sigma,
    "mechanisms-exponential": _exponential,
    "anonymisation-total-and-mean": _total_and_mean,
    "sensitivity-squares": _squares,
    "laplace-plan-size": _plan_size,
    "releasing-mean-bar": _mean_bar,
    "composition-plan-remaining": _plan_remaining,
    "histograms-row-total": _row_total,
    "training-user-noise": _user_noise,
    "mechanisms-capped": _capped,
}


def variants(chapters: tuple[str, ...]) -> list[tuple[str, int]]:
    """``(exercise id, variant index)`` of every numeric exercise of ``chapters``."""
    return [
        (item.id, index)
        for stem in chapters
        for item in catalogue.for_chapter(stem)
        if item.kind == "number"
        for index in range(len(item.variants))
    ]


def check_variant(
    formulas: Mapping[str, Callable[[Params], float]], exercise_id: str, index: int
) -> None:
    """The variant's answer is its formula's value, and a rounded answer is accepted."""
    item = exercise(exercise_id)
    assert exercise_id in formulas, f"{exercise_id}: no independent formula in this file"
    variant = item.variants[index]
    assert variant.answer is not None
    expected = formulas[exercise_id](variant.params)
    assert math.isclose(variant.answer, expected, rel_tol=1e-12, abs_tol=1e-12), variant
    # The questions ask for two decimals or a whole number; either rounding is accepted.
    digits = 0 if item.tolerance >= 0.5 or float(variant.answer).is_integer() else 2
    assert abs(round(variant.answer, digits) - variant.answer) <= item.tolerance
    assert item.tolerance < max(0.02, 0.02 * abs(variant.answer)) or item.tolerance == 0.5
    shown = variant.params.get("shown")
    if shown is not None:  # the explanation's rounded value is the answer, rounded
        assert shown == round(variant.answer, 2)
        assert abs(float(shown) - variant.answer) <= item.tolerance


@pytest.mark.parametrize(("exercise_id", "index"), variants(CORE))
def test_each_variants_answer_is_recomputed_from_its_parameters(
    exercise_id: str, index: int
) -> None:
    check_variant(NUMBERS, exercise_id, index)


@pytest.mark.parametrize("item", catalogue.all_exercises(), ids=lambda item: item.id)
def test_numeric_exercises_have_enough_distinct_variants(item: Exercise) -> None:
    """Each attempt can draw other numbers: at least MIN_VARIANTS, with different answers."""
    if item.kind != "number":
        assert len(item.variants) == 1
        return
    assert len(item.variants) >= MIN_VARIANTS
    answers = [variant.answer for variant in item.variants]
    assert len(set(answers)) >= MIN_VARIANTS - 1, answers  # never one answer for all
