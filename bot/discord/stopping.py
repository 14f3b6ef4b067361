"""A clean stop on SIGTERM, SIGHUP or SIGINT: no new work, the work in flight finished, then closed.

``run_until_stopped`` runs the bot and, at the first signal, ``stop_serving``: new interactions
are no longer taken (Discord tells their senders it failed; they may try again once the bot is
back), the ones being handled get ``GRACE`` seconds to finish and are then abandoned, the
bots' background moves are cancelled (a move is acknowledged only after its commit, so
nothing acknowledged is lost), and the service is closed: the AI workers, the database, the
shard lease. The process then exits 0. A second signal exits at once (code 128 + the signal),
killing the AI worker processes first.

``InFlight`` counts the interactions being handled: the adapter passes each one through
``InFlight.take`` (``bot.discord.app`` wraps discord.py's ``INTERACTION_CREATE`` parser).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

log = logging.getLogger(__name__)

SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
GRACE = 5.0  # seconds the interactions in flight get to finish at a stop


class InFlight:
    """The tasks handling interactions, until each is done; none taken once ``closed``."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Task[Any]] = set()
        self.closed = False

    def take(self, handle: Callable[[], None]) -> set[asyncio.Task[Any]] | None:
        """Run ``handle`` (which starts tasks for one interaction) unless closed; the tasks it
        started, now in flight (None: refused)."""
        if self.closed:
            return None
        before = asyncio.all_tasks()
        handle()
        started = asyncio.all_tasks() - before
        self.tasks |= started
        for task in started:
            task.add_done_callback(self.tasks.discard)
        return started

    async def drain(self, grace: float) -> int:
        """Close, let the tasks in flight finish within ``grace`` seconds, cancel the rest; how
        many were cancelled."""
        self.closed = True
        if self.tasks:
            await asyncio.wait(set(self.tasks), timeout=grace)
        return await cancel(self.tasks)


async def cancel(tasks: Iterable[asyncio.Task[Any]]) -> int:
    """Cancel these tasks and wait for them to end; how many were still running."""
    running = [task for task in tasks if not task.done()]
    for task in running:
        task.cancel()
    await asyncio.gather(*running, return_exceptions=True)
    return len(running)


async def stop_serving(
    in_flight: InFlight,
    background: Iterable[asyncio.Task[Any]],
    close: Callable[[], Awaitable[None]],
    grace: float = GRACE,
) -> None:
    """The stop: no new work, the work in flight finished or abandoned, then ``close``."""
    waiting = len(in_flight.tasks)
    abandoned = await in_flight.drain(grace)
    stopped = await cancel(background)
    log.warning(
        "stopping: %d interactions in flight finished, %d abandoned; %d background tasks "
        "stopped; closing the service",
        waiting - abandoned,
        abandoned,
        stopped,
    )
    await close()


def exit_now(signum: int) -> None:
    """The second signal: kill the AI workers, then exit without any clean-up."""
    for child in multiprocessing.active_children():
        child.kill()
    os._exit(128 + signum)


async def run_until_stopped(
    main: Awaitable[Any],
    stop: Callable[[], Awaitable[None]],
    signals: Iterable[signal.Signals] = SIGNALS,
) -> str | None:
    """Run ``main``; at the first of ``signals``, ``stop()`` (which must make ``main`` end). The
    name of the signal that stopped it (None if ``main`` ended by itself)."""
    loop = asyncio.get_running_loop()
    task = asyncio.ensure_future(main)
    received: list[signal.Signals] = []
    stopping: list[asyncio.Task[None]] = []

    def on_signal(signum: signal.Signals) -> None:
        if received:
            log.warning("%s again: exiting at once", signum.name)
            exit_now(signum)
        received.append(signum)
        log.warning("%s: stopping cleanly (a second signal exits at once)", signum.name)
        stopping.append(loop.create_task(stop()))

    chosen = tuple(signals)
    for signum in chosen:
        loop.add_signal_handler(signum, on_signal, signum)
    try:
        try:
            await task
        except asyncio.CancelledError:
            if not (received and task.cancelled()):
                raise  # not our stop's doing
        if stopping:
            await stopping[0]
    finally:
        for signum in chosen:
            loop.remove_signal_handler(signum)
    return received[0].name if received else None
