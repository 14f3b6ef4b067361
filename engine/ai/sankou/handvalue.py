"""What a 三扣 hand is worth as dealer, before the kitty: a linear model fitted on play-outs.

``dealer_points`` is the mean of the points the heuristic takes as dealer at 80 with this
hand (every seat playing the heuristic, on the true cards), from counts a bidder sees at a
glance. The weights come from ``python -m bench ai_handvalue`` (ridge least squares on the
four seats of 4,000 deals): fitted on 12,000 of those hands, it explains 30 % of the
variance of the points on the other 4,000, the old four-count guess (``rollout.estimate``)
13 %; the rest is the kitty, the others' cards and the play (the points' spread is ±36).
The middle level bids with it (``bidding.MEDIUM_DISCOUNT``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.sankou.setup import best_trumps
from engine.cards import ACE, BIG_JOKER, KING, SMALL_JOKER, Card, Suit
from engine.sankou.order import LEVEL

#: The counts the model reads, in ``features`` order.
FEATURES = (
    "constant",
    "big jokers",
    "small jokers",
    "tens",
    "trump length",
    "trump length over 5",
    "trump aces and kings",
    "side aces",
    "side kings",
    "trump pairs",
    "side pairs",
    "void side suits",
    "side suits of 1-2 cards",
)
#: Points per count (``bench ai_handvalue``, deals 20000-23999).
WEIGHTS = (1.27, 12.75, 14.02, 15.41, -2.19, 7.49, 4.25, 2.32, 4.08, 6.92, 1.04, 12.82, 1.79)


def features(hand: Sequence[Card]) -> tuple[float, ...]:
    """The counts of ``FEATURES`` for ``hand``, trump being its best suit (``best_trumps``)."""
    trump = best_trumps(hand)[0]
    trumps: list[Card] = []
    side: list[Card] = []
    for c in hand:
        if c.suit is not None and c.rank != LEVEL:
            (trumps if c.suit is trump else side).append(c)
    copies: dict[Card, int] = {}
    for c in trumps + side:
        copies[c] = copies.get(c, 0) + 1
    pairs = [c for c, n in copies.items() if n == 2]
    lengths: dict[Suit | None, int] = {}
    for c in side:
        lengths[c.suit] = lengths.get(c.suit, 0) + 1
    return (
        1.0,
        sum(1 for c in hand if c.rank == BIG_JOKER),
        sum(1 for c in hand if c.rank == SMALL_JOKER),
        sum(1 for c in hand if c.rank == LEVEL),
        len(trumps),
        max(0, len(trumps) - 5),
        sum(1 for c in trumps if c.rank >= KING),
        sum(1 for c in side if c.rank == ACE),
        sum(1 for c in side if c.rank == KING),
        sum(1 for c in pairs if c.suit is trump),
        sum(1 for c in pairs if c.suit is not trump),
        3 - len(lengths),
        sum(1 for n in lengths.values() if n <= 2),
    )


def dealer_points(hand: Sequence[Card]) -> float:
    """The points the heuristic is expected to take as dealer with ``hand``."""
    return sum(w * x for w, x in zip(WEIGHTS, features(hand), strict=True))
