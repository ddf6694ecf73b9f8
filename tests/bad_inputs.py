"""Catalogues of invalid scalars and vectors shared by the tests of every public function."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import numpy as np

# Values that are never a valid scalar parameter, whatever the range.
BAD_SCALARS: list[object] = [
    True,
    False,
    np.bool_(True),
    float("nan"),
    float("inf"),
    float("-inf"),
    np.float64("nan"),
    1 + 0j,
    np.complex128(1),
    Fraction(1, 2),
    Decimal("0.5"),
    "0.5",
    b"1",
    None,
    [0.5],
    np.array(0.5),
    10**400,
    -(10**400),
]

# Values that are never a valid vector parameter, whatever the length or range.
BAD_VECTORS: list[object] = [
    [],
    np.array([]),
    0.5,
    [[0.1, 0.2]],
    np.zeros((2, 2)),
    [True, False],
    np.array([True]),
    [1 + 0j],
    np.array([0.1], dtype=object),
    ["0.1"],
    np.array(["0.1"]),
    [float("nan")],
    [0.1, float("inf")],
    [-float("inf")],
    [10**400],
    [[0.1], [0.1, 0.2]],
    {"a": 0.1},
    None,
]

# Values that are never a valid ``rng``: only a numpy.random.Generator is.
NOT_GENERATORS: list[object] = [
    None,
    42,
    np.random.RandomState(0),
    np.random,
    random.Random(0),
    np.random.default_rng(0).bit_generator,
    "rng",
]
