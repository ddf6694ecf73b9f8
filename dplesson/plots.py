"""Figures for the lab notebooks, drawn from the package's own functions in any locale.

Each figure function takes the notebook's labels for that figure (title, axis labels,
legend entries; ``{}`` fields receive numbers in the locale's format) and a ``lang``, any
language declared by a settings file of ``dplesson.locales`` (its decimal sign and figure font
come from there), and returns a new Agg ``Figure``. Nothing touches pyplot, the global rcParams
or the global random state; random figures take a seeded ``numpy.random.Generator``.
``image`` renders a figure to inline SVG that follows the page's light or dark colours.
The figures are 5 inches wide with 12-point text: shown at a phone's width (about 360 CSS px)
their text is still about 12 px; two panels stand one above the other for the same reason.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import matplotlib as mpl
import numpy as np
from matplotlib.axes import Axes
from matplotlib.axis import Axis
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import LinearSegmentedColormap, to_rgb
from matplotlib.figure import Figure
from matplotlib.font_manager import fontManager
from matplotlib.ticker import FuncFormatter, NullLocator

from dplesson import histograms, locales
from dplesson.density import laplace_log_density
from dplesson.figures import data as figure_data
from dplesson.plot_image import INK, PALETTE, PlotImage, image
from dplesson.validation import check_rng

__all__ = [
    "FIGURES",
    "PlotImage",
    "averaging_attack",
    "budget_splits",
    "font_families",
    "format_number",
    "histogram_release",
    "image",
    "laplace_scales",
    "neighbour_densities",
    "noise_scales",
    "support_gap",
]

#: A language whose ``figure_font`` is this (Chinese) uses the Noto Sans CJK SC font (SIL Open
#: Font License) that mplfonts ships; any other ``figure_font`` must be installed.
CJK_FAMILY = "Noto Sans CJK SC"
CJK_FILE = ("fonts", "NotoSansCJKsc-Regular.otf")
COLOURS = PALETTE
WIDTH, HEIGHT, DPI = 5.0, 3.6, 96

#: The labels each figure needs; every entry also carries an ``alt`` text for ``image``.
FIGURES: Mapping[str, tuple[str, ...]] = {
    "laplace_scales": ("title", "x", "y", "legend"),
    "neighbour_densities": ("title", "x", "y", "legend", "ratio_title", "ratio_y", "band"),
    "noise_scales": ("title", "x", "y", "legend"),
    "averaging_attack": ("title", "x", "y", "observed", "expected", "budget"),
    "budget_splits": ("title", "x", "y", "weighted_title", "weighted_x"),
    "histogram_release": ("true_title", "noisy_title", "synthetic_title", "colorbar"),
    "support_gap": ("title", "x", "y", "numpy", "exact"),
}


# ---------------------------------------------------------------- locale and style


def _check_lang(lang: object) -> str:
    return locales.check_locale(lang)


def format_number(value: float, lang: str, digits: int = 3) -> str:
    """``value`` with up to ``digits`` significant digits, written the way of ``lang``.

    The lab's name for :func:`dplesson.locales.format_number`, the site's one number format.
    """
    return locales.format_number(value, _check_lang(lang), digits)


def _cjk_font() -> Path:
    spec = importlib.util.find_spec("mplfonts")
    for location in (spec.submodule_search_locations or []) if spec else []:
        path = Path(location).joinpath(*CJK_FILE)
        if path.is_file():
            return path
    raise RuntimeError(
        "Chinese figures need the Noto Sans CJK SC font of the mplfonts package; "
        "install the docs extra: pip install -e '.[docs]'"
    )


def font_families(lang: str) -> list[str]:
    """Return the font families of a figure in ``lang``; register the CJK font if needed."""
    family = locales.setting(_check_lang(lang), "figure_font")
    if not family or family == "DejaVu Sans":
        return ["DejaVu Sans"]
    if family == CJK_FAMILY and CJK_FAMILY not in {entry.name for entry in fontManager.ttflist}:
        fontManager.addfont(str(_cjk_font()))
    return [str(family), "DejaVu Sans"]


@contextmanager
def _style(lang: str) -> Iterator[None]:
    """Fonts and sizes for the figure being built; the global rcParams are restored after."""
    with mpl.rc_context(
        {
            "font.family": font_families(lang),
            "font.size": 12,
            "axes.titlesize": 13,
            "text.color": INK,
            "axes.labelcolor": INK,
            "axes.edgecolor": INK,
            "xtick.color": INK,
            "ytick.color": INK,
            "figure.facecolor": "none",
            "axes.facecolor": "none",
            "axes.spines.top": False,
            "axes.spines.right": False,
            "axes.grid": True,
            "grid.alpha": 0.3,
            "legend.frameon": False,
        }
    ):
        yield


def _wrap(text: str, width: float = 0.9 * WIDTH * 72, size: float = 13) -> str:
    """Return ``text`` broken into lines of at most ``width`` points at ``size`` points.

    Lines break at spaces; a wide (East Asian) character counts one em, any other 0.6 em, and
    a run of wide characters may break anywhere. A figure keeps its width and its text size.
    """
    lines: list[str] = []
    line = ""
    kept = text.replace(" = ", "\u00a0=\u00a0")  # "ε = 0.5" stays on one line
    for piece in re.findall(r"[\u2e80-\uffef]|[^ \u2e80-\uffef]+ *| +", kept):
        if line and _width(line + piece.rstrip()) * size > width:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    return "\n".join([*lines, line.rstrip()]).replace("\u00a0", " ")


def _width(text: str) -> float:
    """Return the width of ``text`` in ems: wide (East Asian) characters one em, others 0.6 em."""
    return sum(1.0 if "\u2e80" <= ch <= "\uffef" else 0.6 for ch in text)


def _labels(figure: str, labels: object) -> dict[str, str]:
    """Return the labels of one figure, or raise naming the figure and the missing key."""
    keys = FIGURES[figure]
    if not isinstance(labels, Mapping):
        raise ValueError(f"labels for {figure} must be a mapping of strings; got {labels!r}")
    for key in keys:
        if not isinstance(labels.get(key), str):
            raise ValueError(
                f"labels for {figure} must give a string for each of {', '.join(keys)}; "
                f"missing or not a string: {key!r}"
            )
    return {key: str(labels[key]) for key in keys}


def _new_figure(rows: int = 1, height: float = HEIGHT) -> tuple[Figure, list[Axes]]:
    """Return a figure of ``rows`` panels, one above the other, each ``height`` inches tall."""
    figure = Figure(figsize=(WIDTH, height * rows), dpi=DPI, layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots(rows, 1, squeeze=False)[:, 0]
    return figure, list(axes)


def _locale_ticks(axes: Axes, lang: str, *, x: bool = True, y: bool = True) -> None:
    """Tick labels in the figure's font; linear axes get the locale's decimal sign."""
    axes.tick_params(labelfontfamily=font_families(lang))
    formatter = FuncFormatter(lambda value, _: format_number(value, lang, 6))
    if x:
        axes.xaxis.set_major_formatter(formatter)
    if y:
        axes.yaxis.set_major_formatter(formatter)


def _log_ticks(axis: Axis, lang: str) -> None:
    """Powers of ten written out in the locale's way (0,01 … 1000); no minor ticks.

    Written out, not as ``10^k``: a reader meets 0.01 in the text, and a superscript would be
    set at 70 % of the tick size, too small on a phone. The minor ticks of a log axis spanning
    several decades carry no label, and each one is a tick object that the constrained layout
    measures and positions on every pass: they were half the time of drawing a log-log figure,
    in every locale of every build. The grid and the labels stay on the powers of ten.
    """
    axis.set_major_formatter(FuncFormatter(lambda value, _: format_number(value, lang, 6)))
    axis.set_minor_locator(NullLocator())


# ---------------------------------------------------------------- figures


def laplace_scales(labels: Mapping[str, str], lang: str = "en") -> Figure:
    """Draw Laplace densities of centre 0 for the scales 0.25 and 0.5: wider noise, lower peak.

    Labels: ``title``, ``x``, ``y``, ``legend`` (field ``{scale}``).
    """
    lang = _check_lang(lang)
    text = _labels("laplace_scales", labels)
    z = np.linspace(-2.0, 2.0, 401)
    with _style(lang):
        figure, (axes,) = _new_figure()
        for colour, scale in zip(COLOURS, (0.25, 0.5), strict=False):
            density = np.exp(laplace_log_density(z, 0.0, scale))
            legend = text["legend"].format(scale=format_number(scale, lang))
            axes.plot(z, density, color=colour, linewidth=2, label=legend)
        axes.set(title=_wrap(text["title"]), xlabel=text["x"], ylabel=text["y"])
        axes.set_ylim(bottom=0)
        axes.legend()
        _locale_ticks(axes, lang)
    return figure


def neighbour_densities(labels: Mapping[str, str], lang: str = "en") -> Figure:
    """Draw the explorer's two neighbouring densities and their log-ratio within ``±epsilon``.

    Four values in [0, 1] with epsilon 1 give centres 0 and 0.25 and scale 0.25. Labels:
    ``title``, ``x``, ``y``, ``legend`` (field ``{center}``), ``ratio_title``, ``ratio_y``,
    ``band`` (field ``{epsilon}``).
    """
    lang = _check_lang(lang)
    text = _labels("neighbour_densities", labels)
    shared = figure_data.neighbour_densities()
    epsilon, centers, z = shared["epsilon"], shared["centers"], shared["z"]
    with _style(lang):
        figure, (left, right) = _new_figure(rows=2)
        for colour, center, density in zip(COLOURS, centers, shared["densities"], strict=False):
            legend = text["legend"].format(center=format_number(center, lang))
            left.plot(z, density, color=colour, linewidth=2, label=legend)
        left.set(title=_wrap(text["title"]), xlabel=text["x"], ylabel=text["y"])
        left.set_ylim(0, 2.8)
        left.legend(loc="upper left")
        right.axhspan(-epsilon, epsilon, color=COLOURS[2], alpha=0.12, linewidth=0)
        for bound in (-epsilon, epsilon):
            right.axhline(bound, color=COLOURS[2], linestyle="--", linewidth=1)
        right.plot(z, shared["log_ratio"], color=COLOURS[3], linewidth=2)
        band = text["band"].format(epsilon=format_number(epsilon, lang))
        right.text(z[-1], epsilon * 1.05, band, ha="right", va="bottom", color=COLOURS[2])
        right.set(title=_wrap(text["ratio_title"]), xlabel=text["x"], ylabel=text["ratio_y"])
        right.set_ylim(-1.5 * epsilon, 1.5 * epsilon)
        for axes in (left, right):
            _locale_ticks(axes, lang)
    return figure


def noise_scales(labels: Mapping[str, str], lang: str = "en") -> Figure:
    """Draw the scale ``sensitivity / epsilon`` against epsilon, log-log, for three sensitivities.

    Labels: ``title``, ``x``, ``y``, ``legend`` (field ``{sensitivity}``).
    """
    lang = _check_lang(lang)
    text = _labels("noise_scales", labels)
    epsilons = np.geomspace(0.01, 10.0, 31)
    sensitivities = (0.25, 1.0, 4.0)
    rows = figure_data.noise_scales(epsilons, sensitivities)
    with _style(lang):
        figure, (axes,) = _new_figure()
        for colour, sensitivity, scales in zip(COLOURS, sensitivities, rows, strict=False):
            legend = text["legend"].format(sensitivity=format_number(sensitivity, lang))
            axes.loglog(epsilons, scales, color=colour, linewidth=2, label=legend)
        axes.set(title=_wrap(text["title"]), xlabel=text["x"], ylabel=text["y"])
        axes.legend()
        _locale_ticks(axes, lang, x=False, y=False)
        _log_ticks(axes.xaxis, lang)
        _log_ticks(axes.yaxis, lang)
    return figure


def averaging_attack(
    labels: Mapping[str, str],
    lang: str,
    rng: np.random.Generator,
    repeats: int = 40,
) -> Figure:
    """Draw the error of the mean of ``k`` answers (epsilon 0.1 each) and the budget it spends.

    The root-mean-square error over ``repeats`` attacks follows ``sqrt(2) * 10 / sqrt(k)``
    while the budget ``k * 0.1`` grows. Labels: ``title``, ``x``, ``y``, ``observed``,
    ``expected``, ``budget``.
    """
    lang = _check_lang(lang)
    text = _labels("averaging_attack", labels)
    shared = figure_data.averaging_attack(rng, repeats)
    ks, observed, expected, spent = (shared[key] for key in ("k", "observed", "expected", "spent"))
    with _style(lang):
        figure, (axes,) = _new_figure()
        axes.loglog(ks, expected, color=COLOURS[0], linewidth=2, label=text["expected"])
        axes.loglog(ks, observed, "o", color=COLOURS[0], label=text["observed"])
        axes.set(title=_wrap(text["title"]), xlabel=text["x"], ylabel=text["y"])
        budget = axes.twinx()
        budget.loglog(
            ks, spent, color=COLOURS[1], linewidth=2, linestyle="--", label=text["budget"]
        )
        budget.set_ylabel(text["budget"], color=COLOURS[1])
        budget.tick_params(axis="y", colors=COLOURS[1])
        budget.grid(False)
        budget.spines["right"].set_visible(True)
        # Lift both curves into the upper two thirds; the legend takes the bottom third.
        axes.set_ylim(min(expected) / 10**0.9, max(expected) * 10**0.15)
        budget.set_ylim(min(spent) / 10**1.8, max(spent) * 10**0.15)
        handles = axes.get_legend_handles_labels()[0] + budget.get_legend_handles_labels()[0]
        axes.legend(handles=handles, loc="lower center")
        for side in (axes, budget):
            _locale_ticks(side, lang, x=False, y=False)
            _log_ticks(side.yaxis, lang)
        _log_ticks(axes.xaxis, lang)
    return figure


def budget_splits(labels: Mapping[str, str], lang: str = "en") -> Figure:
    """Draw the total noise variance when a budget of 1 is split: into ``m`` equal parts or two.

    Left: ``m`` equal releases (sensitivity 1) cost ``2 m**3``. Right: two releases at
    ``w`` and ``1 - w`` cost ``2/w**2 + 2/(1 - w)**2``, least at ``w = 1/2``. Labels:
    ``title``, ``x``, ``y``, ``weighted_title``, ``weighted_x``.
    """
    lang = _check_lang(lang)
    text = _labels("budget_splits", labels)
    shared = figure_data.budget_splits()
    parts, equal, shares, weighted = (shared[k] for k in ("parts", "equal", "shares", "weighted"))
    with _style(lang):
        figure, (left, right) = _new_figure(rows=2)
        left.bar(parts, equal, 0.6, color=COLOURS[0])
        left.set_yscale("log")
        left.set(title=_wrap(text["title"]), xlabel=text["x"], ylabel=text["y"])
        left.set_xticks(parts)
        right.plot(shares, weighted, color=COLOURS[1], linewidth=2)
        right.set_ylim(bottom=0)
        best = int(np.argmin(weighted))
        right.plot(shares[best], weighted[best], "o", color=COLOURS[1])
        right.set(title=_wrap(text["weighted_title"]), xlabel=text["weighted_x"], ylabel=text["y"])
        _locale_ticks(left, lang, y=False)
        _locale_ticks(right, lang)
        _log_ticks(left.yaxis, lang)
    return figure


def histogram_release(labels: Mapping[str, str], lang: str, rng: np.random.Generator) -> Figure:
    """Draw an 8 by 8 histogram of 400 points, its noisy release (epsilon 0.5), synthetic data.

    Labels: ``true_title``, ``noisy_title``, ``synthetic_title``, ``colorbar``.
    """
    lang = _check_lang(lang)
    text = _labels("histogram_release", labels)
    rng = check_rng("rng", rng)
    bins = 8
    centres = np.array([[0.3, 0.7], [0.7, 0.3]])
    points = np.clip(centres[rng.integers(2, size=400)] + rng.normal(0, 0.12, (400, 2)), 0, 1)
    counts = histograms.histogram_2d(points, bins)
    # The noise and the synthetic points come from two independent child streams, so the
    # synthetic points (post-processing) carry nothing about the noise beyond the release.
    noise_rng, synthetic_rng = rng.spawn(2)
    noisy = histograms.release_histogram(counts, 0.5, noise_rng)
    synthetic = histograms.synthetic_points(noisy, bins, 400, synthetic_rng)
    grids = [counts.reshape(bins, bins).T, noisy.reshape(bins, bins).T]
    top = float(max(grid.max() for grid in grids))
    bottom = float(min(0.0, grids[1].min()))
    # One colour, more opaque for a larger count: legible on a light and on a dark page.
    shades = LinearSegmentedColormap.from_list(
        "counts", [(*to_rgb(COLOURS[0]), 0.0), (*to_rgb(COLOURS[0]), 1.0)], N=16
    )
    edges = np.linspace(0.0, 1.0, bins + 1)
    with _style(lang):
        figure = Figure(figsize=(WIDTH, 5.6), dpi=DPI, layout="constrained")
        FigureCanvasAgg(figure)
        mosaic = figure.subplot_mosaic([["true", "noisy"], ["synthetic", "key"]])
        panels = [mosaic["true"], mosaic["noisy"], mosaic["synthetic"]]
        for axes, grid, title in zip(
            panels, grids, (text["true_title"], text["noisy_title"]), strict=False
        ):
            mesh = axes.pcolormesh(
                edges, edges, grid, cmap=shades, vmin=bottom, vmax=top, clip_on=False
            )
            axes.set_title(_wrap(title, 0.45 * WIDTH * 72))
        panels[2].plot(synthetic[:, 0], synthetic[:, 1], "o", markersize=2, color=COLOURS[1])
        panels[2].set_title(_wrap(text["synthetic_title"], 0.45 * WIDTH * 72))
        for axes in panels:
            axes.set(xlim=(0, 1), ylim=(0, 1), aspect="equal", xticks=[0, 0.5, 1])
            axes.set_yticks([0, 0.5, 1])
            axes.grid(False)
            _locale_ticks(axes, lang)
        # The key is a horizontal colour bar in the fourth cell.
        mosaic["key"].set_axis_off()
        bar = figure.colorbar(
            mesh, cax=mosaic["key"].inset_axes((0.05, 0.45, 0.9, 0.12)), orientation="horizontal"
        )
        bar.set_label(text["colorbar"])
        bar.ax.tick_params(labelfontfamily=font_families(lang))
        bar.ax.xaxis.set_major_formatter(
            FuncFormatter(lambda value, _: format_number(value, lang, 6))
        )
    return figure


def support_gap(labels: Mapping[str, str], lang: str, rng: np.random.Generator) -> Figure:
    """Draw the share of releases from 0 that the neighbour 1 never produces: float vs exact.

    NumPy's float Laplace sampler leaves such outputs at every scale; the exact discrete
    sampler (integers only) leaves none. Labels: ``title``, ``x``, ``y``, ``numpy``, ``exact``.
    """
    lang = _check_lang(lang)
    text = _labels("support_gap", labels)
    shared = figure_data.support_gap(rng)
    scales, floats, exact = shared["scales"], shared["float"], shared["exact"]
    positions = np.arange(len(scales), dtype=np.float64)
    with _style(lang):
        figure, (axes,) = _new_figure()
        _locale_ticks(axes, lang, x=False)
        for offset, shares, colour, name in (
            (-0.2, floats, COLOURS[1], "numpy"),
            (0.2, exact, COLOURS[0], "exact"),
        ):
            bars = axes.bar(
                positions + offset,
                shares,
                0.4,
                color=colour,
                label=_wrap(text[name], 0.5 * WIDTH * 72, 12),
            )
            values = [format_number(share, lang, 2) for share in shares]
            axes.bar_label(bars, values, padding=2)
        axes.set_xticks(positions, [format_number(s, lang) for s in scales])
        axes.set(title=_wrap(text["title"]), xlabel=text["x"], ylabel=text["y"])
        axes.set_ylim(0, max(floats) * 1.15)
        axes.legend(loc="upper right")
    return figure
