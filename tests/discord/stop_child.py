"""A bot process for the stop tests: the shutdown code of ``python -m bot`` around a real service.

``python -m tests.discord.stop_child DB`` opens a ``TableService`` on DB with two spawned AI
worker processes (one for bots, one for hints), then serves until a signal, through
``run_until_stopped`` and
``stop_serving`` as ``bot.discord.app`` does: four tables of a player and three strong bots
(thinking 0.3 s a move in the workers). Players' moves come in as
"interactions" through ``InFlight.take`` (each asks a hint, also thought in a worker, then
plays it), the bots' moves are background tasks like the presenter's. It prints ``workers
PID…`` once the workers run, each acknowledged move's id once ``act`` returned (flushed), and
``stopped SIGNAL`` at the end. What it leaves out of ``python -m bot``: Discord (no gateway to
close, no messages to send).
"""

from __future__ import annotations

import asyncio
import os
import sys
from itertools import count

from bot.discord.stopping import InFlight, run_until_stopped, stop_serving
from bot.service import TableService
from bot.service.requests import from_action
from bot.service.thinking import Thinker

SETTINGS = {"bot_level": "strong", "bot_seconds": 0.3, "hint_seconds": 0.2}
WORKERS = 2  # one for bot decisions, one for hints
LIFETIME = 120.0  # seconds: a child the test never signals ends by itself, never hangs CI


async def drive(service: TableService, table_id: int) -> None:
    """Bot moves one after another, as ``Presenter._drive`` does."""
    while True:
        await asyncio.sleep(0.01)
        if await service.play_bot(table_id) is None:
            await asyncio.sleep(0.05)


async def move(service: TableService, table_id: int, user: int, action_id: str) -> None:
    """One player's interaction: a hint, then that play; acknowledged once committed."""
    info = await service.table_info(table_id)
    if info.to_move is None or info.seats[info.to_move] is None:
        return
    seat = info.seats[info.to_move]
    assert seat is not None
    if seat.user_id != user:
        return
    action = await service.hint(table_id, user)
    await service.act(table_id, user, from_action(action), action_id)
    print(action_id, flush=True)


class Child:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self.in_flight = InFlight()
        self.drivers: list[asyncio.Task[None]] = []
        self.done = asyncio.Event()
        self.told = False

    async def serve(self) -> None:
        service, players = self.service, {}
        for channel in range(1, 5):
            game = "qingdun" if channel % 2 else "sankou"
            user = 100 + channel
            table = (await service.create_table(1, channel, user, "p", game, SETTINGS)).table_id
            for _ in range(3):
                await service.add_bot(table, user)
            players[table] = user
            await service.start(table, user)
            self.drivers.append(asyncio.create_task(drive(service, table)))
        numbers = count()
        while not self.done.is_set():
            for table, user in players.items():
                busy = any(not t.done() for t in self.in_flight.tasks if t.get_name() == str(table))
                if busy:
                    continue
                work = move(service, table, user, f"m{next(numbers)}")
                self.in_flight.take(lambda w=work, t=table: asyncio.create_task(w, name=str(t)))
                if self.in_flight.closed:
                    work.close()
            pids = service.thinker.worker_pids()
            if len(pids) == WORKERS and not self.told:
                self.told = True
                print("workers", *pids, flush=True)
            await asyncio.sleep(0.02)

    async def close(self) -> None:
        await self.service.close()
        self.done.set()

    async def stop(self) -> None:
        await stop_serving(self.in_flight, self.drivers, self.close)


async def main(path: str) -> None:
    service = await TableService.open(path, thinker=Thinker(1, hint_workers=1))
    child = Child(service)
    asyncio.get_running_loop().call_later(LIFETIME, os._exit, 3)
    print("stopped", await run_until_stopped(child.serve(), child.stop), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
