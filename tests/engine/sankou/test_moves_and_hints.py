"""Legal-play generation, the hint policy, the views, and the refusal catalogue."""

from __future__ import annotations

import string

import pytest

from engine.actions import Bid, DeclareTrump, Discard, Pass, Play
from engine.cards import parse_cards
from engine.sankou import MESSAGES, Game, order_for
from engine.sankou.errors import illegal

from .deals import KITTY, bidding, playing, refused


def cards(text: str) -> list[str]:
    return sorted(map(str, parse_cards(text)))


def as_sets(plays: object) -> list[list[str]]:
    return [sorted(map(str, play)) for play in plays]  # type: ignore[attr-defined]


def test_leads_are_every_single_pair_and_tractor() -> None:
    game = playing(
        ["AS AS 2S 2S 3S 3S 10S 10S", "4S 5S 6S 7S 8S 9S JS QS"] + ["7D 8D 9D JD QD KD AD 5D"] * 2
    )
    leads = as_sets(game.legal_plays(0))
    singles = [play for play in leads if len(play) == 1]
    assert singles == [[c] for c in ["10S", "AS", "3S", "2S"]]  # in display order
    assert [p for p in leads if len(p) == 2] == [
        cards("10S 10S"),
        cards("AS AS"),
        cards("3S 3S"),
        cards("2S 2S"),
    ]
    tractors = [p for p in leads if len(p) > 2]
    assert sorted(tractors) == sorted(
        [cards("AS AS 2S 2S"), cards("AS AS 2S 2S 3S 3S"), cards("2S 2S 3S 3S")]
    )
    assert all(game.is_legal(0, play) for play in leads)
    assert list(game.legal_plays(1)) == []  # not seat 1's turn


def test_follows_are_legal_distinct_and_cheapest_first() -> None:
    game = playing(["7S 7S 2D", "KS 3S 3S", "5D 8D 9D", "JD QD 5H"])
    game.play(0, "7S 7S")
    follows = as_sets(game.legal_plays(1))
    assert follows[0] == cards("3S 3S")  # no points, weakest first
    assert sorted(follows) == sorted([cards("3S 3S"), cards("KS 3S")])
    game.play(1, "3S 3S")
    follows = as_sets(game.legal_plays(2))
    assert follows[0] == cards("8D 9D") and len(follows) == 3  # void: any two, the 5 last
    assert all(game.is_legal(2, play) for play in follows)


def test_a_short_follower_is_offered_its_suit_plus_every_filler() -> None:
    game = playing(["7S 7S 2D", "3S 2H 4D", "5D 8D 9D", "JD QD 5H"])
    game.play(0, "7S 7S")
    assert as_sets(game.legal_plays(1)) == [cards("3S 4D"), cards("3S 2H")]


def test_hint_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    strong = "BJ BJ SJ 10S 10H 10D AH KH QH JH 9H 8H 7H"
    weak = "2S 3S 4S 6S 7D 8D 9D 2H 3H 4H 6C 7C 8C"
    filler = ["QS JS 9S 5S 5D AD QD 2C 5C 9C JC QC KC", "QS JS 9S 5S 5D AD QD 9C JC QC KC AC 5C"]
    game = Game.from_deal([strong, weak, *filler], KITTY, 0)
    assert game.hint(0) == Bid(0, 80)
    game.bid(0, 80)
    assert game.hint(1) == Pass(1)
    refused(game, "no_hint", "hint", 2)


def test_hint_never_bids_above_its_cap() -> None:
    game = bidding(["BJ", "SJ", "10S", "10H"])
    game.bid(0, 110)
    assert game.hint(1) == Pass(1)


def test_hint_lays_side_cards_without_points_from_short_suits_and_names_the_long_suit() -> None:
    hands = [
        "AH KH QH JH 9H 8H 7H 5S 2S",
        "3S 4S 6S 7S 8S 9S JS QS KS",
        "3H 4H 6H 2D 5D 7D 8D 9D JD",
        "AC KC QC JC 9C 8C 7C 5C AD",
    ]
    game = Game.from_deal(hands, KITTY, 0)
    game.bid(0, 80)
    for seat in (1, 2, 3):
        game.pass_turn(seat)
    action = game.hint(0)
    assert isinstance(action, Discard)
    laid = set(action.cards)
    order = order_for(parse_cards("AH")[0].suit)
    assert not any(order.is_trump(card) or card.points for card in laid)
    assert parse_cards("5S")[0] not in laid
    game.apply(action)
    assert game.hint(0) == DeclareTrump(0, parse_cards("AH")[0].suit)  # type: ignore[arg-type]


def test_hint_wins_cheaply_or_feeds_a_winning_partner() -> None:
    game = playing(["2D 3D", "QD AD", "KD 5C", "4D 9D"], dealer=0)
    game.play(0, "2D")
    assert game.hint(1) == Play(1, tuple(parse_cards("QD")))  # the cheapest card that wins
    game.play(1, "QD")
    assert game.hint(2) == Play(2, tuple(parse_cards("KD")))  # a partner wins: give the K
    game.play(2, "KD")  # the K takes it (must follow diamonds anyway)
    assert isinstance(game.hint(3), Play)


def test_hint_leads_a_side_tractor_first() -> None:
    game = playing(["7S 7S 8S 8S AH", "2D 3C 4S 5S 6S", "2S 3S 6D 7D 8D", "9D JD QD KD AD"])
    assert game.hint(0) == Play(0, tuple(parse_cards("7S 7S 8S 8S")))


def test_the_view_follows_the_trick() -> None:
    game = playing(["2S 3S", "AS 4S", "5S 6S", "7S 8S"])
    game.play(0, "2S")
    game.play(1, "AS")
    view = game.view(None)
    assert view.leader == 0 and view.winning_seat == 1 and len(view.trick) == 2
    game.play(2, "5S")
    game.play(3, "7S")
    view = game.view(3)
    assert view.trick == () and view.last_trick is not None and view.last_trick.winner == 1
    assert view.to_move == 1 and view.tricks_played == 1 and view.defender_points == 5


def test_every_message_formats_with_its_params() -> None:
    for code, text in MESSAGES.items():
        fields = {name for _, name, _, _ in string.Formatter().parse(text) if name}
        params = {name: "H" if name == "suit" else 1 for name in fields}
        error = illegal(code, **params)
        assert error.code == code and error.params == params


@pytest.mark.parametrize("seat", [None, 0, 1, 2, 3])
def test_a_public_view_holds_no_hand(seat: int | None) -> None:
    game = playing(["2S 3S", "AS 4S", "5S 6S", "7S 8S"])
    view = game.view(seat)
    if seat is None:
        assert view.hand is None
    else:
        assert sorted(view.hand or ()) == sorted(game.hands[seat])
