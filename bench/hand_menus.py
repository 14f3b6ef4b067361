"""The hand message's legal-plays menu on the worst cases of both games: p50 / p99 per draw.

``TableService.turn_options`` (the view under the table's lock, the hint from the AI worker,
then up to 25 plays chosen from at most 2,000 looked at) runs on the event loop for every
hand message drawn on a player's turn, so it must stay short: goal p99 < 50 ms. The cases are
those of ``bench.worst_cases``: a 三扣 player void in the led suit after an 8- and a 10-card
lead (about 1.1 and 3.3 million legal follows), and a 41-card 清墩 hand leading and answering.
``python -m bench.hand_menus [deals]`` (default 20 deals per case).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bench.worst_cases import Tables, report, worst_cases
from bot.service import TableService
from bot.service.thinking import Thinker

GOAL_P99_MS = 50.0
REPEAT = 5


async def measure(
    tables: Tables, make: Callable[[int], Awaitable[Any]], deals: int
) -> tuple[float, float, float]:
    times: list[float] = []
    offered = 0
    for n in range(deals):
        fake = await make(2000 + 13 * n)
        table = tables.service.tables_in_channel(fake.channel_id)[0].id
        for _ in range(REPEAT):
            started = time.perf_counter()
            options = await tables.service.turn_options(table, fake.user.id)
            times.append(time.perf_counter() - started)
        offered += len(options.plays)
    cuts = statistics.quantiles(times, n=100)
    return cuts[49] * 1000, cuts[98] * 1000, offered / deals


async def run(deals: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        tables = Tables()
        # the hint decided without search in a thread: the menu's own work is measured (a real
        # hint thinks in a worker process, off the event loop, and is shared while it holds)
        quick = Thinker(1, threads=True, simulations=0)
        tables.service = await TableService.open(
            Path(folder) / "bench.db", dealer=tables.deal, thinker=quick
        )
        try:
            cases = worst_cases(tables)
            rows = [(name, *await measure(tables, make, deals)) for name, make, _ in cases]
        finally:
            await tables.service.close()
    report(rows, GOAL_P99_MS, "plays")


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 and __name__ == "__main__" else 20
    asyncio.run(run(deals))


if __name__ == "__main__":
    main()
