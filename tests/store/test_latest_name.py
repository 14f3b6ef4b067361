"""A board names a player as last seen, not by the greatest of their past names."""

from __future__ import annotations

from pathlib import Path

from bot.store import Store
from tests.ratings.support import T0, Scripted, Seat


async def test_the_board_shows_the_latest_name(database: str | Path) -> None:
    store = await Store.open(database)
    try:
        script = Scripted(store)
        for n, name in enumerate(("Zed", "Bea", "Amy")):  # Amy is the latest, Zed the greatest
            seats = [Seat(7, 5, won=True, name=name), Seat(8, -5), Seat(9, 5, won=True),
                     Seat(10, -5)]  # fmt: skip
            await script.hand("qingdun", seats, at=T0 + 30 * n)
        board = await store.board(
            1, "qingdun", by="points", period="all", start_day=None, min_hands=0, me=7
        )
        [mine] = [line for line in board.lines if line.user_id == 7]
        assert (mine.name, mine.value, mine.hands) == ("Amy", 15, 3)
    finally:
        await store.close()
