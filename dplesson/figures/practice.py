"""The figure of the practitioner chapter: what clamping bounds cost in bias and in noise.

Drawn like those of ``catalogue``: from ``dplesson``'s own functions, in the page's language
(labels) and number format (decimal separator).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from dplesson.bounding import clamping_error
from dplesson.capstone import rides
from dplesson.figures.base import Context, Figure
from dplesson.figures.svg import Axis, Bars, Line, Rule

__all__ = ["PRACTICE", "clamping_tradeoff"]

#: The rides whose mean the figure clamps (the capstone's first ones) and the budget.
RIDES = 400
EPSILON = 0.5
UPPERS = tuple(range(20, 181, 10))


def clamping_tradeoff(labels: Mapping[str, str], lang: str) -> Figure:
    """Draw the bias, the noise and the total error of a clamped mean against its upper bound."""
    lengths = rides()["minutes"][:RIDES]
    errors = [clamping_error(lengths, 0, upper, EPSILON) for upper in UPPERS]
    bias = [abs(e["bias"]) for e in errors]
    noise = [e["noise_std"] for e in errors]
    total = [e["rmse"] for e in errors]
    best = min(range(len(UPPERS)), key=total.__getitem__)
    values = {
        "n": RIDES,
        "epsilon": EPSILON,
        "best": UPPERS[best],
        "best_error": round(total[best], 2),
        "widest": UPPERS[-1],
        "widest_error": round(total[-1], 2),
        "tight": UPPERS[0],
        "tight_error": round(total[0], 2),
    }
    c = Context("clamping_tradeoff", labels, values, lang)
    uppers = [float(u) for u in UPPERS]
    series: list[Line | Bars | Rule] = [
        Line(c("bias_series"), uppers, bias, style=0),
        Line(c("noise_series"), uppers, noise, style=1),
        Line(c("total_series"), uppers, total, style=2, markers=True),
    ]
    x = Axis(c("x"), 20.0, 180.0, [20.0, 60.0, 100.0, 140.0, 180.0])
    y = Axis(c("y"), 0.0, 3.5, [0.0, 1.0, 2.0, 3.0])
    return c.chart(x, y, series)


#: Figure id, function and the series labels it needs (merged into ``catalogue.FIGURES``).
PRACTICE: dict[str, tuple[Callable[[Mapping[str, str], str], Figure], tuple[str, ...]]] = {
    "clamping_tradeoff": (clamping_tradeoff, ("bias_series", "noise_series", "total_series")),
}
