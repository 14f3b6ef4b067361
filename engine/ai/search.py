"""Successive halving over candidates on shared sampled worlds, with paired statistics.

Each round draws one world (the hidden cards dealt consistently with what the seat knows)
and plays every remaining candidate out in it, so candidates are compared on identical cards
(common random numbers: the luck of the deal cancels in their differences). The rounds come
in phases; after each, the worse half of the candidates is dropped (the heuristic's own
choice always stays, so the final comparison with it is paired on every world), and so is any
candidate clearly worse than the leader. The budget thus goes to the close calls. The phases
share the rollouts that fit: the cap, or fewer once the pace so far shows the deadline will
come first.

The heuristic's choice (candidate 0) is replaced only by a candidate that beats it on at
least ``floor`` paired worlds by more than ``z`` standard errors plus the budget's ``edge``,
``z`` growing with the number of candidates (the best of many looks better than it is: a
Bonferroni bound on the chance that noise alone overrides the heuristic). The search stops
early once a candidate is clearly best, when every candidate has scored exactly alike, or
when none can gain more than a negligible amount over the heuristic's choice.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import TypeVar

from engine.ai.budget import OVERRIDE_ALPHA, Budget

A = TypeVar("A")
W = TypeVar("W")

#: Standard errors below the leader that drop a candidate, or above all others that stop.
CLEAR_SIGMAS = 3.0
#: Worlds per candidate in a phase, at least.
PHASE_ROUNDS = 4
#: Rounds between two looks at whether the search is settled within a phase.
CHECK_EVERY = 4
#: Rounds on which every candidate scored alike that settle it for the heuristic's choice.
ALIKE_ROUNDS = 8
#: A gain over the heuristic's choice too small to look for (points of the hand's score).
INDIFFERENT = 0.05


@dataclass(frozen=True, slots=True)
class Outcome:
    """The chosen candidate's index, each candidate's mean over its worlds (None: never
    played out) and how the search went."""

    index: int
    means: tuple[float | None, ...]
    worlds: tuple[int, ...]
    rollouts: int
    rounds: int
    tied_rounds: int
    stop: str


def fold(
    ours: bool, best: float, value: float, alpha: float, beta: float
) -> tuple[float, float, float]:
    """One child's value folded into an alpha-beta node that maximises (``ours``) or
    minimises: the node's best so far, alpha and beta."""
    if ours:
        return max(best, value), max(alpha, value), beta
    return min(best, value), alpha, min(beta, value)


def draw(weights: Sequence[float], rng: random.Random) -> int:
    """An index drawn in proportion to ``weights``."""
    pick = rng.random() * sum(weights)
    for index, w in enumerate(weights):
        pick -= w
        if pick < 0:
            return index
    return len(weights) - 1


def override_sigmas(candidates: int, alpha: float = OVERRIDE_ALPHA) -> float:
    """Standard errors a candidate must beat the heuristic's choice by, among ``candidates``,
    for a chance ``alpha`` that noise alone replaces it."""
    return NormalDist().inv_cdf(1 - alpha / max(1, candidates - 1))


def best_candidate(
    candidates: Sequence[A],
    sample: Callable[[random.Random], W],
    evaluate: Callable[[W, A], float],
    budget: Budget,
    rng: random.Random,
    protected: Sequence[int] = (0,),
) -> Outcome:
    """Search ``candidates`` (the heuristic's choice first); ``protected`` ones are never
    dropped (the hand review keeps the move that was played)."""
    k = len(candidates)
    values: list[list[float]] = [[] for _ in candidates]
    if k <= 1 or budget.exhausted():
        return _outcome(0, values, budget, 0, 0, "single" if k <= 1 else "budget")
    alive = list(range(k))
    rounds = tied = 0
    step = 0.0  # the longest evaluation so far: what the next one may take
    phases = max(1, math.ceil(math.log2(k)))
    stop = "budget"
    while True:
        phase_start = budget.spent
        done_rounds, finished = 0, True
        while done_rounds < _phase_rounds(budget, phase_start, len(alive), phases):
            played = _round(alive, candidates, sample, evaluate, values, budget, rng, step)
            if played is None:
                finished = False
                break
            step = max(step, played)
            rounds += 1
            done_rounds += 1
            first = values[alive[0]][-1]
            tied += all(values[i][-1] == first for i in alive)
            if budget.exhausted(step):
                finished = False
                break
            if rounds % CHECK_EVERY == 0 and _settled(alive, values, budget.floor) is not None:
                break
        phases = max(0, phases - 1)
        alive = _prune(alive, values, protected)
        if len(alive) == 1:
            stop = "clear"
            break
        settled = _settled(alive, values, budget.floor)
        if settled is not None:
            stop = settled
            break
        if not finished:
            stop = "deadline" if budget.spent < budget.cap else "budget"
            break
        if phases and len(alive) > 2:
            alive = _halve(alive, values, protected)
    index = _choice(alive, values, budget, k)
    return _outcome(index, values, budget, rounds, tied, stop)


def _phase_rounds(budget: Budget, phase_start: int, alive: int, phases: int) -> int:
    """Rounds for this phase: its share of the rollouts it began with, or, once a deadline
    shows fewer will fit, of those it has spent and those that still fit (so a search cut
    by the clock still halves down to its close call instead of stopping in its first
    phase)."""
    if not phases:
        return 10**9
    return max(PHASE_ROUNDS, (budget.spent - phase_start + budget.affordable()) // (alive * phases))


def _round(
    alive: list[int],
    candidates: Sequence[A],
    sample: Callable[[random.Random], W],
    evaluate: Callable[[W, A], float],
    values: list[list[float]],
    budget: Budget,
    rng: random.Random,
    step: float,
) -> float | None:
    """One world with every alive candidate played out in it; the longest step it took, or
    None when the budget ran out first (the round is then undone: it would not be paired)."""
    started = time.perf_counter()
    longest = 0.0
    world = sample(rng)
    done: list[int] = []
    for index in alive:
        if budget.exhausted(max(step, longest)):
            for undo in done:
                values[undo].pop()
            return None
        values[index].append(evaluate(world, candidates[index]))
        budget.charge()
        done.append(index)
        now = time.perf_counter()
        longest = max(longest, now - started)
        started = now
    return longest


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def paired(a: list[float], b: list[float]) -> tuple[float, float, int]:
    """Mean and standard error of ``a - b`` over the worlds both played (their last ones)."""
    n = min(len(a), len(b))
    if n == 0:
        return 0.0, math.inf, 0
    diffs = [x - y for x, y in zip(a[len(a) - n :], b[len(b) - n :], strict=True)]
    mean = _mean(diffs)
    if n < 2:
        return mean, math.inf, n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n), n


def _leader(alive: list[int], values: list[list[float]]) -> int:
    n = min(len(values[i]) for i in alive)
    return max(alive, key=lambda i: (_mean(values[i][-n:]), -i))


def _prune(alive: list[int], values: list[list[float]], protected: Sequence[int]) -> list[int]:
    """Drop the candidates clearly worse than the leader."""
    if min(len(values[i]) for i in alive) < 2:
        return alive
    leader = _leader(alive, values)
    kept = []
    for i in alive:
        mean, se, _ = paired(values[i], values[leader])
        if i == leader or i in protected or mean + CLEAR_SIGMAS * se >= 0:
            kept.append(i)
    return kept


def _halve(alive: list[int], values: list[list[float]], protected: Sequence[int]) -> list[int]:
    """The better half by mean, and the protected candidates."""
    n = min(len(values[i]) for i in alive)
    ranked = sorted(alive, key=lambda i: (-_mean(values[i][-n:]), i))
    keep = set(ranked[: math.ceil(len(alive) / 2)]) | {i for i in protected if i in alive}
    return [i for i in alive if i in keep]


def _settled(alive: list[int], values: list[list[float]], floor: int) -> str | None:
    """Why more worlds would change nothing, or None: ``alike``, every candidate scored the
    same on each of ``ALIKE_ROUNDS`` worlds or more (nothing the seat does here changes the
    hand; the heuristic's choice stays); ``negligible``, none can gain ``INDIFFERENT`` over
    the heuristic's choice; ``clear``, the leader is clearly above every other one; the
    last two on at least ``floor`` worlds."""
    n = min(len(values[i]) for i in alive)
    if n >= ALIKE_ROUNDS:
        first = values[alive[0]][-n:]
        if all(values[i][-n:] == first for i in alive):
            return "alike"
    if n < max(2, floor):
        return None
    if 0 in alive and all(_negligible(values[i], values[0]) for i in alive if i):
        return "negligible"
    leader = _leader(alive, values)
    for i in alive:
        if i != leader:
            mean, se, _ = paired(values[leader], values[i])
            if mean - CLEAR_SIGMAS * se <= 0:
                return None
    return "clear"


def _negligible(values: list[float], default: list[float]) -> bool:
    """Whether a candidate surely gains less than ``INDIFFERENT`` over the default."""
    mean, se, _ = paired(values, default)
    return mean + CLEAR_SIGMAS * se < INDIFFERENT


def _choice(alive: list[int], values: list[list[float]], budget: Budget, k: int) -> int:
    """The leader if it surely gains more than the budget's ``edge`` over the heuristic's
    choice (paired, on ``floor`` worlds at least, by the bar its ``alpha`` sets)."""
    if not values[0]:
        return 0
    leader = _leader(alive, values)
    if leader == 0 or 0 not in alive:
        return 0
    mean, se, n = paired(values[leader], values[0])
    if n < max(2, budget.floor):
        return 0
    return leader if mean - override_sigmas(k, budget.alpha) * se > budget.edge else 0


def _outcome(
    index: int, values: list[list[float]], budget: Budget, rounds: int, tied: int, stop: str
) -> Outcome:
    means = tuple(_mean(v) if v else None for v in values)
    return Outcome(index, means, tuple(len(v) for v in values), budget.spent, rounds, tied, stop)
