"""Recovery: every unfinished table comes back from the database exactly as it was."""

from __future__ import annotations

from pathlib import Path

from bot.service import TableService
from tests.service.helpers import Clock, full_table, open_service, play_turn, snapshot


async def test_recovery_brings_back_every_table_exactly(
    service: TableService, database: str | Path, clock: Clock
) -> None:
    q = await full_table(service, "qingdun", channel=1)
    s = await full_table(service, "sankou", channel=2, humans=2)
    waiting = await full_table(service, "sankou", channel=3, start=False, humans=3)
    for n in range(30):
        await play_turn(service, q, f"q{n}")
        await play_turn(service, s, f"s{n}")
    await service.set_message(waiting, message_id=42)
    before = await snapshot(service)
    await service.close()
    again = await open_service(database, clock)
    try:
        assert await snapshot(again) == before
        assert sorted(again.state.tables) == [q, s, waiting]
        # And play continues from there.
        await play_turn(again, q, "after-restart")
    finally:
        await again.close()
