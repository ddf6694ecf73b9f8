"""The capstone's brief and its dataset: a month of rides of a city's shared bicycles.

The dataset is made up and generated here from a fixed seed with Python's own Mersenne
Twister (only ``random.Random.random``, whose stream Python keeps stable across versions), so
every reader, every version of NumPy and the checker see the same 41 thousand rides. One row
is one ride: the rider's identifier and the ride's length in whole minutes. A rider can have
many rides, which is the point of the exercise.

:data:`BRIEF` holds what the city publishes or asks for: the budget for the month, the
accuracy it needs, and the public facts a plan may use. Nothing in it is read from the data.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache

__all__ = ["BRIEF", "Brief", "rides"]


@dataclass(frozen=True)
class Brief:
    """The public side of the capstone: budget, requirements and facts known without the data.

    ``rides_target`` and ``mean_target`` are the half-widths of the 95 % error bars the city
    needs, bias from bounding included: the number of rides within ``±rides_target``, the mean
    ride length within ``±mean_target`` minutes.
    """

    total_epsilon: float = 1.0
    confidence: float = 0.95
    rides_target: float = 800.0
    mean_target: float = 0.6
    #: Public: the scheme ends every ride after this many minutes.
    ride_limit: int = 180
    #: Public: the most frequent riders take about this many rides per working day.
    rides_per_working_day: int = 2
    working_days: int = 21
    #: Public: last year's report, the share of rides shorter than these lengths, the rides
    #: of an average month and their mean length in minutes.
    report_minutes: tuple[int, int] = (45, 90)
    report_shares: tuple[float, float] = (0.95, 0.99)
    report_rides: int = 40_000
    report_mean: float = 17.0
    #: Public: the most rides the fleet can serve in a month, a bound on the rows for OpenDP.
    max_rows: int = 200_000
    #: The dataset: its seed and its number of riders (the number is not published).
    seed: int = 2027
    riders: int = 10_000


BRIEF = Brief()


def _normal(draw: random.Random) -> float:
    """One standard normal draw by Box-Muller, from two uniforms of ``draw``."""
    return math.sqrt(-2.0 * math.log(1.0 - draw.random())) * math.cos(2.0 * math.pi * draw.random())


def _geometric(draw: random.Random, mean: float) -> int:
    """Draw a count of at least 1 with the given mean, by inverting the geometric law."""
    return 1 + int(math.log(1.0 - draw.random()) / math.log(1.0 - 1.0 / mean))


@cache
def _generate(seed: int, riders: int, limit: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    draw = random.Random(seed)
    ids: list[int] = []
    minutes: list[int] = []
    for rider in range(riders):
        kind = draw.random()
        if kind < 0.75:  # occasional riders: a couple of rides, a little longer
            count, median = _geometric(draw, 2.0), 15.0
        elif kind < 0.97:  # regular riders
            count, median = _geometric(draw, 8.0), 13.0
        else:  # commuters: about thirty short rides
            count, median = round(30.0 + 6.0 * _normal(draw)), 10.0
        for _ in range(max(1, min(count, 62))):
            length = round(median * math.exp(0.7 * _normal(draw)))
            ids.append(rider)
            minutes.append(max(1, min(limit, length)))
    return tuple(ids), tuple(minutes)


def rides() -> dict[str, list[int]]:
    """Return the month's rides as columns: ``rider_id`` and ``minutes``, one entry per ride.

    A new dictionary of new lists on every call, so a reader's changes never reach the
    checker. Pass it to Polars as ``pl.LazyFrame(rides())``.
    """
    ids, minutes = _generate(BRIEF.seed, BRIEF.riders, BRIEF.ride_limit)
    return {"rider_id": list(ids), "minutes": list(minutes)}
