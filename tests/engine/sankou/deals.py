"""Small hand-made deals, so a test reads like the situation it describes."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalMove
from engine.sankou import Game
from engine.sankou.view import FinishedTrick

#: A pointless kitty holding one copy of each card, so tests may still use the other copy.
KITTY = "2D 3D 4D 6D 2C 3C 4C 6C"


def bidding(hands: list[str] | None = None, first_bidder: int = 0) -> Game:
    return Game.from_deal(hands or ["AS", "KS", "QS", "JS"], KITTY, first_bidder)


def playing(hands: list[str], trump: str = "H", dealer: int = 0, kitty: str = KITTY) -> Game:
    """Seat ``dealer`` bids 80, the others pass, the kitty goes back unchanged, trump named."""
    game = Game.from_deal(hands, kitty, first_bidder=dealer)
    game.bid(dealer, 80)
    for step in (1, 2, 3):
        game.pass_turn((dealer + step) % 4)
    game.discard(dealer, kitty)
    game.declare_trump(dealer, trump)
    return game


def one_trick(plays: list[str], trump: str = "H", leader: int = 0) -> FinishedTrick:
    """Each seat holds exactly what it plays; ``plays`` are by seat, ``leader`` leads."""
    game = playing(plays, trump, dealer=leader)
    for step in range(4):
        seat = (leader + step) % 4
        game.play(seat, plays[seat])
    return game.tricks[-1]


def snapshot(game: Game) -> Any:
    """Everything observable about a game, to check a refusal changed nothing."""
    return (
        game.hands,
        game.kitty,
        game.actions,
        game.phase,
        game.to_move,
        game.dealer_points,
        game.defender_points,
        tuple(game.view(seat) for seat in (None, 0, 1, 2, 3)),
    )


def refused(game: Game, code: str, method: str, *args: Any) -> IllegalMove:
    """``game.method(*args)`` raises ``IllegalMove`` with ``code`` and changes nothing."""
    before = snapshot(game)
    with pytest.raises(IllegalMove) as caught:
        getattr(game, method)(*args)
    assert caught.value.code == code, caught.value
    assert snapshot(game) == before
    return caught.value
