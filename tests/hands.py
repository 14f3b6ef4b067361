"""Hands for tests to start from, played by the middle level in every seat."""

from __future__ import annotations

from engine import sankou
from engine.ai import decide
from engine.sankou.view import Phase


def sankou_in_play(deal: int, tricks: int = 2) -> sankou.Game:
    """A 三扣 hand of the middle level in every seat, ``tricks`` tricks into the play."""
    game = sankou.Game.deal(deal)
    while game.phase is not Phase.PLAY or len(game.actions) < 7 + 4 * tricks:
        game.apply(decide(game.observation(game.to_move), level="medium"))
    return game
