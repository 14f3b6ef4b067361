"""Exact play of a small 清墩 ending in one sampled world (all hands known there).

When few cards are left in the hands, the rest of the hand is searched to its end with
alpha-beta: the seat's team maximises the value of ``value.value`` for the seat, the other
team minimises it (the deltas are zero-sum between the teams). Every legal play and pass is
tried, plays that go out first. A search that grows past ``NODES`` positions is abandoned
and the heuristic plays the world out instead, so the cost per rollout stays bounded.
"""

from __future__ import annotations

import math

from engine.ai.clone import clone
from engine.ai.qingdun.value import value
from engine.ai.search import fold
from engine.cards import Card
from engine.qingdun.game import Game

#: An ending is small when the hands still in play hold this many cards or fewer.
ENDGAME_CARDS = 6
#: Positions one exact search may visit before it gives up.
NODES = 1000


class _TooBig(Exception):
    """The ending is bigger than ``NODES`` positions."""


def solve(game: Game, seat: int) -> float | None:
    """The value of ``game`` for ``seat`` under best play by both teams; None when the
    ending is too big to search (the caller plays it out with the heuristic)."""
    budget = [NODES]
    try:
        return _search(game, seat, -math.inf, math.inf, budget)
    except _TooBig:
        return None


def _options(game: Game, mover: int) -> list[tuple[Card, ...] | None]:
    plays = [tuple(cards) for cards in game.legal_plays(mover)]
    size = game.hand_sizes[mover]
    plays.sort(key=lambda cards: (len(cards) != size, -len(cards)))  # going out first
    options: list[tuple[Card, ...] | None] = list(plays)
    if game.may_pass(mover):
        options.append(None)
    return options


def _search(game: Game, seat: int, alpha: float, beta: float, budget: list[int]) -> float:
    if game.over:
        assert game.result is not None
        return value(game.result, seat)
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooBig
    mover = game.to_move
    assert mover is not None
    ours = mover % 2 == seat % 2
    best = -math.inf if ours else math.inf
    for option in _options(game, mover):
        child = clone(game)
        if option is None:
            child.pass_turn(mover)
        else:
            child.play(mover, option)
        v = _search(child, seat, alpha, beta, budget)
        best, alpha, beta = fold(ours, best, v, alpha, beta)
        if alpha >= beta:
            break
    return best
