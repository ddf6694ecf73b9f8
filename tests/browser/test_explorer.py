"""The density explorer agrees with laplace_calibration and laplace_log_density in every locale.

The explorer's page is loaded once per locale (``explorer_page``); each test starts from the
widget put back to its defaults (``explorer``). Its labels, live region, strings and the
contrast of its drawing are checked here too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

from dplesson import laplace_calibration, laplace_log_density
from dplesson.locales import format_number
from tests.browser.colours import check_contrast
from tests.browser.conftest import Visit, shared_page
from tests.browser.tour import PHONE, Tour
from tests.browser.widgets import (
    DECIMAL_COMMA,
    built_strings,
    explorer_state,
    localise,
    page_of,
    parse_localised,
    strings,
    url_path,
)
from tests.conftest import LOCALES

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser
EACH_LOCALE = pytest.mark.parametrize("locale", LOCALES, scope="module")
DEFAULTS = {"n": "4", "epsilon": "1", "lower": "0", "upper": "1"}


@pytest.fixture(scope="module")
def explorer_page(
    browser: Browser, browser_context_args: dict[str, Any], base_url: str, locale: str
) -> Iterator[tuple[Visit, dict[str, Any]]]:
    """The explorer's page of ``locale``, and the widget's state as it was first drawn."""
    path = url_path(locale, page_of("explorer", locale))
    with shared_page(browser, browser_context_args, base_url, path, "explorer") as seen:
        yield seen, explorer_state(seen.page)


@pytest.fixture
def explorer(explorer_page: tuple[Visit, dict[str, Any]]) -> Iterator[Visit]:
    """The shared page with the explorer back at its defaults; no script error during a test."""
    seen, first = explorer_page
    page = seen.page
    page.locator(".dp-explorer input[name=lock]").set_checked(False)
    for name, text in DEFAULTS.items():
        page.fill(f".dp-explorer input[name={name}]", text)
    state = explorer_state(page)
    assert state["results"] == first["results"] and not state["errors"]
    yield seen
    assert not seen.errors, seen.errors


SHOWN_DIGITS = 6  # significant digits on screen; data-value holds the full double
CASES = [  # (n, epsilon, a, b) entered through the controls
    (7, 0.3, 0.0, 1.0),
    (1, 2.5, -2.0, 3.5),
    (4096, 100.0, 0.0, 1.0),
    (12, 0.001, -10.0, 30.0),
]


def expected(count: int, epsilon: float, lower: float, upper: float) -> dict[str, Any]:
    """What the package computes: calibration, centres, window and largest log-density gap."""
    calibration = laplace_calibration(count, lower, upper, epsilon)
    scale = calibration["scale"]
    centre_a = lower
    centre_b = lower + calibration["sensitivity"]
    lo, hi = centre_a - 5 * scale, centre_b + 5 * scale
    grid = [lo + (hi - lo) * i / 400 for i in range(401)]
    points = np.array([*grid, centre_a, centre_b])
    gap = laplace_log_density(points, centre_a, scale) - laplace_log_density(
        points, centre_b, scale
    )
    return {
        "values": {
            "delta": calibration["sensitivity"],
            "scale": scale,
            "centre-a": centre_a,
            "centre-b": centre_b,
            "maxdiff": float(np.max(np.abs(gap))),
            "bound": calibration["epsilon"],
        },
        "lo": lo,
        "hi": hi,
    }


def check(state: dict[str, Any], want: dict[str, Any], locale: str) -> None:
    assert not state["errors"] and not state["resultsHidden"] and not state["chartHidden"]
    assert float(state["lo"]) == want["lo"] and float(state["hi"]) == want["hi"]
    assert state["points"] == "401"
    assert set(state["results"]) == set(want["values"])
    for key, value in want["values"].items():
        shown = state["results"][key]
        # The raw double: the same IEEE operations as the package (the log-density gap may
        # differ in the last bits, as Math.log and math.log may).
        if key == "maxdiff":
            assert float(shown["value"]) == pytest.approx(value, rel=1e-12), key
        else:
            assert float(shown["value"]) == value, key
        # The visible text is the value in the site's one number format (dplesson.locales).
        digits = None if key == "bound" else SHOWN_DIGITS
        assert shown["text"] == format_number(float(shown["value"]), locale, digits), key
    # The largest gap over the drawn points never exceeds the analytic bound epsilon, up to
    # rounding (|z - centre| / s loses digits when the window lies far from zero).
    assert want["values"]["maxdiff"] <= want["values"]["bound"] * (1 + 1e-9)


@EACH_LOCALE
def test_defaults_match_the_package(
    explorer_page: tuple[Visit, dict[str, Any]], locale: str
) -> None:
    state = explorer_page[1]
    check(state, expected(4, 1.0, 0.0, 1.0), locale)
    shown = {key: item["text"] for key, item in state["results"].items()}
    quarter = "0,25" if locale in DECIMAL_COMMA else "0.25"
    assert shown == {
        "delta": quarter,
        "scale": quarter,
        "centre-a": "0",
        "centre-b": quarter,
        "maxdiff": "1",
        "bound": "1",
    }


@EACH_LOCALE
def test_changed_inputs_match_the_package(explorer: Visit, locale: str) -> None:
    page = explorer.page
    for count, epsilon, lower, upper in CASES:
        page.fill(".dp-explorer input[name=n]", str(count))
        page.fill(".dp-explorer input[name=epsilon]", localise(epsilon, locale))
        page.fill(".dp-explorer input[name=lower]", localise(lower, locale))
        page.fill(".dp-explorer input[name=upper]", localise(upper, locale))
        check(explorer_state(page), expected(count, epsilon, lower, upper), locale)


@pytest.mark.parametrize("locale", ["de", "en"], scope="module")
def test_code_notation_is_accepted_too(explorer: Visit, locale: str) -> None:
    """A reader may paste 0.5 into a decimal-comma page; "1.000" there still means 1000."""
    page = explorer.page
    page.fill(".dp-explorer input[name=epsilon]", "0.5")
    check(explorer_state(page), expected(4, 0.5, 0.0, 1.0), locale)
    page.fill(".dp-explorer input[name=upper]", "1.000")
    upper = 1000.0 if locale == "de" else 1.0
    check(explorer_state(page), expected(4, 0.5, 0.0, upper), locale)


BAD_INPUTS = [  # field, typed text, message key, the package's arguments
    ("n", "0", "n", (0, 0.0, 1.0, 1.0)),
    ("n", "4097", "n", (4097, 0.0, 1.0, 1.0)),
    ("n", "2.5", "n", (2.5, 0.0, 1.0, 1.0)),
    ("epsilon", "0.0009", "epsilon", (4, 0.0, 1.0, 0.0009)),
    ("epsilon", "101", "epsilon", (4, 0.0, 1.0, 101.0)),
    ("epsilon", "abc", "epsilon", (4, 0.0, 1.0, "abc")),
    ("lower", "-1000001", "lower", (4, -1000001.0, 1.0, 1.0)),
    ("upper", "1e7", "upper", (4, 0.0, 1e7, 1.0)),
    ("upper", "0.0005", "width", (4, 0.0, 0.0005, 1.0)),
]


@EACH_LOCALE
def test_invalid_inputs_show_a_message_by_their_field_and_keep_the_chart(
    explorer: Visit, locale: str
) -> None:
    page = explorer.page
    templates = page.eval_on_selector(
        ".dp-explorer",
        "root => Object.fromEntries(['n', 'epsilon', 'lower', 'upper', 'width']"
        ".map(k => [k, root.getAttribute('data-t-err-' + k)]))",
    )
    before = explorer_state(page)
    for name, text, message, arguments in BAD_INPUTS:
        with pytest.raises(ValueError):
            laplace_calibration(*arguments)  # type: ignore[arg-type]
        typed = localise(float(text), locale) if name != "n" and text != "abc" else text
        page.fill(f".dp-explorer input[name={name}]", typed)
        state = explorer_state(page)
        assert len(state["errors"]) == 1, state["errors"]
        # The message sits under its own field (the width under b), in the locale's words.
        shown = state["errorOf"]["upper" if message == "width" else name]
        assert shown.startswith(templates[message].split("{")[0]), (shown, message)
        assert "{" not in shown
        assert state["invalid"][name] == "true"
        # The last valid chart and results stay, and the widget keeps its height.
        assert not state["resultsHidden"] and not state["chartHidden"]
        assert state["results"] == before["results"] and state["curve"] == before["curve"]
        assert state["height"] == pytest.approx(before["height"], abs=0.5), (name, text)
        page.fill(f".dp-explorer input[name={name}]", DEFAULTS[name])
        assert not explorer_state(page)["errors"]


HALF_TYPED = ["", "0.", "-", "0,", "abc"]


@EACH_LOCALE
def test_a_half_typed_value_keeps_the_layout(explorer: Visit, locale: str) -> None:
    """On the way from 1 to 0.5 the field holds "", "0" and "0.": the page must not jump."""
    page = explorer.page
    before = explorer_state(page)
    field = page.locator(".dp-explorer input[name=epsilon]")
    for text in HALF_TYPED:
        field.fill(text)
        state = explorer_state(page)
        assert state["errorOf"].get("epsilon"), text
        assert state["height"] == pytest.approx(before["height"], abs=0.5), text
        assert state["results"] == before["results"] and state["curve"] == before["curve"]
    field.fill(localise(0.5, locale))
    check(explorer_state(page), expected(4, 0.5, 0.0, 1.0), locale)


def curve_points(page: Page, selector: str) -> list[tuple[float, float]]:
    """The (x, y) points, in CSS px of the drawing, of an SVG path ``M x y L x y …``."""
    d = page.locator(selector).get_attribute("d") or ""
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def full_width_at_half_maximum(page: Page) -> float:
    """The width in px of the solid curve where it stands above half its peak's height."""
    base = page.eval_on_selector_all(
        ".dp-explorer svg.dp-chart:not(.dp-diff) line.dp-axis",
        "ls => ls.filter(l => l.getAttribute('y1') === l.getAttribute('y2'))"
        ".map(l => Number(l.getAttribute('y1')))",
    )[0]
    points = curve_points(page, ".dp-explorer svg:not(.dp-diff) path.dp-curve-a")
    peak = min(y for _, y in points)
    level = (base + peak) / 2
    above = [x for x, y in points if y <= level]
    return max(above) - min(above)


@EACH_LOCALE
def test_sliders_and_fields_stay_in_sync(explorer: Visit, locale: str) -> None:
    page = explorer.page
    slider = page.locator(".dp-explorer input[name=epsilon-slider]")
    field = page.locator(".dp-explorer input[name=epsilon]")
    field.fill(localise(0.5, locale))
    assert slider.input_value() == "0.5"
    slider.focus()
    page.keyboard.press("ArrowRight")
    assert field.input_value() == localise(0.6, locale)
    state = explorer_state(page)
    assert float(state["results"]["scale"]["value"]) == laplace_calibration(4, epsilon=0.6)["scale"]
    field.focus()
    page.keyboard.press("ArrowUp")  # the arrows step the text field too
    assert field.input_value() == localise(0.7, locale) and slider.input_value() == "0.7"
    page.locator(".dp-explorer input[name=n-slider]").focus()
    page.keyboard.press("ArrowRight")
    assert page.locator(".dp-explorer input[name=n]").input_value() == "5"
    page.fill(".dp-explorer input[name=n]", "12")
    n_slider = page.locator(".dp-explorer input[name=n-slider]")
    assert n_slider.get_attribute("aria-valuetext") == "12"  # a stop of 1 … 4096
    assert slider.get_attribute("aria-valuetext") == localise(0.7, locale)
    check(explorer_state(page), expected(12, 0.7, 0.0, 1.0), locale)


@EACH_LOCALE
def test_locked_axes_show_a_smaller_epsilon_widen_the_curve(explorer: Visit, locale: str) -> None:
    page = explorer.page
    texts = strings(page, ".dp-explorer")
    page.get_by_label(texts["lock"]).check()
    window = explorer_state(page)
    wide = full_width_at_half_maximum(page)
    ticks = page.locator(".dp-explorer svg:not(.dp-diff) text").all_text_contents()
    page.fill(".dp-explorer input[name=epsilon]", localise(0.5, locale))
    state = explorer_state(page)
    assert (state["lo"], state["hi"]) == (window["lo"], window["hi"])  # the z range stays
    assert full_width_at_half_maximum(page) == pytest.approx(2 * wide, rel=0.06)
    # The density axis stays: its tick labels are the same (only the legend may change).
    after = page.locator(".dp-explorer svg:not(.dp-diff) text").all_text_contents()
    assert [t for t in after if t in ticks][:4] == [t for t in ticks if t in after][:4]
    # Unlocked, the chart rescales again to the centres ± 5 scales.
    page.get_by_label(texts["lock"]).uncheck()
    check(explorer_state(page), expected(4, 0.5, 0.0, 1.0), locale)


@EACH_LOCALE
def test_both_axes_are_labelled_with_localised_ticks(explorer: Visit, locale: str) -> None:
    page = explorer.page
    texts = strings(page, ".dp-explorer")
    labels = page.locator(".dp-explorer svg:not(.dp-diff) text").all_text_contents()
    assert texts["axis-z"] in labels and texts["axis-density"] in labels
    ticks = [text for text in labels if re.fullmatch(r"[-\u2212]?[\d.,\u202f]+", text)]
    z = [parse_localised(text, locale) for text in ticks if parse_localised(text, locale) < 0]
    assert len(ticks) >= 7 and z, ticks  # density 0, 1, 2 and z from -1 to 1.5
    assert all(format_number(parse_localised(t, locale), locale) == t for t in ticks), ticks
    # The defaults draw z from -1.25 to 1.5 and densities up to 2: 0.5 appears as a z tick.
    half = "0,5" if locale in DECIMAL_COMMA else "0.5"
    assert half in ticks and "2" in ticks


@EACH_LOCALE
def test_the_difference_panel_stays_within_epsilon(explorer: Visit, locale: str) -> None:
    page = explorer.page
    texts = strings(page, ".dp-explorer")
    panel = page.locator(".dp-explorer svg.dp-diff")
    for count, epsilon, lower, upper in [(4, 1.0, 0.0, 1.0), *CASES]:
        page.fill(".dp-explorer input[name=n]", str(count))
        page.fill(".dp-explorer input[name=epsilon]", localise(epsilon, locale))
        page.fill(".dp-explorer input[name=lower]", localise(lower, locale))
        page.fill(".dp-explorer input[name=upper]", localise(upper, locale))
        want = expected(count, epsilon, lower, upper)["values"]
        assert float(panel.get_attribute("data-max") or "nan") <= epsilon + 1e-9
        assert float(panel.get_attribute("data-max") or "nan") == pytest.approx(
            want["maxdiff"], rel=1e-12
        )
        # Drawn: every point of the curve lies between the two dashed lines at ±ε.
        bounds = panel.locator("line.dp-bound").evaluate_all(
            "ls => ls.map(l => Number(l.getAttribute('y1')))"
        )
        ys = [y for _, y in curve_points(page, ".dp-explorer svg.dp-diff path")]
        assert min(bounds) - 0.01 <= min(ys) and max(ys) <= max(bounds) + 0.01
        # Labelled: a role, a filled-in name and a visible title.
        assert panel.get_attribute("role") == "img"
        label = panel.get_attribute("aria-label") or ""
        assert label.startswith(texts["diff-chart"].split("{")[0]) and "{" not in label
        assert texts["diff-title"] in panel.locator("text").all_text_contents()


@EACH_LOCALE
def test_on_a_phone_the_chart_is_legible_and_beside_the_controls(tour: Tour, locale: str) -> None:
    """Measured on the locale's tour (tests/browser/tour.py), 390 px wide."""
    seen = tour.explorer
    assert seen["sizes"] and min(seen["sizes"]) >= 12, min(seen["sizes"])
    assert seen["widest"] <= PHONE["width"], seen["widest"]  # nothing sticks out of the screen
    # The ε field and the whole density chart fit in the part of the screen a phone's
    # keyboard leaves free (about half of it).
    field, chart = seen["field"], seen["chart"]
    assert chart["y"] + chart["height"] - field["y"] <= PHONE["height"] * 0.6


@pytest.mark.parametrize("locale", ["en"], scope="module")
def test_the_live_region_announces_a_short_summary(explorer: Visit, locale: str) -> None:
    page = explorer.page
    texts = strings(page, ".dp-explorer")
    live = page.locator(".dp-explorer [aria-live=polite]")
    assert live.count() == 1 and live.locator(".dp-results, dd").count() == 0
    for typed in ("0", "0.", "0.2", "0.25"):  # one keystroke after another
        page.fill(".dp-explorer input[name=epsilon]", typed)
    scale = laplace_calibration(4, epsilon=0.25)["scale"]
    # The summary is announced once typing pauses (debounced): wait for the final one.
    page.wait_for_function(
        "wanted => document.querySelector('.dp-explorer [aria-live=polite]')"
        ".textContent.includes(wanted)",
        arg=f"{scale:g}",
    )
    text = live.inner_text()
    assert text.startswith(texts["summary"].split("{")[0]) and "{" not in text
    assert len(text) < 120


@EACH_LOCALE
def test_controls_are_labelled_and_results_announced(explorer: Visit, locale: str) -> None:
    page = explorer.page
    texts = strings(page, ".dp-explorer")
    ids = page.eval_on_selector_all(".dp-explorer input", "els => els.map(el => el.id)")
    assert ids
    for element_id in ids:
        label = page.locator(f"label[for='{element_id}']")
        assert label.count() == 1 and label.inner_text().strip() in texts.values()
    # The live region holds a short summary only, not the six result rows.
    assert page.locator(".dp-explorer [aria-live=polite]").count() == 1
    assert page.locator(".dp-explorer [aria-live=polite] .dp-results").count() == 0
    chart = explorer_state(page)
    assert page.locator(".dp-explorer svg[role=img]").count() == 2  # densities, difference
    assert chart["label"] == chart["title"]
    assert chart["label"].startswith(texts["chart"].split("{")[0])
    quarter = "0,25" if locale in DECIMAL_COMMA else "0.25"
    assert quarter in chart["label"] and "{" not in chart["label"]


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"], scope="module")
def test_every_visible_string_comes_from_the_locale(
    explorer: Visit, site_dir: Path, locale: str
) -> None:
    """No English label leaks into another locale, and no string is missing (``[key]``)."""
    page = explorer.page
    english = built_strings(site_dir, "explorer")
    page.fill(".dp-explorer input[name=n]", "0")  # show an error message too
    texts = strings(page, ".dp-explorer")
    assert set(texts) == set(english)
    shown = page.locator(".dp-explorer").inner_text()
    assert not re.search(r"\[[a-z-]+\]", shown), shown
    for key, words in english.items():
        head = words.split("{")[0].strip()
        if texts[key] != words and len(head) > 3:
            assert head not in shown, (key, head)


#: name: (selector, CSS property, least contrast): 4.5:1 for SVG text, 3:1 for graphics
#: and the boundaries of controls. HTML text is axe's (tests/browser/test_axe.py).
MARKS = {
    "chart text": (".dp-explorer svg text", "fill", 4.5),
    "curve A": (".dp-explorer path.dp-curve-a", "stroke", 3.0),
    "curve B": (".dp-explorer path.dp-curve-b", "stroke", 3.0),
    "axis": (".dp-explorer .dp-axis", "stroke", 3.0),
    "input border": (".dp-explorer input", "borderTopColor", 3.0),
}


@pytest.mark.parametrize("locale", ["en"], scope="module")
@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_drawing_and_borders_contrast_in_light_and_dark_schemes(
    explorer: Visit, locale: str, scheme: str
) -> None:
    seen = check_contrast(explorer.page, scheme, MARKS)
    assert seen["curve A"] != seen["curve B"]


# Sweep ε over the slider's every step and the field's extremes, from a fresh page (the
# default settings: axes locked at ε = 1), and read where everything was drawn.
SWEEP = """(texts) => {
  const root = document.querySelector('.dp-explorer');
  const slider = root.querySelector('input[name=epsilon-slider]');
  const field = root.querySelector('input[name=epsilon]');
  const diff = root.querySelector('svg.dp-diff');
  const chart = root.querySelector('svg.dp-chart:not(.dp-diff)');
  const numbers = (d) => (d.match(/-?\\d+(?:\\.\\d+)?/g) || []).map(Number);
  const points = (path) => { const v = numbers(path.getAttribute('d'));
    return v.filter((_, k) => k % 2 === 0).map((x, k) => [x, v[2 * k + 1]]); };
  const read = () => {
    const [left, top, right, bottom] = diff.dataset.plot.split(' ').map(Number);
    const ticks = [...diff.querySelectorAll('text.dp-tick')].map((t) => {
      const box = t.getBBox(); return [box.y, box.y + box.height]; });
    const peaks = [...chart.querySelectorAll('path.dp-curve-a, path.dp-curve-b')]
      .map((p) => Math.min(...points(p).map(([, y]) => y)));
    const clip = chart.querySelector('clipPath rect');
    return {epsilon: Number(diff.dataset.epsilon), plot: [left, top, right, bottom],
      line: points(diff.querySelector('path.dp-curve-diff')),
      bounds: [...diff.querySelectorAll('line.dp-bound')].map((l) => Number(l.getAttribute('y1'))),
      ticks, peaks, chartTop: Number(clip.getAttribute('y')),
      locked: root.querySelector('input[name=lock]').checked,
      window: [chart.dataset.lo, chart.dataset.hi]};
  };
  const seen = [];
  for (let k = Number(slider.min) * 10; k <= Number(slider.max) * 10; k++) {
    slider.value = String(k / 10);
    slider.dispatchEvent(new Event('input', {bubbles: true}));
    seen.push(read());
  }
  for (const typed of texts) {
    field.value = typed;
    field.dispatchEvent(new Event('input', {bubbles: true}));
    seen.push(read());
  }
  return seen;
}"""


@pytest.mark.parametrize("locale", LOCALES, scope="module")
@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 900}, PHONE], ids=["1366", "390"])
def test_with_the_default_settings_every_epsilon_shows_its_band_and_line_inside_the_plot(
    browser: Browser, base_url: str, locale: str, viewport: dict[str, int]
) -> None:
    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{base_url}/{url_path(locale, page_of('explorer', locale))}")
        page.wait_for_selector(".dp-explorer.dp-ready")
        extremes = [localise(e, locale) for e in (0.001, 0.01, 0.05, 7.5, 20.0, 100.0)]
        seen = page.evaluate(SWEEP, extremes)
    finally:
        context.close()
    assert not errors, errors
    assert len(seen) == 50 + len(extremes)
    first = seen[0]
    for state in seen:
        epsilon = state["epsilon"]
        left, top, right, bottom = state["plot"]
        assert state["locked"] and state["window"] == first["window"], epsilon  # locked axes
        # The difference line lies inside the plot, and between the dashed lines at ±ε.
        xs = [x for x, _ in state["line"]]
        ys = [y for _, y in state["line"]]
        assert left - 0.01 <= min(xs) and max(xs) <= right + 0.01, epsilon
        assert top - 0.01 <= min(ys) and max(ys) <= bottom + 0.01, epsilon
        high, low = sorted(state["bounds"])
        assert top <= high and low <= bottom, epsilon  # the band is in the plot
        assert low - high >= 2 * 10 - 0.02, epsilon  # and visible: 10 px either side of zero
        assert high - 0.01 <= min(ys) and max(ys) <= low + 0.01, epsilon
        # Its tick labels never overlap.
        ticks = sorted(state["ticks"])
        assert len(ticks) >= 2, epsilon
        assert all(a[1] <= b[0] + 0.5 for a, b in pairwise(ticks)), epsilon
        # The densities are never cut off at the top.
        assert min(state["peaks"]) >= state["chartTop"] - 0.01, epsilon


@pytest.mark.parametrize("locale", ["en", "zh"], scope="module")
def test_drawn_at_load_so_print_shows_it_and_anchors_below_it_hold(
    browser: Browser, base_url: str, locale: str
) -> None:
    """No scrolling needed: drawn by the load event; a link to a heading below lands on it."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        path = url_path(locale, page_of("explorer", locale))
        page.goto(f"{base_url}/{path}", wait_until="load")
        drawn = page.evaluate(
            "() => { const r = document.querySelector('.dp-explorer');"
            " return r.classList.contains('dp-ready') && r.querySelectorAll('svg path').length; }"
        )
        assert drawn and drawn >= 3  # both densities and the difference, never scrolled to
        page.emulate_media(media="print")
        assert page.locator(".dp-explorer svg.dp-chart").first.is_visible()
        page.emulate_media(media="screen")
        # The first heading after the explorer: the page opened at its anchor keeps it at the
        # top, below Material's header (or as near as the end of the page lets it come).
        target = page.evaluate(
            "() => { const r = document.querySelector('.dp-explorer');"
            " const hs = [...document.querySelectorAll('article h2[id]')]"
            ".filter(h => r.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING);"
            " return hs[0].id; }"
        )
        page.goto(f"{base_url}/{path}#{target}", wait_until="load")
        page.wait_for_timeout(300)
        top, room = page.evaluate(
            f"() => [document.getElementById('{target}').getBoundingClientRect().top,"
            " document.documentElement.scrollHeight - innerHeight - scrollY]"
        )
        assert 0 <= top <= 120 or (room < 1 and top >= 0), (top, room)
    finally:
        context.close()
