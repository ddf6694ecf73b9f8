"""Exercises of the chapter "Histograms and synthetic data" (``histograms.md``).

The noise scale of a histogram under replace-one, why k-anonymity is not differential
privacy, what one release of a whole histogram costs, and the mistake of skipping empty
cells (which tells everybody which cells hold nobody). Then the noise of a row total derived
from the released cells (transfer), and a histogram of households whose privacy unit is a
person, so that one person moves a household between two cells (scenario).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from typing import Any

from dplesson import (
    brute_force_sensitivity,
    closed_form_sensitivity,
    k_anonymize,
    laplace_variance,
    split_variance,
)
from dplesson.exercises import Exercise, Variant, numeric

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _textbook_scale(p: Mapping[str, Any]) -> dict[str, float]:
    """Divide by ε the L1 sensitivity 2 of replace-one (one count down, one up; 1 by add/remove)."""
    return {"answer": 2 / p["epsilon"], "sensitivity": 2, "add_remove": 1}


def _textbook_row_total(p: Mapping[str, Any]) -> dict[str, float]:
    """Each cell's Laplace noise of scale 1/ε has variance 2/ε²; a row adds its cells'."""
    cell = 2 / p["epsilon"] ** 2
    return {
        "answer": math.sqrt(p["cols"] * cell),
        "cell_variance": cell,
        "row_variance": p["cols"] * cell,
    }


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

#: ``(rows, columns, ε)`` of a grid released under add/remove; a row total adds its cells.
_GRIDS = ((3, 3, 1.0), (4, 5, 0.5), (2, 8, 0.25), (3, 2, 2.0))


def _row_total(rows: int, columns: int, epsilon: float) -> Variant:
    variance = split_variance([epsilon] * columns)
    params = {
        "rows": rows,
        "cols": columns,
        "epsilon": epsilon,
        "cell_variance": laplace_variance(1.0 / epsilon),
        "row_variance": variance,
    }
    return Variant({**params, "shown": round(math.sqrt(variance), 2)}, math.sqrt(variance))


#: Households by size, the last cell for this size and more. A record names a person's
#: household; the checker tries every population of a few people in three households.
_LARGEST = 4
_HOUSEHOLDS, _PEOPLE = (0, 1, 2), 5


def _sizes(people: tuple[int, ...]) -> tuple[int, ...]:
    """Count households by size; each person is given as the household they live in."""
    sizes = Counter(min(size, _LARGEST) for size in Counter(people).values())
    return tuple(sizes[size] for size in range(1, _LARGEST + 1))


_PERSON = brute_force_sensitivity(_sizes, _HOUSEHOLDS, _PEOPLE, "add-remove").sensitivity

EXERCISES: tuple[Exercise, ...] = (
    numeric(
        "histograms-scale",
        "histograms",
        0.01,
        map(_scale, _SCALES),
        textbook=_textbook_scale,
        skill="apply",
    ),
    Exercise(
        id="histograms-k-flip",
        skill="diagnose",
        chapter="histograms",
        kind="choice",
        params={"k": _K, "others": _K - 1, "with_you": _WITH_YOU, "without_you": _WITHOUT_YOU},
        options=("reveals", "hidden-safe", "threshold", "ln-k"),
        correct="reveals",
    ),
    Exercise(
        id="histograms-cost",
        skill="diagnose",
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
        skill="diagnose",
        chapter="histograms",
        kind="bug",
        options=("line-8", "line-6", "line-3", "none"),
        correct="line-8",
        code=_EMPTY_CODE,
    ),
    numeric(
        "histograms-row-total",
        "histograms",
        0.01,
        (_row_total(*g) for g in _GRIDS),
        textbook=_textbook_row_total,
        skill="transfer",
    ),
    Exercise(
        id="histograms-households",
        chapter="histograms",
        kind="choice",
        skill="scenario",
        params={"largest": _LARGEST, "one": int(_ADD["exact"]), "two": int(_PERSON)},
        options=("one", "two", "largest", "zero"),
        correct="two",
    ),
)
