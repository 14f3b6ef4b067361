"""Settling a hand (RULES.md §2.8 and §2.9): the dealer's delta from the bid and the points,
and the result record of a hand played out or left."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, points
from engine.sankou.view import SankouResult, Tier

FULL = 200  # every point in two decks
LEAVE_PENALTY = 9  # §2.9: the leaver −9 × m, each opponent of the leaver +3 × m

_BASE: dict[Tier, int] = {
    Tier.ZERO: -9,
    Tier.UNDER_45: -6,
    Tier.UNDER_BID: -3,
    Tier.MADE: 3,
    Tier.OVER_160: 6,
    Tier.ALL_200: 9,
}


def tier(bid: int, dealer_points: int) -> Tier:
    """The row of the scoring table; not reaching the bid always loses."""
    c = dealer_points
    if c < bid:
        if c <= 0:
            return Tier.ZERO
        return Tier.UNDER_45 if c < 45 else Tier.UNDER_BID
    if c >= FULL:
        return Tier.ALL_200
    return Tier.OVER_160 if c >= 160 else Tier.MADE


def multiplier(bid: int) -> int:
    """×3 for a bid of 200, ×2 for a bid of 115 or more, else ×1."""
    if bid >= FULL:
        return 3
    return 2 if bid >= 115 else 1


def score(bid: int, dealer_points: int) -> int:
    """The dealer's delta; each other seat gets ``-delta // 3`` (always a whole number)."""
    return _BASE[tier(bid, dealer_points)] * multiplier(bid)


def deltas(dealer: int, delta: int) -> tuple[int, int, int, int]:
    """Everyone's delta when the dealer's is ``delta``: the three others share it equally."""
    each = -delta // 3
    return tuple(delta if seat == dealer else each for seat in range(4))  # type: ignore[return-value]


def leave_deltas(leaver: int, dealer: int | None, bid: int | None) -> tuple[int, int, int, int]:
    """§2.9 (a house rule): the leaver −9 × m and each opponent of the leaver +3 × m, where m
    is the multiplier of ``bid`` (the contract, or during the bidding the highest bid so far;
    ×1 before any bid). Opponents: the dealer when a defender leaves, each defender when the
    dealer leaves, every other seat while there is no dealer. Fellow defenders score 0, so
    neither the leaver nor its side can do better by leaving than by losing the hand."""
    m = 1 if bid is None else multiplier(bid)

    def delta(seat: int) -> int:
        if seat == leaver:
            return -LEAVE_PENALTY * m
        opponent = dealer is None or leaver == dealer or seat == dealer
        return LEAVE_PENALTY // 3 * m if opponent else 0

    return tuple(delta(seat) for seat in range(4))  # type: ignore[return-value]


def settled(
    dealer: int, bid: int, dealer_points: int, kitty: Sequence[Card], kitty_to_dealer: bool
) -> SankouResult:
    """The result of a hand played out; ``dealer_points`` already holds the kitty (保底)."""
    return SankouResult(
        dealer=dealer,
        bid=bid,
        dealer_points=dealer_points,
        kitty=tuple(kitty),
        kitty_points=points(kitty),
        kitty_to_dealer=kitty_to_dealer,
        tier=tier(bid, dealer_points),
        multiplier=multiplier(bid),
        deltas=deltas(dealer, score(bid, dealer_points)),
    )


def left(
    leaver: int, dealer: int | None, bid: int | None, dealer_points: int, kitty: Sequence[Card]
) -> SankouResult:
    """The result of a hand ``leaver`` left (void). ``bid``: the contract, or during the
    bidding the highest bid so far (None before any bid); the result shows a contract only
    once there is a dealer."""
    return SankouResult(
        dealer=dealer,
        bid=bid if dealer is not None else None,
        dealer_points=dealer_points,
        kitty=tuple(kitty),
        kitty_points=points(kitty),
        kitty_to_dealer=False,
        tier=Tier.LEFT,
        multiplier=1 if bid is None else multiplier(bid),
        deltas=leave_deltas(leaver, dealer, bid),
        leaver=leaver,
    )
