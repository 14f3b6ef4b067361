"""The one module that speaks SQL.

One aiosqlite connection in autocommit mode; every write happens inside ``transaction()``,
which holds the store's lock, opens ``BEGIN IMMEDIATE`` and commits on exit (rolls back on an
exception). Reads take the same lock, so no reader ever sees another coroutine's half-done
transaction on the shared connection. The database runs in WAL mode with
``synchronous=NORMAL``: a committed transaction survives a crash of the process (the OS holds
the WAL), only a power cut may lose the last few commits.

Two things outside the process are watched. Another process holding the write lock: SQLite
waits only briefly, and ``transaction()`` retries with asyncio sleeps (the store's lock is free
meanwhile, so other tables keep reading) up to ``write_wait`` seconds, then raises
``StoreBusy``. The file deleted or replaced under us: its identity (device, inode) is checked
before and after every transaction; a change raises ``DatabaseGone``, so a commit that went
into an unlinked file is never reported as saved.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self

import aiosqlite

from bot.store.records import (
    ActiveTable,
    BoardRow,
    HandRow,
    HandSummary,
    LedgerEntry,
    PlayerStats,
    ScoreLine,
    SeatRow,
    TableRow,
)
from bot.store.schema import MIGRATIONS
from bot.store.scores import ScoreReads, ScoreWrites

_TABLE_COLUMNS = (
    "id, guild_id, channel_id, thread_id, message_id, game, settings, language, status, "
    "creator_id, created_at, hand_id, hands_done, deadline, reminder_at, reminder_sent, "
    "closing, end_vote, take_back"
)
_COUNTS = (
    "SUM(NOT void), SUM(won), SUM(left_hand), SUM(double_kou_for), "
    "SUM(double_kou_against), SUM(dealer_made), SUM(dealer_failed)"
)
_STAT_SUMS = f"COALESCE(SUM(delta), 0), {_COUNTS}"
# A void hand's bonus counts for rank only once the player has the server's minimum of
# completed hands (the CTE ``ranked``); penalties always count, so leaving never pays.
_RANKED_TOTAL = (
    "COALESCE(SUM(CASE WHEN NOT void OR delta < 0 OR user_id IN ranked THEN delta END), 0)"
)
# A player's name as last recorded in the guild (a grouped query's row names the user).
_LATEST_NAME = (
    "(SELECT latest.name FROM ledger AS latest WHERE latest.guild_id = ledger.guild_id "
    "AND latest.user_id = ledger.user_id ORDER BY latest.at DESC, latest.rowid DESC LIMIT 1)"
)
_UPDATABLE = frozenset(
    {
        "thread_id",
        "message_id",
        "settings",
        "language",
        "status",
        "ended_at",
        "hand_id",
        "hands_done",
        "deadline",
        "reminder_at",
        "reminder_sent",
        "closing",
        "end_vote",
        "take_back",
    }
)
BUSY_WAIT_MS = 50  # SQLite's own wait per attempt: short, it blocks the connection's thread
WRITE_WAIT = 2.0  # seconds a write keeps retrying a lock held by another process


class StoreBusy(Exception):
    """Another process held the database's write lock for longer than ``write_wait``."""


class DatabaseGone(Exception):
    """The database file was deleted or replaced while the bot ran: nothing can be saved."""


class DatabaseUnusable(RuntimeError):
    """The database cannot be opened or read at all; the message says what to do."""


class DuplicateActionId(Exception):
    """An action id is in the log already: the action was applied before."""

    def __init__(self, action_id: str) -> None:
        self.action_id = action_id
        super().__init__(f"action id {action_id!r} was applied before")


def _statements(script: str) -> list[str]:
    """Split a script into whole statements (a ``;`` inside a comment or string is no end)."""
    statements, pending = [], ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                statements.append(pending)
            pending = ""
    return statements


async def _run(db: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> int | None:
    """Execute one statement and close its cursor at once; returns the last inserted row id.

    An open cursor keeps its statement "in progress" until it is finalized, and SQLite refuses
    to COMMIT while one is (seen when a harness keeps the cursor alive in a reference cycle).
    """
    async with db.execute(sql, params) as cursor:
        return cursor.lastrowid


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _table_row(row: aiosqlite.Row | tuple[Any, ...]) -> TableRow:
    return TableRow(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        thread_id=row[3],
        message_id=row[4],
        game=row[5],
        settings=json.loads(row[6]),
        language=row[7],
        status=row[8],
        creator_id=row[9],
        created_at=row[10],
        hand_id=row[11],
        hands_done=row[12],
        deadline=row[13],
        reminder_at=row[14],
        reminder_sent=bool(row[15]),
        closing=bool(row[16]),
        end_vote=None if row[17] is None else json.loads(row[17]),
        take_back=None if row[18] is None else json.loads(row[18]),
    )


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    return code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in str(exc)


def _can_open(path: str | Path) -> None:
    sqlite3.connect(path).close()


def _identity(path: Path) -> tuple[int, int]:
    """What tells this file apart from one put in its place: (device, inode)."""
    st = os.stat(path)
    return st.st_dev, st.st_ino


class Transaction(ScoreWrites):
    """Writes inside one open transaction; obtained from ``Store.transaction()``."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def insert_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        settings: dict[str, Any],
        language: str,
        creator_id: int,
        created_at: float,
    ) -> int:
        row_id = await _run(
            self._db,
            "INSERT INTO tables (guild_id, channel_id, game, settings, language, status, "
            "creator_id, created_at) VALUES (?, ?, ?, ?, ?, 'waiting', ?, ?)",
            (guild_id, channel_id, game, _dumps(settings), language, creator_id, created_at),
        )
        assert row_id is not None
        return row_id

    async def update_table(self, table_id: int, **fields: Any) -> None:
        """Set columns of one table row; ``settings`` is given as a dict."""
        unknown = set(fields) - _UPDATABLE
        if unknown:
            raise ValueError(f"not updatable: {sorted(unknown)}")
        for name in ("settings", "end_vote", "take_back"):
            if fields.get(name) is not None:
                fields[name] = _dumps(fields[name])
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await _run(
            self._db, f"UPDATE tables SET {assignments} WHERE id = ?", (*fields.values(), table_id)
        )

    async def put_seat(self, table_id: int, seat: int, user_id: int | None, name: str) -> None:
        await _run(
            self._db,
            "INSERT OR REPLACE INTO seats (table_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
            (table_id, seat, user_id, name),
        )

    async def clear_seat(self, table_id: int, seat: int) -> None:
        await _run(self._db, "DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))

    async def set_seat_flags(
        self, table_id: int, seat: int, *, missed: bool, autoplay: bool
    ) -> None:
        await _run(
            self._db,
            "UPDATE seats SET missed = ?, autoplay = ? WHERE table_id = ? AND seat = ?",
            (missed, autoplay, table_id, seat),
        )

    async def insert_hand(
        self,
        table_id: int,
        number: int,
        start: dict[str, Any],
        started_at: float,
        seated: Iterable[int | None] = (),
    ) -> int:
        row_id = await _run(
            self._db,
            "INSERT INTO hands (table_id, number, start, started_at, seated) "
            "VALUES (?, ?, ?, ?, ?)",
            (table_id, number, _dumps(start), started_at, _dumps(list(seated))),
        )
        assert row_id is not None
        return row_id

    async def finish_hand(
        self, hand_id: int, outcome: str, result: dict[str, Any] | None, ended_at: float
    ) -> None:
        await _run(
            self._db,
            "UPDATE hands SET outcome = ?, result = ?, ended_at = ? WHERE id = ?",
            (outcome, None if result is None else _dumps(result), ended_at, hand_id),
        )

    async def append_action(
        self, hand_id: int, seq: int, action_id: str, seat: int, action: dict[str, Any], at: float
    ) -> None:
        """Append to the log; ``DuplicateActionId`` if ``action_id`` was logged before."""
        try:
            await _run(
                self._db,
                "INSERT INTO actions (hand_id, seq, action_id, seat, action, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (hand_id, seq, action_id, seat, _dumps(action), at),
            )
        except sqlite3.IntegrityError as exc:
            if "actions.action_id" in str(exc):
                raise DuplicateActionId(action_id) from exc
            raise

    async def add_ledger(
        self,
        *,
        hand_id: int,
        table_id: int,
        game: str,
        guild_id: int,
        at: float,
        entries: Iterable[LedgerEntry],
    ) -> None:
        cursor = await self._db.executemany(
            "INSERT INTO ledger (hand_id, seat, table_id, user_id, name, game, guild_id, delta, "
            "kind, void, won, left_hand, double_kou_for, double_kou_against, dealer_made, "
            "dealer_failed, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    hand_id,
                    e.seat,
                    table_id,
                    e.user_id,
                    e.name,
                    game,
                    guild_id,
                    e.delta,
                    e.kind,
                    e.void,
                    e.won,
                    e.left_hand,
                    e.double_kou_for,
                    e.double_kou_against,
                    e.dealer_made,
                    e.dealer_failed,
                    at,
                )
                for e in entries
            ],
        )
        await cursor.close()

    async def set_four_colour(self, user_id: int, on: bool) -> None:
        """The player's card colours in their own pictures (``four_colour``)."""
        await _run(
            self._db,
            "INSERT INTO user_settings (user_id, four_colour) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET four_colour = excluded.four_colour",
            (user_id, int(on)),
        )

    async def set_min_ranked_hands(self, guild_id: int, hands: int) -> None:
        await _run(
            self._db,
            "INSERT INTO guild_settings (guild_id, min_ranked_hands) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET min_ranked_hands = excluded.min_ranked_hands",
            (guild_id, hands),
        )


class Store(ScoreReads):
    """The database of one bot: open with ``await Store.open(path)``, close when done."""

    def __init__(
        self, db: aiosqlite.Connection, path: Path | None = None, write_wait: float = WRITE_WAIT
    ) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self._closed = False
        self._path = path  # None: nothing on disk to watch (":memory:")
        self._identity = None if path is None else _identity(path)
        self.write_wait = write_wait

    @classmethod
    async def open(cls, path: str | Path, *, write_wait: float = WRITE_WAIT) -> Self:
        """Open (creating if needed) and migrate the database at ``path``.

        ``DatabaseUnusable`` when the file cannot be opened, is not a database, or is damaged
        or newer than this program beyond use; its message is meant for the operator.
        """
        on_disk = str(path) not in ("", ":memory:") and not str(path).startswith("file:")
        try:
            # Tried with plain sqlite3 first: a failed aiosqlite.connect leaves its worker
            # thread to report to an event loop that may be closed by then.
            await asyncio.to_thread(_can_open, path)
            db = await aiosqlite.connect(path, isolation_level=None)
        except (sqlite3.Error, OSError) as exc:
            raise DatabaseUnusable(f"cannot open the database {path}: {exc}") from exc
        try:
            await _run(db, "PRAGMA journal_mode = WAL")
            await _run(db, "PRAGMA synchronous = NORMAL")
            await _run(db, "PRAGMA foreign_keys = ON")
            await _run(db, f"PRAGMA busy_timeout = {BUSY_WAIT_MS}")
            store = cls(db, Path(path) if on_disk else None, write_wait)
            await store._migrate()
        except BaseException as exc:
            await db.close()
            if isinstance(exc, sqlite3.Error | OSError):
                raise DatabaseUnusable(
                    f"the database {path} is damaged or not a cardtable database ({exc}); "
                    "restore it from a backup, or move it away to start with an empty one"
                ) from exc
            raise
        return store

    def check_file(self) -> None:
        """``DatabaseGone`` if the file was deleted or replaced since it was opened."""
        if self._path is None:
            return
        try:
            same = _identity(self._path) == self._identity
        except OSError:
            same = False
        if not same:
            raise DatabaseGone(f"the database file {self._path} was deleted or replaced")

    async def close(self) -> None:
        """Close the connection (a second call does nothing)."""
        async with self._lock:
            if not self._closed:
                self._closed = True
                await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _migrate(self) -> None:
        version = await self.schema_version()
        if version > len(MIGRATIONS):
            raise DatabaseUnusable(
                f"database schema {version} is newer than this program ({len(MIGRATIONS)}): "
                "run the newer cardtable, or restore an older copy of the database"
            )
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            # executescript would commit on its own; run the statements inside our transaction.
            await _run(self._db, "BEGIN IMMEDIATE")
            try:
                for statement in _statements(script):
                    await _run(self._db, statement)
                await _run(self._db, f"PRAGMA user_version = {number}")
                await _run(self._db, "COMMIT")
            except BaseException:
                await _run(self._db, "ROLLBACK")
                raise

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        assert row is not None
        return int(row[0])

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """All writes of one step; committed together on exit, or none of them.

        ``StoreBusy`` if another process keeps the write lock past ``write_wait`` (nothing was
        written); ``DatabaseGone`` if the file was replaced, before the start or after the
        commit (then the commit went into a file nobody will read again).
        """
        self.check_file()
        await self._begin()
        try:
            yield Transaction(self._db)
            await _run(self._db, "COMMIT")
            self.check_file()
        except BaseException:
            if self._db.in_transaction:
                await _run(self._db, "ROLLBACK")
            raise
        finally:
            self._lock.release()

    async def _begin(self) -> None:
        """Take the store's lock and SQLite's write lock; wait for the latter without blocking
        anyone: between attempts the store's lock is released and the loop sleeps."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self.write_wait
        pause = 0.005
        while True:
            await self._lock.acquire()
            try:
                await _run(self._db, "BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                self._lock.release()
                if not _is_busy(exc):
                    raise
                if loop.time() >= give_up:
                    raise StoreBusy("another process holds the database's write lock") from exc
            except BaseException:
                self._lock.release()
                raise
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.1)

    async def _all(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, params))

    # -- reads ---------------------------------------------------------------------------

    async def action_exists(self, action_id: str) -> bool:
        rows = await self._all("SELECT 1 FROM actions WHERE action_id = ?", (action_id,))
        return bool(rows)

    async def active_table_ids(self) -> list[int]:
        """The ids of every table not ended (start-up loads each on its own if need be)."""
        rows = await self._all("SELECT id FROM tables WHERE status != 'ended' ORDER BY id")
        return [row[0] for row in rows]

    async def min_ranked_hands(self, guild_id: int) -> int | None:
        """The server's setting, or None where it was never set."""
        rows = await self._all(
            "SELECT min_ranked_hands FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return rows[0][0] if rows else None

    async def four_colour(self, user_id: int) -> bool | None:
        """Whether the player chose the four-colour deck (None: never chose)."""
        rows = await self._all(
            "SELECT four_colour FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return bool(rows[0][0]) if rows else None

    async def has_hands(self, guild_id: int, user_id: int) -> bool:
        """Whether the user has a hand in this server's ledger (finished or void)."""
        rows = await self._all(
            "SELECT 1 FROM ledger WHERE guild_id = ? AND user_id = ? LIMIT 1", (guild_id, user_id)
        )
        return bool(rows)

    async def table(self, table_id: int) -> TableRow | None:
        rows = await self._all(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        return _table_row(rows[0]) if rows else None

    async def active_tables(self, table_id: int | None = None) -> list[ActiveTable]:
        """Every table not ended (or just ``table_id``), with seats and its latest hand's log.

        A few bulk queries whatever the number of tables, so recovery stays fast. One table is
        read through its keys only (no scan), so a damaged page elsewhere does not stop it.
        """
        if table_id is None:
            return await self._records("t.status != 'ended'", ())
        return await self._records("t.id = ? AND t.status != 'ended'", (table_id,))

    async def table_record(self, table_id: int) -> ActiveTable | None:
        """One table as recovery would see it, ended or not."""
        records = await self._records("t.id = ?", (table_id,))
        return records[0] if records else None

    async def latest_table_id(
        self, *, thread_id: int | None = None, channel_id: int | None = None
    ) -> int | None:
        """The newest table shown in ``thread_id`` (else created in ``channel_id``), ended too."""
        column, value = (
            ("thread_id", thread_id) if thread_id is not None else ("channel_id", channel_id)
        )
        rows = await self._all(
            f"SELECT id FROM tables WHERE {column} = ? ORDER BY id DESC LIMIT 1", (value,)
        )
        return rows[0][0] if rows else None

    async def _records(self, where: str, only: tuple[Any, ...]) -> list[ActiveTable]:
        """The tables matching ``where`` (a condition on ``t`` over the parameters ``only``)."""
        tables = [
            _table_row(r)
            for r in await self._all(
                f"SELECT {_TABLE_COLUMNS} FROM tables t WHERE {where} ORDER BY id", only
            )
        ]
        seats: dict[int, list[SeatRow]] = {}
        for owner, seat, user_id, name, missed, autoplay in await self._all(
            "SELECT s.table_id, s.seat, s.user_id, s.name, s.missed, s.autoplay FROM seats s "
            f"JOIN tables t ON t.id = s.table_id WHERE {where} ORDER BY s.seat",
            only,
        ):
            seats.setdefault(owner, []).append(
                SeatRow(seat, user_id, name, bool(missed), bool(autoplay))
            )
        hands: dict[int, tuple[int, str, bool, str | None]] = {
            hand_id: (number, start, ended, seated)
            for hand_id, number, start, ended, seated in await self._all(
                "SELECT h.id, h.number, h.start, h.ended_at IS NOT NULL, h.seated FROM hands h "
                f"JOIN tables t ON t.hand_id = h.id WHERE {where}",
                only,
            )
        }
        logs: dict[int, list[str]] = {}
        for hand_id, action in await self._all(
            "SELECT a.hand_id, a.action FROM actions a JOIN tables t ON t.hand_id = a.hand_id "
            f"WHERE {where} ORDER BY a.hand_id, a.seq",
            only,
        ):
            logs.setdefault(hand_id, []).append(action)
        result = []
        for table in tables:
            hand = None
            if table.hand_id is not None:
                number, start, ended, seated = hands[table.hand_id]
                hand = HandRow(
                    table.hand_id,
                    number,
                    json.loads(start),
                    bool(ended),
                    tuple(logs.get(table.hand_id, ())),
                    None if seated is None else tuple(json.loads(seated)),
                )
            result.append(ActiveTable(table, tuple(seats.get(table.id, ())), hand))
        return result

    async def hand_log(self, hand_id: int) -> list[tuple[str, dict[str, Any]]]:
        """(action id, action record) of one hand, in order."""
        rows = await self._all(
            "SELECT action_id, action FROM actions WHERE hand_id = ? ORDER BY seq", (hand_id,)
        )
        return [(action_id, json.loads(action)) for action_id, action in rows]

    async def table_score(self, table_id: int) -> list[ScoreLine]:
        """Each player's total at this table, best first; bots are told apart by seat."""
        rows = await self._all(
            "SELECT user_id, CASE WHEN user_id IS NULL THEN seat END AS bot_seat, "
            "MAX(name), SUM(delta), COUNT(*) FROM ledger WHERE table_id = ? "
            "GROUP BY user_id, bot_seat ORDER BY SUM(delta) DESC, MIN(seat)",
            (table_id,),
        )
        return [ScoreLine(u, s, n, total, hands) for u, s, n, total, hands in rows]

    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        since: float | None = None,
        limit: int = 20,
        min_hands: int = 0,
    ) -> list[BoardRow]:
        """Players of a guild in one game, by total; ``since`` limits to hands after it.

        Void-hand bonuses count only for players with ``min_hands`` completed hands in the
        game (all time); a player with nothing that counts is left out.
        """
        rows = await self._all(
            "WITH ranked AS (SELECT user_id FROM ledger WHERE guild_id = ? AND game = ? "
            "AND user_id IS NOT NULL GROUP BY user_id HAVING SUM(NOT void) >= ?) "
            f"SELECT user_id, {_LATEST_NAME}, {_RANKED_TOTAL}, {_COUNTS} FROM ledger "
            "WHERE guild_id = ? AND game = ? AND user_id IS NOT NULL AND (? IS NULL OR at >= ?) "
            f"GROUP BY user_id HAVING SUM(NOT void) > 0 OR {_RANKED_TOTAL} != 0 "
            "ORDER BY 3 DESC, SUM(won) DESC, user_id LIMIT ?",
            (guild_id, game, min_hands, guild_id, game, since, since, limit),
        )
        return [BoardRow(*row) for row in rows]

    async def player_stats(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> list[PlayerStats]:
        """One player's numbers per game played in the guild."""
        rows = await self._all(
            f"SELECT game, {_STAT_SUMS}, COUNT(DISTINCT table_id) FROM ledger "
            "WHERE guild_id = ? AND user_id = ? AND (? IS NULL OR game = ?) "
            "GROUP BY game ORDER BY game",
            (guild_id, user_id, game, game),
        )
        return [
            PlayerStats(
                game=g,
                total=t,
                hands=h,
                wins=w,
                left=lf,
                tables=tb,
                double_kou_for=df,
                double_kou_against=da,
                dealer_made=dm,
                dealer_failed=dfl,
            )
            for g, t, h, w, lf, df, da, dm, dfl, tb in rows
        ]

    async def history(self, table_id: int, last_n: int) -> list[HandSummary]:
        """The last ``last_n`` hands of a table, oldest first."""
        hands = await self._all(
            "SELECT id, number, started_at, ended_at, outcome, result FROM hands "
            "WHERE table_id = ? ORDER BY number DESC LIMIT ?",
            (table_id, last_n),
        )
        if not hands:
            return []
        ids = [h[0] for h in hands]
        marks = ",".join("?" * len(ids))
        ledger: dict[int, list[tuple[int, int, str, bool]]] = {}
        for hand_id, seat, delta, name, bot in await self._all(
            "SELECT hand_id, seat, delta, name, user_id IS NULL FROM ledger "
            f"WHERE hand_id IN ({marks})",
            tuple(ids),
        ):
            ledger.setdefault(hand_id, []).append((seat, delta, name, bool(bot)))
        return [
            HandSummary(
                number=number,
                started_at=started,
                ended_at=ended,
                outcome=outcome,
                result=None if result is None else json.loads(result),
                deltas={seat: delta for seat, delta, _, _ in ledger.get(hand_id, ())},
                names={seat: name for seat, _, name, _ in ledger.get(hand_id, ())},
                bots=frozenset(seat for seat, _, _, bot in ledger.get(hand_id, ()) if bot),
            )
            for hand_id, number, started, ended, outcome, result in reversed(hands)
        ]
