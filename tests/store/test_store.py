"""The store on both backends (a real SQLite file, a real PostgreSQL database): schema and
migrations, transactions, the score queries."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from bot.store import (
    BoardRow,
    DatabaseUnusable,
    DuplicateActionId,
    IntegrityError,
    LedgerEntry,
    PlayerStats,
    ScoreLine,
    StaleTable,
    Store,
)
from bot.store.postgres import is_postgres_url
from bot.store.schema import MIGRATIONS
from bot.store.sqlite import _statements
from bot.store.store import Transaction
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
    assert await store.hand_log(hand) == [("click", {"type": "pass", "seat": 0})]
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
    assert [a for a, _ in await store.hand_log(hand)] == ["first"]


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
    assert kept
    await store.close()


def line(seat: int, user: int | None, delta: int, kind: str, **flags: bool) -> LedgerEntry:
    return LedgerEntry(seat, user, f"u{user}" if user else f"Bot {seat}", delta, kind, **flags)


async def record(
    store: Store, table: int, number: int, game: str, at: float, entries: list[LedgerEntry],
    guild: int = 1, outcome: str = "complete",
) -> None:  # fmt: skip
    async with store.transaction() as tx:
        hand = await tx.insert_hand(table, number, {"seed": number}, at)
        await tx.finish_hand(hand, outcome, {"deltas": [e.delta for e in entries]}, at)
        await tx.add_ledger(
            hand_id=hand, table_id=table, game=game, guild_id=guild, at=at, entries=entries
        )


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
    # A normal hand won by seats 1 & 3, ten days later.
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
    await record(store, other, 1, "qingdun", T0, [line(0, 1, 999, "normal", **won)], guild=2)
    return store


async def test_leaderboard_matches_hand_computed_totals(scored: Store) -> None:
    board = await scored.leaderboard(1, "qingdun")
    assert board == [
        # user, name, total, hands (completed), wins, left, 雙扣 for/against, dealer made/failed
        BoardRow(1, "u1", 30 - 10 + 10, 2, 1, 0, 1, 0, 0, 0),
        BoardRow(3, "u3", 30 - 10 + 10, 2, 1, 0, 1, 0, 0, 0),
        BoardRow(4, "u4", -30 + 10 + 0, 2, 1, 0, 0, 1, 0, 0),
        BoardRow(2, "u2", -30 + 10 - 50, 2, 1, 1, 0, 1, 0, 0),
    ]
    assert board[0].win_rate == 0.5
    # The last 5 days (seen from day 11): only hands 2 and 3.
    recent = await scored.leaderboard(1, "qingdun", since=T0 + 6 * DAY)
    assert [(r.user_id, r.total, r.hands, r.wins) for r in recent] == [
        (4, 10 + 0, 1, 1),
        (1, -10 + 10, 1, 0),
        (3, -10 + 10, 1, 0),
        (2, 10 - 50, 1, 1),
    ]
    sankou = await scored.leaderboard(1, "sankou")
    # The bot is not on the board.
    assert [(r.user_id, r.total, r.dealer_made, r.wins) for r in sankou] == [
        (1, 6, 1, 1),
        (2, -2, 0, 0),
        (3, -2, 0, 0),
    ]
    assert await scored.leaderboard(3, "qingdun") == []


async def test_player_stats_and_table_score(scored: Store) -> None:
    assert await scored.player_stats(1, 2) == [
        PlayerStats("qingdun", -70, 2, 1, 1, 1, 0, 1, 0, 0),
        PlayerStats("sankou", -2, 1, 0, 0, 1, 0, 0, 0, 0),
    ]
    assert [s.game for s in await scored.player_stats(1, 2, "sankou")] == ["sankou"]
    assert await scored.table_score(2) == [
        ScoreLine(1, None, "u1", 6, 1),
        ScoreLine(2, None, "u2", -2, 1),
        ScoreLine(3, None, "u3", -2, 1),
        ScoreLine(None, 3, "Bot 3", -2, 1),
    ]


async def test_history_gives_the_last_hands_oldest_first(scored: Store) -> None:
    hands = await scored.history(1, 2)
    assert [h.number for h in hands] == [2, 3]
    assert hands[1].outcome == "void" and hands[1].deltas == {0: 10, 1: -50, 2: 10, 3: 0}
    assert hands[0].result == {"deltas": [-10, 10, -10, 10]}
    assert hands[0].names == {0: "u1", 1: "u2", 2: "u3", 3: "u4"}
    assert await scored.history(99, 5) == []
