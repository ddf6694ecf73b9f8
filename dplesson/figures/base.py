"""What every chapter figure shares: the rendered result, placeholders and axis helpers.

``catalogue`` (the core chapters) and ``readings`` (the chapters on reading ε, local DP,
composition beyond the sum and OpenDP) draw their figures with these pieces.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from dplesson.figures.svg import Axis, Bars, Line, Rule, chart, number

__all__ = ["Context", "Figure", "categories", "decades", "every", "fill", "linear_ticks"]


@dataclass(frozen=True)
class Figure:
    """A rendered figure: its SVG text and the values its caption and alt text may use."""

    svg: str
    values: Mapping[str, float]


def fill(text: str, values: Mapping[str, float], lang: str) -> str:
    """Fill ``{name}`` fields of ``text`` with ``values`` written the locale's way."""
    try:
        return text.format(**{key: number(value, lang, 4) for key, value in values.items()})
    except (KeyError, IndexError) as error:
        raise ValueError(
            f"unknown placeholder {error} in {text!r}; known: {sorted(values)}"
        ) from error


@dataclass(frozen=True)
class Context:
    ident: str
    labels: Mapping[str, str]
    values: Mapping[str, float]
    lang: str

    def __call__(self, key: str) -> str:
        return fill(self.labels[key], self.values, self.lang)

    def chart(self, x: Axis, y: Axis, series: list[Line | Bars | Rule]) -> Figure:
        svg = chart(
            ident=f"figure-{self.ident}",
            title=self("caption"),
            desc=self("alt"),
            x=x,
            y=y,
            series=series,
            lang=self.lang,
        )
        return Figure(svg=svg, values=dict(self.values))


def every(values: object, step: int) -> list[float]:
    return [float(v) for v in np.asarray(values)[::step]]


def decades(low: float, high: float) -> list[float]:
    return [10.0**k for k in range(math.ceil(math.log10(low)), math.floor(math.log10(high)) + 1)]


def linear_ticks(low: float, high: float, count: int = 5) -> list[float]:
    raw = (high - low) / count
    step = min(
        s * 10 ** math.floor(math.log10(raw))
        for s in (1, 2, 2.5, 5, 10)
        if s * 10 ** math.floor(math.log10(raw)) >= raw
    )
    first = math.ceil(low / step)
    return [round(k * step, 10) for k in range(first, math.floor(high / step) + 1)]


def categories(count: int, lang: str, names: list[str] | None = None) -> Axis:
    ticks = [float(i) for i in range(count)]
    labels = names or [number(i + 1, lang) for i in range(count)]
    return Axis("", -0.6, count - 0.4, ticks, tick_labels=labels)
