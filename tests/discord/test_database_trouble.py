"""Database trouble as a Discord user and an operator see it: clear words, never a traceback."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import simcord

from bot.service import TableService
from tests.conftest import POSTGRES_ONLY, Databases
from tests.discord.conftest import World, answer, open_table
from tests.discord.test_qingdun_flow import short_deal
from tests.service.helpers import Clock, full_table, open_service, play_turn
from tests.thinkers import quick_thinker

ROOT = Path(__file__).parents[2]


# The bot's loop reads SimCord's clock, which here moves only with the retries' sleeps (and
# lags them), while each retry also waits 50 ms inside SQLite's thread on the wall clock: the
# 0.2 s of ``write_wait`` last some 3.5 s of wall time here, 0.2 s with a real clock.
@pytest.mark.simulated_time_only
async def test_a_database_locked_by_another_process_answers_busy_at_once(
    world: World, deals, simcord_env: simcord.Env, db_path: Path
) -> None:
    deals.use("qingdun", short_deal().start)
    ann = world.players[0]
    await open_table(world, "qingdun")
    simcord_env.bot.service.store.write_wait = 0.2
    blocker = sqlite3.connect(db_path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        busy = answer(await ann.slash(world.thread, "play cards", cards="33"))
        assert busy.ephemeral
        assert busy.content == (
            "The bot's database is busy. Nothing was changed; try again in a moment."
        )
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert answer(await ann.slash(world.thread, "play cards", cards="33")).content == (
        "Played: 3♠ 3♥"
    )


async def test_a_deleted_database_stops_moves_with_a_clear_answer(
    world: World, deals, simcord_env: simcord.Env, db_path: Path
) -> None:
    deals.use("qingdun", short_deal().start)
    ann = world.players[0]
    await open_table(world, "qingdun")
    db_path.unlink()
    gone = answer(await ann.slash(world.thread, "play cards", cards="33"))
    assert gone.ephemeral and gone.content.startswith("The bot lost its database file")
    assert len(simcord_env.bot.service.state.tables[1].game.actions) == 0


def run_bot(tmp_path: Path, database: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "DISCORD_TOKEN": "not-a-token",
        "DATABASE_PATH": str(database),
        "PYTHONPATH": str(ROOT),
        **settings,
    }
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env here
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("damage", ["garbage", "directory", "newer"])
def test_python_m_bot_explains_an_unusable_database_without_a_traceback(
    tmp_path: Path, damage: str
) -> None:
    database = tmp_path / "cardtable.db"
    if damage == "garbage":
        database.write_bytes(b"\x00\x01 not SQLite " * 500)
    elif damage == "directory":
        database = tmp_path / "missing" / "cardtable.db"
    else:
        con = sqlite3.connect(database)
        con.execute("PRAGMA user_version = 999")
        con.commit()
        con.close()
    done = run_bot(tmp_path, database)
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr and "not-a-token" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("cardtable: ")
    assert str(database) in line or "newer than this program" in line


@POSTGRES_ONLY
def test_python_m_bot_explains_a_postgres_database_it_cannot_use(
    tmp_path: Path, databases: Databases, backend: str
) -> None:
    url = databases.cluster.url("no_such_database")
    done = run_bot(tmp_path, tmp_path / "unused.db", DATABASE_URL=url)
    assert done.returncode == 3, done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("cardtable: cannot open the PostgreSQL database")
    assert "no_such_database" in line and "does not exist" in line
    assert not (tmp_path / "unused.db").exists()


async def test_each_quarantined_table_is_one_clear_line_at_start(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "cardtable.db"
    service = await open_service(path, Clock())
    try:
        tables = [await full_table(service, "sankou", channel=c) for c in (1, 2, 3)]
        for table in tables:
            await play_turn(service, table, f"{table}-0")
    finally:
        await service.close()
    con = sqlite3.connect(path)
    con.execute('UPDATE actions SET action = \'{"type": "nonsense"}\' WHERE hand_id IN (1, 3)')
    con.commit()
    con.close()
    caplog.clear()
    service = await TableService.open(path, thinker=quick_thinker())  # as ``python -m bot`` does
    try:
        assert sorted(service.state.tables) == [2]
    finally:
        await service.close()
    lines = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert len(lines) == 2
    assert lines[0].startswith("table 1 set aside: sankou in channel 1: its stored log does not")
    assert lines[1].startswith("table 3 set aside: sankou in channel 3")
