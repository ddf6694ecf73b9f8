"""Exercises of the chapter "Randomized response and local differential privacy".

The ε of a biased first coin, the unbiased estimate from reported answers, how the gap to
central DP grows, and a survey whose coins are flipped in the wrong place.
"""

from __future__ import annotations

from dplesson.exercises import Exercise
from dplesson.local import local_vs_central_error, randomized_response_epsilon

__all__ = ["EXERCISES"]

_TRUTH = 0.75
_REPORTED, _FAIR = 0.4, 0.5
_SMALL, _LARGE = 1_000, 100_000
_GROWTH = (
    local_vs_central_error(0.3, _LARGE, 1.0)["ratio"]
    / local_vs_central_error(0.3, _SMALL, 1.0)["ratio"]
)

_SERVER_SIDE = """\
import numpy as np

from dplesson.local import randomized_response


def collect(true_answers):  # runs on the survey's server
    rng = np.random.default_rng()
    return randomized_response(true_answers, rng)
"""

EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="local-epsilon",
        chapter="local",
        kind="number",
        params={"t": _TRUTH, "shown": round(randomized_response_epsilon(_TRUTH), 2)},
        answer=randomized_response_epsilon(_TRUTH),
        tolerance=0.01,
    ),
    Exercise(
        id="local-estimate",
        chapter="local",
        kind="number",
        params={"t": _FAIR, "reported": _REPORTED, "noise": (1 - _FAIR) / 2},
        answer=round((_REPORTED - (1 - _FAIR) / 2) / _FAIR, 12),
        tolerance=0.005,
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
