"""Exercises of the chapter "Composition beyond the sum" (``beyond.md``).

A histogram under parallel composition, a group's budget, zCDP over many Gaussian releases,
and which step is not post-processing. Then a plan from an error bar to the number of
releases a budget affords under the better of basic and advanced composition, and what a
histogram of disjoint groups costs under replace-one (scenario).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from dplesson.accounting import (
    gaussian_rho,
    group_privacy_epsilon,
    releases_within,
    zcdp_epsilon,
)
from dplesson.exercises import Exercise, Variant, numeric
from dplesson.meaning import epsilon_for_error_bar

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _textbook_parallel(p: Mapping[str, Any]) -> dict[str, float]:
    """Take the largest ε of a bin, not the sum: the bins are disjoint."""
    return {"answer": max([p["epsilon"]] * p["bins"])}


def _textbook_group(p: Mapping[str, Any]) -> dict[str, float]:
    """K neighbour steps of e^ε each: kε."""
    return {"answer": float(Fraction(p["epsilon"]) * p["k"])}


def _textbook_zcdp(p: Mapping[str, Any]) -> dict[str, float]:
    """Add up ρ = Δ₂²/(2σ²) per release, then convert: ε = ρ + 2 √(ρ ln(1/δ))."""
    rho = p["releases"] / (2 * p["sigma"] ** 2)
    return {"answer": rho + 2 * math.sqrt(rho * math.log(10.0 ** -p["exponent"])), "rho": rho}


def _textbook_plan_afford(p: Mapping[str, Any]) -> dict[str, float]:
    """Count releases of 95 % bar ``target`` (ε = ln 20 / target) the total affords, either way.

    Basic: ⌊total / ε⌋. Advanced: the largest k with √(2k ln(1/δ)) ε + k ε (e^ε - 1) ≤ total.
    Neither count may lie within rounding of its boundary, where float error would decide.
    """
    each = math.log(20) / p["target"]
    slack = 10.0 ** float(p["exponent"])
    basic = math.floor(p["total"] / each)

    def advanced(k: int) -> float:
        return float(math.sqrt(2 * k * math.log(1 / slack)) * each + k * each * math.expm1(each))

    fits = 0
    while advanced(fits + 1) <= p["total"]:
        fits += 1
    assert not math.isclose(p["total"] / each, round(p["total"] / each), rel_tol=1e-9)
    assert not math.isclose(advanced(fits + 1), p["total"], rel_tol=1e-9)
    return {
        "answer": float(max(basic, fits)),
        "basic": float(basic),
        "advanced": float(fits),
        "each": float(f"{each:.3g}"),
    }


__all__ = ["EXERCISES"]

#: ``(bins, ε per bin)`` of a histogram released under add/remove.
_HISTOGRAMS = ((10, 0.5), (5, 1.0), (20, 0.25), (8, 0.1))
#: ``(k, ε per person)``: a family of k people.
_GROUPS = ((4, 0.25), (3, 0.5), (5, 0.1), (2, 0.75))
#: ``(σ, releases, exponent of δ)``: Gaussian releases of a query of L2 sensitivity 1.
_GAUSSIANS = ((5.0, 50, -6), (4.0, 8, -5), (2.0, 10, -6), (20.0, 100, -8))


def _histogram(bins: int, epsilon: float) -> Variant:
    # Parallel composition: the bins are disjoint, the cost is the largest ε of a part.
    return Variant({"bins": bins, "epsilon": epsilon}, max([epsilon] * bins))


def _group(k: int, epsilon: float) -> Variant:
    # The product of the decimals the reader sees (5 × 0.1 = 0.5). group_privacy_epsilon
    # rounds the float product up, a budget decision: 0.5000000000000001 here, never less.
    answer = float(k * Fraction(str(epsilon)))
    assert answer <= group_privacy_epsilon(epsilon, k)
    return Variant({"k": k, "epsilon": epsilon}, answer)


def _zcdp(sigma: float, releases: int, exponent: int) -> Variant:
    delta = float(f"1e{exponent}")
    rho = releases * gaussian_rho(1.0, sigma)
    total = zcdp_epsilon(rho, delta)
    params = {
        "sigma": sigma,
        "releases": releases,
        "rho": rho,
        "exponent": round(math.log10(delta)),
        "shown": round(total, 2),
    }
    return Variant(params, total)


#: ``(95 % half-width of each count, total ε)`` at the slack δ' = 10^-6: in two plans the sum
#: affords more, in two advanced composition does.
_AFFORD = ((50.0, 1.0), (300.0, 1.0), (100.0, 2.0), (20.0, 3.0))
_AFFORD_EXPONENT = -6


def _afford(target: float, total: float) -> Variant:
    each = epsilon_for_error_bar(target)
    found = releases_within(each, total, float(f"1e{_AFFORD_EXPONENT}"))
    params = {
        "target": target,
        "total": total,
        "exponent": _AFFORD_EXPONENT,
        "each": float(f"{each:.3g}"),
        "basic": found["basic"],
        "advanced": found["advanced"],
    }
    return Variant(params, max(found["basic"], found["advanced"]))


#: Age groups of residents on a public list (replace-one), each group's count at this ε.
_AGE_GROUPS, _GROUP_EPSILON = 5, 0.5

EXERCISES: tuple[Exercise, ...] = (
    numeric(
        "beyond-histogram",
        "beyond",
        0.0,
        (_histogram(*case) for case in _HISTOGRAMS),
        textbook=_textbook_parallel,
        skill="apply",
    ),
    numeric(
        "beyond-group",
        "beyond",
        0.0,
        (_group(*case) for case in _GROUPS),
        textbook=_textbook_group,
        skill="apply",
    ),
    numeric(
        "beyond-zcdp",
        "beyond",
        0.01,
        (_zcdp(*case) for case in _GAUSSIANS),
        textbook=_textbook_zcdp,
        skill="apply",
    ),
    Exercise(
        id="beyond-not-post-processing",
        skill="diagnose",
        chapter="beyond",
        kind="choice",
        options=("round", "clamp", "synthetic", "redraw"),
        correct="redraw",
    ),
    numeric(
        "beyond-plan-afford",
        "beyond",
        0.0,
        (_afford(*c) for c in _AFFORD),
        textbook=_textbook_plan_afford,
        skill="plan",
    ),
    Exercise(
        id="beyond-replace-groups",
        chapter="beyond",
        kind="choice",
        skill="scenario",
        params={
            "groups": _AGE_GROUPS,
            "epsilon": _GROUP_EPSILON,
            "double": float(2 * Fraction(str(_GROUP_EPSILON))),
            "sum": float(_AGE_GROUPS * Fraction(str(_GROUP_EPSILON))),
        },
        options=("once", "twice", "every-group", "fixed"),
        correct="twice",
    ),
)
