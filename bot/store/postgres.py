"""PostgreSQL through asyncpg: one database shared by every bot process.

A pool of connections: each transaction takes one for itself, so writes of different tables
run side by side, and PostgreSQL (not this process) makes each one atomic and durable. A write
that waits more than ``write_wait`` for a lock another process holds stops with ``StoreBusy``
(``lock_timeout``); a lost connection or a server restarting is ``DatabaseUnavailable`` (the
pool connects again by itself on the next use); a server that cannot be reached at start is
tried again for ``connect_wait`` seconds (containers start in any order).

``ShardLease`` holds a session advisory lock per Discord shard the process serves, on a
connection of its own: PostgreSQL lets one session hold each, so two processes never serve
one shard, and the locks go the moment the holder's connection does (see docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Iterable, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from typing import Any, Self

import asyncpg

from bot.config import redact, scrub
from bot.store.dialect import Params, bind
from bot.store.errors import (
    DatabaseUnavailable,
    DatabaseUnusable,
    IntegrityError,
    StoreBusy,
)
from bot.store.schema_postgres import MIGRATIONS

log = logging.getLogger(__name__)

LOCK_SPACE = 0x63617264  # "card": the first key of every advisory lock cardtable takes
_MIGRATING = 1  # second key: held while migrating
_LEASING = 2  # second key: held while a process takes its shards
SCORES_LOCK = 3  # second key: held by a transaction that writes ratings (see ``lock``)
_SHARD_BASE = 1 << 16  # second key of shard s of n: n * _SHARD_BASE + s (n < 32768)
MAX_SHARDS = 32767
COMMAND_TIMEOUT = 30.0  # a statement the server does not answer in this long: unavailable
_LOST = (
    asyncpg.PostgresConnectionError,
    asyncpg.CannotConnectNowError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.TooManyConnectionsError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,  # a connection the server cut while a statement started
    OSError,
    asyncio.TimeoutError,
)


@contextmanager
def _translated() -> Iterator[None]:
    """asyncpg's errors as the store's own."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as exc:
        raise IntegrityError(f"{exc} {exc.detail or ''}".strip()) from exc
    except (asyncpg.LockNotAvailableError, asyncpg.DeadlockDetectedError) as exc:
        raise StoreBusy(f"another process holds a lock this write needs ({exc})") from exc
    except _LOST as exc:
        if isinstance(exc, asyncpg.InterfaceError) and not any(
            word in str(exc)
            for word in ("closed", "released")  # the pool saw it go
        ):
            raise  # a programming error, not a lost connection
        raise DatabaseUnavailable(f"the database server cannot be reached ({exc!r})") from exc


def _numeric(text: str) -> int | float:
    """``numeric`` results (SUM of BIGINT, AVG) as SQLite gives them: int, else float."""
    return int(text) if text.lstrip("-").isdigit() else float(text)


async def _keep_session(conn: asyncpg.Connection) -> None:
    """A connection back in the pool needs no reset beyond asyncpg's own (which rolls back an
    open transaction): nothing here sets, listens to or locks anything for the session. Saves
    a round trip per transaction and per read."""


async def _setup(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec(
        "numeric", encoder=str, decoder=_numeric, schema="pg_catalog", format="text"
    )


class PostgresConnection:
    """Statements on one pooled connection, in one transaction.

    The transaction starts with its first statement; one whose only statement is its last
    (``last``) needs none: a statement alone is atomic and committed by itself, which saves the
    ``BEGIN`` and ``COMMIT`` round trips.
    """

    fuses = True  # data-modifying CTEs: several writes in one statement (``Transaction``)

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn
        self._transaction: Any = None

    async def _begin(self) -> None:
        if self._transaction is None:
            self._transaction = self._conn.transaction()
            with _translated():
                await self._transaction.start()

    async def run(self, sql: str, params: Params = ()) -> None:
        await self._begin()
        text, values = bind(sql, params)
        with _translated():
            await self._conn.execute(text, *values)

    async def one(self, sql: str, params: Params = ()) -> Any:
        await self._begin()
        text, values = bind(sql, params)
        with _translated():
            return await self._conn.fetchrow(text, *values)

    async def last(
        self, sql: str, params: Params = (), first: tuple[str, Params] | None = None
    ) -> Any:
        """The transaction's last statement (its only one, maybe); its first row. ``first``:
        a statement to run just before it (never needed here: ``Transaction`` fuses it)."""
        if first is not None:
            await self.run(*first)
        if self._transaction is not None:
            return await self.one(sql, params)
        text, values = bind(sql, params)
        self._transaction = False  # done: nothing may follow
        with _translated():
            return await self._conn.fetchrow(text, *values)

    async def rows(self, sql: str, params: Params = ()) -> list[Any]:
        await self._begin()
        text, values = bind(sql, params)
        with _translated():
            return await self._conn.fetch(text, *values)

    async def many(self, sql: str, rows: Iterable[Params]) -> None:
        bound = [bind(sql, params) for params in rows]
        if not bound:
            return
        await self._begin()
        with _translated():
            await self._conn.executemany(bound[0][0], [values for _, values in bound])

    async def lock(self, key: int) -> None:
        """Wait for, then hold to the end of the transaction, the advisory lock ``key``."""
        await self.run("SELECT pg_advisory_xact_lock(?, ?)", (LOCK_SPACE, key))

    async def commit(self) -> None:
        if self._transaction:
            with _translated():
                await self._transaction.commit()

    async def abort(self) -> None:
        if self._transaction:
            with suppress(Exception):
                await self._transaction.rollback()


class PostgresBackend:
    """A pool on one PostgreSQL database; see the module docstring."""

    name = "postgres"

    def __init__(self, pool: asyncpg.Pool, url: str, write_wait: float) -> None:
        self._pool = pool
        self.url = url
        self.write_wait = write_wait
        self._closed = False

    @classmethod
    async def open(
        cls, url: str, *, write_wait: float, pool_size: int = 8, connect_wait: float = 30.0
    ) -> Self:
        """Connect (waiting up to ``connect_wait`` for a server starting up) and migrate.

        ``DatabaseUnusable`` with a sentence for the operator when it cannot be used.
        """
        settings = {
            "application_name": "cardtable",
            "lock_timeout": f"{max(1, round(write_wait * 1000))}ms",
            # a process stuck inside a transaction must not hold its table's lock for ever
            "idle_in_transaction_session_timeout": "60s",
        }
        give_up = time.monotonic() + connect_wait
        while True:
            try:
                pool = await asyncpg.create_pool(
                    url,
                    min_size=1,
                    max_size=pool_size,
                    init=_setup,
                    reset=_keep_session,
                    server_settings=settings,
                    command_timeout=COMMAND_TIMEOUT,
                )
                break
            except (OSError, asyncpg.CannotConnectNowError, asyncpg.TooManyConnectionsError) as exc:
                if time.monotonic() >= give_up:
                    raise DatabaseUnusable(
                        f"cannot reach the PostgreSQL server of {redact(url)} "
                        f"({scrub(str(exc), url)}); check "
                        "DATABASE_URL and that the server runs"
                    ) from exc
                log.warning(
                    "PostgreSQL at %s not reachable yet (%s); retrying",
                    redact(url),
                    scrub(str(exc), url),
                )
                await asyncio.sleep(1.0)
            except (asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
                raise DatabaseUnusable(
                    f"cannot open the PostgreSQL database {redact(url)}: {scrub(str(exc), url)}"
                ) from exc
        backend = cls(pool, url, write_wait)
        try:
            await backend._migrate()
        except BaseException as exc:
            await backend.close()
            if isinstance(exc, asyncpg.PostgresError):
                raise DatabaseUnusable(
                    f"the PostgreSQL database {redact(url)} is not a cardtable database, or "
                    f"its schema could not be brought up to date ({scrub(str(exc), url)})"
                ) from exc
            raise
        return backend

    async def _migrate(self) -> None:
        async with self._pool.acquire() as conn:
            while True:
                async with conn.transaction():
                    await conn.execute(
                        "SELECT pg_advisory_xact_lock($1, $2)", LOCK_SPACE, _MIGRATING
                    )
                    await conn.execute(
                        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
                    )
                    version = await conn.fetchval("SELECT max(version) FROM schema_version") or 0
                    if version > len(MIGRATIONS):
                        raise DatabaseUnusable(
                            f"database schema {version} is newer than this program "
                            f"({len(MIGRATIONS)}): run the newer cardtable, or restore an "
                            "older copy of the database"
                        )
                    if version == len(MIGRATIONS):
                        return
                    await conn.execute(MIGRATIONS[version])
                    await conn.execute("DELETE FROM schema_version")
                    await conn.execute("INSERT INTO schema_version VALUES ($1)", version + 1)

    async def schema_version(self) -> int:
        with _translated():
            return int(await self._pool.fetchval("SELECT max(version) FROM schema_version") or 0)

    def check(self) -> None:
        """Nothing to watch: the server keeps its own files."""

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            await asyncio.wait_for(self._pool.close(), timeout=5.0)
        except (TimeoutError, *_LOST):
            self._pool.terminate()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresConnection]:
        """One transaction on a connection of the pool; committed on exit, else rolled back."""
        with _translated():
            conn = await self._pool.acquire()
        try:
            session = PostgresConnection(conn)
            try:
                yield session
            except BaseException:
                await session.abort()
                raise
            await session.commit()
        finally:
            with suppress(Exception):
                await self._pool.release(conn)

    async def read(self, sql: str, params: Params = ()) -> list[Any]:
        text, values = bind(sql, params)
        with _translated():
            return await self._pool.fetch(text, *values)

    async def lease(self, count: int, shards: Iterable[int]) -> ShardLease:
        """A lease on these shards (not taken yet: ``await lease.acquire()``)."""
        return ShardLease(self.url, count, shards)


class ShardLease:
    """Session advisory locks on ``shards`` of ``count``, held on one dedicated connection.

    Taken all at once or not at all (two processes each holding half of what both need would
    wait for ever), and never while a process holds shards of another ``count``: their guilds
    overlap. ``held`` turns False the moment the connection is lost; the locks are gone then.
    """

    def __init__(self, url: str, count: int, shards: Iterable[int]) -> None:
        if not 1 <= count <= MAX_SHARDS:
            raise ValueError(f"the shard count must be 1 to {MAX_SHARDS}, not {count}")
        self.url = url
        self.count = count
        self.shards = tuple(sorted(set(shards)))
        self._conn: asyncpg.Connection | None = None
        self._held = False

    @property
    def held(self) -> bool:
        return self._held and self._conn is not None and not self._conn.is_closed()

    def _key(self, shard: int) -> int:
        return self.count * _SHARD_BASE + shard

    async def try_acquire(self) -> str | None:
        """Take every lock now, or none: None when held, else why not (for the log)."""
        if self.held:
            return None
        await self._drop()
        with _translated():
            conn = await asyncpg.connect(
                self.url, server_settings={"application_name": "cardtable-lease"}
            )
        try:
            with _translated():
                why = await self._take(conn)
        except BaseException:
            await conn.close()
            raise
        if why is not None:
            await conn.close()
            return why
        self._conn, self._held = conn, True
        conn.add_termination_listener(self._lost)
        return None

    async def _take(self, conn: asyncpg.Connection) -> str | None:
        await conn.execute("SELECT pg_advisory_lock($1, $2)", LOCK_SPACE, _LEASING)
        try:
            other = await conn.fetchval(
                "SELECT min(objid::bigint / $2) FROM pg_locks WHERE locktype = 'advisory' "
                "AND granted AND classid = $1::oid AND objsubid = 2 AND objid::bigint >= $2 "
                "AND objid::bigint / $2 <> $3 AND pid <> pg_backend_pid()",
                LOCK_SPACE,
                _SHARD_BASE,
                self.count,
            )
            if other is not None:
                return f"a process still serves shards of a shard count of {other}"
            taken = []
            for shard in self.shards:
                if not await conn.fetchval(
                    "SELECT pg_try_advisory_lock($1, $2)", LOCK_SPACE, self._key(shard)
                ):
                    for done in taken:
                        await conn.execute(
                            "SELECT pg_advisory_unlock($1, $2)", LOCK_SPACE, self._key(done)
                        )
                    return f"another process serves shard {shard} of {self.count}"
                taken.append(shard)
            return None
        finally:
            await conn.execute("SELECT pg_advisory_unlock($1, $2)", LOCK_SPACE, _LEASING)

    async def acquire(self, wait: float | None = None, every: float = 0.25) -> None:
        """Wait until every lock is held (``TimeoutError`` after ``wait`` seconds if given).

        A server that cannot be reached counts as a lock not had yet: it is tried again.
        """
        give_up = None if wait is None else time.monotonic() + wait
        logged = None
        while True:
            try:
                why = await self.try_acquire()
            except DatabaseUnavailable as exc:
                why = str(exc)
            if why is None:
                if logged is not None:
                    log.warning("shards %s of %s are ours now", self.shards, self.count)
                return
            if why != logged:
                log.warning("waiting to serve shards %s of %s: %s", self.shards, self.count, why)
                logged = why
            if give_up is not None and time.monotonic() >= give_up:
                raise TimeoutError(f"shards {self.shards} of {self.count}: {why}")
            await asyncio.sleep(every)

    async def check(self) -> bool:
        """Whether the locks are still held (asks the server: a dead link shows here)."""
        if not self.held:
            return False
        assert self._conn is not None
        try:
            with _translated():
                await self._conn.fetchval("SELECT 1", timeout=5.0)
        except DatabaseUnavailable:
            self._lost(self._conn)
        return self.held

    def _lost(self, conn: object) -> None:
        if self._held:
            log.error("lost the lease on shards %s of %s: serving stops", self.shards, self.count)
        self._held = False

    async def _drop(self) -> None:
        conn, self._conn, self._held = self._conn, None, False
        if conn is not None and not conn.is_closed():
            with suppress(Exception):
                await asyncio.wait_for(conn.close(), timeout=5.0)
        elif conn is not None:
            conn.terminate()

    async def release(self) -> None:
        """Give the shards up (closing the connection lets every lock go at once)."""
        await self._drop()
