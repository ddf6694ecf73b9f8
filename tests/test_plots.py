"""Figures of the lab notebook: right data, the locale's words and numbers, no missing glyph,
drawn as SVG whose every colour follows the page (how it looks on a phone, light and dark:
tests/browser/test_lab_figures.py)."""

from __future__ import annotations

import math
import re
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import matplotlib as mpl
import numpy as np
import pytest
from matplotlib.collections import QuadMesh
from matplotlib.figure import Figure
from matplotlib.font_manager import fontManager
from matplotlib.patches import Rectangle
from matplotlib.text import Text

from dplesson import plots
from tests.conftest import LOCALES
from tests.notebooks import labels

SEEDED = {"averaging_attack", "histogram_release", "support_gap"}


def draw(name: str, locale: str = "en", seed: int = 1) -> Figure:
    function: Callable[..., Figure] = getattr(plots, name)
    entry = labels(locale)[name]
    if name in SEEDED:
        return function(entry, locale, np.random.default_rng(seed))
    return function(entry, locale)


def texts(figure: Figure) -> list[str]:
    """Every visible text of ``figure``, a wrapped one as one line."""
    figure.canvas.draw()
    shown = [t.get_text() for t in figure.findobj(Text) if t.get_visible() and t.get_text()]
    return [text.replace("\n", " ") for text in shown]


def svg(figure: Figure) -> str:
    return plots.image(figure, "alt").svg


SVG = "{http://www.w3.org/2000/svg}"
#: A colour the page sets: the text colour, a palette variable (with its light fallback), none.
PAGE_COLOUR = re.compile(r"currentColor|none|var\(--dp-fig-c([0-3]), (#[0-9a-f]{6})\)")
#: The one fixed colour: the grid's grey, faint (opacity 0.3) on a light and a dark page.
GRID = "#b0b0b0"


def colours(drawing: str) -> list[str]:
    """Every fill and stroke colour the SVG sets, in attributes and styles."""
    return [
        value.strip()
        for value in re.findall(r'(?:fill|stroke)(?:="|: )([^";]+)', drawing)
        if value.strip()
    ]


@pytest.mark.usefixtures("global_rng_untouched")
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", sorted(plots.FIGURES))
def test_figures_use_the_locale_labels_and_every_glyph_exists(name: str, locale: str) -> None:
    before = dict(mpl.rcParams)
    entry = labels(locale)[name]
    figure = draw(name, locale)
    shown = texts(figure)
    for key in plots.FIGURES[name]:
        if "{" not in entry[key]:
            assert entry[key] in shown, (key, entry[key])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # matplotlib warns about each glyph a font lacks
        rendered = plots.image(figure, entry["alt"])
    assert dict(mpl.rcParams) == before
    root = ET.fromstring(rendered.svg)  # well-formed, one element
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert root.findtext(f"{SVG}title") == entry["alt"]
    # Text stays text: each label is in the drawing's <text> (a wrapped one line by line).
    drawn = "".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))
    for key in plots.FIGURES[name]:
        if "{" not in entry[key]:
            assert re.sub(r"\s", "", entry[key]) in re.sub(r"\s", "", drawn), (key, entry[key])
    # No picture inside, no style for the whole page, every colour the page's (or the grid).
    assert root.find(f".//{SVG}image") is None and root.find(f".//{SVG}style") is None
    for colour in colours(rendered.svg):
        match = PAGE_COLOUR.fullmatch(colour)
        assert colour == GRID or match, colour
        if match and match[1]:
            assert plots.COLOURS[int(match[1])] == match[2]
    ids = [element.get("id") for element in root.iter() if element.get("id")]
    assert len(ids) == len(set(ids))


def test_chinese_text_is_set_in_noto_sans_cjk() -> None:
    figure = draw("laplace_scales", "zh")
    title = next(t for t in figure.findobj(Text) if t.get_text() == "中心为 0 的拉普拉斯密度")
    path = fontManager.findfont(title.get_fontproperties(), fallback_to_default=False)
    assert "NotoSansCJK" in path
    assert plots.font_families("en") == ["DejaVu Sans"]


@pytest.mark.parametrize(
    ("locale", "sign"), [("en", "."), ("zh", "."), ("nl", ","), ("de", ","), ("tr", ",")]
)
def test_tick_labels_and_legends_use_the_locale_decimal_sign(locale: str, sign: str) -> None:
    shown = texts(draw("neighbour_densities", locale))
    assert f"0{sign}5" in shown and f"−0{sign}5" in shown
    legend = labels(locale)["neighbour_densities"]["legend"].format(center=f"0{sign}25")
    assert legend in shown
    assert plots.format_number(-1.5, locale) == f"−1{sign}5"
    # A log axis writes its powers of ten out the same way: 0.01, 0.1, 1, 10.
    assert {f"0{sign}01", f"0{sign}1", "1", "10"} <= set(texts(draw("noise_scales", locale)))


def test_laplace_scales_peak_at_one_over_twice_the_scale() -> None:
    lines = draw("laplace_scales").axes[0].get_lines()
    peaks = [float(np.max(line.get_ydata())) for line in lines]
    assert peaks == pytest.approx([1 / (2 * 0.25), 1 / (2 * 0.5)], rel=1e-12)


def test_neighbour_log_ratio_stays_in_the_epsilon_band() -> None:
    right = draw("neighbour_densities").axes[1]
    line = right.get_lines()[-1]
    z = np.asarray(line.get_xdata(), dtype=float)
    ratio = np.asarray(line.get_ydata(), dtype=float)
    # Centres 0 and 0.25, scale 0.25: the log-ratio is (|z - 0.25| - |z|) / 0.25.
    assert np.allclose(ratio, (np.abs(z - 0.25) - np.abs(z)) / 0.25, atol=1e-12)
    assert ratio.max() == pytest.approx(1.0) and ratio.min() == pytest.approx(-1.0)


def test_noise_scales_are_sensitivity_over_epsilon() -> None:
    for line, sensitivity in zip(
        draw("noise_scales").axes[0].get_lines(), (0.25, 1, 4), strict=True
    ):
        epsilons = np.asarray(line.get_xdata(), dtype=float)
        assert np.allclose(line.get_ydata(), sensitivity / epsilons, rtol=1e-12)
    assert draw("noise_scales").axes[0].get_xscale() == "log"


def test_averaging_attack_error_and_budget() -> None:
    figure = draw("averaging_attack", seed=5)
    error_axes, budget_axes = figure.axes[0], figure.axes[1]
    expected, observed = error_axes.get_lines()
    k = np.asarray(expected.get_xdata(), dtype=float)
    assert k.tolist() == [2.0**i for i in range(11)]
    assert np.allclose(expected.get_ydata(), math.sqrt(2) * 10 / np.sqrt(k))
    # 40 attacks per k: the root-mean-square error stays within a factor 1.5 of the theory.
    ratio = np.asarray(observed.get_ydata(), dtype=float) / np.asarray(expected.get_ydata())
    assert np.all((ratio > 1 / 1.5) & (ratio < 1.5)), ratio
    assert np.allclose(budget_axes.get_lines()[0].get_ydata(), 0.1 * k)


def test_budget_splits_variances() -> None:
    left, right = draw("budget_splits").axes
    bars = [p for p in left.patches if isinstance(p, Rectangle)]
    assert [bar.get_height() for bar in bars] == pytest.approx([2 * m**3 for m in range(1, 9)])
    curve = right.get_lines()[0]
    w = np.asarray(curve.get_xdata(), dtype=float)
    assert np.allclose(curve.get_ydata(), 2 / w**2 + 2 / (1 - w) ** 2, rtol=1e-12)
    assert float(np.min(curve.get_ydata())) == pytest.approx(16.0)


def test_histogram_release_counts_and_synthetic_points() -> None:
    figure = draw("histogram_release", seed=3)
    true_grid, noisy_grid = (np.asarray(i.get_array()) for i in figure.findobj(QuadMesh)[:2])
    assert true_grid.shape == noisy_grid.shape == (8, 8)
    assert true_grid.sum() == 400 and np.all(true_grid == np.round(true_grid))
    assert not np.array_equal(true_grid, noisy_grid)
    (points,) = [line for axes in figure.axes for line in axes.get_lines()]
    offsets = np.asarray(points.get_xydata())
    assert offsets.shape == (400, 2) and offsets.min() >= 0 and offsets.max() <= 1


def test_support_gap_numpy_leaves_a_gap_the_exact_sampler_does_not() -> None:
    axes = draw("support_gap", seed=9).axes[0]
    bars = [p.get_height() for p in axes.patches if isinstance(p, Rectangle)]
    floats, exact = bars[:3], bars[3:]
    assert exact == [0.0, 0.0, 0.0]
    assert all(share > 0 for share in floats) and floats == sorted(floats, reverse=True)


@pytest.mark.parametrize("name", ["noise_scales", "averaging_attack", "budget_splits"])
def test_log_axes_tick_only_their_labelled_powers_of_ten(name: str) -> None:
    figure = draw(name)
    figure.canvas.draw()
    log_axes = [
        axis
        for axes in figure.axes
        for axis in (axes.xaxis, axes.yaxis)
        if axis.get_scale() == "log" and axis.get_visible()
    ]
    assert log_axes
    for axis in log_axes:
        assert len(axis.get_minorticklocs()) == 0
        powers = np.log10(np.asarray(axis.get_majorticklocs(), dtype=float))
        assert len(powers) >= 2 and np.allclose(powers, np.round(powers))


@pytest.mark.parametrize("name", sorted(SEEDED))
def test_random_figures_repeat_with_the_seed_and_change_without(name: str) -> None:
    assert svg(draw(name, seed=4)) == svg(draw(name, seed=4))
    assert svg(draw(name, seed=4)) != svg(draw(name, seed=5))


def test_image_is_inline_svg_with_its_alt_text_and_its_natural_size() -> None:
    figure = draw("laplace_scales")
    alt = 'Two curves "peaked" <at 0>'
    rendered = plots.image(figure, alt)
    assert (rendered.width, rendered.height) == (
        round(plots.WIDTH * 96),
        round(plots.HEIGHT * 96),
    )
    root = ET.fromstring(rendered.svg)
    assert (root.get("width"), root.get("height")) == (str(rendered.width), str(rendered.height))
    view = [float(v) for v in str(root.get("viewBox")).split()]
    assert view == pytest.approx([0, 0, plots.WIDTH * 72, plots.HEIGHT * 72], abs=0.01)
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == alt
    assert root.get("aria-labelledby") == title.get("id")
    assert "&lt;at 0&gt;" in rendered.html()
    bundle = rendered._repr_mimebundle_()
    assert bundle == {"text/html": rendered.html(), "text/plain": alt}
    # Two figures with other alt texts share no id, so a page can hold both.
    other = ET.fromstring(plots.image(draw("laplace_scales"), "another").svg)
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    assert ids and not ids & {e.get("id") for e in other.iter() if e.get("id")}
    assert len(rendered.svg) < 15_000


def test_image_leaves_the_figure_as_it_was() -> None:
    figure = draw("averaging_attack")
    canvas, colour = figure.canvas, figure.get_facecolor()
    plots.image(figure, "x")
    assert figure.canvas is canvas and figure.get_facecolor() == colour


def test_bad_arguments_are_refused() -> None:
    entry: dict[str, Any] = dict(labels("en")["laplace_scales"])
    with pytest.raises(ValueError, match=r"lang must be one of 'en', .*'zh'; got 'x-undeclared'"):
        plots.laplace_scales(entry, "x-undeclared")
    del entry["legend"]
    with pytest.raises(
        ValueError, match=r"labels for laplace_scales .* missing or not a string: 'legend'"
    ):
        plots.laplace_scales(entry, "en")
    with pytest.raises(ValueError, match="labels for noise_scales must be a mapping"):
        plots.noise_scales("title", "en")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"rng must be a numpy\.random\.Generator"):
        plots.support_gap(labels("en")["support_gap"], "en", 42)  # type: ignore[arg-type]
    figure = draw("noise_scales")
    with pytest.raises(ValueError, match="alt must be a non-empty string"):
        plots.image(figure, "  ")
    with pytest.raises(ValueError, match="figure must be a matplotlib Figure"):
        plots.image("figure", "alt")  # type: ignore[arg-type]
