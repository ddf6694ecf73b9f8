"""Every exercise of the site, gathered from the chapter modules of this package.

Each content chapter has a module ``dplesson.exercises.<stem>`` exposing ``EXERCISES``, a
tuple of :class:`~dplesson.exercises.Exercise`. The chapters are found, not listed: every
module of this package but this one is a chapter's answer key, so adding a chapter's module
is all it takes. The course order is the site's navigation (``mkdocs.yml``), which the docs
build reads; here the chapters are in name order. This module checks what holds across
chapters: ids are unique, each exercise names the chapter whose module defines it, and each
chapter asks for every group of :data:`~dplesson.exercises.REQUIRED_SKILLS` (a transfer or
planning item, and a scenario). The docs build (``docs/hooks/exercises.py``) and the tests
read the exercises only through
:func:`all_exercises`, :func:`by_id` and :func:`for_chapter`.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from dplesson.exercises import REQUIRED_SKILLS

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from dplesson.exercises import Exercise

__all__ = ["CHAPTERS", "all_exercises", "by_id", "check_skills", "for_chapter"]

#: The content chapters with an answer key, as page stems (``docs/<locale>/<stem>.md``), in
#: name order: one per module of this package besides ``catalogue``.
CHAPTERS: tuple[str, ...] = tuple(
    sorted(
        found.name
        for found in pkgutil.iter_modules(importlib.import_module("dplesson.exercises").__path__)
        if found.name != "catalogue" and not found.name.startswith("_")
    )
)


def _load(stem: str) -> tuple[Exercise, ...]:
    """Return the ``EXERCISES`` of one chapter module, checked to belong to that chapter."""
    module = importlib.import_module(f"dplesson.exercises.{stem}")
    exercises: tuple[Exercise, ...] = tuple(module.EXERCISES)
    for exercise in exercises:
        if exercise.chapter != stem:
            raise ValueError(
                f"exercise {exercise.id!r} is defined in dplesson.exercises.{stem} "
                f"but names chapter {exercise.chapter!r}"
            )
    check_skills(stem, exercises)
    return exercises


def check_skills(stem: str, exercises: Iterable[Exercise]) -> None:
    """Refuse a chapter that lacks a group of ``REQUIRED_SKILLS``, naming the chapter and group.

    A chapter whose practice only recalls and substitutes fails the build, not a review.
    """
    asked = {exercise.skill for exercise in exercises}
    for group in REQUIRED_SKILLS:
        if not asked & set(group):
            raise ValueError(
                f"chapter {stem!r} needs an exercise of skill {' or '.join(group)}; "
                f"it has {', '.join(sorted(str(s) for s in asked)) or 'none'}"
            )


@cache
def _index() -> Mapping[str, Exercise]:
    """Every exercise by id, chapter by chapter; an id used twice is an error."""
    found: dict[str, Exercise] = {}
    for stem in CHAPTERS:
        for exercise in _load(stem):
            if exercise.id in found:
                raise ValueError(f"exercise id {exercise.id!r} is used twice")
            found[exercise.id] = exercise
    return MappingProxyType(found)


def all_exercises() -> tuple[Exercise, ...]:
    """Every exercise, chapter by chapter (in name order), each chapter in its own order."""
    return tuple(_index().values())


def by_id(exercise_id: str) -> Exercise:
    """Return the exercise called ``exercise_id``; ``KeyError`` naming it if there is none."""
    try:
        return _index()[exercise_id]
    except KeyError:
        raise KeyError(f"no exercise with id {exercise_id!r}") from None


def for_chapter(stem: str) -> tuple[Exercise, ...]:
    """Return the exercises of chapter ``stem`` in order; ``ValueError`` for an unknown stem."""
    if stem not in CHAPTERS:
        raise ValueError(f"stem must be one of {', '.join(CHAPTERS)}; got {stem!r}")
    return tuple(e for e in _index().values() if e.chapter == stem)
