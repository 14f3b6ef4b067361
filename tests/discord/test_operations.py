"""What an operator runs beside the bot, for real: ``/healthz`` and ``/metrics`` over HTTP,
``LOG_FORMAT=json`` and the quiet start of a bot without voice, in real processes."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from bot import metrics
from bot.config import is_postgres_url
from bot.discord.health import Endpoints, gateway_connected
from bot.discord.stopping import InFlight
from bot.service import ServiceError
from tests.discord.conftest import World, open_table
from tests.service.helpers import Clock, full_table, open_service, play_turn
from tests.sql import execute

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def get(port: int, path: str) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}{path}") as response,
    ):
        return response.status, await response.text()


def sample(name: str, **labels: str) -> float:
    return metrics.REGISTRY.get_sample_value(name, labels) or 0.0


async def test_healthz_is_200_only_with_the_gateway_the_database_and_the_lease(
    database: str | Path,
) -> None:
    service = await open_service(database, Clock())
    connected = [False]
    endpoints = Endpoints(lambda: connected[0], service)
    health, scrape = free_port(), free_port()
    try:
        await endpoints.start("127.0.0.1", health, scrape)
        assert await get(health, "/healthz") == (503, "the Discord gateway is not connected")
        connected[0] = True
        assert await get(health, "/healthz") == (200, "ok")
        assert (await get(health, "/metrics"))[0] == 404  # metrics on their own port only
        assert "cardtable_lease_held 1.0" in (await get(scrape, "/metrics"))[1]
        if is_postgres_url(database):  # the lease's connection cut on the server
            await execute(
                database,
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE application_name = 'cardtable-lease'",
            )
            expected = "this process lost the lease on its shards"
        else:  # the file deleted under the bot
            Path(database).unlink()
            expected = "the database file was deleted or replaced"
        assert await get(health, "/healthz") == (503, expected)
        if is_postgres_url(database):
            assert "cardtable_lease_held 0.0" in (await get(scrape, "/metrics"))[1]
    finally:
        await endpoints.stop()
        await service.close()


async def test_metrics_count_moves_ai_decisions_and_database_refusals(tmp_path: Path) -> None:
    service = await open_service(tmp_path / "cardtable.db", Clock())
    endpoints = Endpoints(lambda: True, service)
    scrape = free_port()
    moves, decisions = (
        sample("cardtable_moves_committed_total", game="sankou"),
        sample("cardtable_ai_decision_seconds_count"),
    )
    try:
        await endpoints.start("127.0.0.1", None, scrape)
        table = await full_table(service, "sankou")
        for n in range(3):
            await play_turn(service, table, f"a{n}")  # each a hint (an AI decision), then a move
        (tmp_path / "cardtable.db").unlink()
        service.check_database()
        with pytest.raises(ServiceError) as refused:
            await play_turn(service, table, "a3")
        assert refused.value.code == "database_gone"
        status, text = await get(scrape, "/metrics")
    finally:
        await endpoints.stop()
        await service.close()
    assert status == 200
    assert sample("cardtable_moves_committed_total", game="sankou") == moves + 3
    assert sample("cardtable_ai_decision_seconds_count") >= decisions + 3
    assert sample("cardtable_ai_queue_length") == 0
    assert sample("cardtable_database_errors_total", code="database_gone") >= 1
    for name in (
        "cardtable_interaction_seconds",
        "cardtable_moves_committed_total",
        "cardtable_ai_decision_seconds",
        "cardtable_ai_queue_length",
        "cardtable_database_errors_total",
        "cardtable_lease_held",
    ):
        assert f"# TYPE {name} " in text


async def test_every_interaction_passes_through_in_flight_and_is_timed(world: World) -> None:
    commands = sample("cardtable_interaction_seconds_count", kind="command")
    buttons = sample("cardtable_interaction_seconds_count", kind="component")
    await open_table(world, "qingdun")  # /table create, a Join button, /table addbot, …
    assert sample("cardtable_interaction_seconds_count", kind="command") >= commands + 2
    assert sample("cardtable_interaction_seconds_count", kind="component") >= buttons + 1
    assert not world.env.bot.in_flight.tasks  # each one done and counted out
    assert gateway_connected(world.env.bot)  # what /healthz asks of the real client


async def test_in_flight_refuses_new_work_once_closed_and_waits_for_the_rest() -> None:
    in_flight = InFlight()
    finished = asyncio.Event()

    async def work() -> None:
        await asyncio.sleep(0.05)
        finished.set()

    started = in_flight.take(lambda: asyncio.create_task(work()) and None)
    assert started is not None and len(started) == 1
    assert await in_flight.drain(grace=5.0) == 0 and finished.is_set()
    assert in_flight.take(lambda: None) is None  # closed: nothing taken


def python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_json_logs_are_one_object_a_line_and_still_keep_payloads_out() -> None:
    done = python(
        "import logging\n"
        "from bot.discord.logs import configure\n"
        "configure('DEBUG', 'json')\n"
        "logging.getLogger('discord.http').debug('POST %s has returned %s', '/x', "
        '\'{"content": "your hand: 3S 3H"}\' * 9)\n'
        "logging.getLogger('bot.x').info('table %d set aside', 12)\n"
    )
    lines = [json.loads(line) for line in done.stderr.splitlines()]
    assert [(e["level"], e["logger"]) for e in lines] == [
        ("DEBUG", "discord.http"),
        ("INFO", "bot.x"),
    ]
    assert lines[0]["message"] == "POST /x has returned <str of 279 characters, not logged>"
    assert lines[1]["message"] == "table 12 set aside" and lines[1]["time"].endswith("+00:00")


def test_the_bot_starts_without_warnings_about_voice() -> None:
    done = python(
        "import logging\n"
        "logging.basicConfig(level=logging.INFO)\n"
        "from bot.discord.app import CardTableBot\n"
        "CardTableBot('unused.db')\n"
    )
    assert done.returncode == 0, done.stderr
    assert "voice" not in done.stderr


async def test_the_images_health_check_asks_healthz(tmp_path: Path) -> None:
    service = await open_service(tmp_path / "cardtable.db", Clock())
    connected = [True]
    endpoints = Endpoints(lambda: connected[0], service)
    port = free_port()
    probe = "from bot.healthcheck import main; raise SystemExit(main())"
    try:
        await endpoints.start("127.0.0.1", port, None)
        healthy = await asyncio.to_thread(python, probe, HEALTH_PORT=str(port))
        connected[0] = False
        unhealthy = await asyncio.to_thread(python, probe, HEALTH_PORT=str(port))
    finally:
        await endpoints.stop()
        await service.close()
    silent = await asyncio.to_thread(python, probe, HEALTH_PORT=str(port))
    assert (healthy.returncode, healthy.stderr) == (0, "")
    assert unhealthy.returncode == 1
    assert unhealthy.stderr == "unhealthy: the Discord gateway is not connected\n"
    assert silent.returncode == 1 and silent.stderr.startswith(f"no answer on port {port}")


def test_a_health_port_in_use_is_one_line_and_exit_2(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "bot"],
            cwd=tmp_path,
            env={
                **os.environ,
                "PYTHONPATH": str(ROOT),
                "DISCORD_TOKEN": "t",
                "HEALTH_PORT": str(port),
            },
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines()[-1] == (
        f"cardtable: cannot serve /healthz on 127.0.0.1:{port} (Address already in use): set "
        "HEALTH_PORT to a free port (each bot process on one machine needs its own)"
    )
