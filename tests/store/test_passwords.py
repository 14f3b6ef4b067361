"""Database passwords holding ``/ # @ : ? % +`` and spaces, against a real PostgreSQL over TCP
with password authentication (SCRAM): given in the URL (percent-encoded, or raw where the URL
still reads), in ``DATABASE_PASSWORD_FILE`` or in ``PGPASSWORD``, the store opens and takes the
lease; a wrong one, a raw one that breaks the URL, and ``python -m bot`` at ``LOG_LEVEL=DEBUG``
say so in one line. The password never shows: ``tests/conftest.py`` scans every captured log
record and output, and the process's output is scanned here."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import asyncpg
import pytest

from bot.settings import SettingsError, load_settings
from bot.store import DatabaseUnusable, Shards, Store
from tests import leaks, postgres
from tests.leaks import PASSWORDS, TOKEN

ROOT = Path(__file__).resolve().parents[2]
NOWHERE = Path("/nonexistent")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def tcp_cluster() -> Iterator[postgres.Cluster]:
    """A cluster listening on 127.0.0.1 that asks TCP clients for a password (SCRAM)."""
    settings = {
        **postgres.FAST,
        "listen_addresses": "127.0.0.1",
        "port": str(free_port()),
        "password_encryption": "scram-sha-256",
    }
    try:
        cluster = postgres.start(settings, auth_host="scram-sha-256")
    except postgres.Unavailable as exc:
        pytest.skip(f"PostgreSQL tests skipped: {exc}")
    yield cluster
    cluster.stop()


async def set_password(cluster: postgres.Cluster, password: str) -> None:
    """The role ``bot`` (owner of the database ``cardtable``) with this password."""
    admin = await asyncpg.connect(cluster.url())  # the Unix socket: trusted
    try:
        literal = "'" + password.replace("'", "''") + "'"
        if not await admin.fetchval("SELECT 1 FROM pg_roles WHERE rolname = 'bot'"):
            await admin.execute("CREATE ROLE bot LOGIN")
            await admin.execute("CREATE DATABASE cardtable OWNER bot")
        await admin.execute(f"ALTER ROLE bot PASSWORD {literal}")
    finally:
        await admin.close()


def tcp_url(cluster: postgres.Cluster, password: str | None = None) -> str:
    auth = "bot" if password is None else f"bot:{password}"
    return f"postgresql://{auth}@127.0.0.1:{cluster.port}/cardtable"


async def open_and_lease(database: str) -> None:
    store = await Store.open(database, connect_wait=0)
    try:
        assert await store.schema_version() > 0
        lease = await store.lease(Shards.of(1))
        assert lease is not None
        await lease.acquire(wait=5)
        assert await lease.check()
        await lease.release()
    finally:
        await store.close()


@pytest.mark.parametrize("password", PASSWORDS, ids=range(len(PASSWORDS)))
async def test_every_password_works_from_the_url_a_file_or_pgpassword(
    tcp_cluster: postgres.Cluster,
    password: str,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    await set_password(tcp_cluster, password)
    file = tmp_path / "db_password"
    file.write_text(password + "\n", encoding="utf-8")
    ways = [
        {"DATABASE_URL": tcp_url(tcp_cluster, quote(password, safe=""))},
        {"DATABASE_URL": tcp_url(tcp_cluster), "DATABASE_PASSWORD_FILE": str(file)},
        {"DATABASE_URL": tcp_url(tcp_cluster), "PGPASSWORD": password},
    ]
    for env in ways:
        settings = load_settings({"DISCORD_TOKEN": TOKEN, **env}, dotenv=NOWHERE)
        assert settings.describe_database() == (
            f"postgresql://bot{':***' if password != '' else ''}@127.0.0.1:{tcp_cluster.port}"
            "/cardtable"
        )
        await open_and_lease(str(settings.database))
    # Raw in the URL: read right where a parser can, else refused in words, never a wrong guess.
    raw = {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": tcp_url(tcp_cluster, password)}
    if any(c in password for c in "/#?") or "%41" in password:
        with pytest.raises((SettingsError, DatabaseUnusable)) as refused:
            await open_and_lease(str(load_settings(raw, dotenv=NOWHERE).database))
        logging.getLogger("test").error("refused: %s", refused.value)  # scanned like any log
    else:
        await open_and_lease(str(load_settings(raw, dotenv=NOWHERE).database))


async def test_a_wrong_password_is_one_line_without_either_password(
    tcp_cluster: postgres.Cluster, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    await set_password(tcp_cluster, PASSWORDS[1])
    wrong = load_settings(
        {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": tcp_url(tcp_cluster), "PGPASSWORD": PASSWORDS[0]},
        dotenv=NOWHERE,
    )
    with pytest.raises(DatabaseUnusable) as refused:
        await Store.open(str(wrong.database), connect_wait=0)
    assert "password authentication failed for user" in str(refused.value)
    logging.getLogger("test").error("refused: %s", refused.value)


def run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "PG"))}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**clean, "PYTHONPATH": str(ROOT), "LOG_LEVEL": "DEBUG", **env},
        capture_output=True,
        text=True,
        timeout=90,
    )


async def test_python_m_bot_at_debug_never_prints_the_password_or_the_token(
    tcp_cluster: postgres.Cluster, tmp_path: Path
) -> None:
    password = PASSWORDS[-2]  # every breaker at once
    await set_password(tcp_cluster, password)
    (tmp_path / "db_password").write_text(password + "\n", encoding="utf-8")
    (tmp_path / "token").write_text(TOKEN + "\n", encoding="utf-8")
    secrets = {"DISCORD_TOKEN_FILE": str(tmp_path / "token")}
    # A wrong password: one line, exit 3.
    wrong = run_bot(tmp_path, DATABASE_URL=tcp_url(tcp_cluster), PGPASSWORD=PASSWORDS[0], **secrets)
    assert wrong.returncode == 3, wrong.stderr[-2000:] if not leaks.found(wrong.stderr) else ""
    assert "password authentication failed" in wrong.stderr.splitlines()[-1]
    # The right one from a file: the database opens, then Discord cannot be reached (no network
    # here), with discord.py, asyncpg and the bot all logging at DEBUG meanwhile.
    done = run_bot(
        tmp_path,
        DATABASE_URL=tcp_url(tcp_cluster),
        DATABASE_PASSWORD_FILE=str(tmp_path / "db_password"),
        HEALTH_PORT="0",
        **secrets,
    )
    assert f"from postgresql://bot:***@127.0.0.1:{tcp_cluster.port}/cardtable" in done.stderr
    assert done.returncode == 1
    for run in (wrong, done):
        assert leaks.found(run.stdout + run.stderr) == 0
        assert "Traceback" not in run.stderr
