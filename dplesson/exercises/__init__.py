"""The answer key of the site's exercises: one language-neutral source, computed by ``dplesson``.

Each chapter module (``dplesson.exercises.laplace`` and so on) defines its exercises with the
package's own functions, so every parameter a question shows and every numeric answer is a
number the code gives today. The pages hold only the wording: a block
``<div data-exercise="ID" markdown>`` whose ``{name}`` placeholders the docs build fills in
from :attr:`Exercise.params` (written the reader's way) and whose answer it attaches.

A numeric exercise has several :class:`Variant` s: the same question with other numbers, each
with its own answer, all computed here. The page shows the first and carries the others, so
each new attempt of a reader draws other numbers (``docs/assets/exercises/exercises.js``).

A number exercise also carries its :attr:`Exercise.textbook`: the answer recomputed from a
variant's shown parameters alone with the textbook formula, never through the package's
functions, so ``tests/test_exercise_answers.py`` checks every variant's answer (and every
shown parameter derived from the others) against an independent computation without a list
of its own. Adding an exercise is one entry in its chapter's module.

Every exercise also names the :data:`Skill` it asks for, from recalling a definition to
planning a release, so that the catalogue can hold each chapter to :data:`REQUIRED_SKILLS`:
at least one item that transfers the chapter's idea or plans over several steps, and one
scenario that judges a described release.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

__all__ = [
    "KINDS",
    "MIN_VARIANTS",
    "REQUIRED_SKILLS",
    "SKILLS",
    "Exercise",
    "Kind",
    "Skill",
    "Textbook",
    "Variant",
    "number",
    "numeric",
]

Kind = Literal["number", "choice", "bug"]
#: ``number``: type a number; ``choice``: pick one option; ``bug``: pick the faulty line or
#: the right diagnosis of a code snippet (``code``) that the build shows in every locale.
KINDS: tuple[Kind, ...] = ("number", "choice", "bug")
Skill = Literal["recall", "apply", "diagnose", "transfer", "plan", "scenario"]
#: What the learner must do, the classes of the course review (``content-t3.md`` §2.6):
#: ``recall`` a definition or fact; ``apply`` a formula the page gives; ``diagnose`` a bug or
#: a false reading in one step; ``transfer`` the chapter's idea to a query or setting the
#: page does not work through; ``plan`` over several steps towards a design decision (a
#: size, a budget, an accuracy); ``scenario``: judge a described release, its neighbour
#: model and privacy unit, and what follows from them.
SKILLS: tuple[Skill, ...] = ("recall", "apply", "diagnose", "transfer", "plan", "scenario")
#: What every chapter asks at least once: each group is met by an exercise of any of its
#: skills (checked by ``catalogue``).
REQUIRED_SKILLS: tuple[tuple[Skill, ...], ...] = (("transfer", "plan"), ("scenario",))
#: The fewest variants a numeric exercise has (``tests/test_exercise_answers.py`` holds each
#: exercise of the catalogue to it).
MIN_VARIANTS = 3

Value = float | int | str
#: From a variant's shown parameters, the textbook values: ``"answer"``, and every shown
#: parameter that the question derives from the others (a rounded value, a sensitivity).
Textbook = Callable[[Mapping[str, Any]], Mapping[str, float]]


@dataclass(frozen=True)
class Variant:
    """One set of numbers of an exercise: the parameters its text shows and its answer.

    ``answer`` is the exact value of a ``number`` exercise, ``None`` for the other kinds.
    """

    params: Mapping[str, Value]
    answer: float | None = None

    def __post_init__(self) -> None:
        """Freeze the parameters, so the catalogue cannot change under the build."""
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))


@dataclass(frozen=True)
class Exercise:
    """One exercise: its id, page, kind, the numbers it shows and its answer.

    ``params`` are shown in the question through ``{name}`` placeholders; ``answer`` (for
    ``number``) is accepted within ``tolerance`` (absolute) of the exact value; ``options``
    are the option ids the page words (``data-option="ID"``) and ``correct`` the right one.
    ``code`` is the snippet of a ``bug`` exercise, shown as a code block in every locale.
    ``skill`` (required) is what the exercise asks the learner to do (:data:`SKILLS`).
    ``variants`` are the exercise's sets of numbers; give either ``variants`` or ``params``
    and ``answer`` (one variant). ``params`` and ``answer`` are always the first variant's,
    the one a page shows before any attempt and without JavaScript. ``textbook`` (``number``
    only, required) recomputes a variant's answer from its parameters with the textbook
    formula, independently of how the module computed it.
    """

    id: str
    chapter: str
    kind: Kind
    params: Mapping[str, Value] = field(default_factory=dict)
    answer: float | None = None
    tolerance: float = 0.0
    options: tuple[str, ...] = ()
    correct: str | None = None
    code: str | None = None
    variants: tuple[Variant, ...] = ()
    skill: Skill | None = None
    textbook: Textbook | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        """Check the entry's own consistency, so a broken key fails at import, not on a page."""
        if not self.id or not all(c.isalnum() or c == "-" for c in self.id):
            raise ValueError(f"id must be letters, digits and '-'; got {self.id!r}")
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}; got {self.kind!r}")
        if self.skill not in SKILLS:
            raise ValueError(
                f"{self.id}: skill must be one of {', '.join(SKILLS)}; got {self.skill!r}"
            )
        self._take_variants()
        if self.kind == "number":
            if any(v.answer is None or not math.isfinite(v.answer) for v in self.variants):
                raise ValueError(f"{self.id}: a number exercise needs a finite answer")
            if not (math.isfinite(self.tolerance) and self.tolerance >= 0):
                raise ValueError(f"{self.id}: tolerance must be a finite number >= 0")
            if self.options or self.correct is not None:
                raise ValueError(f"{self.id}: a number exercise has no options")
            if not callable(self.textbook):
                raise ValueError(f"{self.id}: a number exercise needs its textbook recomputation")
        else:
            if len(self.variants) != 1 or self.answer is not None:
                raise ValueError(f"{self.id}: a {self.kind} exercise has one variant, no answer")
            if len(self.options) < 2 or len(set(self.options)) != len(self.options):
                raise ValueError(f"{self.id}: needs at least two distinct options")
            if self.correct not in self.options:
                raise ValueError(f"{self.id}: correct must be one of its options")
            if self.textbook is not None:
                raise ValueError(f"{self.id}: only a number exercise has a textbook answer")
        if (self.kind == "bug") != (self.code is not None):
            raise ValueError(f"{self.id}: code is given for bug exercises, and only for them")

    def _take_variants(self) -> None:
        """Set ``variants``; the first one's numbers are also ``params`` and ``answer``."""
        if not self.variants:
            object.__setattr__(self, "variants", (Variant(self.params, self.answer),))
        elif self.params or self.answer is not None:
            raise ValueError(f"{self.id}: give either variants or params and answer, not both")
        first = self.variants[0]
        names = set(first.params)
        for index, variant in enumerate(self.variants):
            if set(variant.params) != names:
                raise ValueError(
                    f"{self.id}: variant {index} has the parameters {sorted(variant.params)}, "
                    f"variant 0 {sorted(names)}"
                )
        if len({tuple(sorted(v.params.items())) for v in self.variants}) != len(self.variants):
            raise ValueError(f"{self.id}: two variants show the same numbers")
        object.__setattr__(self, "params", first.params)
        object.__setattr__(self, "answer", first.answer)

    def varying(self) -> frozenset[str]:
        """Return the parameter names whose value differs between variants (``answer`` too)."""
        names = {name for name in self.params if len({v.params[name] for v in self.variants}) > 1}
        if len({v.answer for v in self.variants}) > 1:
            names.add("answer")
        return frozenset(names)


def number(
    id: str,
    chapter: str,
    answer: float,
    tolerance: float,
    params: Mapping[str, Value],
    *,
    skill: Skill,
    textbook: Textbook,
) -> Exercise:
    """Return a ``number`` exercise with one set of numbers, ``params`` and ``answer``."""
    return Exercise(
        id,
        chapter,
        "number",
        params,
        answer=answer,
        tolerance=tolerance,
        skill=skill,
        textbook=textbook,
    )


def numeric(
    id: str,
    chapter: str,
    tolerance: float,
    variants: Iterable[Variant],
    *,
    skill: Skill,
    textbook: Textbook,
) -> Exercise:
    """Return a ``number`` exercise with several sets of numbers, the first shown first."""
    return Exercise(
        id,
        chapter,
        "number",
        tolerance=tolerance,
        variants=tuple(variants),
        skill=skill,
        textbook=textbook,
    )
