"""The value of a finished 清墩 rollout for one seat: settlement, team points, going-out order.

A hand that runs to its end settles on the team points (more than 135 wins ±10, a negative
team ±20); the value smooths that over a trick's worth of uncertainty in the points (see
``engine.ai.value``), so a candidate that gives away a K is worse even far from 135. 雙扣 and
the early end are settled as they are. Every result also adds a little for each team point
above 135 and for the seat's team having gone out first (頭家: it wins ties and takes the
partner's points), so that ties between candidates become rare.
"""

from __future__ import annotations

from functools import lru_cache

from engine.ai.value import kernel, smoothed
from engine.qingdun.view import QingdunResult, ResultKind

HALF = 135  # the team points that decide a normal result
TOTAL = 270  # the two teams' points after 末家's penalty
WIN, NEGATIVE = 10, 20
SIGMA = 15.0  # the spread of a rollout's team points
POINT_WEIGHT = 0.02  # value per team point above 135
FIRST_OUT_WEIGHT = 0.5  # value of the seat's team holding 頭家
_SPREAD = kernel(SIGMA)


def _settle(points: int, first: bool) -> float:
    """The delta of a team ending with ``points`` (``first``: it holds 頭家)."""
    if points < 0:
        return -NEGATIVE
    if points > TOTAL:  # the other team is negative
        return NEGATIVE
    if points == HALF:
        return WIN if first else -WIN
    return WIN if points > HALF else -WIN


@lru_cache(maxsize=4096)
def _smooth(points: int, first: bool) -> float:
    return smoothed(lambda p: _settle(p, first), points, _SPREAD)


def value(result: QingdunResult, seat: int) -> float:
    """What the result is worth to ``seat``."""
    team = seat % 2
    points = result.team_points[team]
    first = bool(result.order) and result.order[0] % 2 == team
    if result.kind in (ResultKind.NORMAL, ResultKind.NEGATIVE):
        base = _smooth(points, first)
    else:
        base = float(result.deltas[seat])
    order = FIRST_OUT_WEIGHT if first else -FIRST_OUT_WEIGHT
    return base + POINT_WEIGHT * (points - HALF) + order
