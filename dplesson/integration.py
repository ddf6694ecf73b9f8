"""Exact-enough integrals over Laplace noise, for the selection mechanisms' probabilities.

Report noisy max and the sparse vector technique have no closed form for their output
probabilities once there are more than two options, but each is a one-dimensional integral
of Laplace densities and distribution functions. Those integrands are smooth except at a few
known points (where a Laplace variable's argument is zero), so Gauss-Legendre quadrature on
short pieces between those points is accurate to about 1e-13, which is what the tests need
to check ``P(output | D) <= e^ε · P(output | D')`` to nine digits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from itertools import pairwise

import numpy as np
from numpy.typing import NDArray

__all__ = ["Integrand", "integrate", "laplace_cdf", "laplace_density", "laplace_survival"]

#: Laplace tails beyond this many scales hold exp(-60) / 2 ~ 4e-27 of the mass: nothing.
TAIL_SCALES = 60.0
#: Nodes per piece and the longest piece, in units of the narrowest scale.
NODES = 24
PIECE = 0.5

Integrand = Callable[[NDArray[np.float64]], NDArray[np.float64]]


def laplace_density(x: NDArray[np.float64], scale: float) -> NDArray[np.float64]:
    """Density of Laplace noise of mean 0 and scale ``scale`` at ``x``."""
    result: NDArray[np.float64] = np.exp(-np.abs(x) / scale) / (2.0 * scale)
    return result


def laplace_cdf(x: NDArray[np.float64], scale: float) -> NDArray[np.float64]:
    """``P(Z <= x)`` for Laplace noise ``Z`` of scale ``scale``, accurate in both tails."""
    half = 0.5 * np.exp(-np.abs(x) / scale)
    result: NDArray[np.float64] = np.where(x < 0.0, half, 1.0 - half)
    return result


def laplace_survival(x: NDArray[np.float64], scale: float) -> NDArray[np.float64]:
    """``P(Z > x)`` for Laplace noise ``Z``, computed directly (not ``1 - cdf``)."""
    half = 0.5 * np.exp(-np.abs(x) / scale)
    result: NDArray[np.float64] = np.where(x < 0.0, 1.0 - half, half)
    return result


@cache
def _nodes() -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    nodes, weights = np.polynomial.legendre.leggauss(NODES)
    return nodes, weights


def integrate(
    integrand: Integrand, low: float, high: float, kinks: Iterable[float], width: float
) -> NDArray[np.float64]:
    """Integrate ``integrand`` (vector-valued: one row per output) over ``[low, high]``.

    ``kinks`` are the points where the integrand is not smooth; every piece between them is
    cut further into pieces no longer than ``width`` (a fraction of the narrowest noise
    scale), so each piece sees one smooth, slowly varying exponential.
    """
    points = sorted({low, high, *(k for k in kinks if low < k < high)})
    edges: list[float] = []
    for start, stop in pairwise(points):
        pieces = max(1, int(np.ceil((stop - start) / width)))
        edges.extend(np.linspace(start, stop, pieces + 1)[:-1].tolist())
    edges.append(points[-1])
    left = np.array(edges[:-1])
    right = np.array(edges[1:])
    nodes, weights = _nodes()
    half = (right - left) / 2.0
    x = (left[:, None] + half[:, None] * (nodes[None, :] + 1.0)).ravel()
    w = (half[:, None] * weights[None, :]).ravel()
    values = integrand(x)
    result: NDArray[np.float64] = values @ w
    return result
