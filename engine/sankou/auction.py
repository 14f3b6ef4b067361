"""The 三扣 bidding (RULES.md §2.2) as an immutable value: each bid or pass gives a new one.

Immutable so that a game copied for a rollout (``engine.ai.clone``, one level deep) never
shares a bidding state it could change under another copy.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.sankou.errors import illegal
from engine.sankou.view import BidEntry

SEATS = 4
MIN_BID, MAX_BID, BID_STEP = 80, 200, 5


@dataclass(frozen=True, slots=True)
class Auction:
    bids: tuple[BidEntry, ...] = ()
    high_bid: int | None = None
    high_bidder: int | None = None
    passes_in_row: int = 0
    first_passer: int | None = None

    @property
    def min_bid(self) -> int:
        """The smallest bid allowed now."""
        return MIN_BID if self.high_bid is None else self.high_bid + BID_STEP

    def check_bid(self, amount: int) -> None:
        """A bid is a multiple of 5, 80-200, at least 5 above the highest bid."""
        if amount > MAX_BID:
            raise illegal("bid_maximum", maximum=MAX_BID)
        if amount % BID_STEP:
            raise illegal("bid_step")
        if amount < MIN_BID:
            raise illegal("bid_minimum", minimum=MIN_BID)
        if self.high_bid is not None and amount < self.high_bid + BID_STEP:
            raise illegal("bid_too_low", highest=self.high_bid, minimum=self.high_bid + BID_STEP)

    def bid(self, seat: int, amount: int) -> Auction:
        """After ``seat`` bids ``amount`` (checked with ``check_bid`` first)."""
        return replace(
            self,
            bids=(*self.bids, BidEntry(seat, amount)),
            high_bid=amount,
            high_bidder=seat,
            passes_in_row=0,
        )

    def pass_turn(self, seat: int) -> Auction:
        """After ``seat`` passes; it may bid again when the turn comes back."""
        return replace(
            self,
            bids=(*self.bids, BidEntry(seat, None)),
            passes_in_row=self.passes_in_row + 1,
            first_passer=seat if self.first_passer is None else self.first_passer,
        )

    def outcome(self) -> tuple[int, int] | None:
        """(dealer, contract) once the bidding is over, else None: a bid of 200 ends it; so do
        three passes after a bid, or four passes with no bid (the first passer deals at 80)."""
        if self.high_bidder is not None and self.high_bid is not None:
            if self.high_bid == MAX_BID or self.passes_in_row == SEATS - 1:
                return self.high_bidder, self.high_bid
        elif self.passes_in_row == SEATS and self.first_passer is not None:
            return self.first_passer, MIN_BID
        return None
