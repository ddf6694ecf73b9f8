"""Exact values of floats, for the ledger tests: a float's binary value and the largest float
not above a fraction, computed by walking floats rather than through the package's code."""

from __future__ import annotations

import math
from fractions import Fraction


def exact(value: float) -> Fraction:
    """The float's binary value through its integer ratio, not through Fraction(float)."""
    numerator, denominator = float(value).as_integer_ratio()
    return Fraction(numerator, denominator)


def largest_float_at_most(target: Fraction) -> float:
    """Walk from a nearby float to the largest one not above ``target``."""
    guess = float(target.numerator / target.denominator)
    while exact(guess) > target:
        guess = math.nextafter(guess, -math.inf)
    while exact(math.nextafter(guess, math.inf)) <= target:
        guess = math.nextafter(guess, math.inf)
    return guess
