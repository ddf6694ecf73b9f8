"""The density explorer agrees with laplace_calibration and laplace_log_density in every locale."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

from dplesson import laplace_calibration, laplace_log_density
from tests.browser.conftest import Visit
from tests.browser.widgets import DECIMAL_COMMA, explorer_state, localise, parse_localised
from tests.conftest import LOCALES

pytestmark = pytest.mark.browser

# The shape of a localised number: grouping and decimal separator, optional exponent.
SHAPE = {
    True: re.compile(r"-?\d{1,3}(\.\d{3})*(,\d+)?(E-?\d+)?"),
    False: re.compile(r"-?\d{1,3}(,\d{3})*(\.\d+)?(E-?\d+)?"),
}
SHOWN_DIGITS_REL = 5e-6  # six significant digits on screen; data-value holds the full double
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
        # The visible, localised text parses to the same number.
        rel = 0 if key == "bound" else SHOWN_DIGITS_REL
        assert parse_localised(shown["text"], locale) == pytest.approx(value, rel=rel), key
        assert SHAPE[locale in DECIMAL_COMMA].fullmatch(shown["text"]), (key, shown["text"])
    # The largest gap over the drawn points never exceeds the analytic bound epsilon, up to
    # rounding (|z - centre| / s loses digits when the window lies far from zero).
    assert want["values"]["maxdiff"] <= want["values"]["bound"] * (1 + 1e-9)


@pytest.mark.parametrize("locale", LOCALES)
def test_defaults_match_the_package(visit: Visit, locale: str) -> None:
    visit.open(locale, "explorer")
    state = explorer_state(visit.page)
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


@pytest.mark.parametrize("locale", LOCALES)
def test_changed_inputs_match_the_package(visit: Visit, locale: str) -> None:
    visit.open(locale, "explorer")
    page = visit.page
    for count, epsilon, lower, upper in CASES:
        page.fill(".dp-explorer input[name=n]", str(count))
        page.fill(".dp-explorer input[name=epsilon]", localise(epsilon, locale))
        page.fill(".dp-explorer input[name=lower]", localise(lower, locale))
        page.fill(".dp-explorer input[name=upper]", localise(upper, locale))
        check(explorer_state(page), expected(count, epsilon, lower, upper), locale)


@pytest.mark.parametrize("locale", ["de", "en"])
def test_code_notation_is_accepted_too(visit: Visit, locale: str) -> None:
    """A reader may paste 0.5 into a decimal-comma page; "1.000" there still means 1000."""
    visit.open(locale, "explorer")
    page = visit.page
    page.fill(".dp-explorer input[name=epsilon]", "0.5")
    check(explorer_state(page), expected(4, 0.5, 0.0, 1.0), locale)
    page.fill(".dp-explorer input[name=upper]", "1.000")
    upper = 1000.0 if locale == "de" else 1.0
    check(explorer_state(page), expected(4, 0.5, 0.0, upper), locale)


DEFAULTS = {"n": "4", "epsilon": "1", "lower": "0", "upper": "1"}
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


@pytest.mark.parametrize("locale", LOCALES)
def test_invalid_inputs_show_a_localised_message(visit: Visit, locale: str) -> None:
    visit.open(locale, "explorer")
    page = visit.page
    templates = page.eval_on_selector(
        ".dp-explorer",
        "root => Object.fromEntries(['n', 'epsilon', 'lower', 'upper', 'width']"
        ".map(k => [k, root.getAttribute('data-t-err-' + k)]))",
    )
    for name, text, message, arguments in BAD_INPUTS:
        with pytest.raises(ValueError):
            laplace_calibration(*arguments)  # type: ignore[arg-type]
        typed = localise(float(text), locale) if name != "n" and text != "abc" else text
        page.fill(f".dp-explorer input[name={name}]", typed)
        state = explorer_state(page)
        assert state["resultsHidden"] and state["chartHidden"], (name, text)
        assert len(state["errors"]) == 1, state["errors"]
        head = templates[message].split("{")[0]
        assert state["errors"][0].startswith(head), (state["errors"], head)
        assert "{" not in state["errors"][0]
        assert state["invalid"][name] == "true"
        page.fill(f".dp-explorer input[name={name}]", DEFAULTS[name])
        assert not explorer_state(page)["errors"]
