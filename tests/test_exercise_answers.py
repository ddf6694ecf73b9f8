"""Every numeric answer equals its textbook value, recomputed from the question's numbers.

Each number exercise carries its textbook recomputation (``Exercise.textbook``, beside the
exercise in its chapter's module): from the shown parameters alone, with the textbook formula
and ``fractions.Fraction`` for budgets, never through the package's functions that built the
answer. The exercises come from the catalogue, so a new exercise is checked here with no edit.
The choice and "find the bug" items are ``tests/test_exercise_facts.py``'s.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from types import CodeType

import pytest

from dplesson.exercises import Exercise, catalogue

NUMBERS = [e.id for e in catalogue.all_exercises() if e.kind == "number"]


def names(code: CodeType) -> Iterator[str]:
    """Every global name a function's code (and the code nested in it) refers to."""
    yield from code.co_names
    for constant in code.co_consts:
        if isinstance(constant, CodeType):
            yield from names(constant)


def textbook(item: Exercise) -> dict[str, float]:
    assert item.textbook is not None
    return {key: float(value) for key, value in item.textbook(item.params).items()}


@pytest.mark.parametrize("exercise_id", NUMBERS)
def test_numeric_answer_is_its_textbook_value(exercise_id: str) -> None:
    item = catalogue.by_id(exercise_id)
    assert item.answer is not None
    values = textbook(item)
    assert math.isclose(item.answer, values.pop("answer"), rel_tol=1e-9, abs_tol=1e-12)
    for name, value in values.items():  # a parameter the question derives from the others
        shown = float(item.params[name])
        assert math.isclose(shown, value, rel_tol=1e-9, abs_tol=1e-12), name
    if "shown" in item.params:  # the explanation's rounded value is the answer, rounded
        assert item.params["shown"] == round(item.answer, 2)


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


@pytest.mark.parametrize("exercise_id", NUMBERS)
def test_a_rounded_answer_is_accepted_and_a_wrong_one_is_not(exercise_id: str) -> None:
    item = catalogue.by_id(exercise_id)
    assert item.answer is not None
    # The questions ask for two decimals or a whole number; either rounding is accepted.
    digits = 0 if item.tolerance >= 0.5 or float(item.answer).is_integer() else 2
    assert abs(round(item.answer, digits) - item.answer) <= item.tolerance
    assert item.tolerance < max(0.02, 0.02 * abs(item.answer)) or item.tolerance == 0.5


def test_a_number_exercise_without_its_textbook_value_is_refused() -> None:
    with pytest.raises(ValueError, match="needs its textbook recomputation"):
        Exercise("x-y", "x", "number", {"a": 1}, answer=1.0)
    with pytest.raises(ValueError, match="only a number exercise has a textbook answer"):
        Exercise("x-z", "x", "choice", options=("a", "b"), correct="a", textbook=dict)
