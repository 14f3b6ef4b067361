"""A player process for the crash test: plays tables through the service until killed.

``python -m tests.service.crash_child DB RUN`` resumes whatever tables the database holds
(creating three on the first run) and prints each acknowledged action id, flushed, only after
``act`` returned. Now and then a player leaves mid-hand and a new one sits down,
so void hands, seat changes and new deals are also cut by the kill.
"""

from __future__ import annotations

import asyncio
import random
import sys
from itertools import count

from bot.service import TableService
from bot.service.requests import from_action
from tests.thinkers import quick_thinker

GAMES = ("qingdun", "sankou", "sankou")


async def fill_and_start(service: TableService, table_id: int, fresh: count[int]) -> None:
    info = await service.table_info(table_id)
    for seat in info.seats:
        if seat is None:
            user = next(fresh)
            await service.join(table_id, user, f"u{user}")
    await service.start(table_id, info.creator_id)


async def main(path: str, run: int) -> None:
    rng = random.Random(run)
    fresh = count(1000 * run + 1000)
    service = await TableService.open(path, thinker=quick_thinker())
    try:
        if not service.tables_in_channel(1):
            for channel, game in enumerate(GAMES, start=1):
                creator = 10 * channel
                table = (await service.create_table(1, channel, creator, "c", game)).table_id
                for user in range(creator + 1, creator + 4):
                    await service.join(table, user, f"u{user}")
                await service.start(table, creator)
        for n in count():
            for channel in range(1, len(GAMES) + 1):
                [info] = service.tables_in_channel(channel)
                if info.status == "waiting":
                    await fill_and_start(service, info.id, fresh)
                    continue
                seat = info.seats[info.to_move]
                assert seat is not None and seat.user_id is not None
                if rng.random() < 0.01 and seat.user_id != info.creator_id:
                    await service.leave(info.id, seat.user_id)
                    continue
                action = await service.hint(info.id, seat.user_id)
                action_id = f"r{run}-{info.id}-{n}"
                await service.act(info.id, seat.user_id, from_action(action), action_id)
                print(action_id, flush=True)
    finally:
        await service.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
