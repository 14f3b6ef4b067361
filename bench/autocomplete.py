"""``/play cards`` autocomplete on the worst cases of both games: p50 / p99 per keystroke.

The real handler (``bot.discord.commands.cards_autocomplete``) runs against a real
``TableService`` on a fresh SQLite file, with tables brought to the states where the list of
legal plays is largest (``bench.worst_cases``: a 三扣 player void in the led suit after an 8-
and a 10-card lead, a 41-card 清墩 hand leading and answering).

Each case is asked for many times with different typed text (nothing, a half-typed card,
cards held, cards not held, nonsense), each hand dealt from a different seed. Goal: p99 < 100 ms.
``python -m bench.autocomplete [deals]`` (default 20 deals per case).
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
from bot.discord.commands import cards_autocomplete
from bot.service import TableService

GOAL_P99_MS = 100.0
SANKOU_TYPED = ("", "B", "BJ", "2", "7D ", "KD KD ", "9C 8C 1", "AS", "zz")
QINGDUN_TYPED = ("", "3", "33", "10", "BJ", "3 4 5 6", "A A A A A A A A A", "zz")


def held_typed(tables: Tables, fake: Any) -> list[str]:
    """Text a player of this hand might type: its own cards, whole and half typed."""
    table = tables.service.tables_in_channel(fake.channel_id)[0].id
    hand = [str(card) for card in tables.service.peek_view(table, fake.user.id).hand]
    return [hand[0] + " ", " ".join(hand[:3]) + " ", " ".join(hand[:2]) + " " + hand[2][:1]]


async def measure(
    tables: Tables,
    name: str,
    make: Callable[[int], Awaitable[Any]],
    typed: tuple[str, ...],
    deals: int,
) -> tuple[str, float, float, float]:
    times: list[float] = []
    offered = asked = 0
    for n in range(deals):
        fake = await make(1000 + 17 * n)
        for text in [*typed, *held_typed(tables, fake)]:
            for _ in range(5):
                started = time.perf_counter()
                choices = await cards_autocomplete(fake, text)
                times.append(time.perf_counter() - started)
            offered += len(choices)
            asked += 1
    cuts = statistics.quantiles(times, n=100)
    return name, cuts[49] * 1000, cuts[98] * 1000, offered / asked


async def run(deals: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        tables = Tables()
        tables.service = await TableService.open(Path(folder) / "bench.db", dealer=tables.deal)
        try:
            rows = []
            for name, make, is_sankou in worst_cases(tables):
                typed = SANKOU_TYPED if is_sankou else QINGDUN_TYPED
                rows.append(await measure(tables, name, make, typed, deals))
        finally:
            await tables.service.close()
    report(rows, GOAL_P99_MS, "choices")


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 and __name__ == "__main__" else 20
    asyncio.run(run(deals))


if __name__ == "__main__":
    main()
