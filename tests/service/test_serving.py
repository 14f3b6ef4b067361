"""Several bot processes on one database: one table is never written from two processes'
memories, each process serves only its shards' guilds, and a rolling restart never has two
processes serving one shard (PostgreSQL advisory locks; docs/deploy.md)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import LANGS, refusal
from bot.service import PassTurn, ServiceError, TableService, Update
from bot.service.requests import from_action
from bot.store import Shards
from bot.store.transaction import Transaction
from tests.conftest import POSTGRES_ONLY
from tests.service.helpers import (
    USERS,
    Clock,
    full_table,
    logged,
    mover,
    play_hand,
    play_turn,
    refused,
    seeds,
    snapshot,
)
from tests.sql import execute
from tests.thinkers import quick_thinker

ROOT = Path(__file__).parents[2]
A, B, C, D = USERS
TWO = Shards.of(2)


def guild_in(shard: int, serial: int = 1) -> int:
    """A guild id that Discord puts in ``shard`` (of any count above it): the shard is the
    id's timestamp bits, ``(guild_id >> 22) % count``."""
    return (serial * 64 + shard) << 22


async def open_at(database: str | Path, clock: Clock, **options: object) -> TableService:
    return await TableService.open(  # type: ignore[arg-type]
        database, clock=clock, seed_source=seeds(), thinker=quick_thinker(), **options
    )


# -- two processes on one table ----------------------------------------------------------------


async def test_two_processes_acting_on_one_table_land_exactly_one_action(
    database: str | Path, clock: Clock
) -> None:
    """Both hold the table in memory (as after a split brain); both act on the same turn at
    once: one action lands, the other is refused in words, reads the table back, plays on."""
    first = await open_at(database, clock, exclusive=False)
    table = await full_table(first, "qingdun")
    second = await open_at(database, clock, exclusive=False)
    try:
        user = await mover(first, table)
        request = from_action(await first.hint(table, user))
        results = await asyncio.gather(
            first.act(table, user, request, "from-first"),
            second.act(table, user, request, "from-second"),
            return_exceptions=True,
        )
        landed = [r for r in results if isinstance(r, Update)]
        [refusal_] = [r for r in results if isinstance(r, ServiceError)]
        assert len(landed) == 1 and not landed[0].duplicate
        assert refusal_.code == "table_changed" and refusal_.params == {"table_id": table}
        for lang in LANGS:
            assert str(table) in refusal(refusal_, lang, ["a", "b", "c", "d"])
        assert len(await logged(first, first.state.tables[table].hand_id)) == 1
        assert await snapshot(first) == await snapshot(second)  # the loser read it back
        loser = second if results[1] is refusal_ else first
        await play_turn(loser, table, "after-the-race")  # and plays on from there
    finally:
        await first.close()
        await second.close()


async def test_two_processes_seating_one_seat_seat_one_player(
    database: str | Path, clock: Clock
) -> None:
    """Writes outside the action log are guarded the same way (the table's version)."""
    first = await open_at(database, clock, exclusive=False)
    table = (await first.create_table(7, 70, A, "Ann", "qingdun")).table_id
    second = await open_at(database, clock, exclusive=False)
    try:
        results = await asyncio.gather(
            first.join(table, B, "Bo", seat=1),
            second.join(table, C, "Cy", seat=1),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["ServiceError", "Update"]
        [refusal_] = [r for r in results if isinstance(r, ServiceError)]
        assert refusal_.code == "table_changed"
        rows = await execute(database, "SELECT user_id FROM seats WHERE table_id = ?", (table,))
        assert len(rows) == 2
        assert (await first.table_info(table)).seats == (await second.table_info(table)).seats
    finally:
        await first.close()
        await second.close()


# -- shards ------------------------------------------------------------------------------------


async def made_in_two_guilds(database: str | Path, clock: Clock) -> tuple[int, int]:
    """A 清墩 table in a guild of shard 0 and a 三扣 table (one hand played) in shard 1."""
    setup = await open_at(database, clock, shards=TWO)
    try:
        zero = await full_table(setup, "qingdun", guild=guild_in(0), channel=1)
        one = await full_table(setup, "sankou", guild=guild_in(1), channel=2)
        await play_hand(setup, one)
    finally:
        await setup.close()
    return zero, one


@POSTGRES_ONLY
async def test_each_process_loads_drives_and_times_out_only_its_shards_guilds(
    database: str, clock: Clock
) -> None:
    zero_table, one_table = await made_in_two_guilds(database, clock)
    zero = await open_at(database, clock, shards=Shards.of(2, [0]))
    one = await open_at(database, clock, shards=Shards.of(2, [1]))  # at once: disjoint shards
    try:
        assert zero.live_tables() == [zero_table] and one.live_tables() == [one_table]
        clock.advance(12 * 3600)
        assert [u.table_id for u in await zero.run_due()] == [zero_table]
        assert [u.table_id for u in await one.run_due()] == [one_table]
        await refused("guild_not_served", zero.table_info(one_table))
        await refused("guild_not_served", zero.create_table(guild_in(1), 9, A, "Ann", "qingdun"))
        assert set(zero.bot_turns()) <= {zero_table}
        # Scores read the shared database: any process shows any guild's board.
        board = await zero.board(guild_in(1), "sankou", A, by="points")
        assert board == await one.board(guild_in(1), "sankou", A, by="points") and board.lines
    finally:
        await zero.close()
        await one.close()


async def test_sqlite_serves_one_process_only(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="needs PostgreSQL"):
        await TableService.open(tmp_path / "one.db", shards=TWO)


# -- the lease: rolling restarts and lost connections ------------------------------------------


@POSTGRES_ONLY
async def test_a_rolling_restart_waits_for_the_old_process_to_let_go(
    database: str, clock: Clock
) -> None:
    zero_table, _ = await made_in_two_guilds(database, clock)
    old = await open_at(database, clock, shards=TWO)
    new: TableService | None = None
    try:
        starting = asyncio.create_task(open_at(database, clock, shards=Shards.of(2, [1])))
        await asyncio.sleep(0.6)
        assert not starting.done()  # shard 1 is still the old process's
        await play_turn(old, zero_table, "during-the-overlap")  # which plays on meanwhile
        await play_turn(old, zero_table, "during-the-overlap-2")
        expected = await snapshot(old)
        await old.close()
        new = await asyncio.wait_for(starting, 10)
        assert new.live_tables() == [t for t in expected if t != zero_table]
        whole = await open_at(database, clock, shards=Shards.of(2, [0]))
        try:
            assert await snapshot(whole) == {zero_table: expected[zero_table]}
        finally:
            await whole.close()
    finally:
        await old.close()
        if new is not None:
            await new.close()


@POSTGRES_ONLY
async def test_a_process_with_another_shard_count_waits_too(database: str, clock: Clock) -> None:
    """Shard 0 of 2 and shard 1 of 4 share guilds: never served at the same time."""
    two = await open_at(database, clock, shards=Shards.of(2, [0]))
    try:
        with pytest.raises(TimeoutError, match="shard count of 2"):
            await open_at(database, clock, shards=Shards.of(4, [1]), lease_wait=0.5)
    finally:
        await two.close()
    four = await open_at(database, clock, shards=Shards.of(4, [1]), lease_wait=5)
    await four.close()


@POSTGRES_ONLY
async def test_a_killed_process_lets_its_shards_go_at_once(database: str, clock: Clock) -> None:
    """A real second process: while it runs the shard is not ours; SIGKILL frees it."""
    await made_in_two_guilds(database, clock)
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.service.shard_child", database, "2", "0,1"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "serving 2"
        with pytest.raises(TimeoutError, match="another process serves shard"):
            await open_at(database, clock, shards=Shards.of(2, [1]), lease_wait=0.5)
        child.kill()
        child.wait(timeout=10)
        started = time.monotonic()
        service = await open_at(database, clock, shards=Shards.of(2, [1]), lease_wait=10)
        assert time.monotonic() - started < 5
        assert len(service.live_tables()) == 1
        await service.close()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@POSTGRES_ONLY
async def test_a_lost_lease_stops_serving_until_it_is_taken_back(
    database: str, clock: Clock
) -> None:
    zero_table, _ = await made_in_two_guilds(database, clock)
    service = await open_at(database, clock, shards=TWO)
    try:
        lease = service.state.lease
        assert lease is not None and lease._conn is not None
        await execute(database, "SELECT pg_terminate_backend(?)", (lease._conn.get_server_pid(),))
        await until_fenced(service)  # noticed at once: the connection holding the locks closed
        assert service.due_deadlines(10**12) == [] and service.bot_turns() == []
        # Another process takes the shards over before this one tries again, and plays.
        other = await open_at(database, clock, shards=TWO, lease_wait=5)
        user = await mover_of_stored(database, zero_table)
        await refused("guild_not_served", service.act(zero_table, user, PassTurn(), "x"))
        await play_turn(other, zero_table, "played-elsewhere")
        moved = await snapshot(other)
        await other.close()
        # The next deadline pass takes the lease back and reads every table afresh.
        assert await service.run_due() == []
        assert not service.fenced
        assert await snapshot(service) == moved
        await play_turn(service, zero_table, "back-again")
    finally:
        await service.close()


@POSTGRES_ONLY
async def test_after_a_database_restart_play_goes_on_at_the_next_click(
    database: str, clock: Clock
) -> None:
    """Every connection of the process cut at once (a server restart or failover): the lease
    and the pool come back by themselves at the next call."""
    service = await open_at(database, clock, shards=TWO)
    try:
        table = await full_table(service, "sankou")
        before = await snapshot(service)
        await execute(
            database,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
        await until_fenced(service)
        assert await snapshot(service) == before  # the lease taken back, the tables read
        assert not service.fenced
        update = await play_turn(service, table, "after-restart")
        assert not update.duplicate and update.action is not None
    finally:
        await service.close()


async def until_fenced(service: TableService) -> None:
    for _ in range(300):
        if service.fenced:
            await asyncio.sleep(0.05)  # and the pool's connections have seen theirs go too
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the lost lease went unnoticed")


async def mover_of_stored(database: str, table: int) -> int:
    """The user to move, as another process would see it (any seated human will do here)."""
    rows = await execute(
        database, "SELECT user_id FROM seats WHERE table_id = ? AND user_id IS NOT NULL", (table,)
    )
    return rows[0][0]


# -- PostgreSQL's own trouble ------------------------------------------------------------------


@POSTGRES_ONLY
async def test_a_connection_lost_mid_write_is_refused_and_the_table_read_back(
    service: TableService, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await full_table(service, "sankou")
    before = await snapshot(service)
    append = Transaction.append_action

    async def cut_then_append(self: Transaction, *args: object, **kwargs: object) -> None:
        pid = self._conn._conn.get_server_pid()  # type: ignore[attr-defined]
        await execute(database, "SELECT pg_terminate_backend(?)", (pid,))
        await append(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Transaction, "append_action", cut_then_append)
    error = await refused("database_unavailable", play_turn(service, table, "lost"))
    for lang in LANGS:
        assert refusal(error, lang, ["a", "b", "c", "d"])
    monkeypatch.undo()
    assert await snapshot(service) == before  # nothing acknowledged, memory as stored
    update = await play_turn(service, table, "lost")  # the pool connects again by itself
    assert not update.duplicate and update.action is not None


async def test_one_user_never_sits_at_two_live_tables_of_a_channel_whatever_memory_says(
    database: str | Path, clock: Clock
) -> None:
    """Two processes serving one server (a mis-deployment): each knows only its own tables,
    and the database refuses to seat one user at a second live table of the channel."""
    first = await open_at(database, clock, exclusive=False)
    second = await open_at(database, clock, exclusive=False)
    try:
        table = (await first.create_table(7, 70, A, "Ann", "qingdun")).table_id
        await refused(
            "already_seated_here", second.create_table(7, 70, A, "Ann", "sankou"), table_id=table
        )
        other = (await second.create_table(7, 70, B, "Bo", "sankou")).table_id
        await refused("already_seated_here", second.join(other, A, "Ann"), table_id=table)
        assert (await second.table_info(other)).seats[1] is None
        await first.join(table, C, "Cy")
        await first.leave(table, A)  # free again: the database forgets her seat
        await second.join(other, A, "Ann")
        await refused("already_seated_here", first.join(table, A, "Ann"), table_id=other)
        third = (await first.create_table(7, 71, A, "Ann", "qingdun")).table_id  # another channel
        assert third not in (table, other)
    finally:
        await first.close()
        await second.close()


async def test_a_stale_process_dealing_a_hand_is_told_the_table_changed(
    database: str | Path, clock: Clock
) -> None:
    """Both processes hold a table whose hand is over (auto-deal off); one deals the next hand,
    then the other, from memory that is now stale: refused in words, the table read back."""
    first = await open_at(database, clock, exclusive=False)
    table = await full_table(first, "qingdun", settings={"auto_deal": False})
    await play_hand(first, table)
    second = await open_at(database, clock, exclusive=False)
    try:
        await first.next_hand(table, A)
        await refused("table_changed", second.next_hand(table, B), table_id=table)
        info = await second.table_info(table)  # read back: hand 2, as the other dealt it
        assert info.hand_number == 2 and info == await first.table_info(table)
    finally:
        await first.close()
        await second.close()


@POSTGRES_ONLY
async def test_while_tables_are_read_back_calls_are_busy_never_ended(
    database: str, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a database restart the process reads every table back: meanwhile a seated
    player hears "busy, try again", never "the table has ended", and opens no second table."""
    service = await open_at(database, clock, shards=TWO)
    try:
        table = await full_table(service, "sankou")
        await execute(
            database,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
        await until_fenced(service)
        reading, go_on = asyncio.Event(), asyncio.Event()
        read = service.state.store.active_tables

        async def slow_read(*args: Any, **kwargs: Any) -> Any:
            reading.set()
            await go_on.wait()
            return await read(*args, **kwargs)

        monkeypatch.setattr(service.state.store, "active_tables", slow_read)
        service.state.regain_at = 0.0
        first = asyncio.create_task(service.table_info(table))  # takes the lease, reads back
        await reading.wait()
        await refused("busy_try_again", service.table_info(table))
        await refused("busy_try_again", service.create_table(7, 70, A, "Ann", "qingdun"))
        assert service.live_tables() == [table] and await service.run_due() == []
        go_on.set()
        assert (await first).id == table
        await play_turn(service, table, "after-the-read")
    finally:
        await service.close()
