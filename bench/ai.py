"""Strength of the AI players: duplicate matches against the simple policy (issue 13).

Each deal is played twice with the same cards: the tested player on seats 0 & 2 against the
opponent on 1 & 3, then the seats swapped, so the luck of the cards cancels. For each game it
reports the tested side's mean delta per seat per hand with a 95 % confidence interval (over
deals, each deal's two hands averaged), its share of hands won, for 三扣 the dealer's success
by bid and how often contracts above 110 are bid and made, the decision time p50/p95 and the
peak memory of a worker.

    python -m bench ai                          # the full suite (long: see docs/ai.md)
    python -m bench ai --runs main --deals 40 --seconds 0.1 --games sankou
    python -m bench ai --runs main --records benchlogs/ai   # resumable: rerun to go on

With ``--records DIR`` every finished deal is appended to a JSON-lines file per game and run,
and a rerun skips the deals already there, so a run of many hours can be stopped and taken up
again (or split across machines) and the report covers every recorded deal.

Runs: ``main`` (strong vs simple at the budget), ``fast`` (strong vs simple at 0.05 s) and
``tenth`` (strong vs strong with a tenth of the budget).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import resource
import statistics
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from engine.ai import BOT_SECONDS, choose
from engine.game import GameBase
from engine.qingdun import Game as QingdunGame
from engine.sankou import Game as SankouGame

GAMES: dict[str, type[GameBase]] = {"qingdun": QingdunGame, "sankou": SankouGame}
FAST_SECONDS = 0.05
QINGDUN_GOAL = 0.65


@dataclass(frozen=True)
class Player:
    level: str
    seconds: float | None = None
    simulations: int | None = None

    def label(self) -> str:
        if self.level != "strong":
            return self.level
        if self.simulations is not None:
            return f"strong@{self.simulations} rollouts"
        return f"strong@{self.seconds:g} s"


@dataclass
class HandRecord:
    """One hand from the tested side's point of view."""

    delta: float  # the tested side's mean delta per seat
    won: bool
    times: list[float] = field(default_factory=list)  # the tested side's decision times
    dealer_tested: bool | None = None  # 三扣: whether the dealer was on the tested side
    bid: int | None = None
    made: bool | None = None


def play_hand(
    game_name: str, deal: int, tested: Player, other: Player, tested_seats: tuple[int, ...]
) -> HandRecord:
    game: Any = GAMES[game_name].deal(deal)
    times: list[float] = []
    step = 0
    while not game.over:
        seat = game.to_move
        player = tested if seat in tested_seats else other
        start = time.perf_counter()
        action = choose(
            game,
            seat,
            level=player.level,
            seed=deal * 1000 + step,
            seconds=player.seconds,
            simulations=player.simulations,
        )
        if seat in tested_seats:
            times.append(time.perf_counter() - start)
        game.apply(action)
        step += 1
    result = game.result
    delta = sum(result.deltas[s] for s in tested_seats) / len(tested_seats)
    record = HandRecord(delta, delta > 0, times)
    if game_name == "sankou":
        record.dealer_tested = result.dealer in tested_seats
        record.bid = result.bid
        record.made = result.dealer_points >= result.bid
    return record


def play_deal(task: tuple[str, int, Player, Player]) -> tuple[int, list[HandRecord], int]:
    """Both seatings of one deal; also the worker's peak memory (KiB)."""
    game_name, deal, tested, other = task
    hands = [
        play_hand(game_name, deal, tested, other, (0, 2)),
        play_hand(game_name, deal, tested, other, (1, 3)),
    ]
    return deal, hands, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def run(
    game_name: str,
    deals: int,
    tested: Player,
    other: Player,
    workers: int,
    first: int = 0,
    records: Path | None = None,
) -> tuple[list[list[HandRecord]], int, float]:
    """Play the deals not yet in ``records`` (if given), appending each one as it finishes."""
    done = _load_records(records, range(first, first + deals)) if records else {}
    tasks = [(game_name, d, tested, other) for d in range(first, first + deals) if d not in done]
    start = time.perf_counter()
    results: list[list[HandRecord]] = [hands for hands, _ in done.values()]
    peak = max((rss for _, rss in done.values()), default=0)
    if not tasks:
        return results, peak, 0.0
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for deal, hands, rss in pool.imap_unordered(play_deal, tasks):
            results.append(hands)
            peak = max(peak, rss)
            if records:
                line = {"deal": deal, "rss": rss, "hands": [asdict(h) for h in hands]}
                with records.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(line) + "\n")
    return results, peak, time.perf_counter() - start


def _load_records(path: Path, wanted: range) -> dict[int, tuple[list[HandRecord], int]]:
    if not path.exists():
        return {}
    done: dict[int, tuple[list[HandRecord], int]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if row["deal"] in wanted:
            done[row["deal"]] = ([HandRecord(**h) for h in row["hands"]], row["rss"])
    return done


def _records_path(directory: str, game_name: str, run_name: str, tested: Player) -> Path:
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    label = tested.label().replace(" ", "").replace("@", "-")
    return path / f"{game_name}-{run_name}-{label}.jsonl"


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
    budget: float | None,
) -> Iterator[str]:
    per_deal = [statistics.fmean(h.delta for h in pair) for pair in results]
    hands = [h for pair in results for h in pair]
    mean, low, high = mean_ci(per_deal)
    won = sum(h.won for h in hands) / len(hands)
    times = [t for h in hands for t in h.times]
    yield (
        f"{game_name}: {tested.label()} vs {other.label()}, {len(results)} deals "
        f"({len(hands)} hands), {wall:.0f} s wall in this run"
    )
    against_simple = other.level == "simple"
    goal = "  (goal > 0)" if game_name == "sankou" or not against_simple else ""
    yield f"  mean delta per seat per hand : {mean:+.3f}  95% CI [{low:+.3f}, {high:+.3f}]{goal}"
    goal = f"  (goal ≥ {QINGDUN_GOAL:.0%})" if game_name == "qingdun" and against_simple else ""
    yield f"  hands won                    : {won:.1%}{goal}"
    p50, p95 = percentile(times, 0.5), percentile(times, 0.95)
    ratio = f"  ({p95 / budget:.2f} × budget, goal ≤ 1.2)" if budget else ""
    yield f"  decision time p50 / p95      : {p50 * 1000:.0f} ms / {p95 * 1000:.0f} ms{ratio}"
    per_hand = statistics.fmean(sum(h.times) for h in hands)
    decisions = len(times) / len(hands)
    yield f"  thinking per hand (tested)   : {per_hand:.1f} s over {decisions:.0f} decisions"
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
        high = [m for bid, v in by_bid.items() if bid > 110 for m in v]
        share = len(high) / total
        yield f"    contracts above 110: {len(high)} bid ({share:.0%}), {sum(high)} made"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai", description=__doc__)
    parser.add_argument("--games", default="qingdun,sankou")
    parser.add_argument("--runs", default="main,fast,tenth")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=BOT_SECONDS)
    parser.add_argument("--simulations", type=int, default=None)
    parser.add_argument("--level", default="strong", help="the tested level")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--records", metavar="DIR", help="append each deal here; resume from it")
    args = parser.parse_args(argv or [])
    for game_name in args.games.split(","):
        for run_name in args.runs.split(","):
            seconds, sims = args.seconds, args.simulations
            if run_name == "fast":
                seconds, sims = FAST_SECONDS, None
            tested = Player(args.level, seconds if sims is None else None, sims)
            if run_name == "tenth":
                other = Player(
                    "strong",
                    None if sims else seconds / 10,
                    max(1, sims // 10) if sims else None,
                )
            else:
                other = Player("simple")
            records = (
                _records_path(args.records, game_name, run_name, tested) if args.records else None
            )
            results, peak, wall = run(
                game_name, args.deals, tested, other, args.workers, args.first_deal, records
            )
            budget = tested.seconds if tested.level == "strong" else None
            for line in report(game_name, tested, other, results, peak, wall, budget):
                print(line, flush=True)
