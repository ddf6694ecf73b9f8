"""Exercises of the chapter "Why removing names is not enough" (``anonymisation.md``).

A differencing attack on two exact averages, what the definition of ε-differential privacy
bounds, the factor ``e^ε`` it allows, and why an exact (deterministic) answer has no finite ε.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from dplesson import differencing_attack
from dplesson.exercises import Exercise

__all__ = ["EXERCISES"]

#: A made-up team; the last salary belongs to the person who leaves.
_TEAM = (40.0, 48.0, 52.0, 60.0, 90.0)
_ATTACK = differencing_attack(_TEAM, _TEAM[:-1])

#: The ε of the "factor" exercise and the factor ``e^ε`` it allows, to two decimals.
_EPSILON = 0.5

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _differencing(p: Mapping[str, Any]) -> dict[str, float]:
    """Take n times the mean with the person, less n - 1 times the mean without."""
    n = int(p["n"])
    missing = Fraction(n) * Fraction(p["mean_with"]) - (n - 1) * Fraction(p["mean_without"])
    return {"answer": float(missing), "n_without": n - 1}


def _factor(p: Mapping[str, Any]) -> dict[str, float]:
    """Give the factor e^ε, and its two-decimal rounding shown in the explanation."""
    return {"answer": math.exp(p["epsilon"]), "factor": round(math.exp(p["epsilon"]), 2)}


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="anonymisation-differencing",
        chapter="anonymisation",
        kind="number",
        params={
            "n": _ATTACK["n"],
            "n_without": _ATTACK["n"] - 1,
            "mean_with": _ATTACK["mean_with"],
            "mean_without": _ATTACK["mean_without"],
        },
        answer=_ATTACK["revealed"],
        tolerance=0.5,
        textbook=_differencing,
    ),
    Exercise(
        id="anonymisation-promise",
        chapter="anonymisation",
        kind="choice",
        options=("nothing-learned", "distribution", "secret", "once-only"),
        correct="distribution",
    ),
    Exercise(
        id="anonymisation-factor",
        chapter="anonymisation",
        kind="number",
        params={"epsilon": _EPSILON, "factor": round(math.exp(_EPSILON), 2)},
        answer=math.exp(_EPSILON),
        tolerance=0.01,
        textbook=_factor,
    ),
    Exercise(
        id="anonymisation-exact-answer",
        chapter="anonymisation",
        kind="choice",
        options=("large-epsilon", "large-group", "none"),
        correct="none",
    ),
)
