"""Judging one 三扣 decision for the hand review: the strong player's move against the one
played, both valued on the same sampled worlds, in every phase."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from engine.actions import Action, Bid, DeclareTrump, Discard, Pass, Play
from engine.ai.budget import BIG_FACTOR, Budget
from engine.ai.clone import clone
from engine.ai.decision import Judgement
from engine.ai.sankou import bidding, player
from engine.ai.sankou.player import World, candidates, kitty_options, play_evaluator, run_search
from engine.ai.sankou.reasons import play_reason, setup_reason, trump_reason
from engine.ai.sankou.rollout import finish
from engine.ai.sankou.seen import Memory, Position
from engine.ai.sankou.setup import best_trumps
from engine.cards import Card, Suit
from engine.sankou.observation import SankouObservation
from engine.sankou.view import Phase

A = TypeVar("A")


def judge(
    obs: SankouObservation,
    action: Action,
    rollouts: int,
    rng: random.Random,
    trump: Suit | None = None,
) -> Judgement | None:
    """None when there was nothing to choose or the played move is as good (``trump``: the
    one named with a kitty, see ``engine.ai.review.judge``)."""
    if obs.phase is Phase.BIDDING:
        return _bid(obs, action, Budget(BIG_FACTOR * rollouts), rng)
    if obs.phase is Phase.KITTY and isinstance(action, Discard):
        return _kitty(obs, action, Budget(BIG_FACTOR * rollouts), rng, trump)
    if obs.phase is Phase.TRUMP and isinstance(action, DeclareTrump):
        return _trump(obs, action, Budget(BIG_FACTOR * rollouts), rng)
    if isinstance(action, Play):
        return _play(obs, action, Budget(rollouts), rng)
    return None


def _compare(
    obs: SankouObservation,
    options: list[A],
    played: A,
    evaluate: Callable[[World, A], float],
    budget: Budget,
    rng: random.Random,
    same: Callable[[A, A], bool],
) -> tuple[A, float] | None:
    """The strong choice among ``options`` (``played`` added) and the played one's cost."""
    mine = next((i for i, o in enumerate(options) if same(o, played)), None)
    if mine is None:
        options = [*options, played]
        mine = len(options) - 1
    if len(options) == 1:
        return None
    outcome = run_search(obs, options, evaluate, budget, rng, protected=(0, mine))
    best, means = outcome.index, outcome.means
    if best == mine or means[best] is None or means[mine] is None:
        return None
    return options[best], means[best] - means[mine]  # type: ignore[operator]


def _same_cards(a: Sequence[Card], b: Sequence[Card]) -> bool:
    return sorted(a) == sorted(b)


def _bid(
    obs: SankouObservation, action: Action, budget: Budget, rng: random.Random
) -> Judgement | None:
    bids = bidding.allowed(obs)
    worlds, _ = bidding.sample(obs, bids, budget, rng)
    if not worlds:
        return None
    best = bidding.best_bid(worlds, bids)
    played = action.amount if isinstance(action, Bid) else None
    if best == played:
        return None
    ceiling = bidding.best_ceiling(worlds, bids)  # either bid goes on as far as it pays
    gain = sum(bidding.bid_values(worlds, best, ceiling))
    cost = (gain - sum(bidding.bid_values(worlds, played, ceiling))) / len(worlds)
    if cost <= 0:
        return None
    guess = round(sum(w[0] for w in worlds) / len(worlds))
    better: Action = Pass(obs.seat) if best is None else Bid(obs.seat, best)
    return Judgement(better, cost, bidding.reason(best, guess))


def _kitty(
    obs: SankouObservation,
    action: Discard,
    budget: Budget,
    rng: random.Random,
    trump: Suit | None,
) -> Judgement | None:
    """The burial and the trump it is laid for, priced together (the played burial with
    ``trump`` when known); a better option that lays the same cards under another trump is
    the trump's mistake, judged at that decision, not the kitty's."""
    hand = list(obs.hand)
    rest = list(hand)
    for card in action.cards:
        rest.remove(card)
    laid_now = tuple(sorted(action.cards))
    played = (laid_now, best_trumps(rest)[0] if trump is None else trump)

    def evaluate(world: World, option: tuple[tuple[Card, ...], Suit]) -> float:
        game = clone(world[0])
        game.discard(obs.seat, list(option[0]))
        game.declare_trump(obs.seat, option[1])
        return finish(game, Memory.empty(), obs.seat)

    same = (lambda a, b: a[0] == b[0]) if trump is None else (lambda a, b: a == b)
    found = _compare(obs, kitty_options(hand), played, evaluate, budget, rng, same)
    if found is None or found[0][0] == laid_now:
        return None
    (laid, named), cost = found
    return Judgement(Discard(obs.seat, laid), cost, setup_reason(hand, laid, named))


def _trump(
    obs: SankouObservation, action: DeclareTrump, budget: Budget, rng: random.Random
) -> Judgement | None:
    def evaluate(world: World, suit: Suit) -> float:
        game = clone(world[0])
        game.declare_trump(obs.seat, suit)
        return finish(game, Memory.empty(), obs.seat)

    suits = best_trumps(obs.hand)
    found = _compare(obs, suits, action.suit, evaluate, budget, rng, lambda a, b: a is b)
    if found is None:
        return None
    suit, cost = found
    reason = trump_reason(suit, [*obs.hand, *(obs.kitty or ())])
    return Judgement(DeclareTrump(obs.seat, suit), cost, reason)


def _play(
    obs: SankouObservation, action: Play, budget: Budget, rng: random.Random
) -> Judgement | None:
    position = Position(obs)
    memory = Memory.of(position)
    options = candidates(position, obs.seat, memory, pairs=player.FIRST_PAIRS)
    found = _compare(
        obs, options, list(action.cards), play_evaluator(obs.seat), budget, rng, _same_cards
    )
    if found is None:
        return None
    cards, cost = found
    reason = play_reason(position, obs.seat, memory, cards, searched=False)
    return Judgement(Play(obs.seat, tuple(cards)), cost, reason)
