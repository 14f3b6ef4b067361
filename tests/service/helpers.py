"""Shared helpers for the service tests: a movable clock, full tables, playing turns."""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.service import ServiceError, TableService, Update
from bot.service.requests import from_action
from tests.clock import Clock
from tests.thinkers import quick_thinker

USERS = (101, 102, 103, 104)
GUILD, CHANNEL = 7, 70


def seeds(first: int = 1) -> Callable[[], int]:
    """Deals reproducible from the test: 1, 2, 3 …"""
    return itertools.count(first).__next__


async def open_service(database: str | Path, clock: Clock, first_seed: int = 1) -> TableService:
    return await TableService.open(
        database, clock=clock, seed_source=seeds(first_seed), thinker=quick_thinker()
    )


async def full_table(
    service: TableService,
    game: str,
    *,
    humans: int = 4,
    channel: int = CHANNEL,
    users: tuple[int, ...] = USERS,
    settings: dict[str, Any] | None = None,
    start: bool = True,
    guild: int = GUILD,
) -> int:
    """A table with ``humans`` players (users[0] created it) and bots in the other seats."""
    update = await service.create_table(guild, channel, users[0], f"u{users[0]}", game, settings)
    table_id = update.table_id
    for user in users[1:humans]:
        await service.join(table_id, user, f"u{user}")
    for _ in range(4 - humans):
        await service.add_bot(table_id, users[0])
    if start:
        await service.start(table_id, users[0])
    return table_id


async def play_turn(service: TableService, table_id: int, action_id: str) -> Update:
    """The player to move plays the engine's hint (a bot seat plays through ``play_bot``)."""
    info = await service.table_info(table_id)
    assert info.to_move is not None
    seat = info.seats[info.to_move]
    assert seat is not None
    if seat.is_bot:
        update = await service.play_bot(table_id)
        assert update is not None
        return update
    hint = await service.hint(table_id, seat.user_id)  # type: ignore[arg-type]
    return await service.act(table_id, seat.user_id, from_action(hint), action_id)  # type: ignore[arg-type]


async def play_hand(service: TableService, table_id: int, prefix: str = "a") -> list[Update]:
    """Turns until the current hand ends; returns every update."""
    updates = []
    for n in itertools.count():
        update = await play_turn(service, table_id, f"{prefix}{table_id}-{n}")
        updates.append(update)
        if any(type(a).__name__ == "HandEnded" for a in update.announcements):
            return updates
    raise AssertionError("unreachable")


async def snapshot(service: TableService) -> dict[int, Any]:
    """Everything a player could observe of every live table, for equality after a reload."""
    result: dict[int, Any] = {}
    for table_id in sorted(service.state.tables):
        info = await service.table_info(table_id)
        views = {}
        for seat in info.seats:
            if seat is not None and not seat.is_bot and info.hand_number:
                views[seat.seat] = await service.view_for(table_id, seat.user_id)  # type: ignore[arg-type]
        live = service.state.tables[table_id]
        game = live.game
        result[table_id] = (
            info,
            await service.public_view(table_id),
            views,
            None if game is None else (game.start, game.actions),
            (live.hand_id, live.reminder_at, live.reminder_sent),
        )
    return result


async def logged(service: TableService, hand_id: int | None) -> tuple[dict[str, Any], ...]:
    """The action records stored for a hand, in order (what replays and exports read)."""
    assert hand_id is not None
    stored = await service.store.stored_hand(hand_id)
    assert stored is not None
    return stored.actions


async def refused(code: str, coro: object, **params: object) -> ServiceError:
    """Await ``coro``, which must be refused with ``code`` (and these params)."""
    with pytest.raises(ServiceError) as exc:
        await coro  # type: ignore[misc]
    assert exc.value.code == code, exc.value
    for name, value in params.items():
        assert exc.value.params[name] == value
    return exc.value


async def mover(service: TableService, table_id: int) -> int:
    """The user id of the human whose turn it is."""
    info = await service.table_info(table_id)
    assert info.to_move is not None
    seat = info.seats[info.to_move]
    assert seat is not None and seat.user_id is not None
    return seat.user_id


async def disk_error(*args: object, **kwargs: object) -> None:
    """A store method that fails as a broken disk would (for monkeypatching)."""
    raise sqlite3.OperationalError("disk I/O error")
