"""The store on both backends (a real SQLite file, a real PostgreSQL database): schema and
migrations, transactions, the score queries."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from bot.config import is_postgres_url
from bot.ratings import record_hand
from bot.store import (
    DatabaseUnusable,
    DuplicateActionId,
    IntegrityError,
    LedgerEntry,
    ScoreLine,
    StaleTable,
    Store,
)
from bot.store.schema import MIGRATIONS
from bot.store.score_rows import Board, HandSeatRow, SeatLine, period_start
from bot.store.sqlite import _statements
from bot.store.transaction import Transaction
from tests.sql import execute

DAY = 86400.0
T0 = 1_800_000_000.0


@pytest.fixture
async def store(database: str | Path) -> AsyncIterator[Store]:
    store = await Store.open(database)
    yield store
    await store.close()


async def new_table(tx: Transaction, guild: int = 1, game: str = "qingdun") -> int:
    return await tx.insert_table(
        guild_id=guild, channel_id=5, game=game, settings={}, language="en",
        creator_id=1, created_at=T0,
    )  # fmt: skip


async def test_open_sets_wal_foreign_keys_and_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "fresh.db"
    store = await Store.open(path)
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()
    store = await Store.open(path)  # opening again migrates nothing and keeps the data
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()


async def test_reopening_migrates_nothing_and_keeps_the_data(database: str | Path) -> None:
    store = await Store.open(database)
    assert await store.schema_version() == len(MIGRATIONS)
    async with store.transaction() as tx:
        table = await new_table(tx)
    await store.close()
    store = await Store.open(database)
    assert await store.schema_version() == len(MIGRATIONS)
    assert (await store.table(table)).version == 0  # type: ignore[union-attr]
    await store.close()


async def test_a_newer_schema_is_refused(database: str | Path) -> None:
    await (await Store.open(database)).close()
    if is_postgres_url(database):
        await execute(database, "UPDATE schema_version SET version = ?", (len(MIGRATIONS) + 1,))
    else:
        await execute(database, f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(DatabaseUnusable, match="newer"):
        await Store.open(database)


def test_scripts_split_into_whole_statements() -> None:
    script = "CREATE TABLE a (x TEXT -- a; b\n);\nINSERT INTO a VALUES (';');\n"
    assert [s.strip() for s in _statements(script)] == [
        "CREATE TABLE a (x TEXT -- a; b\n);",
        "INSERT INTO a VALUES (';');",
    ]


async def test_a_failed_transaction_writes_nothing(store: Store) -> None:
    with pytest.raises(ZeroDivisionError):
        async with store.transaction() as tx:
            await new_table(tx)
            1 / 0  # noqa: B018
    assert await store.table(1) is None
    assert await store.active_tables() == []


async def test_foreign_keys_and_unique_action_ids_are_enforced(store: Store) -> None:
    with pytest.raises(IntegrityError):
        async with store.transaction() as tx:
            await tx.insert_hand(99, 1, {"seed": 1}, T0)
    async with store.transaction() as tx:
        table = await new_table(tx)
        hand = await tx.insert_hand(table, 1, {"seed": 1}, T0)
        await tx.append_action(hand, 0, "click", 0, {"type": "pass", "seat": 0}, T0)
    with pytest.raises(DuplicateActionId):
        async with store.transaction() as tx:
            await tx.append_action(hand, 1, "click", 1, {"type": "pass", "seat": 1}, T0)
    with pytest.raises(StaleTable):  # a seq is never written twice either: written elsewhere
        async with store.transaction() as tx:
            await tx.append_action(hand, 0, "other", 1, {"type": "pass", "seat": 1}, T0)
    stored = await store.stored_hand(hand)
    assert stored is not None and stored.actions == ({"type": "pass", "seat": 0},)
    assert await store.action_exists("click") and not await store.action_exists("other")


async def test_a_claimed_write_lands_whole_or_not_at_all(store: Store) -> None:
    """A write to a live table claims the version it read: a move (the action and the table's
    changes, one statement on PostgreSQL) lands only on that version, and bumps it."""
    async with store.transaction() as tx:
        table = await new_table(tx)
        hand = await tx.insert_hand(table, 1, {"seed": 1}, T0)
        await tx.update_table(table, hand_id=hand, status="playing")
    async with store.transaction() as tx:
        tx.claim_table(table, 0)
        await tx.append_action(hand, 0, "first", 0, {"type": "pass", "seat": 0}, T0)
        await tx.update_table(table, deadline=T0 + 60)
    row = await store.table(table)
    assert row is not None and (row.version, row.deadline) == (1, T0 + 60)
    with pytest.raises(StaleTable) as stale:  # written from a memory of version 0: refused
        async with store.transaction() as tx:
            tx.claim_table(table, 0)
            await tx.append_action(hand, 1, "late", 1, {"type": "pass", "seat": 1}, T0)
            await tx.update_table(table, deadline=T0 + 99)
    assert stale.value.table_id == table
    with pytest.raises(DuplicateActionId) as repeated:
        async with store.transaction() as tx:
            tx.claim_table(table, 1)
            await tx.append_action(hand, 1, "first", 1, {"type": "pass", "seat": 1}, T0)
            await tx.update_table(table, deadline=T0 + 99)
    assert repeated.value.action_id == "first"
    row = await store.table(table)
    assert row is not None and (row.version, row.deadline) == (1, T0 + 60)
    stored = await store.stored_hand(hand)
    assert stored is not None and stored.actions == ({"type": "pass", "seat": 0},)
    assert await store.action_exists("first") and not await store.action_exists("late")


async def test_every_cursor_is_closed_so_commits_never_meet_a_statement_in_progress(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A harness may keep every cursor alive (SimCord does, in reference cycles): the store
    must close its cursors itself, from the start-up PRAGMAs to the ledger rows."""
    kept: list[aiosqlite.Cursor] = []
    original = aiosqlite.Cursor.__init__

    def keep(self: aiosqlite.Cursor, *args: object) -> None:
        original(self, *args)  # type: ignore[arg-type]
        kept.append(self)

    monkeypatch.setattr(aiosqlite.Cursor, "__init__", keep)
    store = await Store.open(tmp_path / "kept.db")
    async with store.transaction() as tx:  # the first COMMIT after the PRAGMAs
        table = await new_table(tx)
        hand = await tx.insert_hand(table, 1, {"seed": 1}, T0)
        await tx.update_table(table, hand_id=hand)
        await tx.put_seat(table, 0, 1, "ann")
        await tx.append_action(hand, 0, "a", 0, {"type": "pass", "seat": 0}, T0)
        await tx.add_ledger(
            hand_id=hand, table_id=table, game="qingdun", guild_id=1, at=T0,
            entries=[line(0, 1, 5, "win")],
        )  # fmt: skip
    async with store.transaction() as tx:
        await tx.clear_seat(table, 0)
        await tx.finish_hand(hand, "complete", {}, T0)
    assert (await store.table(table)).hand_id == hand  # type: ignore[union-attr]
    # the store makes no cursor a harness could keep: each statement runs to its end in the
    # connection's thread (``bot.store.sqlite``), where its cursor is dropped at once
    assert kept == []
    await store.close()


def line(seat: int, user: int | None, delta: int, kind: str, **flags: bool) -> LedgerEntry:
    return LedgerEntry(seat, user, f"u{user}" if user else f"Bot {seat}", delta, kind, **flags)


async def record(
    store: Store, table: int, number: int, game: str, at: float, entries: list[LedgerEntry],
    guild: int = 1, outcome: str = "complete",
) -> None:  # fmt: skip
    """A settled hand written as the service writes it: the hand, its ledger lines and the
    standings they move (boards read those); a bot seat plays at the simple level."""
    levels = [None if e.user_id is not None else "simple" for e in entries]
    async with store.transaction() as tx:
        hand = await tx.insert_hand(table, number, {"seed": number}, at)
        await tx.finish_hand(hand, outcome, {"deltas": [e.delta for e in entries]}, at)
        await tx.add_ledger(
            hand_id=hand, table_id=table, game=game, guild_id=guild, at=at, entries=entries
        )
        await record_hand(
            tx, hand_id=hand, guild_id=guild, game=game, at=at, void=outcome == "void",
            seats=[
                SeatLine(e.seat, e.user_id, levels[e.seat], e.name, e.delta, e.won, e.left_hand,
                         e.dealer_made or e.dealer_failed)
                for e in entries
            ],
            summaries=[HandSeatRow(e.seat, levels[e.seat]) for e in entries],
        )  # fmt: skip


@pytest.fixture
async def scored(store: Store) -> Store:
    """Three 清墩 hands, one 三扣 hand with a bot, one hand in another guild."""
    async with store.transaction() as tx:
        q = await new_table(tx)
        s = await new_table(tx, game="sankou")
        other = await new_table(tx, guild=2)
    won = {"won": True}
    # 雙扣 by seats 0 & 2: +30 each, -30 each.
    await record(store, q, 1, "qingdun", T0, [
        line(0, 1, 30, "double_kou", double_kou_for=True, **won),
        line(1, 2, -30, "double_kou", double_kou_against=True),
        line(2, 3, 30, "double_kou", double_kou_for=True, **won),
        line(3, 4, -30, "double_kou", double_kou_against=True),
    ])  # fmt: skip
    # A normal hand won by seats 1 & 3, ten days later (Monday 25 January: a new week).
    await record(store, q, 2, "qingdun", T0 + 10 * DAY, [
        line(0, 1, -10, "normal"), line(1, 2, 10, "normal", **won),
        line(2, 3, -10, "normal"), line(3, 4, 10, "normal", **won),
    ])  # fmt: skip
    # Seat 1 left: -50, partner 0, opponents +10 (someone held under 10 cards). Void.
    await record(store, q, 3, "qingdun", T0 + 10 * DAY, [
        line(0, 1, 10, "left", void=True), line(1, 2, -50, "left", void=True, left_hand=True),
        line(2, 3, 10, "left", void=True), line(3, 4, 0, "left", void=True),
    ], outcome="void")  # fmt: skip
    # 三扣: user 1 deals, bid 120 made (×2): +6, others -2; seat 3 is a bot.
    await record(store, s, 1, "sankou", T0, [
        line(0, 1, 6, "made", dealer_made=True, **won), line(1, 2, -2, "made"),
        line(2, 3, -2, "made"), line(3, None, -2, "made"),
    ])  # fmt: skip
    await record(store, other, 1, "qingdun", T0, [
        line(0, 1, 999, "normal", **won), line(1, 2, -999, "normal"),
        line(2, 3, 999, "normal", **won), line(3, 4, -999, "normal"),
    ], guild=2)  # fmt: skip
    return store


async def points_board(
    store: Store, game: str, *, guild: int = 1, period: str = "all", at: float = T0
) -> Board:
    """A points board in which every leaving bonus counts (no minimum of completed hands)."""
    start = None if period == "all" else period_start(period, at)
    return await store.board(
        guild, game, by="points", period=period, start_day=start, min_hands=0, me=0
    )


async def test_points_boards_match_hand_computed_totals(scored: Store) -> None:
    board = await points_board(scored, "qingdun")
    # rank, user, name, points (the void hand's too), hands (completed only), wins
    assert [(r.rank, r.user_id, r.name, r.value, r.hands, r.wins) for r in board.lines] == [
        (1, 1, "u1", 30 - 10 + 10, 2, 1),
        (1, 3, "u3", 30 - 10 + 10, 2, 1),
        (3, 4, "u4", -30 + 10 + 0, 2, 1),
        (4, 2, "u2", -30 + 10 - 50, 2, 1),
    ]
    # The week of the last two hands: only hands 2 and 3.
    week = await points_board(scored, "qingdun", period="week", at=T0 + 10 * DAY)
    assert [(r.user_id, r.value, r.hands, r.wins) for r in week.lines] == [
        (4, 10 + 0, 1, 1),
        (1, -10 + 10, 1, 0),
        (3, -10 + 10, 1, 0),
        (2, 10 - 50, 1, 1),
    ]
    sankou = await points_board(scored, "sankou")
    # The bot is not on the board.
    assert [(r.user_id, r.value, r.wins) for r in sankou.lines] == [
        (1, 6, 1),
        (2, -2, 0),
        (3, -2, 0),
    ]
    # Each guild its own board.
    other = await points_board(scored, "qingdun", guild=2)
    assert [(r.user_id, r.value) for r in other.lines] == [(1, 999), (3, 999), (2, -999), (4, -999)]
    assert (await points_board(scored, "qingdun", guild=3)).lines == ()


async def test_game_stats_and_table_score(scored: Store) -> None:
    async def stats(user: int, game: str, guild: int = 1) -> tuple[int, ...] | None:
        found = await scored.game_stats(guild, user, game, min_hands=0, trend_since=T0)
        if found is None:
            return None
        return (found.points, found.hands, found.wins, found.voids, found.left,
                found.double_kou_for, found.double_kou_against, found.dealer_hands,
                found.dealer_made)  # fmt: skip

    # points, hands, wins, voids, left, 雙扣 for/against, dealer hands/made
    assert await stats(1, "qingdun") == (30, 2, 1, 1, 0, 1, 0, 0, 0)
    assert await stats(2, "qingdun") == (-70, 2, 1, 1, 1, 0, 1, 0, 0)
    assert await stats(2, "sankou") == (-2, 1, 0, 0, 0, 0, 0, 0, 0)
    assert await stats(1, "sankou") == (6, 1, 1, 0, 0, 0, 0, 1, 1)
    assert await stats(2, "sankou", guild=2) is None
    assert await scored.table_score(2) == [
        ScoreLine(1, None, "u1", 6, 1),
        ScoreLine(2, None, "u2", -2, 1),
        ScoreLine(3, None, "u3", -2, 1),
        ScoreLine(None, 3, "Bot 3", -2, 1),
    ]


async def test_a_tables_recent_hands_come_newest_first(scored: Store) -> None:
    hands = await scored.recent_hands(table_id=1, limit=2)
    assert [h.number for h in hands] == [3, 2]
    assert hands[0].outcome == "void"
    assert [(s.seat, s.delta) for s in hands[0].seats] == [(0, 10), (1, -50), (2, 10), (3, 0)]
    assert hands[1].result == {"deltas": [-10, 10, -10, 10]}
    assert [s.name for s in hands[1].seats] == ["u1", "u2", "u3", "u4"]
    assert await scored.recent_hands(table_id=99, limit=5) == []
