"""Ratings, boards, statistics, history, replays and exports through the service, on real hands."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.ratings import rebuild
from bot.ratings.model import Place, Rating, bot, person, rate_hand
from bot.service import ServiceError, TableService
from bot.service import events as ev
from bot.service.hand_ids import short_id
from bot.service.scores import bands, bot_level
from engine.records import HandRecord
from engine.replay import replay
from tests.service.helpers import GUILD, USERS, Clock, full_table, open_service, play_hand
from tests.sql import execute

A, B, C, D = USERS
DAY = 86400


def ended(updates: list[ev.Update]) -> ev.HandEnded:
    [hand] = [a for u in updates for a in u.announcements if isinstance(a, ev.HandEnded)]
    return hand


async def test_a_completed_hand_moves_every_seat_as_openskill_says(service: TableService) -> None:
    table = await full_table(service, "qingdun")
    result = ended(await play_hand(service, table)).result
    winners = {seat for seat in range(4) if seat % 2 == result.winner_team}
    places = [Place(person(u), won=s in winners) for s, u in enumerate(USERS)]
    expected = rate_hand("qingdun", places, False, {})
    for user in USERS:
        standing = await service.store.standing(GUILD, "qingdun", person(user))
        assert standing is not None
        assert (standing.mu, standing.sigma) == (expected[person(user)].mu,
                                                 expected[person(user)].sigma)  # fmt: skip
        assert standing.rating == expected[person(user)].shown
        assert (standing.hands, standing.wins) == (1, int(USERS.index(user) in winners))


async def test_a_void_hand_moves_only_the_leaver(service: TableService) -> None:
    table = await full_table(service, "sankou")
    await service.leave(table, C)
    leaver = await service.store.standing(GUILD, "sankou", person(C))
    assert leaver is not None and (leaver.hands, leaver.voids, leaver.left_hands) == (0, 1, 1)
    assert (
        Rating(leaver.mu, leaver.sigma)
        == rate_hand("sankou", [Place(person(u), False, left=u == C) for u in USERS], True, {})[
            person(C)
        ]
    )
    for other in (A, B, D):
        standing = await service.store.standing(GUILD, "sankou", person(other))
        assert standing is not None and standing.rating == Rating().shown
        assert (standing.voids, standing.void_bonus) == (1, 3)


async def test_bots_are_rated_by_the_level_they_played(service: TableService) -> None:
    table = await full_table(service, "qingdun", humans=2)  # a new table's bots: strong
    await play_hand(service, table)
    strong = await service.store.standing(GUILD, "qingdun", bot("strong"))
    assert strong is not None and strong.hands == 2  # two seats, one level
    assert strong.rating != Rating().shown
    assert await service.store.standing(GUILD, "qingdun", bot("simple")) is None
    users = (201, 202, 203, 204)
    other = await full_table(
        service, "qingdun", humans=2, channel=71, users=users, settings={"bot_level": "simple"}
    )
    await play_hand(service, other)
    simple = await service.store.standing(GUILD, "qingdun", bot("simple"))
    assert simple is not None and simple.hands == 2
    [_, done] = await service.recent_hands(GUILD, table_id=other)
    record = await service.hand_record(GUILD, done.hand_id)
    assert [p.bot for p in record.players] == [None, None, "simple", "simple"]
    settings = SimpleNamespace(bot_level="strong")
    assert bot_level(settings, SimpleNamespace(user_id=None)) == "strong"
    assert bot_level(settings, SimpleNamespace(level="expert")) == "expert"
    assert bot_level(SimpleNamespace(), SimpleNamespace()) == "simple"


@pytest.mark.parametrize("game", ["qingdun", "sankou"])
async def test_rebuild_equals_stored_after_real_play(
    service: TableService, clock: Clock, game: str
) -> None:
    table = await full_table(service, game, humans=3)
    for n in range(3):
        await play_hand(service, table, prefix=f"h{n}-")
        clock.advance(DAY)
    await service.leave(table, B)  # a void hand
    other = await full_table(service, game, channel=71, users=(201, 202, 203, 204))
    await play_hand(service, other)
    report = await rebuild(service.store, write=False)
    assert report.hands == 5 and report.equal, report.differences


async def test_earlier_hands_are_rated_at_the_first_start_after_the_upgrade(
    database: str | Path, clock: Clock
) -> None:
    service = await open_service(database, clock)
    simple = {"bot_level": "simple"}  # the one level bots played before ratings were kept
    table = await full_table(service, "sankou", humans=2, settings=simple)
    await play_hand(service, table)
    await play_hand(service, table, prefix="b")
    before = await service.store.all_standings()
    await service.close()
    for name in ("hand_seats", "rating_steps", "standing_periods", "standings"):
        await execute(database, f"DELETE FROM {name}")  # as a database from before ratings
    service = await open_service(database, clock)
    try:
        assert await service.store.all_standings() == before
        assert len(await service.store.hands_without_seats()) == 0
        assert await service.rate_earlier_hands() is None  # once only
    finally:
        await service.close()


async def test_boards_through_the_service(service: TableService, clock: Clock) -> None:
    table = await full_table(service, "qingdun")
    results = [ended(await play_hand(service, table, prefix=f"h{n}-")).result for n in range(2)]
    assert await service.set_min_ranked_hands(GUILD, 2, is_manager=True) == 2
    board = await service.board(GUILD, "qingdun", A, by="points", period="week")
    totals = {u: sum(r.deltas[s] for r in results) for s, u in enumerate(USERS)}
    assert {line.user_id: line.value for line in board.lines} == totals
    ranks = [line.rank for line in board.lines]
    assert ranks == sorted(ranks) and ranks[0] == 1 and board.own is None
    rating = await service.board(GUILD, "qingdun", A, by="rating", period="all")
    assert {line.user_id for line in rating.lines} == set(USERS)
    await service.set_min_ranked_hands(GUILD, 3, is_manager=True)
    hidden = await service.board(GUILD, "qingdun", A, by="rating", period="month")
    assert hidden.lines == () and hidden.own is not None and hidden.own.hands == 2
    clock.advance(40 * DAY)  # a new week and month: nothing yet
    later = await service.board(GUILD, "qingdun", A, by="points", period="month")
    assert later.lines == () and later.own is not None and later.own.hands == 0
    for bad, code in (
        ({"by": "wins"}, "unknown_board_order"),
        ({"period": "day"}, "unknown_period"),
    ):
        with pytest.raises(ServiceError) as caught:
            await service.board(GUILD, "qingdun", A, **bad)
        assert caught.value.code == code


async def test_statistics_add_up_the_hands(service: TableService) -> None:
    table = await full_table(service, "qingdun")
    results = [ended(await play_hand(service, table, prefix=f"h{n}-")).result for n in range(3)]
    [stats] = await service.game_stats(GUILD, A)
    assert stats.hands == 3 and stats.wins == sum(r.winner_team == 0 for r in results)
    assert stats.first_out == sum(r.order[0] == 0 for r in results)
    assert stats.team_points == pytest.approx(sum(r.team_points[0] for r in results) / 3)
    assert stats.double_kou_for == sum(r.kind.value == "double_kou" and r.winner_team == 0
                                       for r in results)  # fmt: skip
    assert stats.rating is not None and stats.rating_change is not None
    assert stats.rating_change == stats.rating - Rating().shown  # all within the week
    assert await service.game_stats(GUILD, A, "sankou") == []


async def test_sankou_statistics_count_dealer_hands_by_band(service: TableService) -> None:
    table = await full_table(service, "sankou")
    results = [ended(await play_hand(service, table, prefix=f"h{n}-")).result for n in range(4)]
    for seat, user in enumerate(USERS):
        [stats] = await service.game_stats(GUILD, user, "sankou")
        dealt = [r for r in results if r.dealer == seat]
        assert stats.dealer_hands == len(dealt)
        assert stats.dealer_made == sum(r.deltas[seat] > 0 for r in dealt)
        assert sum(band.hands for band in bands(stats)) == len(dealt)
        assert [(b.low, b.high) for b in bands(stats)] == [(80, 110), (115, 195), (200, 200)]


async def test_history_lists_hands_with_short_ids(service: TableService) -> None:
    table = await full_table(service, "qingdun")
    await play_hand(service, table)
    by_table = await service.recent_hands(GUILD, table_id=table)
    assert [(h.number, h.outcome) for h in by_table] == [(2, None), (1, "complete")]
    assert [seat.name for seat in by_table[0].seats] == [f"u{u}" for u in USERS]
    by_player = await service.recent_hands(GUILD, user_id=B)
    assert [h.hand_id for h in by_player] == [by_table[1].hand_id]
    assert [seat.delta is not None for seat in by_player[0].seats] == [True] * 4
    with pytest.raises(ServiceError) as caught:
        await service.recent_hands(GUILD + 1, table_id=table)
    assert caught.value.code == "table_not_found"


async def test_a_running_hand_is_never_replayed_or_exported(service: TableService) -> None:
    table = await full_table(service, "sankou")
    [running] = await service.recent_hands(GUILD, table_id=table)
    for call in (service.hand_record, service.replay_hand):
        with pytest.raises(ServiceError) as caught:
            await call(GUILD, short_id(running.hand_id))
        assert caught.value.code == "hand_running"
    for hand, code in ((running.hand_id + 100, "hand_not_found"), ("#U!", "bad_hand_id")):
        with pytest.raises(ServiceError) as caught:
            await service.hand_record(GUILD, hand)
        assert caught.value.code == code
    await play_hand(service, table)
    with pytest.raises(ServiceError) as caught:  # another server's hand is not found
        await service.hand_record(GUILD + 1, running.hand_id)
    assert caught.value.code == "hand_not_found"


@pytest.mark.parametrize("game", ["qingdun", "sankou"])
async def test_an_exported_record_replays_to_the_same_result(
    service: TableService, game: str
) -> None:
    table = await full_table(service, game, humans=3)
    result = ended(await play_hand(service, table)).result
    [_, done] = await service.recent_hands(GUILD, table_id=table)
    record = await service.hand_record(GUILD, f"#{short_id(done.hand_id).lower()}")
    data = json.loads(json.dumps(record.to_json(), ensure_ascii=False))
    assert data["id"] == short_id(done.hand_id) and data["outcome"] == "complete"
    assert [p["bot"] for p in data["players"]] == [None, None, None, "strong"]
    again = replay(HandRecord.from_json(data))
    assert again.result_matches and again.game.result == result
    line, played = await service.replay_hand(GUILD, done.hand_id)
    assert line.hand_id == done.hand_id and played.game.result == result
    assert played.tricks and all(view.hand is None for view in played.tricks)
