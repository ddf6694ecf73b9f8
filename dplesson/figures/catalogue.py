"""Every figure of the chapters: its data from ``data`` and its SVG from ``svg``, by id.

A figure function takes the labels of one locale (``caption``, ``alt``, ``x``, ``y`` and one
key per series; texts may hold ``{placeholders}``) and the locale (its number format), and
returns a ``Figure``: the SVG and the values that fill the placeholders. No number in a
caption or alt text is typed by a translator: each comes from these values.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import cache

import numpy as np

from dplesson import locales
from dplesson.figures import data
from dplesson.figures.base import (
    Context,
    Figure,
    categories,
    decades,
    every,
    fill,
    linear_ticks,
)
from dplesson.figures.practice import PRACTICE
from dplesson.figures.readings import READINGS
from dplesson.figures.svg import Axis, Bars, Line, Rule, number

__all__ = ["FIGURES", "SEEDS", "Figure", "fill", "render", "required_labels"]

#: The seed of each random figure (the data is the same in every locale).
SEEDS = {"averaging_attack": 3, "support_gap": 1, "clipping": 7, "differencing": 2024}


@cache
def _seeded(figure_id: str, **options: bool) -> data.Data:
    """Draw a random figure's data once per process from its seed in :data:`SEEDS`.

    The data does not depend on the locale, so the five locales of a build share one draw;
    figure functions only read it. ``options`` go to the data function as they are.
    """
    draw: Callable[..., data.Data] = getattr(data, figure_id)
    return draw(np.random.default_rng(SEEDS[figure_id]), **options)


def neighbour_densities(labels: Mapping[str, str], lang: str) -> Figure:
    """Laplace densities centred on two neighbouring means (laplace chapter)."""
    d = data.neighbour_densities()
    a, b = d["centers"]
    values = {"centre_a": a, "centre_b": b, "scale": d["scale"], "epsilon": d["epsilon"]}
    values["peak"] = float(np.max(d["densities"][0]))
    c = Context("neighbour_densities", labels, values, lang)
    z = every(d["z"], 5)
    series: list[Line | Bars | Rule] = [
        Line(c(key), z, every(density, 5), style=i)
        for i, (key, density) in enumerate(zip(("a", "b"), d["densities"], strict=True))
    ]
    x = Axis(c("x"), -1.0, 1.25, [-1.0, -0.5, 0.0, 0.5, 1.0])
    y = Axis(c("y"), 0.0, 2.2, [0.0, 0.5, 1.0, 1.5, 2.0])
    return c.chart(x, y, series)


def noise_vs_n(labels: Mapping[str, str], lang: str) -> Figure:
    """Draw the scale of a noisy mean against n for three epsilons, log-log (laplace chapter)."""
    d = data.noise_vs_n()
    middle = d["scales"][1]
    values = {"n": d["n"][3], "epsilon": d["epsilons"][1], "scale": middle[3], "upper": d["upper"]}
    values |= {f"epsilon_{i}": e for i, e in enumerate(d["epsilons"])}
    c = Context("noise_vs_n", labels, values, lang)
    series: list[Line | Bars | Rule] = [
        Line(c(f"epsilon_{i}"), d["n"], scales, style=i, markers=True)
        for i, scales in enumerate(d["scales"])
    ]
    x = Axis(c("x"), 8.0, 5000.0, decades(8.0, 5000.0), log=True)
    y = Axis(c("y"), 0.008, 30.0, decades(0.008, 30.0), log=True)
    return c.chart(x, y, series)


def sensitivity_vs_n(labels: Mapping[str, str], lang: str) -> Figure:
    """Sensitivity of the mean and the median of n values in [0, 100] (sensitivity chapter)."""
    d = data.sensitivity_vs_n()
    values = {
        "upper": d["upper"],
        "n": d["n"][-1],
        "mean": d["mean"][-1],
        "median": d["median"][-1],
    }
    c = Context("sensitivity_vs_n", labels, values, lang)
    series: list[Line | Bars | Rule] = [
        Line(c("mean_series"), d["n"], d["mean"], style=0, markers=True),
        Line(c("median_series"), d["n"], d["median"], style=1, markers=True),
    ]
    x = Axis(c("x"), 0.8, 1300.0, decades(0.8, 1300.0), log=True)
    y = Axis(c("y"), 0.05, 200.0, decades(0.05, 200.0), log=True)
    return c.chart(x, y, series)


def support_gap(labels: Mapping[str, str], lang: str) -> Figure:
    """Share of float releases the neighbour cannot produce (releasing chapter).

    Only the float sampler is measured: the exact sampler has no such outputs by
    construction, which the caption says instead of charting a zero.
    """
    d = _seeded("support_gap", exact=False)
    values = {"largest": max(d["float"]), "smallest": min(d["float"]), "a": d["a"], "b": d["b"]}
    c = Context("support_gap", labels, values, lang)
    positions = [float(i) for i in range(len(d["scales"]))]
    series: list[Line | Bars | Rule] = [Bars(c("float"), positions, d["float"], style=0)]
    top = max(d["float"]) * 1.1
    x = Axis(c("x"), -0.6, 2.6, positions, tick_labels=[number(s, lang) for s in d["scales"]])
    y = Axis(c("y"), 0.0, top, linear_ticks(0.0, top))
    return c.chart(x, y, series)


def averaging_attack(labels: Mapping[str, str], lang: str) -> Figure:
    """Error of the averaged answers against their number, log-log (composition chapter)."""
    d = _seeded("averaging_attack")
    values = {
        "k": d["k"][-1],
        "error": d["expected"][-1],
        "spent": d["spent"][-1],
        "error_one": d["expected"][0],
        "epsilon": d["epsilon"],
    }
    c = Context("averaging_attack", labels, values, lang)
    series: list[Line | Bars | Rule] = [
        Line(c("expected"), d["k"], d["expected"], style=0),
        Line(c("observed"), d["k"], d["observed"], style=1, line=False, markers=True),
    ]
    x = Axis(c("x"), 0.8, 1300.0, decades(0.8, 1300.0), log=True)
    y = Axis(c("y"), 0.2, 40.0, [0.3, 1.0, 3.0, 10.0, 30.0], log=True)
    return c.chart(x, y, series)


def budget_splits(labels: Mapping[str, str], lang: str) -> Figure:
    """Total noise variance of a budget split into m equal releases (composition chapter)."""
    d = data.budget_splits()
    parts = [float(m) for m in d["parts"]]
    values = {"one": d["equal"][0], "parts": parts[-1], "many": d["equal"][-1], "total": d["total"]}
    c = Context("budget_splits", labels, values, lang)
    series: list[Line | Bars | Rule] = [Bars("", parts, d["equal"], style=0, width=0.6)]
    x = Axis(c("x"), 0.4, 8.6, parts)
    y = Axis(c("y"), 1.0, 2000.0, decades(1.0, 2000.0), log=True)
    return c.chart(x, y, series)


def histogram_release(labels: Mapping[str, str], lang: str) -> Figure:
    """Draw the true and noisy counts of the chapter's nine cells (histograms chapter)."""
    d = data.histogram_cells()
    counts, noisy = d["counts"].tolist(), d["noisy"].tolist()
    values = {"epsilon": d["epsilon"], "cells": len(counts), "lowest": min(noisy)}
    c = Context("histogram_release", labels, values, lang)
    positions = [float(i) for i in range(len(counts))]
    series: list[Line | Bars | Rule] = [
        Bars(c("true"), positions, counts, style=0, offset=-0.2),
        Bars(c("noisy"), positions, noisy, style=1, offset=0.2),
    ]
    low = math.floor(min(0.0, *noisy)) - 0.5
    high = max(counts + noisy) * 1.08
    x = categories(len(counts), lang)
    x = Axis(c("x"), x.low, x.high, x.ticks, tick_labels=x.tick_labels)
    y = Axis(c("y"), low, high, linear_ticks(low, high))
    return c.chart(x, y, series)


def clipping(labels: Mapping[str, str], lang: str) -> Figure:
    """Per-example gradient norms before and after clipping at C (training chapter)."""
    d = _seeded("clipping")
    before, after = d["before"].tolist(), d["after"].tolist()
    values = {
        "clip_norm": d["clip_norm"],
        "largest": max(before),
        "clipped": sum(b > d["clip_norm"] for b in before),
        "examples": len(before),
    }
    c = Context("clipping", labels, values, lang)
    positions = [float(i) for i in range(len(before))]
    series: list[Line | Bars | Rule] = [
        Bars(c("before"), positions, before, style=0, offset=-0.2),
        Bars(c("after"), positions, after, style=1, offset=0.2),
        Rule(d["clip_norm"], c("limit"), style=2),
    ]
    high = max(before) * 1.08
    x = categories(len(before), lang)
    x = Axis(c("x"), x.low, x.high, x.ticks, tick_labels=x.tick_labels)
    y = Axis(c("y"), 0.0, high, linear_ticks(0.0, high))
    return c.chart(x, y, series)


def differencing(labels: Mapping[str, str], lang: str) -> Figure:
    """Gap between the two averages against group size; the salary still comes back."""
    d = _seeded("differencing")
    values = {
        "salary": d["salary"],
        "n": d["n"][-1],
        "gap": d["gap"][-1],
        "revealed": d["revealed"][-1],
    }
    c = Context("differencing", labels, values, lang)
    series: list[Line | Bars | Rule] = [Line(c("gap_series"), d["n"], d["gap"], markers=True)]
    x = Axis(c("x"), 4.0, 1300.0, decades(4.0, 1300.0), log=True)
    y = Axis(c("y"), 0.008, 20.0, decades(0.008, 20.0), log=True)
    return c.chart(x, y, series)


def laplace_gaussian(labels: Mapping[str, str], lang: str) -> Figure:
    """Laplace and Gaussian noise densities for one count at the same epsilon (mechanisms)."""
    d = data.laplace_gaussian()
    values = {
        "epsilon": d["epsilon"],
        "delta": d["delta"],
        "scale": d["scale"],
        "sigma": d["sigma"],
    }
    c = Context("laplace_gaussian", labels, values, lang)
    series: list[Line | Bars | Rule] = [
        Line(c("laplace"), d["z"].tolist(), d["laplace"].tolist(), style=0),
        Line(c("gaussian"), d["z"].tolist(), d["gaussian"].tolist(), style=1),
    ]
    x = Axis(c("x"), -30.0, 30.0, [-30.0, -20.0, -10.0, 0.0, 10.0, 20.0, 30.0])
    y = Axis(c("y"), 0.0, 0.28, [0.0, 0.05, 0.1, 0.15, 0.2, 0.25])
    return c.chart(x, y, series)


FigureFunction = Callable[[Mapping[str, str], str], Figure]

#: Every figure id, the function that draws it and the series labels it needs.
FIGURES: dict[str, tuple[FigureFunction, tuple[str, ...]]] = {
    "differencing": (differencing, ("gap_series",)),
    "sensitivity_vs_n": (sensitivity_vs_n, ("mean_series", "median_series")),
    "neighbour_densities": (neighbour_densities, ("a", "b")),
    "noise_vs_n": (noise_vs_n, ("epsilon_0", "epsilon_1", "epsilon_2")),
    "support_gap": (support_gap, ("float",)),
    "averaging_attack": (averaging_attack, ("expected", "observed")),
    "budget_splits": (budget_splits, ()),
    "histogram_release": (histogram_release, ("true", "noisy")),
    "clipping": (clipping, ("before", "after", "limit")),
    "laplace_gaussian": (laplace_gaussian, ("laplace", "gaussian")),
    **READINGS,
    **PRACTICE,
}


def required_labels(figure_id: str) -> tuple[str, ...]:
    """Return the label keys a figure needs: caption, alt text, axis titles and its series."""
    if figure_id not in FIGURES:
        raise ValueError(f"figure_id must be one of {', '.join(FIGURES)}; got {figure_id!r}")
    return ("caption", "alt", "x", "y", *FIGURES[figure_id][1])


def render(figure_id: str, labels: Mapping[str, str], lang: str = "en") -> Figure:
    """Draw figure ``figure_id`` with ``labels``; ``ValueError`` names a missing label."""
    keys = required_labels(figure_id)
    missing = [k for k in keys if not isinstance(labels.get(k), str)]
    if missing:
        raise ValueError(f"labels of figure {figure_id!r} miss {', '.join(missing)}")
    locales.check_locale(lang)
    return FIGURES[figure_id][0](labels, lang)
