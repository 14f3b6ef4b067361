"""The exact 三扣 endings (``engine.ai.sankou.endgame``) against a plain minimax over the
engine's own checked plays: the same value for the dealer and for a defender, so the
search's small state (hands, trick, points, the kitty's 保底, the last trick played by
itself) scores every ending as the engine would."""

from __future__ import annotations

import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bench.ai_endgame import reach
from engine.ai.clone import clone
from engine.ai.sankou import endgame
from engine.ai.sankou.value import value
from engine.sankou import moves
from engine.sankou.game import Game


def minimax(game: Game, seat: int) -> float:
    """Best play for both sides through ``Game.play`` (every check), leads without throws
    as the search has them; the result valued as a rollout's."""
    if game.over:
        assert game.result is not None
        return value(game.result, seat)
    mover = game.to_move
    assert mover is not None
    ours = (mover == game.dealer) == (seat == game.dealer)
    hand = list(game.hand(mover))
    plays = moves.leads(hand, game.order) if game.lead is None else game.legal_plays(mover)
    best = -math.inf if ours else math.inf
    for cards in plays:
        after = clone(game)
        after.play(mover, cards)
        v = minimax(after, seat)
        best = max(best, v) if ours else min(best, v)
    return best


@settings(max_examples=25, deadline=None)
@given(deal=st.integers(0, 10**6), cards=st.sampled_from([1, 2, 2, 3]))
def test_an_exact_ending_is_the_minimax_of_the_engines_own_plays(deal: int, cards: int) -> None:
    reached = reach(deal, cards)
    assume(reached is not None)
    assert reached is not None
    game = reached[0]
    assert game.dealer is not None
    for seat in (game.dealer, (game.dealer + 1) % 4):
        assert endgame.solve(game, seat) == minimax(game, seat)


def ending(deal: int, cards: int) -> Game:
    reached = reach(deal, cards)
    assert reached is not None
    return reached[0]


def test_an_ending_too_big_for_its_positions_is_given_up() -> None:
    game = ending(5, 2)
    assert endgame.solve(game, 0) is not None
    limit = endgame.NODES
    try:
        endgame.NODES = 4  # a single last trick counts four positions: more cards exceed it
        assert endgame.solve(ending(5, 1), 0) is not None
        assert endgame.solve(game, 0) is None
    finally:
        endgame.NODES = limit
