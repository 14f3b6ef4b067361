"""Combinations (RULES.md §2.5): pairs, tractors, throws, eight of a kind, and bad leads."""

from __future__ import annotations

import pytest

from engine.cards import Suit, parse_cards
from engine.sankou import Kind, classify_lead, order_for, tractor_top

from .deals import playing, refused

HEARTS = order_for(Suit.HEARTS)


def kind(text: str) -> Kind:
    return classify_lead(parse_cards(text), HEARTS).kind


@pytest.mark.parametrize(
    ("text", "top"),
    [
        ("7S 7S 8S 8S", 8),
        ("9S 9S JS JS", 10),  # 10 is skipped
        ("AS AS 2S 2S", 2),  # the ace low: the smallest tractor of two pairs
        ("2S 2S 3S 3S", 3),
        ("KS KS AS AS", 13),
        ("QS QS KS KS AS AS", 13),
        ("AH AH 2H 2H 3H 3H", 3),
    ],
)
def test_tractors(text: str, top: int) -> None:
    assert tractor_top(parse_cards(text)) == top


@pytest.mark.parametrize(
    "text",
    [
        "KS KS AS AS 2S 2S",  # no wrap
        "9S 9S 10S 10S",  # 10s never
        "10S 10S 10H 10H",
        "SJ SJ BJ BJ",  # jokers never
        "7S 7S 9S 9S",  # a gap
        "7S 7S 8H 8H",  # two suits
        "7S 7S 8S 8S 8S 9S",  # not pairs
        "7S 8S",
    ],
)
def test_not_tractors(text: str) -> None:
    assert tractor_top(parse_cards(text)) is None


def test_aa22_is_below_2233() -> None:
    low = classify_lead(parse_cards("AS AS 2S 2S"), HEARTS)
    assert low.kind is Kind.TRACTOR
    assert low.key < classify_lead(parse_cards("2S 2S 3S 3S"), HEARTS).key


def test_pairs_are_identical_cards_only() -> None:
    assert kind("10S 10S") is Kind.PAIR
    assert kind("BJ BJ") is Kind.PAIR
    assert kind("7H 7H") is Kind.PAIR


def test_leads_of_each_kind() -> None:
    assert kind("SJ") is Kind.SINGLE
    assert kind("3H 3H 4H 4H") is Kind.TRACTOR  # a trump tractor
    assert kind("AS KS") is Kind.THROW
    assert kind("AS AS KS KS 2S 2S") is Kind.THROW  # tractor plus a pair
    assert kind("KS KS AS AS 2S 2S") is Kind.THROW  # no wrap: three pairs
    assert kind("7S 7S 7H 7H 7D 7D 7C 7C") is Kind.EIGHT
    assert kind("10S 10S 10H 10H 10D 10D 10C 10C") is Kind.EIGHT
    throw = classify_lead(parse_cards("5S 7S 7S 8S 8S"), HEARTS)
    assert throw.pairs == 2  # the 7788 tractor inside counts as two plain pairs


def test_bad_leads_are_refused() -> None:
    game = playing(["AS 2H 10S", "KS 3S 4S", "QS 5S 6S", "JS 7S 8S"])
    error = refused(game, "lead_mixed_suits", "play", 0, "AS 2H")
    assert "one suit" in str(error)
    error = refused(game, "trump_throw", "play", 0, "2H 10S")  # 10S is a trump
    assert str(error).startswith("trumps cannot be thrown")
    refused(game, "no_cards", "play", 0, "")
    refused(game, "not_held", "play", 0, "KS")
    refused(game, "not_your_turn_play", "play", 1, "KS")
    refused(game, "bad_seat", "play", -1, "KS")


def test_a_play_may_be_typed_or_given_as_cards() -> None:
    game = playing(["AS", "KS", "QS", "JS"])
    assert game.play(0, parse_cards("AS")) == parse_cards("AS")
    assert game.play(1, ["KS"]) == parse_cards("KS")
    assert game.play(2, "qs") == parse_cards("QS")
