"""Exercises of the chapter "Composition beyond the sum" (``beyond.md``).

A histogram under parallel composition, a group's budget, zCDP over many Gaussian releases,
and which step is not post-processing.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from dplesson.accounting import gaussian_rho, group_privacy_epsilon, zcdp_epsilon
from dplesson.exercises import Exercise

__all__ = ["EXERCISES"]

_BINS, _BIN_EPSILON = 10, 0.5
_GROUP, _GROUP_EPSILON = 4, 0.25
_SIGMA, _RELEASES, _DELTA = 5.0, 50, 1e-6
_RHO = _RELEASES * gaussian_rho(1.0, _SIGMA)

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _parallel(p: Mapping[str, Any]) -> dict[str, float]:
    """Take the largest ε of a bin, not the sum: the bins are disjoint."""
    return {"answer": max([p["epsilon"]] * p["bins"])}


def _group(p: Mapping[str, Any]) -> dict[str, float]:
    """K neighbour steps of e^ε each: kε."""
    return {"answer": float(Fraction(p["epsilon"]) * p["k"])}


def _zcdp(p: Mapping[str, Any]) -> dict[str, float]:
    """Add up ρ = Δ₂²/(2σ²) per release, then convert: ε = ρ + 2 √(ρ ln(1/δ))."""
    rho = p["releases"] / (2 * p["sigma"] ** 2)
    return {"answer": rho + 2 * math.sqrt(rho * math.log(10.0 ** -p["exponent"])), "rho": rho}


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="beyond-histogram",
        chapter="beyond",
        kind="number",
        params={"bins": _BINS, "epsilon": _BIN_EPSILON},
        answer=_BIN_EPSILON,  # parallel composition: the largest ε of a part
        tolerance=0.0,
        textbook=_parallel,
    ),
    Exercise(
        id="beyond-group",
        chapter="beyond",
        kind="number",
        params={"k": _GROUP, "epsilon": _GROUP_EPSILON},
        answer=group_privacy_epsilon(_GROUP_EPSILON, _GROUP),
        tolerance=0.0,
        textbook=_group,
    ),
    Exercise(
        id="beyond-zcdp",
        chapter="beyond",
        kind="number",
        params={
            "sigma": _SIGMA,
            "releases": _RELEASES,
            "rho": _RHO,
            "exponent": round(math.log10(_DELTA)),
            "shown": round(zcdp_epsilon(_RHO, _DELTA), 2),
        },
        answer=zcdp_epsilon(_RHO, _DELTA),
        tolerance=0.01,
        textbook=_zcdp,
    ),
    Exercise(
        id="beyond-not-post-processing",
        chapter="beyond",
        kind="choice",
        options=("round", "clamp", "synthetic", "redraw"),
        correct="redraw",
    ),
)
