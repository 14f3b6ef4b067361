"""``WaitingList``: people who wait at a playing table for a seat at its next deal.

A table that is playing has no "between hands" when it deals by itself, so a newcomer joins its
line instead (*Join next hand*). At each deal the head of the line takes a seat that a leaver or
a kicked player freed, then one a bot holds (``seat_from_line``); a seat that opens while the
table waits for players is taken at once. The line is stored with the table (``tables.queue``),
so a restart keeps it.
"""

from __future__ import annotations

from bot.service import events as ev
from bot.service.errors import refuse
from bot.service.live import LiveTable, Seat
from bot.service.lookups import Lookups, update_of
from bot.service.serving import Serving
from bot.service.state import ServiceState
from bot.store import Transaction

MAX_WAITING = 8  # people in one table's line


async def seat_from_line(table: LiveTable, tx: Transaction) -> list[ev.Announcement]:
    """Seat the head of the line in each free seat, then in each bot's seat (a bot gives way
    only at a deal: call this right before one, or while the table waits)."""
    out: list[ev.Announcement] = []
    free = [i for i, s in enumerate(table.seats) if s is None]
    bots = [i for i, s in enumerate(table.seats) if s is not None and s.is_bot]
    for seat in free + bots:
        if not table.queue:
            break
        user_id, name = table.queue.pop(0)
        if table.seat_of(user_id) is not None:
            continue
        if table.seats[seat] is not None:
            out.append(ev.SeatOpened(seat, None, "removed_bot"))
        table.seats[seat] = Seat(user_id, name)
        await tx.put_seat(table.id, seat, user_id, name)
        out.append(ev.SeatTaken(seat, user_id, name))
    if out:
        await tx.update_table(table.id, queue=[list(entry) for entry in table.queue])
    return out


class WaitingList:
    """Joining and leaving a playing table's line for a seat."""

    def __init__(self, state: ServiceState, serving: Serving, lookups: Lookups) -> None:
        self.state = state
        self.serving = serving
        self.lookups = lookups

    async def toggle(self, table_id: int, user_id: int, name: str) -> tuple[ev.Update, int]:
        """Join the table's line, or leave it when already in it; the place in the line
        (1 = next; 0: left it)."""
        async with self.state.seating, self.state.lock(table_id):
            table = await self.serving.table(table_id)
            if table.seat_of(user_id) is not None:
                raise refuse("already_seated", seat=table.seat_of(user_id))
            if table.status != "playing":
                raise refuse("no_line_waiting", table_id=table.id)
            waiting = [user for user, _ in table.queue]
            if user_id in waiting:
                table.queue.pop(waiting.index(user_id))
                place = 0
            else:
                other = self.lookups.seated_elsewhere(table.channel_id, user_id, table.id)
                if other is not None:
                    raise refuse("already_seated_here", table_id=other)
                if len(table.queue) >= MAX_WAITING:
                    raise refuse("line_full", table_id=table.id)
                table.queue.append((user_id, " ".join(name.split())[:64] or "?"))
                place = len(table.queue)
            async with self.serving.transaction(table) as tx:
                await tx.update_table(table.id, queue=[list(entry) for entry in table.queue])
            return update_of(table), place
