"""The 三扣 dealer's heuristic set-up: which suit to name trump, and which eight cards to bury.

The trump is the suit with most length, high cards and pairs. The burial lays whole short
side suits first (each void lets the dealer ruff), then the weakest side cards, point cards
only when asked (the kitty's points go to the defenders unless the dealer wins the last
trick), and trumps only when there are hardly any side cards.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import ACE, SUITS, Card, Suit
from engine.sankou.order import LEVEL, TRUMP, order_for

KITTY_SIZE = 8


def trump_score(hand: Iterable[Card], suit: Suit) -> float:
    """How good ``suit`` is as trump for this hand: length, high cards and pairs."""
    cards = [c for c in hand if c.suit is suit and c.rank != LEVEL]
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    high = sum(1 for c in cards if c.rank >= 12)
    pairs = sum(1 for n in counts.values() if n == 2)
    return 2.0 * len(cards) + high + 1.5 * pairs


def best_trumps(hand: Iterable[Card]) -> list[Suit]:
    """The suits by ``trump_score``, best first."""
    cards = list(hand)
    return sorted(SUITS, key=lambda s: -trump_score(cards, s))


def burial(
    hand: list[Card], trump: Suit, *, points: bool, keep_aces: bool = True, whole: bool = False
) -> list[Card]:
    """Eight cards for the kitty under ``trump``: whole short side suits first (voids let the
    dealer ruff), then the weakest side cards; point cards only if ``points``, except, with
    ``whole``, in a short suit laid whole (the middle level: the void is worth more)."""
    order = order_for(trump)
    suit_of, strength = order.suit, order.strength
    side = [c for c in hand if suit_of[c.index] != TRUMP]
    by_suit: dict[int, list[Card]] = {}
    for c in side:
        by_suit.setdefault(suit_of[c.index], []).append(c)

    def keep(c: Card) -> bool:
        return (not points and c.points > 0) or (keep_aces and c.rank == ACE)

    chosen: list[Card] = []
    for suit in sorted(by_suit, key=lambda s: len(by_suit[s])):
        cards = by_suit[suit]
        if len(chosen) + len(cards) <= KITTY_SIZE and (whole or not any(keep(c) for c in cards)):
            chosen += cards
    rest = _minus(side, chosen)
    counts = {c: side.count(c) for c in side}
    rest.sort(key=lambda c: (keep(c), c.points > 0, counts[c] == 2,
                             len(by_suit[suit_of[c.index]]), strength[c.index]))  # fmt: skip
    chosen += rest[: KITTY_SIZE - len(chosen)]
    if len(chosen) < KITTY_SIZE:  # hardly any side cards: the weakest trumps too
        trumps = sorted(_minus(hand, chosen), key=lambda c: (c.points > 0, strength[c.index]))
        chosen += trumps[: KITTY_SIZE - len(chosen)]
    return chosen


def _minus(cards: list[Card], taken: list[Card]) -> list[Card]:
    rest = list(cards)
    for c in taken:
        rest.remove(c)
    return rest
