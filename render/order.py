"""The order cards are shown in: by rank, then suit (♠ ♥ ♦ ♣), the jokers last.

Every play is shown this way, in pictures and in words (the log, pings, the table message,
alt text, menus), whatever order it was chosen or typed in: ``3♠ 3♥ 4♠ 4♦``, not
``3♠ 4♠ 3♥ 4♦``. A run that goes round the ace reads as it is played: a 清墩 straight
``J Q K A 2`` (2 above the ace) or a chain ``A A 2 2 3 3`` (the ace low), never with the
2 torn from its neighbours.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import SUITS, Card

_SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}
ACE, TWO = 14, 2


def _run(ranks: set[int]) -> bool:
    return len(ranks) > 1 and max(ranks) - min(ranks) == len(ranks) - 1


def _places(cards: list[Card]) -> dict[int, int]:
    """Where the ace and the 2 stand: low together (A 2 3 …) or high (… K A 2) when the
    cards' ranks make a run only that way; else in their natural places."""
    ranks = {card.rank for card in cards if card.suit is not None}
    if ACE in ranks and TWO in ranks and not _run(ranks):
        if _run((ranks - {ACE}) | {1}):
            return {ACE: 1}
        if _run((ranks - {TWO}) | {ACE + 1}):
            return {TWO: ACE + 1}
    return {}


def by_rank(cards: Iterable[Card]) -> list[Card]:
    """``cards`` by rank, then suit."""
    laid = list(cards)
    places = _places(laid)

    def key(card: Card) -> tuple[int, int]:
        if card.suit is None:  # the jokers, after every suited card (a 2 placed high too)
            return card.rank + ACE, -1
        return places.get(card.rank, card.rank), _SUIT_ORDER[card.suit]

    return sorted(laid, key=key)
