"""The one module that speaks SQL (the score queries aside), for both databases.

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
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Protocol, Self

from bot.store.dialect import Params
from bot.store.errors import DuplicateActionId, IntegrityError, StaleTable
from bot.store.postgres import SCORES_LOCK, PostgresBackend, ShardLease, is_postgres_url
from bot.store.records import (
    ActiveTable,
    HandRow,
    LedgerEntry,
    ScoreLine,
    SeatRow,
    TableRow,
)
from bot.store.scores import ScoreReads, ScoreWrites
from bot.store.shards import ALL_GUILDS, Shards
from bot.store.sqlite import SqliteBackend

_TABLE_COLUMNS = (
    "id, guild_id, channel_id, thread_id, message_id, game, settings, language, status, "
    "creator_id, created_at, hand_id, hands_done, deadline, reminder_at, reminder_sent, "
    "closing, end_vote, take_back, version"
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
_LOG = "INSERT INTO actions (hand_id, seq, action_id, seat, action, at) VALUES (?, ?, ?, ?, ?, ?)"
WRITE_WAIT = 2.0  # seconds a write keeps waiting for a lock held by another process


class Connection(Protocol):
    """What a backend's transaction offers: statements with ``?`` / ``:name`` parameters."""

    fuses: bool  # accepts several writes in one statement (data-modifying CTEs)

    async def run(self, sql: str, params: Params = ()) -> None: ...
    async def one(self, sql: str, params: Params = ()) -> Any: ...
    async def last(self, sql: str, params: Params = ()) -> Any: ...
    async def rows(self, sql: str, params: Params = ()) -> list[Any]: ...
    async def many(self, sql: str, rows: Iterable[Params]) -> None: ...
    async def lock(self, key: int) -> None: ...


class Backend(Protocol):
    name: str
    write_wait: float

    def transaction(self) -> Any: ...  # an async context manager giving a Connection
    async def read(self, sql: str, params: Params = ()) -> list[Any]: ...
    async def schema_version(self) -> int: ...
    def check(self) -> None: ...
    async def close(self) -> None: ...


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


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
    )


class Transaction(ScoreWrites):
    """Writes inside one open transaction; obtained from ``Store.transaction()``."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self._claim: tuple[int, int, dict[str, Any]] | None = None  # table, version, changes
        self._action: tuple[Any, ...] | None = None  # an action to log with the claim

    async def _run(self, sql: str, params: Params = ()) -> None:
        await self._flush()
        await self._conn.run(sql, params)

    async def _one(self, sql: str, params: Params = ()) -> Any:
        await self._flush()
        return await self._conn.one(sql, params)

    async def _rows(self, sql: str, params: Params = ()) -> list[Any]:
        await self._flush()
        return await self._conn.rows(sql, params)

    async def _many(self, sql: str, rows: Iterable[Params]) -> None:
        await self._flush()
        await self._conn.many(sql, rows)

    async def _flush(self) -> None:
        """Log the action kept for the claim's statement: another statement comes first."""
        if self._action is not None:
            action, self._action = self._action, None
            await self._log(self._conn.run, _LOG, action, action[2])

    @staticmethod
    async def _log(run: Any, sql: str, params: tuple[Any, ...], action_id: str) -> Any:
        """``run`` a statement that logs action ``action_id``, its key violations as the
        store's errors."""
        try:
            return await run(sql, params)
        except IntegrityError as exc:
            if "action_id" in str(exc):
                raise DuplicateActionId(action_id) from exc
            if "seq" in str(exc):
                raise StaleTable(None) from exc
            raise

    async def lock_scores(self) -> None:
        """Hold the lock of score writes to the commit: hands are rated one at a time, in the
        order they are settled, whichever process settles them (two hands of one player rated
        at once would lose one update). Free on SQLite: writes take turns there anyway."""
        await self._conn.lock(SCORES_LOCK)

    def claim_table(self, table_id: int, version: int) -> None:
        """This transaction writes the live table ``table_id`` read at ``version``: at the end
        its version is bumped if it is still ``version``, else ``StaleTable`` (see the module
        docstring). Its ``update_table`` changes go into that same statement."""
        self._claim = (table_id, version, {})

    async def finish(self) -> None:
        """The claim's check and bump, with the claimed table's changes (``Store`` calls it
        just before the commit). On PostgreSQL an action kept for it is logged in the same
        statement, only if the claim holds: a move is one statement, committed by itself."""
        if self._claim is None:
            await self._flush()
            return
        table_id, version, changes = self._claim
        self._claim = None
        sets = "".join(f", {name} = ?" for name in changes)
        claim = (
            f"UPDATE tables SET version = version + 1{sets} WHERE id = ? AND version = ? "
            "RETURNING id"
        )
        params = (*changes.values(), table_id, version)
        if self._action is not None and self._conn.fuses:
            action, self._action = self._action, None
            row = await self._log(
                self._conn.last,
                f"WITH claimed AS ({claim}) INSERT INTO actions (hand_id, seq, action_id, seat, "
                "action, at) SELECT ?, ?, ?, ?, ?, ? FROM claimed RETURNING hand_id",
                (*params, *action),
                action[2],
            )
        else:
            await self._flush()
            row = await self._conn.last(claim, params)
        if row is None:
            raise StaleTable(table_id)

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
        row = await self._one(
            "INSERT INTO tables (guild_id, channel_id, game, settings, language, status, "
            "creator_id, created_at) VALUES (?, ?, ?, ?, ?, 'waiting', ?, ?) RETURNING id",
            (guild_id, channel_id, game, _dumps(settings), language, creator_id, created_at),
        )
        return int(row[0])

    async def update_table(self, table_id: int, **fields: Any) -> None:
        """Set columns of one table row; ``settings`` is given as a dict."""
        unknown = set(fields) - _UPDATABLE
        if unknown:
            raise ValueError(f"not updatable: {sorted(unknown)}")
        for name in ("settings", "end_vote", "take_back"):
            if fields.get(name) is not None:
                fields[name] = _dumps(fields[name])
        if self._claim is not None and self._claim[0] == table_id:
            self._claim[2].update(fields)  # written with the claim, at the end
            return
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await self._run(
            f"UPDATE tables SET {assignments} WHERE id = ?", (*fields.values(), table_id)
        )

    async def put_seat(self, table_id: int, seat: int, user_id: int | None, name: str) -> None:
        """Seat ``user_id`` (None: a bot), with the seat's flags cleared."""
        await self._run(
            "INSERT INTO seats (table_id, seat, user_id, name, missed, autoplay) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE SET "
            "user_id = excluded.user_id, name = excluded.name, missed = excluded.missed, "
            "autoplay = excluded.autoplay",
            (table_id, seat, user_id, name, False, False),
        )

    async def clear_seat(self, table_id: int, seat: int) -> None:
        await self._run("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))

    async def set_seat_flags(
        self, table_id: int, seat: int, *, missed: bool, autoplay: bool
    ) -> None:
        await self._run(
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
        row = await self._one(
            "INSERT INTO hands (table_id, number, start, started_at, seated) "
            "VALUES (?, ?, ?, ?, ?) RETURNING id",
            (table_id, number, _dumps(start), started_at, _dumps(list(seated))),
        )
        return int(row[0])

    async def finish_hand(
        self, hand_id: int, outcome: str, result: dict[str, Any] | None, ended_at: float
    ) -> None:
        await self._run(
            "UPDATE hands SET outcome = ?, result = ?, ended_at = ? WHERE id = ?",
            (outcome, None if result is None else _dumps(result), ended_at, hand_id),
        )

    async def append_action(
        self, hand_id: int, seq: int, action_id: str, seat: int, action: dict[str, Any], at: float
    ) -> None:
        """Append to the log: ``DuplicateActionId`` if ``action_id`` was logged before,
        ``StaleTable`` if the hand's log has an action ``seq`` already (written elsewhere).
        In a claiming transaction it is written with the claim (or before the next statement),
        and these are raised then."""
        params = (hand_id, seq, action_id, seat, _dumps(action), at)
        await self._flush()
        if self._claim is not None:
            self._action = params
            return
        await self._log(self._conn.run, _LOG, params, action_id)

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
        await self._many(
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
                    bool(e.void),
                    bool(e.won),
                    bool(e.left_hand),
                    bool(e.double_kou_for),
                    bool(e.double_kou_against),
                    bool(e.dealer_made),
                    bool(e.dealer_failed),
                    at,
                )
                for e in entries
            ],
        )

    async def set_four_colour(self, user_id: int, on: bool) -> None:
        """The player's card colours in their own pictures (``four_colour``)."""
        await self._run(
            "INSERT INTO user_settings (user_id, four_colour) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET four_colour = excluded.four_colour",
            (user_id, bool(on)),
        )

    async def set_min_ranked_hands(self, guild_id: int, hands: int) -> None:
        await self._run(
            "INSERT INTO guild_settings (guild_id, min_ranked_hands) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET min_ranked_hands = excluded.min_ranked_hands",
            (guild_id, hands),
        )

    async def set_state(self, key: str, value: str) -> None:
        """Remember ``value`` under ``key`` (the bot's own bookkeeping, e.g. command sync)."""
        await self._run(
            "INSERT INTO bot_state (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
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
