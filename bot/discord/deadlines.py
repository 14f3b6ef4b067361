"""The deadline loop: remind a player whose turn is waiting, then apply the table's rule.

The reminder (at 75% of the turn limit) is a fresh turn ping in place of the first one: it
notifies the player again and says everything the first one did (``Presenter.remind``). Pings
held back (the player moved a moment ago, or is in their quiet hours) are posted once their
time comes (``Presenter.ping_waiting``).

Deadlines live in the database (the service keeps them), so a restart loses none; this loop
only asks the service every ``check_every`` seconds what is due and shows the outcome. A
take-back request or an end vote also gets a pass of its own just after it expires, so it
ends when its message says, not up to ``check_every`` later.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from discord.ext import tasks

from bot.discord.port import Client
from bot.service import Clock, Update, read_clock
from bot.service import events as ev

log = logging.getLogger(__name__)

#: Seconds after an expiry that its own pass runs (a pass a moment early would find nothing).
WAKE_MARGIN = 0.5


class DeadlineLoop:
    """Every ``check_every`` seconds, and just after each vote's expiry: what is due at the
    client's tables, shown. Passes run one at a time."""

    def __init__(self, client: Client, check_every: float, clock: Clock) -> None:
        self.client = client
        self.clock = clock  # the service's clock (``expires_at`` is on it)
        self.loop = tasks.loop(seconds=check_every)(self.tick)
        self.also: list[Callable[[], Awaitable[None]]] = []  # more work for each pass
        self._pass = asyncio.Lock()
        self._wakes: set[asyncio.Task[None]] = set()  # passes waiting for an expiry

    def start(self) -> None:
        if not self.loop.is_running():
            self.loop.start()

    def stop(self) -> None:
        self.loop.cancel()
        for wake in self._wakes:
            wake.cancel()

    def follow(self, update: Update) -> None:
        """After every published change: a pass just after a new take-back request or end
        vote expires."""
        for event in update.announcements:
            if isinstance(event, ev.TakeBackAsked | ev.EndVoteOpened):
                self.wake_at(event.expires_at)

    def wake_at(self, when: float) -> None:
        """A pass ``WAKE_MARGIN`` after ``when`` (epoch seconds on the service's clock)."""
        delay = max(0.0, when - read_clock(self.clock)) + WAKE_MARGIN
        wake = asyncio.ensure_future(self._tick_after(delay))
        self._wakes.add(wake)
        wake.add_done_callback(self._wakes.discard)

    async def _tick_after(self, delay: float) -> None:
        await asyncio.sleep(delay)
        await self.tick()

    async def tick(self) -> None:
        """One pass: reminders, overdue turns and votes, then catching up after Discord
        failures. Each part on its own: an error is logged and never stops the others."""
        async with self._pass:
            await self._tick()

    async def _tick(self) -> None:
        service, presenter = self.client.service, self.client.presenter
        try:
            for due in await service.due_reminders():
                if due.user_id is not None:
                    await presenter.remind(due.table_id, due.user_id)
            await presenter.ping_waiting()
        except Exception:
            log.exception("reminders failed")
        try:
            updates = await service.run_due()
        except Exception:
            log.exception("deadline pass failed")
            updates = []
        for update in updates:  # ``publish`` logs its own failures
            await presenter.publish(update)
        try:
            await presenter.repair()
        except Exception:
            log.exception("repairing table messages failed")
        for work in self.also:
            try:
                await work()
            except Exception:
                log.exception("a deadline pass task failed")
