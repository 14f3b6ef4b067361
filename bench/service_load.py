"""Load on the table service: 1,000 active tables driven through ``TableService``, on SQLite
and, with ``--backend postgres``, on PostgreSQL too, printed side by side.

Every table has two human seats (``act`` with the engine's simple move, chosen by the driver
outside the service) and two bot seats (``play_bot``, simple level), half 清墩 and half 三扣. Each
action is committed before its call returns: SQLite in WAL with ``synchronous=NORMAL`` (a commit
survives a crash of the process; a power cut may lose the last ones), PostgreSQL with
``synchronous_commit=on`` and ``fsync=on`` (a commit is on disk before it returns), on a
throwaway cluster started here with the settings of ``POSTGRES_SETTINGS``. Printed for each
backend:

- sustained actions/s with 16 callers at once (closed loop: each caller sends its next action
  as soon as the last one returned),
- p50 / p99 latency of one action (engine + commit) at an offered load of 500 actions/s,
  requests arriving at a steady rate from a 16-caller pool (open loop; this is the figure
  checked against the goal), and of actions sent one at a time (no queueing at all),
- the share of wall time spent outside ``TableService`` calls, one action at a time (the
  driver's own cost: its loop and its choice of moves),
- time to recover all tables from disk, and memory per active table (tracemalloc over a
  full reload), with every table's current hand at a random point of its play;

for PostgreSQL also the closed loop run by separate bot processes on one database: one process
serving all 1,000 tables, then two processes each serving one of two shards (half the tables),
side by side; and on SQLite, boards over a ledger of 1,000,000 rows (``bench.board_load``).

``python -m bench service_load [seconds] [--backend sqlite|postgres]``: each closed-loop phase
lasts ``seconds`` (default 20).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from bench import board_load
from bench.cpu import CpuMeter, CpuUse
from bot.service import TableService, Update
from bot.service.games import RULES
from bot.service.requests import from_action
from bot.service.thinking import Thinker
from bot.store import Shards, Store
from engine.actions import action_to_json

TABLES = 1000
CALLERS = 16
OFFERED_RATE = 500.0
OPEN_LOOP_SECONDS = 6.0
SEQUENTIAL = 3000
SHARE_ACTIONS = 1000  # one at a time, to tell the driver's share of the wall time
GOALS = {
    "p99_ms": 30.0,
    "actions_per_s": 800.0,
    "alone_p99_ms": 5.0,
    "kb_per_table": 200.0,
    "recovery_s": 3.0,
}
TWO_PROCESS_GOAL = 1.5  # aggregate actions/s of two processes over one's
# The throwaway cluster: durable (fsync, synchronous_commit and full_page_writes stay on, the
# defaults), with room for the load: more shared buffers, and WAL kept long enough that no
# checkpoint forced by WAL volume falls inside a measurement.
POSTGRES_SETTINGS = {
    "shared_buffers": "256MB",
    "wal_buffers": "16MB",
    "max_wal_size": "4GB",
    "checkpoint_timeout": "30min",
    "max_connections": "100",
}
ROOT = Path(__file__).parents[1]

Fresh = Callable[[str], Awaitable[str | Path]]  # a new empty database by name


def guild_of(n: int) -> int:
    """Table ``n``'s guild: in shard ``n % 2`` of two, so each of two processes has half."""
    return (64 + n % 2) << 22


def quick_hints() -> Thinker:
    """A Thinker of one thread and no search: the bots here play the simple level at once and
    the driver picks the people's moves itself, so no worker process is needed."""
    return Thinker(1, threads=True, simulations=0)


async def setup(service: TableService) -> list[int]:
    tables = []
    for n in range(TABLES):
        game = "qingdun" if n % 2 == 0 else "sankou"
        settings = {"hands": None, "bot_level": "simple"}  # storage is measured here, not the AI
        update = await service.create_table(guild_of(n), 10_000 + n, 1, "p1", game, settings)
        await service.join(update.table_id, 2, "p2")
        await service.add_bot(update.table_id, 1)
        await service.add_bot(update.table_id, 1)
        await service.start(update.table_id, 1)
        tables.append(update.table_id)
    return tables


class Clock:
    """Wall time spent inside ``TableService`` calls, to tell the service's share of a run
    from the driver's own (its loop, its choice of moves, asyncio's scheduling)."""

    def __init__(self) -> None:
        self.in_service = 0.0


CLOCK = Clock()


async def one_action(service: TableService, table_id: int, action_id: str) -> float:
    """Drive the seat to move; returns the latency (s) of the service call itself.

    A person's move is the engine's simple policy on the live game, chosen by the driver
    outside the service (as a player who knows what to play), so that the figures measure
    the service and the database, not a hint's path through the AI workers."""
    started = time.perf_counter()
    info = await service.table_info(table_id)
    CLOCK.in_service += time.perf_counter() - started
    seat = info.seats[info.to_move] if info.to_move is not None else None
    assert seat is not None
    if seat.is_bot:
        started = time.perf_counter()
        update: Update | None = await service.play_bot(table_id)
        assert update is not None
        took = time.perf_counter() - started
        CLOCK.in_service += took
        return took
    assert seat.user_id is not None and info.to_move is not None
    game = service.state.tables[table_id].game
    assert game is not None
    request = from_action(game.hint(info.to_move))
    started = time.perf_counter()
    await service.act(table_id, seat.user_id, request, action_id)
    took = time.perf_counter() - started
    CLOCK.in_service += took
    return took


async def closed_loop(
    service: TableService, tables: list[int], seconds: float, prefix: str
) -> list[float]:
    """``CALLERS`` callers, each on its own slice of tables, as fast as they can; latencies."""
    deadline = time.perf_counter() + seconds
    counter = itertools.count()
    latencies: list[float] = []

    async def caller(mine: list[int]) -> None:
        for table_id in itertools.cycle(mine):
            if time.perf_counter() >= deadline:
                return
            latencies.append(await one_action(service, table_id, f"{prefix}{next(counter)}"))

    await asyncio.gather(*(caller(tables[i::CALLERS]) for i in range(CALLERS)))
    return latencies


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


async def scatter(database: str | Path) -> list[int]:
    """Move every table's hand to a random point (uniform over the hand's length).

    Set-up only: the log is written straight through the store, as the service would have
    written it, to save playing ~60,000 actions one commit at a time.
    """
    rng = random.Random(2026)
    store = await Store.open(database)
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


def percentile(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


@dataclass
class Figures:
    setup_s: float = 0.0
    sustained: float = 0.0  # actions/s, closed loop
    p50_ms: float = 0.0  # at OFFERED_RATE
    p99_ms: float = 0.0
    max_ms: float = 0.0
    alone_p50_ms: float = 0.0  # one at a time
    alone_p99_ms: float = 0.0
    outside: float = 0.0  # share of wall time outside TableService calls (the driver's own)
    recovery_s: float = 0.0
    kb_per_table: float = 0.0
    one_process: float | None = None  # PostgreSQL: closed loop in separate processes
    two_processes: float | None = None
    database: str | Path = ""  # the loaded database (PostgreSQL keeps it for the processes)


async def measure(label: str, fresh: Fresh, seconds: float) -> Figures:
    """Every single-process figure of one backend, printed as it comes."""
    figures = Figures()
    database = figures.database = await fresh("load")
    service = await TableService.open(
        database, seed_source=itertools.count(1).__next__, thinker=quick_hints()
    )
    started = time.perf_counter()
    tables = await setup(service)
    figures.setup_s = time.perf_counter() - started
    print(f"{label} set-up: {TABLES} tables in {figures.setup_s:.1f} s", flush=True)

    started, CLOCK.in_service = time.perf_counter(), 0.0
    actions = len(await closed_loop(service, tables, seconds, "c"))
    wall = time.perf_counter() - started
    figures.sustained = actions / wall
    print(f"{label} sustained: {actions} actions = {figures.sustained:.0f} actions/s "
          f"({CALLERS} callers)", flush=True)  # fmt: skip
    alone_started, CLOCK.in_service = time.perf_counter(), 0.0
    for n, table_id in zip(range(SHARE_ACTIONS), itertools.cycle(tables), strict=False):
        await one_action(service, table_id, f"share{n}")
    figures.outside = 1 - CLOCK.in_service / (time.perf_counter() - alone_started)
    print(f"{label} wall time outside TableService calls, one action at a time: "
          f"{figures.outside:.1%}", flush=True)  # fmt: skip

    latencies = [s * 1000 for s in await open_loop(service, tables)]
    figures.p50_ms, figures.p99_ms = percentile(latencies, 50), percentile(latencies, 99)
    figures.max_ms = max(latencies)
    print(f"{label} latency at {OFFERED_RATE:.0f} actions/s offered: p50 {figures.p50_ms:.2f} "
          f"ms, p99 {figures.p99_ms:.2f} ms, max {figures.max_ms:.1f} ms", flush=True)  # fmt: skip
    alone = [
        1000 * await one_action(service, table_id, f"s{n}")
        for n, table_id in zip(range(SEQUENTIAL), itertools.cycle(tables), strict=False)
    ]
    figures.alone_p50_ms, figures.alone_p99_ms = percentile(alone, 50), percentile(alone, 99)
    print(f"{label} one at a time ({SEQUENTIAL} actions): p50 {figures.alone_p50_ms:.2f} ms, "
          f"p99 {figures.alone_p99_ms:.2f} ms", flush=True)  # fmt: skip
    await service.close()

    # Recovery and memory on tables caught at random points of their hands.
    positions = await fresh("positions")
    service = await TableService.open(
        positions, seed_source=itertools.count(1).__next__, thinker=quick_hints()
    )
    await setup(service)
    await service.close()
    depths = await scatter(positions)
    await (await TableService.open(positions)).close()  # warm the caches once
    gc.collect()
    started = time.perf_counter()
    service = await TableService.open(positions, thinker=quick_hints())
    figures.recovery_s = time.perf_counter() - started
    assert len(service.live_tables()) == TABLES
    await service.close()
    print(f"{label} recovery: {TABLES} tables, current hands at random points (median "
          f"{statistics.median(depths):.0f}, max {max(depths)} actions logged), "
          f"in {figures.recovery_s:.2f} s", flush=True)  # fmt: skip

    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    service = await TableService.open(positions, thinker=quick_hints())
    gc.collect()
    figures.kb_per_table = (tracemalloc.get_traced_memory()[0] - before) / TABLES / 1024
    tracemalloc.stop()
    await service.close()
    print(f"{label} memory: {figures.kb_per_table:.1f} KB per active table", flush=True)
    return figures


# -- separate processes on one PostgreSQL database ---------------------------------------------


def start_worker(url: str, shards: Shards, seconds: float) -> subprocess.Popen[str]:
    ids = ",".join(map(str, sorted(shards.ids)))
    return subprocess.Popen(
        [sys.executable, "-m", "bench.service_load", "--worker", url, str(shards.count), ids,
         str(seconds)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip


def run_workers(
    url: str, shard_sets: list[Shards], seconds: float, postmaster: int
) -> tuple[float, float, CpuUse]:
    """Bot processes serving these shards, started together once all have loaded; their
    aggregate actions/s, the worst p99 (ms) of their closed loops, and the CPU spent."""
    workers = [start_worker(url, shards, seconds) for shards in shard_sets]
    for worker in workers:
        assert worker.stdout is not None and worker.stdout.readline().strip() == "ready"
    meter = CpuMeter([worker.pid for worker in workers], postmaster)
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write("go\n")
        worker.stdin.flush()
    results = []
    for worker in workers:
        assert worker.stdout is not None
        results.append(json.loads(worker.stdout.readline()))
    used = meter.stop()  # before the workers close their connections (their CPU goes with them)
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write("bye\n")
        worker.stdin.flush()
        worker.wait(timeout=60)
    rate = sum(r["actions"] / r["elapsed"] for r in results)
    return rate, max(r["p99_ms"] for r in results), used


async def worker(url: str, shards: Shards, seconds: float) -> None:
    """One bot process of the two-process phase (``--worker``): load, wait for "go", run."""
    service = await TableService.open(url, shards=shards, lease_wait=60, thinker=quick_hints())
    try:
        tables = service.live_tables()
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        started = time.perf_counter()
        prefix = f"w{shards.count}-{min(shards.ids)}-{time.time_ns()}-"
        latencies = await closed_loop(service, tables, seconds, prefix)
        elapsed = time.perf_counter() - started
        p99 = percentile(latencies, 99) * 1000
        print(
            json.dumps({"actions": len(latencies), "elapsed": elapsed, "p99_ms": p99}), flush=True
        )
        await asyncio.to_thread(sys.stdin.readline)  # measured: now it may close
    finally:
        await service.close()


# -- the run -----------------------------------------------------------------------------------


async def sqlite_figures(directory: Path, seconds: float) -> Figures:
    async def fresh(name: str) -> Path:
        return directory / f"{name}.db"

    return await measure("SQLite", fresh, seconds)


async def postgres_figures(cluster_url: Callable[[str], str], seconds: float) -> Figures:
    async def fresh(name: str) -> str:
        admin = await asyncpg.connect(cluster_url("postgres"))
        try:
            await admin.execute(f"CREATE DATABASE {name}")
        finally:
            await admin.close()
        return cluster_url(name)

    return await measure("PostgreSQL", fresh, seconds)


def report(results: dict[str, Figures]) -> None:
    names = list(results)
    rows: list[tuple[str, Callable[[Figures], float | None], str, str]] = [
        ("set-up of 1,000 tables (s)", lambda f: f.setup_s, "", ""),
        (f"sustained, {CALLERS} callers (actions/s)", lambda f: f.sustained, "≥", "actions_per_s"),
        (f"p50 at {OFFERED_RATE:.0f}/s offered (ms)", lambda f: f.p50_ms, "", ""),
        (f"p99 at {OFFERED_RATE:.0f}/s offered (ms)", lambda f: f.p99_ms, "<", "p99_ms"),
        ("max at that load (ms)", lambda f: f.max_ms, "", ""),
        ("p50 one at a time (ms)", lambda f: f.alone_p50_ms, "", ""),
        ("p99 one at a time (ms)", lambda f: f.alone_p99_ms, "<", "alone_p99_ms"),
        ("wall time outside the service (%)", lambda f: 100 * f.outside, "", ""),
        ("recovery of 1,000 tables (s)", lambda f: f.recovery_s, "<", "recovery_s"),
        ("memory per table (KB)", lambda f: f.kb_per_table, "<", "kb_per_table"),
        ("one bot process (actions/s)", lambda f: f.one_process, "", ""),
        ("two bot processes, aggregate (actions/s)", lambda f: f.two_processes, "", ""),
    ]
    print("\n" + f"{'':44}" + "".join(f"{name:>12}" for name in names) + "   goal")
    for title, value, sign, goal in rows:
        cells = [value(results[name]) for name in names]
        if all(cell is None for cell in cells):
            continue
        text = "".join(f"{'—':>12}" if c is None else f"{c:12.2f}" for c in cells)
        target = f"   {sign} {GOALS[goal]:g}" if goal else ""
        if goal:
            met = [c >= GOALS[goal] if sign == "≥" else c < GOALS[goal]
                   for c in cells if c is not None]  # fmt: skip
            target += "  " + " / ".join("ok" if m else "MISSED" for m in met)
        print(f"{title:44}{text}{target}")
    for name, figures in results.items():
        if figures.one_process and figures.two_processes:
            ratio = figures.two_processes / figures.one_process
            verdict = "ok" if ratio >= TWO_PROCESS_GOAL else "MISSED"
            print(f"{name}: two processes / one = {ratio:.2f}   goal ≥ {TWO_PROCESS_GOAL:g}  "
                  f"{verdict}")  # fmt: skip


def run(seconds: float, backend: str) -> None:
    from tests import postgres  # the throwaway cluster the tests use

    results: dict[str, Figures] = {}
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start", flush=True)
    with tempfile.TemporaryDirectory() as directory:
        results["SQLite"] = asyncio.run(sqlite_figures(Path(directory), seconds))
    if backend == "postgres":
        print(f"\nPostgreSQL: a throwaway cluster with {POSTGRES_SETTINGS} (durable)", flush=True)
        cluster = postgres.start(POSTGRES_SETTINGS)
        try:
            figures = asyncio.run(postgres_figures(cluster.url, seconds))
            url = str(figures.database)
            rates = []
            for label, shard_sets in (
                ("one bot process", [Shards.of(2)]),
                ("two bot processes", [Shards.of(2, [0]), Shards.of(2, [1])]),
            ):
                rate, p99, used = run_workers(url, shard_sets, seconds, cluster.process.pid)
                rates.append(rate)
                print(f"PostgreSQL, {label}: {rate:.0f} actions/s (closed-loop p99 {p99:.1f} "
                      f"ms); {used}", flush=True)  # fmt: skip
                if label.startswith("one") and used.bots + used.postgres:
                    ceiling = rate * used.cores / (used.bots + used.postgres)
                    print(f"  at that CPU per action {used.cores} free cores carry {ceiling:.0f} "
                          f"actions/s ({ceiling / rate:.2f}x)", flush=True)  # fmt: skip
            figures.one_process, figures.two_processes = rates
            results["PostgreSQL"] = figures
        finally:
            cluster.stop()
    report(results)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench service_load")
    parser.add_argument("seconds", nargs="?", type=float, default=20.0)
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--worker", nargs=4, metavar=("URL", "COUNT", "IDS", "SECONDS"))
    args = parser.parse_args(sys.argv[1:] if argv is None and __name__ == "__main__" else argv)
    if args.worker:
        url, count, ids, seconds = args.worker
        shards = Shards.of(int(count), [int(n) for n in ids.split(",")])
        asyncio.run(worker(url, shards, float(seconds)))
        return
    run(args.seconds, args.backend)
    if args.backend == "sqlite":
        print("\nboards over a big ledger:", flush=True)
        board_load.main()


if __name__ == "__main__":
    main()
