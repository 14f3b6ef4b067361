"""Deadlines: reminders, the timeout rules at the deadline pass, bot turns without a limit."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

import engine.ai
from bot.service import TableService, deadlines
from bot.service import events as ev
from engine.actions import Leave
from engine.ai import Decision
from engine.qingdun.observation import QingdunObservation
from tests.service.helpers import CHANNEL, USERS, Clock, full_table, mover, open_service, seeds
from tests.thinkers import quick_thinker

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


async def test_a_table_past_its_share_of_the_pass_goes_on_by_itself(
    database: str | Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One table's timeout bot thinking long never holds up the pass for the others: past its
    share it goes on by itself, and the next pass announces its move."""
    monkeypatch.setattr(deadlines, "PASS_SHARE", 0.2)
    release = threading.Event()
    real = engine.ai.think

    def qingdun_waits(observation: Any, **budget: Any) -> Decision:
        if isinstance(observation, QingdunObservation):
            assert release.wait(10)
        return real(observation, **budget)

    monkeypatch.setattr(engine.ai, "think", qingdun_waits)
    service = await TableService.open(
        database, clock=clock, seed_source=seeds(), thinker=quick_thinker(workers=2)
    )
    try:
        settings = {"turn_seconds": 600, "bot_seconds": 3}
        slow = await full_table(service, "qingdun", settings=settings)
        others = tuple(user + 100 for user in USERS)
        quick = await full_table(
            service, "sankou", settings=settings, channel=CHANNEL + 1, users=others
        )
        clock.advance(601)
        [update] = await service.run_due()
        assert update.table_id == quick and isinstance(update.announcements[0], ev.TimedOut)
        assert await service.run_due() == []  # the busy table is not started a second time
        release.set()
        for _ in range(100):  # a hang guard: each pass waits up to its share for the table
            if late := await service.run_due():
                break
        [moved] = late
        assert moved.table_id == slow and isinstance(moved.announcements[0], ev.TimedOut)
        assert service.thinker.fallbacks == {}
    finally:
        release.set()
        await service.close()
