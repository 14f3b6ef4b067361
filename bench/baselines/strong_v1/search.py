"""Flat Monte Carlo over sampled worlds, with paired comparisons and early pruning.

Each round draws one world (the hidden cards dealt consistently with what the seat knows)
and plays every remaining candidate out in that same world, so candidates are compared on
identical cards (common random numbers: luck cancels in the differences). A candidate whose
paired difference to the leader is clearly negative is dropped, so the budget goes to the
close calls. The candidates come in the order of a heuristic's preference; ties and an
unfinished first round keep that order.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from bench.baselines.strong_v1.budget import Budget

A = TypeVar("A")
W = TypeVar("W")

#: Rounds before pruning starts, and how many standard errors below the leader prune.
WARMUP_ROUNDS = 3
PRUNE_SIGMAS = 2.5
#: How many standard errors a candidate must beat the heuristic's choice by to replace it.
KEEP_SIGMAS = 1.0


def best_candidate(
    candidates: Sequence[A],
    sample: Callable[[random.Random], W],
    evaluate: Callable[[W, A], float],
    budget: Budget,
    rng: random.Random,
) -> A:
    """The candidate with the best mean value over the rounds the budget allows."""
    if len(candidates) <= 1 or budget.exhausted():
        return candidates[0]
    alive = list(range(len(candidates)))
    values: list[list[float]] = [[] for _ in candidates]  # per candidate, by round
    rounds = 0
    step = 0.0  # the longest evaluation so far: what the next one may take
    while len(alive) > 1:
        started = time.perf_counter()
        world = sample(rng)
        done = []
        for index in alive:
            if budget.exhausted(step):
                break
            value = evaluate(world, candidates[index])
            values[index].append(value)
            budget.charge()
            done.append(index)
            now = time.perf_counter()
            step = max(step, now - started)
            started = now
        if len(done) < len(alive):  # an unfinished round is dropped: it would not be paired
            for index in done:
                values[index].pop()
            break
        rounds += 1
        if rounds >= WARMUP_ROUNDS:
            alive = _prune(alive, values)
        if budget.exhausted(step):
            break
    if rounds == 0:
        return candidates[0]
    leader = _leader(alive, values)
    if leader != 0 and 0 in alive and not _clearly_better(values[leader], values[0]):
        return candidates[0]
    return candidates[leader]


def _clearly_better(values: list[float], default: list[float]) -> bool:
    """Whether a candidate beats the heuristic's own choice by more than the noise."""
    n = len(default)
    diffs = [a - b for a, b in zip(values[-n:], default, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return False
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > KEEP_SIGMAS * math.sqrt(var / n)


def _leader(alive: list[int], values: list[list[float]]) -> int:
    """The alive candidate with the best mean over the rounds all of them played."""
    n = min(len(values[i]) for i in alive)
    return max(alive, key=lambda i: (sum(values[i][-n:]) / n, -i))


def _prune(alive: list[int], values: list[list[float]]) -> list[int]:
    leader = _leader(alive, values)
    n = min(len(values[i]) for i in alive)
    best = values[leader][-n:]
    kept = []
    for index in alive:
        if index == leader:
            kept.append(index)
            continue
        diffs = [a - b for a, b in zip(values[index][-n:], best, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        if mean + PRUNE_SIGMAS * math.sqrt(var / n) >= 0 or (var == 0 and mean >= 0):
            kept.append(index)
    return kept
