"""A privacy budget ledger with exact bookkeeping, budget splits, and the averaging attack.

Every epsilon is booked at the exact binary value of its float, as a ``Fraction``, so the
decision whether a release still fits the cap is never a rounding accident: 400 floats
``0.05`` add up to ``20 + 5/4503599627370496``, more than a cap of 20.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TypedDict

import numpy as np
from numpy.typing import ArrayLike

from dplesson.validation import (
    Real,
    check_count,
    check_rng,
    check_scalar,
    check_vector,
    format_range,
)

__all__ = [
    "AveragingAttack",
    "BudgetExceededError",
    "BudgetLedger",
    "averaging_attack",
    "split_budget",
    "split_budget_weighted",
    "split_variance",
]

BOUND = 1e6
CAP_RANGE = (0.0, 6400.0)
#: The one epsilon range for a release: what ``BudgetLedger.spend`` books and what every
#: part of ``split_budget`` and ``split_budget_weighted`` must lie in.
EPSILON_RANGE = (0.001, 100.0)
SENSITIVITY_RANGE = (1e-9, 1e6)
WEIGHT_RANGE = (0.0, 1e6)
MAX_PARTS = 4096
MAX_ANSWERS = 10**6


class BudgetExceededError(ValueError):
    """A release whose epsilon would take the exact total spent past the ledger's cap."""


# --8<-- [start:BudgetLedger]
class BudgetLedger:
    """Book releases against a public cap on the total epsilon; refuse any that overshoot.

    Totals are exact sums of the floats' binary values; a total equal to the cap fits.
    """

    def __init__(self, cap: Real) -> None:
        """Start an empty ledger whose total may reach, but not pass, ``cap``."""
        self._cap = check_scalar("cap", cap, *CAP_RANGE)
        self._epsilons: list[float] = []
        self._spent = Fraction(0)

    def spend(self, epsilon: Real) -> Fraction:
        """Book one release of ``epsilon`` and return the exact budget left afterwards.

        Raises ``BudgetExceededError`` (a ``ValueError``) and books nothing if the exact
        total would pass the cap.
        """
        epsilon = check_scalar("epsilon", epsilon, *EPSILON_RANGE)
        total = self._spent + Fraction(epsilon)
        if total > self.cap_exact:
            raise BudgetExceededError(
                f"epsilon must be at most the remaining budget {float(self.remaining)!r} "
                f"(exactly {self.remaining}); got {epsilon!r}, which would bring the exact "
                f"total to {total} > cap {self._cap!r}"
            )
        self._epsilons.append(epsilon)
        self._spent = total
        return self.remaining

    @property
    def cap(self) -> float:
        """The cap as given."""
        return self._cap

    @property
    def cap_exact(self) -> Fraction:
        """The exact binary value of the cap."""
        return Fraction(self._cap)

    @property
    def spent(self) -> Fraction:
        """The exact sum of every epsilon booked so far."""
        return self._spent

    @property
    def spent_float(self) -> float:
        """``spent`` rounded to the nearest float, for display."""
        return float(self._spent)

    @property
    def remaining(self) -> Fraction:
        """The exact budget left: ``cap_exact - spent``, never negative."""
        return self.cap_exact - self._spent

    @property
    def remaining_float(self) -> float:
        """``remaining`` rounded to the nearest float, for display."""
        return float(self.remaining)

    @property
    def releases(self) -> int:
        """How many releases were booked."""
        return len(self._epsilons)

    @property
    def epsilons(self) -> tuple[float, ...]:
        """The booked epsilons in order, as an immutable copy."""
        return tuple(self._epsilons)

    def __repr__(self) -> str:
        """Show the cap, the number of releases and the rounded total."""
        return (
            f"BudgetLedger(cap={self._cap!r}, releases={self.releases}, spent={self.spent_float!r})"
        )


# --8<-- [end:BudgetLedger]


def _float_at_most(value: Fraction) -> float:
    """Round ``value`` down to a float, so that booked parts never overshoot."""
    result = float(value)
    if Fraction(result) > value:
        result = math.nextafter(result, -math.inf)
    return result


def _bookable(part: float) -> bool:
    """Whether ``BudgetLedger.spend`` books ``part``: the one range both sides use."""
    return EPSILON_RANGE[0] <= part <= EPSILON_RANGE[1]


def _parts_that_fit(total: float) -> tuple[int, int]:
    """Return the least and the greatest ``parts`` whose rounded-down share of ``total`` fits."""
    exact = Fraction(total)
    low = max(1, math.ceil(exact / Fraction(EPSILON_RANGE[1])))
    while low > 1 and _float_at_most(exact / (low - 1)) <= EPSILON_RANGE[1]:
        low -= 1
    while low <= MAX_PARTS and _float_at_most(exact / low) > EPSILON_RANGE[1]:
        low += 1
    high = min(MAX_PARTS, math.floor(exact / Fraction(EPSILON_RANGE[0])))
    while high < MAX_PARTS and _float_at_most(exact / (high + 1)) >= EPSILON_RANGE[0]:
        high += 1
    while high >= 1 and _float_at_most(exact / high) < EPSILON_RANGE[0]:
        high -= 1
    return low, high


# --8<-- [start:split_budget]
def split_budget(total: Real, parts: int) -> list[float]:
    """Split ``total`` into ``parts`` equal epsilons whose exact sum does not exceed it.

    Each part is ``total / parts`` rounded down to a float, so a ledger capped at ``total``
    accepts all of them: a part must lie in ``[0.001, 100]``, the range ``BudgetLedger.spend``
    books, and a split whose part would not is refused with a ``ValueError``.
    """
    total = check_scalar("total", total, EPSILON_RANGE[0], CAP_RANGE[1])
    parts = check_count("parts", parts, 1, MAX_PARTS)
    part = _float_at_most(Fraction(total) / parts)
    if not _bookable(part):
        low, high = _parts_that_fit(total)
        raise ValueError(
            f"parts must be a Python int in [{low}, {high}] for total {total!r}, so that each "
            f"part total / parts lies in {format_range(*EPSILON_RANGE)}, the epsilon range "
            f"BudgetLedger.spend books; got {parts} (a part of {part!r})"
        )
    return [part] * parts


# --8<-- [end:split_budget]


def split_budget_weighted(total: Real, weights: ArrayLike) -> list[float]:
    """Split ``total`` in proportion to ``weights``, each part rounded down to a float.

    The exact sum of the parts never exceeds ``total``, and each part must lie in
    ``[0.001, 100]``, the range ``BudgetLedger.spend`` books, so a ledger capped at ``total``
    accepts the whole plan; a weight of 0, or one so small or so large that its part falls
    outside that range, is refused with a ``ValueError``.
    """
    total = check_scalar("total", total, EPSILON_RANGE[0], CAP_RANGE[1])
    shares = check_vector("weights", weights, max_length=MAX_PARTS, low=0.0, high=WEIGHT_RANGE[1])
    exact = [Fraction(float(w)) for w in shares]
    whole = sum(exact, Fraction(0))
    if whole == 0:
        raise ValueError("weights must include at least one positive weight; got all zeros")
    plan = [_float_at_most(Fraction(total) * w / whole) for w in exact]
    for index, part in enumerate(plan):
        if not _bookable(part):
            raise ValueError(
                f"weights must give every part total * weight / sum(weights) in "
                f"{format_range(*EPSILON_RANGE)}, the epsilon range BudgetLedger.spend books; "
                f"got weights[{index}] = {float(shares[index])!r}, a part of {part!r}"
            )
    return plan


# --8<-- [start:split_variance]
def split_variance(epsilons: ArrayLike, sensitivity: Real = 1.0) -> float:
    """Return ``sum(2 * (sensitivity / e)**2)``: the total noise variance of the releases.

    One Laplace release per epsilon: ``[e/2, e/2]`` gives ``16 / e**2`` and ``[e/3, 2e/3]``
    gives ``45 / (2 e**2)``, against ``2 / e**2`` for one release at ``e``.
    """
    values = check_vector(
        "epsilons", epsilons, max_length=MAX_PARTS, low=EPSILON_RANGE[0], high=EPSILON_RANGE[1]
    )
    sensitivity = check_scalar("sensitivity", sensitivity, *SENSITIVITY_RANGE)
    return math.fsum(2.0 * (sensitivity / float(e)) ** 2 for e in values)


# --8<-- [end:split_variance]


class AveragingAttack(TypedDict):
    """What ``averaging_attack`` returns: the attacker's estimate and what it cost."""

    true_value: float
    answers: int
    epsilon_each: float
    mean: float
    error: float
    single_std: float
    mean_std: float
    epsilon_spent: float
    epsilon_spent_exact: Fraction


# --8<-- [start:averaging_attack]
def averaging_attack(
    true_value: Real,
    epsilon_each: Real,
    k: int,
    rng: np.random.Generator,
    sensitivity: Real = 1.0,
) -> AveragingAttack:
    """Ask the same query ``k`` times at ``epsilon_each`` and average the noisy answers.

    The noise's standard deviation falls from ``sqrt(2) * sensitivity / epsilon_each`` to
    that over ``sqrt(k)``, while the budget spent grows to ``k * epsilon_each``: 400
    answers at 0.05 are twenty times more precise and cost 20.
    """
    true_value = check_scalar("true_value", true_value, -BOUND, BOUND)
    epsilon_each = check_scalar("epsilon_each", epsilon_each, *EPSILON_RANGE)
    k = check_count("k", k, 1, MAX_ANSWERS)
    rng = check_rng("rng", rng)
    sensitivity = check_scalar("sensitivity", sensitivity, *SENSITIVITY_RANGE)
    scale = sensitivity / epsilon_each
    answers = true_value + rng.laplace(0.0, scale, k)
    mean = math.fsum(answers.tolist()) / k
    single_std = math.sqrt(2.0) * scale
    spent = k * Fraction(epsilon_each)
    return {
        "true_value": true_value,
        "answers": k,
        "epsilon_each": epsilon_each,
        "mean": mean,
        "error": abs(mean - true_value),
        "single_std": single_std,
        "mean_std": single_std / math.sqrt(k),
        "epsilon_spent": float(spent),
        "epsilon_spent_exact": spent,
    }


# --8<-- [end:averaging_attack]
