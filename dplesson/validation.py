"""Input rules shared by every public function: clear ``ValueError`` messages, no mutation.

The scalar and vector rules are the ones the lesson's checkpoints specify, so that the
package's own functions are the sample solutions the site shows.
"""

from __future__ import annotations

import math
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "Real",
    "check_choice",
    "check_count",
    "check_matrix",
    "check_rng",
    "check_scalar",
    "check_vector",
    "format_range",
]

#: The scalar types the public functions accept (bool is rejected at run time).
Real = int | float | np.integer[Any] | np.floating[Any]

Choice = TypeVar("Choice", bound=str)


def format_range(low: float, high: float) -> str:
    """Render a closed interval the way the error messages show it, e.g. ``[0.001, 100]``."""
    return f"[{low:g}, {high:g}]"


def _describe(value: object) -> str:
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} ({type(value).__name__})"


# --8<-- [start:check_scalar]
def check_scalar(name: str, value: object, low: float, high: float) -> float:
    """Return ``value`` as a Python float in ``[low, high]``, or raise ``ValueError``.

    Rejects ``bool`` and ``numpy.bool_``; accepts only Python/NumPy ints and floats; an
    overflow while converting to float is rejected too, and so is NaN or infinity.
    """
    expected = f"{name} must be a finite real number in {format_range(low, high)}"
    if isinstance(value, (bool, np.bool_)) or not isinstance(
        value, (int, float, np.integer, np.floating)
    ):
        raise ValueError(f"{expected}; got {_describe(value)}")
    try:
        number = float(value)
    except (OverflowError, ValueError, TypeError):
        raise ValueError(f"{expected}; got {_describe(value)}, too large for a float") from None
    if not math.isfinite(number) or not low <= number <= high:
        raise ValueError(f"{expected}; got {_describe(value)}")
    return number


# --8<-- [end:check_scalar]


# --8<-- [start:check_count]
def check_count(name: str, value: object, low: int, high: int) -> int:
    """Return ``value`` if it is a Python ``int`` (not bool, not a NumPy integer) in range."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(
            f"{name} must be a Python int in [{low}, {high}] fixed in advance; "
            f"got {_describe(value)}"
        )
    return value


# --8<-- [end:check_count]


# --8<-- [start:check_vector]
def check_vector(
    name: str,
    value: object,
    *,
    max_length: int,
    low: float,
    high: float,
) -> NDArray[np.float64]:
    """Return an independent 1-D float copy of ``value`` whose entries lie in ``[low, high]``.

    After ``np.asarray`` the value must be 1-D with dtype kind ``i``, ``u`` or ``f`` (so bool,
    complex, object and string arrays are rejected), finite, of length 1 to ``max_length``.
    """
    expected = (
        f"{name} must be a 1-D sequence of 1 to {max_length} finite real numbers "
        f"in {format_range(low, high)}"
    )
    raw = _real_array(value, 1, expected)
    if not 1 <= len(raw) <= max_length:
        raise ValueError(f"{expected}; got length {len(raw)}")
    return _finite_copy(raw, low, high, expected)


# --8<-- [end:check_vector]


def check_matrix(
    name: str,
    value: object,
    *,
    max_rows: int,
    max_columns: int,
    low: float,
    high: float,
) -> NDArray[np.float64]:
    """Return an independent 2-D float copy of ``value``, one row per record.

    The rules of ``check_vector`` for a table of 1 to ``max_rows`` rows and 1 to
    ``max_columns`` columns.
    """
    expected = (
        f"{name} must be a 2-D array of 1 to {max_rows} rows and 1 to {max_columns} columns "
        f"of finite real numbers in {format_range(low, high)}"
    )
    raw = _real_array(value, 2, expected)
    rows, columns = raw.shape
    if not (1 <= rows <= max_rows and 1 <= columns <= max_columns):
        raise ValueError(f"{expected}; got shape {raw.shape}")
    return _finite_copy(raw, low, high, expected)


def check_choice(name: str, value: object, choices: tuple[Choice, ...]) -> Choice:
    """Return ``value`` if it is one of the strings ``choices``, else raise ``ValueError``."""
    for choice in choices:
        if isinstance(value, str) and value == choice:
            return choice
    listed = ", ".join(repr(choice) for choice in choices)
    raise ValueError(f"{name} must be one of {listed}; got {_describe(value)}")


def check_rng(name: str, value: object) -> np.random.Generator:
    """Return ``value`` if it is a ``numpy.random.Generator``, else raise ``ValueError``.

    Seeds, ``None``, ``RandomState`` and the ``numpy.random`` module are refused: every draw
    comes from a generator the caller made, so a run can be repeated and nothing global moves.
    """
    if not isinstance(value, np.random.Generator):
        raise ValueError(
            f"{name} must be a numpy.random.Generator such as numpy.random.default_rng(2024); "
            f"got {_describe(value)}"
        )
    return value


def _real_array(value: object, ndim: int, expected: str) -> NDArray[Any]:
    """``np.asarray(value)`` if it has ``ndim`` dimensions and an int, uint or float dtype."""
    try:
        raw = np.asarray(value)
    except (ValueError, TypeError, OverflowError):
        raise ValueError(f"{expected}; got {_describe(value)}") from None
    if raw.ndim != ndim:
        raise ValueError(f"{expected}; got an array with {raw.ndim} dimensions")
    if raw.dtype.kind not in "iuf":
        raise ValueError(f"{expected}; got dtype {raw.dtype}")
    return raw


def _finite_copy(raw: NDArray[Any], low: float, high: float, expected: str) -> NDArray[np.float64]:
    """Return an independent float64 copy of ``raw`` after checking each entry is in range."""
    values: NDArray[np.float64] = raw.astype(np.float64, copy=True)
    if not np.isfinite(values).all():
        raise ValueError(f"{expected}; got a NaN or infinite entry")
    if np.any(values < low) or np.any(values > high):
        bad = values[(values < low) | (values > high)][0]
        raise ValueError(f"{expected}; got the entry {float(bad)!r}")
    return values
