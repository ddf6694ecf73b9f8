"""The rules a translated notebook must keep, named the way Jupyter numbers cells.

A translated notebook has the English cells in the same order; its Markdown cells are
translated, its code cells are the English ones byte for byte, except the first code cell,
which holds the language settings (``LANG``, figure labels). Cells are named as Jupyter shows
them: "cell 3 (code)", counting every cell from 1.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from pathlib import Path

import nbformat

from .inline import code_key, formula_key, spans
from .problem import Problem
from .records import read_notebook

_HEADING = re.compile(r"^#{1,6}[ \t]", re.MULTILINE)


def cells(path: Path, text: str | None = None) -> list[tuple[str, str]]:
    """Return (type, source) of each cell of a notebook file (or of an older ``text`` of it)."""
    notebook = read_notebook(path) if text is None else nbformat.reads(text, as_version=4)  # type: ignore[no-untyped-call]
    return [(str(c.cell_type), str(c.source)) for c in notebook.cells]


def _first_difference(english: str, here: str) -> str:
    """Describe the first differing line of two code cells."""
    a, b = english.split("\n"), here.split("\n")
    for number, (x, y) in enumerate(zip(a, b, strict=False), 1):
        if x != y:
            return f"line {number} is {y!r} here, {x!r} in English"
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    where = "English" if longer is a else "this cell"
    return f"{where} has {len(longer) - len(shorter)} more line(s): {longer[len(shorter)]!r}"


def compare_notebook(
    english: Path,
    translated: Path,
    file: str,
    locales: tuple[str, ...] = (),
    old: str | None = None,
) -> list[Problem]:
    """Compare a translated notebook with the English one (or its ``old`` text), cell by cell."""
    ours, theirs = cells(translated), cells(english, old)
    kinds_en, kinds_here = [k for k, _ in theirs], [k for k, _ in ours]
    if kinds_en != kinds_here:
        matcher = difflib.SequenceMatcher(a=kinds_en, b=kinds_here, autojunk=False)
        first = next(op for op in matcher.get_opcodes() if op[0] != "equal")
        number = first[3] + 1
        what = (
            f"the cells differ from English from cell {number} on: English has "
            f"{len(kinds_en)} cells ({kinds_en.count('code')} code), this notebook "
            f"{len(kinds_here)} ({kinds_here.count('code')} code)"
        )
        fix = "keep the English cells in the English order; translate only Markdown cells"
        return [Problem(file, number, what, fix, unit="cell")]
    problems = []
    first_code = next((n for n, (kind, _) in enumerate(ours) if kind == "code"), None)
    for number, ((kind, text), (_, source)) in enumerate(zip(ours, theirs, strict=True), 1):
        if kind != "code":
            problems += _markdown_cell(number, source, text, file, locales)
        elif number - 1 != first_code and text != source:
            difference = _first_difference(source, text)
            what = f"cell {number} (code) differs from English cell {number}: {difference}"
            fix = f"copy English cell {number} exactly (comments included); only the first "
            fix += "code cell, the settings, is translated"
            problems.append(Problem(file, number, what, fix, unit="cell"))
    return problems


def _markdown_cell(
    number: int, english: str, here: str, file: str, locales: tuple[str, ...]
) -> list[Problem]:
    """Compare one Markdown cell: its number of headings, formulas and code as multisets."""
    name = f"cell {number} (markdown)"  # as Jupyter numbers it
    problems = []
    counts = len(_HEADING.findall(here)), len(_HEADING.findall(english))
    if counts[0] != counts[1]:
        what = f"{name} has {counts[0]} heading(s), English cell {number} {counts[1]}"
        problems.append(Problem(file, number, what, "keep the English headings", unit="cell"))
    (en_math, en_code), (math, code) = spans(english), spans(here)
    for kind, key, a, b in (
        ("formula", formula_key, en_math, math),
        ("inline code", lambda c: code_key(c, locales), en_code, code),
    ):
        theirs, ours = Counter(key(s.text) for s in a), Counter(key(s.text) for s in b)
        missing, extra = theirs - ours, ours - theirs
        for item in sorted(missing):
            what = f"{name}: {kind} `{item}` of English cell {number} is missing here"
            problems.append(Problem(file, number, what, "keep it as in English", unit="cell"))
        for item in sorted(extra):
            what = f"{name}: {kind} `{item}` is not in English cell {number}"
            fix = "formulas and code stay as in English"
            problems.append(Problem(file, number, what, fix, unit="cell"))
    return problems


def markdown_words(path: Path) -> int:
    """Count the words of a notebook's Markdown cells (what a translator translates)."""
    return sum(len(text.split()) for kind, text in cells(path) if kind == "markdown")
