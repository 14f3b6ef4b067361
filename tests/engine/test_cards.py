import copy
import pickle

import pytest

from engine import CardParseError, IllegalMove
from engine.actions import (
    Bid,
    DeclareTrump,
    Discard,
    Leave,
    Pass,
    Play,
    action_from_json,
    action_to_json,
)
from engine.cards import BJ, SJ, Card, Suit, deck, parse_card, parse_cards, points, shuffled_deck


def test_notation_round_trips_for_every_card() -> None:
    for card in deck(1):
        assert parse_card(str(card)) is card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10H", "10H"),
        ("th", "10H"),
        ("js", "JS"),
        ("bj", "BJ"),
        ("SJ", "SJ"),
        ("大王", "BJ"),
        ("小王", "SJ"),
        ("5♠", "5S"),
        ("♥10", "10H"),
        ("A♦", "AD"),
        ("2♣", "2C"),
    ],
)
def test_accepted_forms(text: str, expected: str) -> None:
    assert str(parse_card(text)) == expected


def test_several_cards_with_any_separator() -> None:
    assert [str(c) for c in parse_cards(" 10H, JS  bj，5♠ ")] == ["10H", "JS", "BJ", "5S"]
    assert [str(c) for c in parse_cards("10H10H5S")] == ["10H", "10H", "5S"]
    assert parse_cards("") == []


@pytest.mark.parametrize(
    ("text", "token", "code"),
    [
        ("5X", "5X", "bad_suit"),
        ("3S 1H", "1H", "bad_rank"),
        ("10", "10", "missing_suit"),
        ("S5", "S5", "rank_first"),
        ("5S QQ", "QQ", "bad_suit"),
        ("5S5Z", "5Z", "bad_suit"),
    ],
)
def test_bad_token_is_named(text: str, token: str, code: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards(text)
    assert info.value.token == token
    assert info.value.code == code
    assert info.value.params == {"token": token}
    assert token in str(info.value)


def test_errors_are_value_errors() -> None:
    assert issubclass(CardParseError, ValueError)
    assert issubclass(IllegalMove, ValueError)
    error = IllegalMove("not your turn: seat 2 is to play", code="not_your_turn", seat=2)
    assert str(error) == "not your turn: seat 2 is to play"
    assert error.code == "not_your_turn" and error.params == {"seat": 2}


def test_cards_are_interned_values() -> None:
    card = Card(10, Suit.HEARTS)
    assert card is Card(10, "H") is parse_card("10H")
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert len({card, Card(10, "H")}) == 1
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    assert BJ.is_joker and SJ.is_joker and not card.is_joker
    assert BJ.pretty == "大王" and SJ.pretty == "小王" and card.pretty == "10♥"


def test_decks_and_points() -> None:
    three = deck(3)
    assert len(three) == 162
    assert points(three) == 300
    assert points(deck(2)) == 200
    assert sum(1 for c in three if c is BJ) == 3
    assert shuffled_deck(3, 7) == shuffled_deck(3, 7)
    assert shuffled_deck(3, 7) != shuffled_deck(3, 8)


def test_action_records_round_trip_through_json() -> None:
    cards = tuple(parse_cards("10H 10H BJ"))
    for action in (
        Play(1, cards),
        Pass(2),
        Bid(0, 115),
        Discard(3, cards),
        DeclareTrump(0, Suit.CLUBS),
        Leave(1),
    ):
        assert action_from_json(action_to_json(action)) == action
    with pytest.raises(ValueError):
        action_from_json({"type": "nope", "seat": 0})
