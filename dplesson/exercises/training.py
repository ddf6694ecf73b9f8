"""Exercises of the chapter "Training models with differential privacy" (``training.md``).

Clipping one gradient, the L2 sensitivity of a clipped sum under replace-one, the batch size
to divide by under Poisson sampling, and the mistake of clipping and noising each layer on
its own instead of clipping the whole per-example gradient and adding noise once. Then what a
guarantee per training example says about a user with many examples (scenario), and the noise
a step needs when the user is the privacy unit (transfer).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from dplesson import clip_gradients
from dplesson.exercises import Exercise, Variant, numeric
from dplesson.sensitivity import contribution_sensitivity

# --- textbook values: from the shown parameters alone, never through dplesson's functions ------


def _textbook_clip(p: Mapping[str, Any]) -> dict[str, float]:
    """Scale a gradient of length L > C by C/L: (g1, g2) becomes C/L (g1, g2)."""
    length = math.hypot(p["g1"], p["g2"])
    factor = min(1.0, p["clip"] / length)
    return {"answer": p["g1"] * factor, "length": length, "second": round(p["g2"] * factor, 2)}


def _textbook_sensitivity(p: Mapping[str, Any]) -> dict[str, float]:
    """Give the distance 2C of two clipped gradients pointing opposite ways."""
    return {"answer": 2 * p["clip"]}


def _textbook_user_noise(p: Mapping[str, Any]) -> dict[str, float]:
    """Multiply a user's reach k · C on the summed gradient by the noise multiplier z."""
    return {"answer": p["z"] * p["k"] * p["clip"], "sensitivity": p["k"] * p["clip"]}


__all__ = ["EXERCISES"]

#: ``(g1, g2, C)``: one example's gradient, longer than the clipping norm C.
_CLIPS = ((6.0, 8.0, 2.0), (3.0, 4.0, 1.0), (5.0, 12.0, 2.6), (-9.0, 12.0, 3.0))


def _clip(g1: float, g2: float, clip: float) -> Variant:
    clipped = clip_gradients(np.array([[g1, g2]]), clip)[0]
    params = {
        "g1": g1,
        "g2": g2,
        "clip": clip,
        "length": float(np.hypot(g1, g2)),
        "second": round(float(clipped[1]), 2),
    }
    return Variant(params, round(float(clipped[0]), 12))  # without the float's last bits


#: Replace-one: one example's gradient turns into its opposite; both are longer than C.
_SENSITIVITIES = (1.5, 1.0, 0.5, 2.5)
_LONG = np.array([[3.0, -4.0]])


def _sensitivity(clip: float) -> Variant:
    moved = clip_gradients(_LONG, clip)[0] - clip_gradients(-_LONG, clip)[0]
    return Variant({"clip": clip}, round(float(np.linalg.norm(moved)), 12))


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

#: ``(k, C, z)``: at most k examples per user, each clipped to C, and the noise multiplier z.
_USERS = ((4, 1.0, 1.1), (10, 0.5, 1.0), (3, 2.0, 0.8), (8, 0.25, 1.2))


def _user_noise(k: int, clip: float, z: float) -> Variant:
    sensitivity = contribution_sensitivity(clip, k)
    params = {"k": k, "clip": clip, "z": z, "sensitivity": sensitivity}
    return Variant(params, round(z * sensitivity, 12))  # without the float's last bits


#: The keyboard model of the scenario: messages per user and the ε the team reports.
_MESSAGES, _REPORTED = 2000, 3.0

EXERCISES: tuple[Exercise, ...] = (
    numeric(
        "training-clip",
        "training",
        0.01,
        (_clip(*case) for case in _CLIPS),
        textbook=_textbook_clip,
        skill="apply",
    ),
    numeric(
        "training-sensitivity",
        "training",
        0.01,
        map(_sensitivity, _SENSITIVITIES),
        textbook=_textbook_sensitivity,
        skill="apply",
    ),
    Exercise(
        id="training-batch",
        skill="diagnose",
        chapter="training",
        kind="choice",
        params={"records": _RECORDS, "rate": _RATE, "expected": _EXPECTED_BATCH},
        options=("actual", "expected", "records"),
        correct="expected",
    ),
    Exercise(
        id="training-layer-bug",
        skill="diagnose",
        chapter="training",
        kind="bug",
        params={
            "layers": len(_LAYERS),
            "joint_norm": round(float(np.linalg.norm(_JOINT)), 2),
        },
        options=("per-layer", "per-example", "divide-first", "none"),
        correct="per-layer",
        code=_LAYER_CODE,
    ),
    Exercise(
        id="training-keyboard",
        chapter="training",
        kind="choice",
        skill="scenario",
        params={"messages": _MESSAGES, "epsilon": _REPORTED},
        options=("message", "user", "batch", "model"),
        correct="message",
    ),
    numeric(
        "training-user-noise",
        "training",
        0.01,
        (_user_noise(*c) for c in _USERS),
        textbook=_textbook_user_noise,
        skill="transfer",
    ),
)
