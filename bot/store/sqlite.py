"""SQLite through aiosqlite: one file, one process (the default backend).

One aiosqlite connection in autocommit mode; every write happens inside ``transaction()``,
which holds the backend's lock, opens ``BEGIN IMMEDIATE`` and commits on exit (rolls back on
an exception). Reads take the same lock, so no reader ever sees another coroutine's half-done
transaction on the shared connection. The database runs in WAL mode with
``synchronous=NORMAL``: a committed transaction survives a crash of the process (the OS holds
the WAL), only a power cut may lose the last few commits.

Two things outside the process are watched. Another process holding the write lock: SQLite
waits only briefly, and ``transaction()`` retries with asyncio sleeps (the lock is free
meanwhile, so other tables keep reading) up to ``write_wait`` seconds, then raises
``StoreBusy``. The file deleted or replaced under us: its identity (device, inode) is checked
before and after every transaction; a change raises ``DatabaseGone``, so a commit that went
into an unlinked file is never reported as saved.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self, TypeVar

import aiosqlite

from bot.store.dialect import Params
from bot.store.errors import DatabaseGone, DatabaseUnusable, IntegrityError, StoreBusy
from bot.store.schema import MIGRATIONS

T = TypeVar("T")

BUSY_WAIT_MS = 50  # SQLite's own wait per attempt: short, it blocks the connection's thread


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


async def _run(db: aiosqlite.Connection, sql: str, params: Params = ()) -> list[Any]:
    """Execute one statement to its end in one trip to the connection's thread; its rows.

    Every statement goes through here: each trip to aiosqlite's thread costs a wake-up of
    that thread and of the event loop, the largest cost of a write (docs/service.md), so a
    statement and its rows take one trip, not three (execute, fetch, close). Run to its end,
    the statement is not left "in progress", which would make SQLite refuse the COMMIT.
    """
    return list(await db.execute_fetchall(sql, params))  # type: ignore[arg-type]


async def _in_thread(db: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run ``work`` on the connection in aiosqlite's thread, in one trip: several statements
    for the price of one wake-up. aiosqlite has no public call for this; ``_execute`` is how
    its own methods do it (the version is pinned, and the minimums check runs the store's
    tests at the declared floor)."""
    return await db._execute(work, db._conn)  # type: ignore[no-any-return]


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    return code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in str(exc)


def _can_open(path: str | Path) -> None:
    sqlite3.connect(path).close()


def _identity(path: Path) -> tuple[int, int]:
    """What tells this file apart from one put in its place: (device, inode)."""
    st = os.stat(path)
    return st.st_dev, st.st_ino


class SqliteConnection:
    """Statements on the shared connection, inside one transaction of the backend's.

    Each statement is one trip to aiosqlite's thread, and the transaction's ``BEGIN
    IMMEDIATE`` rides with its first statement: a move (the action's log, the claim, the
    commit) is a single trip. Another process holding the write lock makes that first trip
    fail before anything ran; it is tried again after a pause, the backend's lock free
    meanwhile (``SqliteBackend.transaction``), up to ``write_wait``.
    """

    fuses = False  # no data-modifying CTEs: one statement per write

    def __init__(self, backend: SqliteBackend) -> None:
        self._backend = backend
        self.begun = False  # BEGIN IMMEDIATE ran: the transaction is open or ended by ``last``
        self.holding = True  # the backend's lock (let go while waiting for the write lock)

    async def _trip(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in the connection's thread (after ``BEGIN IMMEDIATE`` the first time),
        integrity errors as the store's."""
        try:
            if self.begun:
                return await _in_thread(self._backend.db, work)
            return await self._backend.first_trip(self, work)
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(str(exc)) from exc

    async def run(self, sql: str, params: Params = ()) -> None:
        await self._trip(lambda db: db.execute(sql, params).fetchall())

    async def one(self, sql: str, params: Params = ()) -> Any:
        rows = await self.rows(sql, params)
        return rows[0] if rows else None

    async def last(
        self, sql: str, params: Params = (), first: tuple[str, Params] | None = None
    ) -> Any:
        """The transaction's last statement, after ``first`` if given; its first row. All in
        one trip to the connection's thread, with the end of the transaction: COMMIT when it
        returned a row (the claim held), else ROLLBACK (``Transaction.finish`` then raises
        ``StaleTable``). On an error nothing is ended: the backend rolls back."""

        def end(db: sqlite3.Connection) -> Any:
            if first is not None:
                db.execute(*first)
            rows = db.execute(sql, params).fetchall()  # to its end: COMMIT may follow
            db.execute("COMMIT" if rows else "ROLLBACK")
            return rows[0] if rows else None

        return await self._trip(end)

    async def rows(self, sql: str, params: Params = ()) -> list[Any]:
        return await self._trip(lambda db: db.execute(sql, params).fetchall())

    async def many(self, sql: str, rows: Iterable[Params]) -> None:
        listed = list(rows)
        await self._trip(lambda db: db.executemany(sql, listed).fetchall())

    async def lock(self, key: int) -> None:
        """Nothing to do: a write transaction holds the file's only write lock already."""


class SqliteBackend:
    """One SQLite file; see the module docstring."""

    name = "sqlite"

    def __init__(self, db: aiosqlite.Connection, path: Path | None, write_wait: float) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self._closed = False
        self._path = path  # None: nothing on disk to watch (":memory:")
        self._identity = None if path is None else _identity(path)
        self.write_wait = write_wait

    @classmethod
    async def open(cls, path: str | Path, *, write_wait: float) -> Self:
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
            backend = cls(db, Path(path) if on_disk else None, write_wait)
            await backend._migrate()
        except BaseException as exc:
            await db.close()
            if isinstance(exc, sqlite3.Error | OSError):
                raise DatabaseUnusable(
                    f"the database {path} is damaged or not a cardtable database ({exc}); "
                    "restore it from a backup, or move it away to start with an empty one"
                ) from exc
            raise
        return backend

    def check(self) -> None:
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
        async with self._lock:
            if not self._closed:
                self._closed = True
                await self._db.close()

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
        [row] = await _run(self._db, "PRAGMA user_version")
        return int(row[0])

    @property
    def db(self) -> aiosqlite.Connection:
        return self._db

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteConnection]:
        """One write transaction; ``StoreBusy`` / ``DatabaseGone`` as the module says. It
        begins with its first statement (``SqliteConnection``): one with none begins nothing."""
        self.check()
        await self._lock.acquire()
        connection = SqliteConnection(self)
        try:
            yield connection
            if self._db.in_transaction:  # else ended by its last statement, or never begun
                await _run(self._db, "COMMIT")
            self.check()
        except BaseException:
            if self._db.in_transaction:
                await _run(self._db, "ROLLBACK")
            raise
        finally:
            if connection.holding:  # (not after giving up waiting for the write lock)
                self._lock.release()

    async def first_trip(
        self, connection: SqliteConnection, work: Callable[[sqlite3.Connection], T]
    ) -> T:
        """``BEGIN IMMEDIATE`` then ``work``, in one trip. While another process holds
        SQLite's write lock, wait without blocking anyone: between attempts the backend's lock
        is released and the loop sleeps; past ``write_wait``, ``StoreBusy``."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self.write_wait
        pause = 0.005

        def begin_then(db: sqlite3.Connection) -> T:
            db.execute("BEGIN IMMEDIATE")
            connection.begun = True
            return work(db)

        while True:
            try:
                return await _in_thread(self._db, begin_then)
            except sqlite3.OperationalError as exc:
                if connection.begun or not _is_busy(exc):
                    raise
                self._lock.release()
                connection.holding = False
                if loop.time() >= give_up:
                    raise StoreBusy("another process holds the database's write lock") from exc
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.1)
            await self._lock.acquire()
            connection.holding = True

    async def read(self, sql: str, params: Params = ()) -> list[Any]:
        async with self._lock:
            return await _run(self._db, sql, params)
