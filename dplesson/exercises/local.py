"""Exercises of the chapter "Randomized response and local differential privacy".

The ε of a biased first coin, the unbiased estimate from reported answers, how the gap to
central DP grows, and a survey whose coins are flipped in the wrong place. Then how many people
a survey needs for a target standard error (plan), and how to collect answers when nobody
trusts the collector (scenario).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from dplesson.exercises import Exercise, Variant, numeric
from dplesson.local import (
    local_vs_central_error,
    people_for_standard_error,
    randomized_response_epsilon,
)

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _textbook_epsilon(p: Mapping[str, Any]) -> dict[str, float]:
    """Take the log-ratio of saying yes: t + (1 - t)/2 for a yes, (1 - t)/2 for a no."""
    t = p["t"]
    return {"answer": math.log((t + (1 - t) / 2) / ((1 - t) / 2))}


def _textbook_estimate(p: Mapping[str, Any]) -> dict[str, float]:
    """Solve λ = t π + (1 - t)/2 for π."""
    t, reported = Fraction(p["t"]), Fraction(p["reported"])
    return {"answer": float((reported - (1 - t) / 2) / t), "noise": float((1 - t) / 2)}


def _textbook_plan_people(p: Mapping[str, Any]) -> dict[str, float]:
    """Find the n from which the standard error √(1 - t²)/(2 t √n) is within the target."""
    t, target = Fraction(str(p["t"])), Fraction(str(p["target"]))
    people = math.ceil((1 - t * t) / (4 * t * t * target * target))
    epsilon = round(math.log((1 + p["t"]) / (1 - p["t"])), 2)
    return {"answer": float(people), "epsilon": epsilon}


__all__ = ["EXERCISES"]

#: The truth probability t of the first coin.
_TRUTHS = (0.75, 0.6, 0.25, 0.9)
#: Fair coins (t = 1/2) and the share of "yes" the reports show.
_FAIR = 0.5
_REPORTS = (0.4, 0.35, 0.6, 0.48)


def _epsilon(t: float) -> Variant:
    epsilon = randomized_response_epsilon(t)
    return Variant({"t": t, "shown": round(epsilon, 2)}, epsilon)


def _estimate(reported: float) -> Variant:
    noise = (1 - _FAIR) / 2
    estimate = round((reported - noise) / _FAIR, 12)  # without the float's last bits
    return Variant({"t": _FAIR, "reported": reported, "noise": noise}, estimate)


_SMALL, _LARGE = 1_000, 100_000
_GROWTH = (
    local_vs_central_error(_LARGE, 1.0)["ratio"] / local_vs_central_error(_SMALL, 1.0)["ratio"]
)

_SERVER_SIDE = """\
import numpy as np

from dplesson.local import randomized_response


def collect(true_answers):  # runs on the survey's server
    rng = np.random.default_rng()
    return randomized_response(true_answers, rng)
"""

#: ``(t, target standard error)``; no size lies on a boundary.
_SURVEYS = ((0.5, 0.03), (0.75, 0.01), (0.25, 0.04), (0.6, 0.02))


def _survey(t: float, target: float) -> Variant:
    params = {"t": t, "target": target, "epsilon": round(randomized_response_epsilon(t), 2)}
    return Variant(params, people_for_standard_error(target, t))


EXERCISES: tuple[Exercise, ...] = (
    numeric(
        "local-epsilon",
        "local",
        0.01,
        map(_epsilon, _TRUTHS),
        textbook=_textbook_epsilon,
        skill="apply",
    ),
    numeric(
        "local-estimate",
        "local",
        0.005,
        map(_estimate, _REPORTS),
        textbook=_textbook_estimate,
        skill="apply",
    ),
    Exercise(
        id="local-growth",
        skill="diagnose",
        chapter="local",
        kind="choice",
        params={"small": _SMALL, "large": _LARGE, "growth": round(_GROWTH)},
        options=("same", "ten", "hundred", "smaller"),
        correct="ten",
    ),
    Exercise(
        id="local-server-bug",
        skill="diagnose",
        chapter="local",
        kind="bug",
        options=("server", "seed", "order", "none"),
        correct="server",
        code=_SERVER_SIDE,
    ),
    numeric(
        "local-plan-people",
        "local",
        0.0,
        (_survey(*c) for c in _SURVEYS),
        textbook=_textbook_plan_people,
        skill="plan",
    ),
    Exercise(
        id="local-untrusted",
        chapter="local",
        kind="choice",
        skill="scenario",
        options=("device", "server-noise", "server-coins", "batches"),
        correct="device",
    ),
)
