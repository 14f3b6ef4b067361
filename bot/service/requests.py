"""What a front end asks for on a player's turn: plain values, no seat (the service knows it).

Cards may be given as text in card notation (``"10H JS"``, parsed by the engine, so a typo is
the engine's ``CardParseError``) or as ``Card`` values (buttons, the hint).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.errors import refuse
from engine.actions import Action, Bid, DeclareTrump, Discard, Pass, Play
from engine.cards import Card, Suit, parse_cards

CardsIn = str | Sequence[Card]


@dataclass(frozen=True, slots=True)
class PlayCards:
    cards: CardsIn


@dataclass(frozen=True, slots=True)
class PassTurn:
    """清墩: pass on the trick. 三扣: pass in the bidding."""


@dataclass(frozen=True, slots=True)
class MakeBid:
    amount: int


@dataclass(frozen=True, slots=True)
class DiscardCards:
    """三扣: the dealer lays 8 cards back as the kitty."""

    cards: CardsIn


@dataclass(frozen=True, slots=True)
class NameTrump:
    """三扣: the dealer names the trump suit (a letter S H D C, a symbol, or a ``Suit``)."""

    suit: str | Suit


Request = PlayCards | PassTurn | MakeBid | DiscardCards | NameTrump

_SUITS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def _cards(cards: CardsIn) -> tuple[Card, ...]:
    return tuple(parse_cards(cards)) if isinstance(cards, str) else tuple(cards)


def to_action(request: Request, seat: int) -> Action:
    """The engine record for ``request`` by ``seat`` (card text is parsed here)."""
    match request:
        case PlayCards(cards):
            return Play(seat, _cards(cards))
        case PassTurn():
            return Pass(seat)
        case MakeBid(amount):
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise refuse("bad_bid_amount", amount=str(amount)[:20])
            return Bid(seat, amount)
        case DiscardCards(cards):
            return Discard(seat, _cards(cards))
        case NameTrump(suit):
            text = suit.value if isinstance(suit, Suit) else str(suit).strip().upper()
            if text not in _SUITS:
                raise refuse("bad_trump_suit", suit=str(suit))
            return DeclareTrump(seat, Suit(_SUITS[text]))
    raise TypeError(f"not a request: {request!r}")


def from_action(action: Action) -> Request:
    """The request that reproduces ``action`` (used to submit a hint as a move)."""
    match action:
        case Play(_, cards):
            return PlayCards(cards)
        case Pass():
            return PassTurn()
        case Bid(_, amount):
            return MakeBid(amount)
        case Discard(_, cards):
            return DiscardCards(cards)
        case DeclareTrump(_, suit):
            return NameTrump(suit)
    raise TypeError(f"no request for {action!r}")
