"""The kitty exchange and naming trump (RULES.md §2.3)."""

from __future__ import annotations

from engine.cards import Suit, parse_cards
from engine.sankou import Game

from .deals import KITTY, playing, refused


def won_bidding(hands: list[str] | None = None, kitty: str = KITTY) -> Game:
    game = Game.from_deal(hands or ["AS KS", "QS JS", "9S 8S", "7S 6S"], kitty, 1)
    game.bid(1, 85)
    for seat in (2, 3, 0):
        game.pass_turn(seat)
    return game


def test_the_dealer_lays_any_8_cards_back_then_names_trump_and_leads() -> None:
    game = won_bidding()
    laid = "QS JS 2D 3D 4D 6D 2C 3C"
    game.discard(1, laid)
    assert game.phase == "trump"
    assert sorted(game.kitty) == sorted(parse_cards(laid))
    assert sorted(game.hands[1]) == sorted(parse_cards("4C 6C"))
    game.declare_trump(1, "d")
    assert game.trump is Suit.DIAMONDS
    assert game.phase == "play" and game.to_move == 1


def test_trump_may_be_given_as_a_suit_or_a_symbol() -> None:
    game = won_bidding()
    game.discard(1, KITTY)
    game.declare_trump(1, Suit.CLUBS)
    assert game.trump == "C"
    game = won_bidding()
    game.discard(1, parse_cards(KITTY))
    game.declare_trump(1, "♥")
    assert game.trump is Suit.HEARTS


def test_kitty_refusals() -> None:
    game = won_bidding()
    error = refused(game, "not_dealer_kitty", "discard", 0, KITTY)
    assert str(error) == "only the dealer lays the kitty (seat 1 is the dealer)"
    error = refused(game, "kitty_count", "discard", 1, "2D 3D 4D")
    assert str(error) == "lay exactly 8 cards, not 3"
    error = refused(game, "not_held", "discard", 1, "AS 3D 4D 6D 2C 3C 4C 6C")
    assert str(error) == "you do not hold AS"
    error = refused(game, "held_once", "discard", 1, "2D 2D 4D 6D 2C 3C 4C 6C")
    assert str(error) == "you hold only one 2D" and error.params == {"card": "2D"}
    refused(game, "not_trump_phase", "declare_trump", 1, "H")
    refused(game, "not_play_phase", "play", 1, "AS")


def test_trump_refusals() -> None:
    game = won_bidding()
    game.discard(1, KITTY)
    refused(game, "not_dealer_trump", "declare_trump", 2, "H")
    error = refused(game, "bad_trump", "declare_trump", 1, "NT")
    assert "there is no no-trump" in str(error)
    refused(game, "not_kitty_phase", "discard", 1, KITTY)
    refused(game, "not_bidding", "bid", 1, 90)


def test_only_the_dealer_sees_the_kitty() -> None:
    game = won_bidding()
    assert game.view(1).kitty == tuple(parse_cards(KITTY))  # the cards just taken up
    assert len(game.view(1).hand or ()) == 10
    for seat in (None, 0, 2, 3):
        assert game.view(seat).kitty is None
    laid = "QS JS 2D 3D 4D 6D 2C 3C"
    game.discard(1, laid)
    assert sorted(game.view(1).kitty or ()) == sorted(parse_cards(laid))
    assert game.view(0).kitty is None and game.view(None).kitty is None


def test_before_the_kitty_nobody_sees_it() -> None:
    game = playing(["AS", "KS", "QS", "JS"])
    assert game.view(0).kitty is not None
    game = Game.from_deal(["AS", "KS", "QS", "JS"], KITTY, 0)
    assert all(game.view(seat).kitty is None for seat in (None, 0, 1, 2, 3))
