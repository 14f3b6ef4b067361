"""Idempotency and concurrency: one turn submitted many times, many tables at once."""

from __future__ import annotations

import asyncio

from bot.service import ServiceError, TableService
from bot.service.requests import from_action
from tests.service.helpers import USERS, full_table, logged


async def test_fifty_submissions_of_one_action_id_apply_once(service: TableService) -> None:
    table = await full_table(service, "qingdun")
    info = await service.table_info(table)
    mover = USERS[info.to_move]
    request = from_action(await service.hint(table, mover))
    updates = await asyncio.gather(
        *(service.act(table, mover, request, "interaction-1") for _ in range(50))
    )
    assert sum(not u.duplicate for u in updates) == 1
    assert len({u.announcements for u in updates}) == 1  # repeats answer like the first
    assert len(service.state.tables[table].game.actions) == 1
    assert len(await logged(service, 1)) == 1


async def test_fifty_different_clicks_on_one_turn_apply_once(service: TableService) -> None:
    table = await full_table(service, "sankou")
    info = await service.table_info(table)
    mover = USERS[info.to_move]
    request = from_action(await service.hint(table, mover))
    results = await asyncio.gather(
        *(service.act(table, mover, request, f"click-{n}") for n in range(50)),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1 and not applied[0].duplicate
    assert all(isinstance(r, ServiceError) and r.code == "not_your_turn" for r in refused)
    assert len(await logged(service, 1)) == 1


async def test_twenty_tables_act_at_once(service: TableService) -> None:
    tables = [
        await full_table(service, game, channel=100 + n)
        for n, game in enumerate(["qingdun", "sankou"] * 10)
    ]
    for round_ in range(3):
        moves = []
        for table in tables:
            info = await service.table_info(table)
            mover = USERS[info.to_move]
            moves.append((table, mover, from_action(await service.hint(table, mover))))
        updates = await asyncio.gather(
            *(service.act(t, u, r, f"{t}-{round_}") for t, u, r in moves)
        )
        assert all(not u.duplicate and u.action is not None for u in updates)
    for table in tables:
        assert len(await logged(service, service.state.tables[table].hand_id)) == 3
