"""Playing a sampled 三扣 world to its end with the heuristic in every seat, and scoring it.

The heuristic's plays are legal by construction (leads of one suit class, follows that play
the led suit as far as the hand allows), so they go through the engine's ``play_trusted``
without its checks; a small ending (every hand at ``ENDGAME_CARDS`` or fewer) is solved
exactly (``endgame``). It starts after the bidding (``bidding`` settles auctions).
"""

from __future__ import annotations

from engine.ai.sankou import policy
from engine.ai.sankou.endgame import ENDGAME_CARDS, solve
from engine.ai.sankou.seen import Memory
from engine.ai.sankou.setup import best_trumps, burial
from engine.ai.sankou.value import value
from engine.cards import Card
from engine.sankou.game import Game
from engine.sankou.view import Phase

#: ``expected_points`` = FITTED_MEAN + FITTED_SLOPE × (estimate − ESTIMATE_MEAN).
ESTIMATE_MEAN, FITTED_MEAN, FITTED_SLOPE = 56, 59, 1.5


def playout(game: Game, memory: Memory, seat: int | None = None) -> float | None:
    """Play ``game`` to its end with the heuristic in every seat; with ``seat``, a small
    ending is solved exactly and the value for ``seat`` returned (else None)."""
    tried = False
    while not game.over:
        mover = game.to_move
        assert mover is not None
        phase = game.phase
        if phase is Phase.PLAY:
            lead = game.lead
            small = lead is None and len(game.hand(mover)) <= ENDGAME_CARDS
            if seat is not None and small and not tried:
                tried = True
                exact = solve(game, seat)
                if exact is not None:
                    return exact
            cards = policy.play(game, mover, memory, pairs=policy.ROLLOUTS_PAIRS)
            played = game.play_trusted(mover, cards)
            memory.record(mover, played, lead, game)
        elif phase is Phase.KITTY:
            hand = list(game.hand(mover))
            game.discard(mover, burial(hand, best_trumps(hand)[0], points=False))
        else:
            game.declare_trump(mover, best_trumps(game.hand(mover))[0])
    if seat is None:
        return None
    assert game.result is not None
    return value(game.result, seat)


def finish(game: Game, memory: Memory, seat: int) -> float:
    """``seat``'s value once ``game`` is played to its end."""
    result = playout(game, memory, seat)
    assert result is not None
    return result


def estimate(hand: list[Card] | tuple[Card, ...]) -> int:
    """A rough guess of a dealer's points from the hand alone, for ``expected_points`` (the
    others' reach in the strong player's auctions; ``handvalue`` explains more of the
    points, but the strong player bid worse with it there: docs/ai.md)."""
    jokers = sum(1 for c in hand if c.suit is None)
    tens = sum(1 for c in hand if c.rank == 10)
    trump = best_trumps(hand)[0]
    length = sum(1 for c in hand if c.suit is trump and c.rank != 10)
    return 20 + 9 * jokers + 6 * tens + 6 * max(0, length - 5)


def expected_points(hand: list[Card] | tuple[Card, ...]) -> float:
    """The points a hand takes as dealer when the heuristic plays it out, from ``estimate``
    (fitted on 150 hands of 4 play-outs each: the rough guess runs low and flat)."""
    return FITTED_MEAN + FITTED_SLOPE * (estimate(hand) - ESTIMATE_MEAN)
