"""三扣 bidding: what each bid would bring as dealer, against what passing brings.

Each sampled world is played out twice with the heuristic: once with the seat as dealer
(its burial, trump and play), which gives the points it would take; once with the seat
passing and the others bidding as a rough estimate of their hands says (``rollout``), which
gives what passing is worth (a defender's share, or the 80 forced on the first passer when
all pass). A bid is worth the dealer's value of those points at that bid, except in worlds
where another hand would outbid it (then it is worth what passing is). The seat bids the
best bid when that beats passing by a margin and a standard error; a jump above the lowest
allowed bid must beat the lowest bid by a standard error too (the best of many bids judged
on few worlds looks better than it is).
"""

from __future__ import annotations

import math
import random

from engine.actions import Bid, Pass
from engine.ai.budget import Budget
from engine.ai.decision import Decision, Reason, Stats
from engine.ai.sankou.rollout import estimate, playout
from engine.ai.sankou.sampling import KITTY, Sampler
from engine.ai.sankou.seen import Memory
from engine.ai.sankou.value import dealer_value
from engine.ai.search import CLEAR_SIGMAS, paired
from engine.sankou.game import MAX_BID, MIN_BID, Game
from engine.sankou.observation import SankouObservation
from engine.sankou.scoring import FULL

BID_STEP = 5
#: A bid must promise at least this much more than passing (points of delta per hand).
BID_MARGIN = 0.25
#: The dealer's points in a rollout, where every seat plays the heuristic, understate what
#: the searching dealer takes: measured +11 over the heuristic against the simple policy
#: (30 deals), less against strong defenders. Bidding adds this much to each sample.
SEARCH_BONUS = 10
#: Worlds between two looks at whether the decision is already clear.
CHECK_EVERY = 8

World = tuple[int, float, int]  # points as dealer, value of passing, highest rival estimate


def decide(
    obs: SankouObservation, strong: bool, budget: Budget, rng: random.Random, explain: bool
) -> Decision:
    seat = obs.seat
    bids = allowed(obs)
    worlds: list[World] = []
    stop = "heuristic"
    if strong and budget.cap >= 2:
        worlds, stop = sample(obs, bids, budget, rng)
    tied = sum(_alike(w, bids) for w in worlds)
    stats = Stats("bid", budget.spent, len(bids) + 1, len(worlds), tied, stop)
    if not worlds:
        guess = estimate(obs.hand)
        bid = bids[0] if dealer_value(bids[0], guess) > BID_MARGIN else None
        return _decision(seat, bid, guess, stats, explain)
    guess = round(sum(w[0] for w in worlds) / len(worlds))
    return _decision(seat, best_bid(worlds, bids), guess, stats, explain)


def allowed(obs: SankouObservation) -> list[int]:
    """The bids allowed now, lowest first."""
    amounts = [b.amount for b in obs.bids if b.amount is not None]
    lowest = max(amounts) + BID_STEP if amounts else MIN_BID
    return list(range(lowest, MAX_BID + 1, BID_STEP))


def sample(
    obs: SankouObservation, bids: list[int], budget: Budget, rng: random.Random
) -> tuple[list[World], str]:
    """Worlds played out (two rollouts each) until the budget is spent or the call is
    clear; also why the sampling stopped."""
    sampler = Sampler(obs)
    worlds: list[World] = []
    while budget.left >= 2 and not budget.exhausted():
        worlds.append(_world(sampler, obs.seat, rng))
        budget.charge(2)
        if len(worlds) % CHECK_EVERY == 0 and _clear(worlds, bids, budget.floor):
            return worlds, "clear"
    return worlds, "deadline" if budget.left >= 2 else "budget"


def best_bid(worlds: list[World], bids: list[int]) -> int | None:
    """The bid to make over these worlds, None to pass."""
    lowest = bids[0]
    values = {b: bid_values(worlds, b) for b in bids}
    best = max(
        (b for b in bids if b == lowest or _clearly(values[b], values[lowest])),
        key=lambda b: sum(values[b]),
    )
    mean, se, _ = paired(values[best], pass_values(worlds))
    return best if mean > BID_MARGIN and mean > se else None


def bid_values(worlds: list[World], bid: int | None) -> list[float]:
    """Each world's value of bidding ``bid`` (None: of passing)."""
    if bid is None:
        return pass_values(worlds)
    return [_bid_value(w, bid) for w in worlds]


def pass_values(worlds: list[World]) -> list[float]:
    return [w[1] for w in worlds]


def _decision(seat: int, bid: int | None, guess: int, stats: Stats, explain: bool) -> Decision:
    action = Pass(seat) if bid is None else Bid(seat, bid)
    return Decision(action, stats, reason(bid, guess) if explain else None)


def reason(bid: int | None, guess: int) -> Reason:
    """Why bid (or pass): the points the seat expects to take as dealer."""
    if bid is None:
        return Reason("passes_bid", {"expected": guess})
    return Reason("bids", {"expected": guess, "bid": bid})


def _alike(world: World, bids: list[int]) -> bool:
    """Whether every bid and passing are worth the same in this world."""
    return all(_bid_value(world, b) == world[1] for b in bids)


def _bid_value(world: World, bid: int) -> float:
    points, passing, outbid = world
    return passing if outbid >= bid + BID_STEP else dealer_value(bid, points)


def _clearly(values: list[float], base: list[float]) -> bool:
    mean, se, _ = paired(values, base)
    return mean > se if math.isfinite(se) else mean > 0


def _clear(worlds: list[World], bids: list[int], floor: int) -> bool:
    """Whether every bid is clearly worse than passing, or the lowest clearly better."""
    if len(worlds) < floor:
        return False
    passing = pass_values(worlds)
    lowest = bid_values(worlds, bids[0])
    mean, se, _ = paired(lowest, passing)
    if mean - CLEAR_SIGMAS * se > BID_MARGIN:
        return False  # a bid is sure; which one still needs the worlds
    top = max(bids, key=lambda b: sum(_bid_value(w, b) for w in worlds))
    best, se_best, _ = paired([_bid_value(w, top) for w in worlds], passing)
    return best + CLEAR_SIGMAS * se_best < 0


def _world(sampler: Sampler, seat: int, rng: random.Random) -> World:
    """One sampled world: the seat's points as dealer, its value of passing, and the
    highest bid another hand would go to (0: none)."""
    slots = sampler.deal(rng)
    passing = sampler.of(slots)
    passing.pass_turn(seat)
    value = playout(passing, Memory.empty(), seat)
    assert value is not None
    hands = [list(sampler.obs.hand) if s == seat else slots[s] for s in range(4)]
    dealer = Game.from_deal(hands, slots[KITTY], seat)
    dealer.bid(seat, MIN_BID)
    for step in (1, 2, 3):
        dealer.pass_turn((seat + step) % 4)
    playout(dealer, Memory.empty())
    points = min(FULL, dealer.dealer_points + SEARCH_BONUS)
    outbid = max((estimate(slots[s]) for s in range(4) if s != seat), default=0)
    return points, value, outbid
