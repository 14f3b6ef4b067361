"""``python -m bot.store.copy SQLITE_FILE POSTGRES_URL``: a SQLite bot's data into PostgreSQL.

For a server moving from ``DATABASE_PATH`` to ``DATABASE_URL`` (docs/deploy.md, "Moving from
SQLite to PostgreSQL"): its tables, hands, action log, ledger, ratings and settings, so that
boards, statistics and history go on where they were and live tables play on.

- The file is never changed: the copy reads a snapshot of it (SQLite's backup, through a
  read-only connection), which the store's own ``open`` migrates to this program's schema;
  ``open`` migrates the PostgreSQL database too, so both stand at the same version.
- The target must hold no cardtable row: nothing is ever merged or overwritten.
- Tables and columns are read from the two databases (PostgreSQL's catalog, SQLite's pragma),
  never from a list kept here, so a future migration cannot be skipped: a table or column on
  one side only stops the copy. Values are converted to PostgreSQL's column types (SQLite's
  0/1 flags to BOOLEAN; ids and times need nothing, see ``bot/store/schema_postgres.py``).
- Everything is copied in one PostgreSQL transaction (``COPY``), parents before the rows that
  refer to them; a cycle of foreign keys (``tables.hand_id`` ↔ ``hands.table_id``) is broken
  at a nullable column, filled in once every table is in. Identity columns then restart past
  the copied ids (``ALTER … RESTART`` is transactional, ``setval`` would not be).
- Nothing is left out: the only state about a process, the shard leases, is PostgreSQL
  advisory locks (no row anywhere), and ``bot_state`` holds the hash of the commands last
  synced to Discord, true of the application whichever database it uses.

Exit code 0 with a line per table; 2 with one line saying why when nothing was copied.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bot.config import (
    SettingsError,
    environment,
    is_postgres_url,
    redact,
    scrub,
    sqlite_path,
    tool_database,
)
from bot.store.errors import DatabaseUnusable
from bot.store.postgres import LOCK_SPACE
from bot.store.schema import MIGRATIONS
from bot.store.store import Store

LOCK_WAIT = "5s"  # a target another process is using is refused, not waited for
STOP_BOTS = "stop every bot process on it first (docs/deploy.md)"


class Refused(Exception):
    """Nothing was copied; the message, one line, says why."""


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: str  # PostgreSQL's data_type, as information_schema spells it
    nullable: bool
    identity: bool


@dataclass(frozen=True, slots=True)
class Table:
    """A table of the PostgreSQL schema: its columns in order, its key, what it refers to."""

    name: str
    columns: tuple[Column, ...]
    key: tuple[str, ...]
    references: tuple[tuple[tuple[str, ...], str], ...]  # (columns, referenced table)


def _integer(value: Any) -> int:
    if isinstance(value, int):
        return value
    raise ValueError(f"{value!r} is not an integer")


def _double(value: Any) -> float:
    if isinstance(value, int | float):
        return float(value)
    raise ValueError(f"{value!r} is not a number")


def _flag(value: Any) -> bool:
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise ValueError(f"{value!r} is not a 0/1 flag")


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise ValueError(f"{value!r} is not text")


_CONVERT: dict[str, Callable[[Any], Any]] = {
    "bigint": _integer,
    "integer": _integer,
    "smallint": _integer,
    "double precision": _double,
    "real": _double,
    "boolean": _flag,
    "text": _text,
}


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def snapshot(source: Path, copy: Path) -> None:
    """A consistent copy of the cardtable database ``source``, read without writing to it."""
    if not source.is_file():
        raise Refused(f"no SQLite database at {source}")
    try:
        lite = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise Refused(f"cannot open {source}: {_one_line(exc)}") from exc
    try:
        version = lite.execute("PRAGMA user_version").fetchone()[0]
        if version == 0:
            raise Refused(f"{source} is not a cardtable database (it has no cardtable schema)")
        if version > len(MIGRATIONS):
            raise Refused(
                f"{source} has schema {version}, newer than this program ({len(MIGRATIONS)}): "
                "copy it with the cardtable that last ran on it"
            )
        target = sqlite3.connect(copy)
        try:
            lite.backup(target)
        finally:
            target.close()
    except sqlite3.Error as exc:
        raise Refused(f"{source} is not a readable SQLite database ({_one_line(exc)})") from exc
    finally:
        lite.close()


async def postgres_tables(conn: asyncpg.Connection) -> dict[str, Table]:
    """The cardtable tables of the connection's schema (``schema_version`` is its own)."""
    columns: dict[str, list[Column]] = {}
    for row in await conn.fetch(
        "SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.is_identity "
        "FROM information_schema.columns c JOIN information_schema.tables t "
        "ON t.table_schema = c.table_schema AND t.table_name = c.table_name "
        "WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' "
        "AND c.table_name <> 'schema_version' ORDER BY c.table_name, c.ordinal_position"
    ):
        columns.setdefault(row[0], []).append(
            Column(row[1], row[2], row[3] == "YES", row[4] == "YES")
        )
    keys: dict[str, tuple[str, ...]] = {}
    references: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for kind, table, parent, names in await conn.fetch(
        "SELECT k.contype::text, c.relname, p.relname, ARRAY(SELECT a.attname "
        "FROM unnest(k.conkey) WITH ORDINALITY AS n (attnum, i) "
        "JOIN pg_attribute a ON a.attrelid = k.conrelid "
        "AND a.attnum = n.attnum ORDER BY n.i) FROM pg_constraint k "
        "JOIN pg_class c ON c.oid = k.conrelid LEFT JOIN pg_class p ON p.oid = k.confrelid "
        "WHERE k.contype IN ('p', 'f') AND c.relnamespace = current_schema()::regnamespace"
    ):
        if kind == "p":
            keys[table] = tuple(names)
        else:
            references.setdefault(table, []).append((tuple(names), parent))
    return {
        name: Table(name, tuple(cols), keys.get(name, ()), tuple(references.get(name, ())))
        for name, cols in columns.items()
    }


def _sqlite_columns(lite: sqlite3.Connection) -> dict[str, set[str]]:
    names = [
        name
        for (name,) in lite.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' "
            "ESCAPE '\\'"
        )
    ]
    return {
        name: {row[1] for row in lite.execute(f"PRAGMA table_info({_quoted(name)})")}
        for name in names
    }


def _same_tables(tables: dict[str, Table], lite: dict[str, set[str]]) -> None:
    """Refuse unless both databases have the same tables with the same columns."""
    for name in sorted(set(tables) ^ set(lite)):
        there, missing = ("PostgreSQL", "SQLite") if name in tables else ("SQLite", "PostgreSQL")
        raise Refused(f"table {name} exists in {there} but not in {missing}: the schemas differ")
    for name, table in sorted(tables.items()):
        columns = {column.name for column in table.columns}
        if columns != lite[name]:
            only_pg, only_lite = sorted(columns - lite[name]), sorted(lite[name] - columns)
            raise Refused(
                f"table {name} differs: columns only in PostgreSQL {only_pg}, only in SQLite "
                f"{only_lite}"
            )
        for column in table.columns:
            if column.type not in _CONVERT:
                raise Refused(f"no conversion for {name}.{column.name} of type {column.type}")


def _nullable(table: Table, columns: list[str]) -> bool:
    return all(column.nullable for column in table.columns if column.name in columns)


def copy_order(tables: dict[str, Table]) -> list[tuple[Table, frozenset[str]]]:
    """Each table after those it refers to, with the columns to fill in once all are copied.

    A cycle of references is broken at the first table whose missing references are all
    nullable: it is copied with those columns empty.
    """
    done: set[str] = set()
    order = []

    def waiting(table: Table) -> list[str]:
        return [
            column
            for columns, parent in table.references
            if parent != table.name and parent not in done
            for column in columns
        ]

    remaining = sorted(tables)
    while remaining:
        name = next((n for n in remaining if not waiting(tables[n])), None)
        if name is None:
            name = next((n for n in remaining if _nullable(tables[n], waiting(tables[n]))), None)
            if name is None:
                raise Refused(f"the foreign keys of {', '.join(remaining)} allow no copy order")
        order.append((tables[name], frozenset(waiting(tables[name]))))
        done.add(name)
        remaining.remove(name)
    return order


async def _copy_table(
    conn: asyncpg.Connection, lite: sqlite3.Connection, table: Table, later: frozenset[str]
) -> tuple[int, list[tuple[Any, ...]]]:
    """COPY one table's rows, ``later`` columns left empty: (rows, key + ``later`` values)."""
    names = [column.name for column in table.columns]
    convert = [_CONVERT[column.type] for column in table.columns]
    held = [i for i, name in enumerate(names) if name in later]
    key = [names.index(name) for name in table.key]
    filled: list[tuple[Any, ...]] = []
    count = 0

    def records() -> Iterator[tuple[Any, ...]]:
        nonlocal count
        cursor = lite.execute(f"SELECT {', '.join(map(_quoted, names))} FROM {_quoted(table.name)}")
        for row in cursor:
            try:
                values = [None if v is None else f(v) for f, v in zip(convert, row, strict=True)]
            except ValueError as exc:
                raise Refused(f"table {table.name}: {exc}") from exc
            if held and any(values[i] is not None for i in held):
                filled.append(tuple(values[i] for i in key + held))
                for i in held:
                    values[i] = None
            count += 1
            yield tuple(values)

    status = await conn.copy_records_to_table(table.name, records=records(), columns=names)
    if int(status.split()[-1]) != count:
        raise Refused(f"table {table.name}: {count} rows read, but PostgreSQL took {status}")
    return count, filled


async def _fill_in(
    conn: asyncpg.Connection, table: Table, later: frozenset[str], filled: list[tuple[Any, ...]]
) -> None:
    """Set the ``later`` columns of rows copied without them (keys and values in ``filled``)."""
    columns = [*table.key, *(c.name for c in table.columns if c.name in later)]
    held = [name for name in columns if name not in table.key]
    await conn.execute(
        f"CREATE TEMPORARY TABLE copy_later ON COMMIT DROP AS SELECT "
        f"{', '.join(map(_quoted, columns))} FROM {_quoted(table.name)} WITH NO DATA"
    )
    await conn.copy_records_to_table("copy_later", records=filled, columns=columns)
    sets = ", ".join(f"{_quoted(n)} = l.{_quoted(n)}" for n in held)
    match = " AND ".join(f"t.{_quoted(n)} = l.{_quoted(n)}" for n in table.key)
    await conn.execute(f"UPDATE {_quoted(table.name)} t SET {sets} FROM copy_later l WHERE {match}")
    await conn.execute("DROP TABLE copy_later")


async def _restart_identities(conn: asyncpg.Connection, table: Table) -> None:
    """New rows get ids past the copied ones."""
    for column in table.columns:
        if not column.identity:
            continue
        highest = await conn.fetchval(
            f"SELECT max({_quoted(column.name)}) FROM {_quoted(table.name)}"
        )
        if highest is not None:
            await conn.execute(
                f"ALTER TABLE {_quoted(table.name)} ALTER COLUMN {_quoted(column.name)} "
                f"RESTART WITH {int(highest) + 1}"
            )


async def _copy_into(
    lite: sqlite3.Connection, conn: asyncpg.Connection, where: str
) -> list[tuple[str, int]]:
    """Every table, in one transaction on ``conn`` (the database ``where``); (table, rows)
    in the order copied."""
    if await conn.fetchval(
        "SELECT EXISTS (SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database "
        "WHERE l.locktype = 'advisory' AND d.datname = current_database() "
        "AND l.classid = $1::oid)",
        LOCK_SPACE,
    ):  # a bot serving this database, even an idle one, would not see the copied tables
        raise Refused(f"a bot process holds its lease on {where}: {STOP_BOTS}")
    tables = await postgres_tables(conn)
    _same_tables(tables, _sqlite_columns(lite))
    await conn.execute(
        f"LOCK TABLE {', '.join(map(_quoted, sorted(tables)))} IN ACCESS EXCLUSIVE MODE"
    )
    holding = [
        name
        for name in sorted(tables)
        if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {_quoted(name)})")
    ]
    if holding:
        raise Refused(
            f"{where} already holds cardtable data (in {', '.join(holding)}): the copy goes "
            "only into an empty database"
        )
    counts = []
    pending = []
    for table, later in copy_order(tables):
        count, filled = await _copy_table(conn, lite, table, later)
        counts.append((table.name, count))
        if filled:
            pending.append((table, later, filled))
    for table, later, filled in pending:
        await _fill_in(conn, table, later, filled)
    for table in tables.values():
        await _restart_identities(conn, table)
    return counts


async def copy(source: Path, url: str) -> list[tuple[str, int]]:
    """Copy the cardtable database ``source`` into the empty PostgreSQL database ``url``;
    (table, rows copied) in the order copied. ``Refused`` if nothing was copied."""
    with tempfile.TemporaryDirectory(prefix="cardtable-copy-") as folder:
        copied = Path(folder) / source.name
        await asyncio.to_thread(snapshot, source, copied)
        versions = []
        for database, what in ((copied, f"cannot migrate a copy of {source}: "), (url, "")):
            try:
                store = await Store.open(database, connect_wait=0)
            except DatabaseUnusable as exc:
                raise Refused(f"{what}{exc}") from exc
            try:
                versions.append(await store.schema_version())
            finally:
                await store.close()
        if versions[0] != versions[1]:
            raise Refused(f"schema versions differ after migrating: {versions[0]} ≠ {versions[1]}")
        lite = sqlite3.connect(copied)
        try:
            conn = await asyncpg.connect(
                url,
                server_settings={"application_name": "cardtable-copy", "lock_timeout": LOCK_WAIT},
            )
            try:
                async with conn.transaction():
                    return await _copy_into(lite, conn, redact(url))
            finally:
                await conn.close()
        except asyncpg.LockNotAvailableError as exc:
            raise Refused(f"another process is using {redact(url)}: {STOP_BOTS}") from exc
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, sqlite3.Error) as exc:
            raise Refused(f"the copy failed and was undone: {scrub(_one_line(exc), url)}") from exc
        finally:
            lite.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.store.copy",
        description="Copy a cardtable SQLite database into an empty PostgreSQL database.",
    )
    parser.add_argument(
        "sqlite_file", nargs="?", help="the file to copy (never changed); default DATABASE_PATH"
    )
    parser.add_argument(
        "postgres_url", nargs="?", help="the database to move to; default DATABASE_URL"
    )
    args = parser.parse_args(argv)
    try:
        source = Path(args.sqlite_file) if args.sqlite_file else sqlite_path(environment())
        if args.postgres_url and not is_postgres_url(args.postgres_url):
            raise Refused("the target is not a postgresql:// URL")
        url = tool_database(args.postgres_url)
        if not isinstance(url, str):
            raise Refused(
                "name the PostgreSQL database to copy into: DATABASE_URL (in .env or the "
                "environment), or a postgresql:// URL after the file"
            )
        counts = asyncio.run(copy(source, url))
    except (Refused, SettingsError) as exc:
        print(f"nothing copied: {exc}", file=sys.stderr)
        return 2
    for name, count in counts:
        print(f"{name}: {count} {'row' if count == 1 else 'rows'} copied")
    print(
        f"copied {sum(n for _, n in counts)} rows of {len(counts)} tables into "
        f"{redact(url)}; start the bot with DATABASE_URL set to it"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
