"""Load on the table service: 1,000 active tables driven through ``TableService``.

Every table has two human seats (driven like a player who clicks the hint: ``hint`` then
``act``) and two bot seats (``play_bot``), half 清墩 and half 三扣, on a fresh SQLite file.
Each action is committed before its call returns (WAL, ``synchronous=NORMAL``). Printed:

- sustained actions/s with 16 callers at once (closed loop: each caller sends its next action
  as soon as the last one returned),
- p50 / p99 latency of one action (engine + commit) at an offered load of 500 actions/s,
  requests arriving at a steady rate from a 16-caller pool (open loop; this is the figure
  checked against the goal), and of actions sent one at a time (no queueing at all),
- time to recover all tables from disk, and memory per active table (tracemalloc over a
  full reload), with every table's current hand at a random point of its play,
- then boards over a ledger of 1,000,000 rows (``bench.board_load``, also runnable alone).

``python -m bench.service_load [seconds]``: the closed-loop phase lasts ``seconds`` (default 20).
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from bench import board_load
from bot.service import TableService, Update
from bot.service.games import RULES
from bot.service.requests import from_action
from bot.store import Store
from engine.actions import action_to_json

TABLES = 1000
CALLERS = 16
OFFERED_RATE = 500.0
OPEN_LOOP_SECONDS = 6.0
SEQUENTIAL = 3000
GOALS = {"p99_ms": 50.0, "actions_per_s": 500.0, "kb_per_table": 200.0, "recovery_s": 3.0}


async def setup(service: TableService) -> list[int]:
    tables = []
    for n in range(TABLES):
        game = "qingdun" if n % 2 == 0 else "sankou"
        update = await service.create_table(1, 10_000 + n, 1, "p1", game, {"hands": None})
        await service.join(update.table_id, 2, "p2")
        await service.add_bot(update.table_id, 1)
        await service.add_bot(update.table_id, 1)
        await service.start(update.table_id, 1)
        tables.append(update.table_id)
    return tables


async def one_action(service: TableService, table_id: int, action_id: str) -> float:
    """Drive the seat to move; returns the latency (s) of the service call itself."""
    info = await service.table_info(table_id)
    seat = info.seats[info.to_move] if info.to_move is not None else None
    assert seat is not None
    if seat.is_bot:
        started = time.perf_counter()
        update: Update | None = await service.play_bot(table_id)
        assert update is not None
        return time.perf_counter() - started
    assert seat.user_id is not None
    request = from_action(await service.hint(table_id, seat.user_id))
    started = time.perf_counter()
    await service.act(table_id, seat.user_id, request, action_id)
    return time.perf_counter() - started


async def closed_loop(service: TableService, tables: list[int], seconds: float) -> int:
    """``CALLERS`` callers, each on its own slice of tables, as fast as they can."""
    deadline = time.perf_counter() + seconds
    counter = itertools.count()

    async def caller(mine: list[int]) -> int:
        done = 0
        for table_id in itertools.cycle(mine):
            if time.perf_counter() >= deadline:
                return done
            await one_action(service, table_id, f"c{next(counter)}")
            done += 1
        return done

    results = await asyncio.gather(*(caller(tables[i::CALLERS]) for i in range(CALLERS)))
    return sum(results)


async def open_loop(service: TableService, tables: list[int]) -> list[float]:
    """Requests at a steady ``OFFERED_RATE``; latency of each service call."""
    latencies: list[float] = []
    queue: asyncio.Queue[int | None] = asyncio.Queue()
    counter = itertools.count()
    busy: set[int] = set()

    async def caller() -> None:
        while (table_id := await queue.get()) is not None:
            latencies.append(await one_action(service, table_id, f"o{next(counter)}"))
            busy.discard(table_id)

    callers = [asyncio.create_task(caller()) for _ in range(CALLERS)]
    start = time.perf_counter()
    total = int(OFFERED_RATE * OPEN_LOOP_SECONDS)
    order = itertools.cycle(tables)
    for n in range(total):
        await asyncio.sleep(max(0.0, start + n / OFFERED_RATE - time.perf_counter()))
        table_id = next(order)
        while table_id in busy:
            table_id = next(order)
        busy.add(table_id)
        queue.put_nowait(table_id)
    for _ in callers:
        queue.put_nowait(None)
    await asyncio.gather(*callers)
    return latencies


async def scatter(path: Path) -> list[int]:
    """Move every table's hand to a random point (uniform over the hand's length).

    Set-up only: the log is written straight through the store, as the service would have
    written it, to save playing ~60,000 actions one commit at a time.
    """
    rng = random.Random(2026)
    store = await Store.open(path)
    depths = []
    records = await store.active_tables()
    async with store.transaction() as tx:
        for record in records:
            assert record.hand is not None
            game = RULES[record.table.game].replay(record.hand.start, [])
            while not game.over:
                game.apply(game.hint(game.to_move))  # type: ignore[arg-type]
            depth = rng.randrange(len(game.actions))
            for seq, action in enumerate(game.actions[:depth]):
                record_id = f"scatter:{record.hand.id}:{seq}"
                await tx.append_action(
                    record.hand.id, seq, record_id, action.seat, action_to_json(action), 0.0
                )
            depths.append(depth)
    await store.close()
    return depths


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


async def run(seconds: float) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "load.db"
        service = await TableService.open(path, seed_source=itertools.count(1).__next__)
        started = time.perf_counter()
        tables = await setup(service)
        print(f"set-up: {TABLES} tables in {time.perf_counter() - started:.1f} s", flush=True)

        started = time.perf_counter()
        actions = await closed_loop(service, tables, seconds)
        elapsed = time.perf_counter() - started
        rate = actions / elapsed
        print(f"sustained: {actions} actions in {elapsed:.1f} s = {rate:.0f} actions/s "
              f"({CALLERS} callers)", flush=True)  # fmt: skip

        latencies = await open_loop(service, tables)
        p50, p99 = percentile(latencies, 50) * 1000, percentile(latencies, 99) * 1000
        print(f"latency at {OFFERED_RATE:.0f} actions/s offered: p50 {p50:.2f} ms, "
              f"p99 {p99:.2f} ms, max {max(latencies) * 1000:.1f} ms", flush=True)  # fmt: skip
        alone = [
            await one_action(service, table_id, f"s{n}")
            for n, table_id in zip(range(SEQUENTIAL), itertools.cycle(tables), strict=False)
        ]
        print(f"latency one at a time ({SEQUENTIAL} actions): p50 "
              f"{percentile(alone, 50) * 1000:.2f} ms, p99 {percentile(alone, 99) * 1000:.2f} ms, "
              f"max {max(alone) * 1000:.1f} ms", flush=True)  # fmt: skip
        await service.close()

        # Recovery and memory on tables caught at random points of their hands.
        path = Path(directory) / "positions.db"
        service = await TableService.open(path, seed_source=itertools.count(1).__next__)
        await setup(service)
        await service.close()
        depths = await scatter(path)
        service = await TableService.open(path)  # warm the file cache once
        await service.close()
        gc.collect()
        started = time.perf_counter()
        service = await TableService.open(path)
        recovery = time.perf_counter() - started
        assert sum(len(service.tables_in_channel(10_000 + n)) for n in range(TABLES)) == TABLES
        await service.close()
        print(f"recovery: {TABLES} tables, current hands at random points (median "
              f"{statistics.median(depths):.0f}, max {max(depths)} actions logged), "
              f"in {recovery:.2f} s", flush=True)  # fmt: skip

        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        service = await TableService.open(path)
        gc.collect()
        per_table = (tracemalloc.get_traced_memory()[0] - before) / TABLES / 1024
        tracemalloc.stop()
        await service.close()
        print(f"memory: {per_table:.1f} KB per active table (tracemalloc, after a reload)")

    measured = {"p99_ms": p99, "actions_per_s": rate, "kb_per_table": per_table,
                "recovery_s": recovery}  # fmt: skip
    for name, goal in GOALS.items():
        value = measured[name]
        ok = value >= goal if name == "actions_per_s" else value < goal
        print(f"  {name:>14}: {value:9.2f}  goal {'≥' if name == 'actions_per_s' else '<'} "
              f"{goal:g}  ratio {value / goal:5.2f}  {'ok' if ok else 'MISSED'}")  # fmt: skip


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 and __name__ == "__main__" else 20.0
    asyncio.run(run(seconds))
    print("\nboards over a big ledger:", flush=True)
    board_load.main()


if __name__ == "__main__":
    main()
