"""Bidding 叫分 (RULES.md §2.2): every path to a dealer, and every refusal."""

from __future__ import annotations

import pytest

from engine.sankou import Game, Phase
from engine.sankou.view import BidEntry

from .deals import KITTY, bidding, refused


def test_a_bid_then_three_passes_makes_the_dealer() -> None:
    game = bidding(first_bidder=1)
    assert game.phase == "bidding" and game.to_move == 1
    game.bid(1, 80)
    game.pass_turn(2)
    game.pass_turn(3)
    assert game.phase == Phase.BIDDING and game.to_move == 0
    game.pass_turn(0)
    assert game.phase == "kitty"
    assert (game.dealer, game.contract, game.to_move) == (1, 80, 1)


def test_a_player_who_passed_may_bid_again_and_each_higher_bid_restarts_the_round() -> None:
    game = bidding()
    game.pass_turn(0)
    game.bid(1, 80)
    game.pass_turn(2)
    game.bid(3, 90)
    game.bid(0, 95)  # passed before, bids now
    game.pass_turn(1)
    game.pass_turn(2)
    assert game.phase == "bidding"  # only two passes since the 95
    game.bid(3, 120)
    game.pass_turn(0)
    game.pass_turn(1)
    game.pass_turn(2)
    assert (game.dealer, game.contract) == (3, 120)
    assert game.view(None).bids[:3] == (BidEntry(0, None), BidEntry(1, 80), BidEntry(2, None))


def test_a_bid_of_200_ends_the_bidding_at_once() -> None:
    game = bidding(first_bidder=2)
    game.bid(2, 100)
    game.bid(3, 200)
    assert game.phase == "kitty"
    assert (game.dealer, game.contract, game.to_move) == (3, 200, 3)


def test_four_passes_make_the_first_passer_dealer_at_80() -> None:
    game = bidding(first_bidder=3)
    for seat in (3, 0, 1, 2):
        game.pass_turn(seat)
    assert (game.dealer, game.contract) == (3, 80)
    assert game.phase == "kitty"


def test_the_dealer_takes_the_kitty() -> None:
    game = bidding(["AS", "KS", "QS", "JS"])
    game.bid(0, 80)
    for seat in (1, 2, 3):
        game.pass_turn(seat)
    assert sorted(game.hands[0]) == sorted(game.hands[0][:1] + tuple(game.kitty))
    assert len(game.hands[0]) == 9 and len(game.hands[1]) == 1


def test_the_first_bidder_is_given_or_drawn_from_the_seed() -> None:
    assert Game.deal(7, first_bidder=2).to_move == 2
    assert Game.deal(7).to_move == Game.deal(7).to_move
    assert {Game.deal(seed).first_bidder for seed in range(40)} == {0, 1, 2, 3}


def test_a_full_deal_is_25_each_and_a_kitty_of_8_from_two_decks() -> None:
    game = Game.deal(3)
    assert [len(hand) for hand in game.hands] == [25] * 4
    assert len(game.kitty) == 8
    every = sorted(card for hand in game.hands for card in hand) + list(game.kitty)
    assert len(every) == 108 and all(every.count(card) == 2 for card in set(every))


@pytest.mark.parametrize(
    ("amount", "code", "text"),
    [
        (85 + 2, "bid_step", "bids go up in fives"),
        (75, "bid_minimum", "a bid must be at least 80"),
        (205, "bid_maximum", "a bid cannot be more than 200"),
        (120, "bid_too_low", "the highest bid is 120: bid at least 125"),
    ],
)
def test_bad_bids_are_refused(amount: int, code: str, text: str) -> None:
    game = bidding()
    game.bid(0, 120)
    error = refused(game, code, "bid", 1, amount)
    assert str(error) == text


def test_bidding_out_of_turn_is_refused() -> None:
    game = bidding(first_bidder=1)
    error = refused(game, "not_your_turn_bid", "bid", 2, 80)
    assert str(error) == "not your turn: seat 1 is to bid" and error.params == {"seat": 1}
    refused(game, "not_your_turn_bid", "pass_turn", 0)
    refused(game, "bad_seat", "bid", 4, 80)


def test_no_bidding_after_the_bidding() -> None:
    game = bidding()
    game.bid(0, 200)
    refused(game, "not_bidding", "bid", 1, 80)
    refused(game, "not_bidding", "pass_turn", 0)


@pytest.mark.parametrize(
    ("hands", "kitty", "code"),
    [
        (["AS", "KS", "QS"], KITTY, "deal_four_hands"),
        (["AS", "KS", "QS", "JS JS"], KITTY, "deal_unequal_hands"),
        (["", "", "", ""], KITTY, "deal_unequal_hands"),
        (["AS", "KS", "QS", "JS"], "2D 3D", "deal_kitty_size"),
        (["AS", "AS", "AS", "JS"], KITTY, "deal_card_too_often"),
        (["2D", "2D", "QS", "JS"], KITTY, "deal_card_too_often"),  # the kitty holds one more
    ],
)
def test_impossible_deals_are_refused(hands: list[str], kitty: str, code: str) -> None:
    with pytest.raises(ValueError) as caught:
        Game.from_deal(hands, kitty, 0)
    assert getattr(caught.value, "code", None) == code


def test_the_first_bidder_must_be_a_seat() -> None:
    with pytest.raises(ValueError) as caught:
        Game.deal(1, first_bidder=4)
    assert getattr(caught.value, "code", None) == "bad_first_bidder"


def test_a_start_record_rebuilds_the_same_deal() -> None:
    game = Game.deal(5, first_bidder=3)
    assert game.start == {"seed": 5, "first_bidder": 3}
    again = Game.from_start(game.start)
    assert again.hands == game.hands and again.kitty == game.kitty and again.to_move == 3
