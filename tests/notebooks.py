"""Read the lesson's notebooks: cells, the first code cell's settings, executed outputs."""

from __future__ import annotations

import ast
from typing import Any

import nbformat

from tests.conftest import DOCS, source

NOTEBOOKS = ("lab.ipynb", "exercises.ipynb")


def read(locale: str, name: str) -> Any:
    """The notebook ``name`` of ``locale`` (English's while an in-progress one lacks it)."""
    return nbformat.read(DOCS / source(locale, name) / name, as_version=4)  # type: ignore[no-untyped-call]


def code_cells(notebook: Any) -> list[str]:
    """The sources of the code cells, in order."""
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


def settings(notebook: Any) -> dict[str, Any]:
    """The names the first code cell assigns (``LANG``, ``LABELS``, ``WHEEL``), as literals.

    The cell also installs ``dplesson`` when it is missing (a ``try``); that is skipped here.
    """
    tree = ast.parse(code_cells(notebook)[0])
    found: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.Try):
            continue
        assert isinstance(node, ast.Assign) and len(node.targets) == 1, ast.dump(node)
        target = node.targets[0]
        assert isinstance(target, ast.Name)
        found[target.id] = ast.literal_eval(node.value)
    return found


def labels(locale: str) -> dict[str, dict[str, str]]:
    """The figure labels of ``locale``'s lab notebook."""
    found: dict[str, dict[str, str]] = settings(read(locale, "lab.ipynb"))["LABELS"]
    return found


def outputs_text(cell: Any) -> str:
    """Everything a code cell printed or displayed as text, joined."""
    parts = []
    for output in cell.get("outputs", []):
        if output.output_type == "stream":
            parts.append(output.text)
        elif output.output_type in {"execute_result", "display_data"}:
            parts.append(output.data.get("text/plain", ""))
        elif output.output_type == "error":
            parts.append(f"{output.ename}: {output.evalue}")
    return "".join(parts)


__all__ = ["NOTEBOOKS", "code_cells", "labels", "outputs_text", "read", "settings"]


def summary_cell(notebook: Any) -> Any:
    """The exercise notebook's cell that checks all three checkpoints and prints the score."""
    (cell,) = [
        c for c in notebook.cells if c.source.startswith("results = checkpoints.check_namespace(")
    ]
    return cell
