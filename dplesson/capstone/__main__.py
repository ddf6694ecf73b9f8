"""Command line: ``python -m dplesson.capstone solution.py [--lang nl]``.

Prints the verdict and one line per mistake; exits with 0 only if the solution passes, 1 if
the checker found a mistake, 2 if the file cannot be read or run.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from dplesson import locales
from dplesson.capstone import check_file, message
from dplesson.checkpoints.command import run_checker


def main(argv: Sequence[str] | None = None) -> int:
    """Check the file named on the command line and return the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m dplesson.capstone",
        description="Check your capstone release: PLAN and release(rides, plan).",
    )
    parser.add_argument("solution", type=Path, help="a Python file defining PLAN and release")
    parser.add_argument(
        "--lang", choices=locales.locales(), default="en", help="language of the report"
    )
    options = parser.parse_args(argv)
    path: Path = options.solution
    lang: str = options.lang
    result = run_checker(path, lang, check_file, message)
    if result is None:
        return 2
    print(result.report(lang))
    return 0 if result.passed else 1


if __name__ == "__main__":
    sys.exit(main())
