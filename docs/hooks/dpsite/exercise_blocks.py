r"""Find, check and fill the exercise blocks of a page's Markdown (used by ``exercises.py``).

A translator writes each exercise as ``<div data-exercise="ID" markdown>`` holding the
question, one ``<div data-part="option" data-option="X">`` per option (choice and bug
kinds), a ``data-part="hint"`` and a ``data-part="explain"``. ``{name}`` placeholders stand
for the exercise's parameters (and ``{answer}`` for number kinds); the build writes them the
reader's way, so no number of the answer key is ever typed in a locale file.

Inside a formula, ``{name}`` right after a letter, ``\``, ``_``, ``^`` or ``}`` is LaTeX
grouping (``\frac{a}{b}``, ``x_{i}``), not a placeholder; write ``e^{ {epsilon} }`` or
``\frac{ {sensitivity} }{ {epsilon} }`` to put a value there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from dplesson import locales
from dplesson.exercises import Exercise

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
    open_end: int  # just after the opening tag's ">"
    close: int  # the closing "</div>"'s first character
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
        depth, close = 1, -1
        for tag in _DIV.finditer(markdown, match.end()):
            depth += -1 if tag[0].startswith("</") else 1
            if depth == 0:
                close = tag.start()
                end = tag.end()
                break
        if close < 0:
            raise ValueError(f"exercise {match['id']!r}: its <div> is never closed")
        body = markdown[match.end() : close]
        parts, options = [], []
        for part in _PART.finditer(body):
            parts.append(part["part"])
            option = _OPTION.search(part[0])
            if part["part"] == "option" and option is not None:
                options.append(option["option"])
        blocks.append(
            Block(
                match["id"],
                match[0],
                match.start(),
                match.end(),
                close,
                end,
                body,
                tuple(parts),
                tuple(options),
            )
        )
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


def problems(block: Block, page: str, lookup: Callable[[str], Exercise | None]) -> list[str]:
    """List what is wrong with ``block`` on page ``page``; ``lookup`` finds an exercise.

    Unknown id, an exercise of another chapter, an unknown placeholder, an option the page
    does not word (or one the exercise does not have), a missing hint or explanation.
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
    options = exercise.options
    missing = [o for o in options if o not in block.options]
    extra = [o for o in block.options if o not in options]
    if missing:
        found.append(f"exercise {block.id!r}: option(s) {', '.join(missing)} not worded")
    if extra or len(set(block.options)) != len(block.options):
        found.append(f"exercise {block.id!r}: unknown or repeated option(s) {block.options}")
    for part in PARTS:
        if block.parts.count(part) != 1:
            found.append(f"exercise {block.id!r}: needs exactly one data-part={part!r}")
    return found


def answer_text(value: float) -> str:
    """Write a number in plain positional notation for ``data-answer`` ("0.25", never "1e-05")."""
    return format(Decimal(repr(float(value))).normalize(), "f")


def substitutions(exercise: Exercise) -> dict[str, float | int | str]:
    """Return the values a block may show: the parameters, and ``answer`` for number kinds."""
    values = dict(exercise.params)
    if exercise.kind == "number" and exercise.answer is not None:
        values["answer"] = exercise.answer
    return values


def written(value: float | int | str, locale: str, in_math: bool) -> str:
    """``value`` as the reader sees it: the locale's decimal sign; TeX-safe inside a formula."""
    if isinstance(value, str):
        return value
    text = locales.format_number(value, locale)
    if in_math:  # "−" would become an identifier, "," a spaced separator
        text = text.replace("\u2212", "-").replace(",", "{,}")
    return text


def fill(text: str, values: Mapping[str, float | int | str], locale: str) -> str:
    """``text`` with every placeholder replaced by its value written for ``locale``."""
    out, last = [], 0
    for name, offset, in_math in _placeholders(text):
        if name not in values:
            raise KeyError(name)
        out += [text[last:offset], written(values[name], locale, in_math)]
        last = offset + len(name) + 2
    return "".join(out) + text[last:]


def attributes(exercise: Exercise) -> str:
    """Write the ``data-*`` attributes that give the page's script the kind and the answer."""
    attrs = f' data-kind="{exercise.kind}"'
    if exercise.answer is not None:
        attrs += f' data-answer="{answer_text(exercise.answer)}"'
        attrs += f' data-tolerance="{answer_text(exercise.tolerance)}"'
    if exercise.correct is not None:
        attrs += f' data-correct="{exercise.correct}"'
    return attrs


def render(block: Block, exercise: Exercise, locale: str) -> str:
    """Return the block's Markdown: values filled in, answer attached, code shown."""
    body = fill(block.body, substitutions(exercise), locale)
    if exercise.code is not None:
        first_part = _PART.search(body)
        at = first_part.start() if first_part else len(body)
        # Numbered lines: the options name them ("Line 8: ...").
        fence = f'\n\n```python linenums="1"\n{exercise.code.strip(chr(10))}\n```\n\n'
        body = body[:at].rstrip() + fence + body[at:]
    return f"<div{attributes(exercise)}{block.tag[4:]}{body}</div>"
