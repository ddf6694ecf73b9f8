"""Figures of the chapters on reading ε, local DP, composition beyond the sum and OpenDP.

Each function draws one figure from ``dplesson``'s own functions, in the page's language
(labels) and number format, like those of ``catalogue``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import numpy as np

from dplesson import split_budget
from dplesson.accounting import affordable_releases
from dplesson.figures.base import Context, Figure, decades, linear_ticks
from dplesson.figures.svg import Axis, Bars, Line, Rule
from dplesson.local import local_vs_central_error
from dplesson.meaning import guess_success_bound, membership_game

__all__ = ["READINGS", "affordable", "budget_plan", "guess_bound", "local_vs_central"]

#: The seed of the simulated guessing games (the data is the same in every locale).
GAME_SEED = 2024
GAME_EPSILONS = (0.5, 1.0, 2.0, 3.0, 5.0)


def guess_bound(labels: Mapping[str, str], lang: str) -> Figure:
    """Draw the best guess against ε: the bound, the best Laplace-count test, simulated games."""
    grid = [float(e) for e in np.linspace(0.0, 5.0, 51)]
    bound = [guess_success_bound(e) for e in grid]
    best = [1.0 - 0.5 * float(np.exp(-e / 2.0)) for e in grid]
    rng = np.random.default_rng(GAME_SEED)
    played = [membership_game(e, 20_000, rng)["success_rate"] for e in GAME_EPSILONS]
    values = {"epsilon": 1.0, "bound": guess_success_bound(1.0), "best": best[10]}
    c = Context("guess_bound", labels, values, lang)
    series: list[Line | Bars | Rule] = [
        Line(c("bound_series"), grid, bound, style=0),
        Line(c("best_series"), grid, best, style=1),
        Line(c("games"), list(GAME_EPSILONS), played, style=1, line=False, markers=True),
        Rule(0.5, c("coin"), style=2),
    ]
    x = Axis(c("x"), 0.0, 5.0, [0.0, 1.0, 2.0, 3.0, 4.0, 5.0])
    y = Axis(c("y"), 0.45, 1.0, [0.5, 0.6, 0.7, 0.8, 0.9, 1.0])
    return c.chart(x, y, series)


_SUPERSCRIPT = str.maketrans(
    "-0123456789", "\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"
)


def _powers(ticks: list[float]) -> list[str]:
    """Write decade ticks as 10², 10⁻⁶: short on a phone, whatever the locale."""
    return ["10" + str(round(math.log10(t))).translate(_SUPERSCRIPT) for t in ticks]


def local_vs_central(labels: Mapping[str, str], lang: str) -> Figure:
    """Draw the standard error of a share: central Laplace against randomized response."""
    people = [100, 300, 1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000]
    errors = [local_vs_central_error(n, 1.0) for n in people]
    last = errors[-1]
    values = {
        "epsilon": 1.0,
        "n": float(people[-1]),
        "local": last["local"],
        "central": last["central"],
        "ratio": round(last["ratio"]),
    }
    c = Context("local_vs_central", labels, values, lang)
    xs = [float(n) for n in people]
    series: list[Line | Bars | Rule] = [
        Line(c("local_series"), xs, [e["local"] for e in errors], style=0, markers=True),
        Line(c("central_series"), xs, [e["central"] for e in errors], style=1, markers=True),
    ]
    xs_ticks, ys_ticks = decades(80.0, 1.3e6), decades(1e-6, 0.3)
    x = Axis(c("x"), 80.0, 1.3e6, xs_ticks, log=True, tick_labels=_powers(xs_ticks))
    y = Axis(c("y"), 1e-6, 0.3, ys_ticks, log=True)
    return c.chart(x, y, series)


def affordable(labels: Mapping[str, str], lang: str) -> Figure:
    """Releases a budget of ε = 1, δ = 1e-6 affords against the noise of each release."""
    stds = [10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0]
    counts = [affordable_releases(1.0, 1e-6, s) for s in stds]
    values = {
        "epsilon": 1.0,
        "std": stds[-1],
        "basic": counts[-1]["basic"],
        "advanced": counts[-1]["advanced"],
        "zcdp": counts[-1]["zcdp"],
    }
    c = Context("affordable", labels, values, lang)
    series: list[Line | Bars | Rule] = [
        Line(c("basic"), stds, [float(k["basic"]) for k in counts], style=0, markers=True),
        Line(c("advanced"), stds, [float(k["advanced"]) for k in counts], style=1, markers=True),
        Line(c("zcdp"), stds, [float(k["zcdp"]) for k in counts], style=2, markers=True),
    ]
    x = Axis(c("x"), 8.0, 1300.0, decades(8.0, 1300.0), log=True)
    y = Axis(c("y"), 0.8, 60_000.0, decades(0.8, 60_000.0), log=True)
    return c.chart(x, y, series)


def budget_plan(labels: Mapping[str, str], lang: str) -> Figure:
    """Draw the OpenDP chapter's plan: ε = 1 over two queries, the first for two answers."""
    first, second = split_budget(1.0, 2)
    count, total = split_budget(first, 2)
    parts = [count, total, second]
    values = {"total": 1.0, "count": count, "sum": total, "median": second}
    c = Context("budget_plan", labels, values, lang)
    positions = [0.0, 1.0, 2.0]
    series: list[Line | Bars | Rule] = [Bars("", positions, parts, style=0, width=0.55)]
    names = [c("count_bar"), c("sum_bar"), c("median_bar")]
    x = Axis(c("x"), -0.6, 2.6, positions, tick_labels=names)
    y = Axis(c("y"), 0.0, 0.6, linear_ticks(0.0, 0.6))
    return c.chart(x, y, series)


#: Figure id, function and the series labels it needs (merged into ``catalogue.FIGURES``).
READINGS: dict[str, tuple[Callable[[Mapping[str, str], str], Figure], tuple[str, ...]]] = {
    "guess_bound": (guess_bound, ("bound_series", "best_series", "games", "coin")),
    "local_vs_central": (local_vs_central, ("local_series", "central_series")),
    "affordable": (affordable, ("basic", "advanced", "zcdp")),
    "budget_plan": (budget_plan, ("count_bar", "sum_bar", "median_bar")),
}
