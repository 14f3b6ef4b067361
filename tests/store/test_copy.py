"""``python -m bot.store.copy``: a bot's SQLite file moved into PostgreSQL.

The source is a real file written by the service (finished hands of both games, a void hand,
settings, a table mid-hand); the target a real database of the tests' throwaway PostgreSQL.
The command runs in-process (``main``), in a thread of its own: it starts its own event loop.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.service import TableService
from bot.service.scores import BOARD_ORDERS, PERIODS
from bot.store import LedgerEntry, Store
from bot.store import copy as copy_module
from bot.store.copy import copy_order, main, postgres_tables
from bot.store.postgres import ShardLease
from bot.store.schema import MIGRATIONS
from bot.store.sqlite import _statements
from tests.conftest import POSTGRES_ONLY, Databases
from tests.service.helpers import (
    CHANNEL,
    GUILD,
    USERS,
    Clock,
    full_table,
    open_service,
    play_hand,
    play_turn,
    snapshot,
)
from tests.sql import execute

A, B = USERS[:2]
SANKOU_PLAYERS = (301, 302, 303, 304)
MID_PLAYERS = (201, 202, 203, 204)
LATECOMER = 305
DAY = 86400.0
COMMANDS_KEY = "commands-global.sha256"


async def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    """The command's exit code, standard output and standard error."""
    code = await asyncio.to_thread(main, [str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


async def build(path: Path, clock: Clock) -> dict[str, int]:
    """A database as a bot leaves it: two finished 清墩 hands (with bots; the table between
    hands), a void and a finished 三扣 hand (the next one dealt), a server's and a player's
    setting, a 清墩 table mid-hand; the command hash kept in ``bot_state``. The table ids by
    name."""
    service = await open_service(path, clock)
    try:
        qingdun = await full_table(service, "qingdun", humans=2, settings={"auto_deal": False})
        await play_hand(service, qingdun, "q0-")
        clock.advance(DAY)
        await service.next_hand(qingdun, A)
        await play_hand(service, qingdun, "q1-")  # and left between hands
        sankou = await full_table(service, "sankou", users=SANKOU_PLAYERS, channel=CHANNEL + 1)
        await service.leave(sankou, SANKOU_PLAYERS[1])  # a void hand: penalty and bonuses
        await service.join(sankou, LATECOMER, "Late")
        await service.start(sankou, SANKOU_PLAYERS[0])
        await play_hand(service, sankou, "s-")
        await service.set_min_ranked_hands(GUILD, 1, is_manager=True)
        await service.set_four_colour(A, True)
        clock.advance(3600)
        mid = await full_table(service, "qingdun", users=MID_PLAYERS, channel=CHANNEL + 2)
        for n in range(6):
            await play_turn(service, mid, f"m{n}")
    finally:
        await service.close()
    async with await Store.open(path) as store, store.transaction() as tx:
        await tx.set_state(COMMANDS_KEY, "0123abcd")
    return {"qingdun": qingdun, "sankou": sankou, "mid": mid}


async def answers(service: TableService, tables: dict[str, int]) -> dict[str, Any]:
    """What players see of the scores and the tables, asked as the Discord front end asks."""
    seen: dict[str, Any] = {"min hands": await service.min_ranked_hands(GUILD)}
    for game in ("qingdun", "sankou"):
        for by in BOARD_ORDERS:
            for period in PERIODS:
                seen[f"board {game} {by} {period}"] = await service.board(
                    GUILD, game, A, by=by, period=period
                )
    for user in (*USERS, *SANKOU_PLAYERS, *MID_PLAYERS, LATECOMER):
        seen[f"stats {user}"] = await service.game_stats(GUILD, user)
        seen[f"recent {user}"] = await service.recent_hands(GUILD, user_id=user)
        seen[f"colours {user}"] = await service.four_colour(user)
    for table in tables.values():
        seen[f"info {table}"] = await service.table_info(table)
        seen[f"score {table}"] = await service.table_score(table)
        lines = await service.recent_hands(GUILD, table_id=table)
        seen[f"recent table {table}"] = lines
        for line in lines:
            if line.ended_at is not None:
                seen[f"record {line.hand_id}"] = await service.hand_record(GUILD, line.hand_id)
    return seen


def sqlite_rows(path: Path, table: str, columns: list[str]) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(path)
    try:
        return con.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall()
    finally:
        con.close()


def ordered(rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    return sorted(rows, key=lambda row: [(value is None, value) for value in row])


async def postgres_columns(url: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for table, column in await execute(
        url,
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = "
        "'public' AND table_name <> 'schema_version' ORDER BY table_name, ordinal_position",
    ):
        found.setdefault(table, []).append(column)
    return found


async def total_rows(url: str) -> int:
    counts = [f"(SELECT count(*) FROM {name})" for name in await postgres_columns(url)]
    return int((await execute(url, f"SELECT {' + '.join(counts)}"))[0][0])


@POSTGRES_ONLY
async def test_a_bot_moved_to_postgres_answers_as_before_and_plays_on(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, clock = tmp_path / "cardtable.db", Clock()
    tables = await build(source, clock)
    before = source.read_bytes()
    lite = await open_service(source, clock)
    try:
        expected, live = await answers(lite, tables), await snapshot(lite)
    finally:
        await lite.close()
    assert expected["board qingdun rating all"].lines  # there is something to compare
    assert expected[f"score {tables['sankou']}"] and expected["min hands"] == 1
    assert expected[f"colours {A}"] and not expected[f"colours {B}"]
    assert list(live) == sorted(tables.values())

    code, _, err = await run(capsys, source, database)

    assert (code, err) == (0, "")
    assert source.read_bytes() == before  # the file is never written
    pg = await open_service(database, clock)
    try:
        assert await answers(pg, tables) == expected
        assert await snapshot(pg) == live
        assert (await execute(database, "SELECT value FROM bot_state"))[0][0] == "0123abcd"
        # the table mid-hand plays on, to the end of its hand (settled, rated: a new seq)
        await play_hand(pg, tables["mid"], "pg-")
        assert (await pg.table_info(tables["mid"])).hands_done == 1
        [(seq,)] = await execute(
            database,
            "SELECT s.seq FROM settled_hands s JOIN hands h ON h.id = s.hand_id "
            "WHERE h.table_id = ?",
            (tables["mid"],),
        )
        assert seq == len(sqlite_rows(source, "settled_hands", ["seq"])) + 1
        newer = await full_table(pg, "sankou", users=(401, 402, 403, 404), channel=CHANNEL + 3)
    finally:
        await pg.close()
    [(top_table, top_hand)] = sqlite_rows(
        source, "tables, hands", ["max(tables.id)", "max(hands.id)"]
    )
    assert newer == top_table + 1
    [(new_hand,)] = await execute(database, "SELECT hand_id FROM tables WHERE id = ?", (newer,))
    assert new_hand == top_hand + 2  # the mid table's next hand took + 1


@POSTGRES_ONLY
async def test_every_row_and_value_arrives_with_flags_as_booleans(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, clock = tmp_path / "cardtable.db", Clock()
    await build(source, clock)

    code, out, _ = await run(capsys, source, database)

    assert code == 0
    columns = await postgres_columns(database)
    *tables, last = out.splitlines()
    counts = {}
    for line in tables:
        match = re.fullmatch(r"(\w+): (\d+) rows? copied", line)
        assert match is not None, line
        counts[match[1]] = int(match[2])
    assert set(counts) == set(columns)
    for table, names in columns.items():
        lite = sqlite_rows(source, table, names)
        moved = await execute(database, f"SELECT {', '.join(names)} FROM {table}")
        assert counts[table] == len(lite) == len(moved), table
        assert ordered(moved) == ordered(lite), table
    assert all(counts[name] > 0 for name in ("ledger", "rating_steps", "hand_seats", "actions"))
    assert last.startswith(f"copied {sum(counts.values())} rows of {len(columns)} tables into ")
    lite_flags = sqlite_rows(source, "ledger", ["void", "won"])[0]
    pg_flags = (await execute(database, "SELECT void, won FROM ledger LIMIT 1"))[0]
    assert {type(v) for v in lite_flags} == {int} and {type(v) for v in pg_flags} == {bool}
    [(void_flags,)] = await execute(database, "SELECT count(*) FROM ledger WHERE void")
    assert void_flags == sum(v for (v,) in sqlite_rows(source, "ledger", ["void"])) == 4


async def refused(capsys: pytest.CaptureFixture[str], *args: object) -> str:
    """The command refuses: exit code 2, one line on standard error, nothing else."""
    code, out, err = await run(capsys, *args)
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and err.startswith("nothing copied: "), err
    return err


async def small_database(path: Path) -> None:
    """A table with one hand and its ledger (quick to make)."""
    async with await Store.open(path) as store, store.transaction() as tx:
        table = await tx.insert_table(
            guild_id=GUILD, channel_id=CHANNEL, game="sankou", settings={}, language="en",
            creator_id=A, created_at=1.0,
        )  # fmt: skip
        hand = await tx.insert_hand(table, 1, {"seed": 1}, 2.0)
        await tx.update_table(table, hand_id=hand)
        await tx.add_ledger(
            hand_id=hand, table_id=table, game="sankou", guild_id=GUILD, at=3.0,
            entries=[LedgerEntry(seat, USERS[seat], "u", 3, "left", void=True)
                     for seat in range(4)],
        )  # fmt: skip


@pytest.fixture
async def source(tmp_path: Path) -> Path:
    """A small cardtable database."""
    path = tmp_path / "small.db"
    await small_database(path)
    return path


@POSTGRES_ONLY
async def test_a_database_with_cardtable_rows_is_never_written_to(
    database: str, source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (await run(capsys, source, database))[0] == 0
    rows = await total_rows(database)

    err = await refused(capsys, source, database)

    assert "already holds cardtable data (in hands, ledger, tables)" in err
    assert await total_rows(database) == rows
    await execute(database, "DELETE FROM ledger")
    await execute(database, "UPDATE tables SET hand_id = NULL")
    await execute(database, "DELETE FROM hands")
    await execute(database, "DELETE FROM tables")
    await execute(database, "INSERT INTO bot_state VALUES ('k', 'v')")  # one row is enough
    assert "already holds cardtable data (in bot_state)" in await refused(capsys, source, database)


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (None, "no SQLite database at"),
        (b"GAME LOG\n" * 200, "is not a readable SQLite database (file is not a database)"),
        ("notes", "is not a cardtable database"),
        ("newer", f"has schema {len(MIGRATIONS) + 1}, newer than this program"),
    ],
)
@POSTGRES_ONLY
async def test_a_file_that_is_not_a_cardtable_database_is_refused(
    database: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: bytes | str | None,
    says: str,
) -> None:
    source = tmp_path / "other.db"
    if isinstance(content, bytes):
        source.write_bytes(content)
    elif content == "notes":
        with sqlite3.connect(source) as con:
            con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    elif content == "newer":
        await small_database(source)
        with sqlite3.connect(source) as con:
            con.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    before = source.read_bytes() if source.exists() else None

    assert says in await refused(capsys, source, database)

    assert (source.read_bytes() if source.exists() else None) == before
    assert await total_rows(database) == 0


@POSTGRES_ONLY
async def test_a_database_a_bot_still_uses_is_refused(
    database: str,
    source: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bot on the target, idle or reading, would not know of the copied tables."""
    lease = ShardLease(database, 1, [0])
    await lease.acquire()
    try:
        assert "a bot process holds its lease on" in await refused(capsys, source, database)
    finally:
        await lease.release()
    monkeypatch.setattr(copy_module, "LOCK_WAIT", "100ms")
    reader = await asyncpg.connect(database)
    try:
        async with reader.transaction():
            await reader.fetch("SELECT * FROM seats")  # holds the table's lock to the end
            err = await refused(capsys, source, database)
    finally:
        await reader.close()
    assert "another process is using" in err and "stop every bot process on it first" in err
    assert await total_rows(database) == 0
    assert (await run(capsys, source, database))[0] == 0  # once they are gone


@POSTGRES_ONLY
async def test_commits_still_in_the_files_wal_are_copied_and_left_there(
    database: str, source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot killed (or still running) leaves its last commits in ``-wal``, not in the file."""
    writer = sqlite3.connect(source, isolation_level=None)
    try:
        writer.execute("PRAGMA wal_autocheckpoint = 0")
        writer.execute("INSERT INTO guild_settings VALUES (?, 3)", (GUILD,))
        files = [source, source.with_name("small.db-wal")]  # -shm is shared memory: readers use it
        before = [path.read_bytes() for path in files]

        assert (await run(capsys, source, database))[0] == 0

        assert [path.read_bytes() for path in files] == before
    finally:
        writer.close()
    assert await execute(database, "SELECT * FROM guild_settings") == [(GUILD, 3)]


@POSTGRES_ONLY
async def test_a_table_or_column_on_one_side_only_stops_the_copy(
    database: str, source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await execute(database, "CREATE TABLE tournaments (id BIGINT PRIMARY KEY)")
    assert "table tournaments exists in PostgreSQL but not in SQLite" in await refused(
        capsys, source, database
    )
    await execute(database, "DROP TABLE tournaments")
    with sqlite3.connect(source) as con:
        con.execute("ALTER TABLE hands ADD COLUMN note TEXT")
    err = await refused(capsys, source, database)
    assert "table hands differs: columns only in PostgreSQL [], only in SQLite ['note']" in err
    assert await total_rows(database) == 0


@POSTGRES_ONLY
async def test_a_value_that_cannot_be_converted_undoes_the_whole_copy(
    database: str, source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with sqlite3.connect(source) as con:
        con.execute("UPDATE ledger SET won = 2 WHERE seat = 3")

    assert "table ledger: 2 is not a 0/1 flag" in await refused(capsys, source, database)

    assert await total_rows(database) == 0  # tables and hands came first: rolled back too


async def test_an_older_file_is_migrated_in_its_copy_only(
    databases: Databases, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file at schema 5 (before table versions and ``bot_state``) into a database that was
    never migrated: both reach the current schema through the store's migrations."""
    source = tmp_path / "old.db"
    with sqlite3.connect(source) as con:
        for script in MIGRATIONS[:5]:
            for statement in _statements(script):
                con.execute(statement)
        con.execute(
            "INSERT INTO tables (guild_id, channel_id, game, settings, language, status, "
            "creator_id, created_at) VALUES (7, 70, 'qingdun', '{}', 'en', 'waiting', 1, 1.0)"
        )
        con.execute("PRAGMA user_version = 5")
    before = source.read_bytes()
    cluster = databases.cluster
    await execute(cluster.url(), "CREATE DATABASE never_migrated")
    url = cluster.url("never_migrated")
    try:
        code, out, _ = await run(capsys, source, url)
        assert code == 0 and "tables: 1 row copied" in out and "bot_state: 0 rows copied" in out
        assert await execute(url, "SELECT id, version, take_back FROM tables") == [(1, 0, None)]
        assert await execute(url, "SELECT version FROM schema_version") == [(len(MIGRATIONS),)]
    finally:
        await databases.drop(url)
    assert source.read_bytes() == before
    with sqlite3.connect(source) as con:
        assert con.execute("PRAGMA user_version").fetchone() == (5,)


async def test_not_a_postgres_url_is_refused(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = await refused(capsys, source, "mysql://root:secret@db/cardtable")
    assert "is not a postgresql:// URL" in err and "secret" not in err


@POSTGRES_ONLY
async def test_the_copy_order_breaks_the_tables_hands_cycle_at_the_nullable_key(
    database: str,
) -> None:
    conn = await asyncpg.connect(database)
    try:
        order = copy_order(await postgres_tables(conn))
    finally:
        await conn.close()
    names = [table.name for table, _ in order]
    later = {table.name: columns for table, columns in order if columns}
    assert later == {"tables": frozenset({"hand_id"})}
    assert names.index("tables") < names.index("hands") < names.index("actions")
    assert names.index("settled_hands") < names.index("rating_steps")
