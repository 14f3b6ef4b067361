"""``Store``: opening a database and reading tables, seats, hands and the log, for both.

Writes go through ``Transaction`` (``bot/store/transaction.py``), the score queries live in
``bot/store/scores.py`` and ``bot/store/hand_history.py``.

``Store.open(database)`` takes a SQLite path (the default, ``bot/store/sqlite.py``) or a
``postgresql://`` URL (``bot/store/postgres.py``). The queries here are written once, in the
SQL both accept (``bot/store/dialect.py`` says what that is); each backend runs them its own
way and turns its driver's errors into the store's (``bot/store/errors.py``).

Every write happens inside ``transaction()``: committed together on exit, or none of it.
A write to a live table claims it (``claim_table``): the table's version must still be the one
the caller read, else ``StaleTable`` (another process wrote the table meanwhile) and nothing is
written. The check is the transaction's last statement, one ``UPDATE`` with the table's other
changes; on PostgreSQL it waits for, then holds to the commit, the row's lock, so of two
processes writing one table the second always finds the first's version (and an action both
log at one place in the hand meets the log's key first: ``StaleTable`` too).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Protocol, Self

from bot.config import is_postgres_url
from bot.store.dialect import Params
from bot.store.postgres import PostgresBackend, ShardLease
from bot.store.records import (
    ActiveTable,
    HandRow,
    ScoreLine,
    SeatRow,
    TableRow,
)
from bot.store.scores import ScoreReads
from bot.store.shards import ALL_GUILDS, Shards
from bot.store.sqlite import SqliteBackend
from bot.store.transaction import Transaction

_TABLE_COLUMNS = (
    "id, guild_id, channel_id, thread_id, message_id, game, settings, language, status, "
    "creator_id, created_at, hand_id, hands_done, deadline, reminder_at, reminder_sent, "
    "closing, end_vote, take_back, version, queue"
)
WRITE_WAIT = 2.0  # seconds a write keeps waiting for a lock held by another process


class Backend(Protocol):
    name: str
    write_wait: float

    def transaction(self) -> Any: ...  # an async context manager giving a Connection
    async def read(self, sql: str, params: Params = ()) -> list[Any]: ...
    async def schema_version(self) -> int: ...
    def check(self) -> None: ...
    async def close(self) -> None: ...


def _table_row(row: Any) -> TableRow:
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
        version=row[19],
        queue=tuple((user, name) for user, name in json.loads(row[20] or "[]")),
    )


class Store(ScoreReads):
    """The database of the bot: ``await Store.open(path_or_url)``, close when done."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    @classmethod
    async def open(
        cls,
        database: str | Path,
        *,
        write_wait: float = WRITE_WAIT,
        pool_size: int = 8,
        connect_wait: float = 30.0,
    ) -> Self:
        """Open (creating if needed) and migrate the database.

        ``database`` is a SQLite file path, or a ``postgresql://`` URL (``pool_size``
        connections at most; a server not up yet is waited for ``connect_wait`` seconds).
        ``DatabaseUnusable`` when it cannot be used; its message is meant for the operator.
        """
        backend: Backend
        if is_postgres_url(database):
            backend = await PostgresBackend.open(
                str(database),
                write_wait=write_wait,
                pool_size=pool_size,
                connect_wait=connect_wait,
            )
        else:
            backend = await SqliteBackend.open(database, write_wait=write_wait)
        return cls(backend)

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgres"``."""
        return self._backend.name

    def check(self) -> None:
        """``DatabaseGone`` if the SQLite file was deleted or replaced since it was opened."""
        self._backend.check()

    async def lease(self, shards: Shards) -> ShardLease | None:
        """A lease on ``shards`` for this process (PostgreSQL; SQLite serves one process)."""
        if isinstance(self._backend, PostgresBackend):
            return await self._backend.lease(shards.count, shards.ids)
        return None

    async def close(self) -> None:
        """Close the connection(s) (a second call does nothing)."""
        await self._backend.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        return await self._backend.schema_version()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """All writes of one step; committed together on exit, or none of them.

        ``StoreBusy`` if another process keeps a lock it needs past ``write_wait`` (nothing
        was written); ``DatabaseGone`` if the SQLite file was replaced, before the start or
        after the commit (then the commit went into a file nobody will read again);
        ``DatabaseUnavailable`` if the server could not be reached (the commit may or may not
        have happened: read back before telling anyone).
        """
        async with self._backend.transaction() as conn:
            transaction = Transaction(conn)
            yield transaction
            await transaction.finish()

    async def _all(self, sql: str, params: Params = ()) -> list[Any]:
        return await self._backend.read(sql, params)

    # -- reads ---------------------------------------------------------------------------

    async def action_exists(self, action_id: str) -> bool:
        rows = await self._all("SELECT 1 FROM actions WHERE action_id = ?", (action_id,))
        return bool(rows)

    async def active_table_ids(self, shards: Shards = ALL_GUILDS) -> list[int]:
        """The ids of every table not ended in the guilds of ``shards`` (start-up loads each
        on its own if need be)."""
        mine, params = shards.where("guild_id")
        rows = await self._all(
            f"SELECT id FROM tables WHERE status != 'ended' AND {mine} ORDER BY id", params
        )
        return [row[0] for row in rows]

    async def state(self, key: str) -> str | None:
        """What ``Transaction.set_state`` kept under ``key``, or None."""
        rows = await self._all("SELECT value FROM bot_state WHERE key = ?", (key,))
        return rows[0][0] if rows else None

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

    async def user_settings(self, user_id: int) -> tuple[str | None, str | None]:
        """The player's turn pings (JSON) and language, each None where never set."""
        rows = await self._all(
            "SELECT pings, language FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return (rows[0][0], rows[0][1]) if rows else (None, None)

    async def languages(self) -> dict[int, str]:
        """Every player's chosen language (those who chose one)."""
        rows = await self._all(
            "SELECT user_id, language FROM user_settings WHERE language IS NOT NULL"
        )
        return {int(user): str(language) for user, language in rows}

    async def has_hands(self, guild_id: int, user_id: int) -> bool:
        """Whether the user has a hand in this server's ledger (finished or void)."""
        rows = await self._all(
            "SELECT 1 FROM ledger WHERE guild_id = ? AND user_id = ? LIMIT 1", (guild_id, user_id)
        )
        return bool(rows)

    async def table(self, table_id: int) -> TableRow | None:
        rows = await self._all(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        return _table_row(rows[0]) if rows else None

    async def active_tables(
        self, table_id: int | None = None, shards: Shards = ALL_GUILDS
    ) -> list[ActiveTable]:
        """Every table not ended in the guilds of ``shards`` (or just ``table_id``), with
        seats and its latest hand's log.

        A few bulk queries whatever the number of tables, so recovery stays fast. One table is
        read through its keys only (no scan), so a damaged page elsewhere does not stop it.
        """
        if table_id is None:
            mine, params = shards.where("t.guild_id")
            return await self._records(f"t.status != 'ended' AND {mine}", params)
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

    async def table_score(self, table_id: int) -> list[ScoreLine]:
        """Each player's total at this table, best first; bots are told apart by seat."""
        rows = await self._all(
            "SELECT user_id, CASE WHEN user_id IS NULL THEN seat END AS bot_seat, "
            "MAX(name), SUM(delta), COUNT(*) FROM ledger WHERE table_id = ? "
            "GROUP BY user_id, bot_seat ORDER BY SUM(delta) DESC, MIN(seat)",
            (table_id,),
        )
        return [ScoreLine(u, s, n, total, hands) for u, s, n, total, hands in rows]
