"""The AI bench's record of a hand, and its report of a match: the delta with its 95 %
interval, hands won, contracts, decision times, rollouts and tied search rounds."""

from __future__ import annotations

import math
import os
import statistics
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from bench.ai_players import Player

#: Contracts from this bid on are doubled (×2 from 115, ×3 at 200).
DOUBLED = 115


@dataclass
class HandRecord:
    """One hand from the tested side's point of view."""

    delta: float  # the tested side's mean delta per seat
    won: bool
    times: list[float] = field(default_factory=list)  # the tested side's decision times
    dealer_tested: bool | None = None  # 三扣: whether the dealer was on the tested side
    bid: int | None = None
    made: bool | None = None
    rollouts: list[int] = field(default_factory=list)  # the tested side's, per decision
    rounds: int = 0  # search rounds of the tested side
    tied: int = 0  # of those, rounds where every candidate tied
    alike: bool = False  # ``--bids-only``: both seatings bid alike, scored 0 unplayed


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(
    game_name: str,
    tested: Player,
    other: Player,
    results: list[list[HandRecord]],
    peak: int,
    wall: float,
) -> Iterator[str]:
    per_deal = [statistics.fmean(h.delta for h in pair) for pair in results]
    mean, low, high = mean_ci(per_deal)
    # Deals bid alike under --bids-only count in the mean (as 0) and nowhere else.
    hands = [h for pair in results for h in pair if not h.alike]
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    yield (
        f"{game_name}: {tested.label()} vs {other.label()}, {len(results)} deals "
        f"({len(hands)} hands played), {wall:.0f} s wall in this run, load now {load}"
    )
    yield f"  mean delta per seat per hand : {mean:+.3f}  95% CI [{low:+.3f}, {high:+.3f}]"
    alike = sum(pair[0].alike for pair in results)
    if alike:
        yield f"  deals bid alike, scored 0    : {alike} of {len(results)} (--bids-only)"
    if not hands:
        yield f"  peak memory of a worker      : {peak / 1024:.0f} MiB"
        return
    if alike:
        differ = [d for d, pair in zip(per_deal, results, strict=True) if not pair[0].alike]
        ahead = sum(d > 0 for d in differ)
        behind = sum(d < 0 for d in differ)
        yield f"  deals played, for / against  : {len(differ)}: {ahead} / {behind}"
    won = sum(h.won for h in hands) / len(hands)
    times = [t for h in hands for t in h.times]
    yield f"  hands won                    : {won:.1%}"
    p50, p95 = percentile(times, 0.5), percentile(times, 0.95)
    yield f"  decision time p50 / p95      : {p50 * 1000:.0f} ms / {p95 * 1000:.0f} ms"
    per_hand = statistics.fmean(sum(h.times) for h in hands)
    decisions = len(times) / len(hands)
    yield f"  thinking per hand (tested)   : {per_hand:.1f} s over {decisions:.0f} decisions"
    rollouts = [r for h in hands for r in h.rollouts]
    if rollouts:
        searched = [r for r in rollouts if r]
        rounds = sum(h.rounds for h in hands)
        tied = sum(h.tied for h in hands)
        share = tied / rounds if rounds else 0.0
        yield (
            f"  rollouts per decision        : mean {statistics.fmean(rollouts):.0f}, "
            f"searched decisions {len(searched) / len(rollouts):.0%} "
            f"(mean {statistics.fmean(searched) if searched else 0:.0f})"
        )
        yield f"  search rounds all tied       : {share:.1%} of {rounds}  (goal < 20%)"
    yield f"  peak memory of a worker      : {peak / 1024:.0f} MiB"
    if game_name == "sankou":
        yield from _dealer_lines(hands)


def _dealer_lines(hands: list[HandRecord]) -> Iterator[str]:
    for side, tested in (("tested", True), ("opponent", False)):
        by_bid: dict[int, list[bool]] = defaultdict(list)
        for h in hands:
            if h.dealer_tested is tested and h.bid is not None and h.made is not None:
                by_bid[h.bid].append(h.made)
        total = sum(len(v) for v in by_bid.values())
        if not total:
            continue
        made = sum(sum(v) for v in by_bid.values())
        yield f"  {side} side as dealer: {total} hands, made {made / total:.0%}; by bid:"
        line = ", ".join(f"{bid}: {sum(v)}/{len(v)}" for bid, v in sorted(by_bid.items()))
        yield f"    {line}"
        high = [m for bid, v in by_bid.items() if bid >= DOUBLED for m in v]
        share = len(high) / total
        yield f"    contracts ≥ {DOUBLED}: {len(high)} bid ({share:.0%}), {sum(high)} made"
