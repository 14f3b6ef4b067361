"""``/healthz`` for health checks and, opt-in, ``/metrics`` for Prometheus, through aiohttp.

``/healthz`` answers 200 ``ok`` only when the Discord gateway is connected (every shard of the
process), the database answers a read within ``PROBE_SECONDS`` (and the file is still the one
opened) and, on PostgreSQL, this process still holds the lease on its shards; else 503 with
the first reason, in words. ``/metrics`` serves ``bot.metrics.REGISTRY`` in Prometheus's text
format, on its own port (``METRICS_PORT``), so that a health check port need not expose it.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable

import discord
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot import metrics
from bot.service import TableService
from bot.store import DatabaseUnavailable, StoreBusy

log = logging.getLogger(__name__)
PROBE_SECONDS = 3.0


def gateway_connected(client: discord.Client) -> bool:
    """Whether the client is logged in and every one of its gateway connections is open."""
    if client.is_closed() or not client.is_ready():
        return False
    if isinstance(client, discord.AutoShardedClient):
        return bool(client.shards) and not any(s.is_closed() for s in client.shards.values())
    return client.ws is not None and client.ws.open


async def health(connected: Callable[[], bool], service: TableService) -> str | None:
    """None when healthy, else what is wrong (see the module docstring)."""
    if not connected():
        return "the Discord gateway is not connected"
    try:
        await asyncio.wait_for(service.store.state("health"), PROBE_SECONDS)
    except (TimeoutError, DatabaseUnavailable, StoreBusy, OSError):
        return "the database does not answer"
    service.check_database()  # notices a database file deleted or replaced
    if service.state.gone:
        return "the database file was deleted or replaced"
    lease = service.state.lease
    if lease is not None and not await lease.check():
        return "this process lost the lease on its shards"
    return None


class PortTaken(Exception):
    """A port for /healthz or /metrics cannot be listened on; the message says which."""


class Endpoints:
    """The HTTP servers: ``/healthz`` on ``health_port``, ``/metrics`` on ``metrics_port``."""

    def __init__(self, connected: Callable[[], bool], service: TableService) -> None:
        self.connected = connected
        self.service = service
        self._runners: list[web.AppRunner] = []

    async def healthz(self, _: web.Request) -> web.Response:
        problem = await health(self.connected, self.service)
        return web.Response(status=503 if problem else 200, text=problem or "ok")

    @staticmethod
    async def metrics(_: web.Request) -> web.Response:
        body = generate_latest(metrics.REGISTRY)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def start(self, host: str, health_port: int | None, metrics_port: int | None) -> None:
        """Listen on the ports given (None: that endpoint is off); ``PortTaken`` if one cannot
        be listened on."""
        lease = self.service.state.lease
        metrics.watch_lease(lambda: lease is None or lease.held)
        for port, path, handler, name in (
            (health_port, "/healthz", self.healthz, "HEALTH_PORT"),
            (metrics_port, "/metrics", self.metrics, "METRICS_PORT"),
        ):
            if port is None:
                continue
            app = web.Application()
            app.router.add_get(path, handler)
            runner = web.AppRunner(app, access_log=None)
            await runner.setup()
            self._runners.append(runner)
            try:
                await web.TCPSite(runner, host, port).start()
            except OSError as exc:
                why = os.strerror(exc.errno) if exc.errno else str(exc)
                raise PortTaken(
                    f"cannot serve {path} on {host}:{port} ({why}): set {name} to a "
                    "free port (each bot process on one machine needs its own)"
                ) from exc
            log.info("%s on http://%s:%d%s", path, host, port, path)

    async def stop(self) -> None:
        for runner in self._runners:
            await runner.cleanup()
        self._runners.clear()
