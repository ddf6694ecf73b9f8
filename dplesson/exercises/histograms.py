"""Exercises of the chapter "Histograms and synthetic data" (``histograms.md``).

The noise scale of a histogram under replace-one, why k-anonymity is not differential
privacy, what one release of a whole histogram costs, and the mistake of skipping empty
cells (which tells everybody which cells hold nobody).
"""

from __future__ import annotations

from dplesson import closed_form_sensitivity, k_anonymize
from dplesson.exercises import Exercise, Variant, numeric

__all__ = ["EXERCISES"]

_EPSILON = 0.5
_REPLACE = closed_form_sensitivity("histogram", 1, 100, 40, "replace-one")
_ADD = closed_form_sensitivity("histogram", 1, 100, 40, "add-remove")
#: The ε of a histogram with public cells, released under replace-one.
_SCALES = (_EPSILON, 1.0, 0.25, 0.8)


def _scale(epsilon: float) -> Variant:
    params = {"epsilon": epsilon, "sensitivity": _REPLACE["value"], "add_remove": _ADD["value"]}
    return Variant(params, _REPLACE["value"] / epsilon)


_K = 5
_WITHOUT_YOU, _WITH_YOU = (int(k_anonymize([count], _K)[0]) for count in (_K - 1, _K))

_CELLS = 9

_EMPTY_CODE = """\
import numpy as np

rng = np.random.default_rng()  # add/remove, epsilon = 1
counts = {"north": 12, "east": 0, "south": 3, "west": 7}  # public list of regions
released = {
    region: count + rng.laplace(0.0, 1.0)
    for region, count in counts.items()
    if count > 0
}
"""

EXERCISES: tuple[Exercise, ...] = (
    numeric("histograms-scale", "histograms", 0.01, map(_scale, _SCALES)),
    Exercise(
        id="histograms-k-flip",
        chapter="histograms",
        kind="choice",
        params={"k": _K, "others": _K - 1, "with_you": _WITH_YOU, "without_you": _WITHOUT_YOU},
        options=("reveals", "hidden-safe", "threshold", "ln-k"),
        correct="reveals",
    ),
    Exercise(
        id="histograms-cost",
        chapter="histograms",
        kind="choice",
        params={
            "cells": _CELLS,
            "epsilon": _EPSILON,
            "sensitivity": _ADD["value"],
            "per_cell_total": _CELLS * _EPSILON,
        },
        options=("once", "per-cell", "divided"),
        correct="once",
    ),
    Exercise(
        id="histograms-empty-bug",
        chapter="histograms",
        kind="bug",
        options=("line-8", "line-6", "line-3", "none"),
        correct="line-8",
        code=_EMPTY_CODE,
    ),
)
