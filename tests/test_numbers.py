"""The site's one number format and reader, ``dplesson.locales.format_number``/``parse_number``.

Prose placeholders, figures, the lab's plots, the widgets and the exercises all write numbers
with ``format_number`` (the page's ``numbers.js`` with the same settings; the two are compared
in ``tests/browser/test_numbers.py``), and every typed number is read by ``parse_number``'s
rule. Each rule is checked here for every declared language, from its settings file.
"""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplesson import locales
from tests.conftest import LOCALES

FINITE = st.floats(allow_nan=False, allow_infinity=False)
FULL_WIDTH = str.maketrans({str(d): chr(0xFF10 + d) for d in range(10)} | {"\u2212": "\uff0d"})
NOT_NUMBERS = ["", "  ", "abc", "1.2.3", "--1", "1,", "5.", "½", "12 34", "1 2345", "0 123", "1e"]


def expected_text(digits: str, fraction: str, locale: str, negative: bool = False) -> str:
    """A number written by hand from the locale's settings: groups, decimal sign, minus."""
    sign, start = locales.group(locale)
    if len(digits) >= start:
        head = len(digits) % 3 or 3
        groups = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
        digits = sign.join(groups)
    text = digits + (locales.decimal(locale) + fraction if fraction else "")
    return ("\u2212" if negative else "") + text


@pytest.mark.parametrize("locale", LOCALES)
def test_numbers_are_written_with_the_locales_signs_and_groups(locale: str) -> None:
    cases: list[tuple[float, int | None, str, str, bool]] = [
        (0.25, None, "0", "25", False),
        (-1.5, None, "1", "5", True),
        (1000.0, None, "1000", "", False),
        (16892, None, "16892", "", False),
        (12345.5, None, "12345", "5", False),
        (1e-5, None, "0", "00001", False),
        (1e22, None, "1" + "0" * 22, "", False),
        (-0.0, None, "0", "", False),
        (1234567.891, 3, "1234568", "", False),
        (0.000123456, 2, "0", "00012", False),
        (2.675, 3, "2", "67", False),  # the float just below 2.675: rounded from its value
        (0.125, 2, "0", "12", False),  # an exact tie: to even, as Python's format does
        (0.375, 2, "0", "38", False),
    ]
    for value, digits, whole, fraction, negative in cases:
        expected = expected_text(whole, fraction, locale, negative)
        assert locales.format_number(value, locale, digits) == expected, (value, digits)


@pytest.mark.parametrize("locale", LOCALES)
@given(value=FINITE)
def test_every_float_reads_back_exactly_from_its_written_form(locale: str, value: float) -> None:
    text = locales.format_number(value, locale)
    assert "e" not in text.lower() and "-" not in text
    assert locales.parse_number(text, locale) == value
    # A Chinese input method types full-width digits and minus; read the same.
    assert locales.parse_number(text.translate(FULL_WIDTH), locale) == value


@pytest.mark.parametrize("locale", LOCALES)
@given(value=st.floats(min_value=-1e14, max_value=1e14, allow_nan=False), digits=st.integers(1, 8))
def test_significant_digits_round_the_exact_value_half_to_even(
    locale: str, value: float, digits: int
) -> None:
    text = locales.format_number(value, locale, digits)
    if value == 0:
        assert text == "0"
        return
    places = max(0, digits - 1 - math.floor(math.log10(abs(value))))
    assert locales.parse_number(text, locale) == float(f"{value:.{places}f}")


@pytest.mark.parametrize("locale", LOCALES)
@given(whole=st.integers(0, 10**15))
def test_integer_parts_are_grouped_from_the_locales_group_from(locale: str, whole: int) -> None:
    sign, start = locales.group(locale)
    text = locales.format_number(whole, locale)
    plain = str(whole)
    if len(plain) < start or not sign:
        assert text == plain
    else:
        groups = text.split(sign)
        assert "".join(groups) == plain
        assert 1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])


@pytest.mark.parametrize("locale", LOCALES)
def test_typed_numbers_follow_the_one_rule(locale: str) -> None:
    dec = locales.decimal(locale)
    other = "," if dec == "." else "."
    read: dict[str, float] = {
        f"0{dec}5": 0.5,
        f"0{other}5": 0.5,  # either decimal sign
        f"{dec}5": 0.5,
        f"1{other}25": 1.25,
        f"0{other}125": 0.125,  # a leading zero: never a group
        f"1{other}250": 1250.0,  # one group of three: the locale's readers mean a thousand
        f"1{dec}250": 1.25,
        f"1{other}000{other}000": 1e6,
        f"1{other}000{dec}5": 1000.5,
        "12 345": 12345.0,
        f"12\u202f345{dec}5": 12345.5,
        f"12\u00a0345{other}5": 12345.5,  # spaces group, so the other sign is a decimal
        " \u22121 ": -1.0,
        "+3": 3.0,
        "1e-3": 0.001,
        "\uff11\uff12\u3002\uff15": 12.5,  # １２。５ from a Chinese input method
        "\uff0d\uff10\uff0e\uff12\uff15": -0.25,  # －０．２５
    }
    for text, value in read.items():
        assert locales.parse_number(text, locale) == value, text
    refused = [*NOT_NUMBERS, f"1{dec}2{dec}3", f"1{other}00{other}000", f"1{other}000e3", "1e999"]
    for text in refused:
        with pytest.raises(ValueError, match=r"^text must be a (finite )?number"):
            locales.parse_number(text, locale)


def test_settings_that_would_make_numbers_ambiguous_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    files: dict[str, dict[str, Any]] = {"en": {"decimal": "."}}
    monkeypatch.setattr(locales, "load", lambda code: files.get(code, {}))
    files["xx"] = {"decimal": ",", "group": ","}
    with pytest.raises(ValueError, match=r"^group in xx\.yml must be one of"):
        locales.format_number(12345.5, "xx")
    files["xx"] = {"decimal": ",", "group_from": 3}
    with pytest.raises(ValueError, match=r"^group_from in xx\.yml must be an integer >= 4"):
        locales.number_settings("xx")
    files["xx"] = {"decimal": ",", "list_separator": ", "}
    with pytest.raises(ValueError, match=r"^list_separator in xx\.yml must not be ','"):
        locales.list_separator("xx")
    # A language that sets no separator gets one its decimal sign allows (a new language).
    files["en"]["list_separator"] = ", "
    files["xx"] = {"decimal": ","}
    assert locales.list_separator("xx") == "; "
    files["xx"] = {"decimal": "."}
    assert locales.list_separator("xx") == ", "
    files["xx"] = {"decimal": ",", "colon": ""}
    with pytest.raises(ValueError, match=r"^colon in xx\.yml must be a sign"):
        locales.colon("xx")


def test_bad_values_get_a_clear_error() -> None:
    for value in (math.inf, math.nan, True):
        with pytest.raises(ValueError, match=r"^value must be a finite number"):
            locales.format_number(value, "en")
    with pytest.raises(ValueError, match=r"^digits must be at least 1"):
        locales.format_number(1.5, "en", 0)
    with pytest.raises(ValueError, match=r"^text must be a string"):
        locales.parse_number(1.5, "en")  # type: ignore[arg-type]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_scripts_get_the_settings_the_python_rules_use(locale: str) -> None:
    settings = locales.number_settings(locale)
    assert settings == {
        "lang": locale,
        "decimal": locales.decimal(locale),
        "group": locales.group(locale)[0],
        "group_from": locales.group(locale)[1],
    }
    assert not re.search(r"\d", locales.list_separator(locale) + locales.colon(locale))
