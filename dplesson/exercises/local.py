"""Exercises of the chapter "Randomized response and local differential privacy".

The ε of a biased first coin, the unbiased estimate from reported answers, how the gap to
central DP grows, and a survey whose coins are flipped in the wrong place.
"""

from __future__ import annotations

from dplesson.exercises import Exercise, number
from dplesson.local import local_vs_central_error, randomized_response_epsilon

__all__ = ["EXERCISES"]

_TRUTH = 0.75
_REPORTED, _FAIR = 0.4, 0.5
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

_EPSILON = randomized_response_epsilon(_TRUTH)
_ESTIMATE = round((_REPORTED - (1 - _FAIR) / 2) / _FAIR, 12)

EXERCISES: tuple[Exercise, ...] = (
    number("local-epsilon", "local", _EPSILON, 0.01, {"t": _TRUTH, "shown": round(_EPSILON, 2)}),
    number(
        "local-estimate",
        "local",
        _ESTIMATE,
        0.005,
        {"t": _FAIR, "reported": _REPORTED, "noise": (1 - _FAIR) / 2},
    ),
    Exercise(
        id="local-growth",
        chapter="local",
        kind="choice",
        params={"small": _SMALL, "large": _LARGE, "growth": round(_GROWTH)},
        options=("same", "ten", "hundred", "smaller"),
        correct="ten",
    ),
    Exercise(
        id="local-server-bug",
        chapter="local",
        kind="bug",
        options=("server", "seed", "twice", "none"),
        correct="server",
        code=_SERVER_SIDE,
    ),
)
