"""Tables and seats through the service: the lifecycle, every refusal and permission rule."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service import MESSAGES, ServiceError, TableService, TableSettings, TimeoutRule
from bot.service import events as ev
from tests.service.helpers import (
    CHANNEL,
    GUILD,
    USERS,
    Clock,
    full_table,
    open_service,
    refused,
)
from tests.thinkers import quick_thinker

A, B, C, D = USERS
OUTSIDER = 999


async def test_create_seats_the_creator_with_default_settings(service: TableService) -> None:
    update = await service.create_table(GUILD, CHANNEL, A, "Ann", "qingdun")
    assert update.status == "waiting"
    assert update.announcements == (ev.SeatTaken(0, A, "Ann"),)
    info = await service.table_info(update.table_id)
    assert info.game == "qingdun" and info.creator_id == A
    assert info.seats[0] == ev.SeatInfo(0, A, "Ann") and info.seats[1:] == (None, None, None)
    assert info.settings == TableSettings()
    assert info.settings.turn_seconds == 12 * 3600
    assert info.settings.timeout_rule is TimeoutRule.BOT
    assert info.settings.hands is None and info.settings.language == "en"


async def test_create_takes_language_and_settings(service: TableService) -> None:
    update = await service.create_table(
        GUILD, CHANNEL, A, "Ann", "sankou", {"hands": 3, "turn_seconds": 600}, language="zh-TW"
    )
    settings = (await service.table_info(update.table_id)).settings
    assert (settings.hands, settings.turn_seconds, settings.language) == (3, 600, "zh-TW")


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        ({"turn_seconds": 59}, "bad_turn_limit"),
        ({"turn_seconds": 72 * 3600 + 1}, "bad_turn_limit"),
        ({"timeout_rule": "sleep"}, "bad_timeout_rule"),
        ({"hands": 0}, "bad_hand_count"),
        ({"language": "fr"}, "bad_language"),
        ({"colour": "red"}, "unknown_setting"),
    ],
)
async def test_bad_settings_are_refused(
    service: TableService, settings: dict[str, object], code: str
) -> None:
    await refused(code, service.create_table(GUILD, CHANNEL, A, "Ann", "qingdun", settings))
    assert service.tables_in_channel(CHANNEL) == []


async def test_turn_limit_bounds_are_accepted() -> None:
    assert TableSettings(turn_seconds=60).turn_seconds == 60
    assert TableSettings(turn_seconds=72 * 3600).turn_seconds == 72 * 3600


async def test_unknown_game_and_table(service: TableService) -> None:
    await refused("unknown_game", service.create_table(GUILD, CHANNEL, A, "Ann", "poker"))
    await refused("table_not_found", service.join(404, B, "Bo"), table_id=404)
    await refused("table_not_found", service.table_info(404))


async def test_join_fills_free_seats_then_table_is_full(service: TableService) -> None:
    table = (await service.create_table(GUILD, CHANNEL, A, "Ann", "sankou")).table_id
    update = await service.join(table, B, "Bo")
    assert update.announcements == (ev.SeatTaken(1, B, "Bo"),)
    await service.join(table, C, "Cy", seat=3)
    await service.join(table, D, "Di")
    info = await service.table_info(table)
    assert [s.user_id for s in info.seats if s] == [A, B, D, C]
    await refused("table_full", service.join(table, OUTSIDER, "Ed"), table_id=table)


async def test_join_refusals(service: TableService) -> None:
    table = (await service.create_table(GUILD, CHANNEL, A, "Ann", "sankou")).table_id
    await refused("already_seated", service.join(table, A, "Ann"), seat=0)
    await refused("seat_taken", service.join(table, B, "Bo", seat=0), seat=0)
    await refused("no_such_seat_number", service.join(table, B, "Bo", seat=4), seat=4)
    other = (await service.create_table(GUILD, CHANNEL, C, "Cy", "qingdun")).table_id
    await refused("already_seated_here", service.join(other, A, "Ann"), table_id=table)
    await refused("already_seated_here", service.create_table(GUILD, CHANNEL, A, "Ann", "qingdun"))
    # Another channel is fine: one table per channel per user.
    elsewhere = await service.create_table(GUILD, CHANNEL + 1, A, "Ann", "qingdun")
    assert service.table_for_user(CHANNEL + 1, A) == elsewhere.table_id
    assert service.table_for_user(CHANNEL, A) == table
    assert service.table_for_user(CHANNEL, OUTSIDER) is None
    assert [t.id for t in service.tables_in_channel(CHANNEL)] == [table, other]


async def test_choose_seat(service: TableService) -> None:
    table = (await service.create_table(GUILD, CHANNEL, A, "Ann", "qingdun")).table_id
    await service.join(table, B, "Bo")
    update = await service.choose_seat(table, A, 2)
    assert update.announcements == (ev.SeatOpened(0, A, "moved"), ev.SeatTaken(2, A, "Ann"))
    await refused("seat_taken", service.choose_seat(table, A, 1), seat=1)
    await refused("not_seated", service.choose_seat(table, OUTSIDER, 3), table_id=table)
    await refused("no_such_seat_number", service.choose_seat(table, A, -1), seat=-1)
    assert (await service.choose_seat(table, A, 2)).announcements == ()
    info = await service.table_info(table)
    assert [None if s is None else s.user_id for s in info.seats] == [None, B, A, None]


async def test_bots_join_and_leave_before_start(service: TableService) -> None:
    table = (await service.create_table(GUILD, CHANNEL, A, "Ann", "sankou")).table_id
    update = await service.add_bot(table, A, seat=2)
    assert update.announcements == (ev.SeatTaken(2, None, "Bot 2"),)
    await refused("not_host", service.add_bot(table, OUTSIDER))
    assert (await service.add_bot(table, OUTSIDER, is_manager=True)).announcements[0].seat == 1
    await refused("not_a_bot", service.remove_bot(table, A, 0), seat=0)
    await refused("not_a_bot", service.remove_bot(table, A, 3), seat=3)
    await refused("not_host", service.remove_bot(table, OUTSIDER, 2))
    update = await service.remove_bot(table, A, 2)
    assert update.announcements == (ev.SeatOpened(2, None, "removed_bot"),)
    await service.join(table, B, "Bo")  # a seated player may add bots too
    await service.add_bot(table, B)
    info = await service.table_info(table)
    assert [s.is_bot for s in info.seats if s] == [False, True, False, True]


async def test_start_permissions_and_four_players(service: TableService) -> None:
    table = (await service.create_table(GUILD, CHANNEL, A, "Ann", "qingdun")).table_id
    await service.join(table, B, "Bo")
    await refused("need_four_players", service.start(table, A), seated=2)
    await service.add_bot(table, A)
    await service.add_bot(table, A)
    await refused("not_host", service.start(table, B))
    update = await service.start(table, B, is_manager=True)
    assert update.status == "playing" and update.hand_number == 1
    assert isinstance(update.announcements[0], ev.HandDealt)
    await refused("table_not_waiting", service.start(table, A), table_id=table)
    await refused("table_not_waiting", service.join(table, C, "Cy"))
    await refused("table_not_waiting", service.add_bot(table, A))
    await refused("table_not_waiting", service.choose_seat(table, A, 3))


async def test_kick_before_start_and_permissions(service: TableService) -> None:
    table = (await service.create_table(GUILD, CHANNEL, A, "Ann", "qingdun")).table_id
    await service.join(table, B, "Bo")
    await refused("not_host", service.kick(table, B, A))
    await refused("target_not_seated", service.kick(table, A, OUTSIDER), table_id=table)
    update = await service.kick(table, A, B)
    assert update.announcements == (ev.SeatOpened(1, B, "kicked"),)
    assert (await service.table_info(table)).seats[1] is None


async def test_leave_before_start_and_last_human_ends_the_table(service: TableService) -> None:
    table = (await service.create_table(GUILD, CHANNEL, A, "Ann", "qingdun")).table_id
    await service.join(table, B, "Bo")
    await service.add_bot(table, A)
    update = await service.leave(table, B)
    assert update.announcements == (ev.SeatOpened(1, B, "left"),)
    await refused("not_seated", service.leave(table, B))
    update = await service.leave(table, A)
    assert update.status == "ended"
    assert update.announcements == (ev.SeatOpened(0, A, "left"), ev.TableEnded("no_players"))
    await refused("table_ended", service.table_info(table), table_id=table)


async def test_end_table(service: TableService) -> None:
    table = await full_table(service, "sankou", humans=2)
    await refused("not_host", service.end_table(table, B))
    opened = await service.end_table(table, A)  # mid-hand: every player must agree
    assert opened.status == "playing"
    update = await service.vote_end(table, B, 1, agree=True)
    assert update.status == "ended" and update.announcements == (
        ev.EndVoteClosed("agreed"),
        ev.TableEnded("ended_by_vote"),
    )
    await refused("table_ended", service.join(table, C, "Cy"))
    await refused("table_ended", service.end_table(table, A))
    assert service.tables_in_channel(CHANNEL) == []
    # The abandoned hand has no result and no scores.
    [hand] = await service.recent_hands(GUILD, table_id=table, limit=5)
    assert hand.outcome == "abandoned" and [s.delta for s in hand.seats] == [None] * 4
    assert await service.table_score(table) == []
    # Its players are free to sit elsewhere in the channel.
    await service.create_table(GUILD, CHANNEL, A, "Ann", "qingdun")
    other = await full_table(service, "qingdun", channel=CHANNEL + 5)
    assert (await service.end_table(other, OUTSIDER, is_manager=True)).status == "ended"


async def test_update_settings(service: TableService, database: str | Path, clock: Clock) -> None:
    table = (await service.create_table(GUILD, CHANNEL, A, "Ann", "qingdun")).table_id
    await service.join(table, B, "Bo")
    await refused("not_host", service.update_settings(table, B, hands=2))
    await refused("bad_hand_count", service.update_settings(table, A, hands=-1))
    await refused("unknown_setting", service.update_settings(table, A, speed=3))
    info = await service.update_settings(
        table, A, hands=2, timeout_rule="remove", bot_replaces_leaver=True, language="zh-CN"
    )
    assert info.settings == TableSettings(
        hands=2, timeout_rule=TimeoutRule.REMOVE, bot_replaces_leaver=True, language="zh-CN"
    )
    info = await service.update_settings(table, B, is_manager=True, turn_seconds=3600)
    await service.set_message(table, thread_id=5, message_id=6)
    await service.close()
    again = await open_service(database, clock)
    try:
        reloaded = await again.table_info(table)
        assert reloaded.settings == info.settings
        assert (reloaded.thread_id, reloaded.message_id) == (5, 6)
    finally:
        await again.close()


def test_every_code_the_service_raises_has_a_message() -> None:
    package = Path(__file__).parents[2] / "bot" / "service"
    source = "".join(p.read_text(encoding="utf-8") for p in package.glob("*.py"))
    assert set(re.findall(r'refuse\(\s*"([a-z_]+)"', source)) == set(MESSAGES)
    for code, text in MESSAGES.items():
        params = {name: 1 for name in re.findall(r"\{(\w+)", text)}
        error = ServiceError(text.format(**params), code=code, **params)
        assert error.code == code and isinstance(error, ValueError)


async def test_a_clock_may_return_aware_datetimes(database: str | Path) -> None:
    moment = datetime(2027, 1, 1, 12, 0, tzinfo=UTC)
    service = await TableService.open(database, clock=lambda: moment, thinker=quick_thinker())
    try:
        table = await full_table(service, "qingdun", settings={"turn_seconds": 600})
        info = await service.table_info(table)
        assert info.deadline == moment.timestamp() + 600
    finally:
        await service.close()


async def test_tables_are_found_by_thread_and_channel_after_they_end(service: TableService) -> None:
    assert await service.table_for_thread(555) is None
    assert await service.latest_table_in_channel(CHANNEL) is None
    first = await full_table(service, "qingdun", humans=2)
    await service.set_message(first, thread_id=555, message_id=1)
    found = await service.table_for_thread(555)
    assert found is not None and (found.id, found.status) == (first, "playing")
    await service.end_table(first, OUTSIDER, is_manager=True)
    for found in (
        await service.table_for_thread(555),
        await service.latest_table_in_channel(CHANNEL),
    ):
        assert found is not None and (found.id, found.status, found.game) == (
            first,
            "ended",
            "qingdun",
        )
        assert found.to_move is None and found.seats[1] == ev.SeatInfo(1, B, f"u{B}")
    second = (await service.create_table(GUILD, CHANNEL, B, "Bo", "sankou")).table_id
    newest = await service.latest_table_in_channel(CHANNEL)
    assert newest is not None and (newest.id, newest.status) == (second, "waiting")
    assert (await service.table_for_thread(555)).id == first  # type: ignore[union-attr]
    assert await service.latest_table_in_channel(CHANNEL + 1) is None
