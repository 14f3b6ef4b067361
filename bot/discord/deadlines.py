"""The deadline loop: remind a player whose turn is waiting, then apply the table's rule.

The reminder (at 75% of the turn limit) is a fresh turn ping in place of the first one: it
notifies the player again and says everything the first one did (``Presenter.remind``). Pings
held back (the player moved a moment ago, or is in their quiet hours) are posted once their
time comes (``Presenter.ping_waiting``).

Deadlines live in the database (the service keeps them), so a restart loses none; this loop
only asks the service every ``check_every`` seconds what is due and shows the outcome.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from discord.ext import tasks

from bot.discord.port import Client

log = logging.getLogger(__name__)


class DeadlineLoop:
    """Every ``check_every`` seconds: what is due at the client's tables, shown."""

    def __init__(self, client: Client, check_every: float) -> None:
        self.client = client
        self.loop = tasks.loop(seconds=check_every)(self.tick)
        self.also: list[Callable[[], Awaitable[None]]] = []  # more work for each pass

    def start(self) -> None:
        if not self.loop.is_running():
            self.loop.start()

    def stop(self) -> None:
        self.loop.cancel()

    async def tick(self) -> None:
        """One pass: reminders, overdue turns and votes, then catching up after Discord
        failures. Each part on its own: an error is logged and never stops the others."""
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
