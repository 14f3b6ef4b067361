"""The leaderboard names a player as last seen, not by the greatest of their past names."""

from __future__ import annotations

from pathlib import Path

from bot.store import LedgerEntry, Store
from tests.store.test_store import T0, new_table, record


async def test_the_leaderboard_shows_the_latest_name(database: str | Path) -> None:
    store = await Store.open(database)
    try:
        async with store.transaction() as tx:
            table = await new_table(tx)
        names = [("Zed", T0), ("Amy", T0 + 60), ("Bea", T0 + 30)]  # Amy is the latest
        for number, (name, at) in enumerate(names, 1):
            await record(
                store, table, number, "qingdun", at, [LedgerEntry(0, 7, name, 5, "normal")]
            )
        board = await store.leaderboard(1, "qingdun")
        assert [(row.user_id, row.name, row.total) for row in board] == [(7, "Amy", 15)]
    finally:
        await store.close()
