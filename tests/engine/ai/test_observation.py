"""Observations hold what a seat may know and nothing else (the AI's only input)."""

from __future__ import annotations

from engine.actions import Discard, Pass, Play
from engine.cards import parse_cards
from engine.qingdun import Game as QingdunGame
from engine.sankou import Game as SankouGame
from engine.sankou.order import TRUMP

from ..sankou.deals import KITTY, playing


def test_sankou_the_kitty_is_the_dealers_alone() -> None:
    game = SankouGame.from_deal(["AS KS", "QS JS", "9S 8S", "7S 6S"], KITTY, 1)
    assert all(game.observation(s).kitty is None for s in range(4))
    game.bid(1, 85)
    for seat in (2, 3, 0):
        game.pass_turn(seat)
    assert game.observation(1).kitty == tuple(parse_cards(KITTY))  # just taken up
    laid = "QS JS 2D 3D 4D 6D 2C 3C"
    game.discard(1, laid)
    assert sorted(game.observation(1).kitty or ()) == sorted(parse_cards(laid))
    for seat in (0, 2, 3):
        obs = game.observation(seat)
        assert obs.kitty is None
        assert obs.history[-1] == Discard(1, ())  # the discard happened, its cards hidden
    assert game.observation(1).history[-1] == Discard(1, tuple(parse_cards(laid)))


def test_sankou_following_short_reveals_a_void() -> None:
    # Trump hearts. Seat 1 has no spade: it shows out on the spade lead, seat 3 follows.
    game = playing(["AS 2H", "5D 3H", "KS 4H", "QS 6D"], trump="H", dealer=0)
    game.play(0, "AS")
    game.play(1, "5D")
    game.play(2, "KS")
    game.play(3, "QS")
    obs = game.observation(2)
    assert obs.voids[1] == frozenset({0})  # spades are suit class 0
    assert obs.voids[0] == obs.voids[2] == obs.voids[3] == frozenset()
    assert obs.hand == tuple(parse_cards("4H"))
    assert obs.hand_sizes == (1, 1, 1, 1)
    assert [t.winner for t in obs.tricks] == [0]
    # A trump lead that seat 3 cannot follow: a void in trump, seen by everyone.
    for seat, card in ((0, "2H"), (1, "3H"), (2, "4H"), (3, "6D")):
        game.play(seat, card)
    assert game.observation(1).voids[3] == frozenset({TRUMP})
    assert game.observation(1).voids[1] == frozenset({0})


def test_sankou_a_failed_throw_is_public_with_attempted_and_forced_cards() -> None:
    # Trump clubs: seat 0 throws AS QS; seat 2's KS beats the QS, so QS is forced.
    game = playing(["AS QS 3C", "2H 3H 4C", "KS 2S 5C", "3D 4D 6C"], trump="C", dealer=0)
    game.play(0, "AS QS")
    obs = game.observation(3)
    assert obs.failed_throw is not None
    assert obs.failed_throw.attempted == tuple(parse_cards("AS QS"))
    assert obs.failed_throw.forced == tuple(parse_cards("QS"))
    assert obs.history[-1] == Play(0, tuple(parse_cards("AS QS")))
    assert obs.trick[0].cards == tuple(parse_cards("QS"))


def test_qingdun_the_partners_hand_shows_once_out() -> None:
    game = QingdunGame.from_hands(["3S", "5H 6H", "7D 8D 9D", "JC QC"], leader=0)
    assert game.observation(0).partner_hand is None
    game.play(0, "3S")  # seat 0 goes out
    obs = game.observation(0)
    assert obs.hand == ()
    assert obs.partner_hand == tuple(parse_cards("7D 8D 9D"))
    assert game.observation(2).partner_hand is None  # seat 2 is still in
    assert game.observation(1).partner_hand is None


def test_qingdun_history_is_every_play_and_pass() -> None:
    game = QingdunGame.from_hands(["3S 4S", "5H 6H", "7D 8D", "JC QC"], leader=1)
    game.play(1, "5H")
    game.pass_turn(2)
    game.play(3, "JC")
    obs = game.observation(0)
    assert obs.history == (
        Play(1, tuple(parse_cards("5H"))),
        Pass(2),
        Play(3, tuple(parse_cards("JC"))),
    )
    assert obs.first_leader == 1
    assert obs.played[1] == tuple(parse_cards("5H"))
    assert obs.top_seat == 3 and obs.top is not None and not obs.top_led
    assert obs.hand_sizes == (2, 1, 2, 1)
    assert obs.hand == tuple(parse_cards("3S 4S"))
