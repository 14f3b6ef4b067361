"""hypothesis: random sequences of service calls; refusals change nothing, and the service
reloaded from disk equals the live one."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

import pytest
from hypothesis import event, example, given
from hypothesis import strategies as st

from bot.service import REFUSALS, PlayCards, TableService, Update
from tests.conftest import BACKENDS, Databases, examples
from tests.service.helpers import Clock, open_service, play_turn, snapshot

USERS = (1, 2, 3, 4, 5, 6)
table_ix = st.integers(0, 1)
user_ix = st.sampled_from(USERS)
OPS = st.one_of(
    st.tuples(st.just("join"), table_ix, user_ix),
    st.tuples(st.just("leave"), table_ix, user_ix),
    st.tuples(st.just("kick"), table_ix, user_ix),
    st.tuples(st.just("add_bot"), table_ix, st.none() | st.integers(0, 3)),
    st.tuples(st.just("remove_bot"), table_ix, st.integers(0, 3)),
    st.tuples(st.just("start"), table_ix, user_ix),
    st.tuples(st.just("play"), table_ix, st.integers(1, 40)),
    st.tuples(st.just("bots"), table_ix, st.integers(1, 10)),
    st.tuples(st.just("finish"), table_ix),
    st.tuples(st.just("typo"), table_ix, user_ix),
    st.tuples(st.just("repeat"), table_ix, st.integers(0, 5)),
    st.tuples(st.just("tick"), st.integers(1, 100), st.booleans()),
    st.tuples(st.just("hands"), table_ix, st.none() | st.integers(1, 3)),
    st.tuples(st.just("end"), table_ix, user_ix),
)


async def run(ops: list[tuple[object, ...]], prefill: bool, path: str | Path) -> None:
    clock = Clock()
    service = await open_service(path, clock)
    used: list[str] = []
    try:
        tables = []
        for channel, game, rule in ((1, "qingdun", "remove"), (2, "sankou", "bot")):
            update = await service.create_table(
                9, channel, USERS[channel - 1], "creator", game,
                {"turn_seconds": 60, "timeout_rule": rule, "bot_replaces_leaver": channel == 2},
            )  # fmt: skip
            tables.append(update.table_id)
            if prefill:
                for user in USERS[2:5]:
                    await service.join(update.table_id, user + 10 * channel, "p")
                await service.start(update.table_id, USERS[channel - 1])
        for op in ops:
            before = await snapshot(service)
            try:
                await apply(service, tables, clock, used, op)
                event(f"ok {op[0]}")
            except REFUSALS as exc:
                event(f"refused {op[0]} {getattr(exc, 'code', '')}")
                assert await snapshot(service) == before, op
        live = await snapshot(service)
        scores = [await service.table_score(t) for t in tables]
    finally:
        await service.close()
    again = await open_service(path, clock)
    try:
        assert await snapshot(again) == live
        assert [await again.table_score(t) for t in tables] == scores
    finally:
        await again.close()


async def turn(service: TableService, table: int, used: list[str]) -> Update:
    """One turn; a human's action id joins ``used`` once applied (a bot's has its own id)."""
    info = await service.table_info(table)
    seat = info.seats[info.to_move] if info.to_move is not None else None
    action_id = f"p{len(used)}"
    update = await play_turn(service, table, action_id)
    if seat is not None and not seat.is_bot:
        used.append(action_id)
    return update


async def apply(
    service: TableService, tables: list[int], clock: Clock, used: list[str], op: tuple
) -> None:
    name, *args = op
    if name == "tick":
        clock.advance(args[0])
        if args[1]:
            await service.due_reminders()
        await service.run_due()
        return
    table = tables[args[0]]
    creator = USERS[args[0]]
    match name:
        case "join":
            await service.join(table, args[1], f"u{args[1]}")
        case "leave":
            await service.leave(table, args[1])
        case "kick":
            await service.kick(table, creator, args[1])
        case "add_bot":
            await service.add_bot(table, creator, args[1])
        case "remove_bot":
            await service.remove_bot(table, creator, args[1])
        case "start":
            await service.start(table, args[1])
        case "play":
            for _ in range(args[1]):
                if (await service.table_info(table)).to_move is None:
                    break
                update = await turn(service, table, used)
                if any(type(a).__name__ == "TableEnded" for a in update.announcements):
                    break  # its last hand is over: the table is gone, nothing to play
        case "finish":
            ended = False
            while not ended and (await service.table_info(table)).to_move is not None:
                update = await turn(service, table, used)
                ended = any(type(a).__name__ == "HandEnded" for a in update.announcements)
            event(f"finish reached the end: {ended}")
        case "bots":
            await service.play_bots(table, args[1])
        case "typo":
            await service.act(table, args[1], PlayCards("3X"), "typo")
        case "repeat":
            if used:
                info = await service.table_info(table)
                seat = info.seats[info.to_move] if info.to_move is not None else None
                if seat is not None and seat.user_id is not None:
                    repeat = used[-1 - min(args[1], len(used) - 1)]
                    update = await service.act(table, seat.user_id, PlayCards("3S"), repeat)
                    assert update.duplicate
        case "hands":
            await service.update_settings(table, creator, hands=args[1])
        case "end":
            await service.end_table(table, args[1])


@pytest.mark.parametrize("backend", BACKENDS)
def test_random_calls_then_reload_equals_live(backend: str, databases: Databases) -> None:
    databases.need(backend)

    @examples(backend, 30)
    @given(st.lists(OPS, max_size=25), st.booleans())
    # a bot's turn ends the list of ids: repeating the last one is repeating a human's
    @example([("leave", 1, 2), ("finish", 1), ("repeat", 0, 0)], True)
    # the last hand of a table ends inside a "play" op: the table has ended, not refused it
    @example([("play", 1, 18), ("play", 1, 40), ("hands", 1, 1), ("play", 1, 28)], True)
    def check(ops: list[tuple[object, ...]], prefill: bool) -> None:
        async def main(folder: Path) -> None:
            async with databases.fresh(backend, folder) as database:
                await run(ops, prefill, database)

        with tempfile.TemporaryDirectory() as directory:
            asyncio.run(main(Path(directory)))

    check()
