"""Exercises of the chapter "Why removing names is not enough" (``anonymisation.md``).

A differencing attack on two exact averages, the same attack on a total and an average
(transfer), what the definition of ε-differential privacy bounds, the factor ``e^ε`` it
allows, why an exact (deterministic) answer has no finite ε, and whose data two
neighbouring datasets must differ in when a record concerns two people (scenario).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from dplesson import differencing_attack
from dplesson.exercises import Exercise, Variant, numeric

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _textbook_differencing(p: Mapping[str, Any]) -> dict[str, float]:
    """Take n times the mean with the person, less n - 1 times the mean without."""
    n = int(p["n"])
    missing = Fraction(n) * Fraction(p["mean_with"]) - (n - 1) * Fraction(p["mean_without"])
    return {"answer": float(missing), "n_without": n - 1}


def _textbook_factor(p: Mapping[str, Any]) -> dict[str, float]:
    """Give the factor e^ε, and its two-decimal rounding shown in the explanation."""
    return {"answer": math.exp(p["epsilon"]), "factor": round(math.exp(p["epsilon"]), 2)}


def _textbook_total_and_mean(p: Mapping[str, Any]) -> dict[str, float]:
    """Take (n + 1) times the mean after the join, less the total before: the newcomer."""
    after = (p["n"] + 1) * Fraction(p["mean_after"]) - Fraction(p["total"])
    return {"answer": float(after), "n_after": p["n"] + 1}


__all__ = ["EXERCISES"]

#: Made-up teams (salaries in thousands); the last salary belongs to the person who leaves.
#: Both averages end after at most three decimals, so the page shows them exactly.
_TEAMS = (
    (40.0, 48.0, 52.0, 60.0, 90.0),
    (45.0, 51.0, 60.0, 84.0),
    (38.0, 44.0, 50.0, 56.0, 62.0, 80.0),
    (35.0, 41.0, 47.0, 52.0, 58.0, 63.0, 68.0, 96.0),
)


def _differencing(team: tuple[float, ...]) -> Variant:
    attack = differencing_attack(team, team[:-1])
    params = {
        "n": attack["n"],
        "n_without": attack["n"] - 1,
        "mean_with": attack["mean_with"],
        "mean_without": attack["mean_without"],
    }
    return Variant(params, attack["revealed"])


#: ``(salaries before, newcomer's salary)``: a department's total is published, then the
#: average after one person joins; each average is a whole number, so the page shows it exactly.
_JOINS = (
    ((42.0, 50.0, 58.0, 70.0), 80.0),
    ((40.0, 46.0, 52.0, 58.0, 64.0, 70.0), 62.0),
    ((48.0, 55.0, 61.0, 74.0), 57.0),
    ((36.0, 44.0, 50.0, 57.0, 63.0, 66.0, 74.0, 80.0), 79.0),
)


def _join(before: tuple[float, ...], newcomer: float) -> Variant:
    # The attacker's two numbers: the total before (n times its mean) and the mean after.
    attack = differencing_attack((*before, newcomer), before)
    n = attack["n"] - 1
    params = {
        "n": n,
        "total": float(n * Fraction(attack["mean_without"])),
        "n_after": attack["n"],
        "mean_after": attack["mean_with"],
    }
    return Variant(params, float(attack["revealed_exact"]))


#: The ε of the "factor" exercise and the factor ``e^ε`` it allows, to two decimals.
_EPSILONS = (0.5, 0.25, 1.0, 2.0)


def _factor(epsilon: float) -> Variant:
    return Variant({"epsilon": epsilon, "factor": round(math.exp(epsilon), 2)}, math.exp(epsilon))


EXERCISES: tuple[Exercise, ...] = (
    numeric(
        "anonymisation-differencing",
        "anonymisation",
        0.5,
        map(_differencing, _TEAMS),
        textbook=_textbook_differencing,
        skill="apply",
    ),
    Exercise(
        id="anonymisation-promise",
        skill="recall",
        chapter="anonymisation",
        kind="choice",
        options=("nothing-learned", "distribution", "secret", "once-only"),
        correct="distribution",
    ),
    numeric(
        "anonymisation-total-and-mean",
        "anonymisation",
        0.5,
        (_join(*case) for case in _JOINS),
        textbook=_textbook_total_and_mean,
        skill="transfer",
    ),
    numeric(
        "anonymisation-factor",
        "anonymisation",
        0.01,
        map(_factor, _EPSILONS),
        textbook=_textbook_factor,
        skill="apply",
    ),
    Exercise(
        id="anonymisation-exact-answer",
        skill="diagnose",
        chapter="anonymisation",
        kind="choice",
        options=("large-epsilon", "large-group", "none"),
        correct="none",
    ),
    Exercise(
        id="anonymisation-calls",
        chapter="anonymisation",
        kind="choice",
        skill="scenario",
        options=("one-call", "made", "all-calls", "names"),
        correct="all-calls",
    ),
)
