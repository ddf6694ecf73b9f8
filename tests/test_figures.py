"""The chapters' SVG figures: valid, localised, colour-free SVG; the right data; the hook.

Data checks use closed forms computed here (a Laplace peak is 1/(2 s), a Gaussian's
1/(σ √(2π)), the mean's sensitivity (b − a)/n …), not the package's own functions.
"""

from __future__ import annotations

import gzip
import json
import math
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from bs4 import BeautifulSoup
from mkdocs.exceptions import PluginError

from dplesson import discrete_laplace, locales
from dplesson.figures import catalogue, data
from dplesson.figures.svg import WIDTH, Axis, Line, chart, number
from dplesson.figures.svg import _text_width as text_width
from dpsite import figures as figures_hook
from tests.conftest import DECIMAL_COMMA, LOCALES
from tests.docs_sources import placed_figures

SVG = "{http://www.w3.org/2000/svg}"
#: Each page that shows figures and their ids, in page order: where its English page puts them.
CHAPTER_FIGURES = placed_figures()
SIZE_BUDGET = 6000  # bytes of SVG per figure
PAINT = re.compile(r"^(none|currentColor|var\(--[\w-]+\))$")
COLOUR_PROPERTIES = {"fill", "stroke", "color", "stop-color", "flood-color", "style"}


def drawn(figure_id: str, locale: str) -> tuple[ET.Element, catalogue.Figure, dict[str, str]]:
    labels = figures_hook.labels(locale, figure_id)
    figure = catalogue.render(figure_id, labels, locale)
    return ET.fromstring(figure.svg), figure, labels


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def test_every_figure_is_placed_once_on_a_page() -> None:
    placed = sorted(f for ids in CHAPTER_FIGURES.values() for f in ids)
    assert placed == sorted(catalogue.FIGURES)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("figure_id", sorted(catalogue.FIGURES))
def test_figure_is_small_valid_svg_with_the_locale_text(figure_id: str, locale: str) -> None:
    root, figure, labels = drawn(figure_id, locale)
    decimal = locales.decimal(locale)  # tick labels: this sign, never the other
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and desc is not None
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert title.text == catalogue.fill(labels["caption"], figure.values, locale)
    assert desc.text == catalogue.fill(labels["alt"], figure.values, locale)
    assert "{" not in (title.text or "") + (desc.text or "")
    shown = texts(root)
    for key in catalogue.required_labels(figure_id)[2:]:
        assert catalogue.fill(labels[key], figure.values, locale) in shown, key
    numbers = [t for t in shown if re.fullmatch(r"[\u2212]?[\d.,\u202f]+", t)]
    assert numbers, "no tick labels"
    wrong = "." if decimal == "," else ","
    assert not [t for t in numbers if wrong in t], numbers
    assert len(figure.svg.encode()) < SIZE_BUDGET


@pytest.mark.parametrize("locale", LOCALES)
def test_axis_titles_fit_beside_and_below_the_plot(locale: str) -> None:
    """The rotated y title is no taller than the plot, the x title no wider than the view."""
    for figure_id in catalogue.FIGURES:
        root, _, labels = drawn(figure_id, locale)
        axis = next(
            p
            for p in root.iter(f"{SVG}path")
            if p.get("class") == "dp-fig-axis" and "V" in (p.get("d") or "")
        )
        top, bottom = (float(v) for v in re.findall(r"[\d.]+", axis.get("d") or "")[1:3])
        assert text_width(labels["y"]) <= bottom - top - 4, (figure_id, labels["y"])
        assert text_width(labels["x"]) <= WIDTH - 20, (figure_id, labels["x"])


@pytest.mark.parametrize("figure_id", sorted(catalogue.FIGURES))
def test_no_fixed_colour_only_classes_current_color_and_variables(figure_id: str) -> None:
    root, figure, _ = drawn(figure_id, "en")
    for element in root.iter():
        for name, value in element.attrib.items():
            if name in COLOUR_PROPERTIES:
                assert PAINT.match(value), (element.tag, name, value)
    assert not re.search(r"#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\(", figure.svg)
    assert not re.search(r"<(image|font|style)\b|base64", figure.svg)


@pytest.mark.parametrize("locale", LOCALES)
def test_figure_numbers_are_the_sites_one_number_format(locale: str) -> None:
    """Ticks, captions and alt texts use ``dplesson.locales.format_number`` (tested there)."""
    for value in (0.25, -1.5, 1e-5, 1000.0, 16892.0, 1234567.891):
        assert number(value, locale) == locales.format_number(value, locale, 3)
        assert number(value, locale, 4) == locales.format_number(value, locale, 4)
    with pytest.raises(ValueError, match="lang must be one of"):
        number(1.0, ",")


def test_a_point_outside_its_axis_is_refused_not_clipped() -> None:
    x = Axis("x", 0.0, 1.0, [0.0, 1.0])
    y = Axis("y", 1.0, 100.0, [1.0, 10.0, 100.0], log=True)
    line = Line("a", [0.0, 1.0], [2.0, 200.0])
    with pytest.raises(ValueError, match=r"axis 'y' runs from 1\.0 to 100\.0; got 200\.0"):
        chart(ident="t", title="t", desc="d", x=x, y=y, series=[line])
    fine = chart(ident="t", title="t", desc="d", x=x, y=y, series=[Line("a", [0, 1], [2, 20])])
    assert ET.fromstring(fine).tag == f"{SVG}svg"


def test_neighbour_densities_peak_at_one_over_twice_the_scale_within_epsilon() -> None:
    d = data.neighbour_densities()
    scale, epsilon = d["scale"], d["epsilon"]
    assert (scale, epsilon, d["centers"]) == (0.25, 1.0, (0.0, 0.25))
    for center, density in zip(d["centers"], d["densities"], strict=True):
        at = int(np.argmin(np.abs(d["z"] - center)))
        assert density[at] == pytest.approx(1 / (2 * scale))
        expected = np.exp(-np.abs(d["z"] - center) / scale) / (2 * scale)
        np.testing.assert_allclose(density, expected, rtol=1e-12)
    assert np.max(np.abs(d["log_ratio"])) == pytest.approx(epsilon)


def test_noise_against_n_is_the_range_over_n_epsilon() -> None:
    d = data.noise_vs_n()
    for epsilon, scales in zip(d["epsilons"], d["scales"], strict=True):
        assert scales == pytest.approx([100 / (n * epsilon) for n in d["n"]])


def test_sensitivity_of_mean_falls_and_of_median_stays() -> None:
    d = data.sensitivity_vs_n()
    assert d["mean"] == pytest.approx([100 / n for n in d["n"]])
    assert d["median"] == [100.0] * len(d["n"])
    assert all(n % 2 == 1 for n in d["n"])


def test_support_gap_float_leaves_outputs_the_exact_sampler_does_not() -> None:
    d = data.support_gap(np.random.default_rng(catalogue.SEEDS["support_gap"]))
    assert d["exact"] == [0.0, 0.0, 0.0]
    assert all(0 < share < 1 for share in d["float"])
    assert d["float"] == sorted(d["float"], reverse=True)
    chapter = data.support_gap(np.random.default_rng(catalogue.SEEDS["support_gap"]), exact=False)
    assert chapter["float"] == d["float"] and "exact" not in chapter  # not charted as measured


def test_averaging_attack_error_falls_as_one_over_root_k_while_budget_grows() -> None:
    d = data.averaging_attack(np.random.default_rng(catalogue.SEEDS["averaging_attack"]))
    assert d["expected"] == pytest.approx([math.sqrt(2) * 10 / math.sqrt(k) for k in d["k"]])
    assert d["spent"] == pytest.approx([0.1 * k for k in d["k"]])
    for observed, expected in zip(d["observed"], d["expected"], strict=True):
        assert expected / 2 < observed < expected * 2


def test_equal_budget_splits_cost_twice_m_cubed() -> None:
    d = data.budget_splits()
    assert d["equal"] == pytest.approx([2 * m**3 for m in d["parts"]])
    assert int(np.argmin(d["weighted"])) == int(np.argmin(np.abs(d["shares"] - 0.5)))


def test_histogram_release_counts_and_noise() -> None:
    d = data.histogram_cells()
    points = np.random.default_rng(2).beta(2, 4, size=(40, 2))
    cells = np.minimum((points * 3).astype(int), 2)
    expected = np.zeros((3, 3), dtype=int)
    for x, y in cells:
        expected[x, y] += 1
    assert sorted(d["counts"].tolist()) == sorted(expected.ravel().tolist())
    assert d["counts"].sum() == 40
    # Exact integer noise of scale 1/ε = 1, from the example's seeded stream.
    stream = random.Random(2)
    noise = [discrete_laplace(1, 1, randbelow=stream.randrange) for _ in range(9)]
    assert d["noisy"].dtype == np.int64
    assert (d["noisy"] - d["counts"]).tolist() == noise


def test_clipping_caps_every_norm_at_c_and_keeps_the_short_ones() -> None:
    d = data.clipping(np.random.default_rng(catalogue.SEEDS["clipping"]))
    np.testing.assert_allclose(d["after"], np.minimum(d["before"], d["clip_norm"]), rtol=1e-12)
    assert (d["before"] > d["clip_norm"]).any() and (d["before"] < d["clip_norm"]).any()


def test_differencing_reveals_the_salary_at_every_size() -> None:
    d = data.differencing(np.random.default_rng(catalogue.SEEDS["differencing"]))
    assert d["revealed"] == [75.0] * len(d["n"])
    # |mean_with - mean_without| = |75 - mean_without| / n, and mean_without is within [30, 90).
    for n, gap in zip(d["n"], d["gap"], strict=True):
        assert gap <= 45 / n + 1e-12


def test_laplace_and_gaussian_peaks() -> None:
    d = data.laplace_gaussian()
    sigma = math.sqrt(2 * math.log(1.25 / 1e-5)) / 0.5
    assert d["sigma"] == pytest.approx(sigma)
    assert float(np.max(d["laplace"])) == pytest.approx(1 / (2 * 2.0))
    assert float(np.max(d["gaussian"])) == pytest.approx(1 / (sigma * math.sqrt(2 * math.pi)))


def _values(figure_id: str) -> dict[str, float]:
    return dict(drawn(figure_id, "en")[1].values)


def test_guess_bound_is_the_logistic_of_epsilon_and_the_laplace_test_stays_below() -> None:
    values = _values("guess_bound")
    assert values["bound"] == pytest.approx(math.e / (1 + math.e))
    assert values["best"] == pytest.approx(1 - math.exp(-0.5) / 2)
    assert values["best"] < values["bound"]


def test_local_error_is_the_randomized_response_formula_and_the_gap_grows() -> None:
    values = _values("local_vs_central")
    n = values["n"]
    # The noise of randomized response's estimate for the same n people, at ε = 1.
    assert values["local"] == pytest.approx(1 / (2 * math.sqrt(n) * math.sinh(0.5)))
    assert values["central"] == pytest.approx(math.sqrt(2) / n)
    assert values["ratio"] == round(values["local"] / values["central"])


def test_affordable_counts_at_the_largest_noise_favour_zcdp() -> None:
    values = _values("affordable")
    rho = 1 / (2 * values["std"] ** 2)
    k = values["zcdp"]
    assert k * rho + 2 * math.sqrt(k * rho * math.log(1e6)) <= 1.0
    k += 1
    assert k * rho + 2 * math.sqrt(k * rho * math.log(1e6)) > 1.0
    assert values["basic"] == math.floor(values["std"] / math.sqrt(2))


def test_budget_plan_adds_up_to_the_total_without_exceeding_it() -> None:
    values = _values("budget_plan")
    parts = [values["count"], values["sum"], values["median"]]
    assert parts == [0.25, 0.25, 0.5]
    assert sum(parts) <= values["total"]


def test_random_figures_repeat_with_their_seed() -> None:
    for figure_id in catalogue.SEEDS:
        labels = figures_hook.labels("en", figure_id)
        assert catalogue.render(figure_id, labels).svg == catalogue.render(figure_id, labels).svg


def test_hook_fails_on_unknown_ids_and_missing_labels() -> None:
    with pytest.raises(PluginError, match=r"en/laplace\.md.*'nope'"):
        figures_hook.render_page('<div data-figure="nope"></div>', "en", "en/laplace.md")
    with pytest.raises(ValueError, match="caption"):
        catalogue.render("clipping", {"alt": "a", "x": "x", "y": "y"})
    with pytest.raises(ValueError, match="unknown placeholder"):
        catalogue.fill("{missing}", {"n": 1.0}, "en")
    html = figures_hook.render_page('<p>a</p>\n<div data-figure="clipping"></div>', "de", "x")
    assert '<figure class="dp-figure" id="figure-clipping">' in html
    assert "<svg" in html and "<figcaption>" in html


@pytest.mark.parametrize("locale", LOCALES)
def test_no_label_types_a_number(locale: str) -> None:
    """A figure's numbers come from its values through placeholders, never from the words."""
    for figure_id in catalogue.FIGURES:
        for text in figures_hook.labels(locale, figure_id).values():
            assert not re.search(r"\d[.,]\d", text), (figure_id, text)


def page_html(site_dir: Path, locale: str, chapter: str) -> str:
    root = site_dir if locale == "en" else site_dir / locale
    return (root / chapter / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("locale", LOCALES)
def test_built_chapters_show_their_figures_in_the_locale(site_dir: Path, locale: str) -> None:
    for chapter, ids in CHAPTER_FIGURES.items():
        html = page_html(site_dir, locale, chapter)
        soup = BeautifulSoup(html, "html.parser")
        found = soup.select("figure.dp-figure")
        assert [f.get("id") for f in found] == [f"figure-{i}" for i in ids], chapter
        for element, figure_id in zip(found, ids, strict=True):
            svg = element.find("svg")
            assert svg is not None and svg.get("role") == "img"
            assert svg.has_attr("data-search-exclude")
            labels = figures_hook.labels(locale, figure_id)
            figure = catalogue.render(figure_id, labels, locale)
            caption = element.find("figcaption")
            assert caption is not None
            assert caption.get_text() == catalogue.fill(labels["caption"], figure.values, locale)
        assert 'data-figure="' not in html


def test_search_indexes_captions_not_tick_labels(site_dir: Path) -> None:
    for locale in LOCALES:
        root = site_dir if locale == "en" else site_dir / locale
        index = json.loads((root / "search" / "search_index.json").read_text(encoding="utf-8"))
        texts = " ".join(doc["text"] for doc in index["docs"]).replace("\u200b", "")
        labels = figures_hook.labels(locale, "clipping")
        figure = catalogue.render("clipping", labels, locale)
        caption = catalogue.fill(labels["caption"], figure.values, locale)
        assert caption in texts, locale
        alt = catalogue.fill(labels["alt"], figure.values, locale)
        assert alt not in texts, locale  # the <desc> is inside the excluded drawing


def test_figures_weigh_little_gzip_compressed(site_dir: Path) -> None:
    """Each figure adds at most a few KB to its page when served gzip-compressed."""
    for chapter in CHAPTER_FIGURES:
        html = page_html(site_dir, "en", chapter)
        without = re.sub(r'<figure class="dp-figure".*?</figure>', "", html, flags=re.S)
        added = len(gzip.compress(html.encode())) - len(gzip.compress(without.encode()))
        assert 0 < added < 2500 * len(CHAPTER_FIGURES[chapter]), (chapter, added)


@pytest.mark.parametrize("locale", sorted(DECIMAL_COMMA))
def test_decimal_values_listed_with_a_bare_comma_fail_the_build(
    locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "ε = 0,5, 1 en 2" reads as one number: the figure's texts must use ``list_separator``."""
    real = figures_hook.labels(locale, "noise_vs_n")
    listed = {**real, "alt": "ε = {epsilon_0}, {epsilon_1}"}
    monkeypatch.setattr(figures_hook, "labels", lambda *_: listed)
    with pytest.raises(ValueError, match=r"noise_vs_n\.alt.*reads as one number"):
        figures_hook.figure_html.__wrapped__("noise_vs_n", locale)
    separator = locales.list_separator(locale)
    listed["alt"] = "ε = {epsilon_0}" + separator + "{epsilon_1}"
    assert "0,5" in figures_hook.figure_html.__wrapped__("noise_vs_n", locale)


@pytest.mark.parametrize("locale", sorted(DECIMAL_COMMA))
def test_a_language_in_progress_lists_its_english_figure_texts_its_own_way(
    locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A figure text still in English in a language in progress gets the list separator its
    decimal comma needs; a text of its own is left for the build to refuse (above)."""
    english = "ε = {epsilon_0}, {epsilon_1} and {epsilon_2}"
    separator = locales.list_separator(locale)
    expected = "ε = {epsilon_0}" + separator + "{epsilon_1} and {epsilon_2}"
    assert locales.separate_lists(english, locale) == expected
    assert locales.separate_lists(english, "en") == english
    # ``locale`` as a language in progress that has not translated its figures yet.
    state, section = locales.state, locales.section
    monkeypatch.setattr(
        locales,
        "state",
        lambda code: locales.IN_PROGRESS if code == locale else state(code),
    )
    monkeypatch.setattr(locales, "section", lambda _, name: section("en", name))
    alt = figures_hook.labels("en", "noise_vs_n")["alt"]
    assert "}, {" in alt  # English lists with a comma
    assert figures_hook.labels(locale, "noise_vs_n")["alt"] == alt.replace(
        "}, {", "}" + separator + "{"
    )
    assert "0,5" in figures_hook.figure_html.__wrapped__("noise_vs_n", locale)
