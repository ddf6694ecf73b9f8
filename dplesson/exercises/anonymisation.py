"""Exercises of the chapter "Why removing names is not enough" (``anonymisation.md``).

A differencing attack on two exact averages, what the definition of ε-differential privacy
bounds, the factor ``e^ε`` it allows, and why an exact (deterministic) answer has no finite ε.
"""

from __future__ import annotations

import math

from dplesson import differencing_attack
from dplesson.exercises import Exercise, Variant, numeric

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


#: The ε of the "factor" exercise and the factor ``e^ε`` it allows, to two decimals.
_EPSILONS = (0.5, 0.25, 1.0, 2.0)


def _factor(epsilon: float) -> Variant:
    return Variant({"epsilon": epsilon, "factor": round(math.exp(epsilon), 2)}, math.exp(epsilon))


EXERCISES: tuple[Exercise, ...] = (
    numeric("anonymisation-differencing", "anonymisation", 0.5, map(_differencing, _TEAMS)),
    Exercise(
        id="anonymisation-promise",
        chapter="anonymisation",
        kind="choice",
        options=("nothing-learned", "distribution", "secret", "once-only"),
        correct="distribution",
    ),
    numeric("anonymisation-factor", "anonymisation", 0.01, map(_factor, _EPSILONS)),
    Exercise(
        id="anonymisation-exact-answer",
        chapter="anonymisation",
        kind="choice",
        options=("large-epsilon", "large-group", "none"),
        correct="none",
    ),
)
