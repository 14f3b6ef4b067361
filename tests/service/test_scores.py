"""Scores through the service: the ledger behind table scores, points boards and statistics."""

from __future__ import annotations

import pytest

from bot.service import ServiceError, TableService
from bot.service import events as ev
from bot.store.score_rows import BoardLine
from tests.service.helpers import GUILD, USERS, Clock, full_table, play_hand

A, B, C, D = USERS
E = 999
DAY = 86400


async def points(
    service: TableService, game: str, *, guild: int = GUILD, period: str = "all"
) -> tuple[BoardLine, ...]:
    """The lines of a points board, as seen by someone who never played."""
    board = await service.board(guild, game, E + 1, by="points", period=period)
    return board.lines


async def test_leaving_penalties_on_the_board(service: TableService, clock: Clock) -> None:
    table = await full_table(service, "sankou")
    await service.leave(table, B)  # §2.9: B -9, the others +3
    await service.join(table, E, "Ed")
    await service.start(table, A)
    clock.advance(10 * DAY)  # a Monday: a new calendar week
    await service.leave(table, C)  # C -9; A, E, D +3
    # With no minimum of completed hands, every bonus counts for rank.
    assert await service.set_min_ranked_hands(GUILD, 0, is_manager=True) == 0
    board = await points(service, "sankou")
    assert [(r.rank, r.user_id, r.value, r.hands) for r in board] == [
        (1, A, 3 + 3, 0),
        (1, D, 3 + 3, 0),
        (3, E, 3, 0),
        (4, C, 3 - 9, 0),
        (5, B, -9, 0),
    ]
    recent = await points(service, "sankou", period="week")
    assert [(r.user_id, r.value) for r in recent] == [(A, 3), (D, 3), (E, 3), (C, -9)]
    assert await points(service, "qingdun") == ()
    [stats] = await service.game_stats(GUILD, C)
    assert (stats.game, stats.points, stats.hands, stats.voids) == ("sankou", -6, 0, 2)
    left = {user: (await service.game_stats(GUILD, user))[0].left for user in (A, B, C, D, E)}
    assert left == {A: 0, B: 1, C: 1, D: 0, E: 0}
    scores = {line.user_id: line.total for line in await service.table_score(table)}
    assert scores == {A: 6, B: -9, C: -6, D: 6, E: 3}


async def test_void_hand_bonuses_rank_only_after_the_servers_minimum_of_hands(
    service: TableService,
) -> None:
    """Alt accounts cannot farm leaving bonuses: with fewer completed hands than the server's
    minimum (5 by default) a player's void-hand bonuses do not count; penalties always do."""
    table = await full_table(service, "sankou")
    for _ in range(3):  # B walks out three times: A, C, D +3 each time
        await service.leave(table, B)
        await service.join(table, B, "Bo")
        await service.start(table, A)
    assert await service.min_ranked_hands(GUILD) == 5
    board = await points(service, "sankou")
    assert [(r.user_id, r.value, r.hands) for r in board] == [(B, -27, 0)]
    scores = {line.user_id: line.total for line in await service.table_score(table)}
    assert scores == {A: 9, B: -27, C: 9, D: 9}  # the table's own score is the true ledger
    updates = await play_hand(service, table)  # one completed hand each
    [ended] = [a for u in updates for a in u.announcements if isinstance(a, ev.HandEnded)]
    with pytest.raises(ServiceError) as exc:
        await service.set_min_ranked_hands(GUILD, 1, is_manager=False)
    assert exc.value.code == "not_manager"
    for bad in (-1, 1001, True, 2.5):
        with pytest.raises(ServiceError) as exc:
            await service.set_min_ranked_hands(GUILD, bad, is_manager=True)  # type: ignore[arg-type]
        assert exc.value.code == "bad_min_hands"
    await service.set_min_ranked_hands(GUILD, 1, is_manager=True)
    board = {r.user_id: r.value for r in await points(service, "sankou")}
    # B's three walk-outs were on one day: each bonus counts once (docs/ratings.md)
    assert board == {u: (-27 if u == B else 3) + ended.deltas[s] for s, u in enumerate(USERS)}
    assert await points(service, "sankou", guild=GUILD + 1) == ()


@pytest.mark.parametrize("game", ["qingdun", "sankou"])
async def test_played_hands_feed_the_board_and_statistics(service: TableService, game: str) -> None:
    table = await full_table(service, game)
    results = []
    for n in range(2):
        updates = await play_hand(service, table, prefix=f"h{n}-")
        [ended] = [a for u in updates for a in u.announcements if isinstance(a, ev.HandEnded)]
        results.append(ended.result)
    board = {r.user_id: r for r in await points(service, game)}
    for seat, user in enumerate(USERS):
        row = board[user]
        [stats] = await service.game_stats(GUILD, user, game)
        assert row.value == stats.points == sum(r.deltas[seat] for r in results)
        assert row.hands == stats.hands == 2 and stats.left == 0
        if game == "qingdun":
            assert row.wins == stats.wins == sum(r.winner_team == seat % 2 for r in results)
            double = [r for r in results if r.kind.value == "double_kou"]
            assert stats.double_kou_for == sum(r.winner_team == seat % 2 for r in double)
            assert stats.double_kou_against == len(double) - stats.double_kou_for
        else:
            assert row.wins == stats.wins == sum(r.deltas[seat] > 0 for r in results)
            dealt = [r for r in results if r.dealer == seat]
            made = sum(r.dealer_points >= r.bid for r in dealt)
            assert (stats.dealer_made, stats.dealer_hands) == (made, len(dealt))
    assert (await service.table_info(table)).hands_done == 2


async def test_score_queries_refuse_unknown_games_and_tables(service: TableService) -> None:
    for call, code in (
        (service.board(GUILD, "bridge", A), "unknown_game"),
        (service.game_stats(GUILD, A, "bridge"), "unknown_game"),
        (service.table_score(404), "table_not_found"),
        (service.recent_hands(GUILD, table_id=404), "table_not_found"),
    ):
        with pytest.raises(ServiceError) as exc:
            await call
        assert exc.value.code == code
