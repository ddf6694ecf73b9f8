r"""Rules for the small texts inside a page: formulas, inline code and widget strings.

Inline formulas and inline code are compared as multisets of their content (read from the
Markdown by :mod:`l10n.inline`), so a changed symbol (``\Delta`` to ``\delta``) is drift, not
just a changed count. Decimal numbers in formulas are compared after writing them one way, and
checked against the language's way separately, so each mistake gets one message.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .glossary import Term
from .inline import Span, code_key, formula_key, wrong_decimals
from .problem import Problem
from .project import Language
from .structure import PLACEHOLDER, Pages, Structure

_LETTERS = re.compile(r"[^\W\d_]{2,}")
#: A widget text for one plural category (CLDR's names): ``data-t-count-few`` is the form of
#: ``data-t-count`` that a language needs for a few of something ("3 publikacje").
_PLURAL_FORM = re.compile(r"^(data-t-[\w-]+)-(?:zero|one|two|few|many|other)$")


@dataclass(frozen=True)
class Context:
    """What a rule needs besides the two structures."""

    pages: Pages
    locale: str
    page: str
    language: Language
    locales: tuple[str, ...]
    terms: tuple[Term, ...] = ()

    @property
    def file(self) -> str:
        """Name the translated file relative to the docs folder."""
        return f"{self.locale}/{self.page}"


Rule = Callable[[Structure, Structure, Context], list[Problem]]


def _multiset(
    what: str,
    spans: tuple[Sequence[Span], Sequence[Span]],
    key: Callable[[str], str],
    ctx: Context,
    pages: tuple[Structure, Structure],
) -> list[Problem]:
    """Compare two multisets of spans (English, here) by ``key``; name each difference once."""
    english, here = spans
    en_count = Counter(key(s.text) for s in english)
    here_count = Counter(key(s.text) for s in here)
    first_en = {key(s.text): s for s in reversed(english)}
    first_here = {key(s.text): s for s in reversed(here)}
    problems = []
    for item, count in sorted((en_count - here_count).items()):
        span = first_en[item]
        times = f" ({count}× more in English)" if count > 1 else ""
        what_ = f"{what} `{span.text}` of the English (line {span.line}) is missing here{times}"
        line = pages[1].near(pages[0], span.line)
        problems.append(Problem(ctx.file, line, what_, f"keep `{span.text}` as in English"))
    for item, count in sorted((here_count - en_count).items()):
        span = first_here[item]
        times = f" ({count}×)" if count > 1 else ""
        fix = "formulas and code stay as in English: fix it or remove it"
        problems.append(
            Problem(ctx.file, span.line, f"{what} `{span.text}` is not in English{times}", fix)
        )
    return problems


def formulas(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Display formulas compared in order; inline formulas and code as multisets."""
    problems = []
    en_math, here_math = _display(en), _display(here)
    if len(en_math) != len(here_math):
        first = next(
            (
                i
                for i, (a, b) in enumerate(zip(en_math, here_math, strict=False))
                if formula_key(a.text) != formula_key(b.text)
            ),
            min(len(en_math), len(here_math)),
        )
        line = (
            here_math[first].line if first < len(here_math) else here.near(en, en_math[first].line)
        )
        what = f"display formulas: {len(en_math)} in English, {len(here_math)} here"
        problems.append(Problem(ctx.file, line, what, "keep every English display formula"))
    else:
        for number, (a, b) in enumerate(zip(en_math, here_math, strict=True), 1):
            if formula_key(a.text) != formula_key(b.text):
                what = f"display formula {number} differs: English {a.text}, here {b.text}"
                fix = f"copy the English formula, numbers written {_example(ctx)}"
                problems.append(Problem(ctx.file, b.line, what, fix))
    pair = (en, here)
    problems += _multiset(
        "inline formula", (en.inline_math, here.inline_math), formula_key, ctx, pair
    )
    code = lambda text: code_key(text, ctx.locales)  # noqa: E731
    problems += _multiset("inline code", (en.inline_code, here.inline_code), code, ctx, pair)
    return problems


def _display(page: Structure) -> list[Span]:
    """List the display formulas of a page with the line each starts on."""
    found = zip(page.display_math, [u for u in page.units if u.kind == "math"], strict=False)
    return [Span(tex, unit.line) for tex, unit in found]


def _example(ctx: Context) -> str:
    """Show how the language writes a decimal inside a formula: ``0.5`` or ``0{,}5``."""
    return f"0{ctx.language.formula_decimal}5"


def number_convention(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Numbers inside formulas follow the language's decimal convention."""
    decimal = "," if ctx.language.formula_decimal != "." else "."
    problems = []
    for span in [*here.inline_math, *_display(here)]:
        for wrong in wrong_decimals(span.text, decimal):
            what = (
                f"formula `{span.text}` writes {wrong.found}; {ctx.locale} writes {wrong.expected}"
            )
            fix = f"write {wrong.expected} (decimals in formulas: {_example(ctx)})"
            problems.append(Problem(ctx.file, span.line, what, fix))
    return problems


def quotes(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Find a straight quote that ends a widget text early (the rest reads as attributes)."""
    fix = "write &quot; or typographic quotes („“ « » “”) inside the text"
    return [
        Problem(
            ctx.file,
            here.line_of(f"{name}="),
            f'a straight " ends the value of {name} early (then {stray!r})',
            fix,
        )
        for widget in here.widgets
        for name, stray in widget.broken
    ]


def widgets(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Widget attributes: same names and placeholders, no English text left.

    Plural forms are the language's own: a translation may add or leave out the form of a
    text for a plural category (``data-t-count-few``) when both have the text itself
    (``data-t-count``); an added form keeps that text's placeholders.
    """
    problems = []
    for number, (a, b) in enumerate(zip(en.widgets, here.widgets, strict=False), 1):
        if b.broken:  # a straight quote split the attributes: `quotes` reports it
            continue
        name = f"widget {number} ({' '.join(b.classes)})"
        for attr in sorted(set(a.data) ^ set(b.data)):
            form = _PLURAL_FORM.match(attr)
            if form and form[1] in a.data and form[1] in b.data:
                if attr in b.data and b.placeholders(attr) != a.placeholders(form[1]):
                    what = (
                        f"{name}: {attr} placeholders differ from {form[1]}'s in English: "
                        f"{sorted(a.placeholders(form[1]))}, here {sorted(b.placeholders(attr))}"
                    )
                    fix = "keep each {placeholder} as is"
                    problems.append(Problem(ctx.file, here.line_of(attr), what, fix))
                continue
            where = "only in English" if attr in a.data else "not in English"
            what = f"{name}: attribute {attr} is {where}"
            problems.append(Problem(ctx.file, here.line_of(attr), what, "keep the English names"))
        for attr in sorted(set(a.data) & set(b.data)):
            line = here.line_of(attr)
            if a.placeholders(attr) != b.placeholders(attr):
                what = (
                    f"{name}: {attr} placeholders differ: English {sorted(a.placeholders(attr))}, "
                    f"here {sorted(b.placeholders(attr))}"
                )
                problems.append(Problem(ctx.file, line, what, "keep each {placeholder} as is"))
            elif (
                attr.startswith("data-t-")
                and a.data[attr] == b.data[attr]
                and _LETTERS.search(PLACEHOLDER.sub("", a.data[attr]))
            ):
                what = f"{name}: {attr} is identical to English ({a.data[attr]!r})"
                problems.append(Problem(ctx.file, line, what, "translate the interface text"))
    return problems
