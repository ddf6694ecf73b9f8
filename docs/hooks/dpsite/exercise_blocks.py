r"""Find, check and fill the exercise blocks of a page's Markdown (used by ``exercises.py``).

A translator writes each exercise as ``<div data-exercise="ID" markdown>`` holding the
question, one ``<div data-part="option" data-option="X">`` per option (choice and bug
kinds), a ``data-part="hint"`` and a ``data-part="explain"``. ``{name}`` placeholders stand
for the exercise's parameters (and ``{answer}``); the build writes them the reader's way, so
no number of the answer key is typed in a locale file. In a formula, ``{name}`` right after
a letter, ``\``, ``_``, ``^`` or ``}`` is LaTeX grouping (``x_{i}``), not a placeholder:
write ``e^{ {epsilon} }``. A number in a formula becomes a digit stand-in that
:class:`MathValues` replaces with its MathML once the formula is rendered.

A numeric exercise has several variants: the page shows the first, marks every value that
differs between them (``class="dp-v" data-v="name"``) and carries every variant's values and
answer in ``data-variants``, so the reader's script shows other numbers on a new attempt.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from dplesson import locales
from dplesson.exercises import Exercise
from dplesson.locales import comma_lists

PARTS = ("hint", "explain")
_OPEN = re.compile(r'<div\b[^>]*?\sdata-exercise="(?P<id>[^"]*)"[^>]*>')
_DIV = re.compile(r"<div\b|</div\s*>")
_PART = re.compile(r'<div\b[^>]*?\sdata-part="(?P<part>[^"]*)"[^>]*>')
_OPTION = re.compile(r'\sdata-option="(?P<option>[^"]*)"')
_MATH = re.compile(r"\$\$.*?\$\$|\$[^$\n]+\$", re.DOTALL)
_PLACEHOLDER = re.compile(r"\{(?P<name>[A-Za-z_]\w*)\}")
_LATEX_GROUP = re.compile(r"[A-Za-z\\_^}]")


@dataclass(frozen=True)
class Block:
    """One ``data-exercise`` block: its id, where it lies in the page and what it words."""

    id: str
    tag: str  # the opening tag as written
    start: int  # the opening tag's first character
    end: int  # just after the closing "</div>"
    body: str
    parts: tuple[str, ...]  # data-part values in page order
    options: tuple[str, ...]  # data-option values of the option parts, in page order

    @property
    def placeholders(self) -> tuple[str, ...]:
        """The ``{name}`` placeholders of the block, in order (with repeats)."""
        return tuple(name for name, _, _ in _placeholders(self.body))


def find_blocks(markdown: str) -> list[Block]:
    """Every exercise block of ``markdown`` in page order; ``ValueError`` if one is unclosed."""
    blocks = []
    for match in _OPEN.finditer(markdown):
        depth = 1
        for tag in _DIV.finditer(markdown, match.end()):
            depth += -1 if tag[0].startswith("</") else 1
            if depth == 0:
                break
        else:
            raise ValueError(f"exercise {match['id']!r}: its <div> is never closed")
        body = markdown[match.end() : tag.start()]
        parts = [(part["part"], _OPTION.search(part[0])) for part in _PART.finditer(body)]
        options = tuple(o["option"] for name, o in parts if name == "option" and o is not None)
        names = tuple(name for name, _ in parts)
        blocks.append(Block(match["id"], match[0], match.start(), tag.end(), body, names, options))
    return blocks


def _placeholders(text: str) -> list[tuple[str, int, bool]]:
    """``(name, offset, in_math)`` of every placeholder, LaTeX groups in formulas left out."""
    found = []
    maths = [(m.start(), m.end()) for m in _MATH.finditer(text)]
    for match in _PLACEHOLDER.finditer(text):
        in_math = any(start < match.start() < end for start, end in maths)
        before = text[match.start() - 1] if match.start() else ""
        if in_math and _LATEX_GROUP.fullmatch(before or " "):
            continue
        found.append((match["name"], match.start(), in_math))
    return found


def problems(
    block: Block, page: str, lookup: Callable[[str], Exercise | None], locale: str = "en"
) -> list[str]:
    """List what is wrong with ``block`` on page ``page`` in ``locale``; ``lookup`` finds it.

    Unknown id, an exercise of another chapter, an unknown placeholder, an option the page
    does not word (or one the exercise does not have), a missing hint or explanation, a value
    that varies between variants written as TeX text, and, where the decimal sign is a comma,
    two decimal values separated by a comma.
    """
    exercise = lookup(block.id)
    if exercise is None:
        return [f"unknown exercise id {block.id!r}"]
    found = []
    if exercise.chapter != page:
        found.append(f"exercise {block.id!r} belongs on {exercise.chapter}.md, not {page}.md")
    known = set(substitutions(exercise))
    for name in dict.fromkeys(block.placeholders):
        if name not in known:
            found.append(f"exercise {block.id!r}: unknown placeholder {{{name}}}")
    variants = [substitutions(exercise, i) for i in range(len(exercise.variants))]
    for name, _, in_math in _placeholders(block.body):
        values = {variant.get(name) for variant in variants}
        if in_math and len(values) > 1 and any(isinstance(v, str) for v in values):
            found.append(f"exercise {block.id!r}: {{{name}}} varies, so it cannot be TeX text")
    missing = [o for o in exercise.options if o not in block.options]
    extra = [o for o in block.options if o not in exercise.options]
    if missing:
        found.append(f"exercise {block.id!r}: option(s) {', '.join(missing)} not worded")
    if extra or len(set(block.options)) != len(block.options):
        found.append(f"exercise {block.id!r}: unknown or repeated option(s) {block.options}")
    for part in PARTS:
        if block.parts.count(part) != 1:
            found.append(f"exercise {block.id!r}: needs exactly one data-part={part!r}")
    if exercise.chapter == page and not found:
        found += [f"exercise {block.id!r}: {p}" for p in comma_lists(block.body, variants, locale)]
    return found


def answer_text(value: float) -> str:
    """Write a number in plain positional notation ("0.25", never "1e-05")."""
    return format(Decimal(repr(float(value))).normalize(), "f")


def substitutions(exercise: Exercise, index: int = 0) -> dict[str, float | int | str]:
    """Return the values a block may show: variant ``index``'s parameters and its answer."""
    variant = exercise.variants[index]
    values = dict(variant.params)
    if exercise.kind == "number" and variant.answer is not None:
        values["answer"] = variant.answer
    return values


def written(value: float | int | str, locale: str) -> str:
    """``value`` as the reader sees it: a number the locale's way, a text as it is."""
    return value if isinstance(value, str) else locales.format_number(value, locale)


def math_number(text: str) -> str:
    """Return the MathML of a number written the locale's way, a leading U+2212 as a prefix."""
    if text.startswith("\u2212"):
        return f'<mo form="prefix" lspace="0" rspace="0">\u2212</mo><mn>{text[1:]}</mn>'
    return f"<mn>{text}</mn>"


@dataclass
class MathValues:
    """The numbers of a page's formulas, as digit stand-ins until the formulas are MathML."""

    mathml: dict[str, str] = field(default_factory=dict)
    prefix: str = "7373730"

    def stand_in(self, name: str, text: str, varies: bool) -> str:
        """Return the stand-in of value ``text`` of placeholder ``name``; mark it if it varies."""
        key = f"{self.prefix}{len(self.mathml):04d}"
        found = math_number(text)
        if varies:
            found = f'<mrow class="dp-v" data-v="{name}">{found}</mrow>'
        self.mathml[key] = found
        return key

    def replace(self, page: str) -> str:
        """Return ``page`` with every stand-in's ``<mn>`` replaced by its value's MathML."""
        for key, mathml in self.mathml.items():
            tag = f"<mn>{key}</mn>"
            if page.count(tag) != 1 or page.count(key) != 1:
                raise ValueError(f"a formula value ({key}) is glued to other digits in its TeX")
            page = page.replace(tag, mathml)
        self.mathml.clear()
        return page


#: The numbers of the formulas of the page being built, until they are MathML: filled by
#: docs/hooks/exercises.py in Markdown, put in by docs/hooks/pages.py after the formulas.
MATH = MathValues()


def fill(
    text: str,
    values: Mapping[str, float | int | str],
    locale: str,
    math: MathValues | None = None,
    varying: frozenset[str] = frozenset(),
) -> str:
    """``text`` with every placeholder replaced by its value written for ``locale``.

    A number in a formula becomes a stand-in of ``math`` (without one, its MathML is lost: for
    tests of the prose); a value named in ``varying`` is marked for the reader's script.
    """
    math = MathValues() if math is None else math
    out, last = [], 0
    for name, offset, in_math in _placeholders(text):
        value = values[name]  # KeyError(name) for a placeholder without a value
        shown = written(value, locale)
        if in_math and not isinstance(value, str):
            shown = math.stand_in(name, shown, name in varying)
        elif name in varying:
            shown = f'<span class="dp-v" data-v="{name}">{html.escape(shown)}</span>'
        out += [text[last:offset], shown]
        last = offset + len(name) + 2
    return "".join(out) + text[last:]


def attributes(exercise: Exercise, locale: str) -> str:
    """Write the ``data-*`` attributes that give the page's script the kind and the answers."""
    attrs = f' data-kind="{exercise.kind}"'
    if exercise.kind == "number":
        # Every variant's answer and varying values, written for ``locale``, as compact JSON.
        varying = sorted(exercise.varying())
        shown = [substitutions(exercise, index) for index in range(len(exercise.variants))]
        data = [
            {"a": variant.answer, "v": {k: written(values[k], locale) for k in varying}}
            for variant, values in zip(exercise.variants, shown, strict=True)
        ]
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        attrs += f' data-tolerance="{answer_text(exercise.tolerance)}"'
        attrs += f' data-variants="{html.escape(text, quote=True)}"'
    if exercise.correct is not None:
        attrs += f' data-correct="{exercise.correct}"'
    return attrs


def render(block: Block, exercise: Exercise, locale: str, math: MathValues | None = None) -> str:
    """Return the block's Markdown: values filled in, answers attached, code shown."""
    body = fill(block.body, substitutions(exercise), locale, math, exercise.varying())
    if exercise.code is not None:
        first_part = _PART.search(body)
        at = first_part.start() if first_part else len(body)
        # Numbered lines: the options name them ("Line 8: ...").
        fence = f'\n\n```python linenums="1"\n{exercise.code.strip(chr(10))}\n```\n\n'
        body = body[:at].rstrip() + fence + body[at:]
    return f"<div{attributes(exercise, locale)}{block.tag[4:]}{body}</div>"
