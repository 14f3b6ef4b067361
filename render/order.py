"""The order cards are shown in: by rank, then suit (♠ ♥ ♦ ♣), the jokers last.

Every play is shown this way, in pictures and in words (the log, pings, the table message,
alt text, menus), whatever order it was chosen or typed in: ``3♠ 3♥ 4♠ 4♦``, not
``3♠ 4♠ 3♥ 4♦``.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import SUITS, Card

_SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}


def rank_key(card: Card) -> tuple[int, int]:
    return card.rank, -1 if card.suit is None else _SUIT_ORDER[card.suit]


def by_rank(cards: Iterable[Card]) -> list[Card]:
    """``cards`` by rank, then suit."""
    return sorted(cards, key=rank_key)
