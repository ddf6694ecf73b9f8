"""Read the lesson's notebooks: cells, the first code cell's settings, executed outputs.

Also the reference solutions of the checkpoints as a reader pastes them into the exercise
notebook (``pasted``), which the notebook tests and the install-and-run test both use.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from types import CodeType
from typing import Any

import nbformat

from dplesson import calibration, composition, density
from tests.conftest import DOCS, LOCALES, source

NOTEBOOKS = ("lab.ipynb", "exercises.ipynb")
#: (locale, notebook) for every notebook a locale has itself; a language in progress shows
#: English's for the others, which are checked as English's.
OWN = [(code, name) for code in LOCALES for name in NOTEBOOKS if (DOCS / code / name).is_file()]
#: The package's own solutions of the three checkpoints.
REFERENCES: dict[str, Callable[..., Any]] = {
    "laplace_calibration": calibration.laplace_calibration,
    "laplace_log_density": density.laplace_log_density,
    "basic_composition": composition.basic_composition,
}


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


def globals_used(code: CodeType) -> set[str]:
    """Names a function's code (and the comprehensions inside it) looks up globally."""
    names = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, CodeType):
            names |= globals_used(constant)
    return names


def pasted(function: Callable[..., Any]) -> str:
    """The reference function's source, as a reader would paste it, with what it uses."""
    module = inspect.getmodule(function)
    assert module is not None
    names = sorted(n for n in globals_used(function.__code__) if n in vars(module))
    return (
        "from __future__ import annotations\n\n"
        f"from {module.__name__} import {', '.join(names)}\n\n\n" + inspect.getsource(function)
    )


__all__ = [
    "NOTEBOOKS",
    "OWN",
    "REFERENCES",
    "code_cells",
    "globals_used",
    "labels",
    "outputs_text",
    "pasted",
    "read",
    "settings",
    "summary_cell",
]


def summary_cell(notebook: Any) -> Any:
    """The exercise notebook's cell that checks all three checkpoints and prints the score."""
    (cell,) = [
        c for c in notebook.cells if c.source.startswith("results = checkpoints.check_namespace(")
    ]
    return cell
