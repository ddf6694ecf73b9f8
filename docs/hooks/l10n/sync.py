"""Carry the structure of an English change into a translation, so the translator only rewords.

``sync`` compares the English a translation follows (its record's blob) with the English now,
unit by unit (:mod:`l10n.units`), and applies the difference to the translation's units:

- a unit the English inserted (a paragraph, a new exercise) is inserted in English at the same
  place, where the report lists it as still English, to translate;
- a unit the English deleted is deleted;
- a changed unit keeps its translation when only words changed (``--diff`` shows what to
  reword); its formulas, inline code, link targets, ids and placeholders are replaced when they
  changed one for one; display formulas, include lines and code are copied; anything else is
  replaced by the English unit, to translate again.

Numbers inside the formulas it writes follow the language (``0{,}5``). Notebooks are carried
cell by cell the same way: code cells are copied, except the first, which holds the language's
settings; Markdown cells are carried like small pages. The functions here are pure: texts in,
the new text and notes out, or None when the translation does not line up with its English.
"""

from __future__ import annotations

import copy
import difflib
import re
from collections.abc import Iterator, Sequence

import nbformat

from .inline import formula_key
from .units import VERBATIM, Unit, units

_FORMULA = r"\$\$.+?\$\$|\$(?:\\.|[^$\\])+?\$"
_TOKEN = re.compile(_FORMULA + r"|(`+).+?\1|\]\([^)\s]*\)|\{[^{}\n]*\}", re.DOTALL)
_DECIMAL = re.compile(r"(?<=\d)\.(?=\d)")

Steps = Iterator[tuple[int | None, int | None]]


def localise(text: str, formula_decimal: str) -> str:
    """Write the decimals inside the formulas of ``text`` the language's way (``0{,}5``)."""
    if formula_decimal == ".":
        return text
    return re.sub(_FORMULA, lambda m: _DECIMAL.sub(formula_decimal, m.group()), text, flags=re.S)


def _key(token: str) -> str:
    """Reduce a token to what must stay equal: a formula's symbols, else its text, unspaced."""
    return "$" + formula_key(token.strip("$")) if token.startswith("$") else " ".join(token.split())


def steps(
    old: Sequence[str], new: Sequence[str], kinds: tuple[Sequence[str], Sequence[str]]
) -> Steps:
    """Pair old and new items in order: (old, new), (old, None) deleted, (None, new) inserted.

    Equal items pair first; within a changed stretch, items of the same kind pair in order.
    """
    outer = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in outer.get_opcodes():
        if tag == "equal":
            yield from zip(range(i1, i2), range(j1, j2), strict=True)
            continue
        inner = difflib.SequenceMatcher(a=kinds[0][i1:i2], b=kinds[1][j1:j2], autojunk=False)
        for op, a1, a2, b1, b2 in inner.get_opcodes():
            if op == "equal":
                yield from zip(range(i1 + a1, i1 + a2), range(j1 + b1, j1 + b2), strict=True)
            else:
                yield from ((i, None) for i in range(i1 + a1, i1 + a2))
                yield from ((None, j) for j in range(j1 + b1, j1 + b2))


def carry_unit(old: Unit, new: Unit, mine: Unit, decimal: str) -> str | None:
    """Return ``mine`` with the structural change ``old`` → ``new``; None if it cannot be placed."""
    if new.kind in VERBATIM or mine.text == old.text:
        return localise(new.text, decimal)
    before = [m.group() for m in _TOKEN.finditer(old.text)]
    after = [m.group() for m in _TOKEN.finditer(new.text)]
    if [_key(t) for t in before] == [_key(t) for t in after]:
        return mine.text
    if len(before) != len(after):
        return None
    ours = list(_TOKEN.finditer(mine.text))
    edits: dict[int, str] = {}
    for a, b in zip(before, after, strict=True):
        if _key(a) != _key(b):
            index = next(
                (i for i, m in enumerate(ours) if i not in edits and _key(m.group()) == _key(a)),
                None,
            )
            if index is None:
                return None
            edits[index] = localise(b, decimal)
    text = mine.text
    for index in sorted(edits, reverse=True):
        start, end = ours[index].span()
        text = text[:start] + edits[index] + text[end:]
    return text


def carry(old: str, new: str, mine: str, decimal: str) -> tuple[str, list[str]] | None:
    """Apply the English change ``old`` → ``new`` to the page ``mine``: (new text, notes).

    None when the translation's units do not line up with the old English.
    """
    a, b, t = units(old), units(new), units(mine)
    matcher = difflib.SequenceMatcher(a=[u.kind for u in a], b=[u.kind for u in t], autojunk=False)
    ours = {m.a + k: m.b + k for m in matcher.get_matching_blocks() for k in range(m.size)}
    lines, english = mine.split("\n"), new.split("\n")
    edits: list[tuple[int, int, int, list[str]]] = []  # (start, order, end, lines)
    notes: list[str] = []
    anchor = t[0].line - 1 if t else len(lines)
    keys = ([" ".join(u.text.split()) for u in a], [" ".join(u.text.split()) for u in b])
    for i, j in steps(*keys, ([u.kind for u in a], [u.kind for u in b])):
        if i is not None and i not in ours:
            return None
        here = t[ours[i]] if i is not None else None
        if here is not None and j is not None:
            anchor = here.end
            if keys[0][i] == keys[1][j]:  # type: ignore[index]
                continue
            text = carry_unit(a[i], b[j], here, decimal)  # type: ignore[index]
            if text is None:
                text = localise(b[j].text, decimal)
                why = "replaced by the English (its formulas or links changed): translate it again"
                notes.append(f"line {here.line}: {why}")
            edits.append((here.line - 1, len(edits), here.end, text.split("\n")))
        elif here is not None:
            blank_above = here.line > 1 and not lines[here.line - 2].strip()
            start = here.line - 2 if blank_above else here.line - 1
            edits.append((start, len(edits), here.end, []))
            anchor = here.end
        elif j is not None:
            chunk = (
                english[b[j - 1].end : b[j].end] if j else [*english[b[j].line - 1 : b[j].end], ""]
            )
            inserted = localise("\n".join(chunk), decimal).split("\n")
            edits.append((anchor, len(edits), anchor, inserted))
    for start, _, end, new_lines in sorted(edits, reverse=True):
        lines[start:end] = new_lines
    return "\n".join(lines), notes


def carry_notebook(old: str, new: str, mine: str, decimal: str) -> tuple[str, list[str]] | None:
    """Do what :func:`carry` does for notebooks, cell by cell (notes name Jupyter's numbers)."""
    a, b, t = (nbformat.reads(text, as_version=4) for text in (old, new, mine))  # type: ignore[no-untyped-call]
    kinds = [c.cell_type for c in a.cells], [c.cell_type for c in b.cells]
    if kinds[0] != [c.cell_type for c in t.cells]:
        return None
    settings = kinds[0].index("code") if "code" in kinds[0] else None
    cells, notes = [], []
    keys = [c.cell_type + c.source for c in a.cells], [c.cell_type + c.source for c in b.cells]
    for i, j in steps(*keys, kinds):
        if j is None:
            continue
        cell = copy.deepcopy(b.cells[j] if i is None else t.cells[i])
        cells.append(cell)
        if i is None or keys[0][i] == keys[1][j]:
            if i is None and cell.cell_type == "markdown":
                cell.source = localise(cell.source, decimal)
        elif cell.cell_type == "code" and i != settings:
            cell.source = b.cells[j].source
        elif cell.cell_type == "code":
            notes.append(f"cell {len(cells)}: the English settings cell changed: carry it by hand")
        else:
            carried = carry(a.cells[i].source, b.cells[j].source, cell.source, decimal)
            if carried is None:
                cell.source = localise(b.cells[j].source, decimal)
                notes.append(f"cell {len(cells)}: replaced by the English cell: translate it again")
            else:
                cell.source = carried[0]
                notes += [f"cell {len(cells)}, {note}" for note in carried[1]]
    t.cells = cells
    return nbformat.writes(t) + "\n", notes  # type: ignore[no-untyped-call]
