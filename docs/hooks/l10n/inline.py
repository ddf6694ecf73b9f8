r"""Inline formulas and inline code in a page's Markdown source.

A translation changes the words around a formula or a code name, never the formula or the name
itself. Counting them is not enough (``$\Delta f$`` changed to ``$\delta f$`` keeps the count),
so they are compared as multisets of normalised text:

- :func:`spans` reads them from prose only: fenced blocks, ``--8<--`` include lines, front
  matter and display formulas are skipped, and a code span hides the dollars inside it, as in
  the rendered page;
- :func:`formula_key` ignores spacing but keeps every symbol, and writes decimals one way, so
  ``0.5`` in English matches ``0{,}5`` in Dutch; :func:`wrong_decimals` checks that way
  separately, so each mistake gets one message.

Everything here is pure: text in, values out, no MkDocs and no files.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

DECIMAL_SEPARATORS = (".", ",")

_FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?^(?:---|\.\.\.)[ \t]*$", re.DOTALL | re.MULTILINE)
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_INCLUDE = re.compile(r"^[ \t]*-{1,}8<-{1,}")
# arithmatex's "smart dollar" rule: no space after the opening or before the closing dollar.
_DOLLAR = re.compile(r"\$(?!\s)((?:\\.|[^\\$\n]|\n(?![ \t]*\n))+?)(?<!\s)\$")
_PAREN = re.compile(r"\\\(((?:\\[^)]|[^\\\n]|\n(?![ \t]*\n))+?)\\\)")
_DISPLAY = {
    "$$": re.compile(r"\$\$.*?\$\$", re.DOTALL),
    r"\[": re.compile(r"\\\[.*?\\\]", re.DOTALL),
}
_BACKTICKS = re.compile(r"`+")
_TEX_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|\S")
_TEX_SPACE = {r"\,", r"\;", r"\:", r"\!", r"\ ", "~", r"\quad", r"\qquad"}
_BRACED_COMMA = re.compile(r"(?<=\d)\{,\}(?=\d)")
_WRONG = {
    # a language that writes 0{,}5: a decimal point, or a bare comma that renders as a list
    ",": re.compile(r"(?<![\w.])\d+(?:\.|,(?!\s))\d+"),
    # a language that writes 0.5: a braced decimal comma
    ".": re.compile(r"\d+\{,\}\d+"),
}


@dataclass(frozen=True)
class Span:
    """One inline formula or code span: its text as written and the line it starts on."""

    text: str
    line: int


@dataclass(frozen=True)
class WrongDecimal:
    """A number inside a formula written against the language's convention."""

    found: str
    expected: str


def fenced(lines: Sequence[str]) -> list[bool]:
    """Tell for each line whether it is part of a fenced code block, its two fences included.

    A block closes at a line of only its fence character, at least as many as it opened with.
    """
    inside: list[bool] = []
    fence: str | None = None
    for line in lines:
        match = _FENCE.match(line)
        inside.append(fence is not None or match is not None)
        if fence is None and match:
            fence = match.group(1)
        elif fence and match and match[1].startswith(fence) and line.strip() == match[1]:
            fence = None
    return inside


def _prose(markdown: str) -> str:
    """Blank out what is not prose (front matter, fences, includes), keeping line numbers."""
    front = _FRONT_MATTER.match(markdown)
    if front:
        markdown = "\n" * front.group().count("\n") + markdown[front.end() :]
    lines = markdown.split("\n")
    code = zip(lines, fenced(lines), strict=True)
    return "\n".join("" if fence or _INCLUDE.match(line) else line for line, fence in code)


def _code_span(text: str, start: int, run: int) -> tuple[str, int] | None:
    """Return the content and end of the code span that ``run`` backticks open at ``start``."""
    closing = re.compile(rf"(?<!`)`{{{run}}}(?!`)")
    end = closing.search(text, start + run)
    if end is None or re.search(r"\n[ \t]*\n", text[start : end.start()]):
        return None
    content = text[start + run : end.start()].replace("\n", " ")
    if len(content) > 1 and content[0] == content[-1] == " " and content.strip():
        content = content[1:-1]
    return content, end.end()


def spans(markdown: str) -> tuple[list[Span], list[Span]]:
    """Read the inline formulas and the inline code spans of a page's prose, in order.

    The scan goes left to right like the Markdown parser: a backslash escapes the next
    character, a code span hides the dollars inside it, display formulas are skipped.
    """
    text = _prose(markdown)
    newlines = [i for i, char in enumerate(text) if char == "\n"]
    formulas: list[Span] = []
    codes: list[Span] = []
    position = 0
    while position < len(text):
        char = text[position]
        line = bisect_right(newlines, position - 1) + 1
        if text.startswith(r"\(", position):
            found = _PAREN.match(text, position)
            if found:
                formulas.append(Span(found.group(1), line))
                position = found.end()
                continue
        if text.startswith(r"\[", position) or text.startswith("$$", position):
            display = _DISPLAY[text[position : position + 2]].match(text, position)
            position = display.end() if display else position + 2
            continue
        if char == "\\":
            position += 2
        elif char == "`":
            run = len(_BACKTICKS.match(text, position).group())  # type: ignore[union-attr]
            code = _code_span(text, position, run)
            if code is None:
                position += run
            else:
                codes.append(Span(code[0], line))
                position = code[1]
        elif char == "$":
            found = _DOLLAR.match(text, position)
            if found:
                formulas.append(Span(found.group(1), line))
                position = found.end()
            else:
                position += 1
        else:
            position += 1
    return formulas, codes


def formula_key(tex: str) -> str:
    r"""Reduce a formula to its symbols: spacing dropped, decimals and list separators unified.

    ``\Delta f`` and ``\Delta  f`` are equal, ``\Delta f`` and ``\delta f`` are not. A space
    is kept only where TeX needs it (``\Delta f`` is not ``\Deltaf``). Thin spaces (``\,``,
    ``\ ``) count as spacing. ``0{,}5`` counts as ``0.5`` and ``;`` as ``,``, because a
    decimal-comma language writes numbers and lists that way (:func:`wrong_decimals` checks
    which way a page uses).
    """
    tex = _BRACED_COMMA.sub(".", tex)
    out: list[str] = []
    for token in _TEX_TOKEN.findall(tex):
        if token in _TEX_SPACE:
            continue
        if out and out[-1][0] == "\\" and out[-1][1:].isalpha() and token[0].isalpha():
            out.append(" ")
        out.append("," if token == ";" else token)
    return "".join(out)


def code_key(code: str, locales: Iterable[str] = ()) -> str:
    """Reduce inline code to what must match: whitespace runs as one space.

    With ``locales``, a locale code standing alone (``nl`` in ``--locale nl``) counts as any
    locale, since each guide names its own language, and a ``<placeholder>`` as any
    placeholder, since readers may see it in their language.
    """
    code = " ".join(code.split())
    names = sorted(locales, key=len, reverse=True)
    if not names:
        return code
    code = re.sub(r"<[^<>\s]+>", "<…>", code)
    return re.sub(
        r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])", "<locale>", code
    )


def wrong_decimals(formula: str, decimal: str) -> list[WrongDecimal]:
    """Numbers in ``formula`` not written the way of a language whose separator is ``decimal``.

    With ``","`` (nl, de, tr) a formula writes ``0{,}5``: braces keep TeX from spacing the
    comma like a list (docs/hooks/dpsite/mathml.py joins the three tokens into one), so
    ``0.5`` and a bare ``0,5`` are wrong. With ``"."`` (en, zh) ``0{,}5`` is wrong. Each
    finding names the number as written and as it should be.
    """
    if decimal not in DECIMAL_SEPARATORS:
        raise ValueError(f"decimal must be one of {list(DECIMAL_SEPARATORS)}; got {decimal!r}")
    found = []
    for match in _WRONG[decimal].finditer(formula):
        digits = re.split(r"\{,\}|[.,]", match.group())
        expected = ("{,}" if decimal == "," else ".").join(digits)
        found.append(WrongDecimal(match.group(), expected))
    return found
