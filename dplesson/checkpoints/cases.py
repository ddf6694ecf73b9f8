"""The deterministic battery of each checkpoint: headline, edge and invalid cases.

Invalid inputs must raise ``ValueError``.
``kinds`` says how each part of a result is compared with the package's own result. The
checkpoints grade the privacy arithmetic, not how a number is stored, so numbers are judged
by value: ``float`` is a number (a Python or NumPy int or float, never a bool) equal to the
reference, ``close`` a number within a relative 1e-9 of it, ``int`` a Python or NumPy
integer equal to it; ``str`` and ``bool`` must match type and value exactly (a NumPy bool is
not ``True``); ``array`` is a new 1-D array of numbers within a relative 1e-9 (absolute
1e-12) of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np

from dplesson.calibration import laplace_calibration
from dplesson.composition import basic_composition
from dplesson.density import laplace_log_density

__all__ = ["CHECKPOINTS", "Case", "Checkpoint"]

NAN, INF = float("nan"), float("inf")


@dataclass(frozen=True)
class Case:
    """One call of the function under test; ``shown`` replaces unwieldy argument reprs."""

    args: tuple[Any, ...]
    kwargs: Mapping[str, Any] = field(default_factory=dict)
    valid: bool = True
    shown: str | None = None


@dataclass(frozen=True)
class Checkpoint:
    """A checkpoint: its number, the function name, the reference and the battery."""

    number: int
    name: str
    reference: Callable[..., Any]
    kinds: Mapping[str, str]
    cases: tuple[Case, ...]


def _bad(*args: Any, shown: str | None = None, **kwargs: Any) -> Case:
    return Case(args, kwargs, valid=False, shown=shown)


CALIBRATION = Checkpoint(
    number=1,
    name="laplace_calibration",
    reference=laplace_calibration,
    kinds={
        "count": "int",
        "lower": "float",
        "upper": "float",
        "epsilon": "float",
        "sensitivity": "close",
        "scale": "close",
        "neighbor_model": "str",
    },
    cases=(
        Case((4,)),
        Case((4,), {"epsilon": 0.5}),
        Case((4, 0.0, 1.0, 1.0)),
        Case((3, -2, 7, 2)),
        Case((1, -1e6, 1e6, 0.001)),
        Case((4096, 0.0, 0.001, 100.0)),
        Case((2, 0.25, 0.251, 1.0)),
        Case((7,), {"lower": -1.5, "upper": -0.5, "epsilon": 100}),
        Case((10, np.int64(-3), np.float64(2.5), np.float32(0.1))),
        Case((5, np.int8(0), np.uint16(10), np.float16(0.5))),
        _bad(True),
        _bad(False),
        _bad(np.int64(4)),
        _bad(np.bool_(True)),
        _bad(4.0),
        _bad(0),
        _bad(4097),
        _bad(-1),
        _bad("4"),
        _bad(None),
        _bad(4, True, 1.0),
        _bad(4, np.bool_(False), 1.0),
        _bad(4, NAN, 1.0),
        _bad(4, -INF, 1.0),
        _bad(4, -1000001.0, 1.0),
        _bad(4, "0", 1.0),
        _bad(4, Fraction(0), 1.0),
        _bad(4, Decimal("0"), 1.0),
        _bad(4, -(10**400), 1.0, shown="4, -(10**400), 1.0"),
        _bad(4, 1j, 2.0),
        _bad(4, 0.0, 2e6),
        _bad(4, 0.0, INF),
        _bad(4, 0.0, [1.0]),
        _bad(4, 0.0, np.array(1.0)),
        _bad(4, 0.0, 0.0005),
        _bad(4, 0.0, 0.0009999),
        _bad(4, 1.0, 0.0),
        _bad(4, 0.5, 0.5),
        _bad(4, 0.0, 1.0, 0),
        _bad(4, 0.0, 1.0, 0.0009),
        _bad(4, 0.0, 1.0, 100.5),
        _bad(4, 0.0, 1.0, -1.0),
        _bad(4, 0.0, 1.0, NAN),
        _bad(4, 0.0, 1.0, True),
        _bad(4, 0.0, 1.0, np.bool_(True)),
        _bad(4, 0.0, 1.0, "1"),
        _bad(4, 0.0, 1.0, 10**400, shown="4, 0.0, 1.0, 10**400"),
    ),
)

LOG_DENSITY = Checkpoint(
    number=2,
    name="laplace_log_density",
    reference=laplace_log_density,
    kinds={"result": "array"},
    cases=(
        Case(([0.0, 0.25],), {"center": 0.0, "scale": 0.25}),
        Case((np.array([0.0, 0.25]), 0.25, 0.25)),
        Case(((0, 1, 2),)),
        Case(([0.5],)),
        Case((np.array([1e6]), -1e6, 1e-12)),
        Case((np.array([-2.5, 7.25], dtype=np.float32), 0.5, 0.75)),
        Case((np.arange(-5, 6, dtype=np.int8), np.float32(0.5), np.int64(3))),
        Case((np.array([3, 4], dtype=np.uint16), 1.0, 2e9)),
        Case(
            (np.linspace(-1e6, 1e6, 4096), 3.0, 1.0),
            shown="np.linspace(-1e6, 1e6, 4096), 3.0, 1.0",
        ),
        _bad([]),
        _bad(np.array([])),
        _bad(0.5),
        _bad([[0.1, 0.2]]),
        _bad(np.zeros((2, 2))),
        _bad([True, False]),
        _bad(np.array([True])),
        _bad([1 + 0j]),
        _bad(np.array([0.1], dtype=object)),
        _bad(["0.1"]),
        _bad([NAN]),
        _bad([0.1, INF]),
        _bad([10**400], shown="[10**400]"),
        _bad([1000001.0]),
        _bad(np.zeros(4097), shown="np.zeros(4097)"),
        _bad(None),
        _bad({"a": 0.1}),
        _bad([0.0], True, 1.0),
        _bad([0.0], NAN, 1.0),
        _bad([0.0], 2e6, 1.0),
        _bad([0.0], "0", 1.0),
        _bad([0.0], 0.0, 0),
        _bad([0.0], 0.0, 1e-13),
        _bad([0.0], 0.0, 3e9),
        _bad([0.0], 0.0, -1.0),
        _bad([0.0], 0.0, True),
        _bad([0.0], 0.0, np.bool_(True)),
        _bad([0.0], 0.0, INF),
        _bad([0.0], 0.0, None),
    ),
)

COMPOSITION = Checkpoint(
    number=3,
    name="basic_composition",
    reference=basic_composition,
    kinds={
        "epsilon_prefix": "array",
        "epsilon_total": "close",
        "cap": "float",
        "releases": "int",
        "within_cap": "bool",
    },
    cases=(
        Case(([0.25, 0.25, 0.5],), {"cap": 1.0}),
        Case(([1.0, 2**-60],), {"cap": 1.0}, shown="[1.0, 2**-60], cap=1.0"),
        Case(([0.1] * 10, 1.0)),
        Case(([0.05] * 20, 1.0)),
        Case((np.array([0.5, 0.5]), 1.0)),
        Case((np.array([2**-60, 1.0]), 1.0), shown="np.array([2**-60, 1.0]), 1.0"),
        Case(([0.3, 0.3, 0.3], 0.9)),
        Case(([0.0], 0.0)),
        Case(([0.5],)),
        Case((np.array([0.75]), 1.0)),
        Case((np.full(64, 100.0), 6400.0), shown="np.full(64, 100.0), 6400.0"),
        Case((np.array([1, 2, 3], dtype=np.int64), np.float32(6.0))),
        Case((np.array([3, 4], dtype=np.uint8), 6)),
        _bad([]),
        _bad([0.1] * 65, shown="[0.1] * 65"),
        _bad([-0.1]),
        _bad([100.1]),
        _bad([NAN]),
        _bad([INF]),
        _bad([True]),
        _bad(np.array([True, False])),
        _bad([[0.1]]),
        _bad(["0.1"]),
        _bad([1j]),
        _bad(0.5),
        _bad(None),
        _bad([0.1], -1.0),
        _bad([0.1], 6400.5),
        _bad([0.1], True),
        _bad([0.1], np.bool_(False)),
        _bad([0.1], NAN),
        _bad([0.1], INF),
        _bad([0.1], "1"),
        _bad([0.1], None),
    ),
)

CHECKPOINTS: tuple[Checkpoint, ...] = (CALIBRATION, LOG_DENSITY, COMPOSITION)
