"""Command line: ``python -m dplesson.checkpoints solution.py [--lang nl]``.

Prints one verdict per checkpoint and the score, e.g. ``Score: 2/3``; exits with 0 only if
every checkpoint passes, 1 if one fails, 2 if the file cannot be read or run.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from dplesson.checkpoints import LOCALES, check_file, score
from dplesson.checkpoints.command import run_checker
from dplesson.checkpoints.messages import message


def main(argv: Sequence[str] | None = None) -> int:
    """Check the file named on the command line and return the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m dplesson.checkpoints",
        description="Check your solutions to the lesson's three checkpoints.",
    )
    parser.add_argument("solution", type=Path, help="a Python file defining the functions")
    parser.add_argument("--lang", choices=LOCALES, default="en", help="language of the report")
    options = parser.parse_args(argv)
    path: Path = options.solution
    lang: str = options.lang
    results = run_checker(path, lang, check_file, message)
    if results is None:
        return 2
    for result in results:
        print(result.report(lang))
    print(score(results, lang))
    return 0 if all(result.passed for result in results) else 1


if __name__ == "__main__":
    sys.exit(main())
