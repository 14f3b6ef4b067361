"""``Deadlines``: the deadline pass (timeouts, expired votes and take-backs) and reminders.

Deadlines run only while a human is to move. The pass runs each table on its own and side by
side: one that fails is logged and tried again at the next pass, and the others' updates are
returned, so their timeouts are announced. A pass waits for one table at most ``PASS_SHARE``
seconds: a table still busy then (its timeout bot thinking) goes on by itself, nothing else of
it is started meanwhile, and its updates are returned by the next pass.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.service import events as ev
from bot.service.bots import Bots
from bot.service.errors import ServiceError
from bot.service.live import LiveTable
from bot.service.lobby import Lobby
from bot.service.private_hand import PrivateHand
from bot.service.recovery import Recovery
from bot.service.serving import Serving
from bot.service.settings import TimeoutRule
from bot.service.state import ServiceState, log
from bot.service.writes import Writes
from engine.actions import Action

PASS_SHARE = 5.0  # how long one pass waits for one table (a timeout bot thinks at most 3 s)


def _user_at(table: LiveTable, seat: int) -> int | None:
    occupant = table.seats[seat]
    return None if occupant is None else occupant.user_id


class Deadlines:
    """Turns past their time limit or reminder time, and what the pass does about them."""

    def __init__(
        self,
        state: ServiceState,
        recovery: Recovery,
        serving: Serving,
        writes: Writes,
        bots: Bots,
        lobby: Lobby,
        hand: PrivateHand,
    ) -> None:
        self.state = state
        self.recovery = recovery
        self.serving = serving
        self.writes = writes
        self.bots = bots
        self.lobby = lobby
        self.hand = hand
        self._busy: dict[int, asyncio.Task[list[ev.Update]]] = {}  # tables past their share

    def due_deadlines(self, now: float | None = None) -> list[ev.DueTurn]:
        """Turns whose time limit has passed."""
        now = self.state.now() if now is None else now
        if self.state.gone or self.state.fenced or self.state.reading:
            return []
        return [
            ev.DueTurn(t.id, seat, _user_at(t, seat), t.deadline)
            for t in self.state.tables.values()
            if t.deadline is not None
            and t.deadline <= now
            and not t.unavailable
            and (seat := t.to_move) is not None
        ]

    async def run_due(self, now: float | None = None) -> list[ev.Update]:
        """The deadline pass: apply each table's timeout rule to its overdue turn, close votes
        that expired, and retry tables marked unavailable.

        Each table on its own: one that fails is logged and tried again at the next pass; the
        updates of the others are returned, so their timeouts are announced. One that takes
        longer than ``PASS_SHARE`` goes on by itself; its updates come with the next pass.
        """
        now = self.state.now() if now is None else now
        if not await self.serving.keep_lease() or not self.serving.check_database():
            return []
        if self.state.reading:
            return []  # another call is reading every table back
        await self.recovery.retry_unavailable()
        renewed = await self._renew_rules()
        Handle = Callable[[LiveTable | None, float], Awaitable[ev.Update | None]]
        due: list[tuple[int, Handle | None]] = [(d.table_id, None) for d in self.due_deadlines(now)]
        due += [
            (t.id, self.lobby.expire_vote)
            for t in self.state.tables.values()
            if t.end_vote is not None and t.end_vote["expires"] <= now and not t.unavailable
        ]
        due += [
            (t.id, self.hand.expire_take_back)
            for t in self.state.tables.values()
            if t.take_back is not None and t.take_back["expires"] <= now and not t.unavailable
        ]
        by_table: dict[int, list[Handle | None]] = {}
        for table_id, handle in due:
            by_table.setdefault(table_id, []).append(handle)

        async def settle(table_id: int, handles: list[Handle | None]) -> list[ev.Update]:
            """One table's due items in order; tables run side by side, so a pass after
            downtime takes as long as its slowest table (a bot thinking), not their sum."""
            out = []
            for handle in handles:
                try:
                    if handle is None:  # the timeout rule takes the lock itself (its bot thinks)
                        update = await self._time_out(table_id, now)
                    else:
                        async with self.state.lock(table_id):
                            update = await handle(self.state.tables.get(table_id), now)
                except ServiceError as exc:
                    log.warning("table %s: deadline pass refused (%s); retried", table_id, exc.code)
                    continue
                except Exception:  # one table must not stop the pass for the others
                    log.exception(
                        "table %s: deadline pass failed; retried at the next one", table_id
                    )
                    continue
                if update is not None:
                    out.append(update)
            return out

        for table_id, handles in by_table.items():
            if table_id not in self._busy:  # a table still busy from a pass before waits
                self._busy[table_id] = asyncio.ensure_future(settle(table_id, handles))
        if self._busy:
            await asyncio.wait(self._busy.values(), timeout=PASS_SHARE)
        out: list[ev.Update] = renewed
        for table_id, task in list(self._busy.items()):
            if task.done():
                del self._busy[table_id]
                out += task.result()  # ``settle`` catches what a table raises
            else:
                log.warning("table %s: still busy after %s s; it goes on", table_id, PASS_SHARE)
        return out

    async def _renew_rules(self) -> list[ev.Update]:
        """Tables whose latest hand was dealt under earlier rules: a new hand under today's
        (``Writes.renew_rules``), announced. One that fails is tried again at the next pass."""
        out = []
        for table_id in [t.id for t in self.state.tables.values() if t.earlier_rules]:
            try:
                async with self.state.lock(table_id):
                    table = self.state.tables.get(table_id)
                    if table is not None and table.earlier_rules and not table.unavailable:
                        out.append(await self.writes.renew_rules(table))
            except Exception:  # the next pass tries again; others go on
                log.exception("table %s: not dealt again under today's rules; retried", table_id)
        return out

    async def close(self) -> None:
        """Stop the tables still busy from a pass (the service is closing)."""
        tasks, self._busy = list(self._busy.values()), {}
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _time_out(self, table_id: int, now: float) -> ev.Update | None:
        """The timeout rule for the overdue turn of table ``table_id``.

        "A bot plays for you" plays at the table's bot level and budget, thinking without the
        table's lock; should the player move meanwhile, their move stands and the bot's is
        dropped. In a hand that is played out before the table closes, the seat is taken over
        by a bot until the hand ends, whatever the rule: removing the player would void the
        hand.
        """

        def pick(table: LiveTable | None) -> tuple[int, str, float] | None:
            if table is None or table.unavailable or table.deadline is None:
                return None  # ended or moved on while we waited for the lock
            seat = table.to_move
            if table.deadline > now or seat is None or table.game is None:
                return None
            return seat, table.settings.bot_level, table.settings.bot_seconds

        async def find(table_id: int) -> LiveTable | None:
            return self.state.tables.get(table_id)

        async def commit(table: LiveTable, seat: int, action: Action) -> ev.Update:
            user = _user_at(table, seat)
            first: list[ev.Announcement] = [ev.TimedOut(seat, user)]
            if table.closing:
                first.append(ev.SeatTakenOver(seat, user))
                flags = {seat: (False, True)}
            else:
                flags = {seat: (True, False)}  # now the host may remove the player (``kick``)
            hand = table.hand_number
            update = await self.bots.commit_move(table, seat, action, "timeout", flags)
            story = table.story
            if story and hand == table.hand_number and story[-1][0] == seat:  # a bot's move
                story[-1] = (seat, (*first, *story[-1][1]))  # (catch-up tells the player)
            return replace(update, announcements=(*first, *update.announcements))

        async with self.state.lock(table_id):
            table = self.state.tables.get(table_id)
            chosen = pick(table)
            if table is None or chosen is None:
                return None
            if not table.closing and table.settings.timeout_rule is TimeoutRule.REMOVE:
                seat = chosen[0]
                timed_out = ev.TimedOut(seat, _user_at(table, seat))
                update = await self.writes.unseat(table, seat, "timeout")
                return replace(update, announcements=(timed_out, *update.announcements))
        return await self.bots.deliberate(table_id, find, pick, commit)

    async def due_reminders(self, now: float | None = None) -> list[ev.DueTurn]:
        """Turns past their reminder time not yet reminded; marks them reminded (once)."""
        now = self.state.now() if now is None else now

        def due(table: LiveTable | None) -> bool:
            return (
                table is not None
                and table.reminder_at is not None
                and table.reminder_at <= now
                and not table.reminder_sent
                and table.to_move is not None
            )

        result = []
        if not self.serving.check_database():
            return result
        for table_id in [t.id for t in self.state.tables.values() if due(t) and not t.unavailable]:
            try:
                async with self.state.lock(table_id):  # the turn may have moved on meanwhile
                    table = self.state.tables.get(table_id)
                    if table is None or not due(table):
                        continue
                    async with self.serving.transaction(table) as tx:
                        await tx.update_table(table_id, reminder_sent=True)
                    table.reminder_sent = True
                    seat, deadline = table.to_move, table.deadline
                    assert seat is not None and deadline is not None
                    result.append(ev.DueTurn(table_id, seat, _user_at(table, seat), deadline))
            except Exception:  # the next pass tries again; others go on
                log.exception("table %s: reminder failed; retried at the next pass", table_id)
        return result
