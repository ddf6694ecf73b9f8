"""Round privacy losses, sensitivities and noise scales up, never to the nearest float.

A float result is usually the nearest float to the exact value, so half the time it is a
little *below* it. Where the number is a decision (how much budget a release spent, how large
a sensitivity is, how wide the noise must be), below is the unsafe side: the package reports
the smallest float at or above the exact value instead, as OpenDP does.

Rational values are computed exactly as ``Fraction``; values with logarithms, roots or
exponentials are computed in ``decimal`` with :data:`DIGITS` significant digits (each step
correctly rounded, so the result is within a relative ``10**-(DIGITS - 5)`` of the truth) and
then widened by :data:`MARGIN` before rounding up, which keeps them above the exact value.
"""

from __future__ import annotations

import decimal
import math
from contextlib import AbstractContextManager
from decimal import Decimal
from fractions import Fraction

__all__ = ["DIGITS", "MARGIN", "decimal_up", "exact", "expm1", "float_up", "precise"]

#: Significant digits of every ``decimal`` computation here.
DIGITS = 60
#: Relative widening of a ``decimal`` result before it is rounded up to a float: far more
#: than the rounding error of a few correctly rounded steps at :data:`DIGITS` digits.
MARGIN = Decimal("1e-45")


def _context(digits: int) -> decimal.Context:
    return decimal.Context(prec=digits, Emax=10**6, Emin=-(10**6))


def precise() -> AbstractContextManager[decimal.Context]:
    """Compute ``Decimal`` arithmetic, ``ln``, ``sqrt`` and ``exp`` with :data:`DIGITS` digits.

    Use as ``with precise(): ...``; every operator inside rounds to that many digits.
    """
    return decimal.localcontext(_context(DIGITS))


def exact(value: float | int | Fraction) -> Decimal:
    """Return a float or int as the exact ``Decimal``, a fraction to the context's digits."""
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(value)


def float_up(value: Fraction | int) -> float:
    """Return the smallest float that is at least ``value``, an exact rational number."""
    nearest = float(value)  # correctly rounded: int / int true division
    if Fraction(nearest) < value:
        nearest = math.nextafter(nearest, math.inf)
    return nearest


def decimal_up(value: Decimal, magnitude: Decimal | None = None) -> float:
    """Return a float at least the exact number that ``value`` approximates.

    ``value`` must come from a few steps of arithmetic inside :func:`precise`, whose rounding
    errors are far below :data:`MARGIN` times ``magnitude``: the largest absolute value of
    any term summed (``value`` itself when all terms are positive). It is widened by that
    much and rounded up.
    """
    with precise():
        size = abs(value) if magnitude is None else abs(magnitude)
        widened = value + MARGIN * size
    return float_up(Fraction(widened))


def expm1(value: float) -> Decimal:
    """Return ``e**value - 1`` for a non-negative float, to :data:`DIGITS` correct digits.

    ``exp`` is computed with as many extra digits as the subtraction of 1 cancels.
    """
    number = Decimal(value)
    if number == 0:
        return Decimal(0)
    with decimal.localcontext(_context(DIGITS + max(0, -number.adjusted()) + 5)):
        difference = number.exp() - 1
    with precise():
        return +difference  # rounded to DIGITS digits
