"""Every numeric answer, of every variant, equals its textbook value.

Each number exercise carries its textbook recomputation (``Exercise.textbook``, beside the
exercise in its chapter's module): from a variant's shown parameters alone (each set of
numbers an attempt may draw), with the textbook formula and ``fractions.Fraction`` for
budgets, never through the package's functions that built the answer. The exercises and their
variants come from the catalogue, so a new exercise or variant is checked here with no edit.
The choice and "find the bug" items are ``tests/test_exercise_facts.py``'s.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from types import CodeType

import pytest

from dplesson.exercises import MIN_VARIANTS, Exercise, Variant, catalogue

NUMBERS = [e.id for e in catalogue.all_exercises() if e.kind == "number"]
#: ``exercise-id/variant-index`` of every variant of every number exercise.
VARIANTS = [
    f"{e.id}/{index}"
    for e in catalogue.all_exercises()
    if e.kind == "number"
    for index in range(len(e.variants))
]


def names(code: CodeType) -> Iterator[str]:
    """Every global name a function's code (and the code nested in it) refers to."""
    yield from code.co_names
    for constant in code.co_consts:
        if isinstance(constant, CodeType):
            yield from names(constant)


def variant(case: str) -> tuple[Exercise, Variant]:
    exercise_id, _, index = case.rpartition("/")
    item = catalogue.by_id(exercise_id)
    return item, item.variants[int(index)]


@pytest.mark.parametrize("case", VARIANTS)
def test_each_variants_answer_is_its_textbook_value(case: str) -> None:
    item, numbers = variant(case)
    assert item.textbook is not None and numbers.answer is not None
    values = {key: float(value) for key, value in item.textbook(numbers.params).items()}
    assert math.isclose(numbers.answer, values.pop("answer"), rel_tol=1e-9, abs_tol=1e-12)
    for name, value in values.items():  # a parameter the question derives from the others
        shown = float(numbers.params[name])
        assert math.isclose(shown, value, rel_tol=1e-9, abs_tol=1e-12), name
    if "shown" in numbers.params:  # the explanation's rounded value is the answer, rounded
        assert numbers.params["shown"] == round(numbers.answer, 2)
        assert abs(float(numbers.params["shown"]) - numbers.answer) <= item.tolerance


@pytest.mark.parametrize("case", VARIANTS)
def test_a_rounded_answer_is_accepted_and_a_wrong_one_is_not(case: str) -> None:
    item, numbers = variant(case)
    assert numbers.answer is not None
    # The questions ask for two decimals or a whole number; either rounding is accepted.
    digits = 0 if item.tolerance >= 0.5 or float(numbers.answer).is_integer() else 2
    assert abs(round(numbers.answer, digits) - numbers.answer) <= item.tolerance
    assert item.tolerance < max(0.02, 0.02 * abs(numbers.answer)) or item.tolerance == 0.5


@pytest.mark.parametrize("exercise_id", NUMBERS)
def test_the_textbook_value_uses_no_function_of_the_package(exercise_id: str) -> None:
    """Independent means independent: the recomputation calls nothing from ``dplesson``."""
    function = catalogue.by_id(exercise_id).textbook
    assert function is not None
    used = {name: function.__globals__.get(name) for name in names(function.__code__)}
    package = [
        name
        for name, value in used.items()
        if str(getattr(value, "__module__", "") or getattr(value, "__name__", "")).startswith(
            "dplesson"
        )
    ]
    assert not package, package


@pytest.mark.parametrize("item", catalogue.all_exercises(), ids=lambda item: item.id)
def test_numeric_exercises_have_enough_distinct_variants(item: Exercise) -> None:
    """Each attempt can draw other numbers: at least MIN_VARIANTS, with different answers."""
    if item.kind != "number":
        assert len(item.variants) == 1
        return
    assert len(item.variants) >= MIN_VARIANTS
    answers = [numbers.answer for numbers in item.variants]
    assert len(set(answers)) >= MIN_VARIANTS - 1, answers  # never one answer for all


def test_a_number_exercise_without_its_textbook_value_is_refused() -> None:
    with pytest.raises(ValueError, match="needs its textbook recomputation"):
        Exercise("x-y", "x", "number", {"a": 1}, answer=1.0, skill="apply")
    with pytest.raises(ValueError, match="only a number exercise has a textbook answer"):
        Exercise(
            "x-z", "x", "choice", options=("a", "b"), correct="a", skill="recall", textbook=dict
        )
