"""The differencing attack: two exact aggregates that differ by one person reveal that person.

Publishing the mean of a group with and without one member gives away the member's value,
however large the group: ``n * mean_with - (n - 1) * mean_without``. Noise calibrated to the
sensitivity is what stops it.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TypedDict

from numpy.typing import ArrayLike

from dplesson.validation import check_vector

__all__ = ["DifferencingAttack", "differencing_attack"]

MAX_GROUP = 4096
BOUND = 1e6


class DifferencingAttack(TypedDict):
    """What ``differencing_attack`` returns: the two published means and what they reveal."""

    n: int
    mean_with: float
    mean_without: float
    revealed: float
    revealed_exact: Fraction


# --8<-- [start:differencing_attack]
def differencing_attack(values_with: ArrayLike, values_without: ArrayLike) -> DifferencingAttack:
    """Recover the one value in ``values_with`` that ``values_without`` lacks from two means.

    ``values_without`` must be ``values_with`` with exactly one value removed, in any
    order; anything else is refused with a ``ValueError``. ``revealed`` is what an attacker
    gets from the two published (rounded) means; ``revealed_exact`` uses exact means and
    equals the person's value exactly.
    """
    group = check_vector("values_with", values_with, max_length=MAX_GROUP, low=-BOUND, high=BOUND)
    rest = check_vector(
        "values_without", values_without, max_length=MAX_GROUP - 1, low=-BOUND, high=BOUND
    )
    n = len(group)
    if len(rest) != n - 1:
        raise ValueError(
            f"values_without must hold one value fewer than values_with, {n - 1}; got {len(rest)}"
        )
    kept, whole = Counter(rest.tolist()), Counter(group.tolist())
    missing = kept - whole
    if missing:
        value = min(missing)
        raise ValueError(
            "values_without must equal values_with with exactly one value removed (as a "
            f"multiset, in any order); got {value!r} {kept[value]} time(s) in values_without "
            f"but {whole[value]} time(s) in values_with"
        )
    exact_with = sum((Fraction(float(v)) for v in group), Fraction(0)) / n
    exact_without = sum((Fraction(float(v)) for v in rest), Fraction(0)) / (n - 1)
    mean_with, mean_without = float(exact_with), float(exact_without)
    revealed_exact = n * exact_with - (n - 1) * exact_without
    return {
        "n": n,
        "mean_with": mean_with,
        "mean_without": mean_without,
        "revealed": n * mean_with - (n - 1) * mean_without,
        "revealed_exact": revealed_exact,
    }


# --8<-- [end:differencing_attack]
