"""Exercises of the chapter "Training models with differential privacy" (``training.md``).

Clipping one gradient, the L2 sensitivity of a clipped sum under replace-one, the batch size
to divide by under Poisson sampling, and the mistake of clipping and noising each layer on
its own instead of clipping the whole per-example gradient and adding noise once.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from dplesson import clip_gradients
from dplesson.exercises import Exercise

__all__ = ["EXERCISES"]

_GRADIENT = (6.0, 8.0)
_CLIP = 2.0
_CLIPPED = clip_gradients(np.array([_GRADIENT]), _CLIP)[0]

#: Replace-one: one example's gradient turns into its opposite; both are longer than C.
_C_SENS = 1.5
_LONG = np.array([[3.0, -4.0]])
_MOVED = clip_gradients(_LONG, _C_SENS)[0] - clip_gradients(-_LONG, _C_SENS)[0]

#: Poisson sampling: each of the records joins a batch with the same public rate.
_RECORDS = 10_000
_RATE = 0.01
_EXPECTED_BATCH = _RECORDS * _RATE

_LAYER_CODE = """\
import numpy as np
from dplesson import clip_gradients

rng = np.random.default_rng()
C, z = 1.0, 1.1
layers = {"w1": np.array([[3.0, 4.0]]), "w2": np.array([[0.0, 5.0]])}  # one example
noisy = {}
for name, grads in layers.items():
    clipped = clip_gradients(grads, C)
    noisy[name] = clipped.sum(axis=0) + rng.normal(0.0, z * C, grads.shape[1])
"""
_LAYERS = {"w1": np.array([[3.0, 4.0]]), "w2": np.array([[0.0, 5.0]])}
_JOINT = np.concatenate([clip_gradients(g, 1.0)[0] for g in _LAYERS.values()])

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _clip(p: Mapping[str, Any]) -> dict[str, float]:
    """Scale a gradient of length L > C by C/L: (g1, g2) becomes C/L (g1, g2)."""
    length = math.hypot(p["g1"], p["g2"])
    factor = min(1.0, p["clip"] / length)
    return {"answer": p["g1"] * factor, "length": length, "second": round(p["g2"] * factor, 2)}


def _sensitivity(p: Mapping[str, Any]) -> dict[str, float]:
    """Give the distance 2C of two clipped gradients pointing opposite ways."""
    return {"answer": 2 * p["clip"]}


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="training-clip",
        chapter="training",
        kind="number",
        params={
            "g1": _GRADIENT[0],
            "g2": _GRADIENT[1],
            "clip": _CLIP,
            "length": float(np.hypot(*_GRADIENT)),
            "second": round(float(_CLIPPED[1]), 2),
        },
        answer=float(_CLIPPED[0]),
        tolerance=0.01,
        textbook=_clip,
    ),
    Exercise(
        id="training-sensitivity",
        chapter="training",
        kind="number",
        params={"clip": _C_SENS},
        answer=float(np.linalg.norm(_MOVED)),
        tolerance=0.01,
        textbook=_sensitivity,
    ),
    Exercise(
        id="training-batch",
        chapter="training",
        kind="choice",
        params={"records": _RECORDS, "rate": _RATE, "expected": _EXPECTED_BATCH},
        options=("actual", "expected", "records"),
        correct="expected",
    ),
    Exercise(
        id="training-layer-bug",
        chapter="training",
        kind="bug",
        params={
            "layers": len(_LAYERS),
            "joint_norm": round(float(np.linalg.norm(_JOINT)), 2),
        },
        options=("per-layer", "laplace", "divide-first", "none"),
        correct="per-layer",
        code=_LAYER_CODE,
    ),
)
