"""AI decisions under load (issue 21 §3): how long a hint and a bot's move take while many tables
of strong bots think at once.

Each table is a hand of 清墩 or 三扣 (alternately) played by four strong bots through one
``Thinker`` of worker processes, as the service drives them: one decision at a time per table,
the next asked as soon as the last is played (``group`` = server and table: table 0 alone on
one server, the others on another). Meanwhile one person asks a hint (the strong player at the
hint budget) about every half second, reading in between. Reported per number of workers and of
busy tables: the hint's latency p50/p99 and the bot moves' p50 and worst wait, beside the goals
(hint p99 < 1.5 × its budget; no bot move waits more than 3 × its budget; a bid, a kitty and a
trump have ``BIG_FACTOR`` times the budget of a play, so each wait is also shown as a multiple
of the decision's own budget), and every fallback
to the medium player by reason. The Thinker alone is measured: the service adds a few
milliseconds of database work per move.

    python -m bench ai_load                       # 0, 4, 16 and 64 tables on 1 and 2 workers
    python -m bench ai_load --tables 0,16 --workers 2 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from bot.service.thinking import Thinker
from engine import qingdun, sankou
from engine.ai import BIG_FACTOR, HINT_SECONDS, phase_of
from engine.game import GameBase

HINT_GOAL = 1.5  # hint p99 below this many times its budget
BOT_GOAL = 3.0  # no bot move waits more than this many times its budget
READING = 0.5  # seconds the person reads between two hints


@dataclass
class Measured:
    """One configuration's latencies (seconds) and fallbacks."""

    workers: int
    tables: int
    hints: list[float] = field(default_factory=list)  # seconds
    moves: list[float] = field(default_factory=list)
    hint_ratios: list[float] = field(default_factory=list)  # waits ÷ the decision's budget
    move_ratios: list[float] = field(default_factory=list)
    fallbacks: Counter[str] = field(default_factory=Counter)


def deal(number: int) -> GameBase:
    return qingdun.Game.deal(number) if number % 2 == 0 else sankou.Game.deal(number)


async def move(
    thinker: Thinker, game: GameBase, seconds: float, group: tuple[int, int], interactive: bool
) -> tuple[float, float]:
    """One decision for the seat to move, played; how long it took to come, in seconds and
    as a multiple of its budget (a bid, kitty or trump: ``BIG_FACTOR`` × ``seconds``)."""
    seat = game.to_move
    assert seat is not None
    asked = time.perf_counter()
    observation = game.observation(seat)  # type: ignore[attr-defined]
    action = await thinker.choose(
        observation,
        level="strong",
        seconds=seconds,
        seed=len(game.actions),
        group=group,
        interactive=interactive,
    )
    game.apply(action if action is not None else game.hint(seat))
    took = time.perf_counter() - asked
    return took, took / (seconds * (1 if phase_of(observation) == "play" else BIG_FACTOR))


async def bot_table(
    thinker: Thinker, table: int, seconds: float, stop: asyncio.Event, result: Measured
) -> None:
    """Four strong bots playing hand after hand, one decision at a time."""
    number, game = table, deal(table)
    while not stop.is_set():
        if game.over:
            number += 1000
            game = deal(number)
        took, ratio = await move(thinker, game, seconds, (1 if table == 0 else 2, table), False)
        if not stop.is_set():
            result.moves.append(took)
            result.move_ratios.append(ratio)


async def person(thinker: Thinker, seconds: float, stop: asyncio.Event, result: Measured) -> None:
    """A person who asks a hint about their turn, plays it, reads a little, asks again."""
    number, game = 1, deal(1)
    while not stop.is_set():
        if game.over:
            number += 2
            game = deal(number)
        took, ratio = await move(thinker, game, seconds, (3, 0), True)
        result.hints.append(took)
        result.hint_ratios.append(ratio)
        await asyncio.sleep(READING)


async def measure(
    workers: int, tables: int, bot_seconds: float, hint_seconds: float, duration: float
) -> Measured:
    thinker = Thinker(workers)
    result = Measured(workers, tables)
    stop = asyncio.Event()
    try:
        await thinker.ready()
        running = [
            asyncio.ensure_future(bot_table(thinker, table, bot_seconds, stop, result))
            for table in range(tables)
        ]
        running.append(asyncio.ensure_future(person(thinker, hint_seconds, stop, result)))
        await asyncio.sleep(duration)
        stop.set()
        await asyncio.gather(*running)
    finally:
        result.fallbacks = Counter(thinker.fallbacks)
        await thinker.close()
    return result


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(rows: list[Measured], bot_seconds: float, hint_seconds: float) -> None:
    print(
        f"hint budget {hint_seconds:g} s (goal p99 < {HINT_GOAL:g} × its budget); bot budget "
        f"{bot_seconds:g} s (goal: every move within {BOT_GOAL:g} × its budget); a bid, kitty "
        f"or trump has {BIG_FACTOR} × the budget"
    )
    print(
        "| workers | busy tables | hints | hint p50 | hint p99 | hint p99 × budget | bot moves | "
        "bot p50 | bot max | bot max × budget | goals met | fallbacks |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        p99, p99_ratio = percentile(row.hints, 0.99), percentile(row.hint_ratios, 0.99)
        worst, worst_ratio = max(row.moves, default=0.0), max(row.move_ratios, default=0.0)
        met = p99_ratio < HINT_GOAL and worst_ratio <= BOT_GOAL
        moves = f"{statistics.median(row.moves):.2f} s" if row.moves else "-"
        fallbacks = ", ".join(f"{k} {v}" for k, v in sorted(row.fallbacks.items())) or "0"
        print(
            f"| {row.workers} | {row.tables} | {len(row.hints)} | "
            f"{statistics.median(row.hints):.3f} s | {p99:.3f} s | {p99_ratio:.2f} | "
            f"{len(row.moves)} | {moves} | {worst:.2f} s | {worst_ratio:.2f} | "
            f"{'yes' if met else 'NO'} | {fallbacks} |"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai_load", description=__doc__)
    parser.add_argument("--tables", default="0,4,16,64", help="busy tables, comma-separated")
    parser.add_argument("--workers", default="1,2", help="bot workers, comma-separated")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured per configuration")
    parser.add_argument("--bot-seconds", type=float, default=3.0, help="a bot's budget")
    parser.add_argument("--hint-seconds", type=float, default=HINT_SECONDS, help="a hint's")
    args = parser.parse_args(argv or [])
    logging.getLogger("bot.service.thinking").setLevel(logging.CRITICAL)  # counted in the table
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average before: {load} on {os.cpu_count()} cores")
    rows = []
    for workers in (int(w) for w in args.workers.split(",")):
        for tables in (int(t) for t in args.tables.split(",")):
            rows.append(
                asyncio.run(
                    measure(workers, tables, args.bot_seconds, args.hint_seconds, args.seconds)
                )
            )
            print(f"  measured {workers} worker(s), {tables} tables", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    report(rows, args.bot_seconds, args.hint_seconds)


if __name__ == "__main__":
    main()
