"""Exercises of the chapter "What ε means" (``epsilon.md``).

The best membership guess, how far one release can move a belief, a 95 % error bar, and
which reading of ε = 1 is true. Then the other way round: the ε a count needs for a given
error bar (plan), and which neighbour model an ε must hold under to hide who took part
(scenario).
"""

from __future__ import annotations

import math

from dplesson.exercises import Exercise, Variant, numeric
from dplesson.meaning import (
    epsilon_for_error_bar,
    guess_success_bound,
    laplace_error_bar,
    posterior_range,
)

__all__ = ["EXERCISES"]

#: ε of the guessing bound: each far enough above 0 that the attacker beats a coin toss.
_GUESSES = (2.0, 1.0, 3.0, 1.5)
#: ``(prior, ε)`` of the belief an observer can reach.
_BELIEFS = ((0.1, 1.0), (0.2, 0.5), (0.5, 1.0), (0.01, 2.0))
#: ε of a count (one person changes it by at most 1, so the scale is 1/ε).
_COUNTS = (0.5, 0.4, 0.25, 0.2)


#: The 95 % half-width a count must keep (one person changes it by at most one).
_TARGETS = (5.0, 10.0, 3.0, 8.0)
#: The ε a survey report states, in the scenario of who took part.
_SURVEY_EPSILON = 0.5


def _needed(target: float) -> Variant:
    epsilon = epsilon_for_error_bar(target)
    params = {"target": target, "max_scale": round(target / laplace_error_bar(1.0), 2)}
    return Variant({**params, "shown": round(epsilon, 2)}, epsilon)


def _guess(epsilon: float) -> Variant:
    bound = guess_success_bound(epsilon)
    return Variant({"epsilon": epsilon, "shown": round(bound, 2)}, bound)


def _belief(prior: float, epsilon: float) -> Variant:
    highest = posterior_range(prior, epsilon)[1]
    return Variant({"prior": prior, "epsilon": epsilon, "shown": round(highest, 2)}, highest)


def _error_bar(epsilon: float) -> Variant:
    scale = 1.0 / epsilon
    bar = laplace_error_bar(scale)
    return Variant({"epsilon": epsilon, "scale": scale, "shown": round(bar, 2)}, bar)


EXERCISES: tuple[Exercise, ...] = (
    numeric("epsilon-guess", "epsilon", 0.005, map(_guess, _GUESSES), skill="apply"),
    numeric(
        "epsilon-posterior", "epsilon", 0.005, (_belief(*case) for case in _BELIEFS), skill="apply"
    ),
    numeric("epsilon-error-bar", "epsilon", 0.01, map(_error_bar, _COUNTS), skill="apply"),
    Exercise(
        id="epsilon-reading",
        skill="diagnose",
        chapter="epsilon",
        kind="choice",
        params={"factor": round(math.e, 2)},
        options=("nothing", "odds", "one-percent", "within-one"),
        correct="odds",
    ),
    numeric("epsilon-plan-bar", "epsilon", 0.005, map(_needed, _TARGETS), skill="plan"),
    Exercise(
        id="epsilon-who-took-part",
        chapter="epsilon",
        kind="choice",
        skill="scenario",
        params={"epsilon": _SURVEY_EPSILON},
        options=("add-remove", "replace-one", "either", "neither"),
        correct="add-remove",
    ),
)
