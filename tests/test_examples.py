"""Run every example shown on the site and check the output it prints.

``pytest tests/test_examples.py --update-examples`` rewrites the ``#>`` output comments.
"""

from __future__ import annotations

import pytest
from pytest_examples import CodeExample, EvalExample, find_examples

from tests.conftest import DOCS

EXAMPLES = list(find_examples(str(DOCS / "examples")))


def test_examples_exist() -> None:
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_example(example: CodeExample, eval_example: EvalExample) -> None:
    eval_example.set_config(line_length=88, target_version="py310")
    if eval_example.update_examples:
        eval_example.format(example)
        eval_example.run_print_update(example)
    else:
        eval_example.lint(example)
        eval_example.run_print_check(example)
