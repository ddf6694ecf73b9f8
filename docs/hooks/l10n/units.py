"""The units a translator translates one at a time: headings, paragraphs, list items, HTML lines.

A page's Markdown is cut into :class:`Unit` s by its line layout, the way a translator sees it:
a heading, an admonition title, an include line, a fenced block or a display formula is one
unit; a paragraph or a list item runs until a blank line or the next such unit; an HTML line
(``<div data-part="hint" markdown>…</div>``, or a tag whose attributes run over several lines)
is a unit of its own. The units let the report find English left in a translation
(:func:`untranslated`) and a lost paragraph, and let ``sync`` carry an English change into the
translation unit by unit (:mod:`l10n.sync`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Kinds whose text is the same in every language (``sync`` copies them from English).
VERBATIM = ("code", "math", "include")
_ITEM = re.compile(r"([-*+]|\d+\.)[ \t]")
_FENCE = re.compile(r"(`{3,}|~{3,})")
_TAG = re.compile(r"<(?:/?[A-Za-z][\w-]*(?:[\s>]|/>|$)|!--)")  # not an autolink <https://…>
_WORD = re.compile(r"[^\W\d_]{2,}")
_YEAR = re.compile(r"\b(1[89]|20)\d\d\b")
_PROSE_DROP = [
    re.compile(r"^[ \t]*-{1,}8<-{1,}.*$", re.MULTILINE),  # include lines
    re.compile(r"^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1", re.DOTALL | re.MULTILINE),  # fences
    re.compile(r"\$\$.*?\$\$", re.DOTALL),  # display formulas
    re.compile(r"(?<!\\)\$[^$\n]+?\$"),  # inline formulas
    re.compile(r"(`+).*?\1", re.DOTALL),  # code spans
    re.compile(r"\]\([^)]*\)"),  # link targets and their titles
    re.compile(r"^ {0,3}\[[^\]\n]+\]:.*$", re.MULTILINE),  # link definitions, titles too
    re.compile(r"<[^>]+>"),  # HTML tags
    re.compile(r"\{[^}\n]*\}|\[\[[\w-]+\]\]"),  # ids { #id }, {placeholders}, [[markers]]
]


def prose(body: str) -> str:
    """Keep a page body's words: no includes, formulas, code, link targets or titles, tags, ids."""
    for pattern in _PROSE_DROP:
        body = pattern.sub(" ", body)
    return body


@dataclass(frozen=True)
class Unit:
    """One unit of a page: its kind, its first and last line in the file, and its text."""

    kind: str  # heading, admonition, para, item, tag, code, math, include
    line: int
    end: int
    text: str


def _kind(stripped: str) -> str:
    """Name the kind of unit a line starts (``para`` for plain prose)."""
    if re.match(r"#{1,6}[ \t]", stripped):
        return "heading"
    if stripped.startswith(("!!!", "???")):
        return "admonition"
    if _TAG.match(stripped):
        return "tag"
    if re.match(r"-{1,}8<-{1,}", stripped):
        return "include"
    if _FENCE.match(stripped):
        return "code"
    if stripped.startswith("$$"):
        return "math"
    return "item" if _ITEM.match(stripped) else "para"


def units(text: str) -> list[Unit]:
    """Cut a page (front matter skipped, line numbers kept) into its units, in order."""
    lines = text.replace("\r\n", "\n").split("\n")
    first = 0
    if lines and lines[0].rstrip() == "---":
        first = next((i + 1 for i in range(1, len(lines)) if lines[i].rstrip() == "---"), 0)
    found: list[Unit] = []
    start: int | None = None
    kind = closing = ""  # closing: what ends a multi-line unit (a fence, "$$", a tag's ">")

    def close(end: int) -> None:
        nonlocal start
        if start is not None:
            found.append(Unit(kind, start + 1, end + 1, "\n".join(lines[start : end + 1])))
        start = None

    for number in range(first, len(lines)):
        line, stripped = lines[number], lines[number].strip()
        if closing:
            if (">" in stripped) if closing == ">" else stripped.startswith(closing):
                closing = ""
                close(number)
            continue
        if not stripped:
            close(number - 1)
            continue
        new = _kind(stripped)
        nested = new == "item" and kind == "item" and line[:1] in " \t"
        if start is not None and kind in ("para", "item") and (new == "para" or nested):
            continue  # the next line of a paragraph or list item
        close(number - 1)
        start, kind = number, new
        fence = _FENCE.match(stripped)
        if fence:
            closing = fence.group(1)
        elif new == "math" and not (len(stripped) > 2 and stripped.endswith("$$")):
            closing = "$$"
        elif new == "tag" and ">" not in stripped:
            closing = ">"
        if not closing and new not in ("para", "item"):
            close(number)
    close(len(lines) - 1)
    return found


def words(unit: Unit) -> str:
    """Return a unit's translatable words: no formulas, code, tags, placeholders or markers."""
    return " ".join(prose(unit.text).split())


def citation(unit: Unit) -> bool:
    """Tell whether a unit is a reference entry (a quoted title and a year), kept in English."""
    return bool(re.search(r"[\"“„«]", unit.text)) and bool(_YEAR.search(unit.text))


def untranslated(english: list[Unit], here: list[Unit]) -> list[Unit]:
    """Units of ``here`` whose words equal an English unit's: three words or more, not a reference.

    Names (a heading "DP-SGD") and reference entries may stay English; a sentence may not.
    """
    source = {words(u) for u in english if u.kind not in VERBATIM}
    return [
        u
        for u in here
        if u.kind not in VERBATIM
        and len(_WORD.findall(words(u))) >= 3
        and words(u) in source
        and not citation(u)
    ]


def sections(found: list[Unit]) -> list[tuple[Unit | None, list[Unit]]]:
    """Group units under the heading above them (None for the units before the first)."""
    groups: list[tuple[Unit | None, list[Unit]]] = [(None, [])]
    for unit in found:
        if unit.kind == "heading":
            groups.append((unit, []))
        else:
            groups[-1][1].append(unit)
    return groups
