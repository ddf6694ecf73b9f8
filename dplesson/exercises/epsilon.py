"""Exercises of the chapter "What ε means" (``epsilon.md``).

The best membership guess, how far one release can move a belief, a 95 % error bar, and
which reading of ε = 1 is true. Then the other way round: the ε a count needs for a given
error bar (plan), and which neighbour model an ε must hold under to hide who took part
(scenario).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from dplesson.exercises import Exercise, Variant, numeric
from dplesson.meaning import (
    epsilon_for_error_bar,
    guess_success_bound,
    laplace_error_bar,
    posterior_range,
)

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _textbook_guess(p: Mapping[str, Any]) -> dict[str, float]:
    """Bound the best guess of a fair-coin membership game: e^ε / (1 + e^ε)."""
    return {"answer": math.exp(p["epsilon"]) / (1 + math.exp(p["epsilon"]))}


def _textbook_posterior(p: Mapping[str, Any]) -> dict[str, float]:
    """Multiply the prior odds p/(1 - p) by e^ε and turn them back into a probability."""
    odds = p["prior"] / (1 - p["prior"]) * math.exp(p["epsilon"])
    return {"answer": odds / (1 + odds)}


def _textbook_error_bar(p: Mapping[str, Any]) -> dict[str, float]:
    """Use a count's scale 1/ε; Pr[|Z| > t] = e^(-t/s) = 0.05 at t = s ln 20."""
    return {"answer": p["scale"] * math.log(20), "scale": 1 / p["epsilon"]}


def _textbook_plan_bar(p: Mapping[str, Any]) -> dict[str, float]:
    """Solve ln 20 / ε = target: a count's 95 % bar is within the target from there on."""
    return {"answer": math.log(20) / p["target"], "max_scale": round(p["target"] / math.log(20), 2)}


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
    numeric(
        "epsilon-guess",
        "epsilon",
        0.005,
        map(_guess, _GUESSES),
        textbook=_textbook_guess,
        skill="apply",
    ),
    numeric(
        "epsilon-posterior",
        "epsilon",
        0.005,
        (_belief(*case) for case in _BELIEFS),
        textbook=_textbook_posterior,
        skill="apply",
    ),
    numeric(
        "epsilon-error-bar",
        "epsilon",
        0.01,
        map(_error_bar, _COUNTS),
        textbook=_textbook_error_bar,
        skill="apply",
    ),
    Exercise(
        id="epsilon-reading",
        skill="diagnose",
        chapter="epsilon",
        kind="choice",
        params={"factor": round(math.e, 2)},
        options=("nothing", "odds", "one-percent", "within-one"),
        correct="odds",
    ),
    numeric(
        "epsilon-plan-bar",
        "epsilon",
        0.005,
        map(_needed, _TARGETS),
        textbook=_textbook_plan_bar,
        skill="plan",
    ),
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
