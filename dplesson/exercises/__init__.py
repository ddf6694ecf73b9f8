"""The answer key of the site's exercises: one language-neutral source, computed by ``dplesson``.

Each chapter module (``dplesson.exercises.laplace`` and so on) defines its exercises with the
package's own functions, so every parameter a question shows and every numeric answer is a
number the code gives today. The pages hold only the wording: a block
``<div data-exercise="ID" markdown>`` whose ``{name}`` placeholders the docs build fills in
from :attr:`Exercise.params` (written the reader's way) and whose answer it attaches.

A number exercise also carries its :attr:`Exercise.textbook`: the answer recomputed from the
shown parameters alone with the textbook formula, never through the package's functions, so
``tests/test_exercise_answers.py`` checks every numeric answer (and every shown parameter
derived from the others) against an independent computation without a list of its own.
Adding an exercise is one entry in its chapter's module.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

__all__ = ["KINDS", "Exercise", "Kind", "Textbook", "number"]

Kind = Literal["number", "choice", "bug"]
#: ``number``: type a number; ``choice``: pick one option; ``bug``: pick the faulty line or
#: the right diagnosis of a code snippet (``code``) that the build shows in every locale.
KINDS: tuple[Kind, ...] = ("number", "choice", "bug")
#: From the shown parameters, the textbook values: ``"answer"``, and every shown parameter
#: that the question derives from the others (a rounded value, a sensitivity), by name.
Textbook = Callable[[Mapping[str, Any]], Mapping[str, float]]


@dataclass(frozen=True)
class Exercise:
    """One exercise: its id, page, kind, the numbers it shows and its answer.

    ``params`` are shown in the question through ``{name}`` placeholders; ``answer`` (for
    ``number``) is accepted within ``tolerance`` (absolute) of the exact value; ``options``
    are the option ids the page words (``data-option="ID"``) and ``correct`` the right one.
    ``code`` is the snippet of a ``bug`` exercise, shown as a code block in every locale.
    ``textbook`` (``number`` only, required) recomputes the answer from ``params`` with the
    textbook formula, independently of how the module computed it.
    """

    id: str
    chapter: str
    kind: Kind
    params: Mapping[str, float | int | str] = field(default_factory=dict)
    answer: float | None = None
    tolerance: float = 0.0
    options: tuple[str, ...] = ()
    correct: str | None = None
    code: str | None = None
    textbook: Textbook | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        """Check the entry's own consistency, so a broken key fails at import, not on a page."""
        if not self.id or not all(c.isalnum() or c == "-" for c in self.id):
            raise ValueError(f"id must be letters, digits and '-'; got {self.id!r}")
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}; got {self.kind!r}")
        if self.kind == "number":
            if self.answer is None or not math.isfinite(self.answer):
                raise ValueError(f"{self.id}: a number exercise needs a finite answer")
            if not (math.isfinite(self.tolerance) and self.tolerance >= 0):
                raise ValueError(f"{self.id}: tolerance must be a finite number >= 0")
            if self.options or self.correct is not None:
                raise ValueError(f"{self.id}: a number exercise has no options")
            if not callable(self.textbook):
                raise ValueError(f"{self.id}: a number exercise needs its textbook recomputation")
        else:
            if self.answer is not None:
                raise ValueError(f"{self.id}: a {self.kind} exercise has no numeric answer")
            if len(self.options) < 2 or len(set(self.options)) != len(self.options):
                raise ValueError(f"{self.id}: needs at least two distinct options")
            if self.correct not in self.options:
                raise ValueError(f"{self.id}: correct must be one of its options")
            if self.textbook is not None:
                raise ValueError(f"{self.id}: only a number exercise has a textbook answer")
        if (self.kind == "bug") != (self.code is not None):
            raise ValueError(f"{self.id}: code is given for bug exercises, and only for them")
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))


def number(
    id: str,
    chapter: str,
    answer: float,
    tolerance: float,
    params: Mapping[str, float | int | str],
    textbook: Textbook,
) -> Exercise:
    """Return a ``number`` exercise whose question shows ``params`` (the common case, short)."""
    return Exercise(
        id, chapter, "number", params, answer=answer, tolerance=tolerance, textbook=textbook
    )
