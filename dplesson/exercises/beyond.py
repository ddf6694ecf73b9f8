"""Exercises of the chapter "Composition beyond the sum" (``beyond.md``).

A histogram under parallel composition, a group's budget, zCDP over many Gaussian releases,
and which step is not post-processing. Then a plan from an error bar to the number of
releases a budget affords under the better of basic and advanced composition, and what a
histogram of disjoint groups costs under replace-one (scenario).
"""

from __future__ import annotations

import math
from fractions import Fraction

from dplesson.accounting import (
    gaussian_rho,
    group_privacy_epsilon,
    releases_within,
    zcdp_epsilon,
)
from dplesson.exercises import Exercise, Variant, numeric
from dplesson.meaning import epsilon_for_error_bar

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
        skill="apply",
    ),
    numeric("beyond-group", "beyond", 0.0, (_group(*case) for case in _GROUPS), skill="apply"),
    numeric("beyond-zcdp", "beyond", 0.01, (_zcdp(*case) for case in _GAUSSIANS), skill="apply"),
    Exercise(
        id="beyond-not-post-processing",
        skill="diagnose",
        chapter="beyond",
        kind="choice",
        options=("round", "clamp", "synthetic", "redraw"),
        correct="redraw",
    ),
    numeric("beyond-plan-afford", "beyond", 0.0, (_afford(*c) for c in _AFFORD), skill="plan"),
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
