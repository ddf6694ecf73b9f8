"""Exercises of the chapter "What ε means" (``epsilon.md``).

The best membership guess, how far one release can move a belief, a 95 % error bar, and
which reading of ε = 1 is true.
"""

from __future__ import annotations

import math

from dplesson.exercises import Exercise
from dplesson.meaning import guess_success_bound, laplace_error_bar, posterior_range

__all__ = ["EXERCISES"]

_GUESS_EPSILON = 2.0
_PRIOR, _ODDS_EPSILON = 0.1, 1.0
_COUNT_EPSILON = 0.5
_COUNT_SCALE = 1.0 / _COUNT_EPSILON  # a count: one person changes it by at most 1

EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="epsilon-guess",
        chapter="epsilon",
        kind="number",
        params={"epsilon": _GUESS_EPSILON, "shown": round(guess_success_bound(_GUESS_EPSILON), 2)},
        answer=guess_success_bound(_GUESS_EPSILON),
        tolerance=0.005,
    ),
    Exercise(
        id="epsilon-posterior",
        chapter="epsilon",
        kind="number",
        params={
            "prior": _PRIOR,
            "epsilon": _ODDS_EPSILON,
            "shown": round(posterior_range(_PRIOR, _ODDS_EPSILON)[1], 2),
        },
        answer=posterior_range(_PRIOR, _ODDS_EPSILON)[1],
        tolerance=0.005,
    ),
    Exercise(
        id="epsilon-error-bar",
        chapter="epsilon",
        kind="number",
        params={
            "epsilon": _COUNT_EPSILON,
            "scale": _COUNT_SCALE,
            "shown": round(laplace_error_bar(_COUNT_SCALE), 2),
        },
        answer=laplace_error_bar(_COUNT_SCALE),
        tolerance=0.01,
    ),
    Exercise(
        id="epsilon-reading",
        chapter="epsilon",
        kind="choice",
        params={"factor": round(math.e, 2)},
        options=("nothing", "odds", "one-percent", "within-one"),
        correct="odds",
    ),
)
