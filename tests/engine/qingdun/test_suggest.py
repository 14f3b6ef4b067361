"""Plays from a seat's view alone are the game's own legal plays, at every point of a hand."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.qingdun import Game
from engine.qingdun.suggest import plays_for

from .test_properties import random_step


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_plays_from_the_view_are_the_legal_plays(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.deal(seed)
    while not game.over:
        for seat in range(4):
            assert list(plays_for(game.view(seat))) == list(game.legal_plays(seat))
        random_step(game, rng)
    assert all(list(plays_for(game.view(seat))) == [] for seat in range(4))
