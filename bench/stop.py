"""``python -m bench stop [ROUNDS]``: how fast a bot process stops on SIGTERM, and how soon the
next process can serve its shards (a rolling restart).

Each round starts ``tests/discord/stop_child.py`` (the shutdown code of ``python -m bot`` around
a real service: four tables of a player and three strong bots thinking 0.3 s a move in two
spawned workers, players' moves in flight) on a throwaway PostgreSQL cluster, lets it play a
few moves, starts waiting for its lease as a successor would (retrying every 20 ms), sends
SIGTERM and times the exit and the lease taken. Then the same on a SQLite file (exit only).
Prints the median and the worst of each.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncpg

from bot.store.postgres import ShardLease


async def child_ready(database: str) -> asyncio.subprocess.Process:
    """The stop child, once its workers run and it acknowledged three moves."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.discord.stop_child", database,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    assert process.stdout is not None
    workers, acks = False, 0
    while not (workers and acks >= 3):
        line = (await process.stdout.readline()).decode()
        if not line:
            raise RuntimeError("the stop child ended before it was ready")
        workers, acks = workers or line.startswith("workers"), acks + (not line.startswith("w"))
    return process


async def round_trip(database: str, lease_url: str | None) -> tuple[float, float | None]:
    """Seconds from SIGTERM to the child's exit, and to the successor holding the lease."""
    process = await child_ready(database)
    successor = ShardLease(lease_url, 1, [0]) if lease_url else None
    taken: asyncio.Task[None] | None = None
    if successor is not None:
        taken = asyncio.create_task(successor.acquire(wait=60, every=0.02))
        await asyncio.sleep(0.2)  # waiting, as a new process of a rolling restart does
    sent = time.monotonic()
    process.terminate()
    await process.wait()
    exited = time.monotonic() - sent
    leased = None
    if taken is not None and successor is not None:
        await taken
        leased = time.monotonic() - sent
        await successor.release()
    if process.returncode != 0:
        raise RuntimeError(f"the stop child exited {process.returncode}")
    return exited, leased


def report(what: str, values: list[float]) -> None:
    print(f"{what}: median {statistics.median(values):.2f} s, worst {max(values):.2f} s "
          f"({len(values)} rounds)")  # fmt: skip


async def run(rounds: int) -> None:
    from tests import postgres  # the throwaway cluster the tests use

    cluster = postgres.start()
    try:
        exits, leases, lite = [], [], []
        for n in range(rounds):
            admin = await asyncpg.connect(cluster.url())
            await admin.execute(f"CREATE DATABASE stop_{n}")
            await admin.close()
            url = cluster.url(f"stop_{n}")
            exited, leased = await round_trip(url, url)
            exits.append(exited)
            leases.append(leased or 0.0)
        with tempfile.TemporaryDirectory() as folder:
            for n in range(rounds):
                lite.append((await round_trip(str(Path(folder) / f"{n}.db"), None))[0])
        report("PostgreSQL: SIGTERM to exit", exits)
        report("PostgreSQL: SIGTERM to the lease held by the next process", leases)
        report("SQLite: SIGTERM to exit", lite)
    finally:
        cluster.stop()


def main(argv: list[str] | None = None) -> None:
    asyncio.run(run(int(argv[0]) if argv else 5))


if __name__ == "__main__":
    main(sys.argv[1:])
