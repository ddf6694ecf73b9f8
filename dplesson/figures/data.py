"""The numbers behind every figure, computed once with the package's own functions.

Both the chapters' SVG figures (``catalogue``) and the lab's matplotlib figures (``plots``)
draw from these functions, so a figure's data exists in one place. Random data takes a
seeded ``numpy.random.Generator``; nothing touches the global random state.
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from dplesson import histograms, ledger, sampling
from dplesson.attacks import differencing_attack
from dplesson.calibration import laplace_calibration
from dplesson.density import laplace_log_density
from dplesson.gradients import clip_gradients
from dplesson.mechanisms import gaussian_sigma
from dplesson.sensitivity import closed_form_sensitivity
from dplesson.validation import check_count, check_rng

__all__ = [
    "averaging_attack",
    "budget_splits",
    "clipping",
    "differencing",
    "histogram_cells",
    "laplace_gaussian",
    "neighbour_densities",
    "noise_scales",
    "noise_vs_n",
    "sensitivity_vs_n",
    "support_gap",
]

Data = dict[str, Any]


def neighbour_densities() -> Data:
    """Four values in [0, 1] with epsilon 1: centres 0 and 0.25, scale 0.25, their log-ratio."""
    calibration = laplace_calibration(4, 0.0, 1.0, 1.0)
    scale, epsilon = calibration["scale"], calibration["epsilon"]
    centers = (0.0, calibration["sensitivity"])
    z = np.linspace(-1.0, 1.25, 451)
    logs = [laplace_log_density(z, center, scale) for center in centers]
    return {
        "z": z,
        "centers": centers,
        "scale": scale,
        "epsilon": epsilon,
        "densities": [np.exp(log) for log in logs],
        "log_ratio": logs[0] - logs[1],
    }


def noise_scales(epsilons: np.ndarray, sensitivities: tuple[float, ...]) -> list[list[float]]:
    """Return the Laplace scale ``sensitivity / epsilon`` for each sensitivity, at every epsilon."""
    return [
        [laplace_calibration(1, 0.0, s, float(e))["scale"] for e in epsilons] for s in sensitivities
    ]


def noise_vs_n(epsilons: tuple[float, ...] = (0.5, 1.0, 2.0), upper: float = 100.0) -> Data:
    """Return the Laplace scale of a mean of ``n`` values in [0, upper], ``n`` up to 4000."""
    counts = [10, 20, 50, 100, 200, 500, 1000, 2000, 4000]
    scales = [[laplace_calibration(n, 0.0, upper, e)["scale"] for n in counts] for e in epsilons]
    return {"n": counts, "epsilons": epsilons, "scales": scales, "upper": upper}


def sensitivity_vs_n() -> Data:
    """Replace-one sensitivity of the mean and the median of odd ``n`` integers in [0, 100]."""
    counts = [1, 3, 11, 31, 101, 301, 1001]
    rows = {
        query: [closed_form_sensitivity(query, 0, 100, n, "replace-one")["value"] for n in counts]
        for query in ("mean", "median")
    }
    return {"n": counts, "upper": 100, **rows}


def averaging_attack(rng: np.random.Generator, repeats: int = 40) -> Data:
    """Root-mean-square error of the mean of ``k`` answers (epsilon 0.1 each) and the budget.

    The error over ``repeats`` attacks follows ``sqrt(2) * 10 / sqrt(k)`` while the budget
    ``k * 0.1`` grows, for ``k`` from 1 to 1024.
    """
    rng = check_rng("rng", rng)
    repeats = check_count("repeats", repeats, 1, 1000)
    ks = [2**i for i in range(11)]
    observed, expected, spent = [], [], []
    for k in ks:
        runs = [ledger.averaging_attack(50.0, 0.1, k, rng) for _ in range(repeats)]
        observed.append(math.sqrt(math.fsum(run["error"] ** 2 for run in runs) / repeats))
        expected.append(runs[0]["mean_std"])
        spent.append(runs[0]["epsilon_spent"])
    return {"k": ks, "observed": observed, "expected": expected, "spent": spent, "epsilon": 0.1}


def budget_splits() -> Data:
    """Total noise variance of a budget of 1 split into ``m`` equal parts, or two at ``w``."""
    parts = np.arange(1, 9)
    equal = [ledger.split_variance(ledger.split_budget(1.0, int(m))) for m in parts]
    shares = np.linspace(0.1, 0.9, 81)
    weighted = [
        ledger.split_variance(ledger.split_budget_weighted(1.0, [w, 1.0 - w])) for w in shares
    ]
    return {"parts": parts, "equal": equal, "shares": shares, "weighted": weighted, "total": 1.0}


def support_gap(rng: np.random.Generator, samples: int = 2000, exact: bool = True) -> Data:
    """Share of releases from 0 that the neighbour 1 never produces, float vs exact sampler.

    The exact sampler's share is 0 by construction; the chapter's figure leaves it out
    (``exact=False``) rather than chart it as if it were measured, the lab draws it.
    """
    rng = check_rng("rng", rng)
    scales = (1, 10, 100)
    floats = [sampling.support_gap(0.0, 1.0, s, samples, rng)["share"] for s in scales]
    if not exact:
        return {"scales": scales, "float": floats, "a": 0, "b": 1}
    # The exact sampler asks for one small integer at a time, about 60,000 times here (in
    # every build, and in every locale's lab). A Mersenne Twister of its own, seeded from
    # ``rng``, answers each call about five times faster than ``rng.integers``. The shares
    # are 0 whatever the stream: every integer is a possible output from both sides. (This
    # figure counts outputs; a real release draws from ``secrets.randbelow``.)
    stream = random.Random(int(rng.integers(2**63)))
    shares = [
        sampling.discrete_support_gap(0, 1, s, 1, samples, stream.randrange)["share"]
        for s in scales
    ]
    return {"scales": scales, "float": floats, "exact": shares, "a": 0, "b": 1}


def histogram_cells() -> Data:
    """Return the histograms chapter's release: 40 points, 3 by 3 cells, epsilon 1.

    The exact integer release of ``docs/examples/histograms_release.md``, its noise drawn
    from the same seeded stream (``random.Random(2)``) so that figure and example agree.
    """
    points = np.random.default_rng(2).beta(2, 4, size=(40, 2))
    counts = histograms.histogram_2d(points, bins=3)
    stream = random.Random(2)
    noisy = histograms.release_histogram_exact(counts, 1.0, randbelow=stream.randrange)
    return {"counts": counts, "noisy": noisy, "epsilon": 1.0}


def clipping(rng: np.random.Generator, examples: int = 8, clip_norm: float = 1.0) -> Data:
    """Per-example gradient norms of random 2-D gradients before and after clipping."""
    rng = check_rng("rng", rng)
    examples = check_count("examples", examples, 1, 100)
    gradients = rng.normal(0.0, 1.0, (examples, 2)) * rng.uniform(0.3, 3.0, (examples, 1))
    before = np.linalg.norm(gradients, axis=1)
    after = np.linalg.norm(clip_gradients(gradients, clip_norm), axis=1)
    return {"before": before, "after": after, "clip_norm": clip_norm}


def differencing(rng: np.random.Generator, salary: float = 75.0) -> Data:
    """Gap between the two published averages against group size, and the salary revealed."""
    rng = check_rng("rng", rng)
    sizes = [5, 10, 20, 50, 100, 200, 500, 1000]
    gaps, revealed = [], []
    for n in sizes:
        others = rng.integers(30, 90, size=n - 1)
        attack = differencing_attack(np.append(others, salary), others)
        gaps.append(abs(attack["mean_with"] - attack["mean_without"]))
        revealed.append(float(attack["revealed_exact"]))
    return {"n": sizes, "gap": gaps, "revealed": revealed, "salary": salary}


def laplace_gaussian(epsilon: float = 0.5, delta: float = 1e-5) -> Data:
    """Densities of the noise for one count: Laplace (scale 1/epsilon) and Gaussian (sigma)."""
    scale = laplace_calibration(1, 0.0, 1.0, epsilon)["scale"]
    sigma = gaussian_sigma(1.0, epsilon, delta)
    z = np.linspace(-30.0, 30.0, 121)
    laplace = np.exp(laplace_log_density(z, 0.0, scale))
    gaussian = np.exp(-0.5 * (z / sigma) ** 2) / (sigma * math.sqrt(2.0 * math.pi))
    return {
        "z": z,
        "laplace": laplace,
        "gaussian": gaussian,
        "scale": scale,
        "sigma": sigma,
        "epsilon": epsilon,
        "delta": delta,
    }
