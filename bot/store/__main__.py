"""``python -m bot.store status|migrate [DATABASE]``, ``backup FILE [DATABASE]``: for operators.

DATABASE is a SQLite file or a ``postgresql://`` URL; without it, the bot's own (the settings:
``DATABASE_URL``, else ``DATABASE_PATH``). ``status`` only reads: the database's schema
version, this program's, and the migrations that the next start (or ``migrate``) would run;
it exits 0 when up to date, 1 when migrations would run, 2 for bad settings, 3 when the
database cannot be used. ``migrate`` runs them (the bot does the same at start). ``backup``
copies a SQLite database, while the bot runs, into a new FILE (SQLite's own backup, through a
read-only connection: no ``sqlite3`` program needed); PostgreSQL is backed up with pg_dump.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

import asyncpg

from bot.config import SettingsError, redact, scrub, tool_database
from bot.store import schema, schema_postgres
from bot.store.copy import Refused, snapshot
from bot.store.errors import DatabaseUnusable
from bot.store.store import Store


async def version_of(database: str | Path) -> int:
    """The schema version, read without changing anything (0: never migrated, or no file)."""
    if isinstance(database, Path):
        if not database.is_file():
            return 0
        try:
            with sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro", uri=True) as con:
                return int(con.execute("PRAGMA user_version").fetchone()[0])
        except sqlite3.Error as exc:
            raise DatabaseUnusable(f"{database} is not a SQLite database ({exc})") from exc
    try:
        conn = await asyncpg.connect(database, timeout=10)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError) as exc:
        raise DatabaseUnusable(
            f"cannot open {redact(database)}: {scrub(str(exc), database)}"
        ) from exc
    try:
        if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
            return 0
        return int(await conn.fetchval("SELECT max(version) FROM schema_version") or 0)
    finally:
        await conn.close()


def describe(database: str | Path) -> str:
    return redact(database) if isinstance(database, str) else f"SQLite {database}"


async def status(database: str | Path) -> int:
    latest = len(schema.MIGRATIONS if isinstance(database, Path) else schema_postgres.MIGRATIONS)
    version = await version_of(database)
    print(f"{describe(database)}: schema {version}; this program's is {latest}")
    if version > latest:
        print("the database is newer than this program: run the newer cardtable")
        return 3
    if version == latest:
        print("up to date: nothing would run")
        return 0
    waiting = ", ".join(str(n) for n in range(version + 1, latest + 1))
    print(
        f"migrations {waiting} would run (at the next start, or now: python -m bot.store migrate)"
    )
    return 1


async def migrate(database: str | Path) -> int:
    before = await version_of(database)
    store = await Store.open(database, connect_wait=0)
    try:
        after = await store.schema_version()
    finally:
        await store.close()
    print(f"{describe(database)}: schema {before} → {after}")
    return 0


def backup(database: str | Path, target: Path) -> int:
    if isinstance(database, str):
        raise Refused("a PostgreSQL database is backed up with pg_dump (docs/deploy.md)")
    if target.exists():
        raise Refused(f"{target} exists already: name a new file")
    snapshot(database, target)
    print(f"{database} backed up to {target}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.store", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("status", "migrate"):
        command = commands.add_parser(name)
        command.add_argument("database", nargs="?", help="a SQLite file or a postgresql:// URL")
    saving = commands.add_parser("backup")
    saving.add_argument("target", type=Path, help="the new file to write")
    saving.add_argument("database", nargs="?", help="the SQLite file (default DATABASE_PATH)")
    args = parser.parse_args(argv)
    try:
        database = tool_database(args.database)
        if args.command == "backup":
            return backup(database, args.target)
        return asyncio.run((status if args.command == "status" else migrate)(database))
    except Refused as exc:
        print(f"cardtable: nothing backed up: {exc}", file=sys.stderr)
        return 2
    except SettingsError as exc:
        print(f"cardtable: {exc}", file=sys.stderr)
        return 2
    except DatabaseUnusable as exc:
        print(f"cardtable: {exc}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
