r"""Inline formulas, inline code, decimal conventions and broken quotes (docs/hooks/l10n/inline.py).

The property tests state rules that hold for every input: spacing never changes a formula's
key, a changed symbol always does, numbers written the language's way are never reported and
written the other way always are, and a straight quote inside a value is always found.
"""

from __future__ import annotations

import html
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from l10n.inline import (
    BrokenAttribute,
    WrongDecimal,
    code_key,
    describe_differences,
    formula_key,
    inline_code,
    inline_formulas,
    spans,
    unescaped_quotes,
    wrong_decimals,
)
from tests.conftest import DECIMAL_COMMA, DOCS, LOCALES

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


TEXT = st.text(alphabet=st.characters(blacklist_characters='"<>&\n\r', codec="utf-8"), max_size=20)


@given(TEXT, TEXT)
def test_a_straight_quote_inside_a_value_is_always_found(before: str, after: str) -> None:
    line = f'<div class="dp-widget" data-t-title="{before}"{after}" data-t-x="ok">'
    found = unescaped_quotes(line)
    assert [b.attribute for b in found] == ["data-t-title"]


@given(TEXT, TEXT)
def test_an_escaped_quote_is_never_reported(before: str, after: str) -> None:
    value = html.escape(f'{before}"{after}', quote=True)
    assert unescaped_quotes(f'<div class="dp-widget" data-t-title="{value}">') == []
    assert unescaped_quotes(f'    data-t-title="{value}"') == []


def test_a_broken_quote_names_the_attribute_the_column_and_the_stray_text() -> None:
    line = '<div class="dp-widget" data-t-a="say "hi" now">'
    column = line.index('hi"') + 1
    assert unescaped_quotes(line) == [BrokenAttribute("data-t-a", column, 'hi"')]
    # a continuation line of a tag spread over several lines
    assert [b.attribute for b in unescaped_quotes('  data-t-b="a "b" c"')] == ["data-t-b"]


def test_quotes_in_prose_and_closed_tags_are_not_attributes() -> None:
    assert unescaped_quotes('He said "hi" to <em>her</em> and <a href="x.md">"here"</a>.') == []
    assert unescaped_quotes('<div class="x" >text "q"') == []


def test_differences_name_what_is_missing_and_what_is_extra() -> None:
    english = Counter({"\\Delta f": 2, "x": 1})
    here = Counter({"\\Delta f": 1, "\\delta f": 1, "x": 1})
    assert describe_differences("formula", english, here) == [
        "formula `\\Delta f` of the English is missing here",
        "formula `\\delta f` is extra here",
    ]
    assert describe_differences("code", Counter({"a": 3}), Counter()) == [
        "code `a` of the English is missing here (3×)"
    ]
    assert describe_differences("code", english, english) == []


@pytest.mark.parametrize("locale", LOCALES[1:])
def test_the_real_pages_keep_the_english_formulas_and_quote_safely(locale: str) -> None:
    decimal = "," if locale in DECIMAL_COMMA else "."
    for english in sorted((DOCS / "en").glob("*.md")):
        page = DOCS / locale / english.name
        if not page.is_file():
            continue
        text = page.read_text(encoding="utf-8")
        here = inline_formulas(text)
        assert (
            describe_differences("formula", inline_formulas(english.read_text("utf-8")), here) == []
        )
        written = [span.text for span in spans(text)[0]]
        assert [
            (f, wrong_decimals(f, decimal)) for f in written if wrong_decimals(f, decimal)
        ] == []
        assert [
            (n, b) for n, line in enumerate(text.split("\n"), 1) for b in unescaped_quotes(line)
        ] == []
