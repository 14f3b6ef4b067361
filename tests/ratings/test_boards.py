"""Boards from the standings: minimum hands, ranks with ties, the caller's line, periods, bots."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.ratings.model import Rating
from bot.store import Store
from bot.store.score_rows import Board, BoardLine, period_start
from tests.ratings.support import DAY, T0, Scripted, Seat


@pytest.fixture
async def store(database: str | Path) -> AsyncIterator[Store]:
    store = await Store.open(database)
    yield store
    await store.close()


@pytest.fixture
def script(store: Store) -> Scripted:
    return Scripted(store)


async def board(
    store: Store,
    by: str,
    *,
    me: int = 0,
    period: str = "all",
    min_hands: int = 5,
    top: int = 10,
) -> Board:
    start = None if period == "all" else period_start(period, T0)
    return await store.board(
        1, "qingdun", by=by, period=period, start_day=start, min_hands=min_hands, me=me, top=top
    )


def test_periods_are_calendar_weeks_from_monday_and_months_in_utc() -> None:
    assert datetime.fromtimestamp(T0, UTC).strftime("%a %d %b %Y") == "Fri 15 Jan 2027"
    monday = period_start("week", T0)
    assert datetime.fromtimestamp(monday * DAY, UTC).strftime("%a %d %b") == "Mon 11 Jan"
    first = period_start("month", T0)
    assert datetime.fromtimestamp(first * DAY, UTC).strftime("%d %b %Y") == "01 Jan 2027"
    assert period_start("week", monday * DAY) == monday
    assert period_start("week", monday * DAY - 1) == monday - 7


async def test_players_below_the_minimum_are_hidden_from_the_rating_board(
    store: Store, script: Scripted
) -> None:
    for n in range(4):
        await script.qingdun((1, 2), (3, 4), a_wins=n % 2 == 0, at=T0 + n)
    hidden = await board(store, "rating", me=1)
    assert hidden.lines == () and hidden.ranked == 0
    assert hidden.own is not None and (hidden.own.rank, hidden.own.hands) == (None, 4)
    await script.qingdun((1, 2), (3, 4), at=T0 + 10)
    shown = await board(store, "rating", me=1)
    assert [line.user_id for line in shown.lines] == [1, 2, 3, 4]
    assert [line.rank for line in shown.lines] == [1, 1, 3, 3]  # partners rate alike: ties
    assert shown.own is None  # the caller is on the board already
    assert (await board(store, "rating", me=1, min_hands=6)).lines == ()


async def test_points_board_ranks_ties_alike_and_skips_the_next_ranks(
    store: Store, script: Scripted
) -> None:
    await script.qingdun((1, 2), (3, 4), delta=20)  # 1, 2: +20; 3, 4: -20
    await script.qingdun((1, 5), (6, 7), delta=10, at=T0 + 1)  # 1 +30, 5 +10, 6, 7: -10
    result = await board(store, "points", me=6)
    lines = [(line.rank, line.user_id, line.value) for line in result.lines]
    assert lines == [(1, 1, 30), (2, 2, 20), (3, 5, 10), (4, 6, -10), (4, 7, -10),
                     (6, 3, -20), (6, 4, -20)]  # fmt: skip
    assert result.ranked == 7 and result.own is None


async def test_the_callers_own_line_is_there_even_far_down(store: Store, script: Scripted) -> None:
    for n in range(6):  # players 10..21; 10 & 11 win every hand, the last pair loses most
        await script.qingdun((10 + 2 * n, 11 + 2 * n), (30, 31), delta=10 + n, at=T0 + n)
    result = await board(store, "points", me=31, top=5)
    assert len(result.lines) == 5 and all(line.user_id != 31 for line in result.lines)
    assert result.own == BoardLine(13, 31, "", "u31", -(10 + 11 + 12 + 13 + 14 + 15), 6, 0)
    never = await board(store, "points", me=99, top=5)
    assert never.own is None


async def test_leaving_bonuses_count_only_after_the_minimum_and_penalties_always(
    store: Store, script: Scripted
) -> None:
    for n in range(5):
        await script.qingdun((1, 2), (3, 4), a_wins=n % 2 == 0, at=T0 + n)  # 1, 2 at +10
    # 1 leaves a table with 5 and 6: 1 -50, the opponents +10 each, the partner 0
    seats = [Seat(1, -50, left=True), Seat(5, 10), Seat(2, 0), Seat(6, 10)]
    await script.hand("qingdun", seats, at=T0 + 9, void=True)
    # 3 has five completed hands: a bonus counts; 7 has none: the penalty still counts
    seats = [Seat(7, -50, left=True), Seat(3, 10), Seat(8, 0), Seat(4, 10)]
    await script.hand("qingdun", seats, at=T0 + 10, void=True)
    points = {line.user_id: line.value for line in (await board(store, "points")).lines}
    assert points == {1: 10 - 50, 2: 10, 3: -10 + 10, 4: -10 + 10, 7: -50}
    week = await board(store, "points", period="week", me=5)
    assert {line.user_id: line.value for line in week.lines} == points
    assert week.own == BoardLine(None, 5, "", "u5", 0, 0, 0)  # on no board, yet told so
    rating = await board(store, "rating", me=5)
    assert rating.own is not None and rating.own.hands == 0 and rating.own.rank is None


async def test_boards_by_period_count_the_calendar_week_and_month(
    store: Store, script: Scripted
) -> None:
    await script.qingdun((1, 2), (3, 4), delta=5, at=T0 - 20 * DAY)  # December
    await script.qingdun((1, 2), (3, 4), delta=10, at=T0 - 10 * DAY)  # Tue 5 Jan
    await script.qingdun((3, 4), (1, 2), delta=20, at=T0 - 3 * DAY)  # Tue 12 Jan
    await script.qingdun((3, 4), (1, 2), delta=30, at=T0)  # Fri 15 Jan
    week = await board(store, "points", period="week")
    month = await board(store, "points", period="month")
    every = await board(store, "points")
    assert {line.user_id: line.value for line in week.lines} == {3: 50, 4: 50, 1: -50, 2: -50}
    assert {line.user_id: line.value for line in month.lines} == {3: 40, 4: 40, 1: -40, 2: -40}
    assert {line.user_id: line.value for line in every.lines} == {3: 35, 4: 35, 1: -35, 2: -35}
    top = week.lines[0]
    assert (top.user_id, top.hands, top.wins) == (3, 2, 2)


async def test_rating_boards_by_period_show_the_change_and_bots_as_references(
    store: Store, script: Scripted
) -> None:
    for n in range(5):
        await script.qingdun((1, None), (2, None), at=T0 - 20 * DAY + n)  # 1 beats 2 and the bot
    await script.qingdun((2, None), (3, None), at=T0)
    old = await board(store, "rating", period="week", min_hands=1, me=1)
    assert {line.user_id for line in old.lines if line.rank} == {2, 3}  # 1 did not play
    bots = [line for line in old.lines if line.bot_level]
    assert [(b.rank, b.bot_level, b.user_id) for b in bots] == [(None, "simple", 0)]
    changes = {line.user_id: line.change for line in old.lines if line.rank}
    standing = await store.standing(1, "qingdun", (3, ""))
    assert standing is not None and changes[3] == standing.rating - Rating().shown
    assert changes[2] is not None and changes[2] > 0
    assert old.own is not None and old.own.user_id == 1 and old.own.change is None
    values = [line.value for line in old.lines]
    assert values == sorted(values, reverse=True)
