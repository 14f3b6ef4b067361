"""Plays from a seat's view alone are the game's own legal plays, at every point of a hand."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Play
from engine.qingdun import Game, classify
from engine.qingdun.suggest import menu, plays_for, top_of

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


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_the_menu_holds_legal_plays_only_the_hint_first_at_most_25(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.deal(seed)
    while not game.over:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        hint = game.hint(seat)
        first = list(hint.cards) if isinstance(hint, Play) else []
        plays = menu(view, first)
        legal = {tuple(sorted(p)) for p in game.legal_plays(seat)}
        assert len(plays) <= 25 and bool(plays) == bool(legal)
        assert len({tuple(sorted(p)) for p in plays}) == len(plays)
        assert all(tuple(sorted(p)) in legal for p in plays)
        assert not first or plays[0] == first
        if top_of(view) is not None:  # beating: the cheapest plain play before any bomb
            rungs = [classify(p).rung for p in plays[1 if first else 0 :]]
            assert rungs == sorted(rungs)
        assert menu(game.view((seat + 1) % 4)) == []  # not that seat's turn
        random_step(game, rng)


def test_a_lead_menu_offers_every_kind_not_only_singles() -> None:
    game = Game.from_hands(
        ["3S 3H 4S 4H 5S 5H 6C 7C 8D 9D 9H 9S JC QC KC AC 2D 2H", "3C", "4C", "5C"], leader=0
    )
    plays = menu(game.view(0))
    kinds = {classify(p).kind.name for p in plays}
    assert {"SINGLE", "PAIR", "PAIR_CHAIN", "STRAIGHT", "TRIPLE"} <= kinds
    assert len(plays) == 25
