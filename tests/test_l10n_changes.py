"""``--diff``: the English changes since the mark, word by word, with the sections named."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.l10n_project import (
    cli,
    copy_fixture,
    edit,
    english_diff,
    git,
    git_project,
    project,
    status,
    word_diff,
)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """The fixture project as a git repository, Dutch marked against the first commit."""
    return git_project(tmp_path)


def test_mark_records_the_git_blob_of_the_english_text(repo: Path) -> None:
    english = git(repo, "rev-parse", "HEAD:docs/en/guide.md").strip()
    recorded = status(repo, "nl", "guide.md").recorded
    assert recorded is not None and recorded.blob == english


def test_the_diff_shows_only_the_changed_words_and_names_the_section(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(
        repo / "docs/en/guide.md",
        "More noise means more privacy.",
        "More noise means\nstronger privacy.",
    )
    git(repo, "commit", "-q", "-am", "reword")
    capsys.readouterr()
    assert cli(repo, "--locale", "nl", "--page", "guide.md", "--diff") == 0
    out = capsys.readouterr().out
    assert "Changed since" in out and "in: The scale" in out
    assert "[-more-]{+stronger+}" in out
    assert "Adding noise" not in out.split("=== nl/guide.md")[1]  # unchanged words stay out


def test_a_committed_reflow_is_not_outdated_and_has_no_diff(repo: Path) -> None:
    edit(
        repo / "docs/en/guide.md",
        "Adding noise hides one person.",
        "Adding noise hides\none person.",
    )
    git(repo, "commit", "-q", "-am", "reflow")
    assert status(repo, "nl", "guide.md").status == "translated"


def test_the_old_text_is_found_by_hash_when_the_commit_is_unknown(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(repo / "docs/nl/guide.md", "blob:", "old_blob:")  # the record loses its blob
    edit(repo / "docs/en/guide.md", "hides one person", "hides each person")
    capsys.readouterr()
    cli(repo, "--locale", "nl", "--status", "outdated", "--diff")
    out = capsys.readouterr().out
    assert "[-one-]{+each+}" in out and "in: Guide" in out


def test_a_notebook_diff_names_the_jupyter_cell(repo: Path) -> None:
    before = (repo / "docs/en/lab.ipynb").read_text(encoding="utf-8")
    after = before.replace("Run each cell in order.", "Run each cell once, in order.")
    sections, hunks = word_diff("lab.ipynb", before, after)
    assert sections == ["cell 1 (markdown)"] and "{+once,+}" in hunks


def test_without_history_the_diff_says_how_to_compare(tmp_path: Path) -> None:
    root = copy_fixture(tmp_path)  # no git repository at all
    edit(root / "docs/en/index.md", "Read the guide first.", "Read the guide.")
    item = status(root, "nl", "index.md")
    text = english_diff(project(root).path("en", "index.md"), "nl/index.md", item.recorded)
    assert text.startswith("Cannot show the English changes for nl/index.md")


def test_one_english_change_is_shown_once_for_every_locale_it_outdates(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(repo / "docs/en/index.md", "Read the guide first.", "Read the guide now.")
    git(repo, "commit", "-q", "-am", "reword")
    capsys.readouterr()
    cli(repo, "--diff")
    blocks = [line for line in capsys.readouterr().out.splitlines() if line.startswith("=== ")]
    assert blocks == ["=== nl/index.md, de/index.md: English changes since the translation"]
