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


def shown(value: Any) -> str:
    """A JSON value as an error message may quote it: short, on one line, whatever its size."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return repr(value) if abs(value) < 10**30 else "a number of more than 30 digits"
    if isinstance(value, str | float):
        text = repr(value)
        return text if len(text) <= 40 else text[:37] + "..."
    return f"a {'list' if isinstance(value, list) else type(value).__name__}"


def action_from_json(data: Any) -> Action:
    """Inverse of ``action_to_json``; raises ``ValueError`` saying which field is wrong (a bad
    card is a ``CardParseError``, a ``ValueError`` too)."""
    if not isinstance(data, dict):
        raise ValueError(f"an action record is an object, not {shown(data)}")
    kind = data.get("type")
    cls = _TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown action type {shown(kind)}: expected one of {', '.join(_TYPES)}")
    seat = data.get("seat")
    if type(seat) is not int or not 0 <= seat <= 3:
        raise ValueError(f"'seat' must be a seat number 0-3, not {shown(seat)}")
    if cls is Play or cls is Discard:
        cards = data.get("cards")
        if not isinstance(cards, str):
            raise ValueError(f"'cards' must be text like \"10H JS\", not {shown(cards)}")
        return cls(seat, tuple(parse_cards(cards)))
    if cls is Bid:
        amount = data.get("amount")
        if type(amount) is not int:
            raise ValueError(f"'amount' must be a whole number, not {shown(amount)}")
        return Bid(seat, amount)
    if cls is DeclareTrump:
        suit = data.get("suit")
        if not isinstance(suit, str) or suit not in {s.value for s in Suit}:
            raise ValueError(f"'suit' must be S, H, D or C, not {shown(suit)}")
        return DeclareTrump(seat, Suit(suit))
    return cls(seat)
