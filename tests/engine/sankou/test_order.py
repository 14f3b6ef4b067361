"""The order of cards (RULES.md §2.4) and how a hand is sorted for display."""

from __future__ import annotations

import pytest

from engine.cards import Suit, parse_cards
from engine.sankou import order_for, sort_hand


def strengths(text: str, trump: str) -> list[int]:
    order = order_for(Suit(trump))
    return [order.strength[card.index] for card in parse_cards(text)]


def test_trump_order_high_to_low() -> None:
    values = strengths("BJ SJ 10H 10S AH KH QH JH 9H 8H 7H 6H 5H 4H 3H 2H", "H")
    assert values[3] > values[4]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)


def test_the_other_tens_are_equal_to_each_other() -> None:
    assert len(set(strengths("10S 10D 10C", "H"))) == 1


def test_side_order_skips_ten_and_tens_and_jokers_are_trump() -> None:
    order = order_for(Suit.HEARTS)
    assert all(order.is_trump(card) for card in parse_cards("BJ SJ 10S 10D 10C 10H 2H"))
    assert not any(order.is_trump(card) for card in parse_cards("AS 2D JC"))
    values = strengths("AS KS QS JS 9S 2S", "H")
    assert values == sorted(values, reverse=True)


@pytest.mark.parametrize(
    ("trump", "expected"),
    [
        ("H", "BJ SJ 10H 10S 10C AH 5H KS 9S 2S AD 3D JC"),
        ("D", "BJ SJ 10S 10H 10C AD 3D KS 9S 2S AH 5H JC"),
        ("S", "BJ SJ 10S 10H 10C KS 9S 2S AH 5H AD 3D JC"),
        (None, "BJ SJ 10S 10H 10C KS 9S 2S AH 5H AD 3D JC"),
    ],
)
def test_hands_sort_the_way_players_hold_them(trump: str | None, expected: str) -> None:
    hand = parse_cards("2S 5H 10C JC SJ AD KS 10H 9S BJ AH 3D 10S")
    assert sort_hand(hand, trump) == parse_cards(expected)
