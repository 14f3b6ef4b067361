"""Leaving bonuses can't be farmed: once per leaver and day, after the minimum of hands."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ratings import rebuild
from bot.ratings.model import Rating
from bot.store import Store
from bot.store.score_rows import period_start
from tests.conftest import examples
from tests.ratings.support import DAY, T0, Scripted, Seat
from tests.sql import execute

X, Y, Z, W = 31, 32, 33, 34  # X and W leave; Y and Z sit
MIDNIGHT = (T0 // DAY + 1) * DAY  # the UTC day after T0's begins


@pytest.fixture
async def store(database: str | Path) -> AsyncIterator[Store]:
    store = await Store.open(database)
    yield store
    await store.close()


async def walk_out(script: Scripted, leaver: int, *, at: float) -> None:
    """清墩 §1.7, someone holding fewer than 10 cards: the leaver (seat 1) −50, its partner (a
    bot, seat 3) 0, each opponent (Y and Z, seats 0 and 2) +10."""
    seats = [Seat(Y, 10), Seat(leaver, -50, left=True), Seat(Z, 10), Seat(None, 0)]
    await script.hand("qingdun", seats, at=at, void=True)


async def points(store: Store, *, min_hands: int, period: str = "all") -> dict[int, int]:
    start = None if period == "all" else period_start(period, T0)
    board = await store.board(
        1, "qingdun", by="points", period=period, start_day=start, min_hands=min_hands, me=0
    )
    return {line.user_id: line.value for line in board.lines}


async def test_ten_walk_outs_leave_nobody_with_points_from_zero_completed_hands(
    store: Store,
) -> None:
    """The issue's scenario: one account leaves and re-joins ten times while two others sit."""
    script = Scripted(store)
    for n in range(10):
        await walk_out(script, X, at=T0 + 60 * n)
    assert await points(store, min_hands=5) == {X: -500}  # the server's default minimum
    assert await points(store, min_hands=5, period="week") == {X: -500}
    for user in (Y, Z):
        stats = await store.game_stats(1, user, "qingdun", min_hands=5, trend_since=T0)
        assert stats is not None
        assert (stats.hands, stats.points, stats.bonus, stats.bonus_counted) == (0, 0, 100, 0)
        standing = await store.standing(1, "qingdun", (user, ""))
        assert standing is not None and (standing.void_bonus, standing.bonus_counted) == (100, 10)
        assert (standing.mu, standing.sigma) == (Rating().mu, Rating().sigma)  # not rated
    # Even a server without a minimum counts one bonus per leaver and day, not ten.
    assert await points(store, min_hands=0) == {Y: 10, Z: 10, X: -500}
    assert (await rebuild(store, write=False)).equal


async def test_a_bonus_counts_once_per_leaver_beneficiary_and_utc_day(store: Store) -> None:
    script = Scripted(store)
    for n in range(5):  # Y and Z have the minimum of completed hands, at +10 / −10
        await script.qingdun((Y, X), (Z, W), a_wins=n % 2 == 0, at=T0 - 3 * DAY + n)
    await walk_out(script, X, at=T0)
    await walk_out(script, X, at=T0 + 60)  # X again, the same day: shown, not counted
    await walk_out(script, W, at=T0 + 120)  # another leaver counts
    await walk_out(script, X, at=MIDNIGHT - 1)  # still the same UTC day
    await walk_out(script, X, at=MIDNIGHT)  # the next day counts again
    board = await points(store, min_hands=5)
    assert (board[Y], board[Z]) == (10 + 30, -10 + 30)
    assert (board[X], board[W]) == (10 - 4 * 50, -10 - 50)
    stats = await store.game_stats(1, Y, "qingdun", min_hands=5, trend_since=T0)
    assert stats is not None and (stats.points, stats.bonus, stats.bonus_counted) == (40, 50, 30)
    assert (await rebuild(store, write=False)).equal


async def test_settled_order_decides_which_bonus_of_a_day_counts(store: Store) -> None:
    """The first bonus settled counts, even if a later one pays more (三扣: +3 × m)."""
    script = Scripted(store)
    for at, m in ((T0, 1), (T0 + 60, 3)):
        seats = [Seat(X, -9 * m, left=True), Seat(Y, 3 * m), Seat(Z, 3 * m), Seat(None, 0)]
        await script.hand("sankou", seats, at=at, void=True)
    standing = await store.standing(1, "sankou", (Y, ""))
    assert standing is not None and (standing.void_bonus, standing.bonus_counted) == (12, 3)


async def test_the_upgrade_recounts_every_standing_from_the_log(
    database: str | Path, backend: str
) -> None:
    """Migration 8 drops the derived rows; the rebuild the bot runs at its first start after
    the upgrade (``rate_earlier_hands``) restores them, bonuses counted by the new rule."""
    async with await Store.open(database) as store:
        script = Scripted(store)
        await script.qingdun((X, Y), (Z, W), at=T0)
        for n in range(3):
            await walk_out(script, X, at=T0 + 60 * (n + 1))
        before = await store.all_standings()
    for table in ("standings", "standing_periods"):  # as the schema was before migration 8
        await execute(database, f"ALTER TABLE {table} DROP COLUMN bonus_counted")
    await execute(database, "DROP TABLE channel_seats")  # and before migration 9
    for table, column in (("user_settings", "pings"), ("user_settings", "language")):
        await execute(database, f"ALTER TABLE {table} DROP COLUMN {column}")  # migration 10's
    await execute(database, "ALTER TABLE tables DROP COLUMN queue")
    if backend == "sqlite":
        await execute(database, "PRAGMA user_version = 7")
    else:
        await execute(database, "UPDATE schema_version SET version = 7")
    async with await Store.open(database) as store:
        assert await store.unrated_hands()
        assert (await rebuild(store, write=True)).hands == 4
        assert await store.all_standings() == before


# -- any history ---------------------------------------------------------------------------------

PEOPLE = (1, 2, 3, 4, 5)
Hand = tuple[int, tuple[int, ...], bool, int | None, bool]
HANDS = st.lists(
    st.tuples(
        st.integers(0, 2),  # the UTC day
        st.permutations(PEOPLE),  # who sits: the first four, seat by seat
        st.booleans(),  # a bot in the last seat
        st.one_of(st.none(), st.integers(0, 2)),  # the seat that leaves (None: completed)
        st.booleans(),  # the leaver's opponents are paid (清墩: someone holds fewer than 10)
    ),
    max_size=14,
)


Walkout = tuple[int, list[int | None], int, list[int]]  # day, users, leaving seat, deltas


def expected_counted(walkouts: list[Walkout]) -> dict[int | None, int]:
    """Each person's counted bonuses by the rule itself: the first per leaver and day."""
    counted: dict[int | None, int] = {}
    seen: set[tuple[int, int | None, int | None]] = set()
    for day, users, leaver, deltas in walkouts:
        for user, delta in zip(users, deltas, strict=True):
            if delta > 0 and (day, users[leaver], user) not in seen:
                seen.add((day, users[leaver], user))
                counted[user] = counted.get(user, 0) + delta
    return counted


async def write(store: Store, hands: list[Hand]) -> list[Walkout]:
    """The hands, day by day (清墩: deltas of §1.7 on void ones); returns the walk-outs."""
    script, walkouts = Scripted(store), list[Walkout]()
    for n, (day, order, bot, leaver, paid) in enumerate(sorted(hands, key=lambda h: h[0])):
        users: list[int | None] = [*order[:3], None if bot else order[3]]
        at = T0 + day * DAY + n
        if leaver is None:
            await script.qingdun((users[0], users[2]), (users[1], users[3]), at=at)
            continue
        deltas = [-50 if s == leaver else 10 * (paid and (s - leaver) % 2) for s in range(4)]
        deltas = [0 if u is None else d for u, d in zip(users, deltas, strict=True)]
        seats = [Seat(users[s], deltas[s], left=s == leaver) for s in range(4)]
        await script.hand("qingdun", seats, at=at, void=True)
        walkouts.append((day, users, leaver, deltas))
    return walkouts


@examples("sqlite", 15)
@given(HANDS, st.integers(0, 3))
def test_any_history_counts_bonuses_by_the_rule_and_rebuilds_equal(
    hands: list[Hand], minimum: int
) -> None:
    async def main(folder: Path) -> None:
        async with await Store.open(folder / "cardtable.db") as store:
            counted = expected_counted(await write(store, hands))
            board = await points(store, min_hands=minimum)
            for (_, _, holder), standing in (await store.all_standings()).items():
                if holder[1]:
                    continue  # a bot level: on no points board
                assert standing.bonus_counted == counted.get(holder[0], 0)
                value = standing.points + standing.void_loss
                value += standing.bonus_counted if standing.hands >= minimum else 0
                assert board.get(holder[0], 0) == value
                if standing.hands == 0 and minimum > 0:
                    assert value <= 0  # no points from zero completed hands
            assert (await rebuild(store, write=False)).equal

    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(main(Path(directory)))
