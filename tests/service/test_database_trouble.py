"""Trouble with the database, on a real SQLite file and a real PostgreSQL server: the service
answers, never crashes, never loses a table from memory and never acknowledges a move it could
not save. What only one backend can suffer (a damaged page, a file deleted, a lost connection)
is tested on that one."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest

from bot.config import is_postgres_url
from bot.service import PassTurn, ServiceError, TableService
from bot.service import events as ev
from bot.store import DatabaseUnusable
from bot.store.transaction import Transaction
from tests.conftest import SQLITE_ONLY
from tests.service.helpers import (
    CHANNEL,
    GUILD,
    USERS,
    Clock,
    disk_error,
    full_table,
    mover,
    open_service,
    play_turn,
    refused,
    snapshot,
)
from tests.sql import execute
from tests.thinkers import quick_thinker

A, B, C, D = USERS


# -- a failed write, then a failed read -------------------------------------------------------


async def test_a_table_whose_write_and_reload_fail_stays_unavailable_and_blocks_its_channel(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await full_table(service, "sankou")
    before = await snapshot(service)

    monkeypatch.setattr("bot.store.store.Transaction.append_action", disk_error)
    monkeypatch.setattr("bot.store.store.Store.active_tables", disk_error)
    with pytest.raises(sqlite3.OperationalError):
        await play_turn(service, table, "first")
    # Still in memory, so its players cannot open a second table in the channel ...
    assert [t.id for t in service.tables_in_channel(CHANNEL)] == [table]
    assert service.table_for_user(CHANNEL, A) == table
    await refused("table_unavailable", service.act(table, A, PassTurn(), "again"))
    await refused("table_unavailable", service.view_for(table, A))
    # ... nor anyone else while it is unavailable, and the deadline pass leaves it alone.
    await refused("table_unavailable", service.create_table(GUILD, CHANNEL, 999, "Ed", "qingdun"))
    assert service.due_deadlines(10**12) == [] and await service.run_due(10**12) == []
    assert service.bot_turns() == []
    monkeypatch.undo()  # the disk is back: the next call reads the table again
    assert await snapshot(service) == before
    update = await play_turn(service, table, "first")
    assert not update.duplicate and update.action is not None


async def test_the_deadline_pass_retries_an_unavailable_table(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await full_table(service, "qingdun")

    monkeypatch.setattr("bot.store.store.Transaction.append_action", disk_error)
    monkeypatch.setattr("bot.store.store.Store.active_tables", disk_error)
    with pytest.raises(sqlite3.OperationalError):
        await play_turn(service, table, "first")
    assert service.state.tables[table].unavailable
    monkeypatch.undo()
    assert await service.run_due() == []
    assert not service.state.tables[table].unavailable
    assert service.due_deadlines(10**12)[0].table_id == table


# -- the deadline pass, one table at a time ---------------------------------------------------


async def test_one_table_whose_timeout_fails_does_not_stop_the_others(
    service: TableService, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = await full_table(service, "qingdun", channel=1)
    fine = await full_table(service, "sankou", channel=2)
    broken_hand = service.state.tables[broken].hand_id
    append = Transaction.append_action

    async def fail_for_one(
        self: Transaction, hand_id: int, *args: object, **kwargs: object
    ) -> None:
        if hand_id == broken_hand:
            raise sqlite3.OperationalError("disk I/O error")
        await append(self, hand_id, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Transaction, "append_action", fail_for_one)
    clock.advance(12 * 3600)
    updates = await service.run_due()
    assert [u.table_id for u in updates] == [fine]
    assert isinstance(updates[0].announcements[0], ev.TimedOut)
    assert len(service.state.tables[broken].game.actions) == 0  # type: ignore[union-attr]
    monkeypatch.undo()
    [retried] = await service.run_due()  # the next pass applies it
    assert retried.table_id == broken and isinstance(retried.announcements[0], ev.TimedOut)


# -- start-up: a damaged table is set aside, the others play ----------------------------------


async def three_tables(path: Path, clock: Clock) -> tuple[int, int, int]:
    service = await open_service(path, clock)
    try:
        tables = []
        for channel, game in ((1, "qingdun"), (2, "sankou"), (3, "sankou")):
            table = await full_table(service, game, channel=channel)
            for n in range(3):
                await play_turn(service, table, f"{table}-{n}")
            tables.append(table)
    finally:
        await service.close()
    return tables[0], tables[1], tables[2]


async def test_a_table_whose_log_no_longer_replays_is_quarantined(
    database: str | Path, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    first, broken, last = await three_tables(database, clock)
    [(hand,)] = await execute(database, "SELECT hand_id FROM tables WHERE id = ?", (broken,))
    bad = json.dumps({"type": "play", "seat": 0, "cards": ["3S", "3S", "3S", "3S", "3S"]})
    await execute(
        database, "UPDATE actions SET action = ? WHERE hand_id = ? AND seq = 1", (bad, hand)
    )
    service = await open_service(database, clock)
    try:
        assert sorted(service.state.tables) == [first, last]
        [(table_id, reason)] = service.quarantined.items()
        assert table_id == broken
        assert reason.startswith("sankou in channel 2: its stored log does not replay (")
        assert "3S" not in reason  # never a card in a log line
        assert f"table {broken} set aside" in caplog.text
        await refused("table_quarantined", service.act(broken, B, PassTurn(), "x"))
        await refused("table_quarantined", service.table_info(broken))
        # The others play on; the quarantined table's players may open a new one.
        await play_turn(service, last, "after")
        await service.create_table(GUILD, 2, A, "Ann", "qingdun")
    finally:
        await service.close()
    # nothing was deleted or changed
    assert await execute(database, "SELECT status FROM tables WHERE id = ?", (broken,)) == [
        ("playing",)
    ]
    [(logged,)] = await execute(database, "SELECT COUNT(*) FROM actions WHERE hand_id = ?", (hand,))
    assert logged


async def test_a_row_the_bulk_load_cannot_read_is_set_aside_on_its_own(
    database: str | Path, clock: Clock
) -> None:
    first, broken, last = await three_tables(database, clock)
    await execute(database, "UPDATE tables SET settings = '{not json' WHERE id = ?", (broken,))
    service = await open_service(database, clock)
    try:
        assert sorted(service.state.tables) == [first, last]
        assert service.quarantined[broken].startswith("its rows cannot be read (JSONDecodeError")
    finally:
        await service.close()


async def test_a_file_that_is_no_database_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "garbage.db"
    path.write_bytes(b"this is not a database at all" * 200)
    with pytest.raises(DatabaseUnusable) as exc:
        await TableService.open(path)
    assert "damaged or not a cardtable database" in str(exc.value)


@SQLITE_ONLY
async def test_a_damaged_page_sets_aside_only_the_table_on_it(
    database: str | Path, clock: Clock
) -> None:
    """Bytes overwritten on the page that holds one table's latest moves: that table is set
    aside, the others (read through their own keys) play on."""
    service = await open_service(database, clock)
    try:
        first, damaged, last = [
            await full_table(service, game, channel=channel)
            for channel, game in ((1, "qingdun"), (2, "sankou"), (3, "qingdun"))
        ]
        for table in (first, last):
            for n in range(3):
                await play_turn(service, table, f"t{table}-move-{n}")
        for n in range(90):  # enough moves to fill pages of their own, within one hand
            await play_turn(service, damaged, f"t{damaged}-move-{n}")
    finally:
        await service.close()
    con = sqlite3.connect(database)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    data = bytearray(database.read_bytes())
    pages = [data[i : i + size] for i in range(0, len(data), size)]
    [target] = [
        i for i, page in enumerate(pages) if page[0] == 0x0D and b"-move-89" in page
    ]  # the table b-tree leaf holding the last move (not the index of action ids)
    assert b"t1-move" not in pages[target] and b"t3-move" not in pages[target]
    data[target * size : target * size + 8] = b"\xff" * 8
    database.write_bytes(bytes(data))
    service = await open_service(database, clock)
    try:
        assert sorted(service.state.tables) == [first, last]
        assert service.quarantined == {
            damaged: "its rows cannot be read (DatabaseError: database disk image is malformed)"
        }
        # the others are live again (their next move would append to the damaged b-tree)
        assert (await service.hint(first, await mover(service, first))) is not None
    finally:
        await service.close()


# -- the file deleted or replaced while running -----------------------------------------------


@SQLITE_ONLY
@pytest.mark.parametrize("how", ["deleted", "replaced"])
async def test_a_database_deleted_or_replaced_while_running_stops_every_move(
    service: TableService, database: str | Path, how: str
) -> None:
    table = await full_table(service, "sankou")
    await play_turn(service, table, "before")
    if how == "deleted":
        for suffix in ("", "-wal", "-shm"):
            Path(f"{database}{suffix}").unlink(missing_ok=True)
    else:
        shutil.copy(database, database.with_suffix(".copy"))
        os.replace(database.with_suffix(".copy"), database)
    user = await mover(service, table)
    error = await refused("database_gone", service.act(table, user, PassTurn(), "after"))
    assert "restarts" in str(error)
    assert service.gone and not service.check_database()
    await refused("database_gone", service.create_table(GUILD, 99, 999, "Ed", "qingdun"))
    await refused("database_gone", service.table_info(table))
    assert await service.run_due(10**12) == [] and await service.due_reminders(10**12) == []


@SQLITE_ONLY
async def test_a_commit_into_a_file_deleted_meanwhile_is_never_acknowledged(
    service: TableService, database: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await full_table(service, "sankou")
    append = Transaction.append_action

    async def delete_then_append(self: Transaction, *args: object, **kwargs: object) -> None:
        database.unlink()  # gone between the check before and the commit
        await append(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Transaction, "append_action", delete_then_append)
    user = await mover(service, table)
    await refused("database_gone", service.act(table, user, PassTurn(), "lost"))
    assert service.gone


@SQLITE_ONLY
async def test_periodic_check_notices_a_deleted_file_without_any_move(
    service: TableService, database: str | Path
) -> None:
    await full_table(service, "qingdun")
    assert service.check_database()
    database.unlink()
    assert await service.due_reminders() == []
    assert service.gone


# -- another process holding a lock ------------------------------------------------------------


@asynccontextmanager
async def locked_by_another_process(database: str | Path, table: int) -> AsyncIterator[None]:
    """SQLite: the file's write lock. PostgreSQL: the lock of the table's row."""
    if not is_postgres_url(database):
        blocker = sqlite3.connect(database, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        return
    connection = await asyncpg.connect(str(database))
    try:
        async with connection.transaction():
            await connection.execute("SELECT 1 FROM tables WHERE id = $1 FOR UPDATE", table)
            yield
    finally:
        await connection.close()


async def test_a_lock_held_by_another_process_is_a_quick_busy_refusal_and_others_play_on(
    database: str | Path, clock: Clock
) -> None:
    service = await TableService.open(
        database, clock=clock, write_wait=0.3, thinker=quick_thinker()
    )
    try:
        first = await full_table(service, "sankou", channel=1)
        other = await full_table(service, "qingdun", channel=2)
        before = await snapshot(service)
        user = await mover(service, first)
        async with locked_by_another_process(database, first):
            started = time.monotonic()
            waiting = asyncio.create_task(service.act(first, user, PassTurn(), "busy-1"))
            await asyncio.sleep(0.05)
            # While that write waits, other tables are read without waiting behind it.
            assert await service.table_score(other) == []
            assert (await service.table_info(other)).game == "qingdun"
            assert not waiting.done()
            with pytest.raises(ServiceError) as exc:
                await waiting
            assert exc.value.code == "database_busy" and time.monotonic() - started < 2
            if is_postgres_url(database):  # only that row is held: other tables write
                await play_turn(service, other, "meanwhile")
                before = await snapshot(service)
            else:  # the whole file is
                await refused("database_busy", service.create_table(GUILD, 3, 999, "Ed", "qingdun"))
            assert await snapshot(service) == before
        update = await service.act(first, user, PassTurn(), "busy-1")  # the id was not used
        assert not update.duplicate
    finally:
        await service.close()
