"""Notebooks in the report: outdated when the English changes, cells named as Jupyter does."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from tests.l10n_project import cli, copy_fixture, problems, status


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_fixture(tmp_path)


def change_cell(path: Path, number: int, source: str) -> None:
    """Set the source of Jupyter's cell ``number`` (counting from 1) and save the notebook."""
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    notebook.cells[number - 1].source = source
    path.write_text(nbformat.writes(notebook) + "\n", encoding="utf-8")  # type: ignore[no-untyped-call]


def test_editing_the_english_lab_marks_the_translation_outdated_until_marked(root: Path) -> None:
    change_cell(root / "docs/en/lab.ipynb", 1, "# Lab\n\nRun every cell, top to bottom.")
    assert status(root, "nl", "lab.ipynb").status == "outdated"
    assert cli(root, "mark", "nl", "lab.ipynb") == 0
    assert status(root, "nl", "lab.ipynb").status == "translated"


def test_a_changed_shared_code_cell_names_the_cell_and_the_fix(root: Path) -> None:
    change_cell(root / "docs/nl/lab.ipynb", 3, "total = 1 + 2  # optellen\nprint(total)")
    assert status(root, "nl", "lab.ipynb").status == "drift"
    (message,) = problems(root, "nl", "lab.ipynb")
    assert message.startswith("nl/lab.ipynb cell 3: cell 3 (code) differs from English cell 3")
    assert "'total = 1 + 2  # optellen'" in message and "copy English cell 3 exactly" in message


def test_the_first_code_cell_holds_the_language_settings(root: Path) -> None:
    change_cell(root / "docs/nl/lab.ipynb", 2, 'LANG = "nl"\nEXTRA = 1')
    assert problems(root, "nl", "lab.ipynb") == []


def test_a_cell_of_another_type_names_where_the_layout_differs(root: Path) -> None:
    path = root / "docs/nl/lab.ipynb"
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    notebook.cells.insert(2, nbformat.v4.new_markdown_cell("Extra uitleg."))  # type: ignore[no-untyped-call]
    path.write_text(nbformat.writes(notebook) + "\n", encoding="utf-8")  # type: ignore[no-untyped-call]
    (message,) = problems(root, "nl", "lab.ipynb")
    assert message.startswith("nl/lab.ipynb cell 3: the cells differ from English from cell 3 on")


def test_a_missing_notebook_fails_the_release_check_of_a_complete_language_only(
    root: Path,
) -> None:
    assert status(root, "de", "lab.ipynb").status == "missing"
    assert cli(root, "check", "--release", "--locale", "de") == 0  # German is in progress
    (root / "docs/nl/lab.ipynb").unlink()
    assert status(root, "nl", "lab.ipynb").status == "missing"
    assert cli(root, "--locale", "nl") == 0  # an English page new to nl must not block anyone
    assert cli(root, "check", "--release", "--locale", "nl") == 1


def test_translated_inline_code_in_a_markdown_cell_names_the_cell(root: Path) -> None:
    change_cell(root / "docs/en/lab.ipynb", 4, "## Done with `total`")
    change_cell(root / "docs/nl/lab.ipynb", 4, "## Klaar met `totaal`")
    found = problems(root, "nl", "lab.ipynb")
    assert "nl/lab.ipynb cell 4: cell 4 (markdown): inline code `total` of English cell 4" in (
        " ".join(found)
    )
    assert any("`totaal` is not in English cell 4" in p for p in found)
