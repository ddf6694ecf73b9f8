"""Exercises of the chapter "Composition and privacy budgets" (``composition.md``).

A total under basic composition, the budget a ledger has left, which plan breaks a cap, and
the float trap: ``sum([0.1] * 10) <= 1.0`` passes although the exact sum of the ten floats
is above the cap, so an exact ledger refuses the tenth release. Then a plan from a ledger's
remaining budget to the error bar of each further count, and two offices whose releases reach
the same residents (scenario).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from dplesson import BudgetLedger, basic_composition, split_budget
from dplesson.exercises import Exercise, Variant, numeric
from dplesson.meaning import laplace_error_bar
from dplesson.sampling import laplace_scale

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _textbook_total(p: Mapping[str, Any]) -> dict[str, float]:
    """Add the four ε exactly (basic composition)."""
    return {"answer": float(sum(Fraction(p[f"e{i}"]) for i in range(1, 5)))}


def _textbook_remaining(p: Mapping[str, Any]) -> dict[str, float]:
    """Subtract the exact sum of what was spent from the cap."""
    spent = sum(Fraction(p[f"e{i}"]) for i in range(1, 4))
    return {"answer": float(Fraction(p["cap"]) - spent), "spent": float(spent)}


def _textbook_plan_remaining(p: Mapping[str, Any]) -> dict[str, float]:
    """Split the rest of the cap evenly; a count's bar at level c is ln(1/(1 - c)) / ε."""
    left = Fraction(str(p["cap"])) - Fraction(str(p["e1"])) - Fraction(str(p["e2"]))
    each = left / p["releases"]
    bar = math.log(1 / (1 - Fraction(p["level"], 100))) / float(each)
    return {"answer": bar, "remaining": float(left), "each": float(each)}


__all__ = ["EXERCISES"]

#: Four releases each, added up under basic composition.
_RELEASES = (
    (0.1, 0.25, 0.05, 0.3),
    (0.2, 0.2, 0.5, 0.1),
    (0.05, 0.4, 0.15, 0.25),
    (0.3, 0.3, 0.3, 0.6),
)
#: ``(cap, three booked releases)``: what a ledger has left.
_LEDGERS = (
    (2.0, (0.5, 0.25, 0.75)),
    (1.0, (0.1, 0.3, 0.2)),
    (3.0, (1.0, 0.5, 0.25)),
    (1.5, (0.5, 0.5, 0.25)),
)


def _total(releases: tuple[float, ...]) -> Variant:
    total = basic_composition(list(releases), cap=10.0)["epsilon_total"]
    return Variant({f"e{i}": epsilon for i, epsilon in enumerate(releases, start=1)}, total)


def _remaining(cap: float, spent: tuple[float, ...]) -> Variant:
    ledger = BudgetLedger(cap)
    for epsilon in spent:
        ledger.spend(epsilon)
    params = {
        "cap": cap,
        **{f"e{i}": epsilon for i, epsilon in enumerate(spent, start=1)},
        "spent": ledger.spent_float,
    }
    return Variant(params, ledger.remaining_float)


#: Plans against a cap of 1: ``(releases, epsilon each)``; exactly one breaks the cap.
_PLAN_CAP = 1.0
_PLANS = {"a": (4, 0.25), "b": (3, 0.3), "c": (8, 0.125), "d": (3, 0.4)}
_BREAKS = [
    key
    for key, (count, epsilon) in _PLANS.items()
    if not basic_composition([epsilon] * count, cap=_PLAN_CAP)["within_cap"]
]
assert len(_BREAKS) == 1, _BREAKS

#: The level of the error bars of the planned counts.
_CONFIDENCE = 0.95
#: ``(cap, two booked releases, further counts)``: the rest is split evenly over the counts.
_REMAINDERS = (
    (1.0, (0.25, 0.25), 4),
    (2.0, (0.25, 0.25), 3),
    (1.0, (0.375, 0.125), 5),
    (3.0, (0.5, 0.5), 8),
)


def _remainder_bar(cap: float, booked: tuple[float, float], releases: int) -> Variant:
    ledger = BudgetLedger(cap)
    for epsilon in booked:
        ledger.spend(epsilon)
    each = split_budget(ledger.remaining_float, releases)[0]
    remaining = ledger.remaining_float
    for _ in range(releases):  # the plan fits: the ledger books every further count
        ledger.spend(each)
    bar = laplace_error_bar(laplace_scale(1.0, each), _CONFIDENCE)
    params = {
        "cap": cap,
        "e1": booked[0],
        "e2": booked[1],
        "releases": releases,
        "level": round(100 * _CONFIDENCE),
        "remaining": round(remaining, 6),
        "each": round(each, 6),
        "shown": round(bar, 2),
    }
    return Variant(params, bar)


#: Two offices release statistics about the same residents, each with this ε.
_OFFICE_EPSILON = 0.5
_OFFICES_TOTAL = basic_composition([_OFFICE_EPSILON] * 2, cap=10.0)["epsilon_total"]

_FLOAT_CODE = """\
cap = 1.0
releases = [0.1] * 10  # ten planned releases
total = sum(releases)
if total <= cap:
    print("all ten releases fit")
"""
_TEN = [0.1] * 10
_TEN_FITS = basic_composition(_TEN, cap=1.0)["within_cap"]
assert not _TEN_FITS

EXERCISES: tuple[Exercise, ...] = (
    numeric(
        "composition-total",
        "composition",
        0.001,
        map(_total, _RELEASES),
        textbook=_textbook_total,
        skill="apply",
    ),
    numeric(
        "composition-remaining",
        "composition",
        0.001,
        (_remaining(*c) for c in _LEDGERS),
        textbook=_textbook_remaining,
        skill="apply",
    ),
    Exercise(
        id="composition-breaks",
        skill="apply",
        chapter="composition",
        kind="choice",
        params={
            "cap": _PLAN_CAP,
            **{f"{key}_count": count for key, (count, _) in _PLANS.items()},
            **{f"{key}_epsilon": epsilon for key, (_, epsilon) in _PLANS.items()},
            # the breaking plan's total, rounded for the explanation
            "total": round(
                basic_composition([_PLANS[_BREAKS[0]][1]] * _PLANS[_BREAKS[0]][0], cap=_PLAN_CAP)[
                    "epsilon_total"
                ],
                6,
            ),
        },
        options=tuple(_PLANS),
        correct=_BREAKS[0],
    ),
    Exercise(
        id="composition-float-bug",
        skill="diagnose",
        chapter="composition",
        kind="bug",
        params={"count": len(_TEN), "epsilon": _TEN[0], "cap": 1.0, "float_sum": sum(_TEN)},
        options=("line-3", "line-4", "line-2", "none"),
        correct="line-3",
        code=_FLOAT_CODE,
    ),
    numeric(
        "composition-plan-remaining",
        "composition",
        0.01,
        (_remainder_bar(*case) for case in _REMAINDERS),
        textbook=_textbook_plan_remaining,
        skill="plan",
    ),
    Exercise(
        id="composition-two-offices",
        chapter="composition",
        kind="choice",
        skill="scenario",
        params={"epsilon": _OFFICE_EPSILON, "total": _OFFICES_TOTAL},
        options=("sum", "each", "parallel", "never-combined"),
        correct="sum",
    ),
)
