"""Everything one seat may know of a 三扣 hand, as a value: the input of the AI players.

A view (``view.py``) is what a front end draws; an observation adds the whole public history
and what it reveals. It holds the seat's own hand, the kitty only for the dealer (it laid it),
and public facts: every bid and pass, the trump, every trick with failed throws (attempted and
forced cards), hand sizes, points, and the voids that following revealed (§2.6: a player who
plays fewer cards of the led suit than the lead holds none of it any more).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.actions import Action, Discard
from engine.cards import Card, Suit
from engine.game import standing
from engine.sankou.combos import Lead, classify_lead
from engine.sankou.order import CardOrder
from engine.sankou.view import BidEntry, FailedThrow, FinishedTrick, Phase, SankouView, TrickPlay


class Observed(Protocol):
    """What an observation reads of a 三扣 game: a seat's view and the public record.

    A protocol, so that the game builds observations of itself without an import circle.
    """

    @property
    def actions(self) -> Sequence[Action]: ...
    @property
    def lead(self) -> Lead | None: ...
    @property
    def tricks(self) -> tuple[FinishedTrick, ...]: ...
    @property
    def order(self) -> CardOrder: ...
    def view(self, seat: int | None) -> SankouView: ...


@dataclass(frozen=True, slots=True)
class SankouObservation:
    seat: int
    phase: Phase
    hand: tuple[Card, ...]
    kitty: tuple[Card, ...] | None  # the dealer's own: dealt (kitty phase) or laid; else None
    hand_sizes: tuple[int, int, int, int]
    first_bidder: int
    bids: tuple[BidEntry, ...]
    #: Every move that stands (taken-back moves are gone), in order; a discard not laid by
    #: ``seat`` shows no cards (``Discard(s, ())``).
    history: tuple[Action, ...]
    to_move: int | None
    dealer: int | None
    contract: int | None
    trump: Suit | None
    leader: int | None
    lead: Lead | None  # the current trick's lead (the forced cards after a failed throw)
    trick: tuple[TrickPlay, ...]
    winning_seat: int | None
    failed_throw: FailedThrow | None  # in the current trick
    tricks: tuple[FinishedTrick, ...]
    dealer_points: int
    defender_points: int
    #: By seat: the suit classes (``order.TRUMP`` or 0-3 for S H D C) it is known to lack.
    voids: tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int]]
    over: bool


def observe(game: Observed, seat: int) -> SankouObservation:
    """What ``seat`` may know of ``game`` now."""
    view = game.view(seat)
    assert view.hand is not None
    history = tuple(
        Discard(a.seat, ()) if isinstance(a, Discard) and a.seat != seat else a
        for a in standing(game.actions)
    )
    return SankouObservation(
        seat=seat,
        phase=view.phase,
        hand=view.hand,
        kitty=view.kitty,
        hand_sizes=view.hand_sizes,
        first_bidder=view.first_bidder,
        bids=view.bids,
        history=history,
        to_move=view.to_move,
        dealer=view.dealer,
        contract=view.contract,
        trump=view.trump,
        leader=view.leader,
        lead=game.lead,
        trick=view.trick,
        winning_seat=view.winning_seat,
        failed_throw=view.failed_throw,
        tricks=game.tricks,
        dealer_points=view.dealer_points,
        defender_points=view.defender_points,
        voids=revealed_voids([*(t.plays for t in game.tricks), view.trick], game.order),
        over=view.over,
    )


def revealed_voids(
    tricks: list[tuple[TrickPlay, ...]], order: CardOrder
) -> tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int]]:
    """The suit classes each seat showed it lacks by following short (§2.6)."""
    voids: list[set[int]] = [set(), set(), set(), set()]
    suit_of = order.suit
    for plays in tricks:
        if not plays:
            continue
        lead = classify_lead(list(plays[0].cards), order)
        for play in plays[1:]:
            if sum(1 for card in play.cards if suit_of[card.index] == lead.suit) < lead.size:
                voids[play.seat].add(lead.suit)
    return (frozenset(voids[0]), frozenset(voids[1]), frozenset(voids[2]), frozenset(voids[3]))
