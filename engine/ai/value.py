"""Scoring a played-out world so that the points show, not only the settlement's tier.

A rollout ends in one settlement, a step function of the points taken: two candidates that
give away 10 points more or less score the same unless that crosses a threshold (45, the bid,
160; 135 between the 清墩 teams). One rollout is one plausible continuation among many, so
its points are uncertain by about a trick's worth; the value of a world is the settlement's
expectation under that uncertainty (points spread normally, in steps of 5, around the points
the rollout took), plus a small linear term, so more points are always a little better.
"""

from __future__ import annotations

import math
from collections.abc import Callable

STEP = 5  # every point card is worth 5 or 10


def kernel(sigma: float) -> list[tuple[int, float]]:
    """Offsets (multiples of ``STEP``) and their weights: a discrete normal of spread sigma."""
    reach = int(3 * sigma) // STEP * STEP
    raw = [(e, math.exp(-(e * e) / (2 * sigma * sigma))) for e in range(-reach, reach + 1, STEP)]
    total = sum(w for _, w in raw)
    return [(e, w / total) for e, w in raw]


def smoothed(settle: Callable[[int], float], points: int, spread: list[tuple[int, float]]) -> float:
    """The mean of ``settle`` over ``points`` plus each offset of the kernel."""
    return sum(w * settle(points + e) for e, w in spread)
