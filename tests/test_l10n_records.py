"""Source records: a hash of the English words, written into pages and notebooks."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.l10n_project import (
    SourceRecord,
    copy_fixture,
    edit,
    normalise_markdown,
    read_record,
    record_of,
    source_hash,
    status,
    write_record,
)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("one two\nthree four\n", "one two three\nfour"),
        ("A  paragraph\n\twith tabs", "A paragraph with tabs\n\n"),
        ("x\r\ny", "x\ny"),
    ],
)
def test_reflowed_prose_has_the_same_words(a: str, b: str) -> None:
    assert normalise_markdown(a) == normalise_markdown(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("the scale", "the scales"),
        ("$\\Delta$", "$\\delta$"),
        ("```python\nx = 1\n```", "```python\nx  = 1\n```"),  # code keeps its spaces
        ("```\na\nb\n```", "```\na b\n```"),  # and its lines
    ],
)
def test_a_changed_word_symbol_or_code_line_changes_the_text(a: str, b: str) -> None:
    assert normalise_markdown(a) != normalise_markdown(b)


# Words of prose (no backticks or tildes: three of them at a line start open a fence).
WORDS = st.lists(st.text(alphabet="abcdeé$\\*-", min_size=1, max_size=6), min_size=1, max_size=30)
GAPS = st.lists(st.sampled_from([" ", "  ", "\n", "\t", " \n  ", "\n\n"]), min_size=30, max_size=30)


@given(WORDS, GAPS, GAPS)
def test_any_rewrapping_of_prose_keeps_its_text(
    words: list[str], a: list[str], b: list[str]
) -> None:
    one = "".join(w + gap for w, gap in zip(words, a, strict=False))
    two = "".join(w + gap for w, gap in zip(words, b, strict=False))
    assert normalise_markdown(one) == normalise_markdown(two) == " ".join(words)


def test_prose_after_a_fence_is_normalised_again() -> None:
    text = "```\n  kept  \n```\nsome   prose\nwrapped"
    assert normalise_markdown(text).split("\n")[-1] == "some prose wrapped"
    assert "  kept" in normalise_markdown(text)


def test_reflowing_the_english_page_marks_nothing_outdated(tmp_path: Path) -> None:
    root = copy_fixture(tmp_path)
    edit(
        root / "docs/en/guide.md",
        "Adding noise hides one person.",
        "Adding noise\nhides one  person.",
    )
    assert status(root, "nl", "guide.md").status == "translated"
    edit(root / "docs/en/guide.md", "hides one  person", "hides each person")
    changed = status(root, "nl", "guide.md")
    assert changed.status == "outdated"
    assert changed.outdated is not None and "English changed since" in changed.outdated


def test_page_record_round_trips_and_keeps_the_front_matter(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("---\ntitle: Titel\nsource:\n  sha256: old\n---\n\n# Titel\n", encoding="utf-8")
    write_record(page, SourceRecord("0123456789", "abc"))
    text = page.read_text(encoding="utf-8")
    assert text.startswith("---\ntitle: Titel\nsource:\n") and "old" not in text
    assert record_of(page) == SourceRecord("0123456789", "abc")  # a string, not a number


def test_a_page_without_front_matter_gets_one(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Kop\n", encoding="utf-8")
    write_record(page, SourceRecord("e1", None))
    assert record_of(page) == SourceRecord("e1", None)
    assert page.read_text(encoding="utf-8").endswith("\n# Kop\n")


def test_a_notebook_record_lives_in_its_metadata_and_saves_canonically(tmp_path: Path) -> None:
    root = copy_fixture(tmp_path)
    path = root / "docs/nl/lab.ipynb"
    write_record(path, SourceRecord("feedbeef0000", "c0ffee"))
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    assert read_record(dict(notebook.metadata)) == SourceRecord("feedbeef0000", "c0ffee")
    assert path.read_text(encoding="utf-8") == nbformat.writes(notebook) + "\n"  # type: ignore[no-untyped-call]


def test_a_notebook_hash_ignores_outputs_and_metadata_but_not_code(tmp_path: Path) -> None:
    root = copy_fixture(tmp_path)
    path = root / "docs/en/lab.ipynb"
    before = source_hash(path)
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    notebook.cells[2].outputs = [nbformat.v4.new_output("stream", text="3\n")]  # type: ignore[no-untyped-call]
    notebook.cells[2].execution_count = 1
    notebook.metadata["widgets"] = {"state": {}}
    path.write_text(nbformat.writes(notebook), encoding="utf-8")  # type: ignore[no-untyped-call]
    assert source_hash(path) == before
    notebook.cells[2].source += "\n"
    path.write_text(nbformat.writes(notebook), encoding="utf-8")  # type: ignore[no-untyped-call]
    assert source_hash(path) != before
