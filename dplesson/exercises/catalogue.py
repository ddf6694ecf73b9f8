"""Every exercise of the site, gathered from the chapter modules in course order.

Each content chapter has a module ``dplesson.exercises.<stem>`` exposing ``EXERCISES``, a
tuple of :class:`~dplesson.exercises.Exercise`. This module is the one place that lists the
chapters and checks what holds across them: ids are unique and each exercise names the
chapter whose module defines it. The docs build (``docs/hooks/exercises.py``) and the tests
read the exercises only through :func:`all_exercises`, :func:`by_id` and :func:`for_chapter`.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping

    from dplesson.exercises import Exercise

__all__ = ["CHAPTERS", "all_exercises", "by_id", "for_chapter"]

#: The content chapters, as page stems (``docs/<locale>/<stem>.md``), in course order.
CHAPTERS: tuple[str, ...] = (
    "anonymisation",
    "sensitivity",
    "laplace",
    "epsilon",
    "releasing",
    "composition",
    "mechanisms",
    "beyond",
    "histograms",
    "local",
    "training",
    "opendp",
    "practitioner",
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
    return exercises


@cache
def _index() -> Mapping[str, Exercise]:
    """Every exercise by id, in course order; an id used twice is an error."""
    found: dict[str, Exercise] = {}
    for stem in CHAPTERS:
        for exercise in _load(stem):
            if exercise.id in found:
                raise ValueError(f"exercise id {exercise.id!r} is used twice")
            found[exercise.id] = exercise
    return MappingProxyType(found)


def all_exercises() -> tuple[Exercise, ...]:
    """Every exercise, chapter by chapter in course order, each chapter in its own order."""
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
