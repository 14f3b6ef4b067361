"""What makes the two backends one store: the dialect, the same schema, PostgreSQL's own cases."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.store import DatabaseUnusable, Store
from bot.store.dialect import bind, numbered
from bot.store.postgres import redact
from bot.store.schema import MIGRATIONS
from bot.store.schema_postgres import MIGRATIONS as POSTGRES_MIGRATIONS
from tests.conftest import POSTGRES_ONLY, Databases
from tests.sql import execute


def test_placeholders_become_numbered_outside_quotes_comments_and_casts() -> None:
    assert numbered("SELECT ? FROM t WHERE a = ? AND b = '?' -- ?\n") == (
        "SELECT $1 FROM t WHERE a = $2 AND b = '?' -- ?\n",
        2,
    )
    text, names = numbered("SELECT :a, x::text, ':b' FROM t WHERE c = :a OR d = :dd")
    assert text == "SELECT $1, x::text, ':b' FROM t WHERE c = $1 OR d = $2"
    assert names == ("a", "dd")
    assert bind("UPDATE t SET a = :a WHERE b = :b", {"b": 2, "a": 1, "unused": 3})[1] == [1, 2]
    with pytest.raises(ValueError, match="takes 2"):
        bind("SELECT ?, ?", (1,))
    with pytest.raises(ValueError, match="not both"):
        numbered("SELECT ?, :a")


def test_both_backends_have_a_migration_for_each_version() -> None:
    assert len(POSTGRES_MIGRATIONS) == len(MIGRATIONS)


@POSTGRES_ONLY
async def test_both_schemas_have_the_same_tables_columns_and_indexes(
    database: str, tmp_path: Path
) -> None:
    await (await Store.open(tmp_path / "lite.db")).close()
    await (await Store.open(database)).close()
    con = sqlite3.connect(tmp_path / "lite.db")
    lite_tables = {
        name: [column[1] for column in con.execute(f"PRAGMA table_info({name})")]
        for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    lite_indexes = {
        name
        for (name,) in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        )
    }
    con.close()
    columns = await execute(
        database,
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = 'public' ORDER BY table_name, ordinal_position",
    )
    pg_tables: dict[str, list[str]] = {}
    for table, column in columns:
        pg_tables.setdefault(table, []).append(column)
    pg_tables.pop("schema_version")  # PostgreSQL's user_version
    assert pg_tables == lite_tables
    indexes = await execute(
        database,
        "SELECT indexname FROM pg_indexes WHERE schemaname = 'public' "
        "AND indexname NOT LIKE '%pkey' AND indexname NOT LIKE '%key'",
    )
    assert {name for (name,) in indexes} == lite_indexes


@POSTGRES_ONLY
async def test_processes_starting_together_migrate_an_empty_database_once(
    databases: Databases, backend: str
) -> None:
    cluster = databases.cluster
    await execute(cluster.url(), "CREATE DATABASE empty_one")
    try:
        stores = await asyncio.gather(*(Store.open(cluster.url("empty_one")) for _ in range(4)))
        assert [await store.schema_version() for store in stores] == [len(MIGRATIONS)] * 4
        for store in stores:
            await store.close()
    finally:
        await execute(cluster.url(), "DROP DATABASE empty_one WITH (FORCE)")


@POSTGRES_ONLY
async def test_sums_and_averages_read_as_sqlite_gives_them(database: str) -> None:
    store = await Store.open(database)
    try:
        [(total, average, flags)] = await store._all(
            "SELECT SUM(CAST(x AS BIGINT)), AVG(x), SUM(x > 1) FROM (VALUES (1), (2)) AS v (x)"
        )
        assert (total, average, flags) == (3, 1.5, 1)
        assert type(total) is int and type(average) is float
    finally:
        await store.close()


async def test_a_server_out_of_reach_is_a_clear_error_without_the_password(
    tmp_path: Path,
) -> None:
    url = f"postgresql://bot:s3cret@/cardtable?host={tmp_path}&port=1"
    with pytest.raises(DatabaseUnusable) as exc:
        await Store.open(url, connect_wait=0.0)
    assert "cannot reach the PostgreSQL server" in str(exc.value)
    assert "s3cret" not in str(exc.value)
    assert redact("postgresql://bot:s3cret@db:5432/x") == "postgresql://bot:***@db:5432/x"
