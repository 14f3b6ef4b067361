"""The small pure engine additions the AI needs: ``redeal`` (a position with other hidden
cards) and the unchecked plays of rollouts (``play_combo``, ``play_trusted``)."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.qingdun import Game as QingdunGame
from engine.qingdun.combos import classify
from engine.sankou import Game as SankouGame
from engine.sankou.view import Phase


def test_qingdun_redeal_keeps_the_position_and_shares_nothing() -> None:
    game = QingdunGame.from_hands(["3S 4S 5S", "6H 7H", "8D 9D", "JC QC KC"], leader=0)
    game.play(0, "3S")
    other = game.redeal([parse_cards("4D 5D"), parse_cards("6C 7C"), parse_cards("8H 9H"),
                         parse_cards("JS QS KS")])  # fmt: skip
    assert other.hand_sizes == game.hand_sizes and other.to_move == game.to_move == 1
    assert other.top == game.top and other.actions == game.actions
    other.play(1, "7C")
    assert game.hands[1] == tuple(parse_cards("6H 7H"))  # the original is untouched
    assert game.to_move == 1
    with pytest.raises(ValueError, match="as many cards"):
        game.redeal([parse_cards("4D"), [], [], []])


def test_qingdun_play_combo_is_play_without_the_checks() -> None:
    checked = QingdunGame.from_hands(["3S 3H 9C", "5S 6H", "4S 7C", "8D 9D"], leader=0)
    trusted = QingdunGame.from_hands(["3S 3H 9C", "5S 6H", "4S 7C", "8D 9D"], leader=0)
    checked.play(0, "3S 3H")
    combo = classify(parse_cards("3S 3H"))
    assert combo is not None
    trusted.play_combo(0, combo)
    assert trusted.view(0) == checked.view(0) and trusted.actions == checked.actions


def test_sankou_redeal_and_trusted_plays() -> None:
    game = SankouGame.deal(2)
    while game.phase is not Phase.PLAY:
        game.apply(game.hint(game.to_move))
    hands = [list(game.hand(s)) for s in range(4)]
    hands[1], hands[2] = hands[2], hands[1]  # as many cards each: any cards will do
    other = game.redeal(hands, list(game.kitty))
    assert other.hand(1) == game.hand(2) and other.to_move == game.to_move
    seat = game.to_move
    lead = [game.hand(seat)[0]]
    copy = SankouGame.replay(game.start, game.actions)
    assert game.play_trusted(seat, lead) == copy.play(seat, lead)
    assert game.view(seat) == copy.view(seat)
    with pytest.raises(ValueError, match="as many cards"):
        game.redeal(hands, [])
