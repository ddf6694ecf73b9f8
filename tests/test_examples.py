"""Run every example shown on the site and check the output it prints.

``pytest tests/test_examples.py --update-examples`` rewrites the ``#>`` output comments.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_examples import CodeExample, EvalExample, find_examples

from tests.conftest import DOCS

EXAMPLES = list(find_examples(str(DOCS / "examples")))


def test_every_example_file_holds_exactly_one_example() -> None:
    """One example per file under docs/examples/, so none is skipped and none shares a file."""
    files = sorted(p for p in (DOCS / "examples").rglob("*") if p.is_file())
    assert files
    assert sorted(Path(example.path) for example in EXAMPLES) == files


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_example(example: CodeExample, eval_example: EvalExample) -> None:
    # The project's ruff settings (pyproject.toml: line-length 100, target py311). The ignore:
    # set_config's Literal lists "py310" twice where its config (and ruff) accept "py311".
    eval_example.set_config(line_length=100, target_version="py311")  # type: ignore[arg-type]
    if eval_example.update_examples:
        eval_example.format(example)
        eval_example.run_print_update(example)
    else:
        eval_example.lint(example)
        eval_example.run_print_check(example)
