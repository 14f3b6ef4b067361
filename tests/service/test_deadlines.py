"""Deadlines: reminders, the timeout rules at the deadline pass, bot turns without a limit."""

from __future__ import annotations

from pathlib import Path

from bot.service import TableService
from bot.service import events as ev
from engine.actions import Leave
from tests.service.helpers import USERS, Clock, full_table, mover, open_service

A, B, C, D = USERS


async def test_deadlines_reminders_and_the_bot_rule(
    service: TableService, database: str | Path, clock: Clock
) -> None:
    table = await full_table(service, "sankou", settings={"turn_seconds": 3600})
    info = await service.table_info(table)
    assert info.deadline == clock.now + 3600
    assert service.due_deadlines() == [] and await service.due_reminders() == []
    clock.advance(0.75 * 3600)
    [reminder] = await service.due_reminders()
    assert reminder.table_id == table and reminder.seat == info.to_move
    assert await service.due_reminders() == []  # reminded once
    await service.close()
    service = await open_service(database, clock)  # deadlines survive a restart
    try:
        assert await service.due_reminders() == []
        assert (await service.table_info(table)).deadline == info.deadline
        clock.advance(0.25 * 3600)
        [due] = service.due_deadlines()
        assert (due.seat, due.user_id) == (info.to_move, USERS[info.to_move])
        [update] = await service.run_due()
        assert update.announcements[0] == ev.TimedOut(info.to_move, USERS[info.to_move])
        assert update.action is not None and update.action.seat == info.to_move
        assert len((await service.public_view(table)).bids) == 1
        after = await service.table_info(table)
        assert after.deadline == clock.now + 3600 and after.to_move != info.to_move
        assert service.due_deadlines() == [] and await service.run_due() == []
    finally:
        await service.close()


async def test_the_remove_rule_removes_with_the_penalty(
    service: TableService, clock: Clock
) -> None:
    table = await full_table(service, "qingdun", settings={"timeout_rule": "remove"})
    user = await mover(service, table)
    clock.advance(12 * 3600)
    [update] = await service.run_due()
    seat = USERS.index(user)
    assert update.announcements[0] == ev.TimedOut(seat, user)
    ended = update.announcements[1]
    assert isinstance(ended, ev.HandEnded) and ended.deltas[seat] == -50
    assert ev.SeatOpened(seat, user, "timeout") in update.announcements
    assert update.status == "waiting"
    info = await service.table_info(table)
    assert info.seats[seat] is None and info.deadline is None
    assert service.due_deadlines(clock.now + 10**6) == []


async def test_bot_turns_have_no_deadline_and_are_listed(service: TableService) -> None:
    table = await full_table(service, "qingdun", humans=1)
    info = await service.table_info(table)
    if info.seats[info.to_move].is_bot:
        assert service.bot_turns() == [table] and info.deadline is None
    updates = await service.play_bots(table)
    assert service.bot_turns() == []
    last = updates[-1] if updates else None
    assert last is None or (not last.bot_to_move and last.to_move_user == A)
    assert await service.play_bot(table) is None
    assert all(u.action is not None and not isinstance(u.action, Leave) for u in updates)
