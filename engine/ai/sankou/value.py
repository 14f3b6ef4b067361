"""The value of a finished 三扣 rollout for one seat: the expected score, not only the tier.

The dealer's delta is a step function of its points (45, the bid, 160, 200; ×2 from a bid
of 115, ×3 at 200). A rollout's points are one continuation among many, uncertain by about a
trick's worth, so the value is the delta's expectation under that spread (``engine.ai.value``),
plus a little per point, so that a card that gives away 10 points shows even far from a
threshold. Each defender's value is minus a third of the dealer's, as the scores are.
"""

from __future__ import annotations

from functools import lru_cache

from engine.ai.value import kernel, smoothed
from engine.sankou import scoring
from engine.sankou.scoring import FULL
from engine.sankou.view import SankouResult

SIGMA = 10.0  # the spread of a rollout's dealer points
POINT_WEIGHT = 0.01  # dealer's value per point, times the contract's multiplier
_SPREAD = kernel(SIGMA)


def _settle(bid: int, points: int) -> float:
    return float(scoring.score(bid, min(FULL, max(0, points))))


@lru_cache(maxsize=8192)
def dealer_value(bid: int, points: int) -> float:
    """The dealer's value of taking ``points`` on a contract of ``bid``."""
    return spread_value(bid, points, _SPREAD)


def spread_value(bid: int, points: int, spread: list[tuple[int, float]]) -> float:
    """``dealer_value`` with another spread of the points (``kernel``): a wider one where
    the points are less sure than a rollout's."""
    settled = smoothed(lambda p: _settle(bid, p), points, spread)
    return settled + POINT_WEIGHT * scoring.multiplier(bid) * (points - bid)


def value(result: SankouResult, seat: int) -> float:
    assert result.bid is not None
    dealer = dealer_value(result.bid, result.dealer_points)
    return dealer if seat == result.dealer else -dealer / 3
