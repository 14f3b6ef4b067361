"""Between hands and after the end: dealing by hand, playing again, and catching up."""

from __future__ import annotations

from pathlib import Path

from bot.service import TableService
from bot.service import events as ev
from tests.service.helpers import (
    CHANNEL,
    USERS,
    Clock,
    full_table,
    open_service,
    play_hand,
    play_turn,
    refused,
)

A, B, C, D = USERS


async def test_without_auto_deal_a_player_deals_the_next_hand(service: TableService) -> None:
    table = await full_table(service, "qingdun", humans=2, settings={"auto_deal": False})
    await refused("hand_not_over", service.next_hand(table, B), number=1)
    updates = await play_hand(service, table)
    last = updates[-1]
    assert not any(isinstance(a, ev.HandDealt) for a in last.announcements)
    info = await service.table_info(table)
    assert (info.status, info.hand_number, info.to_move, info.deadline) == (
        "playing",
        1,
        None,
        None,
    )
    assert last.to_move_user is None and not last.bot_to_move
    await refused("not_seated", service.next_hand(table, 999))
    update = await service.next_hand(table, B)  # any seated player, not only the host
    assert [type(a) for a in update.announcements] == [ev.HandDealt]
    assert (await service.table_info(table)).hand_number == 2


async def test_a_seat_left_between_hands_makes_the_table_wait(service: TableService) -> None:
    table = await full_table(service, "sankou", humans=2, settings={"auto_deal": False})
    await play_hand(service, table)
    left = await service.leave(table, B)  # between hands: no penalty
    assert [type(a) for a in left.announcements] == [ev.SeatOpened, ev.WaitingForPlayers]
    await refused("table_waiting", service.next_hand(table, A))


async def test_hand_ended_names_who_played_each_seat(service: TableService) -> None:
    table = await full_table(service, "sankou", humans=2)
    await play_turn(service, table, "t1")
    update = await service.leave(table, B)
    ended = next(a for a in update.announcements if isinstance(a, ev.HandEnded))
    assert ended.users == (A, B, None, None)  # B is named though the seat is free now


async def test_play_again_seats_the_same_players_at_a_new_table(service: TableService) -> None:
    table = await full_table(service, "qingdun", humans=3, settings={"hands": 1})
    await service.set_message(table, thread_id=555)
    await refused("table_not_ended", service.play_again(table, A))
    await play_hand(service, table)
    await refused("not_seated", service.play_again(table, 999))
    update = await service.play_again(table, C)
    new = update.table_id
    assert new != table and update.status == "waiting"
    info = await service.table_info(new)
    assert [s.user_id if s else "-" for s in info.seats] == [A, B, C, None]
    assert info.seats[3] is not None and info.seats[3].is_bot
    assert (info.creator_id, info.host, info.thread_id) == (C, 2, 555)
    assert info.settings.hands == 1
    await refused("rematch_open", service.play_again(table, A), table_id=new)
    await refused("not_host", service.start(new, A))
    assert (await service.start(new, C)).hand_number == 1


async def test_play_again_leaves_out_who_sits_elsewhere_and_deals_for_one(
    service: TableService,
) -> None:
    table = await full_table(service, "sankou", humans=2, settings={"hands": 1})
    await play_hand(service, table)
    await service.create_table(7, CHANNEL, B, "b", "qingdun")  # B moved on to another table
    update = await service.play_again(table, A)
    info = await service.table_info(update.table_id)
    assert info.seats[1] is None and info.status == "waiting"

    solo = await full_table(service, "qingdun", humans=1, users=(D,), settings={"hands": 1})
    await play_hand(service, solo)
    again = await service.play_again(solo, D)
    assert again.status == "playing" and again.to_move is not None  # nobody else to ask
    assert any(isinstance(a, ev.HandDealt) for a in again.announcements)


async def test_catch_up_sums_up_since_the_seats_last_move(
    service: TableService, database: str | Path, clock: Clock
) -> None:
    table = await full_table(service, "qingdun")
    first = await service.catch_up(table, A)
    assert first.events == () and not first.acted and first.new_player
    moves = [await play_turn(service, table, f"m{n}") for n in range(6)]
    movers = [u.action.seat for u in moves if u.action is not None]
    user = USERS[movers[-1]]
    seen = await service.catch_up(table, user)
    assert seen.acted and seen.events == ()  # nothing happened since its own move
    earlier = USERS[movers[-3]]
    caught = await service.catch_up(table, earlier)
    expected = tuple(a for u in moves[-2:] for a in u.announcements)
    assert caught.events == expected and caught.acted and not caught.new_player

    service.state.tables[table].story.pop()  # memory out of step with the log: replayed
    assert (await service.catch_up(table, earlier)).events == expected

    await service.close()  # after a restart the story is replayed from the log
    again = await open_service(database, clock)
    try:
        assert (await again.catch_up(table, earlier)).events == expected
    finally:
        await again.close()


async def test_a_player_with_a_finished_hand_is_not_new(service: TableService) -> None:
    table = await full_table(service, "sankou", humans=2, settings={"hands": 1})
    await play_hand(service, table)
    other = await full_table(service, "sankou", humans=2, users=(B, A, C, D), channel=71)
    assert not (await service.catch_up(other, A)).new_player
    stranger = await full_table(service, "sankou", humans=1, users=(C,), channel=72)
    assert (await service.catch_up(stranger, C)).new_player
