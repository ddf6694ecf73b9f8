"""The command line: report options, filters, JSON, progress, and mark's refusals."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from tests.l10n_project import cli, copy_fixture, edit, git, git_project, status


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_fixture(tmp_path)


def english_words(root: Path, page: str) -> int:
    """Words a translator translates: a page's body after the front matter, a notebook's text."""
    path = root / "docs/en" / page
    if page.endswith(".ipynb"):
        notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
        return sum(len(c.source.split()) for c in notebook.cells if c.cell_type == "markdown")
    return len(path.read_text(encoding="utf-8").split("---", 2)[2].split())


def test_json_report_counts_statuses_and_word_progress(root: Path) -> None:
    out = root / "report.json"
    assert cli(root, "--format", "json", "--output", str(out)) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["summary"]["de"] == {"translated": 1, "outdated": 0, "missing": 2, "drift": 0}
    total = sum(english_words(root, p) for p in ("index.md", "guide.md", "lab.ipynb"))
    expected = round(100 * english_words(root, "index.md") / total, 1)
    assert data["progress"] == {"nl": 100.0, "de": expected}
    kinds = {(p["page"], p["kind"]) for p in data["pages"]}
    assert ("lab.ipynb", "notebook") in kinds and ("guide.md", "page") in kinds


def test_status_filter_shows_only_that_status_but_counts_everything(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(root / "docs/en/index.md", "Read the guide first.", "Read the guide.")
    assert cli(root, "report", "--status", "outdated") == 0  # outdated only warns
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.startswith(("nl ", "de "))]
    files = [row[:3] for row in rows if row[1].endswith((".md", ".ipynb"))]
    assert sorted(files) == [["de", "index.md", "outdated"], ["nl", "index.md", "outdated"]]
    counts = [row[:5] for row in rows if not row[1].endswith((".md", ".ipynb"))]
    assert counts == [["nl", "2", "1", "0", "0"], ["de", "0", "1", "2", "0"]]  # unfiltered


def test_drift_fails_the_report_and_mark_refuses_it(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(root / "docs/nl/index.md", "## Begin hier { #start-here }", "## Begin hier { #begin }")
    assert cli(root, "--locale", "nl") == 1
    before = (root / "docs/nl/index.md").read_text(encoding="utf-8")
    assert cli(root, "mark", "nl", "index.md") == 1
    assert "not marked nl/index.md: drift" in capsys.readouterr().err
    assert (root / "docs/nl/index.md").read_text(encoding="utf-8") == before


@pytest.mark.parametrize(
    "args",
    [
        ("--locale", "de-QQ"),
        ("mark", "de-QQ", "index.md"),
        ("mark",),
        ("mark", "nl"),
        ("brief", "de-QQ"),
    ],
)
def test_bad_arguments_exit_2_and_name_the_choices(
    root: Path, args: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(root, *args) == 2
    assert capsys.readouterr().err.strip()


def test_mark_all_current_records_every_existing_translation(root: Path) -> None:
    edit(root / "docs/en/guide.md", "Adding noise", "Adding more noise")
    assert status(root, "nl", "guide.md").status == "outdated"
    assert cli(root, "mark", "--all-current") == 0
    assert status(root, "nl", "guide.md").status == "translated"
    assert status(root, "de", "guide.md").status == "missing"


def test_new_scaffolds_a_language_in_progress_that_passes_the_report(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(root, "new", "de-QQ", "Pseudo (QQ)") == 0
    assert "de-QQ" in capsys.readouterr().out
    assert cli(root, "--locale", "de-QQ") == 0  # everything falls back, nothing fails
    assert {status(root, "de-QQ", p).status for p in ("index.md", "lab.ipynb")} == {"missing"}


def test_brief_lists_the_glossary_and_the_files_that_need_work(root: Path) -> None:
    edit(root / "docs/en/index.md", "Read the guide first.", "Read the guide.")
    out = root / "brief.md"
    assert cli(root, "brief", "de", "--output", str(out)) == 0
    text = out.read_text(encoding="utf-8")
    assert "Rauschen" in text  # the German glossary term
    work = [line for line in text.splitlines() if line.startswith("| ") and ".md" in line]
    assert any("index.md" in line and "outdated" in line for line in work)
    assert any("guide.md" in line and "missing" in line for line in work)


def test_formula_decimal_must_follow_the_decimal_sign(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(root / "dplesson/locales/nl.yml", 'formula_decimal: "{,}"', 'formula_decimal: ","')
    assert cli(root) == 2
    assert "formula_decimal must be '{,}' with decimal ','" in capsys.readouterr().err


def test_prompt_gathers_brief_report_diff_english_and_translation_in_one_file(
    tmp_path: Path,
) -> None:
    repo = git_project(tmp_path)
    edit(repo / "docs/en/guide.md", "means more privacy", "means stronger privacy")
    git(repo, "commit", "-q", "-am", "reword")
    out = repo / "prompt.md"
    assert cli(repo, "prompt", "nl", "guide.md", "--output", str(out)) == 0
    text = out.read_text(encoding="utf-8")
    english = (repo / "docs/en/guide.md").read_text(encoding="utf-8")
    dutch = (repo / "docs/nl/guide.md").read_text(encoding="utf-8")
    parts = ["# Task: `nl/guide.md`", "# Translator's brief", "| noise | ruis |", "outdated"]
    parts += ["[-more-]{+stronger+}", english.rstrip(), dutch.rstrip()]
    assert all(part in text for part in parts)
    assert [text.index(part) for part in parts[-3:]] == sorted(text.index(p) for p in parts[-3:])
