"""A bot process for the lease tests: serves its shards until its standard input closes.

``python -m tests.service.shard_child DATABASE_URL COUNT IDS`` (IDS like ``0,1``) prints
``serving N`` (N: the tables it loaded) once it holds its shards, then waits.
"""

from __future__ import annotations

import asyncio
import sys

from bot.service import TableService
from bot.store import Shards


async def main(url: str, count: int, ids: list[int]) -> None:
    service = await TableService.open(url, shards=Shards.of(count, ids))
    try:
        print(f"serving {len(service.live_tables())}", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    finally:
        await service.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), [int(n) for n in sys.argv[3].split(",")]))
