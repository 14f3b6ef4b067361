"""Rebuilding every rating from the event log gives exactly the stored ones."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.ratings import rebuild
from bot.ratings.__main__ import main
from bot.store import Store
from tests.conftest import BACKENDS, Databases
from tests.ratings.support import DAY, T0, Scripted, Seat
from tests.sql import execute

PEOPLE = list(range(1, 9))


async def random_history(store: Store, seed: int, hands: int = 60) -> None:
    """Both games, two servers, bots of two levels, void hands, over a few weeks."""
    rng = random.Random(seed)
    script = Scripted(store)
    for n in range(hands):
        game = rng.choice(["qingdun", "sankou"])
        users: list[int | None] = rng.sample(PEOPLE, 4)
        for seat in rng.sample(range(4), rng.randrange(3)):
            users[seat] = None
        levels = [rng.choice(["simple", "strong"]) if u is None else None for u in users]
        at = T0 + n * DAY / 3
        guild = rng.choice([1, 2])
        humans = [s for s in range(4) if users[s] is not None]
        if rng.random() < 0.15:
            leaver = rng.choice(humans)
            seats = [Seat(u, -9 if s == leaver else 3, left=s == leaver, level=levels[s])
                     for s, u in enumerate(users)]  # fmt: skip
            await script.hand(game, seats, at=at, guild=guild, void=True)
            continue
        if game == "qingdun":
            winners = rng.choice([{0, 2}, {1, 3}])
            seats = [Seat(u, 10 if s in winners else -10, won=s in winners, level=levels[s])
                     for s, u in enumerate(users)]  # fmt: skip
        else:
            dealer, made = rng.randrange(4), rng.random() < 0.5
            seats = [
                Seat(u, (3 if made else -3) * (3 if s == dealer else -1),
                     won=made == (s == dealer), dealer=s == dealer, level=levels[s])
                for s, u in enumerate(users)
            ]  # fmt: skip
        await script.hand(game, seats, at=at, guild=guild)


@pytest.mark.parametrize("seed", [1, 2])
async def test_rebuild_equals_stored(database: str | Path, seed: int) -> None:
    store = await Store.open(database)
    try:
        await random_history(store, seed)
        report = await rebuild(store, write=False)
        assert report.hands == 60 and report.equal, report.differences
        assert report.standings == len(await store.all_standings()) > 8
    finally:
        await store.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_damaged_rating_is_found_and_repaired(
    backend: str, databases: Databases, tmp_path: Path
) -> None:
    databases.need(backend)
    path = tmp_path / "damaged.db" if backend == "sqlite" else asyncio.run(databases.create())

    async def history() -> dict:
        store = await Store.open(path)
        try:
            await random_history(store, 3, hands=30)
            return await store.all_standings()
        finally:
            await store.close()

    async def standings() -> dict:
        async with await Store.open(path) as store:
            return await store.all_standings()

    async def damage() -> None:
        await execute(path, "UPDATE standings SET mu = mu + 1e-9 WHERE user_id = 1")
        await execute(path, "DELETE FROM standing_periods WHERE user_id = 2")

    before = asyncio.run(history())
    asyncio.run(damage())

    assert main(["check", str(path)]) == 1
    assert main(["rebuild", str(path)]) == 0
    assert main(["check", str(path)]) == 0
    assert asyncio.run(standings()) == before


def test_the_command_refuses_a_missing_database(tmp_path: Path) -> None:
    assert main(["check", str(tmp_path / "none.db")]) == 2
