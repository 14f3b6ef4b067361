"""The operators' tools as processes, in a folder with a ``.env``: with no argument they use the
bot's database from the settings; ``python -m bot.store status|migrate`` says the schema's
version and what would run, ``backup`` copies a running bot's file."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.store.schema import MIGRATIONS
from tests.conftest import POSTGRES_ONLY, Databases
from tests.service.helpers import Clock, full_table, open_service
from tests.sql import execute

ROOT = Path(__file__).resolve().parents[1]


def tool(folder: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "PG"))}
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=folder,
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_store_status_and_migrate_use_the_settings_database(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DATABASE_PATH=games.db  # the bot's file\n", encoding="utf-8")
    db = tmp_path / "games.db"
    with sqlite3.connect(db) as con:
        con.executescript(MIGRATIONS[0] + MIGRATIONS[1])
        con.execute("PRAGMA user_version = 2")
    latest = len(MIGRATIONS)
    before = tool(tmp_path, "bot.store", "status")
    assert before.returncode == 1, before.stderr
    waiting = ", ".join(str(n) for n in range(3, latest + 1))
    assert before.stdout.splitlines() == [
        f"SQLite games.db: schema 2; this program's is {latest}",
        f"migrations {waiting} would run (at the next start, or now: python -m bot.store migrate)",
    ]
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA user_version").fetchone() == (2,)  # status changed nothing
    done = tool(tmp_path, "bot.store", "migrate")
    assert (done.returncode, done.stdout) == (0, f"SQLite games.db: schema 2 → {latest}\n")
    after = tool(tmp_path, "bot.store", "status")
    assert (after.returncode, after.stdout.splitlines()[-1]) == (0, "up to date: nothing would run")
    rated = tool(tmp_path, "bot.ratings", "check")
    assert rated.returncode == 0, rated.stderr
    assert rated.stdout.startswith("0 settled hands, 0 standings recomputed")


def test_status_of_a_file_that_is_no_database_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "x.db").write_bytes(b"not sqlite " * 400)
    done = tool(tmp_path, "bot.store", "status", "x.db")
    assert done.returncode == 3
    assert done.stderr.startswith("cardtable: x.db is not a SQLite database")


@POSTGRES_ONLY
async def test_copy_and_status_read_the_postgres_url_from_the_settings(
    tmp_path: Path, databases: Databases, backend: str
) -> None:
    source = tmp_path / "cardtable.db"
    with sqlite3.connect(source) as con:
        for number, script in enumerate(MIGRATIONS, start=1):
            con.executescript(script)
            con.execute(f"PRAGMA user_version = {number}")
    url = databases.cluster.url("tools_target")
    admin = databases.cluster.url()
    await execute(admin, "CREATE DATABASE tools_target")
    try:
        (tmp_path / ".env").write_text(f"DATABASE_URL='{url}'\n", encoding="utf-8")
        copied = tool(tmp_path, "bot.store.copy")
        assert copied.returncode == 0, copied.stderr
        assert copied.stdout.splitlines()[-1].startswith("copied 0 rows of ")
        status = tool(tmp_path, "bot.store", "status")
        assert status.returncode == 0, status.stderr
        assert status.stdout.splitlines()[-1] == "up to date: nothing would run"
    finally:
        await execute(admin, "DROP DATABASE tools_target WITH (FORCE)")


async def test_backup_copies_a_running_bots_file_without_the_sqlite3_program(
    tmp_path: Path,
) -> None:
    (tmp_path / ".env").write_text("DATABASE_PATH=games.db\n", encoding="utf-8")
    service = await open_service(tmp_path / "games.db", Clock())
    try:
        await full_table(service, "qingdun")  # committed, still in the -wal file
        done = tool(tmp_path, "bot.store", "backup", "saved.db", PATH="/nonexistent")
        again = tool(tmp_path, "bot.store", "backup", "saved.db")
    finally:
        await service.close()
    assert (done.returncode, done.stdout) == (0, "games.db backed up to saved.db\n"), done.stderr
    with sqlite3.connect(tmp_path / "saved.db") as con:
        assert con.execute("SELECT count(*) FROM seats").fetchone() == (4,)
        assert con.execute("PRAGMA user_version").fetchone() == (len(MIGRATIONS),)
    assert again.returncode == 2
    assert again.stderr.endswith("saved.db exists already: name a new file\n")
