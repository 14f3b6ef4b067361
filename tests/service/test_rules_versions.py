"""Rules versions (issue 21 §4): every hand stores the version it is dealt under; a finished hand
of earlier rules keeps its stored result (never re-played nor re-scored), and a hand still
running when an upgrade changed the rules is void without penalty and dealt again, announced."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from bot import metrics
from bot.service import events as ev
from engine.replay import replay
from tests.service.helpers import USERS, Clock, full_table, open_service, play_hand, play_turn
from tests.service.helpers import refused as refused_with
from tests.sql import execute

A, B, C, D = USERS


async def as_before_versions(database: str | Path, hand_id: int) -> None:
    """Make a stored hand look dealt before rules versions existed (no ``rules`` in its start)."""
    [(text,)] = await execute(database, "SELECT start FROM hands WHERE id = ?", (hand_id,))
    start = json.loads(text)
    assert start.pop("rules") == 2  # today's version, stored with every hand
    await execute(database, "UPDATE hands SET start = ? WHERE id = ?", (json.dumps(start), hand_id))


async def test_a_finished_hand_of_earlier_rules_keeps_its_stored_result(
    database: str | Path, clock: Clock
) -> None:
    service = await open_service(database, clock)
    try:
        table = await full_table(service, "qingdun", settings={"hands": 2})
        await play_hand(service, table)
        [line] = [h for h in await service.recent_hands(7, table_id=table) if h.number == 1]
        recorded = dict(line.result)  # type: ignore[arg-type]
        assert replay(await service.hand_record(7, line.hand_id)).result_matches  # today's
        scores = await service.table_score(table)
        await as_before_versions(database, line.hand_id)
        changed = {**recorded, "team_points": [1, 2]}  # what the earlier rules had said
        await execute(
            database,
            "UPDATE hands SET result = ? WHERE id = ?",
            (json.dumps(changed), line.hand_id),
        )
        record = await service.hand_record(7, line.hand_id)
        assert record.rules == 1 and not record.current
        assert record.to_json()["rules"] == 1 and record.result == changed  # as stored
        shown_line, played = await service.replay_hand(7, line.hand_id)
        assert played.earlier and played.tricks == ()  # never re-played under today's rules
        assert shown_line.result == changed and played.record.result == changed
        assert await service.table_score(table) == scores  # nothing re-scored
        assert [s.delta for s in shown_line.seats] == [s.delta for s in line.seats]
    finally:
        await service.close()


async def test_a_running_hand_of_earlier_rules_is_void_without_penalty_and_dealt_again(
    database: str | Path, clock: Clock
) -> None:
    service = await open_service(database, clock)
    table = await full_table(service, "sankou")
    for n in range(3):
        await play_turn(service, table, f"t{n}")
    hand_id = service.state.tables[table].hand_id
    game = service.state.tables[table].game
    assert hand_id is not None and game is not None
    first_bidder = game.view(None).first_bidder
    await service.close()
    await as_before_versions(database, hand_id)  # the upgrade: the hand was dealt under version 1
    service = await open_service(database, clock)
    try:
        await refused_with("busy_try_again", service.table_info(table))  # not re-played
        assert service.due_deadlines(10**12) == [] and service.bot_turns() == []
        [update] = await service.run_due()  # the next deadline pass: announced at the table
        assert update.table_id == table
        assert update.announcements == (ev.RulesChanged(1, True), ev.HandDealt(2, update.to_move))
        info = await service.table_info(table)
        assert (info.hand_number, info.hands_done, info.status) == (2, 0, "playing")
        rows = await execute(database, "SELECT outcome, result FROM hands WHERE id = ?", (hand_id,))
        assert rows == [("abandoned", None)]  # no result, no scores, no penalty
        assert await execute(database, "SELECT * FROM ledger") == []
        [(start,)] = await execute(
            database, "SELECT start FROM hands WHERE table_id = ? AND number = 2", (table,)
        )
        assert json.loads(start)["rules"] == 2
        # the first bidder rotates from the void hand's, as after any other hand (RULES.md)
        redealt = service.state.tables[table].game
        assert redealt is not None and redealt.view(None).first_bidder == (first_bidder + 1) % 4
        await play_turn(service, table, "on under today's rules")
        assert await service.run_due() == []  # once
    finally:
        await service.close()


async def test_an_earlier_deal_that_cannot_be_read_is_counted_and_the_seed_picks_the_bidder(
    database: str | Path, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    service = await open_service(database, clock)
    table = await full_table(service, "sankou")
    await play_turn(service, table, "a bid")
    hand_id = service.state.tables[table].hand_id
    assert hand_id is not None
    await service.close()
    # an earlier version's start record that today's engine cannot read at all
    unreadable = json.dumps({"dealt": "by rules long gone"})
    await execute(database, "UPDATE hands SET start = ? WHERE id = ?", (unreadable, hand_id))
    counted = ("cardtable_fallbacks_total", {"reason": "earlier_deal"})
    before = metrics.REGISTRY.get_sample_value(*counted) or 0.0
    with caplog.at_level(logging.WARNING, logger="bot.service.live"):
        service = await open_service(database, clock)
    try:
        assert metrics.REGISTRY.get_sample_value(*counted) == before + 1
        assert f"table {table}: the deal of its earlier-rules hand could not be read" in caplog.text
        [update] = await service.run_due()  # dealt again all the same, announced
        assert update.announcements == (ev.RulesChanged(1, True), ev.HandDealt(2, update.to_move))
        redealt = service.state.tables[table].game
        assert redealt is not None and redealt.view(None).to_move == update.to_move
        await play_turn(service, table, "on under today's rules")
    finally:
        await service.close()
