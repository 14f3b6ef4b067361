"""What one seat (or the public) may know of a 三扣 hand: plain frozen data for front ends.

The kitty appears only in the dealer's view while the hand runs, and in the result once it is
over. A public view (``seat is None``) holds no cards of any hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

from engine.cards import Card, Suit


class Phase(StrEnum):
    BIDDING = "bidding"
    KITTY = "kitty"
    TRUMP = "trump"
    PLAY = "play"
    OVER = "over"


class Tier(Enum):
    """Rows of the scoring table (RULES.md §2.8), before the ×2 / ×3 multiplier."""

    ZERO = "zero"  # c = 0: dealer -9
    UNDER_45 = "under_45"  # 0 < c < 45: -6
    UNDER_BID = "under_bid"  # 45 <= c < bid: -3
    MADE = "made"  # bid <= c < 160: +3
    OVER_160 = "over_160"  # c >= bid, 160 <= c < 200: +6
    ALL_200 = "all_200"  # c = 200: +9
    LEFT = "left"  # a player left; the hand is void (§2.9)


@dataclass(frozen=True, slots=True)
class BidEntry:
    seat: int
    amount: int | None  # None = pass


@dataclass(frozen=True, slots=True)
class TrickPlay:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class FailedThrow:
    """A throw that did not stand: the leader tried ``attempted`` and had to play ``forced``."""

    seat: int
    attempted: tuple[Card, ...]
    forced: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class FinishedTrick:
    leader: int
    winner: int
    points: int
    plays: tuple[TrickPlay, ...]
    failed_throw: FailedThrow | None = None


@dataclass(frozen=True, slots=True)
class SankouResult:
    dealer: int | None  # None only when a player left during the bidding
    bid: int | None
    dealer_points: int  # c, including the kitty when 保底 applies
    kitty: tuple[Card, ...]  # revealed once the hand is over
    kitty_points: int
    kitty_to_dealer: bool  # 保底: the dealer won the last trick
    tier: Tier
    multiplier: int  # 1, 2 (bid >= 115) or 3 (bid = 200)
    deltas: tuple[int, int, int, int]  # by seat
    leaver: int | None = None


@dataclass(frozen=True, slots=True)
class SankouView:
    seat: int | None  # whose view this is; None = public
    phase: Phase
    hand: tuple[Card, ...] | None  # own cards (None in the public view)
    hand_sizes: tuple[int, int, int, int]
    first_bidder: int
    bids: tuple[BidEntry, ...]  # the whole bidding so far, in order
    to_move: int | None
    dealer: int | None
    contract: int | None  # the winning bid once bidding is over
    trump: Suit | None
    kitty: tuple[Card, ...] | None  # only in the dealer's own view (and the result)
    leader: int | None  # who led the current trick
    trick: tuple[TrickPlay, ...]  # current trick so far
    winning_seat: int | None  # who is winning the current trick
    failed_throw: FailedThrow | None  # in the current trick, if the lead was a failed throw
    last_trick: FinishedTrick | None
    dealer_points: int  # captured by the dealer so far
    defender_points: int  # captured by the other three so far
    tricks_played: int
    over: bool
    result: SankouResult | None
