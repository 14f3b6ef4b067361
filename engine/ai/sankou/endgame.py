"""Exact play of the last 三扣 tricks in one sampled world (all hands known there).

With ``ENDGAME_CARDS`` cards or fewer in each hand, at a lead, the rest of the hand is
searched to its end with alpha-beta: the dealer against the defenders, on the seat's value of
the result (``value``: the score, 保底 included, smoothed over points). Leads are every
single, pair and tractor (no throws); follows every legal follow. The search keeps its own
small state (the four hands, the trick so far, the dealer's points) instead of copying
engine games, and trusts the engine's own rules for what a lead is and which play wins
(``combos``). A search that grows past ``NODES`` positions is abandoned, and the heuristic
plays the world out instead.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.ai.sankou.value import dealer_value
from engine.ai.search import fold
from engine.cards import Card, points
from engine.sankou import combos, moves
from engine.sankou.combos import Key, Lead
from engine.sankou.game import Game
from engine.sankou.order import CardOrder

#: The last tricks are solved exactly once every hand holds this many cards or fewer.
ENDGAME_CARDS = 2
#: Positions one exact search may visit before it gives up.
NODES = 4000


class _TooBig(Exception):
    """The ending is bigger than ``NODES`` positions."""


@dataclass(slots=True)
class _Ending:
    order: CardOrder
    dealer: int
    bid: int
    kitty: int  # the kitty's points: the dealer's if it wins the last trick
    seat: int
    left: int  # positions still allowed


def solve(game: Game, seat: int) -> float | None:
    """The value of ``game`` (at a lead) for ``seat`` under best play by both sides; None
    when the ending is too big to search."""
    dealer, bid = game.dealer, game.contract
    leader = game.to_move
    assert dealer is not None and bid is not None and leader is not None
    ending = _Ending(game.order, dealer, bid, points(game.kitty), seat, NODES)
    hands = [tuple(game.hand(s)) for s in range(4)]
    try:
        return _lead(ending, hands, leader, game.dealer_points, -math.inf, math.inf)
    except _TooBig:
        return None


def _ours(ending: _Ending, mover: int) -> bool:
    return (mover == ending.dealer) == (ending.seat == ending.dealer)


def _without(hand: tuple[Card, ...], cards: list[Card]) -> tuple[Card, ...]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def _lead(
    ending: _Ending, hands: list[tuple[Card, ...]], leader: int, taken: int, a: float, b: float
) -> float:
    if len(hands[leader]) == 1:
        return _last(ending, hands, leader, taken)
    ending.left -= 1
    if ending.left < 0:
        raise _TooBig
    ours = _ours(ending, leader)
    best = -math.inf if ours else math.inf
    for cards in moves.leads(list(hands[leader]), ending.order):
        lead = combos.classify_lead(cards, ending.order)
        after = list(hands)
        after[leader] = _without(hands[leader], cards)
        trick = (lead, (lead.key, leader), points(cards))
        v = _follow(ending, after, leader, 1, trick, taken, a, b)
        best, a, b = fold(ours, best, v, a, b)
        if a >= b:
            break
    return best


def _last(ending: _Ending, hands: list[tuple[Card, ...]], leader: int, taken: int) -> float:
    """The last trick, every hand holding one card: it plays itself. The same value and the
    same count of positions as searching it (a lead and three follows), for a fraction of
    the cost (this is every branch's leaf)."""
    if ending.left < 4:
        raise _TooBig
    ending.left -= 4
    order = ending.order
    card = hands[leader][0]
    lead = combos.classify_lead([card], order)
    best, winner, won = lead.key, leader, card.points
    for k in (1, 2, 3):
        mover = (leader + k) % 4
        card = hands[mover][0]
        key = combos.play_key(lead, [card], order)
        if key is not None and key > best:
            best, winner = key, mover
        won += card.points
    if winner == ending.dealer:
        taken += won + ending.kitty
    dealer = dealer_value(ending.bid, taken)
    return dealer if ending.seat == ending.dealer else -dealer / 3


def _follow(
    ending: _Ending,
    hands: list[tuple[Card, ...]],
    leader: int,
    k: int,
    trick: tuple[Lead, tuple[Key, int], int],
    taken: int,
    a: float,
    b: float,
) -> float:
    """The ``k``-th seat after the leader plays to ``trick`` (lead, best so far, points)."""
    lead, winning, won = trick
    if k == 4:
        winner = winning[1]
        if winner == ending.dealer:
            taken += won
        if not hands[0]:
            if winner == ending.dealer:
                taken += ending.kitty
            dealer = dealer_value(ending.bid, taken)
            return dealer if ending.seat == ending.dealer else -dealer / 3
        return _lead(ending, hands, winner, taken, a, b)
    ending.left -= 1
    if ending.left < 0:
        raise _TooBig
    mover = (leader + k) % 4
    ours = _ours(ending, mover)
    best = -math.inf if ours else math.inf
    for cards in moves.follows(list(hands[mover]), lead, ending.order):
        key = combos.play_key(lead, cards, ending.order)
        now = (key, mover) if key is not None and key > winning[0] else winning
        after = list(hands)
        after[mover] = _without(hands[mover], cards)
        v = _follow(ending, after, leader, k + 1, (lead, now, won + points(cards)), taken, a, b)
        best, a, b = fold(ours, best, v, a, b)
        if a >= b:
            break
    return best
