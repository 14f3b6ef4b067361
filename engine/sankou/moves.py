"""Generating legal plays lazily: the leads a hand can make and its legal follows.

Following only asks for the right *number* of cards of the led suit (RULES.md §2.6), so the
legal follows of a big lead are a large family of card sets; they are produced one at a time,
cheapest first, and a caller that needs one stops after one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.cards import ACE, SUITS, Card
from engine.sankou.combos import EIGHT, Lead
from engine.sankou.order import ACE_LOW, LEVEL, POSITION, TRUMP, CardOrder


def counts(cards: Sequence[Card]) -> dict[Card, int]:
    held: dict[Card, int] = {}
    for card in cards:
        held[card] = held.get(card, 0) + 1
    return held


def tractors(hand: Sequence[Card]) -> Iterator[list[Card]]:
    """Every tractor in ``hand``: each run of ≥ 2 consecutive pairs of one suit, sub-runs too."""
    held = counts(hand)
    for suit in SUITS:
        by_position: dict[int, Card] = {}
        for card, count in held.items():
            if count == 2 and card.suit is suit and card.rank != LEVEL:
                by_position[POSITION[card.rank]] = card
                if card.rank == ACE:
                    by_position[ACE_LOW] = card
        positions = sorted(by_position)
        for i, start in enumerate(positions):
            for j in range(i + 1, len(positions)):
                end = positions[j]
                if end - start != j - i:
                    break
                if start == ACE_LOW and end == POSITION[ACE]:
                    break  # the ace cannot sit at both ends: no wrap
                run = [by_position[p] for p in positions[i : j + 1]]
                yield [card for card in run for _ in (0, 1)]


def leads(hand: Sequence[Card], order: CardOrder) -> Iterator[list[Card]]:
    """Every single, pair, tractor and eight of a kind in ``hand`` (throws are left out)."""
    held = counts(hand)
    key = order.sort_key
    distinct = sorted(held, key=key)
    for card in distinct:
        yield [card]
    for card in distinct:
        if held[card] == 2:
            yield [card, card]
    yield from tractors(hand)
    by_rank: dict[int, int] = {}
    for card in hand:
        by_rank[card.rank] = by_rank.get(card.rank, 0) + 1
    for rank, count in by_rank.items():
        if count == EIGHT:
            yield sorted((card for card in hand if card.rank == rank), key=key)


def follows(hand: Sequence[Card], lead: Lead, order: CardOrder) -> Iterator[list[Card]]:
    """Every legal follow of ``lead`` from ``hand`` (as card multisets), cheapest first.

    Cheap means: no point cards before point cards, weak before strong.
    """
    suit_of, strength = order.suit, order.strength

    def cheap(card: Card) -> tuple[bool, bool, int, int]:
        i = card.index  # last in the key so that equal cards end up side by side
        return (card.points > 0, suit_of[i] == TRUMP, strength[i], i)

    suited = sorted((c for c in hand if suit_of[c.index] == lead.suit), key=cheap)
    others = sorted((c for c in hand if suit_of[c.index] != lead.suit), key=cheap)
    if len(suited) >= lead.size:
        yield from _multiset_combinations(suited, lead.size)
    else:
        for rest in _multiset_combinations(others, lead.size - len(suited)):
            yield suited + rest


def _multiset_combinations(cards: list[Card], k: int) -> Iterator[list[Card]]:
    """The distinct ``k``-card sub-multisets of ``cards`` (equal cards adjacent), in order."""
    groups: list[tuple[Card, int]] = []
    for card in cards:
        if groups and groups[-1][0] is card:
            groups[-1] = (card, groups[-1][1] + 1)
        else:
            groups.append((card, 1))
    remaining = [0] * (len(groups) + 1)
    for i in range(len(groups) - 1, -1, -1):
        remaining[i] = remaining[i + 1] + groups[i][1]

    def extend(i: int, k: int, chosen: list[Card]) -> Iterator[list[Card]]:
        if k == 0:
            yield list(chosen)
            return
        if remaining[i] < k:
            return
        card, count = groups[i]
        for take in range(min(count, k), -1, -1):
            chosen.extend([card] * take)
            yield from extend(i + 1, k - take, chosen)
            del chosen[len(chosen) - take :]

    yield from extend(0, k, [])
