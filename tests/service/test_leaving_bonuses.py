"""Walking out and re-joining farms nothing on the server's point totals (docs/ratings.md)."""

from __future__ import annotations

import itertools

from bot.ratings import rebuild
from bot.ratings.model import Rating, person
from bot.service import TableService
from tests.service.helpers import GUILD, Clock, full_table, play_turn

X, Y, Z = 301, 302, 303  # X walks out again and again; Y and Z sit
DAY = 86400


async def points(service: TableService, game: str) -> dict[int, int]:
    board = await service.board(GUILD, game, Y, by="points")
    return {line.user_id: line.value for line in board.lines}


async def walk_out(service: TableService, table: int) -> None:
    """X leaves the running hand, sits down again, and Y deals the next one."""
    await service.leave(table, X)
    await service.join(table, X, "x")
    await service.start(table, Y)


async def test_ten_walk_outs_leave_nobody_with_points_from_zero_completed_hands(
    service: TableService, clock: Clock
) -> None:
    """三扣 §2.9 in the bidding: the leaver −9, every other seat +3. Ten times on one day: the
    table's score keeps every bonus."""
    table = await full_table(service, "sankou", humans=3, users=(Y, Z, X))
    for _ in range(10):
        await walk_out(service, table)
    scores = {line.user_id: line.total for line in await service.table_score(table)}
    assert scores == {Y: 30, Z: 30, X: -90, None: 30}
    assert await points(service, "sankou") == {X: -90}  # the default minimum: 5 hands
    for user in (Y, Z):
        [stats] = await service.game_stats(GUILD, user)
        assert (stats.hands, stats.points, stats.bonus, stats.bonus_counted) == (0, 0, 30, 0)
        standing = await service.store.standing(GUILD, "sankou", person(user))
        assert standing is not None and (standing.mu, standing.sigma) == (
            Rating().mu,
            Rating().sigma,
        )  # a void hand rates only the leaver
    await service.set_min_ranked_hands(GUILD, 0, is_manager=True)
    assert await points(service, "sankou") == {Y: 3, Z: 3, X: -90}  # once per leaver and day
    clock.advance(DAY)
    await walk_out(service, table)
    assert await points(service, "sankou") == {Y: 6, Z: 6, X: -99}
    [stats] = await service.game_stats(GUILD, Y)
    assert (stats.points, stats.bonus, stats.bonus_counted) == (6, 33, 6)
    assert (await rebuild(service.store, write=False)).equal


async def test_qingdun_bonuses_count_once_per_leaver_and_day(service: TableService) -> None:
    """清墩 §1.7: once someone holds fewer than 10 cards, each opponent of the leaver +10."""
    table = await full_table(service, "qingdun", humans=3, users=(Y, X, Z))  # X in seat 1
    turns = itertools.count()
    for _ in range(2):
        while min((await service.public_view(table)).hand_sizes) >= 10:
            await play_turn(service, table, f"turn-{next(turns)}")
        cost = await service.leave_cost(table, X)
        assert cost is not None and cost.deltas == (10, -50, 10, 0)  # the partner (a bot) 0
        await walk_out(service, table)
    scores = {line.user_id: line.total for line in await service.table_score(table)}
    assert scores == {Y: 20, Z: 20, X: -100, None: 0}
    assert await points(service, "qingdun") == {X: -100}
    await service.set_min_ranked_hands(GUILD, 0, is_manager=True)
    assert await points(service, "qingdun") == {Y: 10, Z: 10, X: -100}
    assert (await rebuild(service.store, write=False)).equal
