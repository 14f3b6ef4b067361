"""Action records shared by both games.

A game is its start (a seed or a given deal) plus the list of these records. They are small
frozen values with a plain-JSON form, so the store can log them and a replay rebuilds the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card, Suit, format_cards, parse_cards


@dataclass(frozen=True, slots=True)
class Play:
    """Cards played to a trick (both games)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """清墩: pass on a trick. 三扣: pass in the bidding."""

    seat: int


@dataclass(frozen=True, slots=True)
class Bid:
    """三扣: a bid of ``amount`` points."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Discard:
    """三扣: the dealer lays these 8 cards back as the kitty."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DeclareTrump:
    """三扣: the dealer names the trump suit."""

    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class Leave:
    """A player leaves the running hand (or is removed for not playing): the hand is void."""

    seat: int


@dataclass(frozen=True, slots=True)
class TakeBack:
    """``seat`` takes back its move, the last of the hand: the hand goes on as if it had never
    been made (when the rules allow it: see each game's ``check_take_back``)."""

    seat: int


Action = Play | Pass | Bid | Discard | DeclareTrump | Leave | TakeBack

_NAMES: dict[type, str] = {
    Play: "play",
    Pass: "pass",
    Bid: "bid",
    Discard: "discard",
    DeclareTrump: "trump",
    Leave: "leave",
    TakeBack: "take_back",
}
_TYPES = {name: cls for cls, name in _NAMES.items()}


def play(seat: int, cards: Sequence[Card]) -> Play:
    return Play(seat, tuple(cards))


def action_to_json(action: Action) -> dict[str, Any]:
    """Plain JSON form: ``{"type": "play", "seat": 0, "cards": "10H JS"}``."""
    data: dict[str, Any] = {"type": _NAMES[type(action)], "seat": action.seat}
    if isinstance(action, Play | Discard):
        data["cards"] = format_cards(action.cards)
    elif isinstance(action, Bid):
        data["amount"] = action.amount
    elif isinstance(action, DeclareTrump):
        data["suit"] = action.suit.value
    return data


def action_from_json(data: dict[str, Any]) -> Action:
    """Inverse of ``action_to_json``; raises ``ValueError`` on a malformed record."""
    try:
        cls = _TYPES[data["type"]]
        seat = int(data["seat"])
        if cls is Play or cls is Discard:
            return cls(seat, tuple(parse_cards(data["cards"])))
        if cls is Bid:
            return Bid(seat, int(data["amount"]))
        if cls is DeclareTrump:
            return DeclareTrump(seat, Suit(data["suit"]))
        return cls(seat)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"malformed action record: {data!r}") from exc
