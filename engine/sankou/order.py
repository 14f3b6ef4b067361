"""The order of the cards once trump is named (RULES.md §2.4), as lookup tables.

Every question the rules ask about one card (which suit it follows as, how strong it is, where
it sits in a tractor) is answered by indexing a tuple with ``card.index``: the engine asks these
questions thousands of times per hand, so they are computed once per trump suit.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import ACE, ALL_CARDS, BIG_JOKER, JACK, KING, QUEEN, SUITS, Card, Suit

#: The suit class of every trump; side suits are 0-3, their place in ``SUITS`` (S H D C).
TRUMP = 4
LEVEL = 10  # the level card 级牌: always 10, always trump

# Trump strengths above the trump suit's A (14): any other 10, the trump 10, SJ, BJ.
OTHER_TEN, TRUMP_TEN, SMALL_JOKER_STRENGTH, BIG_JOKER_STRENGTH = 20, 21, 22, 23

#: Tractor positions: 10 is skipped, so 9 and J are neighbours; A is 13 (high) or 1 (low).
POSITION: dict[int, int] = {**{r: r for r in range(2, 10)}, JACK: 10, QUEEN: 11, KING: 12, ACE: 13}
ACE_LOW = 1


class CardOrder:
    """Per-card facts under one trump suit (or before trump is named, for sorting only).

    ``suit[i]`` is the suit class of the card with index ``i`` (``TRUMP`` or 0-3), and
    ``strength[i]`` its strength within that class: comparable only inside one class.
    """

    __slots__ = ("strength", "suit", "trump")

    def __init__(self, trump: Suit | None) -> None:
        self.trump = trump
        suit: list[int] = []
        strength: list[int] = []
        for card in ALL_CARDS:
            if card.suit is None:
                suit.append(TRUMP)
                strength.append(
                    BIG_JOKER_STRENGTH if card.rank == BIG_JOKER else SMALL_JOKER_STRENGTH
                )
            elif card.rank == LEVEL:
                suit.append(TRUMP)
                strength.append(TRUMP_TEN if card.suit is trump else OTHER_TEN)
            else:
                suit.append(TRUMP if card.suit is trump else SUITS.index(card.suit))
                strength.append(card.rank)
        self.suit: tuple[int, ...] = tuple(suit)
        self.strength: tuple[int, ...] = tuple(strength)

    def is_trump(self, card: Card) -> bool:
        return self.suit[card.index] == TRUMP

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """Display order: trumps strongest first, then side suits S H D C, each A → 2."""
        i = card.index
        if self.suit[i] == TRUMP:
            # Equal 10s (and, before trump is named, all 10s) keep the S H D C order.
            tie = SUITS.index(card.suit) if card.suit is not None else 0
            return (0, -self.strength[i], tie)
        return (1 + self.suit[i], -self.strength[i], 0)


_ORDERS: dict[Suit | None, CardOrder] = {trump: CardOrder(trump) for trump in (None, *SUITS)}


def order_for(trump: Suit | None) -> CardOrder:
    """The shared, precomputed order for ``trump`` (``None``: before trump is named)."""
    return _ORDERS[trump]


def sort_hand(cards: Iterable[Card], trump: Suit | str | None) -> list[Card]:
    """A hand the way 三扣 players hold it.

    With trump named: BJ, SJ, the trump 10, the other 10s, trump A → 2, then each side suit
    A → 2 in the order S H D C. Before trump: jokers, 10s, then S H D C each A → 2.
    """
    order = order_for(Suit(trump) if trump is not None else None)
    return sorted(cards, key=order.sort_key)
