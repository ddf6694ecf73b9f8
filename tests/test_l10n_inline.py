r"""Inline formulas, inline code, decimal conventions and broken quotes (docs/hooks/l10n/inline.py).

The property tests state rules that hold for every input: spacing never changes a formula's
key, a changed symbol always does, numbers written the language's way are never reported and
written the other way always are, and a straight quote inside a value is always found.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from l10n.inline import (
    WrongDecimal,
    code_key,
    formula_key,
    spans,
    wrong_decimals,
)


def inline_formulas(markdown: str) -> Counter[str]:
    """The inline formulas of a page's prose, as the report compares them."""
    return Counter(formula_key(span.text) for span in spans(markdown)[0])


def inline_code(markdown: str) -> Counter[str]:
    """The inline code spans of a page's prose, as the report compares them."""
    return Counter(code_key(span.text) for span in spans(markdown)[1])


PAGE = """---
title: $x$ in the front matter
---
# Sensitivity { #sensitivity }

The sensitivity $\\Delta f$ bounds the change; `laplace_scale` divides it by $\\varepsilon$.
Inline code hides dollars: `cost = $5`, and an escaped \\$5 is no formula either.

$$
\\Delta f = \\max |f(D) - f(D')|
$$

```python
x = "$not math$"  # `not code` either
```

--8<-- "calibration.md"

A formula may wrap across lines: $b = \\Delta f /
\\varepsilon$, and ``code with ` inside`` is one span.
"""

GREEK = ["\\Delta", "\\delta", "\\varepsilon", "\\epsilon", "\\mu", "\\sigma", "\\rho"]
SYMBOLS = st.lists(
    st.sampled_from([*GREEK, "f", "x", "n", "+", "-", "=", "(", ")", "^", "2", "_", "{", "}"]),
    min_size=1,
    max_size=12,
)
SPACING = st.sampled_from([" ", "  ", "\n", "\\,", "\\ ", "\t"])
DIGITS = st.integers(min_value=0, max_value=10**6)
FRACTION = st.integers(min_value=0, max_value=10**6).map(lambda n: str(n).rjust(3, "0"))


def test_a_page_gives_its_prose_formulas_and_code_with_lines() -> None:
    formulas, codes = spans(PAGE)
    assert [(s.text, s.line) for s in formulas] == [
        ("\\Delta f", 6),
        ("\\varepsilon", 6),
        ("b = \\Delta f /\n\\varepsilon", 19),
    ]
    assert [(s.text, s.line) for s in codes] == [
        ("laplace_scale", 6),
        ("cost = $5", 7),
        ("code with ` inside", 20),
    ]


def test_multisets_count_repeats_and_ignore_line_breaks() -> None:
    assert inline_formulas(PAGE) == Counter(
        {"\\Delta f": 1, "\\varepsilon": 1, "b=\\Delta f/\\varepsilon": 1}
    )
    assert inline_code("`a  b` and `a b` and `c`") == Counter({"a b": 2, "c": 1})


def test_smart_dollars_need_no_space_inside() -> None:
    # "$5 and $6" are prices: a space follows the first dollar's content end.
    assert inline_formulas("It costs $5 and $ 6 or $7 $.") == Counter()
    assert inline_formulas("Two $a$ and $b$.") == Counter({"a": 1, "b": 1})


def test_a_formula_never_crosses_a_paragraph() -> None:
    assert inline_formulas("one $a\n\nb$ two") == Counter()


def test_bracket_formulas_count_and_display_ones_do_not() -> None:
    text = "Inline \\(x + y\\), display \\[x\\] and $$y$$ inline."
    assert inline_formulas(text) == Counter({"x+y": 1})


def test_an_unclosed_code_span_is_literal_backticks() -> None:
    assert inline_code("a ``b` c") == Counter()
    assert inline_formulas("a ` $x$") == Counter({"x": 1})


def test_a_locale_in_code_counts_as_any_locale() -> None:
    locales = ("nl", "de")
    assert code_key("--locale nl", locales) == code_key("--locale de", locales)
    assert code_key("docs/<locale>/", locales) == code_key("docs/<taalcode>/", locales)
    assert code_key("nlp", locales) == "nlp"
    assert code_key("--locale nl") != code_key("--locale de")


@given(SYMBOLS, st.data())
def test_spacing_never_changes_a_formula_key(symbols: list[str], data: st.DataObject) -> None:
    plain = " ".join(symbols)
    spaced = ""
    for symbol in symbols:
        spaced += symbol + data.draw(SPACING)
    assert formula_key(spaced) == formula_key(plain)


@given(SYMBOLS, st.integers(min_value=0), st.sampled_from(GREEK))
def test_a_changed_symbol_always_changes_the_key(
    symbols: list[str], where: int, other: str
) -> None:
    index = where % len(symbols)
    changed = [*symbols]
    changed[index] = other
    expected_equal = " ".join(changed) == " ".join(symbols)
    assert (formula_key(" ".join(changed)) == formula_key(" ".join(symbols))) == expected_equal


def test_a_control_word_keeps_the_space_that_separates_it() -> None:
    assert formula_key("\\Delta f") != formula_key("\\Deltaf")
    assert formula_key("\\Delta  \n f") == "\\Delta f"


@given(DIGITS, FRACTION)
def test_decimal_comma_and_list_separator_match_the_english(whole: int, part: str) -> None:
    english = f"[{whole}.{part}, 1]"
    dutch = f"[{whole}{{,}}{part};\\ 1]"
    assert formula_key(english) == formula_key(dutch)


@given(DIGITS, FRACTION, st.sampled_from([",", "."]))
def test_numbers_written_the_languages_way_pass(whole: int, part: str, decimal: str) -> None:
    written = f"{whole}{{,}}{part}" if decimal == "," else f"{whole}.{part}"
    assert wrong_decimals(f"\\varepsilon = {written}", decimal) == []


@given(DIGITS, FRACTION, st.sampled_from([",", "."]))
def test_numbers_written_the_other_way_are_named(whole: int, part: str, decimal: str) -> None:
    right = f"{whole}{{,}}{part}" if decimal == "," else f"{whole}.{part}"
    wrong = f"{whole}.{part}" if decimal == "," else f"{whole}{{,}}{part}"
    assert wrong_decimals(f"s = {wrong} + x", decimal) == [WrongDecimal(wrong, right)]


def test_a_bare_comma_between_digits_is_wrong_in_a_comma_language() -> None:
    assert wrong_decimals("s = 0,25", ",") == [WrongDecimal("0,25", "0{,}25")]
    assert wrong_decimals("[0{,}001;\\ 100]", ",") == []
    assert wrong_decimals("(1, 2)", ",") == []


def test_an_unknown_separator_is_refused() -> None:
    with pytest.raises(ValueError, match=r"decimal must be one of \['\.', ','\]; got ';'"):
        wrong_decimals("0.5", ";")
