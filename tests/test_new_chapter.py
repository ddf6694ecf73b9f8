"""A chapter added to a copy of the sources is covered by every per-chapter check, no test edited.

The chapters are listed once: the first section of ``mkdocs.yml``'s nav, with one answer-key
module per chapter in ``dplesson/exercises/`` (found, not listed). Here a copy of the project
gets a new chapter the way an author adds one (a page in every locale, a nav line and an
answer-key module, nothing under ``tests/``); pytest then collects the copy's suite. Every
test function with a case for each chapter of the course (a parameter naming the chapter,
its page or one of its exercises) must have one for the new chapter too, and the source
checks of the new chapter run and pass on the copy.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from tests.conftest import LOCALES, ROOT
from tests.docs_sources import chapters

NEW = "primer"
SKIP = shutil.ignore_patterns(
    ".git", ".nox", "site", ".cache", "node_modules", ".*_cache", ".hypothesis", "__pycache__"
)
PAGE = """---
title: A primer
---

# A primer { #a-primer }

*Prerequisites:* none.
*Time:* about 10 minutes.

A short chapter on [differential privacy](glossary.md#differential-privacy), the
[sensitivity](glossary.md#sensitivity) of a query and the [scale](glossary.md#scale) of its
noise.

## Two numbers { #two-numbers }

<div data-exercise="primer-scale" markdown>

A count has sensitivity {sensitivity}. What scale does Laplace noise need at
$\\varepsilon = {epsilon}$?

<div data-part="hint" markdown>Divide.</div>
<div data-part="explain" markdown>{sensitivity} / {epsilon} = {answer}.</div>

</div>

<div data-exercise="primer-sum" markdown>

What is {a} plus {b}?

<div data-part="hint" markdown>Add.</div>
<div data-part="explain" markdown>{answer}.</div>

</div>

<div data-exercise="primer-double" markdown>

What is twice {a}?

<div data-part="hint" markdown>Double it.</div>
<div data-part="explain" markdown>{answer}.</div>

</div>

<div data-exercise="primer-unit" markdown>

A survey holds one row per person. What do two neighbouring datasets differ in?

<div data-part="option" data-option="person" markdown>One person's row.</div>
<div data-part="option" data-option="answer" markdown>Every answer.</div>
<div data-part="hint" markdown>Think of one person.</div>
<div data-part="explain" markdown>One person's row.</div>

</div>

## Further reading { #further-reading }

- A. Author, [*A book*](https://example.org/book) (2020): more.
- B. Author, [*A paper*](https://example.org/paper) (2021): more still.

## What you can do now { #what-you-can-do-now }

- Compute a scale.
"""
ANSWER_KEY = '''"""Exercises of the chapter "A primer" (``primer.md``), added by a test."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dplesson.exercises import Exercise, Variant, numeric

__all__ = ["EXERCISES"]


def _scale(p: Mapping[str, Any]) -> dict[str, float]:
    """Divide the sensitivity by epsilon."""
    return {"answer": p["sensitivity"] / p["epsilon"]}


def _sum(p: Mapping[str, Any]) -> dict[str, float]:
    """Add the two numbers."""
    return {"answer": p["a"] + p["b"]}


def _double(p: Mapping[str, Any]) -> dict[str, float]:
    """Double the number."""
    return {"answer": 2 * p["a"]}


EXERCISES: tuple[Exercise, ...] = (
    numeric(
        "primer-scale",
        "primer",
        0.01,
        [Variant({"sensitivity": 1, "epsilon": e}, 1 / e) for e in (0.5, 0.25, 2.0)],
        skill="apply",
        textbook=_scale,
    ),
    numeric(
        "primer-sum",
        "primer",
        0.0,
        [Variant({"a": a, "b": 1}, a + 1) for a in (1, 2, 3)],
        skill="apply",
        textbook=_sum,
    ),
    numeric(
        "primer-double",
        "primer",
        0.0,
        [Variant({"a": a}, 2 * a) for a in (2, 3, 5)],
        skill="transfer",
        textbook=_double,
    ),
    Exercise(
        id="primer-unit",
        chapter="primer",
        kind="choice",
        skill="scenario",
        options=("person", "answer"),
        correct="person",
    ),
)
'''


def add_chapter(root: Path) -> None:
    """What an author does: a page in every locale, a nav line, the chapter's answer key."""
    for locale in LOCALES:
        (root / "docs" / locale / f"{NEW}.md").write_text(PAGE, encoding="utf-8")
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    first = f"      - {chapters()[0]}.md\n"
    assert text.count(first) == 1
    config.write_text(text.replace(first, f"{first}      - {NEW}.md\n"), encoding="utf-8")
    (root / "dplesson" / "exercises" / f"{NEW}.py").write_text(ANSWER_KEY, encoding="utf-8")


def pytest_in(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(root), "NO_MKDOCS_2_WARNING": "1"},
    )


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("new-chapter") / "project"
    shutil.copytree(ROOT, root, ignore=SKIP, symlinks=True)
    add_chapter(root)
    return root


def cases(collected: str) -> dict[str, set[str]]:
    """Each parametrised test function of a ``--collect-only -q`` listing, with its case ids."""
    found: dict[str, set[str]] = defaultdict(set)
    for line in collected.splitlines():
        if match := re.fullmatch(r"(tests/\S+?::\S+?)\[(.+)\]", line.strip()):
            found[match[1]].add(match[2])
    return found


def names_a_chapter(case: str, chapter: str) -> bool:
    """Whether a case id names the chapter: itself, its page, or one of its exercises."""
    return (
        re.search(rf"(?:^|-|/){re.escape(chapter)}(?:\.md|-[a-z][\w-]*)?(?:-|$)", case) is not None
    )


def test_every_per_chapter_check_covers_a_new_chapter(copy: Path) -> None:
    done = pytest_in(copy, "--collect-only", "-q", "tests")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    # A per-chapter check has a case for every chapter of the course as it was; each such check
    # must have grown a case for the new chapter.
    per_chapter = {
        test: ids
        for test, ids in cases(done.stdout).items()
        if all(any(names_a_chapter(case, chapter) for case in ids) for chapter in chapters())
    }
    assert len(per_chapter) >= 5, sorted(per_chapter)
    missed = [test for test, ids in per_chapter.items() if not any(NEW in case for case in ids)]
    assert not missed, f"per-chapter checks that do not see the new chapter: {missed}"


def test_the_new_chapters_source_checks_run_and_pass(copy: Path) -> None:
    files = ["tests/test_further_reading.py", "tests/test_exercise_answers.py"]
    files.append("tests/test_exercises.py")
    done = pytest_in(copy, "-q", "-k", NEW, *files)
    assert done.returncode == 0, done.stdout[-4000:]
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed is not None and int(passed[1]) >= 2 + 3 * 3 * 2 + 1, done.stdout[-2000:]
